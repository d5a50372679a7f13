//! The opening explorer's db from Python: `explorer_index` (games into a
//! db, on Rust threads, Ctrl-C stopping it after the batch being written),
//! `explorer_merge` (dbs made apart into one) and `Explorer(db).query(...)` (a position's moves as an Arrow table),
//! `Explorer(db).eval(...)` (a position's engine evaluation),
//! `Explorer(db).evals()` (all of them as an Arrow table),
//! `Explorer(db).games(...)` (a position's games as an Arrow table) and
//! `Explorer(db).game(id)` (one game as PGN).

use crate::filters::Filters;
use crate::reading::{input_error, read_error, run, summary_dict};
use crate::table::PyTable;
use arrow_array::{
    ArrayRef, Int32Array, RecordBatch, StringArray, UInt16Array, UInt32Array, UInt64Array,
};
use arrow_schema::{DataType, Field, Schema};
use chess960_explorer::eval::{Eval, Score};
use chess960_explorer::game::Outcome;
use chess960_explorer::query::{GameRef, Month, Query, RatingGroup, Speed};
use chess960_explorer::{Error, Explorer, GamesQuery, IndexOptions, ListedGame};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::path::PathBuf;
use std::sync::Arc;

/// A db's error as a Python exception: `OSError` for the db itself
/// (missing, busy, another version), `KeyboardInterrupt` aside.
fn db_error(error: &Error) -> PyErr {
    match error {
        Error::Settings { .. } | Error::Overlap { .. } => PyValueError::new_err(error.to_string()),
        _ => PyOSError::new_err(error.to_string()),
    }
}

/// Indexes the games of the PGN archives `paths` into the db in folder
/// `db` (made if missing): for each Chess960, double Chess960 or standard
/// game with a result, the move played at each of its first `plies` plies
/// is added to the position it was played from. A game already in the db
/// is not counted again. `player` (a name or a list of names) makes a
/// player's db. Returns a dict: `added`, `duplicates`, `other_kinds`,
/// `undecided`, `not_the_player`, `batches` and the reading's `records`,
/// `counts`, `matched`, `skipped`, `skips`.
#[pyfunction]
#[pyo3(signature = (paths, db, *, plies = 50, **filters))]
pub(crate) fn explorer_index(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    db: PathBuf,
    plies: u32,
    filters: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyDict>> {
    if plies == 0 {
        return Err(PyValueError::new_err("plies is 1 or more"));
    }
    let filters = Filters::of("explorer_index", filters)?;
    let players = filters.player_names()?;
    let request = filters.request(paths)?;
    let archive = request.archive.clone();
    let total = archive.total_size();
    let options = IndexOptions {
        plies,
        players,
        ..IndexOptions::default()
    };
    let summary = run(py, &request, total, move || {
        chess960_explorer::index(&archive, &db, &options)
    })?
    .map_err(|error| match error {
        Error::Cancelled => read_error(&chess960_archive::Error::Cancelled(Box::default())),
        other => db_error(&other),
    })?;
    input_error(&summary.reading)?;
    let dict = summary_dict(py, &summary.reading)?;
    let bound = dict.bind(py);
    bound.set_item("added", summary.added)?;
    bound.set_item("duplicates", summary.duplicates)?;
    bound.set_item("other_kinds", summary.other_kinds)?;
    bound.set_item("undecided", summary.undecided)?;
    bound.set_item("not_the_player", summary.not_the_player)?;
    bound.set_item("batches", summary.batches)?;
    Ok(dict)
}

/// Merges the dbs in folders `dbs` into the db in folder `into` (made if
/// missing), which then answers as one indexing of all their games would.
/// A db whose games are all in `into` already is passed over; one that
/// shares only some is refused (`ValueError`). Returns a dict: `merged`,
/// `already`, `games`, `positions`.
#[pyfunction]
pub(crate) fn explorer_merge(
    py: Python<'_>,
    dbs: Vec<PathBuf>,
    into: PathBuf,
) -> PyResult<Py<PyDict>> {
    let summary = py
        .detach(|| chess960_explorer::merge(&dbs, &into))
        .map_err(|error| db_error(&error))?;
    let dict = PyDict::new(py);
    dict.set_item("merged", summary.merged)?;
    dict.set_item("already", summary.already)?;
    dict.set_item("games", summary.games)?;
    dict.set_item("positions", summary.positions)?;
    Ok(dict.unbind())
}

/// An explorer db opened read-only.
#[pyclass(name = "Explorer", module = "chess960", frozen)]
pub(crate) struct PyExplorer {
    explorer: Arc<Explorer>,
}

/// A list of words (`None`, a `str` of comma-separated words, or an
/// iterable of `str`) read as `T`, naming `argument` when one is wrong.
fn words<T: std::str::FromStr>(
    value: Option<&Bound<'_, PyAny>>,
    argument: &str,
) -> PyResult<Option<Vec<T>>>
where
    T::Err: std::fmt::Display,
{
    let Some(value) = value.filter(|value| !value.is_none()) else {
        return Ok(None);
    };
    let list: Vec<String> = if let Ok(text) = value.cast::<PyString>() {
        text.to_cow()?.split(',').map(str::to_owned).collect()
    } else {
        let mut list = Vec::new();
        for item in value.try_iter()? {
            let item = item?;
            // A rating group may be given as an int.
            list.push(item.str()?.to_cow()?.into_owned());
        }
        list
    };
    list.iter()
        .map(|word| {
            word.trim()
                .parse()
                .map_err(|error| PyValueError::new_err(format!("{argument}: {error}")))
        })
        .collect::<PyResult<Vec<T>>>()
        .map(Some)
}

/// A question's position and filters from the arguments of
/// `Explorer.query` and `Explorer.games`.
#[allow(clippy::too_many_arguments)]
fn read_query(
    start: Option<u16>,
    fen: Option<String>,
    play: Option<&Bound<'_, PyAny>>,
    speeds: Option<&Bound<'_, PyAny>>,
    ratings: Option<&Bound<'_, PyAny>>,
    since: Option<String>,
    until: Option<String>,
    color: Option<String>,
) -> PyResult<Query> {
    let month = |text: Option<String>, argument: &str| -> PyResult<Option<Month>> {
        text.map(|text| {
            text.parse()
                .map_err(|error| PyValueError::new_err(format!("{argument}: {error}")))
        })
        .transpose()
    };
    let color = match color.as_deref() {
        None => None,
        Some("white") => Some(chess960::Color::White),
        Some("black") => Some(chess960::Color::Black),
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "color: {other:?} is not white or black"
            )));
        }
    };
    let play: Vec<String> = words::<String>(play, "play")?.unwrap_or_default();
    Ok(Query {
        start,
        fen,
        play: play.into_iter().filter(|word| !word.is_empty()).collect(),
        speeds: words::<Speed>(speeds, "speeds")?,
        ratings: words::<RatingGroup>(ratings, "ratings")?,
        since: month(since, "since")?,
        until: month(until, "until")?,
        color,
        moves: None,
        top_games: 0,
        recent_games: 0,
        history: false,
    })
}

