//! `Games`: the table `read_games` returns. Its record batches leave
//! through its Arrow C stream as the reading threads make them, through a
//! bounded channel, so a consumer (pyarrow's `RecordBatchReader`, Polars,
//! DuckDB) holds a few batches at a time whatever the archive's size.
//!
//! The reading starts when a consumer asks for the first batch, and runs
//! once: a stream asked for after that gives an error saying so
//! (`read_games` again reads again). The consumer's thread waits for each
//! batch in short slices with the GIL released (a file-like input is read
//! under the GIL on the reading threads), checks for signals and reports
//! progress between them.

use crate::reading::{self, REPORT_EVERY, Request, SLICE};
use crate::table::{PyTable, names, schema_capsule, stream_capsule};
use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};
use chess960_archive::{Error, Summary};
use pyo3::exceptions::{PyKeyboardInterrupt, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyDict};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::thread::JoinHandle;
use std::time::Instant;

/// Record batches in the channel between the readers and the consumer.
const IN_FLIGHT: usize = 4;

/// What the reading thread does: reads, sending each record batch into the
/// channel, and gives the summary (an error when sending failed: the
/// consumer went away).
pub(crate) type Job =
    Box<dyn FnOnce(&mpsc::SyncSender<Message>) -> Result<Summary, Error> + Send + 'static>;

/// What the reading thread sends.
pub(crate) enum Message {
    /// Rows read.
    Batch(RecordBatch),
    /// The end of the reading.
    End(Result<Summary, Error>),
}

/// The reading, before and after it runs.
struct Shared {
    /// The request and the job, until a consumer takes them.
    start: Mutex<Option<(Request, Job)>>,
    /// What the reading found, once it has ended.
    summary: Mutex<Option<Summary>>,
    /// The input's total size, when known (for the progress report).
    total: Option<u64>,
}

/// The games of `read_games`, read as they are consumed.
///
/// It implements the Arrow PyCapsule interface: `pyarrow.table(games)`,
/// `pyarrow.RecordBatchReader.from_stream(games)`, `polars.DataFrame(games)`
/// and `duckdb.sql("select ... from games")` read it. The record batches
/// are handed out as the reading threads make them, a few at a time, so a
/// stream of batches never holds the whole archive. The games are read
/// once: the first consumer to ask for a batch starts the reading, and a
/// second consumption raises an error (call `read_games` again, or keep
/// the table `read_all()` gives). `summary` is known once the stream has
/// been read to its end. An input that cannot be read to its end (a cut
/// `.zst`, not PGN) ends the stream with an error naming the input and the
/// byte, after every row read before the fault.
#[pyclass(name = "Games", module = "chess960", frozen)]
pub(crate) struct PyGames {
    schema: SchemaRef,
    shared: Arc<Shared>,
}

impl PyGames {
    /// The games of `request`, read by `job` when consumed.
    pub(crate) fn new(schema: SchemaRef, request: Request, job: Job) -> PyGames {
        let total = request.archive.total_size();
        PyGames {
            schema,
            shared: Arc::new(Shared {
                start: Mutex::new(Some((request, job))),
                summary: Mutex::new(None),
                total,
            }),
        }
    }

    fn reader(&self, ffi: bool) -> BatchReader {
        BatchReader {
            schema: self.schema.clone(),
            shared: self.shared.clone(),
            reading: None,
            finished: false,
            ffi,
        }
    }
}

