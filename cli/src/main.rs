//! The `chess960` command: show, look up, convert, draw and list Chess960
//! start positions.

#![warn(clippy::unwrap_used, clippy::expect_used)]

mod commands;
mod details;
mod diagram;
mod echo;
mod failure;
mod json;
mod output;
mod query;
mod skips;
mod style;
mod suggest;
mod usage;

use clap::{CommandFactory as _, Parser, Subcommand};
use commands::{
    book, completions, convert, dice, explorer, games, manpage, random, show, table, tables,
};
use failure::Failure;
use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

/// Chess960 start positions by Scharnagl's numbering (0..=959, 518 is RNBQKBNR).
///
/// `chess960 518` or `chess960 RNBQKBNR` shows a position; the subcommands
/// below do the rest. Bad input prints one line on standard error and exits
/// with code 2; output that cannot be written exits with code 1.
///
/// `--json` writes one JSON document where a command has one result (show,
/// dice) and JSON Lines, one compact object a line, where it writes a
/// stream (random, convert --to json, table --format jsonl).
#[derive(Parser, Debug)]
#[command(name = "chess960", version, args_conflicts_with_subcommands = true)]
struct Cli {
    /// A position to show: an id (0..=959, or SP518), a back rank such as
    /// RNBQKBNR (rnbqkbnr for Black's) or a start FEN, also of a double
    /// Chess960 start or one with rules changed.
    #[arg(allow_negative_numbers = true, value_name = "POSITION")]
    position: Option<String>,

    /// More positions: refused with a plain word, `chess960` shows one.
    #[arg(allow_negative_numbers = true, hide = true)]
    more: Vec<String>,

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
    /// Write an opening book for engine testing: the 960 starts (Stockfish
    /// testing's `FRC_openings.epd`) or, with --double, the 921,600 double
    /// Chess960 starts (`DFRC_openings.epd`), one a line, as EPD or PGN;
    /// a selection, a seeded sample or a seeded shuffle of them.
    Book(Box<book::BookArgs>),
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
    Games(Box<games::GamesArgs>),
    /// The opening explorer: index games into a db, merge dbs, ask one,
    /// serve one.
    Explorer(explorer::ExplorerArgs),
    /// Print the shell completion script for bash, zsh, fish, elvish or
    /// PowerShell.
    ///
    /// Install it where the shell looks, for the current user:
    /// `chess960 completions bash > ~/.local/share/bash-completion/completions/chess960`;
    /// `chess960 completions zsh > ~/.zfunc/_chess960` (with `fpath+=~/.zfunc`
    /// before `compinit` in ~/.zshrc);
    /// `chess960 completions fish > ~/.config/fish/completions/chess960.fish`;
    /// `chess960 completions elvish >> ~/.config/elvish/rc.elv`;
    /// `chess960 completions powershell >> $PROFILE`.
    Completions(completions::CompletionsArgs),
    /// Print the manual page chess960(1) in roff, or write the pages of
    /// every command to a directory.
    ///
    /// `chess960 manpage --dir ~/.local/share/man/man1` installs them for the
    /// current user; `man chess960` and `man chess960-convert` then read them.
    Manpage(manpage::ManpageArgs),
}

/// The definition of the whole command line, for completions and manual
/// pages.
pub(crate) fn definition() -> clap::Command {
    Cli::command()
}

/// The names a first word may be meant as: every command and `help`.
fn command_names() -> Vec<String> {
    definition()
        .get_subcommands()
        .map(|command| command.get_name().to_owned())
        .chain(["help".to_owned()])
        .collect()
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let names = command_names();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(error) => {
            return match usage::handle(&error, &args, &names) {
                Ok(()) => ExitCode::SUCCESS,
                Err(failure) => failure.report(),
            };
        }
    };
    let mut out = output::Output::stdout();
    // Flushed before any failure is said, so that what was written comes
    // first, as it did line by line.
    let ran = run(cli, &names, &mut out);
    let flushed = out.flush();
    match ran.and_then(|()| Ok(flushed?)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}

/// Runs the command `cli` names, writing its output to `out`.
fn run(cli: Cli, names: &[&str], out: &mut dyn Write) -> Result<(), Failure> {
    match cli.command {
        Some(Command::Show(args)) => show::run(&args, out),
        Some(Command::Convert(args)) => convert::run(&args, out),
        Some(Command::Random(args)) => random::run(&args, out),
        Some(Command::Book(args)) => book::run(&args, out),
        Some(Command::Dice(args)) => dice::run(&args, out),
        Some(Command::Table(args)) => table::run(&args, out),
        Some(Command::Tables(args)) => tables::run(&args, out),
        Some(Command::Completions(args)) => completions::run(&args, &mut definition(), out),
        Some(Command::Manpage(args)) => manpage::run(&args, definition(), out),
        Some(Command::Games(args)) => games::run(&args, out),
        Some(Command::Explorer(args)) => explorer::run(&args, out),
        None => {
            let Some(position) = cli.position else {
                return Err(Failure::input(
                    "no position given: try `chess960 518`, or `chess960 --help`",
                ));
            };
            if let Err(failure) = query::identify(&position) {
                return Err(match suggest::command(&position, names) {
                    Some(name) => Failure::input(usage::unknown_command(&position, name)),
                    None => failure,
                });
            }
            if !cli.more.is_empty() {
                return Err(Failure::input(format!(
                    "`chess960 POSITION` shows one position at a time, but {} were given (the first {}): show each, or list them all with `chess960 convert --to rank POSITION...`",
                    cli.more.len() + 1,
                    echo::quoted(&position)
                )));
            }
            show::run(
                &show::ShowArgs {
                    position,
                    options: cli.show,
                },
                out,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::definition;
    use crate::commands::completions::{self, CompletionsArgs};
    use crate::commands::manpage::{self, ManpageArgs};
    use clap_complete::Shell;

    #[test]
    fn every_shell_gets_a_script_naming_the_commands() {
        for shell in [
            Shell::Bash,
            Shell::Zsh,
            Shell::Fish,
            Shell::Elvish,
            Shell::PowerShell,
        ] {
            let mut out = Vec::new();
            completions::run(&CompletionsArgs { shell }, &mut definition(), &mut out).unwrap();
            let script = String::from_utf8(out).unwrap();
            for word in ["chess960", "convert", "keep-going", "completions"] {
                assert!(script.contains(word), "{shell}: {word}");
            }
        }
    }

    #[test]
    fn the_page_names_the_command_and_its_subcommands() {
        let mut out = Vec::new();
        manpage::run(&ManpageArgs { dir: None }, definition(), &mut out).unwrap();
        let page = String::from_utf8(out).unwrap();
        assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{}", &page[..80]);
        assert!(page.contains(".TH chess960 1"), "{page}");
        for command in ["convert", "random", "dice", "completions"] {
            assert!(
                page.contains(&format!("chess960\\-{command}(1)")),
                "{command}"
            );
        }
    }
}
