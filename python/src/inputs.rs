//! The inputs of `read_games`, `start_stats`, `player_stats` and
//! `write_parquet` as Python users hold them: paths (`str`, `bytes`,
//! `os.PathLike`) and open binary files or any object whose `read(n)`
//! returns bytes (`io.BytesIO`, a `gzip.open` or `zstandard` stream), alone
//! or mixed in a list; and the checks of the integer arguments, whose bad
//! values are `ValueError`s naming the argument.

use chess960_archive::Archive;
use pyo3::exceptions::{
    PyFileNotFoundError, PyOSError, PyPermissionError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyInt, PyString};
use std::io::{self, Read};
use std::path::PathBuf;

/// One input: a file by its path (`-` is standard input), or a file-like
/// object read on the reading threads.
pub(crate) enum Input {
    /// A path, as given.
    Path(PathBuf),
    /// A binary file-like object, the name skips give it, and the path of
    /// the file it reads, when it has a file descriptor (`/dev/fd/N`), so
    /// that `write_parquet` refuses that file as its output.
    File(String, Py<PyAny>, Option<PathBuf>),
}

impl Input {
    /// Adds the input to `archive`.
    pub(crate) fn add_to(self, archive: Archive) -> Archive {
        match self {
            Input::Path(path) => archive.path(path),
            Input::File(name, file, None) => archive.reader(name, PyReader::new(file)),
            Input::File(name, file, Some(path)) => {
                archive.file_reader(name, PyReader::new(file), path)
            }
        }
    }
}

/// Reads `paths` (one input or a sequence of them) as inputs. A path that
/// does not exist is an `OSError` (`FileNotFoundError`) now, before any
/// reading; a text-mode file is a `TypeError`.
pub(crate) fn inputs_of(paths: &Bound<'_, PyAny>) -> PyResult<Vec<Input>> {
    let inputs = if is_one_input(paths)? {
        vec![input_of(paths, 1)?]
    } else {
        let iterator = paths.try_iter().map_err(|_| not_an_input(paths))?;
        let mut inputs = Vec::new();
        for item in iterator {
            let item = item?;
            if !is_one_input(&item)? {
                return Err(not_an_input(&item));
            }
            inputs.push(input_of(&item, inputs.len() + 1)?);
        }
        inputs
    };
    if inputs.is_empty() {
        return Err(PyValueError::new_err(
            "no input: give a path, a binary file, or a list of them",
        ));
    }
    Ok(inputs)
}

/// Whether `value` is one input (a path or a file-like object) rather than
/// a sequence of them.
fn is_one_input(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(value.is_instance_of::<PyString>()
        || value.is_instance_of::<PyBytes>()
        || value.hasattr("__fspath__")?
        || value.hasattr("read")?)
}

/// The `TypeError` for a value that is neither an input nor a sequence of them.
fn not_an_input(value: &Bound<'_, PyAny>) -> PyErr {
    let kind = value
        .get_type()
        .name()
        .map_or_else(|_| "object".to_owned(), |name| name.to_string());
    PyTypeError::new_err(format!(
        "an input is a path (str, bytes, os.PathLike) or a binary file, not {kind}"
    ))
}

/// One input from a path or a file-like object, the `number`th of the list
/// (from 1: a file-like object without a `name` is `<stream N>`).
fn input_of(value: &Bound<'_, PyAny>, number: usize) -> PyResult<Input> {
    if value.hasattr("read")? && !value.hasattr("__fspath__")? {
        return file_input(value, number);
    }
    // `os.fsdecode` takes str, bytes and os.PathLike alike, and decodes
    // bytes as the operating system does (undecodable bytes survive).
    let text = value
        .py()
        .import("os")?
        .call_method1("fsdecode", (value,))?;
    let path: PathBuf = text.extract()?;
    if path.as_os_str() != "-"
        && let Err(error) = std::fs::metadata(&path)
    {
        let message = format!("cannot open {}: {error}", path.display());
        return Err(match error.kind() {
            io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
            io::ErrorKind::PermissionDenied => PyPermissionError::new_err(message),
            _ => PyOSError::new_err(message),
        });
    }
    Ok(Input::Path(path))
}

/// A file-like object as an input: refused when it is open in text mode.
fn file_input(file: &Bound<'_, PyAny>, number: usize) -> PyResult<Input> {
    let py = file.py();
    let text_base = py.import("io")?.getattr("TextIOBase")?;
    let name = match file.getattr("name") {
        Ok(name) if name.is_instance_of::<PyString>() && name.is_truthy()? => {
            name.extract::<String>()?
        }
        _ => format!("<stream {number}>"),
    };
    if file.is_instance(&text_base)? {
        return Err(PyTypeError::new_err(format!(
            "{name} is open in text mode: PGN archives are read as bytes, open it with \"rb\""
        )));
    }
    Ok(Input::File(
        name,
        file.clone().unbind(),
        descriptor_path(file),
    ))
}

/// The path naming the open file behind a file-like object's `fileno()`
/// (`/dev/fd/N`); `None` for objects without one (`io.BytesIO`, a
/// decompressing stream) and off Unix.
pub(crate) fn descriptor_path(file: &Bound<'_, PyAny>) -> Option<PathBuf> {
    if !cfg!(unix) {
        return None;
    }
    let descriptor: i64 = file.call_method0("fileno").ok()?.extract().ok()?;
    Some(PathBuf::from(format!("/dev/fd/{descriptor}")))
}

/// A Python file-like object as a `Read`: each read takes the GIL, calls
/// `read(n)` and copies the bytes out. The thread waiting for the reading
/// releases the GIL, so the reading threads can take it.
struct PyReader {
    file: Py<PyAny>,
    /// Bytes returned beyond what was asked (a `read(n)` giving more than n).
    pending: Vec<u8>,
    /// How much of `pending` was handed out.
    at: usize,
}

