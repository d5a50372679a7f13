//! The `chess960` command: show, look up, convert, draw and list Chess960
//! start positions.

#![warn(clippy::unwrap_used, clippy::expect_used)]

mod convert;
mod diagram;
mod failure;
mod query;
mod show;
mod style;

use clap::{Args, Parser, Subcommand};
use failure::Failure;
use std::io::Write as _;
use std::process::ExitCode;

/// Chess960 start positions by Scharnagl's numbering (0..=959, 518 is RNBQKBNR).
///
/// `chess960 518` or `chess960 RNBQKBNR` shows a position; the subcommands
/// below do the rest. Bad input prints one line on standard error and exits
/// with code 2.
#[derive(Parser, Debug)]
#[command(name = "chess960", version, args_conflicts_with_subcommands = true)]
struct Cli {
    /// A position to show: an id (0..=959, or SP518) or a back rank such as
    /// RNBQKBNR (rnbqkbnr for Black's).
    #[arg(allow_negative_numbers = true, value_name = "POSITION")]
    position: Option<String>,

    #[command(flatten)]
    show: ShowOptions,

    #[command(subcommand)]
    command: Option<Command>,
}

/// How `show` prints a position.
#[derive(Args, Debug, Clone, Copy)]
struct ShowOptions {
    /// Draw the diagram with letters instead of chess symbols.
    #[arg(long)]
    ascii: bool,
    /// Print JSON for scripts instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Show a start position: diagram, FEN, numbers and castling.
    Show {
        /// An id (0..=959, or SP518) or a back rank such as RNBQKBNR.
        #[arg(allow_negative_numbers = true, value_name = "POSITION")]
        position: String,
        #[command(flatten)]
        options: ShowOptions,
    },
    /// Convert positions to another notation, one per line. Reads standard
    /// input, one position per line, when no position is given.
    Convert {
        /// The notation to write.
        #[arg(long, value_enum, default_value = "id")]
        to: convert::Notation,
        /// Ids or ranks to convert; none means: read standard input.
        #[arg(allow_negative_numbers = true, value_name = "POSITION")]
        positions: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Show { position, options }) => show(&position, options),
        Some(Command::Convert { to, positions }) => convert::run(
            to,
            &positions,
            std::io::stdin().lock(),
            &mut std::io::stdout().lock(),
        ),
        None => match cli.position {
            Some(position) => show(&position, cli.show),
            None => Err(Failure::input(
                "no position given: try `chess960 518`, or `chess960 --help`",
            )),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("chess960: {failure}");
            failure.exit_code()
        }
    }
}

/// Writes `text` to standard output.
fn print(text: &str) -> Result<(), Failure> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

fn show(query: &str, options: ShowOptions) -> Result<(), Failure> {
    let position = query::parse_position(query)?;
    if options.json {
        let json = serde_json::to_string_pretty(&show::Details::of(position))
            .map_err(|error| Failure::input(error.to_string()))?;
        print(&(json + "\n"))
    } else {
        let style = diagram::Style {
            ascii: options.ascii,
            colour: style::colour_on_stdout(),
        };
        print(&show::text(position, style))
    }
}
