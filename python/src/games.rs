//! `read_games`, `start_stats`, `player_stats`: game archives read by
//! `chess960-archive` on Rust threads into Arrow record batches, with the
//! columns of `chess960 games --games`, `--stats` and `--player`.
//!
//! The Python thread waits for the read in short slices with the GIL
//! released, and checks for signals between them: Ctrl-C cancels the read
//! (`Cancel`) and raises `KeyboardInterrupt` once the readers have stopped.

use crate::errors::value_error;
use crate::set::set_of;
use crate::table::PyTable;
use arrow_array::builder::{StringBuilder, UInt16Builder, UInt32Builder, UInt64Builder};
use arrow_array::{ArrayRef, Float64Array, RecordBatch, StringArray, UInt16Array, UInt64Array};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use chess960::DoublePosition;
use chess960::pgn::{
    EloModel, Filter, Outcome, PairTally, Pentanomial, Players, Sprt, TagName, Verdict,
};
use chess960_archive::{Archive, Batch, Cancel, Collect, Error, Game, Progress, Summary};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::path::PathBuf;
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// How long the Python thread waits for the read between two checks for
/// signals (Ctrl-C).
const SLICE: Duration = Duration::from_millis(50);

/// How long a cancelled read gets to stop before the exception is raised.
const CANCEL_WAIT: Duration = Duration::from_secs(2);

/// How often `progress` reports.
const REPORT_EVERY: Duration = Duration::from_millis(500);

/// Rows in a part before the readers deliver it (bounds memory per thread).
const PART_ROWS: usize = 1 << 16;

/// The columns of `chess960 games --games`, typed.
fn game_schema() -> SchemaRef {
    let text = |name: &str, nullable| Field::new(name, DataType::Utf8, nullable);
    Arc::new(Schema::new(vec![
        text("file", false),
        Field::new("number", DataType::UInt64, false),
        Field::new("offset", DataType::UInt64, false),
        text("kind", false),
        Field::new("white_id", DataType::UInt16, true),
        Field::new("black_id", DataType::UInt16, true),
        text("result", false),
        text("white", true),
        text("black", true),
        Field::new("white_elo", DataType::UInt32, true),
        Field::new("black_elo", DataType::UInt32, true),
        text("date", true),
        text("event", true),
        text("site", true),
        text("variant", true),
        text("detail", true),
    ]))
}

/// One part's columns, filled on a reading thread.
#[derive(Default)]
struct GameColumns {
    /// Game numbers within the part's batch (`Batch::base` is added on delivery).
    numbers: Vec<u64>,
    offset: UInt64Builder,
    kind: StringBuilder,
    white_id: UInt16Builder,
    black_id: UInt16Builder,
    result: StringBuilder,
    white: StringBuilder,
    black: StringBuilder,
    white_elo: UInt32Builder,
    black_elo: UInt32Builder,
    date: StringBuilder,
    event: StringBuilder,
    site: StringBuilder,
    variant: StringBuilder,
    detail: StringBuilder,
}

/// Fills `GameColumns`, one row a record, as `chess960 games --games` writes
/// them.
struct GameRows;

impl Collect for GameRows {
    type Part = GameColumns;

    fn part(&self) -> GameColumns {
        GameColumns::default()
    }

    fn game(&self, part: &mut GameColumns, game: &Game<'_>) {
        let record = game.record();
        let tags = record.tags();
        let kind = game.kind();
        part.numbers.push(game.number());
        part.offset.append_value(game.offset());
        part.kind.append_value(kind.name());
        let start = kind.chess960_start();
        part.white_id
            .append_option(start.map(|start| start.white().id()));
        part.black_id.append_option(
            start
                .filter(|start| !start.is_single())
                .map(|start| start.black().id()),
        );
        part.result
            .append_value(Outcome::from_tag(tags.get(TagName::Result)).as_str());
        part.white.append_option(tags.get(TagName::White));
        part.black.append_option(tags.get(TagName::Black));
        part.white_elo
            .append_option(tags.elo(chess960::Color::White));
        part.black_elo
            .append_option(tags.elo(chess960::Color::Black));
        part.date.append_option(tags.get(TagName::Date));
        part.event.append_option(tags.get(TagName::Event));
        part.site.append_option(tags.get(TagName::Site));
        part.variant.append_option(tags.get(TagName::Variant));
        match kind.detail(tags) {
            Some(detail) => part.detail.append_value(detail.to_string()),
            None => part.detail.append_null(),
        }
    }

