//! `Position`, `DoublePosition`, `Castling`: the library's start positions.

use crate::errors::value_error;
use crate::eval::PyEval;
use crate::inputs::required;
use crate::macros::{methods_with_getters, value_class};
use chess960::{CastlingSide, Color, DoublePosition, FenStyle, File, Position, UciMove};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

/// Reads a FEN style: `"x-fen"` (also `"xfen"`) or `"shredder"`.
pub(crate) fn fen_style(style: &str) -> PyResult<FenStyle> {
    match style.to_ascii_lowercase().as_str() {
        "x-fen" | "xfen" => Ok(FenStyle::XFen),
        "shredder" | "shredder-fen" => Ok(FenStyle::Shredder),
        _ => Err(PyValueError::new_err(format!(
            "a FEN style is \"x-fen\" or \"shredder\", not {style:?}"
        ))),
    }
}

/// Reads a colour in the library's grammar (`white`, `black`, `w`, `b`).
pub(crate) fn color(text: &str) -> PyResult<Color> {
    text.parse::<Color>().map_err(value_error)
}

/// Reads a position from a Python value: a `Position`, an id, or text in the
/// library's grammar (an id, an SP label, a rank or a FEN).
pub(crate) fn position_of(value: &Bound<'_, PyAny>) -> PyResult<Position> {
    if let Ok(position) = value.cast::<PyPosition>() {
        return Ok(position.get().0);
    }
    if let Ok(text) = value.extract::<String>() {
        return text.parse::<Position>().map_err(value_error);
    }
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(
            "a position is a Position, an int or a str, not a bool",
        ));
    }
    if let Some(value) = crate::inputs::integer(value) {
        // Any int (or NumPy integer), however large: the library's message
        // for a negative or too large id.
        let id = value.call_method0("__int__")?.str()?.to_string();
        return match id.parse::<u16>() {
            Ok(id) => Position::from_id(id).map_err(value_error),
            Err(_) => id.parse::<Position>().map_err(value_error),
        };
    }
    Err(PyTypeError::new_err(format!(
        "a position is a Position, an int or a str, not {}",
        value.get_type().name()?
    )))
}

value_class! {
    /// A Chess960 start position: White's back rank, Black's mirroring it.
    ///
    /// `Position(518)`, `Position("SP518")`, `Position("RNBQKBNR")` and
    /// `Position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")`
    /// are the same position. Positions compare, sort and hash by id, and
    /// pickle as their id.
    #[pyclass(name = "Position", ord)]
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub(crate) struct PyPosition(pub(crate) Position);
}

