//! Why a number or a rank is not a Chess960 start position.

use crate::Piece;
use core::fmt;

/// The rule that a number or a back rank breaks.
///
/// A rank is checked in a fixed order and the first broken rule is reported:
/// length; then each byte from the a-file on, first whether it is a piece
/// letter, then (for text) whether its case is the first letter's; then piece
/// counts (king, queen, rooks, bishops, knights); then the bishops' colours;
/// then the king's place between the rooks. Files and indices count from 0
/// (the a-file); [`Display`](fmt::Display) writes them as a person reads them.
///
/// ```
/// use chess960_core::{id_from_rank, Error, Piece};
///
/// let error = id_from_rank(b"RNBQKBNQ").unwrap_err();
/// assert_eq!(error, Error::WrongPieceCount { piece: Piece::Queen, expected: 1, found: 2 });
/// assert_eq!(error.to_string(), "a start rank has 1 queen, but this one has 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The id is 960 or more; ids run from 0 to 959.
    IdOutOfRange {
        /// The id that was given.
        id: u16,
    },
    /// The rank does not have 8 characters.
    WrongLength {
        /// How many characters were given.
        length: usize,
    },
    /// A byte is not one of the piece letters `K`, `Q`, `R`, `B`, `N`
    /// (lowercase `kqrbn` too where Black's rank is accepted).
    InvalidByte {
        /// Where the byte stands, counting from 0 (the a-file).
        index: usize,
        /// The byte itself.
        byte: u8,
    },
    /// A rank that began in one letter case switches to the other.
    MixedCase {
        /// Where the first letter of the other case stands, counting from 0.
        index: usize,
    },
    /// A piece appears the wrong number of times.
    WrongPieceCount {
        /// The first piece, in the order of [`Piece::ALL`], whose count is wrong.
        piece: Piece,
        /// How many of it a start rank holds.
        expected: u8,
        /// How many of it the rank holds.
        found: u8,
    },
    /// Both bishops stand on squares of the same colour.
    BishopsOnSameColour {
        /// The bishops' files, counting from 0 (the a-file), a-side first.
        files: [u8; 2],
    },
    /// The king does not stand between the two rooks.
    KingNotBetweenRooks {
        /// The king's file, counting from 0 (the a-file).
        king: u8,
        /// The rooks' files, counting from 0, a-side first.
        rooks: [u8; 2],
    },
}

/// The letter of a file counted from 0 (`0` is `a`).
const fn file_letter(file: u8) -> char {
    (b'a' + file) as char
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Error::IdOutOfRange { id } => {
                write!(
                    f,
                    "start position {id} does not exist: ids run from 0 to 959"
                )
            }
            Error::WrongLength { length } => write!(
                f,
                "a back rank has 8 squares, but {length} character{} given",
                if length == 1 { " was" } else { "s were" }
            ),
            Error::InvalidByte { index, byte } => {
                if byte.is_ascii_graphic() {
                    write!(f, "'{}' at index {index}", byte as char)?;
                } else {
                    write!(f, "byte 0x{byte:02X} at index {index}")?;
                }
                f.write_str(" is not a piece letter: use K, Q, R, B and N (kqrbn for Black)")
            }
            Error::MixedCase { index } => write!(
                f,
                "the letter at index {index} changes case: write White's rank in uppercase or Black's in lowercase"
            ),
            Error::WrongPieceCount {
                piece,
                expected,
                found,
            } => {
                let plural = if expected == 1 { "" } else { "s" };
                write!(
                    f,
                    "a start rank has {expected} {piece}{plural}, but this one has {found}"
                )
            }
            Error::BishopsOnSameColour { files: [a, b] } => write!(
                f,
                "the bishops on the {}-file and the {}-file stand on squares of the same colour",
                file_letter(a),
                file_letter(b)
            ),
            Error::KingNotBetweenRooks {
                king,
                rooks: [a, b],
            } => write!(
                f,
                "the king on the {}-file is not between the rooks on the {}-file and the {}-file",
                file_letter(king),
                file_letter(a),
                file_letter(b)
            ),
        }
    }
}

impl core::error::Error for Error {}
