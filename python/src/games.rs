//! `read_games`, `start_stats`, `player_stats`: game archives read by
//! `chess960-archive` on Rust threads into Arrow record batches, with the
//! columns of `chess960 games --games`, `--stats` and `--player`.
//!
//! `read_games` gives a `Games` stream (`stream`), read when consumed;
//! the statistics are read at once (`reading::run`), the Python thread
//! waiting with the GIL released.

use crate::errors::value_error;
use crate::filters::Filters;
use crate::inputs::{flag, real, text, type_name};
use crate::output::Output;
use crate::reading::{Request, input_error, read_error, run, summary_dict};
use crate::stream::{Job, Message, PyGames};
use crate::table::PyTable;
use arrow_array::RecordBatch;
use chess960_archive::Summary;
use chess960_archive::table::{Columns, Table};
use chess960_games::stats::{EloModel, Sprt};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::sync::Arc;

/// The table of `columns` (None: those of `chess960 games --games`; a
/// list, or a text of names separated by commas; `"all"`: every column),
/// `tags` (tag names, each a text column) and, with `moves`, `plies` and
/// `moves`, as `chess960 games --columns ... --tag ... --moves` chooses
/// them; a bad name is a `ValueError`.
fn table_of(
    columns: Option<&Bound<'_, PyAny>>,
    tags: Option<&Bound<'_, PyAny>>,
    moves: bool,
) -> PyResult<Table> {
    let mut chosen = match columns.filter(|columns| !columns.is_none()) {
        None => Columns::default(),
        Some(columns) => {
            let names = names_in(columns, "columns")?;
            Columns::parse(&names.join(","))
                .map_err(|error| PyValueError::new_err(format!("columns: {error}")))?
        }
    };
    if let Some(tags) = tags.filter(|tags| !tags.is_none()) {
        for name in names_in(tags, "tags")? {
            chosen = chosen
                .tag(&name)
                .map_err(|error| PyValueError::new_err(format!("tags: {error}")))?;
        }
    }
    if moves {
        chosen = chosen
            .with_moves()
            .map_err(|error| PyValueError::new_err(format!("moves: {error}")))?;
    }
    Ok(Table::new(chosen))
}

/// Names: one text, or a sequence of texts (a text with commas in
/// `columns` is a list too).
fn names_in(value: &Bound<'_, PyAny>, argument: &str) -> PyResult<Vec<String>> {
    if value.is_instance_of::<PyString>() {
        return Ok(vec![value.extract()?]);
    }
    let names: Vec<String> = value
        .extract()
        .map_err(|_| PyTypeError::new_err(format!("{argument} is a text or a list of texts")))?;
    if names.iter().any(|name| name.contains(',')) && argument == "tags" {
        return Err(PyValueError::new_err("tags: a tag name has no comma"));
    }
    Ok(names)
}

/// The table of `chess960 games --stats`: one row per start.
fn stats_batch(summary: &Summary) -> PyResult<RecordBatch> {
    chess960_archive::table::stats_batch(&summary.stats).map_err(value_error)
}

/// The table of `chess960 games --player`: one row per start, then the
/// total (`rank` "total", no ids).
fn player_batch(summary: &Summary, sprt: Option<&Sprt>) -> PyResult<RecordBatch> {
    chess960_archive::table::player_batch(&summary.player, sprt).map_err(value_error)
}