impl PyReader {
    fn new(file: Py<PyAny>) -> PyReader {
        PyReader {
            file,
            pending: Vec::new(),
            at: 0,
        }
    }

    /// Hands out pending bytes into `buf`.
    fn drain(&mut self, buf: &mut [u8]) -> usize {
        let rest = &self.pending[self.at..];
        let count = rest.len().min(buf.len());
        buf[..count].copy_from_slice(&rest[..count]);
        self.at += count;
        if self.at == self.pending.len() {
            self.pending.clear();
            self.at = 0;
        }
        count
    }
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.at < self.pending.len() {
            return Ok(self.drain(buf));
        }
        Python::attach(|py| -> io::Result<()> {
            let chunk = self
                .file
                .bind(py)
                .call_method1("read", (buf.len(),))
                .map_err(|error| io::Error::other(format!("its read() failed: {error}")))?;
            if let Ok(bytes) = chunk.cast::<PyBytes>() {
                self.pending.extend_from_slice(bytes.as_bytes());
            } else if let Ok(bytes) = chunk.cast::<PyByteArray>() {
                self.pending.extend_from_slice(&bytes.to_vec());
            } else if chunk.is_instance_of::<PyString>() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "its read() gives str, not bytes: open it in binary mode (\"rb\")",
                ));
            } else if chunk.is_none() {
                return Err(io::Error::new(
                    io::ErrorKind::WouldBlock,
                    "its read() gave None (a non-blocking stream with no data ready)",
                ));
            } else {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "its read() gives neither bytes nor bytearray",
                ));
            }
            Ok(())
        })?;
        Ok(self.drain(buf))
    }
}

/// An optional integer argument that fits `T`: a negative or too large
/// value is a `ValueError` naming the argument and saying what it is
/// (`what`: "an Elo from 0 to 4294967295"), another type a `TypeError`
/// naming it. An integer of another type (NumPy's) is taken through its
/// `__index__`.
pub(crate) fn unsigned<T: TryFrom<u64>>(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
    what: &str,
) -> PyResult<Option<T>> {
    let Some(value) = value.filter(|value| !value.is_none()) else {
        return Ok(None);
    };
    let Some(value) = integer(value) else {
        return Err(PyTypeError::new_err(format!(
            "{name} is an int, not {}",
            type_name(value)
        )));
    };
    value
        .extract::<u64>()
        .ok()
        .and_then(|number| T::try_from(number).ok())
        .map(Some)
        .ok_or_else(|| {
            let shown = value
                .repr()
                .map_or_else(|_| "?".to_owned(), |repr| repr.to_string());
            PyValueError::new_err(format!("{name} is {what}, not {shown}"))
        })
}

/// The name of `value`'s type, for an error.
pub(crate) fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "object".to_owned(), |name| name.to_string())
}

/// An optional text argument: None or a `str`; anything else is a
/// `TypeError` naming the argument.
pub(crate) fn text(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<String>> {
    match value.filter(|value| !value.is_none()) {
        None => Ok(None),
        Some(value) if value.is_instance_of::<PyString>() => value.extract().map(Some),
        Some(value) => Err(PyTypeError::new_err(format!(
            "{name} is a str, not {}",
            type_name(value)
        ))),
    }
}

/// An optional real number (an int or a float); anything else is a
/// `TypeError` naming the argument.
pub(crate) fn real(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<f64>> {
    let Some(value) = value.filter(|value| !value.is_none()) else {
        return Ok(None);
    };
    // A bool converts to a float, but True is no significance level.
    value
        .extract::<f64>()
        .ok()
        .filter(|_| !value.is_instance_of::<PyBool>())
        .map(Some)
        .ok_or_else(|| {
            PyTypeError::new_err(format!("{name} is a number, not {}", type_name(value)))
        })
}

/// An optional flag: None (false), True or False; anything else (a text
/// `"yes"`) is a `TypeError` naming the argument.
pub(crate) fn flag(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<bool> {
    match value.filter(|value| !value.is_none()) {
        None => Ok(false),
        Some(value) if value.is_instance_of::<PyBool>() => value.extract(),
        Some(value) => Err(PyTypeError::new_err(format!(
            "{name} is True or False, not {}",
            type_name(value)
        ))),
    }
}

/// `error` with its text prefixed by the argument's name (`start: ...`),
/// of the same type when it is a `ValueError` or a `TypeError`.
pub(crate) fn naming(py: Python<'_>, name: &str, error: PyErr) -> PyErr {
    let text = format!("{name}: {}", error.value(py));
    if error.is_instance_of::<PyValueError>(py) {
        PyValueError::new_err(text)
    } else if error.is_instance_of::<PyTypeError>(py) {
        PyTypeError::new_err(text)
    } else {
        error
    }
}

/// A required integer argument that fits `T`, as [`unsigned`] reads it:
/// a negative or too large value is a `ValueError` naming the argument,
/// not an `OverflowError`.
pub(crate) fn required<T: TryFrom<u64>>(
    value: &Bound<'_, PyAny>,
    name: &str,
    what: &str,
) -> PyResult<T> {
    unsigned(Some(value), name, what)?
        .ok_or_else(|| PyTypeError::new_err(format!("{name} is an int, not None")))
}

/// `value` as a Python `int`: itself, or what its `__index__` gives (a
/// NumPy integer); `None` for anything else (a float, a text).
pub(crate) fn integer<'py>(value: &Bound<'py, PyAny>) -> Option<Bound<'py, PyAny>> {
    if value.is_instance_of::<PyInt>() {
        return Some(value.clone());
    }
    value
        .call_method0("__index__")
        .ok()
        .filter(PyAnyMethods::is_instance_of::<PyInt>)
}
