//! `chess960 explorer analyse`: an engine's evaluation of every position
//! players reach (or of a list of positions, for other machines), and
//! evaluations imported; with a progress bar on a terminal and one
//! summary line.

use super::db_failure;
use crate::failure::Failure;
use chess960_explorer::analysis::choose::Position;
use chess960_explorer::analysis::uci::default_engine;
use chess960_explorer::analysis::{self, AnalyseError, AnalyseOptions, AnalyseSummary};
use clap::Args;
use std::io::{IsTerminal as _, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The arguments of `chess960 explorer analyse`.
///
/// With `--db`: searches every position of the db that at least
/// `--min-games` games reached (over all speeds, ratings and months) and
/// that has no evaluation at these settings or deeper, most played first,
/// with `--engines` engine processes side by side, each position from a
/// clean state (`ucinewgame`, Threads 1, `go nodes N`, Chess960 mode);
/// each evaluation is stored as it comes (kill it, run it again: the work
/// goes on). With `--list`: writes those positions (JSON lines: `fen`,
/// `key`, `games`) instead, for other machines. With `--positions FILE`
/// (such a list, or one FEN a line) and no db: searches them and writes
/// the evaluations in lichess's export format. With `--import FILE`:
/// reads evaluations in lichess's export format (plain or `.zst`) into
/// the db, the deeper kept.
///
/// Exit status: 0 when all went well; 2 when any position was skipped
/// (the engine exited or hung twice on it), or the engine cannot be used
/// (no such program, or no `uciok`).
#[derive(Args, Debug)]
pub(crate) struct AnalyseArgs {
    /// The db's folder.
    #[arg(long, value_name = "DIR", required_unless_present = "positions")]
    db: Option<PathBuf>,
    /// The UCI engine (default: `stockfish` on PATH, else
    /// /usr/games/stockfish).
    #[arg(long, value_name = "PATH")]
    engine: Option<PathBuf>,
    /// Nodes a position (`go nodes N`).
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Lines a position (`MultiPV`).
    #[arg(long, value_name = "K", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=500))]
    multipv: u32,
    /// Only positions that at least G games reached.
    #[arg(long, value_name = "G", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    min_games: u64,
    /// Engine processes side by side (default: the number of cores).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..))]
    engines: Option<u16>,
    /// Each engine's hash table, in MB.
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=65536))]
    hash: u32,
    /// Seconds a position may take before the engine counts as hung
    /// (default: 30 + 1 per 50,000 nodes).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..))]
    time_limit: Option<u64>,
    /// Only shard I of N (I from 0): the positions whose key leaves I
    /// divided by N.
    #[arg(long, value_name = "I/N", value_parser = shard)]
    shard: Option<(u64, u64)>,
    /// Write the positions to analyse (JSON lines) instead of analysing.
    #[arg(long, requires = "db", conflicts_with_all = ["positions", "import"])]
    list: bool,
    /// Analyse the positions of this file (a `--list`, or one FEN a line;
    /// `-` for standard input) without any db.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["db", "import"])]
    positions: Option<String>,
    /// Read evaluations in lichess's export format (JSON lines, plain or
    /// zstd) into the db.
    #[arg(long, value_name = "FILE", requires = "db")]
    import: Option<PathBuf>,
    /// Where `--list` and `--positions` write (default: standard output).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// `I/N` with `I < N`.
fn shard(text: &str) -> Result<(u64, u64), String> {
    let (i, n) = text
        .split_once('/')
        .ok_or_else(|| format!("{text:?} is not I/N"))?;
    let (i, n): (u64, u64) = (
        i.trim()
            .parse()
            .map_err(|_| format!("{i:?} is not a number"))?,
        n.trim()
            .parse()
            .map_err(|_| format!("{n:?} is not a number"))?,
    );
    if n == 0 || i >= n {
        return Err(format!("{text}: I must be below N (I from 0)"));
    }
    Ok((i, n))
}

