//! The `chess960` command: show, look up, convert, draw and list Chess960
//! start positions.

#![warn(clippy::unwrap_used, clippy::expect_used)]

mod commands;
mod details;
mod diagram;
mod failure;
mod json;
mod query;
mod style;

use clap::{Parser, Subcommand};
use commands::{convert, dice, games, random, show, table, tables};
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
    show: show::ShowOptions,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Show a start position: diagram, FEN, numbers and castling.
    Show(show::ShowArgs),
    /// Convert positions to another notation, one per line. Reads standard
    /// input, one position per line, when no position is given.
    Convert(convert::ConvertArgs),
    /// Draw positions uniformly at random, one per line (`id rank`).
    Random(random::RandomArgs),
    /// Turn a draw made by hand with dice, coins or cards into its position.
    ///
    /// Give every outcome in the order it came, repeated throws included:
    /// `chess960 dice althofer-die 2-3-3-2-3`,
    /// `chess960 dice one-coin-binary THTTHHHHTT`,
    /// `chess960 dice fourteen-cards RcNfQaRNbRdegh`.
    Dice(dice::DiceArgs),
    /// List all 960 positions, one row each: id, rank, X-FEN, Shredder-FEN,
    /// mirror, Fritz 9 number and more.
    Table(table::TableArgs),
    /// Print the reference texts' tables (King's, Bishop's, NQ-skeleton, KRN,
    /// Fritz 9), generated from the library.
    Tables(tables::TablesArgs),
    /// Read PGN game records: the start position of each game and how each
    /// start scored (exit status 2 when any record was skipped).
    Games(games::GamesArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = std::io::stdout().lock();
    let result = match cli.command {
        Some(Command::Show(args)) => show::run(&args, &mut out),
        Some(Command::Convert(args)) => convert::run(&args, &mut out),
        Some(Command::Random(args)) => random::run(&args, &mut out),
        Some(Command::Dice(args)) => dice::run(&args, &mut out),
        Some(Command::Table(args)) => table::run(&args, &mut out),
        Some(Command::Tables(args)) => tables::run(&args, &mut out),
        Some(Command::Games(args)) => games::run(&args, &mut out),
        None => match cli.position {
            Some(position) => show::run(
                &show::ShowArgs {
                    position,
                    options: cli.show,
                },
                &mut out,
            ),
            None => Err(Failure::input(
                "no position given: try `chess960 518`, or `chess960 --help`",
            )),
        },
    };
    match result.and_then(|()| Ok(out.flush()?)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            if !failure.is_silent() {
                eprintln!("chess960: {failure}");
            }
            failure.exit_code()
        }
    }
}
