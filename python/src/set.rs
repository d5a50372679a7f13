//! `PositionSet`: a set of start positions, in the library's set grammar.

use crate::errors::value_error;
use crate::macros::value_class;
use crate::position::{PyPosition, position_of};
use chess960::PositionSet;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

value_class! {
    /// An immutable set of start positions.
    ///
    /// `PositionSet("0-99,518,RNBQKBNR")` reads the library's set grammar (ids,
    /// ranges of ids, ranks, SP labels and ranges of engine evaluations such
    /// as `eval:-15..15`, centipawns for White, separated by commas);
    /// `PositionSet([Position(1), 2, "SP3"])` collects positions; `PositionSet()`
    /// is empty. Supports `in`, `len`, iteration in order of id, `|`, `&`, `-`,
    /// `^`, `~`, `==`, hashing and pickling.
    #[pyclass(name = "PositionSet")]
    #[derive(Clone, PartialEq, Eq, Hash)]
    pub(crate) struct PyPositionSet(pub(crate) PositionSet);
}

/// Reads a set from a `PositionSet`, text in the set grammar, one position
/// (a `Position` or an id), or an iterable of positions.
pub(crate) fn set_of(value: &Bound<'_, PyAny>) -> PyResult<PositionSet> {
    if let Ok(set) = value.cast::<PyPositionSet>() {
        return Ok(set.get().0);
    }
    if let Ok(text) = value.extract::<String>() {
        return text.parse::<PositionSet>().map_err(value_error);
    }
    if value.cast::<PyPosition>().is_ok() || value.cast::<pyo3::types::PyInt>().is_ok() {
        return Ok(PositionSet::EMPTY.with(position_of(value)?));
    }
    let mut set = PositionSet::EMPTY;
    for item in value.try_iter()? {
        set.insert(position_of(&item?)?);
    }
    Ok(set)
}

#[pymethods]
impl PyPositionSet {
    #[new]
    #[pyo3(signature = (value = None))]
    fn new(value: Option<&Bound<'_, PyAny>>) -> PyResult<PyPositionSet> {
        value
            .map_or(Ok(PositionSet::EMPTY), set_of)
            .map(PyPositionSet)
    }

    /// Every position.
    #[classattr]
    #[pyo3(name = "ALL")]
    fn all() -> PyPositionSet {
        PyPositionSet(PositionSet::ALL)
    }

    /// No position.
    #[classattr]
    #[pyo3(name = "EMPTY")]
    fn empty() -> PyPositionSet {
        PyPositionSet(PositionSet::EMPTY)
    }

    /// The set from the 120 bytes `to_bytes` gives.
    #[staticmethod]
    fn from_bytes(data: &[u8]) -> PyResult<PyPositionSet> {
        let bytes: [u8; 120] = data
            .try_into()
            .map_err(|_| PyValueError::new_err("a PositionSet is 120 bytes"))?;
        Ok(PyPositionSet(PositionSet::from_bytes(bytes)))
    }

    /// The set as 120 bytes, bit `id % 8` of byte `id / 8` for each member.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.0.to_bytes())
    }

    /// The set with `position` added.
    fn with_position(&self, position: &Bound<'_, PyAny>) -> PyResult<PyPositionSet> {
        Ok(PyPositionSet(self.0.with(position_of(position)?)))
    }

    /// The set with `position` left out.
    fn without_position(&self, position: &Bound<'_, PyAny>) -> PyResult<PyPositionSet> {
        Ok(PyPositionSet(self.0.without(position_of(position)?)))
    }

    /// The positions not in the set.
    fn complement(&self) -> PyPositionSet {
        PyPositionSet(self.0.complement())
    }

    /// The member at place `n` in order of id (0-based), or None.
    fn nth(&self, n: u16) -> Option<PyPosition> {
        self.0.nth(n).map(PyPosition)
    }

    fn __len__(&self) -> usize {
        usize::from(self.0.len())
    }

    fn __bool__(&self) -> bool {
        !self.0.is_empty()
    }

    fn __contains__(&self, position: &Bound<'_, PyAny>) -> bool {
        position_of(position).is_ok_and(|position| self.0.contains(position))
    }

    fn __iter__(&self) -> PositionIter {
        PositionIter(self.0.iter())
    }

    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyPositionSet> {
        Ok(PyPositionSet(self.0 | set_of(other)?))
    }

    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyPositionSet> {
        Ok(PyPositionSet(self.0 & set_of(other)?))
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyPositionSet> {
        Ok(PyPositionSet(self.0 - set_of(other)?))
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyPositionSet> {
        Ok(PyPositionSet(self.0 ^ set_of(other)?))
    }

    fn __invert__(&self) -> PyPositionSet {
        PyPositionSet(!self.0)
    }

    fn __repr__(&self) -> String {
        if self.0.is_empty() {
            "PositionSet()".to_owned()
        } else {
            format!("PositionSet('{}')", self.0)
        }
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let from_bytes = slf.get_type().getattr("from_bytes")?;
        Ok((from_bytes, (slf.get().to_bytes(py),)))
    }
}

/// An iterator over a set's members, in order of id.
#[pyclass(name = "PositionIterator", module = "chess960", skip_from_py_object)]
pub(crate) struct PositionIter(chess960::Positions);

#[pymethods]
impl PositionIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<PyPosition> {
        self.0.next().map(PyPosition)
    }

    fn __length_hint__(&self) -> usize {
        self.0.len()
    }
}
