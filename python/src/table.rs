//! `Table`: record batches built in Rust, handed to Python through the
//! Arrow PyCapsule interface (`__arrow_c_stream__`), so that pyarrow,
//! Polars and DuckDB import them without a copy.

use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{RecordBatch, RecordBatchIterator};
use arrow_schema::SchemaRef;
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyDict};

/// A table of rows read from game archives, or statistics about them.
///
/// Hand it to `pyarrow.table(t)`, `polars.DataFrame(t)` or
/// `duckdb.sql("select ... from t")`: it implements the Arrow PyCapsule
/// interface (`__arrow_c_stream__`), and each call streams the same record
/// batches again, without a copy. `summary` says what was read.
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
    /// named `arrow_array_stream`. `requested_schema` is accepted and
    /// ignored: the table has one schema.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let batches = self.batches.clone().into_iter().map(Ok);
        let reader = RecordBatchIterator::new(batches, self.schema.clone());
        let stream = FFI_ArrowArrayStream::new(Box::new(reader));
        PyCapsule::new_with_value(py, stream, c"arrow_array_stream")
    }

    /// The number of rows.
    #[getter]
    fn num_rows(&self) -> usize {
        self.batches.iter().map(RecordBatch::num_rows).sum()
    }

    /// The columns' names, in order.
    #[getter]
    fn column_names(&self) -> Vec<String> {
        self.schema
            .fields()
            .iter()
            .map(|field| field.name().clone())
            .collect()
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
