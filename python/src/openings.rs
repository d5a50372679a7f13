//! `opening_stats`: the opening explorer of `chess960 games --openings`,
//! read by `chess960-archive` on Rust threads into one Arrow table.

use crate::errors::value_error;
use crate::filters::Filters;
use crate::inputs::required;
use crate::reading::{input_error, read_error, run, summary_dict};
use crate::table::PyTable;
use chess960_archive::table::openings_batch;
use pyo3::prelude::*;
use pyo3::types::PyDict;

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
#[pyo3(signature = (paths, plies, **filters))]
pub(crate) fn opening_stats(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    plies: &Bound<'_, PyAny>,
    filters: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyTable> {
    let plies: usize = required(plies, "plies", "a number of plies, 1 or more")?;
    if plies == 0 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "plies is 1 or more",
        ));
    }
    let request = Filters::of("opening_stats", filters)?.request(paths)?;
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
