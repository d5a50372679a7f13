//! `Table`: record batches built in Rust, handed to Python through the
//! Arrow PyCapsule interface (`__arrow_c_stream__`), so that pyarrow,
//! Polars and DuckDB import them without a copy.

use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{RecordBatch, RecordBatchIterator, RecordBatchReader};
use arrow_schema::ffi::FFI_ArrowSchema;
use arrow_schema::{Schema, SchemaRef};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyCapsuleMethods, PyDict};

/// A table of rows read from game archives, or statistics about them.
///
/// Hand it to `pyarrow.table(t)`, `polars.DataFrame(t)` or
/// `duckdb.sql("select ... from t")`: it implements the Arrow PyCapsule
/// interface (`__arrow_c_stream__`), and each call streams the same record
/// batches again, without a copy. `summary` says what was read. It is what
/// `start_stats`, `player_stats` and `Games.read_all()` give.
#[pyclass(name = "Table", module = "chess960", frozen)]
pub(crate) struct PyTable {
    schema: SchemaRef,
    batches: Vec<RecordBatch>,
    summary: Py<PyDict>,
}

impl PyTable {
    /// A table of `batches` with `schema`, and the reading's summary.
    pub(crate) fn new(
        schema: SchemaRef,
        batches: Vec<RecordBatch>,
        summary: Py<PyDict>,
    ) -> PyTable {
        PyTable {
            schema,
            batches,
            summary,
        }
    }
}

#[pymethods]
impl PyTable {
    /// The Arrow C stream of the table's record batches, in a PyCapsule
    /// named `arrow_array_stream`. `requested_schema` is honoured when it is
    /// the table's schema (the same names and types) and refused with a
    /// `ValueError` naming the first difference otherwise.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let batches = self.batches.clone().into_iter().map(Ok);
        let reader = RecordBatchIterator::new(batches, self.schema.clone());
        stream_capsule(py, requested_schema, Box::new(reader))
    }

    /// The Arrow C schema of the table, in a PyCapsule named `arrow_schema`.
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        schema_capsule(py, &self.schema)
    }

    /// The number of rows.
    #[getter]
    fn num_rows(&self) -> usize {
        self.batches.iter().map(RecordBatch::num_rows).sum()
    }

    /// The columns' names, in order.
    #[getter]
    fn column_names(&self) -> Vec<String> {
        names(&self.schema)
    }

    /// What the reading found: `records` (all records read), `counts` (records
    /// by kind, as `chess960 games` reports them), `matched` (records that
    /// passed the filters), `skipped` (unreadable records and inputs) and
    /// `skips` (the first few, each as one line of text).
    #[getter]
    fn summary(&self, py: Python<'_>) -> Py<PyDict> {
        self.summary.clone_ref(py)
    }

    /// The table as a `pyarrow.Table` (needs pyarrow).
    fn to_pyarrow<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let pyarrow = slf.py().import("pyarrow")?;
        pyarrow.getattr("table")?.call1((slf,))
    }

    fn __len__(&self) -> usize {
        self.num_rows()
    }

    fn __repr__(&self) -> String {
        format!(
            "<chess960.Table: {} rows; columns {}>",
            self.num_rows(),
            self.column_names().join(", ")
        )
    }
}

/// The names of `schema`'s columns, in order.
pub(crate) fn names(schema: &Schema) -> Vec<String> {
    schema
        .fields()
        .iter()
        .map(|field| field.name().clone())
        .collect()
}

/// `reader`'s batches as an Arrow C stream in a PyCapsule named
/// `arrow_array_stream`, once the consumer's `requested` schema is checked
/// against the reader's (`check_requested_schema`).
pub(crate) fn stream_capsule<'py>(
    py: Python<'py>,
    requested: Option<&Bound<'py, PyAny>>,
    reader: Box<dyn RecordBatchReader + Send>,
) -> PyResult<Bound<'py, PyCapsule>> {
    check_requested_schema(&reader.schema(), requested)?;
    let stream = FFI_ArrowArrayStream::new(reader);
    PyCapsule::new_with_value(py, stream, c"arrow_array_stream")
}

/// `schema` as an Arrow C schema in a PyCapsule named `arrow_schema`.
pub(crate) fn schema_capsule<'py>(
    py: Python<'py>,
    schema: &Schema,
) -> PyResult<Bound<'py, PyCapsule>> {
    let ffi = FFI_ArrowSchema::try_from(schema)
        .map_err(|error| PyValueError::new_err(error.to_string()))?;
    PyCapsule::new_with_value(py, ffi, c"arrow_schema")
}

/// Checks a consumer's `requested_schema` (a PyCapsule `arrow_schema`, or
/// None) against `schema`: the same column names and types, in order, or a
/// `ValueError` naming the first difference. Nullability and metadata are
/// not compared.
fn check_requested_schema(schema: &Schema, requested: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    let Some(requested) = requested.filter(|requested| !requested.is_none()) else {
        return Ok(());
    };
    let requested = requested_schema(requested)?;
    let ours = schema.fields();
    let theirs = requested.fields();
    for (index, (mine, asked)) in ours.iter().zip(theirs.iter()).enumerate() {
        if mine.name() != asked.name() || mine.data_type() != asked.data_type() {
            return Err(PyValueError::new_err(format!(
                "requested_schema differs from the table's at column {index}: the table has \
                 {} ({}), the request {} ({}); the columns are not cast: cast after reading",
                mine.name(),
                mine.data_type(),
                asked.name(),
                asked.data_type()
            )));
        }
    }
    if ours.len() != theirs.len() {
        return Err(PyValueError::new_err(format!(
            "requested_schema has {} columns, the table {}; the columns are not cast or chosen \
             here: select them after reading",
            theirs.len(),
            ours.len()
        )));
    }
    Ok(())
}

/// The schema in a consumer's PyCapsule `arrow_schema`.
#[allow(unsafe_code)]
fn requested_schema(capsule: &Bound<'_, PyAny>) -> PyResult<Schema> {
    let capsule = capsule
        .cast::<PyCapsule>()
        .map_err(|_| PyTypeError::new_err("requested_schema is a PyCapsule named arrow_schema"))?;
    let pointer = capsule.pointer_checked(Some(c"arrow_schema"))?;
    // SAFETY: a capsule named `arrow_schema` holds an `ArrowSchema` struct of
    // the Arrow C data interface (the PyCapsule interface's rule), which
    // `FFI_ArrowSchema` mirrors; it is only read here, while the capsule
    // (borrowed for this call) keeps it alive, and is not released.
    let ffi = unsafe { pointer.cast::<FFI_ArrowSchema>().as_ref() };
    Schema::try_from(ffi).map_err(|error| PyValueError::new_err(error.to_string()))
}