/// A game as a dict.
fn game_dict<'py>(py: Python<'py>, game: &GameRef) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("uci", &game.uci)?;
    dict.set_item("id", &game.id)?;
    dict.set_item("winner", game.winner)?;
    dict.set_item("speed", game.speed.name())?;
    dict.set_item("white", &game.white.name)?;
    dict.set_item("white_rating", game.white.rating)?;
    dict.set_item("black", &game.black.name)?;
    dict.set_item("black_rating", game.black.rating)?;
    dict.set_item("month", &game.month)?;
    Ok(dict)
}

/// An evaluation as a dict: `pvs` (each `moves` and `cp` or `mate`),
/// `depth`, `knodes`, `engine`, `nodes`, `multipv`, `hash`.
fn eval_dict<'py>(py: Python<'py>, eval: &Eval) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let pvs = eval
        .pvs
        .iter()
        .map(|pv| {
            let line = PyDict::new(py);
            line.set_item("moves", &pv.moves)?;
            match pv.score {
                Score::Cp(cp) => line.set_item("cp", cp)?,
                Score::Mate(n) => line.set_item("mate", n)?,
            }
            Ok(line)
        })
        .collect::<PyResult<Vec<_>>>()?;
    dict.set_item("pvs", PyList::new(py, pvs)?)?;
    dict.set_item("depth", eval.depth)?;
    dict.set_item("knodes", eval.knodes)?;
    dict.set_item("engine", &eval.engine)?;
    dict.set_item("nodes", eval.nodes)?;
    dict.set_item("multipv", eval.multipv)?;
    dict.set_item("hash", eval.hash)?;
    Ok(dict)
}

#[pymethods]
impl PyExplorer {
    /// Opens the db in folder `db` (`OSError` when there is none, another
    /// process writes it, or it is of another format version).
    #[new]
    fn new(py: Python<'_>, db: PathBuf) -> PyResult<PyExplorer> {
        let explorer = py
            .detach(|| Explorer::open(&db))
            .map_err(|error| db_error(&error))?;
        Ok(PyExplorer {
            explorer: Arc::new(explorer),
        })
    }