methods_with_getters! {
    impl PyPosition {
        getters {
            /// The Scharnagl id, 0 to 959.
            id -> u16;
            /// The one-based number, 1 to 960: the id, with 960 for id 0.
            one_based -> u16;
            /// The number in Fritz 9's numbering (1 to 960).
            fritz9 -> u16;
            /// The bishops' code in Scharnagl's derivation (0 to 15).
            bishop_code -> u8;
            /// The queen's slot in Scharnagl's derivation (0 to 5).
            queen_slot -> u8;
            /// The knights' code in Scharnagl's derivation (0 to 9).
            knight_code -> u8;
            /// The king's file, a letter `"a"` to `"h"`.
            king_file -> String = letter;
            /// The queen's file.
            queen_file -> String = letter;
            /// The rooks' files, a-side first.
            rook_files -> (String, String) = pair;
            /// The bishops' files, a-side first.
            bishop_files -> (String, String) = pair;
            /// The knights' files, a-side first.
            knight_files -> (String, String) = pair;
            /// The file of the bishop on light squares.
            light_bishop_file -> String = letter;
            /// The file of the bishop on dark squares.
            dark_bishop_file -> String = letter;
        }

        /// The number of start positions, 960.
        #[classattr]
        const COUNT: u16 = Position::COUNT;

        #[new]
        fn new(value: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
            position_of(value).map(PyPosition)
        }

        /// The classical start position, SP 518 (`RNBQKBNR`).
        #[classattr]
        #[pyo3(name = "STANDARD")]
        fn standard() -> PyPosition {
            PyPosition(Position::STANDARD)
        }

        /// The position with Scharnagl id `id` (0 to 959).
        #[staticmethod]
        fn from_id(id: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
            if id.extract::<String>().is_ok() {
                return Err(PyTypeError::new_err("from_id takes an int"));
            }
            position_of(id).map(PyPosition)
        }

        /// The start position a FEN describes (X-FEN or Shredder-FEN castling).
        #[staticmethod]
        fn from_fen(fen: String) -> PyResult<PyPosition> {
            Position::from_fen(&fen)
                .map(PyPosition)
                .map_err(value_error)
        }

        /// The position with one-based number `number` (1 to 960): 960 is id 0,
        /// any other number is the id itself (Scharnagl's recommendation).
        #[staticmethod]
        fn from_one_based(number: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
            Position::from_one_based(required(number, "number", "a number from 1 to 960")?)
                .map(PyPosition)
                .map_err(value_error)
        }

        /// The position numbered `number` (1 to 960) in Fritz 9's numbering.
        #[staticmethod]
        fn from_fritz9(number: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
            Position::from_fritz9(required(number, "number", "a number from 1 to 960")?)
                .map(PyPosition)
                .map_err(value_error)
        }

        /// Reads back a python-chess `Board` standing on a start position.
        #[staticmethod]
        fn from_board(board: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
            let fen: String = board.call_method0("shredder_fen")?.extract()?;
            Position::from_fen(&fen)
                .map(PyPosition)
                .map_err(value_error)
        }

        /// All 960 positions, in order of id.
        #[staticmethod]
        fn all() -> Vec<PyPosition> {
            Position::all().map(PyPosition).collect()
        }

        /// The engine's evaluation of this start (see `Eval` for the engine
        /// and its limit): `.cp`, `.wdl`, `.depth`, `.best`.
        #[getter]
        fn eval(&self) -> PyEval {
            PyEval(self.0.eval())
        }

        /// White's back rank in uppercase letters, `"RNBQKBNR"`.
        #[getter]
        fn rank(&self) -> &'static str {
            self.0.as_str()
        }

        /// The piece on `file` (`"a"` to `"h"`): `"king"`, `"queen"`, `"rook"`,
        /// `"bishop"` or `"knight"`.
        fn piece_at(&self, file: String) -> PyResult<&'static str> {
            let file = file.parse::<File>().map_err(value_error)?;
            Ok(self.0.piece_at(file).name())
        }

        /// The FEN, with castling rights in X-FEN (`"x-fen"`, `KQkq`) or
        /// Shredder-FEN (`"shredder"`, `HAha`).
        #[pyo3(signature = (style = "x-fen".to_owned()))]
        fn fen(&self, style: String) -> PyResult<String> {
            Ok(self.0.fen(fen_style(&style)?).as_str().to_owned())
        }

        /// The position with the pieces mirrored between the a-side and the h-side.
        fn mirrored(&self) -> PyPosition {
            PyPosition(self.0.mirrored())
        }

        /// Castling to `side`: `"O-O-O"`/`"a-side"`/`"queenside"` or
        /// `"O-O"`/`"h-side"`/`"kingside"`.
        fn castling(&self, side: String) -> PyResult<PyCastling> {
            let side = side.parse::<CastlingSide>().map_err(value_error)?;
            Ok(PyCastling(self.0.castling(side)))
        }

        /// The castling that the UCI move `uci` of `color` is, or None.
        fn castling_from_uci(&self, color: String, uci: String) -> PyResult<Option<PyCastling>> {
            let color = crate::position::color(&color)?;
            let uci = uci.parse::<UciMove>().map_err(value_error)?;
            Ok(self.0.castling_from_uci(color, uci).map(PyCastling))
        }

        /// This start as a python-chess `chess.Board(..., chess960=True)`
        /// (needs python-chess).
        fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
            let chess = py.import("chess")?;
            let kwargs = PyDict::new(py);
            kwargs.set_item("chess960", true)?;
            chess
                .getattr("Board")?
                .call((self.0.fen(FenStyle::Shredder).as_str(),), Some(&kwargs))
        }

        fn __repr__(&self) -> String {
            format!("Position({})", self.0.id())
        }

        fn __str__(&self) -> &'static str {
            self.0.as_str()
        }

        fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (u16,)) {
            (slf.get_type(), (slf.get().0.id(),))
        }
    }
}

/// A file as its letter.
fn letter(file: File) -> String {
    file.to_string()
}

/// Two files as letters.
fn pair(files: [File; 2]) -> (String, String) {
    (letter(files[0]), letter(files[1]))
}

