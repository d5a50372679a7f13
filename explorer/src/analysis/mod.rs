//! Engine analysis of the positions players reach (decision 0022):
//! [`analyse`] searches, with T engine processes side by side, every
//! position of a db that G games or more reached and that has no
//! evaluation as deep, most played first, and stores each evaluation as
//! it comes (a small transaction at a time, so a kill loses only those in
//! flight). [`to_analyse`] lists them instead (for other machines), and
//! [`analyse_positions`] searches such a list without any db; [`import`]
//! brings evaluations (lichess's export format) into a db, and
//! [`export`] writes them out.

pub mod choose;
pub mod lichess;
pub mod live;
pub mod uci;

use crate::error::{Error, store};
use crate::model::eval::Eval;
use crate::store::{self, evals};
use choose::Position;
use redb::ReadableDatabase as _;
use std::io::{BufRead, Read as _, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};
use uci::{Engine, Fault, Settings};

/// What an analysis is asked to do.
///
/// ```
/// use chess960_explorer::analysis::AnalyseOptions;
///
/// let options = AnalyseOptions::new("/usr/games/stockfish");
/// assert_eq!((options.min_games, options.settings.nodes), (10, 1_000_000));
/// ```
#[derive(Clone, Debug)]
pub struct AnalyseOptions {
    /// The engine and its search.
    pub settings: Settings,
    /// Positions reached by fewer games are left out.
    pub min_games: u64,
    /// Engine processes side by side.
    pub engines: usize,
    /// Only shard `I` of `N` (`(I, N)`, `I < N`): the positions whose key
    /// leaves `I` divided by `N`.
    pub shard: Option<(u64, u64)>,
}

impl AnalyseOptions {
    /// The defaults (G 10, one engine a core) with `engine`.
    pub fn new(engine: impl Into<std::path::PathBuf>) -> AnalyseOptions {
        AnalyseOptions {
            settings: Settings::new(engine),
            min_games: 10,
            engines: std::thread::available_parallelism().map_or(1, usize::from),
            shard: None,
        }
    }
}

/// What an analysis did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct AnalyseSummary {
    /// Positions to analyse.
    pub positions: u64,
    /// Evaluations made.
    pub analysed: u64,
    /// Positions skipped, each FEN with why (after one retry).
    pub skipped: Vec<(String, String)>,
    /// The engines' time, added over the engines.
    pub engine_time: Duration,
    /// Nodes searched.
    pub nodes: u64,
}

/// Why an analysis could not run.
#[derive(Debug)]
#[non_exhaustive]
pub enum AnalyseError {
    /// The db failed.
    Db(Error),
    /// The engine cannot be used: its path and why.
    Engine(String),
    /// A file could not be read or written.
    Io(String),
}

