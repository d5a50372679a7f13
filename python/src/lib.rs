//! The Python module `chess960._chess960`, re-exported by the package
//! `chess960` (`chess960/__init__.py`): the library's start positions, sets,
//! draws, books and FEN identification.
//!
//! The bindings hold no logic of their own: each function calls the
//! library and turns its errors into `ValueError`s with the library's
//! message. Modules import one way: `macros` <- `eval`; `errors`, `macros`
//! and `eval` <- `position` <-
//! `set` <- `draws`, `book`, `identify`; `table` <- `stream` <- `games`,
//! `reading` <- `stream`, `games`; `games` also uses `errors`, `inputs`,
//! `output` and `set`; `openings` uses `games`, `reading` and `table`;
//! this file registers them all.

// Under the stable ABI of Python 3.9 a `str` argument arrives as a `String`.
#![allow(clippy::needless_pass_by_value)]
// The doc comments of Python-visible items are their docstrings, written
// for Python readers (PyCapsule, DuckDB, ...), not rustdoc's markdown.
#![allow(clippy::doc_markdown)]

mod book;
mod draws;
mod errors;
mod eval;
mod explorer;
mod filters;
mod games;
mod identify;
mod inputs;
mod macros;
mod openings;
mod output;
mod position;
mod reading;
mod set;
mod stream;
mod table;

use pyo3::prelude::*;

/// The compiled part of the `chess960` package.
#[pymodule]
fn _chess960(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<position::PyPosition>()?;
    m.add_class::<position::PyDoublePosition>()?;
    m.add_class::<position::PyCastling>()?;
    m.add_class::<eval::PyEval>()?;
    m.add_class::<set::PyPositionSet>()?;
    m.add_class::<draws::PySeededRound>()?;
    m.add_class::<identify::PyIdentification>()?;
    m.add_class::<table::PyTable>()?;
    m.add_class::<stream::PyGames>()?;
    m.add_class::<explorer::PyExplorer>()?;
    m.add_function(wrap_pyfunction!(explorer::explorer_index, m)?)?;
    m.add_function(wrap_pyfunction!(explorer::explorer_merge, m)?)?;
    m.add_function(wrap_pyfunction!(games::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(games::start_stats, m)?)?;
    m.add_function(wrap_pyfunction!(games::player_stats, m)?)?;
    m.add_function(wrap_pyfunction!(openings::opening_stats, m)?)?;
    m.add_function(wrap_pyfunction!(games::write_parquet, m)?)?;
    m.add_function(wrap_pyfunction!(draws::random_position, m)?)?;
    m.add_function(wrap_pyfunction!(draws::seeded_draw, m)?)?;
    m.add_function(wrap_pyfunction!(draws::seeded_sample, m)?)?;
    m.add_function(wrap_pyfunction!(draws::seeded_shuffle, m)?)?;
    m.add_function(wrap_pyfunction!(book::book, m)?)?;
    m.add_function(wrap_pyfunction!(identify::identify_fen, m)?)?;
    m.add("SEEDED_PROCEDURE", chess960::SeededDraw::PROCEDURE)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
