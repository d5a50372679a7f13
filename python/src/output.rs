//! Where `write_parquet` writes: a path (`str`, `bytes`, `os.PathLike`),
//! created or truncated unless it is one of the inputs, or a binary
//! file-like object open for writing (its `write(bytes)` called under the
//! GIL from the reading thread).

use crate::inputs::descriptor_path;
use chess960_archive::Archive;
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

/// An output file, by path or as a Python object.
pub(crate) enum Output {
    /// A file created at a path.
    File(BufWriter<File>),
    /// A Python binary file-like object.
    Python(Py<PyAny>),
}

impl Output {
    /// The output `out` names: a path is created now (an `OSError` naming
    /// it when it cannot be, a `ValueError` when it is one of `archive`'s
    /// inputs, an open file among them); a text-mode file is a
    /// `TypeError`, and a file object open on an input a `ValueError`.
    pub(crate) fn of(out: &Bound<'_, PyAny>, archive: &Archive) -> PyResult<Output> {
        let py = out.py();
        if out.hasattr("write")? && !out.hasattr("__fspath__")? {
            if out.is_instance(&py.import("io")?.getattr("TextIOBase")?)? {
                return Err(PyTypeError::new_err(
                    "out is open in text mode: Parquet is bytes, open it with \"wb\"",
                ));
            }
            // A file object open on one of the inputs would be read back.
            if let Some(metadata) =
                descriptor_path(out).and_then(|path| std::fs::metadata(path).ok())
            {
                archive
                    .check_output(&metadata, "out")
                    .map_err(|error| PyValueError::new_err(error.to_string()))?;
            }
            return Ok(Output::Python(out.clone().unbind()));
        }
        if !(out.is_instance_of::<PyString>()
            || out.is_instance_of::<PyBytes>()
            || out.hasattr("__fspath__")?)
        {
            return Err(PyTypeError::new_err(
                "out is a path (str, bytes, os.PathLike) or a binary file open for writing",
            ));
        }
        let path: PathBuf = py
            .import("os")?
            .call_method1("fsdecode", (out,))?
            .extract()?;
        let file = archive
            .create_output(&path)
            .map_err(|error| match error.kind() {
                io::ErrorKind::InvalidInput => PyValueError::new_err(format!("out: {error}")),
                _ => PyOSError::new_err(format!("cannot create {}: {error}", path.display())),
            })?;
        Ok(Output::File(BufWriter::new(file)))
    }

    /// Flushes what is buffered.
    pub(crate) fn finish(mut self) -> io::Result<()> {
        self.flush()
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::File(file) => file.write(buf),
            Output::Python(file) => Python::attach(|py| {
                let written = file
                    .bind(py)
                    .call_method1("write", (PyBytes::new(py, buf),))
                    .map_err(|error| io::Error::other(format!("its write() failed: {error}")))?;
                // `write` gives the bytes written (None for some objects: all).
                Ok(written
                    .extract::<usize>()
                    .unwrap_or(buf.len())
                    .min(buf.len()))
            }),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::File(file) => file.flush(),
            Output::Python(file) => Python::attach(|py| {
                let file = file.bind(py);
                if file.hasattr("flush").unwrap_or(false) {
                    file.call_method0("flush").map_err(|error| {
                        io::Error::other(format!("its flush() failed: {error}"))
                    })?;
                }
                Ok(())
            }),
        }
    }
}