impl std::fmt::Display for AnalyseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalyseError::Db(error) => error.fmt(f),
            AnalyseError::Engine(why) | AnalyseError::Io(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for AnalyseError {}

impl From<Error> for AnalyseError {
    fn from(error: Error) -> AnalyseError {
        AnalyseError::Db(error)
    }
}

/// The positions of the db in `dir` to analyse with `options` (opened
/// read-only: a served db can be listed), most played first.
///
/// # Errors
///
/// The db's.
pub fn to_analyse(dir: impl AsRef<Path>, options: &AnalyseOptions) -> Result<Vec<Position>, Error> {
    let (db, _) = store::open_read(dir.as_ref())?;
    let txn = db.begin_read().map_err(store)?;
    chosen(&txn, options)
}

fn chosen(txn: &redb::ReadTransaction, options: &AnalyseOptions) -> Result<Vec<Position>, Error> {
    let mut positions = choose::positions(
        txn,
        options.min_games,
        options.settings.nodes,
        options.settings.multipv,
    )?;
    if let Some((shard, of)) = options.shard {
        positions.retain(|position| position.key % u128::from(of.max(1)) == u128::from(shard));
    }
    Ok(positions)
}

/// Analyses the positions of the db in `dir` that `options` asks for,
/// storing each evaluation as it comes (the deeper kept); `progress` is
/// told the positions done and to do after each commit.
///
/// ```no_run
/// use chess960_explorer::analysis::{AnalyseOptions, analyse};
///
/// let summary = analyse("db", &AnalyseOptions::new("/usr/games/stockfish"), &|_, _| {})?;
/// println!("{} analysed, {} skipped", summary.analysed, summary.skipped.len());
/// # Ok::<(), chess960_explorer::analysis::AnalyseError>(())
/// ```
///
/// # Errors
///
/// [`AnalyseError::Engine`] when the engine cannot be started or is no
/// UCI engine, [`AnalyseError::Db`] when the db fails.
pub fn analyse(
    dir: impl AsRef<Path>,
    options: &AnalyseOptions,
    progress: &dyn Fn(u64, u64),
) -> Result<AnalyseSummary, AnalyseError> {
    let dir = dir.as_ref();
    let settings = {
        let (_, settings) = store::open_read(dir)?;
        settings
    };
    let db = store::open_write(dir, &settings)?;
    let positions = {
        let txn = db.begin_read().map_err(store)?;
        chosen(&txn, options)?
    };
    let total = positions.len() as u64;
    progress(0, total);
    let mut done = 0;
    run(&positions, options, &mut |batch| {
        let txn = db.begin_write().map_err(store)?;
        evals::put_all(
            &txn,
            batch
                .iter()
                .map(|(position, eval)| (position.key, position.fen.as_str(), eval)),
        )?;
        txn.commit().map_err(store)?;
        done += batch.len() as u64;
        progress(done, total);
        Ok(())
    })
}

/// Analyses `positions` without any db, writing each evaluation to
/// `out` as a line of lichess's export format ([`lichess::write_line`])
/// as it comes.
///
/// # Errors
///
/// As [`analyse`]; [`AnalyseError::Io`] when `out` fails.
pub fn analyse_positions(
    positions: &[Position],
    options: &AnalyseOptions,
    out: &mut dyn Write,
) -> Result<AnalyseSummary, AnalyseError> {
    run(positions, options, &mut |batch| {
        for (position, eval) in batch {
            writeln!(out, "{}", lichess::write_line(&position.fen, eval))
                .map_err(|error| Error::Io("output".into(), error))?;
        }
        out.flush()
            .map_err(|error| Error::Io("output".into(), error))
    })
}

/// Where [`run`] hands the evaluations, a few at a time.
type Store<'s> = dyn FnMut(&[(&Position, Eval)]) -> Result<(), Error> + 's;

/// Searches `positions` with `options.engines` engines, handing the
/// evaluations to `store` a few at a time, in the order they end.
fn run(
    positions: &[Position],
    options: &AnalyseOptions,
    store: &mut Store<'_>,
) -> Result<AnalyseSummary, AnalyseError> {
    let mut summary = AnalyseSummary {
        positions: positions.len() as u64,
        ..AnalyseSummary::default()
    };
    if positions.is_empty() {
        return Ok(summary);
    }
    let count = options.engines.clamp(1, positions.len());
    let settings = &options.settings;
    let mut engines = Vec::with_capacity(count);
    for _ in 0..count {
        engines.push(Engine::start(settings).map_err(|fault| {
            AnalyseError::Engine(format!("{}: the engine {fault}", settings.engine.display()))
        })?);
    }
    let next = AtomicUsize::new(0);
    let (send, receive) = channel::<(usize, Result<Eval, Fault>, Duration)>();
    std::thread::scope(|scope| -> Result<(), AnalyseError> {
        for engine in engines {
            let send = send.clone();
            let next = &next;
            scope.spawn(move || work(engine, positions, settings, next, &send));
        }
        drop(send);
        let mut batch: Vec<(&Position, Eval)> = Vec::new();
        let mut failed = None;
        while let Ok(first) = receive.recv() {
            let mut results = vec![first];
            while results.len() < 64 {
                match receive.try_recv() {
                    Ok(more) => results.push(more),
                    Err(_) => break,
                }
            }
            for (at, result, time) in results {
                summary.engine_time += time;
                match result {
                    Ok(eval) => {
                        summary.nodes += eval.knodes * 1000;
                        batch.push((&positions[at], eval));
                    }
                    Err(fault) => summary
                        .skipped
                        .push((positions[at].fen.clone(), format!("the engine {fault}"))),
                }
            }
            if batch.is_empty() || failed.is_some() {
                continue;
            }
            match store(&batch) {
                Ok(()) => summary.analysed += batch.len() as u64,
                Err(error) => {
                    // Stop handing out positions; those in flight end.
                    next.store(positions.len(), Ordering::Relaxed);
                    failed = Some(error);
                }
            }
            batch.clear();
        }
        match failed {
            Some(error) => Err(error.into()),
            None => Ok(()),
        }
    })?;
    Ok(summary)
}

/// One engine's loop: takes the next position, searches it (a failed
/// search is tried once more on a restarted engine), and sends the result.
fn work(
    mut engine: Engine,
    positions: &[Position],
    settings: &Settings,
    next: &AtomicUsize,
    send: &std::sync::mpsc::Sender<(usize, Result<Eval, Fault>, Duration)>,
) {
    let mut alive = true;
    loop {
        let at = next.fetch_add(1, Ordering::Relaxed);
        let Some(position) = positions.get(at) else {
            return;
        };
        let started = Instant::now();
        let mut result = Err(Fault::Exited);
        for _ in 0..2 {
            if !alive {
                match Engine::start(settings) {
                    Ok(fresh) => {
                        engine = fresh;
                        alive = true;
                    }
                    Err(fault) => {
                        result = Err(fault);
                        continue;
                    }
                }
            }
            result = engine.analyse(&position.fen);
            match &result {
                Ok(_) => break,
                // A bad FEN is no engine's fault: not tried again.
                Err(Fault::Garbage(why)) if why.ends_with("is no legal position") => break,
                Err(_) => alive = false,
            }
        }
        if send.send((at, result, started.elapsed())).is_err() {
            return;
        }
    }
}

/// The longest line an import reads (lichess's lines are a few KiB);
/// longer ones are named and skipped.
pub const MAX_IMPORT_LINE: usize = 1 << 20;

/// Reads lichess's export format (plain or zstd, told by its first
/// bytes) into the db in `dir`, each position's deepest evaluation
/// stored where deeper than the db's; gives the evaluations stored and
/// the lines skipped (the line's number and why).
///
/// # Errors
///
/// The db's; [`Error::Io`] when the file cannot be read.
pub fn import(
    dir: impl AsRef<Path>,
    file: impl AsRef<Path>,
) -> Result<(u64, Vec<(u64, String)>), Error> {
    let dir = dir.as_ref();
    let file = file.as_ref();
    let io = |error| Error::Io(file.to_owned(), error);
    let (_, settings) = store::open_read(dir)?;
    let db = store::open_write(dir, &settings)?;
    let mut raw = std::io::BufReader::new(std::fs::File::open(file).map_err(io)?);
    let zstd = raw
        .fill_buf()
        .map_err(io)?
        .starts_with(&[0x28, 0xB5, 0x2F, 0xFD]);
    let reader: Box<dyn BufRead> = if zstd {
        Box::new(std::io::BufReader::new(
            zstd::stream::read::Decoder::with_buffer(raw).map_err(io)?,
        ))
    } else {
        Box::new(raw)
    };
    let mut stored = 0;
    let mut skipped = Vec::new();
    let mut batch: Vec<(u128, String, Eval)> = Vec::new();
    let flush = |batch: &mut Vec<(u128, String, Eval)>| -> Result<u64, Error> {
        let txn = db.begin_write().map_err(store)?;
        let count = evals::put_all(
            &txn,
            batch
                .iter()
                .map(|(key, fen, eval)| (*key, fen.as_str(), eval)),
        )?;
        txn.commit().map_err(store)?;
        batch.clear();
        Ok(count)
    };
    let mut reader = reader;
    let mut line = Vec::new();
    for number in 1u64.. {
        match next_line(&mut reader, &mut line).map_err(io)? {
            Line::End => break,
            Line::TooLong => {
                skipped.push((number, format!("longer than {MAX_IMPORT_LINE} bytes")));
                continue;
            }
            Line::Read => {}
        }
        let Ok(text) = std::str::from_utf8(&line) else {
            skipped.push((number, "not UTF-8".to_owned()));
            continue;
        };
        if text.trim().is_empty() {
            continue;
        }
        match lichess::read_line(text) {
            Ok(triple) => batch.push(triple),
            Err(why) => skipped.push((number, why)),
        }
        if batch.len() >= 10_000 {
            stored += flush(&mut batch)?;
        }
    }
    stored += flush(&mut batch)?;
    Ok((stored, skipped))
}

/// What [`next_line`] read.
enum Line {
    /// A line (with its end), at most [`MAX_IMPORT_LINE`] bytes.
    Read,
    /// A line longer than that, passed over.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads the next line of `reader` into `line` (cleared first), at most
/// [`MAX_IMPORT_LINE`] bytes of it: a longer one is passed over.
fn next_line(reader: &mut dyn BufRead, line: &mut Vec<u8>) -> std::io::Result<Line> {
    line.clear();
    let read = reader
        .take(MAX_IMPORT_LINE as u64 + 1)
        .read_until(b'\n', line)?;
    if read == 0 {
        return Ok(Line::End);
    }
    if line.len() <= MAX_IMPORT_LINE || line.last() == Some(&b'\n') {
        return Ok(Line::Read);
    }
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(Line::TooLong);
        }
        let (used, end) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (buffer.len(), false),
        };
        reader.consume(used);
        if end {
            return Ok(Line::TooLong);
        }
    }
}

