//! `chess960 explorer index FILES... --db DIR`: games replayed into the
//! db, a batch a transaction, with a progress bar on a terminal.

use super::db_failure;
use crate::commands::games::progress::Bar;
use crate::failure::Failure;
use crate::skips;
use chess960::PositionSet;
use chess960_archive::{Archive, Progress, Summary};
use chess960_explorer::{IndexOptions, IndexSummary};
use chess960_games::read::Filter;
use clap::Args;
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `chess960 explorer index`.
///
/// Reads PGN game records (plain or compressed, as `chess960 games` reads
/// them) and, for each Chess960, double Chess960 or standard game with a
/// result, adds the move played at each of its first N plies to the entry
/// of the position it was played from (a position met twice in a game
/// counts once, with the move last played from it), by speed, rating
/// group and month. A game already in the db (the same `Site` id; without
/// one, the same tags and moves) is not counted again, so a second run
/// over the same files adds nothing and a run stopped midway can be run
/// again. Games of other variants are counted in the summary, not
/// indexed.
///
/// Exit status: 0 when every record was read, 2 when any record or input
/// was skipped (an unreadable record, a move that cannot be replayed, a
/// compressed file cut short: its games before the cut are indexed).
#[derive(Args, Debug)]
pub(crate) struct IndexArgs {
    /// PGN files; none or `-` reads standard input.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// The db's folder (made if missing).
    #[arg(long, value_name = "DIR")]
    db: PathBuf,
    /// Plies indexed from each game (fixed when the db is made).
    #[arg(long, value_name = "N", default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..=1000))]
    plies: u32,
    /// A player's explorer: only this player's games (the `White` or
    /// `Black` tag, any case), from their side; repeat it for the
    /// player's other names (fixed when the db is made).
    #[arg(long, value_name = "NAME")]
    player: Vec<String>,
    /// Only games whose start is in SET (as `chess960 games --start`).
    #[arg(long, value_name = "SET")]
    start: Option<String>,
    /// Only games where both players are rated at least this.
    #[arg(long, value_name = "ELO")]
    min_elo: Option<u32>,
    /// Only games where both players are rated at most this.
    #[arg(long, value_name = "ELO")]
    max_elo: Option<u32>,
    /// Only games whose `Event` tag contains this text (any case).
    #[arg(long, value_name = "TEXT")]
    event: Option<String>,
    /// Only games whose `Variant` tag contains this text (any case).
    #[arg(long, value_name = "TEXT")]
    variant: Option<String>,
    /// Only games with exactly this `TimeControl` tag (such as 180+2).
    #[arg(long, value_name = "TEXT")]
    time_control: Option<String>,
    /// Threads reading and replaying (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Read plain files with `read` instead of through memory maps.
    #[arg(long)]
    no_mmap: bool,
}

/// Indexes, and writes the summary to standard error.
pub(crate) fn run(args: &IndexArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let _ = out;
    if let Some(name) = args.player.iter().find(|name| name.trim().is_empty()) {
        return Err(Failure::input(format!(
            "--player needs a name, not {name:?}"
        )));
    }
    let files = if args.files.is_empty() {
        vec!["-".to_owned()]
    } else {
        args.files.clone()
    };
    let progress = Progress::new();
    let mut archive = Archive::new()
        .paths(&files)
        .filter(filter(args)?)
        .mmap(!args.no_mmap)
        .progress(&progress);
    if let Some(threads) = args.threads {
        archive = archive.threads(usize::from(threads));
    }
    let mut options = IndexOptions {
        plies: args.plies,
        players: args.player.clone(),
        ..IndexOptions::default()
    };
    // Small batches for the tests (a crash between two of them).
    if let Some(games) = setting("CHESS960_EXPLORER_BATCH") {
        options.batch_games = games.max(1);
    }
    let bar = Bar::start(&progress, archive.total_size());
    let result = chess960_explorer::index(&archive, &args.db, &options);
    bar.finish();
    let summary = result.map_err(|error| db_failure(&error))?;
    report(&summary);
    finish(&summary.reading)
}

/// A number from the environment.
fn setting(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|text| text.parse().ok())
}

fn filter(args: &IndexArgs) -> Result<Filter, Failure> {
    let mut filter = Filter::new();
    if let Some(elo) = args.min_elo {
        filter = filter.min_elo(elo);
    }
    if let Some(elo) = args.max_elo {
        filter = filter.max_elo(elo);
    }
    if let Some(text) = &args.event {
        filter = filter.event(text);
    }
    if let Some(text) = &args.variant {
        filter = filter.variant(text);
    }
    if let Some(text) = &args.time_control {
        filter = filter.time_control(text);
    }
    for name in &args.player {
        filter = filter.player(name);
    }
    if let Some(text) = &args.start {
        let set: PositionSet = text
            .parse()
            .map_err(|error| Failure::input(format!("--start {text:?}: {error}")))?;
        filter = filter.starts(set);
    }
    Ok(filter)
}

/// The summary, on standard error.
fn report(summary: &IndexSummary) {
    let reading = &summary.reading;
    let mut text = String::new();
    let _ = write!(
        text,
        "chess960 explorer index: {} records read, {} passed the filters; {} games indexed, {} already in the db",
        reading.counts.total(),
        reading.matched,
        summary.added,
        summary.duplicates
    );
    for (count, what) in [
        (summary.other_kinds, "of other variants or starts"),
        (summary.undecided, "without a result"),
        (summary.not_the_player, "not the player's"),
    ] {
        if count > 0 {
            let _ = write!(text, ", {count} {what}");
        }
    }
    let _ = writeln!(text, " ({} batch(es) written)", summary.batches);
    skips::write_skips(&mut text, "chess960 explorer index", reading);
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// Exit status 2 when anything was skipped.
fn finish(reading: &Summary) -> Result<(), Failure> {
    if reading.skipped > 0 {
        return Err(Failure::input(format!(
            "{} record(s) or input(s) skipped; see above",
            reading.skipped
        )));
    }
    Ok(())
}