/// Declares a `#[pyfunction]` reading archives with `paths`, the
/// function's own arguments and the shared keywords (`**filters`, read by
/// `Filters`), whose body gets the Python token and the `Request` made
/// from them under the two names given.
macro_rules! reading_function {
    (
        $(#[doc = $doc:expr])*
        fn $name:ident($py:ident, $request:ident $(, $pos:ident: $pty:ty)*;
                       $($kw:ident: $kty:ty = $kdef:expr),*) -> PyResult<$ret:ty> $body:block
    ) => {
        $(#[doc = $doc])*
        #[pyfunction]
        #[pyo3(signature = (paths, $($pos,)* * $(, $kw = $kdef)*, **filters))]
        pub(crate) fn $name(
            $py: Python<'_>,
            paths: &Bound<'_, PyAny>,
            $($pos: $pty,)*
            $($kw: $kty,)*
            filters: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<$ret> {
            let $request = Filters::of(stringify!($name), filters)?.request(paths)?;
            $body
        }
    };
}

reading_function! {
    /// One row per game of the PGN archives `paths`, as a `Games` stream
    /// read when it is consumed (`pyarrow.table(games)`, `polars.DataFrame`,
    /// DuckDB, or `games.read_all()`). `paths`: a path (str, bytes,
    /// os.PathLike; `"-"` is standard input) or a binary file-like object
    /// (anything whose `read(n)` gives bytes), or a list of them; plain,
    /// zstd, gzip, bzip2 or xz, told by their content.
    ///
    /// `columns`: None for those of `chess960 games --games`, or names (a
    /// list, or one text separated by commas; `"all"` for every one), as
    /// `--columns`; `tags`: other tags, each a text column named as the tag;
    /// `moves=True` adds `plies` (uint16) and `moves` (a list of the UCI
    /// moves of the main line, replayed with full legality, castling in the
    /// game's notation), as `--moves`: a game whose moves cannot be
    /// replayed keeps its row with nulls and is named in `summary["skips"]`.
    ///
    /// `start` keeps games from those starts (a `PositionSet`, set text such
    /// as `"0-99,518"` or `"eval:..10"`, or positions); `min_elo`/`max_elo` bound both players' ratings; `player`
    /// keeps the games of a name or any of several; `event` and `variant`
    /// keep games whose tag contains the text (ignoring case),
    /// `time_control` those whose `TimeControl` is the text exactly
    /// (`"180+2"`). `threads`
    /// reading threads (None: all cores). `progress`: True reports on
    /// standard error; a callable gets `(bytes_read, total_bytes_or_None,
    /// done)` about twice a second.
    fn read_games(py, request; columns: Option<&Bound<'_, PyAny>> = None,
                  tags: Option<&Bound<'_, PyAny>> = None, moves: Option<&Bound<'_, PyAny>> = None) -> PyResult<PyGames> {
        let _ = py;
        let columns = table_of(columns, tags, flag(moves, "moves")?)?;
        let archive = request.archive.clone();
        let table = Arc::new(columns);
        let schema = table.schema();
        let job: Job = Box::new(move |sender| {
            // The games whose moves could not be replayed (`moves=True`).
            let mut skips = Vec::new();
            let read = archive.collect(&*table, |mut batch| {
                let base = batch.base;
                skips.extend(batch.part.take_skips().into_iter().map(|mut skip| {
                    skip.number = skip.number.map(|number| number + base);
                    skip
                }));
                if batch.part.is_empty() {
                    return Ok(());
                }
                let batch = table.batch(&mut batch).map_err(std::io::Error::other)?;
                sender
                    .send(Message::Batch(batch))
                    .map_err(|_| std::io::Error::other("the consumer of the games went away"))
            });
            read.map(|mut summary| {
                summary.skip_in_order(skips, archive.inputs());
                summary
            })
        });
        Ok(PyGames::new(schema, request, job))
    }
}

reading_function! {
    /// Reads the PGN archives `paths` (as `read_games`) into a Parquet file
    /// `out` (a path, or a binary file open for writing), zstd-compressed,
    /// a row group per part as the parts arrive in input order: memory
    /// stays bounded whatever the inputs' size. `columns`, `tags` and
    /// `moves` choose the columns as in `read_games`. Returns the reading's summary (as
    /// `Table.summary`). An input that cannot be read to its end (a `.zst`
    /// cut short, not PGN) still leaves a complete Parquet file holding
    /// every row read before the fault, then raises `OSError` naming the
    /// input and the byte.
    fn write_parquet(py, request, out: &Bound<'_, PyAny>; columns: Option<&Bound<'_, PyAny>> = None,
                     tags: Option<&Bound<'_, PyAny>> = None, moves: Option<&Bound<'_, PyAny>> = None) -> PyResult<Py<PyDict>> {
        let columns = table_of(columns, tags, flag(moves, "moves")?)?;
        let output = Output::of(out, &request.archive)?;
        let archive = request.archive.clone();
        let total = archive.total_size();
        let written = run(py, &request, total, move || {
            let result = chess960_archive::table::write_parquet(&archive, &columns, output);
            result.map(|(summary, output)| (summary, output.finish()))
        })?;
        let (summary, finished) = written.map_err(|error| read_error(&error))?;
        finished.map_err(|error| PyOSError::new_err(format!("cannot write the Parquet file: {error}")))?;
        input_error(&summary)?;
        summary_dict(py, &summary)
    }
}

/// Reads statistics only (several files side by side on all cores), as the
/// one-batch table that `batch` makes of them.
fn statistics(
    py: Python<'_>,
    request: &Request,
    batch: impl FnOnce(&Summary) -> PyResult<RecordBatch>,
) -> PyResult<PyTable> {
    let archive = request.archive.clone();
    let total = archive.total_size();
    let summary = run(py, request, total, move || archive.statistics())?
        .map_err(|error| read_error(&error))?;
    input_error(&summary)?;
    let batch = batch(&summary)?;
    Ok(PyTable::new(
        batch.schema(),
        vec![batch],
        summary_dict(py, &summary)?,
    ))
}

reading_function! {
    /// The table of `chess960 games --stats`, read at once: per start, the
    /// games, White's wins, draws, Black's wins, games without a result,
    /// White's score with its 95% interval (`ci_low`, `ci_high`) and the
    /// players' mean Elo. Takes the arguments of `read_games` but `columns`
    /// and `tags` (`player` keeps that player's games).
    fn start_stats(py, request;) -> PyResult<PyTable> {
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
#[pyo3(signature = (paths, player, *, sprt = None, alpha = None, beta = None, elo_model = None,
                    **filters))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn player_stats(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    player: &Bound<'_, PyAny>,
    sprt: Option<&Bound<'_, PyAny>>,
    alpha: Option<&Bound<'_, PyAny>>,
    beta: Option<&Bound<'_, PyAny>>,
    elo_model: Option<&Bound<'_, PyAny>>,
    filters: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyTable> {
    let sprt = match sprt.filter(|sprt| !sprt.is_none()) {
        None => None,
        Some(bounds) => Some(bounds.extract::<(f64, f64)>().map_err(|_| {
            PyTypeError::new_err(format!(
                "sprt is (elo0, elo1), two numbers, not {}",
                type_name(bounds)
            ))
        })?),
    };
    let alpha = real(alpha, "alpha")?.unwrap_or(0.05);
    let beta = real(beta, "beta")?.unwrap_or(0.05);
    let elo_model = text(elo_model, "elo_model")?.unwrap_or_else(|| "normalized".to_owned());
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
    let request = Filters::of("player_stats", filters)?
        .with_player("player_stats", player)?
        .request(paths)?;
    statistics(py, &request, |summary| player_batch(summary, sprt.as_ref()))
}