#[pymethods]
impl PyGames {
    /// The Arrow C stream of the games' record batches, in a PyCapsule
    /// named `arrow_array_stream`; the reading starts at its first batch.
    /// `requested_schema` is honoured when it is the table's schema (the
    /// same names and types) and refused with a `ValueError` naming the
    /// first difference otherwise: the columns are not cast.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        stream_capsule(py, requested_schema.as_ref(), Box::new(self.reader(true)))
    }

    /// The Arrow C schema of the games' columns, in a PyCapsule named
    /// `arrow_schema` (reads nothing).
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        schema_capsule(py, &self.schema)
    }

    /// Reads every game into one `chess960.Table` (all in memory), with its
    /// `summary`; raises `OSError` for an input that cannot be read to its
    /// end.
    fn read_all(&self, py: Python<'_>) -> PyResult<PyTable> {
        let mut batches = Vec::new();
        for batch in self.reader(false) {
            match batch {
                Ok(batch) => batches.push(batch),
                Err(ArrowError::ExternalError(error)) => {
                    return Err(match error.downcast::<PyErr>() {
                        Ok(error) => *error,
                        Err(error) => PyRuntimeError::new_err(error.to_string()),
                    });
                }
                Err(ArrowError::IoError(message, _)) => return Err(PyOSError::new_err(message)),
                Err(ArrowError::InvalidArgumentError(message)) => {
                    return Err(PyValueError::new_err(message));
                }
                Err(error) => return Err(PyRuntimeError::new_err(error.to_string())),
            }
        }
        let summary = self
            .summary(py)?
            .ok_or_else(|| PyRuntimeError::new_err("the reading ended without a summary"))?;
        Ok(PyTable::new(self.schema.clone(), batches, summary))
    }

    /// The games as a `pyarrow.Table` (needs pyarrow), as
    /// `pyarrow.table(games)` gives, with the same errors as `read_all`.
    fn to_pyarrow<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pyarrow = py.import("pyarrow")?;
        // The batches are read here, in Rust: pyarrow reads a C stream with
        // the GIL released, and the stream's callback cannot take the GIL
        // back while this method is still on the same thread's stack.
        let table = Bound::new(py, self.read_all(py)?)?;
        pyarrow.getattr("table")?.call1((table,))
    }

    /// The columns' names, in order.
    #[getter]
    fn column_names(&self) -> Vec<String> {
        names(&self.schema)
    }

    /// What the reading found (as `Table.summary`), once the games have been
    /// read to their end; None before.
    #[getter]
    fn summary(&self, py: Python<'_>) -> PyResult<Option<Py<PyDict>>> {
        let summary = self
            .shared
            .summary
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        summary
            .as_ref()
            .map(|summary| reading::summary_dict(py, summary))
            .transpose()
    }

    fn __repr__(&self) -> String {
        let state = if self
            .shared
            .summary
            .lock()
            .is_ok_and(|summary| summary.is_some())
        {
            "read"
        } else if self.shared.start.lock().is_ok_and(|start| start.is_some()) {
            "not read yet"
        } else {
            "being read"
        };
        format!(
            "<chess960.Games: {state}; columns {}>",
            self.column_names().join(", ")
        )
    }
}

/// The reading under way: its request, the channel's end and the thread.
struct Reading {
    request: Request,
    /// The channel's end (in a mutex: it is waited on with the GIL
    /// released, from another thread's point of view).
    receiver: Mutex<mpsc::Receiver<Message>>,
    handle: Option<JoinHandle<()>>,
    reported: Instant,
}

/// One consumer's record batches: a `RecordBatchReader` that starts the
/// reading at its first batch.
struct BatchReader {
    schema: SchemaRef,
    shared: Arc<Shared>,
    reading: Option<Reading>,
    finished: bool,
    /// Whether the batches leave through the Arrow C stream, whose errors
    /// are texts (else through `read_all`, which raises Python's exceptions).
    ffi: bool,
}

/// The error of a second consumption.
const READ_ONCE: &str = "the games of this read_games(...) were already read: a Games table \
                         streams once; call read_games again, or keep the table of read_all()";

impl BatchReader {
    /// Starts the reading on a thread of its own, unless it was started.
    fn start(&mut self) -> Result<(), ArrowError> {
        let taken = self
            .shared
            .start
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let Some((request, job)) = taken else {
            return Err(ArrowError::InvalidArgumentError(READ_ONCE.to_owned()));
        };
        let (sender, receiver) = mpsc::sync_channel(IN_FLIGHT);
        let handle = std::thread::Builder::new()
            .name("chess960-read".to_owned())
            .spawn(move || {
                let end = job(&sender);
                let _ = sender.send(Message::End(end));
            })
            .map_err(|error| {
                ArrowError::IoError(format!("cannot start a reading thread: {error}"), error)
            })?;
        self.reading = Some(Reading {
            request,
            receiver: Mutex::new(receiver),
            handle: Some(handle),
            reported: Instant::now(),
        });
        Ok(())
    }