    fn is_full(&self, part: &GameColumns) -> bool {
        part.numbers.len() >= PART_ROWS
    }

    fn reset(&self, part: &mut GameColumns) {
        // The builders emptied themselves when the batch was finished.
        part.numbers.clear();
    }
}

/// The record batch of one delivered part; empties the part's builders.
fn game_batch(schema: &SchemaRef, batch: &mut Batch<'_, GameColumns>) -> RecordBatch {
    let base = batch.base;
    let input = batch.input;
    let part = &mut *batch.part;
    let rows = part.numbers.len();
    let columns: Vec<ArrayRef> = vec![
        Arc::new(StringArray::from_iter_values(std::iter::repeat_n(
            input, rows,
        ))),
        Arc::new(UInt64Array::from_iter_values(
            part.numbers.iter().map(|number| base + number),
        )),
        Arc::new(part.offset.finish()),
        Arc::new(part.kind.finish()),
        Arc::new(part.white_id.finish()),
        Arc::new(part.black_id.finish()),
        Arc::new(part.result.finish()),
        Arc::new(part.white.finish()),
        Arc::new(part.black.finish()),
        Arc::new(part.white_elo.finish()),
        Arc::new(part.black_elo.finish()),
        Arc::new(part.date.finish()),
        Arc::new(part.event.finish()),
        Arc::new(part.site.finish()),
        Arc::new(part.variant.finish()),
        Arc::new(part.detail.finish()),
    ];
    part.numbers.clear();
    // The columns match the schema by construction.
    RecordBatch::try_new(schema.clone(), columns)
        .unwrap_or_else(|_| RecordBatch::new_empty(schema.clone()))
}

/// `white_id`, `black_id` and `rank` of a start.
type StartCells = (u16, Option<u16>, String);

/// `white_id`, `black_id` and `rank` of a start, as the command writes them.
fn start_cells(start: DoublePosition) -> StartCells {
    let black = (!start.is_single()).then(|| start.black().id());
    (start.white().id(), black, start.ranks().to_string())
}

/// The table of `chess960 games --stats`: one row per start.
fn stats_batch(summary: &Summary) -> PyResult<(SchemaRef, RecordBatch)> {
    let count = |name: &str| Field::new(name, DataType::UInt64, false);
    let real = |name: &str| Field::new(name, DataType::Float64, true);
    let schema = Arc::new(Schema::new(vec![
        Field::new("white_id", DataType::UInt16, false),
        Field::new("black_id", DataType::UInt16, true),
        Field::new("rank", DataType::Utf8, false),
        count("games"),
        count("white_wins"),
        count("draws"),
        count("black_wins"),
        count("unknown"),
        real("score"),
        real("ci_low"),
        real("ci_high"),
        real("mean_elo"),
    ]));
    let rows: Vec<_> = summary.stats.iter().collect();
    let cells: Vec<_> = rows.iter().map(|(start, _)| start_cells(*start)).collect();
    let counts = |value: fn(&chess960::pgn::Tally) -> u64| -> ArrayRef {
        Arc::new(UInt64Array::from_iter_values(
            rows.iter().map(|(_, tally)| value(tally)),
        ))
    };
    let reals = |value: &dyn Fn(&chess960::pgn::Tally) -> Option<f64>| -> ArrayRef {
        Arc::new(
            rows.iter()
                .map(|(_, tally)| value(tally))
                .collect::<Float64Array>(),
        )
    };
    let columns: Vec<ArrayRef> = vec![
        Arc::new(UInt16Array::from_iter_values(
            cells.iter().map(|cell| cell.0),
        )),
        Arc::new(cells.iter().map(|cell| cell.1).collect::<UInt16Array>()),
        Arc::new(StringArray::from_iter_values(
            cells.iter().map(|cell| cell.2.as_str()),
        )),
        counts(chess960::pgn::Tally::games),
        counts(|tally| tally.white_wins),
        counts(|tally| tally.draws),
        counts(|tally| tally.black_wins),
        counts(|tally| tally.unknown),
        reals(&chess960::pgn::Tally::score),
        reals(&|tally| tally.interval().map(|interval| interval.low)),
        reals(&|tally| tally.interval().map(|interval| interval.high)),
        reals(&chess960::pgn::Tally::mean_rating),
    ];
    let batch = RecordBatch::try_new(schema.clone(), columns).map_err(value_error)?;
    Ok((schema, batch))
}