/// The positions of a list: `--list`'s JSON lines (their `fen`) or one
/// FEN a line; blank lines passed over.
///
/// ```
/// use chess960_explorer::analysis::read_positions;
///
/// let text = "{\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\",\"games\":3}\n\nbbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n";
/// assert_eq!(read_positions(text.as_bytes()).unwrap().len(), 2);
/// assert_eq!(read_positions("\nx\n".as_bytes()).unwrap_err(), (2, "no legal position".to_owned()));
/// ```
///
/// # Errors
///
/// The first line that is no position (its number, from 1, and why).
pub fn read_positions(mut reader: impl BufRead) -> Result<Vec<Position>, (u64, String)> {
    let mut positions = Vec::new();
    let mut line = Vec::new();
    for number in 1u64.. {
        match next_line(&mut reader, &mut line).map_err(|error| (number, error.to_string()))? {
            Line::End => break,
            Line::TooLong => return Err((number, format!("longer than {MAX_IMPORT_LINE} bytes"))),
            Line::Read => {}
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        let position = if text.starts_with('{') {
            serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|value| Position::from_fen(value.get("fen")?.as_str()?))
        } else {
            Position::from_fen(text)
        };
        positions.push(position.ok_or((number, "no legal position".to_owned()))?);
    }
    Ok(positions)
}

/// Writes every evaluation of the db in `dir` as lichess's export
/// format, one line a position, in order of key; gives how many.
///
/// # Errors
///
/// The db's; [`Error::Io`] when `out` fails.
pub fn export(dir: impl AsRef<Path>, out: &mut dyn Write) -> Result<u64, Error> {
    let dir = dir.as_ref();
    let (db, _) = store::open_read(dir)?;
    let txn = db.begin_read().map_err(store)?;
    let mut count = 0;
    evals::each(&txn, |_, fen, eval| {
        writeln!(out, "{}", lichess::write_line(&fen, &eval))
            .map_err(|error| Error::Io(dir.to_owned(), error))?;
        count += 1;
        Ok(())
    })?;
    Ok(count)
}
