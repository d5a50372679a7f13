//! The squares of the board, numbered 0 (a1) to 63 (h8).

use crate::{Colour, File};
use core::fmt;
use core::str::FromStr;

/// A square of the board.
///
/// Squares are numbered rank by rank from White's side, a-file first:
/// a1 is 0, h1 is 7, a2 is 8 and h8 is 63. The same number is the square's
/// bit in a 64-bit board mask ([`Square::bit`]), as in most engines.
///
/// serde (feature `serde`): written as the name, `"e4"`, in human-readable
/// formats and as the index (`u8`) in compact ones.
///
/// ```
/// use chess960::{Colour, File, Square};
///
/// let e1 = Square::on_back_rank(File::E, Colour::White);
/// assert_eq!(e1.index(), 4);
/// assert_eq!(e1.to_string(), "e1");
/// assert_eq!(Square::new(File::H, 7).map(Square::index), Some(63));
/// assert_eq!(Square::from_ascii(*b"e1"), Some(e1));
/// assert_eq!("e1".parse::<Square>(), Ok(e1));
/// assert_eq!(format!("{e1:?}"), "Square(e1)");
/// assert_eq!(format!("[{e1:>4}]"), "[  e1]");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    /// Always below 64.
    index: u8,
}

impl Square {
    /// The square on `file` and the rank with index `rank` (0 for the first
    /// rank to 7 for the eighth), or `None` when `rank` is 8 or more.
    ///
    /// ```
    /// use chess960::{File, Square};
    ///
    /// assert_eq!(Square::new(File::A, 1).map(Square::index), Some(8));
    /// assert_eq!(Square::new(File::A, 8), None);
    /// ```
    pub const fn new(file: File, rank: u8) -> Option<Square> {
        if rank < 8 {
            Some(Square {
                index: rank * 8 + file.index(),
            })
        } else {
            None
        }
    }

    /// The square on `file` of `colour`'s back rank: the first rank for
    /// White, the eighth for Black.
    ///
    /// ```
    /// use chess960::{Colour, File, Square};
    ///
    /// assert_eq!(Square::on_back_rank(File::G, Colour::Black).to_string(), "g8");
    /// ```
    pub const fn on_back_rank(file: File, colour: Colour) -> Square {
        Square {
            index: colour.back_rank() * 8 + file.index(),
        }
    }

    /// The square with this number (0 is a1, 63 is h8), or `None` past 63.
    ///
    /// ```
    /// assert_eq!(chess960::Square::from_index(64), None);
    /// ```
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square { index })
        } else {
            None
        }
    }

    /// The square written as a file letter and a rank digit, `*b"e4"`, or
    /// `None` if the two bytes are not such a name.
    ///
    /// ```
    /// use chess960::Square;
    ///
    /// assert_eq!(Square::from_ascii(*b"h8").map(Square::index), Some(63));
    /// assert_eq!(Square::from_ascii(*b"i1"), None);
    /// assert_eq!(Square::from_ascii(*b"E1"), None);
    /// ```
    pub const fn from_ascii(name: [u8; 2]) -> Option<Square> {
        let [file, rank] = name;
        if file >= b'a' && file <= b'h' && rank >= b'1' && rank <= b'8' {
            Some(Square {
                index: (rank - b'1') * 8 + (file - b'a'),
            })
        } else {
            None
        }
    }

    /// The square's name as two ASCII bytes, file letter then rank digit:
    /// the inverse of [`Square::from_ascii`].
    ///
    /// ```
    /// use chess960::{Colour, File, Square};
    ///
    /// assert_eq!(Square::on_back_rank(File::G, Colour::Black).to_ascii(), *b"g8");
    /// ```
    pub const fn to_ascii(self) -> [u8; 2] {
        [b'a' + self.index % 8, b'1' + self.index / 8]
    }

    /// The square's number, 0 (a1) to 63 (h8).
    ///
    /// ```
    /// use chess960::{Colour, File, Square};
    ///
    /// assert_eq!(Square::on_back_rank(File::A, Colour::Black).index(), 56);
    /// ```
    pub const fn index(self) -> u8 {
        self.index
    }

    /// The square's file.
    ///
    /// ```
    /// use chess960::{File, Square};
    ///
    /// assert_eq!(Square::from_index(12).map(Square::file), Some(File::E));
    /// ```
    pub const fn file(self) -> File {
        File::ALL[(self.index % 8) as usize]
    }

    /// The index of the square's rank, 0 for the first rank to 7 for the
    /// eighth.
    ///
    /// ```
    /// use chess960::Square;
    ///
    /// assert_eq!(Square::from_index(12).map(Square::rank), Some(1));
    /// ```
    pub const fn rank(self) -> u8 {
        self.index / 8
    }

    /// The square's bit in a 64-bit board mask: `1 << index`.
    ///
    /// ```
    /// use chess960::{Colour, File, Square};
    ///
    /// assert_eq!(Square::on_back_rank(File::H, Colour::White).bit(), 0x80);
    /// ```
    pub const fn bit(self) -> u64 {
        1 << self.index
    }
}