/// The columns of `chess960 games --player`, typed.
fn player_schema() -> SchemaRef {
    let count = |name: &str| Field::new(name, DataType::UInt64, false);
    let real = |name: &str| Field::new(name, DataType::Float64, true);
    Arc::new(Schema::new(vec![
        Field::new("white_id", DataType::UInt16, true),
        Field::new("black_id", DataType::UInt16, true),
        Field::new("rank", DataType::Utf8, false),
        count("games"),
        count("white_games"),
        count("wins"),
        count("draws"),
        count("losses"),
        count("unknown"),
        real("score"),
        real("elo"),
        real("elo_margin"),
        real("los"),
        real("draw_ratio"),
        real("white_score"),
        real("black_score"),
        count("pairs"),
        count("unpaired"),
        count("ptnml_ll"),
        count("ptnml_ld"),
        count("ptnml_wl_dd"),
        count("ptnml_wd"),
        count("ptnml_ww"),
        real("penta_elo"),
        real("penta_elo_margin"),
        real("nelo"),
        real("nelo_margin"),
        real("penta_los"),
        real("llr"),
        real("llr_lower"),
        real("llr_upper"),
        Field::new("sprt", DataType::Utf8, true),
    ]))
}

/// The pair columns of `chess960 games --player` (`pairs` to `sprt`), one
/// value a row: each row's pairs, and the test where there is one.
fn pair_columns(pairs: &[PairTally], tests: &[Option<(&Sprt, Option<f64>)>]) -> Vec<ArrayRef> {
    let pair_counts = |value: &dyn Fn(&PairTally) -> u64| -> ArrayRef {
        Arc::new(UInt64Array::from_iter_values(pairs.iter().map(value)))
    };
    let pair_reals = |value: &dyn Fn(&Pentanomial) -> Option<f64>| -> ArrayRef {
        Arc::new(
            pairs
                .iter()
                .map(|pair| value(&pair.pentanomial))
                .collect::<Float64Array>(),
        )
    };
    let test_reals = |value: &dyn Fn(&Sprt, Option<f64>) -> Option<f64>| -> ArrayRef {
        Arc::new(
            tests
                .iter()
                .map(|test| test.and_then(|(sprt, llr)| value(sprt, llr)))
                .collect::<Float64Array>(),
        )
    };
    vec![
        pair_counts(&PairTally::pairs),
        pair_counts(&|pair| pair.unpaired),
        pair_counts(&|pair| pair.pentanomial.counts[0]),
        pair_counts(&|pair| pair.pentanomial.counts[1]),
        pair_counts(&|pair| pair.pentanomial.counts[2]),
        pair_counts(&|pair| pair.pentanomial.counts[3]),
        pair_counts(&|pair| pair.pentanomial.counts[4]),
        pair_reals(&Pentanomial::elo),
        pair_reals(&Pentanomial::elo_margin),
        pair_reals(&Pentanomial::nelo),
        pair_reals(&Pentanomial::nelo_margin),
        pair_reals(&Pentanomial::los),
        test_reals(&|_, llr| llr),
        test_reals(&|sprt, _| Some(sprt.lower_bound())),
        test_reals(&|sprt, _| Some(sprt.upper_bound())),
        Arc::new(
            tests
                .iter()
                .map(|test| {
                    test.map(|(sprt, llr)| {
                        llr.map_or(Verdict::Continue, |llr| sprt.verdict(llr))
                            .as_str()
                    })
                })
                .collect::<StringArray>(),
        ),
    ]
}