value_class! {
    /// How a king and a rook castle to one side in one start position.
    #[pyclass(name = "Castling")]
    #[derive(Clone, Copy, PartialEq, Eq, Hash)]
    pub(crate) struct PyCastling(chess960::Castling);
}

methods_with_getters! {
    impl PyCastling {
        getters {
            /// The king's file before castling.
            king_from -> String = letter;
            /// The king's file after castling (`"c"` or `"g"`).
            king_to -> String = letter;
            /// The rook's file before castling.
            rook_from -> String = letter;
            /// The rook's file after castling (`"d"` or `"f"`).
            rook_to -> String = letter;
            /// Whether the king changes square.
            king_moves -> bool;
            /// Whether the rook changes square.
            rook_moves -> bool;
        }

        /// `"O-O-O"` (the a-side) or `"O-O"` (the h-side).
        #[getter]
        fn side(&self) -> &'static str {
            self.0.side().notation()
        }

        /// The castling move in UCI's Chess960 notation, king takes rook
        /// (`"e1h1"`), for `color`.
        #[pyo3(signature = (color = "white".to_owned()))]
        fn uci(&self, color: String) -> PyResult<String> {
            Ok(self.0.uci(crate::position::color(&color)?).to_string())
        }

        /// The castling move as the king's own move (`"e1g1"`), as classical UCI
        /// writes it, or None when the king does not move two files or more.
        #[pyo3(signature = (color = "white".to_owned()))]
        fn uci_king_move(&self, color: String) -> PyResult<Option<String>> {
            Ok(self
                .0
                .uci_king_move(crate::position::color(&color)?)
                .map(|uci| uci.to_string()))
        }

        fn __repr__(&self) -> String {
            format!(
                "Castling({:?}, king {}->{}, rook {}->{})",
                self.0.side().notation(),
                self.0.king_from(),
                self.0.king_to(),
                self.0.rook_from(),
                self.0.rook_to()
            )
        }
    }
}

value_class! {
    /// A double Chess960 start: White's and Black's back ranks chosen apart.
    /// Numbered `white.id * 960 + black.id` (0 to 921,599).
    #[pyclass(name = "DoublePosition", ord)]
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub(crate) struct PyDoublePosition(pub(crate) DoublePosition);
}

methods_with_getters! {
    impl PyDoublePosition {
        getters {
            /// The number, `white.id * 960 + black.id`.
            id -> u32;
            /// White's start.
            white -> PyPosition = PyPosition;
            /// Black's start (the rank Black's pieces would have as White's).
            black -> PyPosition = PyPosition;
            /// Whether Black's pieces mirror White's (a single Chess960 start).
            is_single -> bool;
        }

        #[new]
        fn new(white: &Bound<'_, PyAny>, black: &Bound<'_, PyAny>) -> PyResult<PyDoublePosition> {
            Ok(PyDoublePosition(DoublePosition::new(
                position_of(white)?,
                position_of(black)?,
            )))
        }

        /// The double start numbered `id` (0 to 921,599).
        #[staticmethod]
        fn from_id(id: &Bound<'_, PyAny>) -> PyResult<PyDoublePosition> {
            DoublePosition::from_id(required(id, "id", "a double start id from 0 to 921599")?)
                .map(PyDoublePosition)
                .map_err(value_error)
        }

        /// The double start a FEN describes.
        #[staticmethod]
        fn from_fen(fen: String) -> PyResult<PyDoublePosition> {
            DoublePosition::from_fen(&fen)
                .map(PyDoublePosition)
                .map_err(value_error)
        }

        /// Both sides mirrored between the a-side and the h-side.
        fn mirrored(&self) -> PyDoublePosition {
            PyDoublePosition(self.0.mirrored())
        }

        /// The FEN, castling rights in `"x-fen"` or `"shredder"` style.
        #[pyo3(signature = (style = "shredder".to_owned()))]
        fn fen(&self, style: String) -> PyResult<String> {
            Ok(self.0.fen(fen_style(&style)?).as_str().to_owned())
        }

        fn __repr__(&self) -> String {
            format!(
                "DoublePosition({}, {})",
                self.0.white().id(),
                self.0.black().id()
            )
        }

        fn __str__(&self) -> String {
            self.0.to_string()
        }

        fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (u16, u16)) {
            let double = slf.get().0;
            (slf.get_type(), (double.white().id(), double.black().id()))
        }
    }
}