    /// The next message, waited for in slices with the GIL released,
    /// signals checked and progress reported between them.
    fn wait(&mut self, py: Python<'_>) -> PyResult<Option<Message>> {
        let total = self.shared.total;
        let Some(reading) = self.reading.as_mut() else {
            return Ok(None);
        };
        loop {
            let receiver = &reading.receiver;
            let outcome = py.detach(|| {
                receiver
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .recv_timeout(SLICE)
            });
            // Between batches too: a consumer that never waits still sees
            // Ctrl-C and reports progress.
            py.check_signals()?;
            if reading.reported.elapsed() >= REPORT_EVERY {
                reading.reported = Instant::now();
                reading.request.report(py, total, false)?;
            }
            match outcome {
                Ok(message) => return Ok(Some(message)),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let handle = reading.handle.take();
                    let panic = handle.and_then(|handle| py.detach(|| handle.join()).err());
                    return Err(PyRuntimeError::new_err(format!(
                        "the reading thread stopped unexpectedly: {}",
                        reading::panic_message(panic)
                    )));
                }
            }
        }
    }

    /// The next batch, or the end (an error for an input that could not be
    /// read to its end).
    fn fetch(&mut self, py: Python<'_>) -> Option<Result<RecordBatch, ArrowError>> {
        match self.wait(py) {
            Ok(Some(Message::Batch(batch))) => Some(Ok(batch)),
            Ok(Some(Message::End(end))) => {
                self.finished = true;
                let reading = self.reading.take()?;
                if let Some(handle) = reading.handle {
                    let _ = py.detach(|| handle.join());
                }
                let summary = match end {
                    Ok(summary) => summary,
                    Err(Error::Cancelled(summary)) => *summary,
                    Err(error) => return Some(Err(external(reading::read_error(&error)))),
                };
                let fault = reading::input_fault(&summary);
                *self
                    .shared
                    .summary
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner) = Some(summary);
                if let Err(error) = reading.request.report(py, self.shared.total, true) {
                    return Some(Err(self.python_error(py, error)));
                }
                fault.map(|fault| {
                    Err(ArrowError::IoError(
                        fault.clone(),
                        std::io::Error::other(fault),
                    ))
                })
            }
            Ok(None) => None,
            Err(error) => {
                self.stop();
                Some(Err(self.python_error(py, error)))
            }
        }
    }

    /// A Python exception as the stream's error: itself for `read_all`,
    /// which raises it again; its type and text for a C stream, whose error
    /// is a text (a `KeyboardInterrupt` reads "KeyboardInterrupt: the
    /// reading was interrupted").
    fn python_error(&self, py: Python<'_>, error: PyErr) -> ArrowError {
        if !self.ffi {
            return external(error);
        }
        let text = if error.is_instance_of::<PyKeyboardInterrupt>(py) {
            "KeyboardInterrupt: the reading was interrupted".to_owned()
        } else {
            let kind = error
                .get_type(py)
                .name()
                .map_or_else(|_| "Exception".to_owned(), |name| name.to_string());
            let value = error
                .value(py)
                .str()
                .map_or_else(|_| String::new(), |text| text.to_string());
            format!("{kind}: {value}")
        };
        ArrowError::ExternalError(text.into())
    }

    /// Cancels the reading: the readers stop at their next check, and the
    /// channel's end goes (a reader waiting to send stops at once).
    fn stop(&mut self) {
        self.finished = true;
        if let Some(reading) = self.reading.take() {
            reading.request.cancel.cancel();
        }
    }
}

/// A Python exception as an Arrow error (`read_all` takes it back out).
fn external(error: PyErr) -> ArrowError {
    ArrowError::ExternalError(Box::new(error))
}

impl Iterator for BatchReader {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        if self.reading.is_none()
            && let Err(error) = self.start()
        {
            self.finished = true;
            return Some(Err(error));
        }
        // The stream's callbacks are C functions: a panic must not unwind
        // through them.
        let fetched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            Python::attach(|py| self.fetch(py))
        }));
        fetched.unwrap_or_else(|panic| {
            self.stop();
            Some(Err(ArrowError::ExternalError(
                format!(
                    "the reading failed: {}",
                    reading::panic_message(Some(panic))
                )
                .into(),
            )))
        })
    }
}

impl RecordBatchReader for BatchReader {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

impl Drop for BatchReader {
    fn drop(&mut self) {
        // A consumer that stops early (a `limit`): the readers stop.
        self.stop();
    }
}