/// Runs the command.
pub(crate) fn run(args: &AnalyseArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut options = AnalyseOptions::new(args.engine.clone().unwrap_or_else(default_engine));
    options.settings.nodes = args.nodes;
    options.settings.multipv = args.multipv;
    options.settings.hash = args.hash;
    options.settings.limit = args.time_limit.map(Duration::from_secs);
    options.min_games = args.min_games;
    options.shard = args.shard;
    if let Some(engines) = args.engines {
        options.engines = usize::from(engines);
    }
    let mut file;
    let out: &mut dyn Write = match &args.out {
        Some(path) => {
            file = std::io::BufWriter::new(
                std::fs::File::create(path)
                    .map_err(|error| Failure::input(format!("{}: {error}", path.display())))?,
            );
            &mut file
        }
        None => out,
    };
    if let (Some(db), Some(import)) = (&args.db, &args.import) {
        let (stored, skipped) = analysis::import(db, import).map_err(|error| db_failure(&error))?;
        for (line, why) in &skipped {
            crate::failure::say(&format!("{}: line {line} skipped: {why}", import.display()));
        }
        say(&format!(
            "{stored} evaluation(s) stored, {} line(s) skipped",
            skipped.len()
        ));
        return if skipped.is_empty() {
            Ok(())
        } else {
            Err(Failure::reported())
        };
    }
    if let Some(path) = &args.positions {
        let positions = read_positions(path)?;
        let summary = analysis::analyse_positions(&positions, &options, out)
            .map_err(|error| analyse_failure(&error))?;
        return report(&summary);
    }
    let Some(db) = &args.db else {
        return Err(Failure::input("give --db DIR or --positions FILE"));
    };
    if args.list {
        let positions = analysis::to_analyse(db, &options).map_err(|error| db_failure(&error))?;
        for position in &positions {
            let line = serde_json::json!({
                "fen": position.fen,
                "key": format!("{:032x}", position.key),
                "games": position.games,
            });
            writeln!(out, "{line}")?;
        }
        out.flush()?;
        say(&format!("{} position(s) to analyse", positions.len()));
        return Ok(());
    }
    let bar = Bar::new();
    let result = analysis::analyse(db, &options, &|done, total| bar.draw(done, total));
    bar.finish();
    report(&result.map_err(|error| analyse_failure(&error))?)
}

/// An analysis's failure: one line, exit 2.
fn analyse_failure(error: &AnalyseError) -> Failure {
    Failure::input(error.to_string())
}

/// `chess960 explorer analyse: ...` on standard error.
fn say(message: &str) {
    let _ = writeln!(std::io::stderr(), "chess960 explorer analyse: {message}");
}

/// The positions of a `--list` file (JSON lines with `fen`) or of one
/// FEN a line (`-`: standard input).
fn read_positions(path: &str) -> Result<Vec<Position>, Failure> {
    let read = if path == "-" {
        analysis::read_positions(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(path)
            .map_err(|error| Failure::input(format!("{path}: {error}")))?;
        analysis::read_positions(std::io::BufReader::new(file))
    };
    read.map_err(|(line, why)| Failure::input(format!("{path}: line {line}: {why}")))
}

/// The summary line; exit 2 when any position was skipped.
fn report(summary: &AnalyseSummary) -> Result<(), Failure> {
    for (fen, why) in &summary.skipped {
        crate::failure::say(&format!("skipped {fen}: {why}"));
    }
    let seconds = summary.engine_time.as_secs_f64();
    #[allow(clippy::cast_precision_loss)]
    let rate = if seconds > 0.0 {
        summary.nodes as f64 / seconds / 1000.0
    } else {
        0.0
    };
    say(&format!(
        "{} of {} position(s) analysed, {} skipped, engine time {seconds:.1} s ({rate:.0} knodes/s an engine)",
        summary.analysed,
        summary.positions,
        summary.skipped.len()
    ));
    if summary.skipped.is_empty() {
        Ok(())
    } else {
        Err(Failure::reported())
    }
}

/// A progress bar on standard error when it is a terminal: positions
/// done of all, and the time left.
struct Bar {
    shown: bool,
    start: Instant,
}

impl Bar {
    fn new() -> Bar {
        Bar {
            shown: std::io::stderr().is_terminal(),
            start: Instant::now(),
        }
    }

    #[allow(
        clippy::cast_precision_loss,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss
    )]
    fn draw(&self, done: u64, total: u64) {
        if !self.shown || total == 0 {
            return;
        }
        let fraction = done as f64 / total as f64;
        let filled = (fraction * 30.0) as usize;
        let seconds = self.start.elapsed().as_secs_f64();
        let left = if done > 0 {
            seconds / done as f64 * (total - done) as f64
        } else {
            0.0
        };
        let mut stderr = std::io::stderr().lock();
        let _ = write!(
            stderr,
            "\r[{}{}] {done}/{total} positions, {:.1}/s, ETA {:.0} s\x1b[K",
            "#".repeat(filled),
            "-".repeat(30 - filled),
            done as f64 / seconds.max(1e-9),
            left
        );
        let _ = stderr.flush();
    }

    fn finish(&self) {
        if self.shown {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
        }
    }
}
