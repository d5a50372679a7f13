//! `identify_fen`: which start a FEN comes from, and how it departs from it.

use crate::errors::value_error;
use crate::macros::{methods_with_getters, value_class};
use crate::position::{PyDoublePosition, PyPosition};
use chess960::Identification;
use pyo3::prelude::*;

value_class! {
    /// What `identify_fen` found: the start a FEN's board stands on, and the
    /// fields that depart from the start's own FEN.
    #[pyclass(name = "Identification")]
    #[derive(Clone, Copy, PartialEq, Eq, Hash)]
    pub(crate) struct PyIdentification(Identification);
}

methods_with_getters! {
    impl PyIdentification {
        getters {
            /// The start, as a double position (White's and Black's ranks).
            start -> PyDoublePosition = PyDoublePosition;
            /// Whether the FEN is exactly the start's own (no departures).
            is_exact -> bool;
        }

        /// The start as a single Chess960 position, or None when Black's rank
        /// does not mirror White's.
        #[getter]
        fn single(&self) -> Option<PyPosition> {
            self.0.single().map(PyPosition)
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
