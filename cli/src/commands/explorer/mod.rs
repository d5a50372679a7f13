//! `chess960 explorer`: the opening explorer's db, made from game
//! archives (`index`), merged from dbs made apart (`merge`), asked
//! (`query`) and served over HTTP (`serve`). A thin layer over the
//! `chess960-explorer` crate.

mod analyse;
mod evals;
mod games;
mod index;
mod merge;
mod query;
pub(crate) mod serve;

use crate::failure::Failure;
use clap::{Args, Subcommand};
use std::io::Write;

/// The arguments of `chess960 explorer`.
#[derive(Args, Debug)]
pub(crate) struct ExplorerArgs {
    #[command(subcommand)]
    command: ExplorerCommand,
}

#[derive(Subcommand, Debug)]
enum ExplorerCommand {
    /// Index games into a db: for each of a game's first N plies, the move
    /// played, added to the position it was played from (exit status 2
    /// when any record or input was skipped).
    Index(Box<index::IndexArgs>),
    /// Ask a db about a position: totals, the moves played most first,
    /// top-rated and recent games.
    Query(query::QueryArgs),
    /// List every game that reached a position (within the indexed
    /// plies), newest first, then by id: the count, then the games.
    Games(games::GamesArgs),
    /// Write one game of a db as PGN (or its moves as JSON).
    Game(games::GameArgs),
    /// Merge dbs made apart into one, which answers as one indexing of all
    /// their games would.
    ///
    /// Each source is added in one transaction, in the order given. A
    /// source whose games are all in the target already is passed over (a
    /// merge run again); one that shares only some of them is refused
    /// (exit status 2), and the sources before it stay merged.
    Merge(merge::MergeArgs),
    /// Serve a db over HTTP: lichess's explorer API and a page.
    Serve(serve::ServeArgs),
    /// An engine's evaluation of every position reached by at least G
    /// games (exit status 2 when any position was skipped or the engine
    /// cannot be used); or listed, or imported.
    Analyse(Box<analyse::AnalyseArgs>),
    /// Write a db's evaluations in lichess's evaluation export format.
    Evals(evals::EvalsArgs),
}

/// Runs the subcommand.
pub(crate) fn run(args: &ExplorerArgs, out: &mut dyn Write) -> Result<(), Failure> {
    match &args.command {
        ExplorerCommand::Index(args) => index::run(args, out),
        ExplorerCommand::Query(args) => query::run(args, out),
        ExplorerCommand::Merge(args) => merge::run(args, out),
        ExplorerCommand::Games(args) => games::run(args, out),
        ExplorerCommand::Game(args) => games::run_game(args, out),
        ExplorerCommand::Serve(args) => serve::run(args, out),
        ExplorerCommand::Analyse(args) => analyse::run(args, out),
        ExplorerCommand::Evals(args) => evals::run(args, out),
    }
}

/// A db's error as the command's failure: exit 2, one line.
pub(crate) fn db_failure(error: &chess960_explorer::Error) -> Failure {
    Failure::input(error.to_string())
}
