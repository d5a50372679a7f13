//! The library's errors as Python exceptions: a `ValueError` whose message
//! is the library's one-line message.

use pyo3::PyErr;
use pyo3::exceptions::PyValueError;
use std::fmt::Display;

/// A `ValueError` carrying `error`'s `Display` text.
pub(crate) fn value_error(error: impl Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}
