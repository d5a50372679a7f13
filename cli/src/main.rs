//! The `chess960` command: show, look up, convert, draw and list Chess960
//! start positions.

#![warn(clippy::unwrap_used, clippy::expect_used)]

mod convert;
mod diagram;
mod dice;
mod failure;
mod query;
mod random;
mod show;
mod style;
mod table;
mod tables;

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
    /// A position to show: an id (0..=959, or SP518), a back rank such as
    /// RNBQKBNR (rnbqkbnr for Black's) or a start FEN.
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
    /// When to colour the diagram: on a terminal without NO_COLOR (auto),
    /// always or never.
    #[arg(long, value_enum, default_value = "auto")]
    color: style::ColourChoice,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Show a start position: diagram, FEN, numbers and castling.
    Show {
        /// An id (0..=959, or SP518), a back rank such as RNBQKBNR or a start FEN.
        #[arg(allow_negative_numbers = true, value_name = "POSITION")]
        position: String,
        #[command(flatten)]
        options: ShowOptions,
    },
    /// Convert positions to another notation, one per line. Reads standard
    /// input, one position per line, when no position is given.
    Convert {
        /// How to read the input.
        #[arg(long, value_enum, default_value = "auto")]
        from: convert::Source,
        /// The notation to write.
        #[arg(long, value_enum, default_value = "id")]
        to: convert::Notation,
        /// Ids or ranks to convert; none means: read standard input.
        #[arg(allow_negative_numbers = true, value_name = "POSITION")]
        positions: Vec<String>,
    },
    /// Draw positions uniformly at random, one per line (`id rank`).
    Random {
        /// How many positions to draw.
        #[arg(long, short = 'n', default_value_t = 1)]
        count: u64,
        /// Seed for a reproducible draw (ChaCha8); without it the operating
        /// system's random number generator seeds the draw.
        #[arg(long)]
        seed: Option<u64>,
        /// Positions never to draw, ids or ranks separated by commas
        /// (`--exclude 518` plays "Chess959").
        #[arg(long, value_name = "POSITIONS")]
        exclude: Vec<String>,
        /// Print JSON for scripts instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Turn a draw made by hand with dice, coins or cards into its position.
    ///
    /// Give every outcome in the order it came, repeated throws included:
    /// `chess960 dice die 2-3-3-2-3`, `chess960 dice one-coin THTTHHHHTT`,
    /// `chess960 dice cards RcNfQaRNbRdegh`.
    Dice {
        /// The procedure used.
        #[arg(value_enum)]
        method: dice::Method,
        /// The outcomes in order: die faces (2-3-3-2-3), coins (H/T) or
        /// cards (files a-h and N, Q, R).
        #[arg(required = true, allow_hyphen_values = true)]
        outcomes: Vec<String>,
    },
    /// List all 960 positions, one row each: id, rank, X-FEN, Shredder-FEN,
    /// mirror, Fritz 9 number and more.
    Table {
        /// The output format.
        #[arg(long, value_enum, default_value = "tsv")]
        format: table::Format,
    },
    /// Print the reference texts' tables (King's, Bishop's, NQ-skeleton, KRN,
    /// Fritz 9), generated from the library.
    Tables {
        /// Only these tables.
        #[arg(value_enum)]
        tables: Vec<tables::Table>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Show { position, options }) => show(&position, options),
        Some(Command::Convert {
            from,
            to,
            positions,
        }) => convert::run(
            from,
            to,
            &positions,
            std::io::stdin().lock(),
            &mut std::io::stdout().lock(),
        ),
        Some(Command::Random {
            count,
            seed,
            exclude,
            json,
        }) => random(count, seed, &exclude, json),
        Some(Command::Dice { method, outcomes }) => dice::run(method, &outcomes)
            .and_then(|position| print(&format!("{} {position}\n", position.id()))),
        Some(Command::Table { format }) => table::run(format).and_then(|table| print(&table)),
        Some(Command::Tables { tables }) => print(&tables::run(&tables)),
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
            if !failure.is_silent() {
                eprintln!("chess960: {failure}");
            }
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
        print(&to_json(&show::Details::of(position))?)
    } else {
        let style = diagram::Style {
            ascii: options.ascii,
            colour: options.color.on_stdout(),
        };
        print(&show::text(position, style))
    }
}

fn random(count: u64, seed: Option<u64>, exclude: &[String], json: bool) -> Result<(), Failure> {
    let excluded = random::excluded(exclude)?;
    let mut stdout = std::io::stdout().lock();
    // Each draw is written as it is made, so a huge count streams.
    if json {
        let mut first = true;
        random::draw(count, seed, &excluded, |position| {
            let object = serde_json::to_string_pretty(&show::Details::of(position))
                .map_err(|error| Failure::internal(error.to_string()))?;
            let separator = if first { "[\n" } else { ",\n" };
            first = false;
            Ok(write!(stdout, "{separator}{object}")?)
        })?;
        writeln!(stdout, "{}", if first { "[]" } else { "\n]" })?;
    } else {
        random::draw(count, seed, &excluded, |position| {
            Ok(writeln!(stdout, "{} {position}", position.id())?)
        })?;
    }
    Ok(stdout.flush()?)
}

/// Pretty JSON and a final newline.
fn to_json(value: &impl serde::Serialize) -> Result<String, Failure> {
    serde_json::to_string_pretty(value)
        .map(|json| json + "\n")
        .map_err(|error| Failure::internal(error.to_string()))
}
