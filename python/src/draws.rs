//! Draws: uniform at random, and seeded (`SeededDraw`, `seeded_sample`).

use crate::errors::value_error;
use crate::inputs::required;
use crate::macros::{methods_with_getters, value_class};
use crate::position::PyPosition;
use crate::set::set_of;
use chess960::{Position, SeededDraw, SeededRound};
use pyo3::prelude::*;

/// A position drawn uniformly at random from the operating system's
/// generator, outside `exclude` (a `PositionSet`, set text or iterable of
/// positions) if given. `ValueError` when every position is excluded.
#[pyfunction]
#[pyo3(signature = (exclude = None))]
pub(crate) fn random_position(exclude: Option<&Bound<'_, PyAny>>) -> PyResult<PyPosition> {
    let mut rng = rand::rng();
    match exclude {
        None => Ok(PyPosition(Position::random(&mut rng))),
        Some(exclude) => Position::random_excluding(&mut rng, &set_of(exclude)?)
            .map(PyPosition)
            .map_err(value_error),
    }
}

value_class! {
    /// One round of a seeded draw.
    #[pyclass(name = "SeededRound")]
    #[derive(Clone, Copy, PartialEq, Eq, Hash)]
    pub(crate) struct PySeededRound(SeededRound);
}

methods_with_getters! {
    impl PySeededRound {
        getters {
            /// The round's number, from 1.
            round -> u32;
            /// The position drawn.
            position -> PyPosition = PyPosition;
            /// The attempt (hash counter) that gave it, from 0.
            attempt -> u64;
        }

        fn __repr__(&self) -> String {
            format!(
                "SeededRound(round={}, position=Position({}), attempt={})",
                self.0.round(),
                self.0.position().id(),
                self.0.attempt()
            )
        }

        fn __str__(&self) -> String {
            self.0.to_string()
        }
    }
}

/// The first `rounds` rounds drawn from the text `seed` by the library's
/// documented SHA-256 procedure (`SEEDED_PROCEDURE`): the same seed gives
/// the same rounds everywhere. `exclude` leaves positions out; `distinct`
/// draws no position twice. `ValueError` when too few positions are left.
#[pyfunction]
#[pyo3(signature = (seed, rounds, *, exclude = None, distinct = false))]
pub(crate) fn seeded_draw(
    seed: String,
    rounds: &Bound<'_, PyAny>,
    exclude: Option<&Bound<'_, PyAny>>,
    distinct: bool,
) -> PyResult<Vec<PySeededRound>> {
    let rounds: u32 = required(rounds, "rounds", "a number of rounds from 0 to 4294967295")?;
    let mut draw = SeededDraw::new(&seed).distinct(distinct);
    if let Some(exclude) = exclude {
        draw = draw.excluding(&set_of(exclude)?);
    }
    Ok(draw
        .rounds(rounds)
        .map_err(value_error)?
        .map(PySeededRound)
        .collect())
}

/// `k` of `items`, chosen uniformly at random without replacement by
/// `seed` (the library's `seeded_sample`), in the order drawn.
#[pyfunction]
pub(crate) fn seeded_sample(
    seed: String,
    items: Vec<Py<PyAny>>,
    k: &Bound<'_, PyAny>,
) -> PyResult<Vec<Py<PyAny>>> {
    let k: usize = required(k, "k", "a count from 0 up")?;
    let mut items = items;
    let k = chess960::seeded_sample(&seed, &mut items, k).len();
    items.truncate(k);
    Ok(items)
}

/// `items` in an order fixed by `seed` (the library's `seeded_shuffle`).
#[pyfunction]
pub(crate) fn seeded_shuffle(seed: String, items: Vec<Py<PyAny>>) -> Vec<Py<PyAny>> {
    let mut items = items;
    chess960::seeded_shuffle(&seed, &mut items);
    items
}
