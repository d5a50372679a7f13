//! Moves as the Universal Chess Interface writes them: from-square and
//! to-square, `e1g1`.

use crate::Square;
use core::fmt;
use core::str::FromStr;

/// A move in UCI's long algebraic notation without a promotion piece: the
/// square a piece leaves and the square it goes to. Castling moves never
/// promote, so this is all they need.
///
/// serde (feature `serde`): written as the move, `"e1h1"`, in human-readable
/// formats and as `from * 64 + to` of the square indices (`u16`) in compact
/// ones.
///
/// ```
/// use chess960::UciMove;
///
/// let castling: UciMove = "b1a1".parse()?;
/// assert_eq!(castling.from_square().to_string(), "b1");
/// assert_eq!(castling.to_square().to_string(), "a1");
/// assert_eq!(castling.to_string(), "b1a1");
/// assert_eq!(format!("{castling:?}"), "UciMove(b1a1)");
/// assert_eq!(format!("[{castling:<6}]"), "[b1a1  ]");
/// # Ok::<(), chess960::ParseUciMoveError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UciMove {
    from: Square,
    to: Square,
}

impl UciMove {
    /// The move from `from` to `to`.
    ///
    /// ```
    /// use chess960::{Colour, File, Square, UciMove};
    ///
    /// let e1 = Square::on_back_rank(File::E, Colour::White);
    /// let g1 = Square::on_back_rank(File::G, Colour::White);
    /// assert_eq!(UciMove::new(e1, g1).to_string(), "e1g1");
    /// ```
    pub const fn new(from: Square, to: Square) -> UciMove {
        UciMove { from, to }
    }

    /// The square the moving piece leaves.
    ///
    /// ```
    /// let castling: chess960::UciMove = "e1g1".parse()?;
    /// assert_eq!(castling.from_square().index(), 4);
    /// # Ok::<(), chess960::ParseUciMoveError>(())
    /// ```
    pub const fn from_square(self) -> Square {
        self.from
    }

    /// The square the moving piece goes to.
    ///
    /// ```
    /// let castling: chess960::UciMove = "e1g1".parse()?;
    /// assert_eq!(castling.to_square().index(), 6);
    /// # Ok::<(), chess960::ParseUciMoveError>(())
    /// ```
    pub const fn to_square(self) -> Square {
        self.to
    }
}

impl fmt::Display for UciMove {
    /// Writes the two squares, `e1g1`, padded and aligned as the formatter
    /// asks (`{:^8}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [from_file, from_rank] = self.from.to_ascii();
        let [to_file, to_rank] = self.to.to_ascii();
        match core::str::from_utf8(&[from_file, from_rank, to_file, to_rank]) {
            Ok(text) => f.pad(text),
            // Square names are ASCII.
            Err(_) => Err(fmt::Error),
        }
    }
}

impl fmt::Debug for UciMove {
    /// Writes the move as UCI does, `UciMove(e1g1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("UciMove")
            .field(&format_args!("{self}"))
            .finish()
    }
}

impl FromStr for UciMove {
    type Err = ParseUciMoveError;

    /// Parses two square names, `e1g1`. A promotion letter (`e7e8q`) is
    /// rejected as a wrong length: no castling move promotes.
    fn from_str(text: &str) -> Result<UciMove, ParseUciMoveError> {
        let Ok([from_file, from_rank, to_file, to_rank]) = <[u8; 4]>::try_from(text.as_bytes())
        else {
            return Err(ParseUciMoveError::WrongLength { length: text.len() });
        };
        match (
            Square::from_ascii([from_file, from_rank]),
            Square::from_ascii([to_file, to_rank]),
        ) {
            (Some(from), Some(to)) => Ok(UciMove { from, to }),
            (None, _) => Err(ParseUciMoveError::InvalidSquare { index: 0 }),
            (Some(_), None) => Err(ParseUciMoveError::InvalidSquare { index: 2 }),
        }
    }
}

/// Why a text is not a UCI move of two squares.
///
/// ```
/// use chess960::{ParseUciMoveError, UciMove};
///
/// assert_eq!("e1".parse::<UciMove>(), Err(ParseUciMoveError::WrongLength { length: 2 }));
/// assert_eq!("e1z1".parse::<UciMove>(), Err(ParseUciMoveError::InvalidSquare { index: 2 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseUciMoveError {
    /// The text does not have the 4 bytes of two square names.
    WrongLength {
        /// The text's length in bytes.
        length: usize,
    },
    /// A square name is not a file letter `a`-`h` followed by a rank digit
    /// `1`-`8`.
    InvalidSquare {
        /// Where the square name starts: 0 or 2.
        index: usize,
    },
}

impl fmt::Display for ParseUciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseUciMoveError::WrongLength { length } => write!(
                f,
                "a UCI castling move is two square names such as e1g1 (4 bytes), but {length} byte{} given",
                if length == 1 { " was" } else { "s were" }
            ),
            ParseUciMoveError::InvalidSquare { index } => write!(
                f,
                "the {} square is not a file letter a-h followed by a rank digit 1-8",
                if index == 0 { "from" } else { "to" }
            ),
        }
    }
}

impl core::error::Error for ParseUciMoveError {}
