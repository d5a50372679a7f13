//! A reading on Rust threads, from Python: what was asked (`Request`: the
//! archive, its cancel flag, its progress counters and the progress
//! report), the wait for a reading with the GIL released, signals checked
//! and progress reported (`run`), and what a reading found as Python sees
//! it (`summary_dict`, `input_error`, `read_error`).
//!
//! The Python thread waits in short slices with the GIL released, and
//! checks for signals between them: Ctrl-C cancels the read (`Cancel`) and
//! raises `KeyboardInterrupt` once the readers have stopped.

use chess960_archive::{Archive, Cancel, Error, Progress, Summary};
use pyo3::exceptions::{PyOSError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long the Python thread waits for the read between two checks for
/// signals (Ctrl-C).
pub(crate) const SLICE: Duration = Duration::from_millis(50);

/// How long a cancelled read gets to stop before the exception is raised.
const CANCEL_WAIT: Duration = Duration::from_secs(2);

/// How often `progress` reports.
pub(crate) const REPORT_EVERY: Duration = Duration::from_millis(500);

/// What a reading was asked for, from the Python arguments.
pub(crate) struct Request {
    /// The inputs, filter and players.
    pub(crate) archive: Archive,
    /// Raised on Ctrl-C or when the consumer goes away.
    pub(crate) cancel: Cancel,
    /// The bytes read so far.
    pub(crate) progress: Progress,
    /// The callable that reports progress, if any.
    pub(crate) report: Option<Py<PyAny>>,
}

impl Request {
    /// Calls the progress report, if there is one, with the bytes read so
    /// far, the total (if known) and whether the reading is over.
    pub(crate) fn report(&self, py: Python<'_>, total: Option<u64>, done: bool) -> PyResult<()> {
        if let Some(report) = &self.report {
            report.call1(py, (self.progress.bytes(), total, done))?;
        }
        Ok(())
    }
}

/// The progress report asked for by a `progress` argument: a callable, or
/// True for the line on standard error of `chess960._progress.report`.
pub(crate) fn report_of(progress: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Py<PyAny>>> {
    Ok(match progress {
        None => None,
        Some(value) if value.is_none() => None,
        Some(value) if value.is_callable() => Some(value.clone().unbind()),
        Some(value) if value.is_instance_of::<pyo3::types::PyBool>() => {
            if value.is_truthy()? {
                let py = value.py();
                Some(py.import("chess960._progress")?.getattr("report")?.unbind())
            } else {
                None
            }
        }
        Some(value) => {
            let kind = value.get_type().name()?;
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "progress is True, False, None or a callable, not {kind}"
            )));
        }
    })
}

/// Runs `job` on a thread of its own while the Python thread waits with
/// the GIL released, checks for signals every `SLICE` and reports progress.
/// On an exception from a signal handler (Ctrl-C: `KeyboardInterrupt`) it
/// cancels the read, waits for the readers to stop and raises it.
pub(crate) fn run<T: Send + 'static>(
    py: Python<'_>,
    request: &Request,
    total: Option<u64>,
    job: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (sender, receiver) = mpsc::channel();
    let handle = std::thread::Builder::new()
        .name("chess960-read".to_owned())
        .spawn(move || {
            let _ = sender.send(job());
        })
        .map_err(|error| PyOSError::new_err(format!("cannot start a reading thread: {error}")))?;
    let mut reported = Instant::now();
    let mut receiver = receiver;
    loop {
        // The receiver goes into the closure and comes back (it is `Send`,
        // not `Sync`).
        let (outcome, back) = py.detach(move || (receiver.recv_timeout(SLICE), receiver));
        receiver = back;
        match outcome {
            Ok(value) => {
                let _ = py.detach(|| handle.join());
                request.report(py, total, true)?;
                return Ok(value);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let checked = py.check_signals().and_then(|()| {
                    if reported.elapsed() >= REPORT_EVERY {
                        reported = Instant::now();
                        request.report(py, total, false)?;
                    }
                    Ok(())
                });
                if let Err(error) = checked {
                    // The readers stop at their next check; one blocked on
                    // a pipe or a terminal may not come back soon, so wait
                    // a while only and leave it to finish on its own.
                    request.cancel.cancel();
                    let _ = py.detach(move || receiver.recv_timeout(CANCEL_WAIT));
                    drop(handle);
                    return Err(error);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let message = panic_message(py.detach(|| handle.join()).err());
                return Err(PyRuntimeError::new_err(format!(
                    "the reading thread stopped unexpectedly: {message}"
                )));
            }
        }
    }
}

/// The text of a thread's panic, if it has one.
pub(crate) fn panic_message(panic: Option<Box<dyn std::any::Any + Send>>) -> String {
    panic
        .and_then(|panic| {
            panic
                .downcast_ref::<&str>()
                .map(|text| (*text).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
        })
        .unwrap_or_default()
}

/// The first input that could not be opened or read to its end (a missing
/// file, a broken compressed stream, not PGN), as the line that names it.
pub(crate) fn input_fault(summary: &Summary) -> Option<String> {
    summary.input_skips.first().map(ToString::to_string)
}

/// Raises `OSError` for an input that could not be read at all.
pub(crate) fn input_error(summary: &Summary) -> PyResult<()> {
    match input_fault(summary) {
        Some(fault) => Err(PyOSError::new_err(fault)),
        None => Ok(()),
    }
}

/// The summary as a dict: `records`, `counts`, `matched`, `skipped`,
/// `skips`.
pub(crate) fn summary_dict(py: Python<'_>, summary: &Summary) -> PyResult<Py<PyDict>> {
    let dict = PyDict::new(py);
    let counts = PyDict::new(py);
    for (name, count) in summary.counts.named() {
        counts.set_item(name, count)?;
    }
    dict.set_item("records", summary.counts.total())?;
    dict.set_item("counts", counts)?;
    dict.set_item("matched", summary.matched)?;
    dict.set_item("skipped", summary.skipped)?;
    let skips: Vec<String> = summary.skips.iter().map(ToString::to_string).collect();
    dict.set_item("skips", PyList::new(py, skips)?)?;
    Ok(dict.unbind())
}

/// Turns the archive's error into a Python exception.
pub(crate) fn read_error(error: &Error) -> PyErr {
    match error {
        Error::Deliver(error) => PyOSError::new_err(error.to_string()),
        other => PyRuntimeError::new_err(other.to_string()),
    }
}
