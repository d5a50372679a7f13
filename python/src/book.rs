//! `book`: the opening books of `chess960 book`, as lists of entries.

use crate::errors::value_error;
use crate::position::fen_style;
use crate::set::set_of;
use chess960::{Book, BookFormat};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Reads a book format: `"epd"` or `"pgn"`.
fn book_format(format: &str) -> PyResult<BookFormat> {
    match format.to_ascii_lowercase().as_str() {
        "epd" => Ok(BookFormat::Epd),
        "pgn" => Ok(BookFormat::Pgn),
        _ => Err(PyValueError::new_err(format!(
            "a book format is \"epd\" or \"pgn\", not {format:?}"
        ))),
    }
}

/// An opening book for engine testing with the options of `chess960 book`:
/// a list of entries, each an EPD line or a PGN game (ending in a newline),
/// exactly as the command writes them.
///
/// `double` gives double Chess960 (every pair of a White and a Black
/// start); `start`, `exclude`, `white`, `black` choose starts by set (a
/// `PositionSet`, set text or iterable of positions); `castling` is
/// `"x-fen"` or `"shredder"` (default: x-fen, shredder when double);
/// `format` is `"epd"` or `"pgn"`; `sample` (N starts) and `shuffle` need
/// `seed`, and draw as the command does.
#[pyfunction]
#[pyo3(signature = (*, double = false, start = None, exclude = None, white = None,
                    black = None, castling = None, format = "epd".to_owned(), sample = None,
                    shuffle = false, seed = None))]
#[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
pub(crate) fn book(
    double: bool,
    start: Option<&Bound<'_, PyAny>>,
    exclude: Option<&Bound<'_, PyAny>>,
    white: Option<&Bound<'_, PyAny>>,
    black: Option<&Bound<'_, PyAny>>,
    castling: Option<String>,
    format: String,
    sample: Option<i64>,
    shuffle: bool,
    seed: Option<String>,
) -> PyResult<Vec<String>> {
    let mut book = if double {
        Book::double()
    } else {
        for (given, name) in [(white, "white"), (black, "black")] {
            if given.is_some() {
                return Err(PyValueError::new_err(format!(
                    "{name} chooses a side's starts in a double Chess960 book: add double=True, or use start"
                )));
            }
        }
        Book::single()
    };
    if let Some(set) = start {
        book = book.starts(set_of(set)?);
    }
    if let Some(set) = exclude {
        book = book.excluding(set_of(set)?);
    }
    if let Some(set) = white {
        book = book.white(set_of(set)?);
    }
    if let Some(set) = black {
        book = book.black(set_of(set)?);
    }
    if let Some(style) = castling {
        book = book.castling(fen_style(&style)?);
    }
    book = book.format(book_format(&format)?);
    if book.is_empty() {
        return Err(PyValueError::new_err(
            "the book is empty: no start is left after start, exclude, white and black",
        ));
    }
    let Some(seed) = seed else {
        if sample.is_some() || shuffle {
            return Err(PyValueError::new_err("sample and shuffle need a seed"));
        }
        return Ok(book.entries().map(|entry| entry.to_string()).collect());
    };
    if sample.is_none() && !shuffle {
        return Err(PyValueError::new_err(
            "seed fixes sample or shuffle: add one of them, or leave out seed",
        ));
    }
    let count = match sample {
        None => book.len(),
        Some(count) if count < 1 => {
            return Err(PyValueError::new_err("a sample has at least 1 start"));
        }
        Some(count) => match u32::try_from(count) {
            Ok(count) if count <= book.len() => count,
            _ => {
                return Err(value_error(format!(
                    "sample {count}: the book has only {} start{}",
                    book.len(),
                    if book.len() == 1 { "" } else { "s" }
                )));
            }
        },
    };
    let mut order = vec![0; book.len() as usize];
    let chosen = book.seeded_indices(&seed, &mut order, count, shuffle);
    Ok(chosen
        .iter()
        .filter_map(|&index| book.entry(index))
        .map(|entry| entry.to_string())
        .collect())
}