    /// The moves played from a position (a start, 0..=959, or a FEN; then
    /// the UCI moves of `play`), most played first, as a `Table`: `uci`
    /// (castling as the king taking its rook), `san`, `games`, `white`,
    /// `draws`, `black`, `average_rating` (of the player to move). The
    /// table's `summary` holds the totals (`white`, `draws`, `black`,
    /// `games`), the `top_games` and `recent_games` (dicts), and `eval`,
    /// the position's engine evaluation (as `eval` gives it, or `None`). Filters:
    /// `speeds` (names), `ratings` (groups 0, 1000, ..., 2800), `since` and
    /// `until` (`YYYY-MM`); `color` in a player's db. A bad argument is a
    /// `ValueError` naming it.
    #[pyo3(signature = (start = None, fen = None, play = None, speeds = None, ratings = None,
                        since = None, until = None, color = None, top_games = 4, recent_games = 4))]
    #[allow(clippy::too_many_arguments)]
    fn query(
        &self,
        py: Python<'_>,
        start: Option<u16>,
        fen: Option<String>,
        play: Option<&Bound<'_, PyAny>>,
        speeds: Option<&Bound<'_, PyAny>>,
        ratings: Option<&Bound<'_, PyAny>>,
        since: Option<String>,
        until: Option<String>,
        color: Option<String>,
        top_games: usize,
        recent_games: usize,
    ) -> PyResult<PyTable> {
        let mut query = read_query(start, fen, play, speeds, ratings, since, until, color)?;
        query.top_games = top_games;
        query.recent_games = recent_games;
        let explorer = Arc::clone(&self.explorer);
        let answer = py
            .detach(move || explorer.query(&query))
            .map_err(|error| PyValueError::new_err(error.to_string()))?;
        let moves = &answer.moves;
        let schema = Arc::new(Schema::new(vec![
            Field::new("uci", DataType::Utf8, false),
            Field::new("san", DataType::Utf8, false),
            Field::new("games", DataType::UInt64, false),
            Field::new("white", DataType::UInt64, false),
            Field::new("draws", DataType::UInt64, false),
            Field::new("black", DataType::UInt64, false),
            Field::new("average_rating", DataType::UInt32, true),
        ]));
        let columns: Vec<ArrayRef> = vec![
            Arc::new(StringArray::from_iter_values(
                moves.iter().map(|m| m.uci.as_str()),
            )),
            Arc::new(StringArray::from_iter_values(
                moves.iter().map(|m| m.san.as_str()),
            )),
            Arc::new(UInt64Array::from_iter_values(
                moves.iter().map(|m| m.white + m.draws + m.black),
            )),
            Arc::new(UInt64Array::from_iter_values(moves.iter().map(|m| m.white))),
            Arc::new(UInt64Array::from_iter_values(moves.iter().map(|m| m.draws))),
            Arc::new(UInt64Array::from_iter_values(moves.iter().map(|m| m.black))),
            Arc::new(UInt32Array::from(
                moves.iter().map(|m| m.average_rating).collect::<Vec<_>>(),
            )),
        ];
        let batch = RecordBatch::try_new(Arc::clone(&schema), columns)
            .map_err(|error| PyValueError::new_err(error.to_string()))?;
        let summary = PyDict::new(py);
        summary.set_item("white", answer.white)?;
        summary.set_item("draws", answer.draws)?;
        summary.set_item("black", answer.black)?;
        summary.set_item("games", answer.white + answer.draws + answer.black)?;
        let games = |list: &[GameRef]| -> PyResult<Bound<'_, PyList>> {
            let dicts = list
                .iter()
                .map(|game| game_dict(py, game))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, dicts)
        };
        summary.set_item("top_games", games(&answer.top_games)?)?;
        summary.set_item("recent_games", games(&answer.recent_games)?)?;
        let eval = answer
            .eval
            .as_ref()
            .map(|eval| eval_dict(py, eval))
            .transpose()?;
        summary.set_item("eval", eval)?;
        Ok(PyTable::new(schema, vec![batch], summary.unbind()))
    }

    /// Whether the db holds one player's games.
    fn is_player_db(&self) -> bool {
        self.explorer.is_player_db()
    }

    /// Without arguments: the games in the db (an `int`). With a
    /// position (a start, 0..=959, or a FEN; then the UCI moves of
    /// `play`): every game that reached it within the indexed plies,
    /// newest first, then by id, as a `Table`: `id`, `white`,
    /// `white_rating`, `black`, `black_rating`, `result`, `speed`,
    /// `month`, `uci` and `san` (the move it played there); its
    /// `summary` holds `total` (the games that pass the filters, all
    /// pages). Filters as `query`'s, and `player` (`color`: the player's
    /// colour), `result` (`1-0`, `0-1`, `1/2-1/2`); `limit` (default all)
    /// and `offset`. A bad argument is a `ValueError` naming it.
    #[pyo3(signature = (start = None, fen = None, play = None, speeds = None, ratings = None,
                        since = None, until = None, color = None, player = None, result = None,
                        limit = None, offset = 0))]
    #[allow(clippy::too_many_arguments)]
    fn games(
        &self,
        py: Python<'_>,
        start: Option<u16>,
        fen: Option<String>,
        play: Option<&Bound<'_, PyAny>>,
        speeds: Option<&Bound<'_, PyAny>>,
        ratings: Option<&Bound<'_, PyAny>>,
        since: Option<String>,
        until: Option<String>,
        color: Option<String>,
        player: Option<String>,
        result: Option<String>,
        limit: Option<usize>,
        offset: usize,
    ) -> PyResult<Py<PyAny>> {
        let no_position =
            start.is_none() && fen.is_none() && play.is_none_or(PyAnyMethods::is_none);
        let no_filter = speeds.is_none_or(PyAnyMethods::is_none)
            && ratings.is_none_or(PyAnyMethods::is_none)
            && [&since, &until, &color, &player, &result]
                .iter()
                .all(|value| value.is_none())
            && limit.is_none()
            && offset == 0;
        if no_position && no_filter {
            let count = self.explorer.games().map_err(|error| db_error(&error))?;
            return Ok(count.into_pyobject(py)?.into_any().unbind());
        }
        let result = match result.as_deref() {
            None => None,
            Some(text) => Some(Outcome::of(text).ok_or_else(|| {
                PyValueError::new_err(format!("result: {text:?} is not 1-0, 0-1 or 1/2-1/2"))
            })?),
        };
        let search = GamesQuery {
            query: read_query(start, fen, play, speeds, ratings, since, until, color)?,
            player,
            result,
            limit: limit.unwrap_or(usize::MAX),
            offset,
        };
        let explorer = Arc::clone(&self.explorer);
        let page = py
            .detach(move || explorer.games_at(&search))
            .map_err(|error| PyValueError::new_err(error.to_string()))?;
        let games = &page.games;
        let text = |f: fn(&ListedGame) -> &str| -> ArrayRef {
            Arc::new(StringArray::from_iter_values(games.iter().map(f)))
        };
        let rating = |f: fn(&ListedGame) -> Option<u16>| -> ArrayRef {
            Arc::new(UInt16Array::from(games.iter().map(f).collect::<Vec<_>>()))
        };
        let schema = Arc::new(Schema::new(vec![
            Field::new("id", DataType::Utf8, false),
            Field::new("white", DataType::Utf8, false),
            Field::new("white_rating", DataType::UInt16, true),
            Field::new("black", DataType::Utf8, false),
            Field::new("black_rating", DataType::UInt16, true),
            Field::new("result", DataType::Utf8, false),
            Field::new("speed", DataType::Utf8, false),
            Field::new("month", DataType::Utf8, false),
            Field::new("uci", DataType::Utf8, false),
            Field::new("san", DataType::Utf8, false),
        ]));
        let columns: Vec<ArrayRef> = vec![
            text(|g| g.id.as_str()),
            text(|g| g.white.name.as_str()),
            rating(|g| g.white.rating),
            text(|g| g.black.name.as_str()),
            rating(|g| g.black.rating),
            text(|g| g.result),
            text(|g| g.speed.name()),
            text(|g| g.month.as_str()),
            text(|g| g.uci.as_str()),
            text(|g| g.san.as_str()),
        ];
        let batch = RecordBatch::try_new(Arc::clone(&schema), columns)
            .map_err(|error| PyValueError::new_err(error.to_string()))?;
        let summary = PyDict::new(py);
        summary.set_item("total", page.total)?;
        let table = PyTable::new(schema, vec![batch], summary.unbind());
        Ok(table.into_pyobject(py)?.into_any().unbind())
    }

    /// The game of id `id` as PGN text (`KeyError` when the db has no
    /// such game).
    fn game(&self, py: Python<'_>, id: String) -> PyResult<String> {
        let explorer = Arc::clone(&self.explorer);
        let wanted = id.clone();
        match py.detach(move || explorer.game(&wanted)) {
            Ok(Some(game)) => Ok(game.pgn),
            Ok(None) => Err(pyo3::exceptions::PyKeyError::new_err(format!(
                "no game of id {id:?}"
            ))),
            Err(error) => Err(db_error(&error)),
        }
    }

    /// The engine's evaluation of a position (a start, 0..=959, or a FEN;
    /// then the UCI moves of `play`), as stored by `chess960 explorer
    /// analyse`: a dict (`pvs`, a list of `{moves, cp | mate}` from
    /// White's side; `depth`, `knodes`, `engine`, `nodes`, `multipv`,
    /// `hash`), or `None` when the db holds none. A bad argument is a
    /// `ValueError` naming it.
    #[pyo3(signature = (fen = None, start = None, play = None))]
    fn eval<'py>(
        &self,
        py: Python<'py>,
        fen: Option<String>,
        start: Option<u16>,
        play: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let play: Vec<String> = words::<String>(play, "play")?.unwrap_or_default();
        let query = Query {
            start,
            fen,
            play: play.into_iter().filter(|word| !word.is_empty()).collect(),
            ..Query::default()
        };
        let explorer = Arc::clone(&self.explorer);
        let eval = py
            .detach(move || explorer.eval(&query))
            .map_err(|error| PyValueError::new_err(error.to_string()))?;
        let Some(eval) = eval else {
            return Ok(None);
        };
        Ok(Some(eval_dict(py, &eval)?.into_any()))
    }

    /// Every evaluation of the db as a `Table`, one row a line, in order
    /// of position key: `fen` (without move counters), `line` (1 for the
    /// best), `moves` (UCI), `cp` and `mate` (from White's side, one of
    /// them null), `depth`, `knodes`, `engine`, `nodes`, `multipv`,
    /// `hash`.
    fn evals(&self, py: Python<'_>) -> PyResult<PyTable> {
        let explorer = Arc::clone(&self.explorer);
        let mut rows: Vec<(String, u32, Eval)> = Vec::new();
        py.detach(|| {
            explorer.each_eval(|_, fen, eval| {
                rows.push((fen, 0, eval));
                Ok(())
            })
        })
        .map_err(|error| db_error(&error))?;
        let lines = || {
            rows.iter().flat_map(|(fen, _, eval)| {
                (1u32..)
                    .zip(&eval.pvs)
                    .map(move |(line, pv)| (fen, line, pv, eval))
            })
        };
        let schema = Arc::new(Schema::new(vec![
            Field::new("fen", DataType::Utf8, false),
            Field::new("line", DataType::UInt32, false),
            Field::new("moves", DataType::Utf8, false),
            Field::new("cp", DataType::Int32, true),
            Field::new("mate", DataType::Int32, true),
            Field::new("depth", DataType::UInt32, false),
            Field::new("knodes", DataType::UInt64, false),
            Field::new("engine", DataType::Utf8, false),
            Field::new("nodes", DataType::UInt64, false),
            Field::new("multipv", DataType::UInt32, false),
            Field::new("hash", DataType::UInt32, false),
        ]));
        let columns: Vec<ArrayRef> = vec![
            Arc::new(StringArray::from_iter_values(lines().map(|l| l.0.as_str()))),
            Arc::new(UInt32Array::from_iter_values(lines().map(|l| l.1))),
            Arc::new(StringArray::from_iter_values(
                lines().map(|l| l.2.moves.as_str()),
            )),
            Arc::new(Int32Array::from(
                lines()
                    .map(|l| match l.2.score {
                        Score::Cp(cp) => Some(cp),
                        Score::Mate(_) => None,
                    })
                    .collect::<Vec<_>>(),
            )),
            Arc::new(Int32Array::from(
                lines()
                    .map(|l| match l.2.score {
                        Score::Mate(n) => Some(n),
                        Score::Cp(_) => None,
                    })
                    .collect::<Vec<_>>(),
            )),
            Arc::new(UInt32Array::from_iter_values(lines().map(|l| l.3.depth))),
            Arc::new(UInt64Array::from_iter_values(lines().map(|l| l.3.knodes))),
            Arc::new(StringArray::from_iter_values(
                lines().map(|l| l.3.engine.as_str()),
            )),
            Arc::new(UInt64Array::from_iter_values(lines().map(|l| l.3.nodes))),
            Arc::new(UInt32Array::from_iter_values(lines().map(|l| l.3.multipv))),
            Arc::new(UInt32Array::from_iter_values(lines().map(|l| l.3.hash))),
        ];
        let batch = RecordBatch::try_new(Arc::clone(&schema), columns)
            .map_err(|error| PyValueError::new_err(error.to_string()))?;
        let summary = PyDict::new(py);
        summary.set_item("positions", rows.len())?;
        Ok(PyTable::new(schema, vec![batch], summary.unbind()))
    }
}