/// The table of `chess960 games --player`: one row per start, then the
/// total (`rank` "total", no ids).
fn player_batch(summary: &Summary, sprt: Option<&Sprt>) -> PyResult<(SchemaRef, RecordBatch)> {
    use chess960::pgn::PlayerTally;
    let schema = player_schema();
    let stats = &summary.player;
    let total = stats.total();
    let mut rows: Vec<(Option<StartCells>, &PlayerTally)> = stats
        .iter()
        .map(|(start, tally)| (Some(start_cells(start)), tally))
        .collect();
    rows.push((None, &total));
    let mut pairs: Vec<PairTally> = stats
        .iter()
        .map(|(start, _)| stats.pair_tally(start))
        .collect();
    pairs.push(stats.pair_total());
    // The test, on the total row only: over the pairs' pentanomial when
    // there are pairs, else over the games (as `chess960 games --sprt`).
    let test = sprt.map(|sprt| (sprt, stats.llr(sprt)));
    let last = rows.len() - 1;
    let tests: Vec<Option<(&Sprt, Option<f64>)>> = (0..rows.len())
        .map(|row| if row == last { test } else { None })
        .collect();
    let counts = |value: &dyn Fn(&PlayerTally) -> u64| -> ArrayRef {
        Arc::new(UInt64Array::from_iter_values(
            rows.iter().map(|(_, tally)| value(tally)),
        ))
    };
    let reals = |value: &dyn Fn(&PlayerTally) -> Option<f64>| -> ArrayRef {
        Arc::new(
            rows.iter()
                .map(|(_, tally)| value(tally))
                .collect::<Float64Array>(),
        )
    };
    let mut columns: Vec<ArrayRef> = vec![
        Arc::new(
            rows.iter()
                .map(|(cells, _)| cells.as_ref().map(|cells| cells.0))
                .collect::<UInt16Array>(),
        ),
        Arc::new(
            rows.iter()
                .map(|(cells, _)| cells.as_ref().and_then(|cells| cells.1))
                .collect::<UInt16Array>(),
        ),
        Arc::new(StringArray::from_iter_values(rows.iter().map(
            |(cells, _)| cells.as_ref().map_or("total", |cells| cells.2.as_str()),
        ))),
        counts(&PlayerTally::games),
        counts(&PlayerTally::white_games),
        counts(&|tally| tally.score().wins),
        counts(&|tally| tally.score().draws),
        counts(&|tally| tally.score().losses),
        counts(&PlayerTally::unknown),
        reals(&|tally| tally.score().score()),
        reals(&|tally| tally.score().elo()),
        reals(&|tally| tally.score().margin()),
        reals(&|tally| tally.score().los()),
        reals(&|tally| tally.score().draw_ratio()),
        reals(&|tally| tally.white.score()),
        reals(&|tally| tally.black.score()),
    ];
    columns.extend(pair_columns(&pairs, &tests));
    let batch = RecordBatch::try_new(schema.clone(), columns).map_err(value_error)?;
    Ok((schema, batch))
}

/// What a reading was asked for, from the Python arguments.
struct Request {
    archive: Archive,
    cancel: Cancel,
    progress: Progress,
    report: Option<Py<PyAny>>,
}

/// Reads `paths` (one path or a sequence of them) as a list of paths.
fn paths_of(paths: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    if paths.is_instance_of::<PyString>() || paths.hasattr("__fspath__")? {
        return Ok(vec![paths.extract()?]);
    }
    let mut list = Vec::new();
    for path in paths.try_iter()? {
        list.push(path?.extract::<PathBuf>()?);
    }
    if list.is_empty() {
        return Err(PyValueError::new_err(
            "no input: give a path or a list of paths",
        ));
    }
    Ok(list)
}

