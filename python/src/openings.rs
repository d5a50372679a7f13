//! `opening_stats`: the opening explorer of `chess960 games --openings`,
//! read by `chess960-archive` on Rust threads into one Arrow table.

use crate::errors::value_error;
use crate::games::{filter, request};
use crate::inputs::required;
use crate::reading::{input_error, read_error, run, summary_dict};
use crate::table::PyTable;
use chess960_archive::table::openings_batch;
use pyo3::prelude::*;

/// The explorer of the PGN archives `paths`: per start (White's and
/// Black's for double Chess960), one row per sequence of the games' first
/// `plies` plies (a shorter game with all of its), as a `Table` with the
/// columns `white_id`, `black_id`, `rank`, `moves` (the plies in UCI, a
/// list of strings, castling as the king taking its rook), `san` (the same
/// plies in SAN), `games`, `white_wins`, `draws`, `black_wins`, `unknown`,
/// `score` and `mean_elo`; by start, then by games, most first. Only those
/// plies are replayed; a game with a broken move among them is skipped and
/// named in `summary["skips"]`. The games and the keyword arguments are
/// those of `start_stats`.
#[pyfunction]
#[pyo3(signature = (paths, plies, *, start = None, min_elo = None, max_elo = None, player = None,
                    event = None, variant = None, time_control = None, threads = None,
                    progress = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn opening_stats(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    plies: &Bound<'_, PyAny>,
    start: Option<&Bound<'_, PyAny>>,
    min_elo: Option<&Bound<'_, PyAny>>,
    max_elo: Option<&Bound<'_, PyAny>>,
    player: Option<&Bound<'_, PyAny>>,
    event: Option<&Bound<'_, PyAny>>,
    variant: Option<&Bound<'_, PyAny>>,
    time_control: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTable> {
    let plies: usize = required(plies, "plies", "a number of plies, 1 or more")?;
    if plies == 0 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "plies is 1 or more",
        ));
    }
    let filter = filter(min_elo, max_elo, event, variant, time_control)?;
    let request = request(paths, start, player, filter, threads, progress)?;
    let archive = request.archive.clone();
    let total = archive.total_size();
    let found = run(py, &request, total, move || archive.openings(plies))?
        .map_err(|error| read_error(&error))?;
    input_error(&found.summary)?;
    let batch = openings_batch(&found.stats).map_err(value_error)?;
    Ok(PyTable::new(
        batch.schema(),
        vec![batch],
        summary_dict(py, &found.summary)?,
    ))
}