impl fmt::Display for Square {
    /// Writes the file letter and the rank digit, `e1`, padded and aligned
    /// as the formatter asks (`{:^6}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.to_ascii();
        match core::str::from_utf8(&name) {
            Ok(name) => f.pad(name),
            // A file letter and a rank digit are ASCII.
            Err(_) => Err(fmt::Error),
        }
    }
}

impl fmt::Debug for Square {
    /// Writes the name, `Square(e1)`, not the number inside.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Square")
            .field(&format_args!("{self}"))
            .finish()
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads a square name, a lowercase file letter `a` to `h` then a rank
    /// digit `1` to `8` (`e4`), as [`Square::from_ascii`] does.
    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        let mut chars = text.chars();
        let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(ParseSquareError::WrongLength {
                length: text.chars().count(),
            });
        };
        let file = match file {
            'a'..='h' => file as u8 - b'a',
            _ => return Err(ParseSquareError::NotAFile { found: file }),
        };
        let rank = match rank {
            '1'..='8' => rank as u8 - b'1',
            _ => return Err(ParseSquareError::NotARank { found: rank }),
        };
        Ok(Square {
            index: rank * 8 + file,
        })
    }
}

/// Why a text is not the name of a [`Square`].
///
/// ```
/// use chess960::{ParseSquareError, Square};
///
/// assert_eq!("e9".parse::<Square>(), Err(ParseSquareError::NotARank { found: '9' }));
/// assert_eq!("E4".parse::<Square>(), Err(ParseSquareError::NotAFile { found: 'E' }));
/// assert_eq!("e".parse::<Square>(), Err(ParseSquareError::WrongLength { length: 1 }));
/// assert_eq!(
///     "e9".parse::<Square>().unwrap_err().to_string(),
///     "'9' is not a rank: a square name ends with a digit 1 to 8"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseSquareError {
    /// The text is not two characters long.
    WrongLength {
        /// The text's length in characters.
        length: usize,
    },
    /// The first character is not a lowercase file letter `a` to `h`.
    NotAFile {
        /// The character given.
        found: char,
    },
    /// The second character is not a rank digit `1` to `8`.
    NotARank {
        /// The character given.
        found: char,
    },
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseSquareError::WrongLength { length } => write!(
                f,
                "a square name is a file letter and a rank digit such as e4, but {length} character{} given",
                if length == 1 { " was" } else { "s were" }
            ),
            ParseSquareError::NotAFile { found } => write!(
                f,
                "{found:?} is not a file: a square name starts with a lowercase letter a to h"
            ),
            ParseSquareError::NotARank { found } => write!(
                f,
                "{found:?} is not a rank: a square name ends with a digit 1 to 8"
            ),
        }
    }
}

impl core::error::Error for ParseSquareError {}