/// Reads `player`: a name or a sequence of names.
fn names_of(player: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(player) = player else {
        return Ok(Vec::new());
    };
    let names: Vec<String> = if player.is_instance_of::<PyString>() {
        vec![player.extract()?]
    } else {
        player.extract()?
    };
    if let Some(name) = names.iter().find(|name| name.trim().is_empty()) {
        return Err(PyValueError::new_err(format!(
            "player needs a name, not {name:?}"
        )));
    }
    Ok(names)
}

/// The filter of the ratings and tag texts given to `read_games`,
/// `start_stats` and `player_stats` (the players and starts are added by
/// `request`).
fn filter(
    min_elo: Option<u32>,
    max_elo: Option<u32>,
    event: Option<String>,
    variant: Option<String>,
    time_control: Option<String>,
) -> Filter {
    let mut filter = Filter::new();
    if let Some(elo) = min_elo {
        filter = filter.min_elo(elo);
    }
    if let Some(elo) = max_elo {
        filter = filter.max_elo(elo);
    }
    if let Some(text) = &event {
        filter = filter.event(text);
    }
    if let Some(text) = &variant {
        filter = filter.variant(text);
    }
    if let Some(text) = &time_control {
        filter = filter.time_control(text);
    }
    filter
}

/// Builds the archive, its filter (`filter`, with the players and starts
/// added) and its players from the arguments shared by `read_games`,
/// `start_stats` and `player_stats`.
fn request(
    paths: &Bound<'_, PyAny>,
    start: Option<&Bound<'_, PyAny>>,
    player: Option<&Bound<'_, PyAny>>,
    filter: Filter,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Request> {
    let mut filter = filter;
    let names = names_of(player)?;
    let mut players = Players::new();
    for name in &names {
        filter = filter.player(name);
        players.add(name);
    }
    if let Some(start) = start {
        filter = filter.starts(set_of(start)?);
    }
    let cancel = Cancel::new();
    let counters = Progress::new();
    let mut archive = Archive::new()
        .paths(paths_of(paths)?)
        .filter(filter)
        .players(players)
        .cancel(&cancel)
        .progress(&counters);
    if let Some(threads) = threads {
        if threads == 0 {
            return Err(PyValueError::new_err(
                "threads is 1 or more (None: all cores)",
            ));
        }
        archive = archive.threads(threads);
    }
    let report = match progress {
        None => None,
        Some(value) if value.is_callable() => Some(value.clone().unbind()),
        Some(value) => {
            if value.is_truthy()? {
                let py = value.py();
                Some(py.import("chess960._progress")?.getattr("report")?.unbind())
            } else {
                None
            }
        }
    };
    Ok(Request {
        archive,
        cancel,
        progress: counters,
        report,
    })
}

/// Runs `job` on a thread of its own while the Python thread waits with
/// the GIL released, checks for signals every `SLICE` and reports progress.
/// On an exception from a signal handler (Ctrl-C: `KeyboardInterrupt`) it
/// cancels the read, waits for the readers to stop and raises it.
fn run<T: Send + 'static>(
    py: Python<'_>,
    request: &Request,
    total: Option<u64>,
    job: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (sender, receiver) = mpsc::channel();
    let handle = std::thread::Builder::new()
        .name("chess960-read".to_owned())
        .spawn(move || {
            let _ = sender.send(job());
        })
        .map_err(|error| PyOSError::new_err(format!("cannot start a reading thread: {error}")))?;
    let mut reported = Instant::now();
    let report = |final_call: bool| -> PyResult<()> {
        if let Some(report) = &request.report {
            report.call1(py, (request.progress.bytes(), total, final_call))?;
        }
        Ok(())
    };
    let mut receiver = receiver;
    loop {
        // The receiver goes into the closure and comes back (it is `Send`,
        // not `Sync`).
        let (outcome, back) = py.detach(move || (receiver.recv_timeout(SLICE), receiver));
        receiver = back;
        match outcome {
            Ok(value) => {
                let _ = py.detach(|| handle.join());
                report(true)?;
                return Ok(value);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let checked = py.check_signals().and_then(|()| {
                    if reported.elapsed() >= REPORT_EVERY {
                        reported = Instant::now();
                        report(false)?;
                    }
                    Ok(())
                });
                if let Err(error) = checked {
                    // The readers stop at their next check; one blocked on
                    // a pipe or a terminal may not come back soon, so wait
                    // a while only and leave it to finish on its own.
                    request.cancel.cancel();
                    let _ = py.detach(move || receiver.recv_timeout(CANCEL_WAIT));
                    drop(handle);
                    return Err(error);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let message = match py.detach(|| handle.join()) {
                    Err(panic) => panic
                        .downcast_ref::<&str>()
                        .map(|text| (*text).to_owned())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_default(),
                    Ok(()) => String::new(),
                };
                return Err(PyRuntimeError::new_err(format!(
                    "the reading thread stopped unexpectedly: {message}"
                )));
            }
        }
    }
}

/// The summary as a dict; raises `OSError` for an input that could not be
/// read at all (a missing file, a broken compressed stream).
fn summary_dict(py: Python<'_>, summary: &Summary) -> PyResult<Py<PyDict>> {
    if let Some(skip) = summary.input_skips.first() {
        return Err(PyOSError::new_err(skip.to_string()));
    }
    let dict = PyDict::new(py);
    let counts = PyDict::new(py);
    for (name, count) in summary.counts.named() {
        counts.set_item(name, count)?;
    }
    dict.set_item("records", summary.counts.total())?;
    dict.set_item("counts", counts)?;
    dict.set_item("matched", summary.matched)?;
    dict.set_item("skipped", summary.skipped)?;
    let skips: Vec<String> = summary.skips.iter().map(ToString::to_string).collect();
    dict.set_item("skips", PyList::new(py, skips)?)?;
    Ok(dict.unbind())
}

/// Turns the archive's error into a Python exception.
fn read_error(error: &Error) -> PyErr {
    match error {
        Error::Deliver(error) => PyOSError::new_err(error.to_string()),
        other => PyRuntimeError::new_err(other.to_string()),
    }
}

/// Declares a `#[pyfunction]` reading archives with the arguments of
/// `read_games` (`paths`, then the keywords `start` to `progress`), whose
/// body gets the Python token and the `Request` made from them under the
/// two names given.
macro_rules! reading_function {
    (
        $(#[doc = $doc:expr])*
        fn $name:ident($py:ident, $request:ident) -> PyResult<PyTable> $body:block
    ) => {
        $(#[doc = $doc])*
        #[pyfunction]
        #[pyo3(signature = (paths, *, start = None, min_elo = None, max_elo = None, player = None,
                            event = None, variant = None, time_control = None, threads = None,
                            progress = None))]
        #[allow(clippy::too_many_arguments)]
        pub(crate) fn $name(
            $py: Python<'_>,
            paths: &Bound<'_, PyAny>,
            start: Option<&Bound<'_, PyAny>>,
            min_elo: Option<u32>,
            max_elo: Option<u32>,
            player: Option<&Bound<'_, PyAny>>,
            event: Option<String>,
            variant: Option<String>,
            time_control: Option<String>,
            threads: Option<usize>,
            progress: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<PyTable> {
            let filter = filter(min_elo, max_elo, event, variant, time_control);
            let $request = request(paths, start, player, filter, threads, progress)?;
            $body
        }
    };
}

reading_function! {
    /// One row per game of the PGN archives `paths` (plain, `.zst`, `.gz`,
    /// `.bz2` or `.xz`, told by their content; `"-"` is standard input), with
    /// the columns of `chess960 games --games`, as a `Table`.
    ///
    /// `start` keeps games from those starts (a `PositionSet`, set text such
    /// as `"0-99,518"` or `"eval:..10"`, or positions); `min_elo`/`max_elo` bound both players' ratings; `player`
    /// keeps the games of a name or any of several; `event`, `variant` and
    /// `time_control` keep games whose tag contains the text. `threads`
    /// reading threads (None: all cores). `progress`: True reports on
    /// standard error; a callable gets `(bytes_read, total_bytes_or_None,
    /// done)` about twice a second.
    fn read_games(py, request) -> PyResult<PyTable> {
        let archive = request.archive.clone();
        let total = archive.total_size();
        let schema = game_schema();
        let job_schema = schema.clone();
        let result = run(py, &request, total, move || {
            let mut batches = Vec::new();
            let summary = archive.collect(&GameRows, |mut batch| {
                if !batch.part.numbers.is_empty() {
                    batches.push(game_batch(&job_schema, &mut batch));
                }
                Ok(())
            });
            summary.map(|summary| (batches, summary))
        })?;
        let (batches, summary) = result.map_err(|error| read_error(&error))?;
        let summary = summary_dict(py, &summary)?;
        Ok(PyTable::new(schema, batches, summary))
    }
}

/// Reads statistics only (several files side by side on all cores), as the
/// one-batch table that `batch` makes of them.
fn statistics(
    py: Python<'_>,
    request: &Request,
    batch: impl FnOnce(&Summary) -> PyResult<(SchemaRef, RecordBatch)>,
) -> PyResult<PyTable> {
    let archive = request.archive.clone();
    let total = archive.total_size();
    let summary = run(py, request, total, move || archive.statistics())?
        .map_err(|error| read_error(&error))?;
    let (schema, batch) = batch(&summary)?;
    Ok(PyTable::new(
        schema,
        vec![batch],
        summary_dict(py, &summary)?,
    ))
}

reading_function! {
    /// The table of `chess960 games --stats`: per start, the games, White's
    /// wins, draws, Black's wins, games without a result, White's score with
    /// its 95% interval (`ci_low`, `ci_high`) and the players' mean Elo.
    /// Takes the arguments of `read_games` (`player` keeps that player's games).
    fn start_stats(py, request) -> PyResult<PyTable> {
        statistics(py, &request, stats_batch)
    }
}

/// The table of `chess960 games --player`: the player's (a name, or
/// several names of one person) results per start from their side (wins,
/// draws, losses, score, Elo difference with its margin, LOS, draw ratio,
/// score as White and as Black), then the games paired (same start, same
/// opponent, colours reversed): `pairs`, `unpaired`, the pentanomial
/// counts `ptnml_ll` ... `ptnml_ww`, its Elo, normalized Elo, margins and
/// LOS; then a `total` row. `sprt=(elo0, elo1)` (with `alpha`, `beta`,
/// `elo_model` "normalized" or "logistic") adds on the total row the
/// log-likelihood ratio `llr`, its bounds and the verdict `sprt` (H1, H0,
/// continue). Takes the other arguments of `read_games`.
#[pyfunction]
#[pyo3(signature = (paths, player, *, start = None, min_elo = None, max_elo = None,
                    event = None, variant = None, time_control = None, threads = None,
                    progress = None, sprt = None, alpha = 0.05, beta = 0.05,
                    elo_model = "normalized".to_owned()))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn player_stats(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    player: &Bound<'_, PyAny>,
    start: Option<&Bound<'_, PyAny>>,
    min_elo: Option<u32>,
    max_elo: Option<u32>,
    event: Option<String>,
    variant: Option<String>,
    time_control: Option<String>,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
    sprt: Option<(f64, f64)>,
    alpha: f64,
    beta: f64,
    elo_model: String,
) -> PyResult<PyTable> {
    let model = match elo_model.to_ascii_lowercase().as_str() {
        "normalized" => EloModel::Normalized,
        "logistic" => EloModel::Logistic,
        _ => {
            return Err(PyValueError::new_err(format!(
                "elo_model is \"normalized\" or \"logistic\", not {elo_model:?}"
            )));
        }
    };
    let sprt = sprt
        .map(|(elo0, elo1)| Sprt::new(elo0, elo1, alpha, beta, model))
        .transpose()
        .map_err(value_error)?;
    if player.is_none() {
        return Err(PyTypeError::new_err("player_stats needs a player"));
    }
    let filter = filter(min_elo, max_elo, event, variant, time_control);
    let request = request(paths, start, Some(player), filter, threads, progress)?;
    statistics(py, &request, |summary| player_batch(summary, sprt.as_ref()))
}
