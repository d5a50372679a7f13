//! The legacy form of `chess960 games`: today's flat flags (`--stats`,
//! `--games`, `--pgn`, `--player NAME`, `--openings N` and the rest behind
//! one set), hidden from `--help`, each run handed to the subcommand it
//! names, with the same output and the same errors as before.

use super::extract::{self, ExtractArgs};
use super::filters::PlayerFilter;
use super::list::{self, ColumnArgs, ListArgs};
use super::openings::{self, OpeningsArgs};
use super::options::Shared;
use super::output::FormatArg;
use super::player::{self, PlayerArgs};
use super::player_rows::SprtArgs;
use super::plot::PlotArg;
use super::session::Also;
use super::stats::{self, StatsArgs};
use crate::failure::Failure;
use clap::Args;
use std::io::Write;

/// The flat flags of `chess960 games` before its subcommands: the shared
/// options of every subcommand, and a switch for each mode but `stats`,
/// the default (`--player NAME` alone is `games player NAME`).
#[derive(Args, Debug)]
// Each flag is a switch of its own on the command line; `--sprt` needs
// `--player`, which `games player` gives as a word.
#[allow(clippy::struct_excessive_bools)]
#[command(mut_arg("sprt", |sprt| sprt.requires("player")))]
pub(crate) struct LegacyArgs {
    #[command(flatten)]
    shared: Shared,
    /// One row per start position (the default): `games stats`.
    #[arg(long, conflicts_with_all = ["games", "columns", "moves", "tag"])]
    stats: bool,
    /// One row per game: `games list`.
    #[arg(long, conflicts_with = "pgn")]
    games: bool,
    // `--columns`, `--moves`, `--tag`: each implies `--games`.
    #[command(flatten)]
    columns: ColumnArgs,
    /// The opening explorer over N plies: `games openings N`.
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(1..),
        conflicts_with_all = ["stats", "games", "pgn", "columns", "tag", "moves", "sprt", "plot"]
    )]
    openings: Option<u16>,
    /// The selected games' records as they stand: `games extract`.
    #[arg(long, conflicts_with_all = ["stats", "format", "columns", "moves", "tag"])]
    pgn: bool,
    #[command(flatten)]
    format: FormatArg,
    #[command(flatten)]
    players: PlayerFilter,
    #[command(flatten)]
    sprt: SprtArgs,
    #[command(flatten)]
    plot: PlotArg,
}

/// Runs the subcommand the flags name, as `chess960 games` ran them
/// before: `--openings`, else `--games` (or a column option), else
/// `--pgn`, else `--player`, else the statistics. `--plot` and `--sprt`,
/// which the flat form allowed with `--games` and `--pgn`, still work
/// there.
pub(crate) fn run(args: &LegacyArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let shared = args.shared.clone();
    let players = args.players.clone();
    let format = args.format.clone();
    let also = Also {
        plot: args.plot.plot.as_deref(),
        sprt: Some(&args.sprt),
    };
    if let Some(plies) = args.openings {
        let openings = OpeningsArgs {
            plies,
            shared,
            players,
            format,
        };
        return openings::run(&openings, out);
    }
    if args.games || args.columns.any() {
        let columns = args.columns.clone();
        let list = ListArgs {
            shared,
            columns,
            players,
            format,
        };
        return list::run(&list, &also, out);
    }
    if args.pgn {
        let extract = ExtractArgs { shared, players };
        return extract::run(&extract, &also, out);
    }
    let plot = args.plot.clone();
    let Some((name, others)) = args.players.player.split_first() else {
        let stats = StatsArgs {
            shared,
            format,
            plot,
        };
        return stats::run(&stats, out);
    };
    let player = PlayerArgs {
        name: name.clone(),
        shared,
        sprt: args.sprt.clone(),
        also: PlayerFilter {
            player: others.to_vec(),
        },
        format,
        plot,
    };
    player::run(&player, out)
}
