//! `identify_fen`: which start a FEN comes from, and how it departs from it.

use crate::errors::value_error;
use crate::position::{PyDoublePosition, PyPosition};
use chess960::Identification;
use pyo3::prelude::*;

/// What `identify_fen` found: the start a FEN's board stands on, and the
/// fields that depart from the start's own FEN.
#[pyclass(
    name = "Identification",
    module = "chess960",
    skip_from_py_object,
    frozen,
    eq,
    hash
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyIdentification(Identification);

#[pymethods]
impl PyIdentification {
    /// The start, as a double position (White's and Black's ranks).
    #[getter]
    fn start(&self) -> PyDoublePosition {
        PyDoublePosition(self.0.start())
    }

    /// The start as a single Chess960 position, or None when Black's rank
    /// does not mirror White's.
    #[getter]
    fn single(&self) -> Option<PyPosition> {
        self.0.single().map(PyPosition)
    }

    /// Whether the FEN is exactly the start's own (no departures).
    #[getter]
    fn is_exact(&self) -> bool {
        self.0.is_exact()
    }

    /// The departures from the start's FEN, each as the library words it.
    #[getter]
    fn departures(&self) -> Vec<String> {
        self.0
            .departures()
            .iter()
            .map(|departure| departure.to_string())
            .collect()
    }

    /// The FEN again, castling rights in `"x-fen"` or `"shredder"` letters.
    #[pyo3(signature = (style = "x-fen".to_owned()))]
    fn fen(&self, style: String) -> PyResult<String> {
        Ok(match crate::position::fen_style(&style)? {
            chess960::FenStyle::XFen => format!("{}", self.0),
            chess960::FenStyle::Shredder => format!("{:#}", self.0),
        })
    }

    fn __repr__(&self) -> String {
        format!("identify_fen({:?})", self.0.to_string())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }
}

/// Identifies the start position of a FEN whose board is a Chess960 start
/// (single or double), saying how its other fields depart from the start's
/// FEN. `ValueError` with the library's message when it is not one.
#[pyfunction]
pub(crate) fn identify_fen(fen: String) -> PyResult<PyIdentification> {
    chess960::identify_fen(&fen)
        .map(PyIdentification)
        .map_err(value_error)
}
