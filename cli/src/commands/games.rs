//! `chess960 games`: which start position each game of a PGN file used, and
//! how each start scored. A thin layer over [`chess960_archive`], in one
//! subcommand a mode (`stats`, `list`, `extract`, `player`, `openings`,
//! each a module of its own), over shared layers below them: the options
//! (`options` gathering `filters`, `inputs`, `destination`), the run's path
//! (`session`), the rows (`output`, `collect`, `player_rows`, `plot`,
//! `progress`). The legacy flat flags (`legacy`) map into the same
//! subcommands.

mod collect;
mod destination;
mod extract;
mod filters;
mod inputs;
mod legacy;
mod list;
mod openings;
mod options;
mod output;
mod player;
mod player_rows;
mod plot;
pub(crate) mod progress;
mod session;
mod stats;

use crate::failure::Failure;
use clap::{Args, Subcommand};
use std::io::Write;

/// The arguments of `chess960 games`: a subcommand, or the legacy flat
/// flags (hidden from `--help`) when the first word names none.
#[derive(Args, Debug)]
#[command(
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = true,
    override_usage = "chess960 games <COMMAND> [OPTIONS] [ARGS]...\n       chess960 games [FILE]...",
    mut_args = |arg: clap::Arg| arg.hide(true),
    after_help = "Without a subcommand, `chess960 games [FILE]...` is `games stats`, and the flags of \
                  earlier versions still work (`--games`, `--pgn`, `--player NAME`, \
                  `--openings N`). A file named as a subcommand: `./stats`, or after `--`.",
)]
pub(crate) struct GamesArgs {
    #[command(subcommand)]
    command: Option<GamesCommand>,
    #[command(flatten)]
    legacy: legacy::LegacyArgs,
}

/// The subcommands of `chess960 games`. Each reads PGN game records (plain,
/// or compressed with zstd, gzip, bzip2 or xz: told by the content, not the
/// name); a summary goes to standard error: games read by kind, records
/// skipped and why. Exit status: 0 when every record was read, 2 when any
/// record was skipped or an input could not be read to its end.
#[derive(Subcommand, Debug)]
enum GamesCommand {
    /// One row per start position: games, White's wins, draws, Black's
    /// wins, White's score with a 95% Wilson interval, the mean rating
    /// (the default).
    Stats(stats::StatsArgs),
    /// One row per game: file, number, byte offset, kind, start ids,
    /// result, players, ratings, date, event, site, variant, detail (or
    /// the columns asked for), the moves in UCI with --moves.
    List(list::ListArgs),
    /// The selected games' records as they stand in the input, byte for
    /// byte (tags, comments, variations, movetext, line ends), in input
    /// order, each followed by one blank line.
    ///
    /// Nothing else goes to standard output; unreadable records are not
    /// copied.
    Extract(extract::ExtractArgs),
    /// One player's record per start, from the player's side, the game
    /// pairs as engine testers score them, and an SPRT's verdict.
    ///
    /// Columns: `white_id`, `black_id`, `rank` (a double Chess960 start's
    /// row is the game's start: White's back rank, then Black's, whatever
    /// the player's colour), `games`, `white_games` (as White), `wins`,
    /// `draws`, `losses`, `unknown` (no result), `score` (points per game
    /// with a known result), `elo` (the Elo difference, as cutechess-cli
    /// computes it), `elo_margin` (its 95% error margin), `los`
    /// (likelihood of superiority, 0..1), `draw_ratio`, `white_score`,
    /// `black_score`; then a row with rank `total`. Empty where undefined:
    /// `elo` at a score of 0 or 1, `elo_margin` when too few games put the
    /// 95% range of the score past 0 or 1, `los` without wins or losses.
    ///
    /// Then the game pairs: two games form a pair when they have the same
    /// start (the same FEN; for double Chess960 the same two starts) and
    /// the same opponent, the player's colours are reversed, and they come
    /// one right after the other among that opponent's games from that
    /// start, within one file (as cutechess-cli's `-repeat`, fastchess and
    /// match scripts write them). A game left without a partner counts as
    /// unpaired; so does the other game of a pair one of whose games has
    /// no result. Columns: `pairs`, `unpaired`, the pentanomial
    /// `ptnml_ll`, `ptnml_ld`, `ptnml_wl_dd`, `ptnml_wd`, `ptnml_ww` (one
    /// `pentanomial` array in JSON Lines), `penta_elo` and
    /// `penta_elo_margin`, `nelo` and `nelo_margin` (normalized Elo),
    /// `penta_los`; with --sprt, on the total row, `llr`, `llr_lower`,
    /// `llr_upper` and `sprt`. The summary on standard error gives the
    /// total as a match result, and the pairs as fastchess prints them.
    Player(player::PlayerArgs),
    /// The opening explorer: per start (a double Chess960 game's two), one
    /// row per sequence of the games' first N plies.
    ///
    /// Columns: `white_id`, `black_id`, `rank`, `moves` (UCI, castling as
    /// the king taking its rook, separated by spaces), `san` (the same
    /// plies in SAN), `games`, `white_wins`, `draws`, `black_wins`,
    /// `unknown`, `score`, `mean_elo`; by start, then by games, most first.
    /// Only the first N plies are replayed (with full legality); a game
    /// with a broken move among them is skipped, naming the ply and the
    /// move.
    Openings(openings::OpeningsArgs),
}

/// Runs the subcommand, or the legacy form through the subcommand it
/// names.
pub(crate) fn run(args: &GamesArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let none = session::Also::default();
    match &args.command {
        Some(GamesCommand::Stats(args)) => stats::run(args, out),
        Some(GamesCommand::List(args)) => list::run(args, &none, out),
        Some(GamesCommand::Extract(args)) => extract::run(args, &none, out),
        Some(GamesCommand::Player(args)) => player::run(args, out),
        Some(GamesCommand::Openings(args)) => openings::run(args, out),
        None => legacy::run(&args.legacy, out),
    }
}
