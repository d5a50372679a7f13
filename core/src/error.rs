//! Why a number, a rank or a text is not a Chess960 start position.

use crate::{File, Piece};
use core::fmt;

/// The rule that an id, a back rank or a position written as text breaks.
///
/// Values a program may act on are typed: squares of the back rank are
/// [`File`]s, pieces are [`Piece`]s, characters are `char`s. The
/// [`Display`](fmt::Display) text is written for a person: files by their
/// letter ("the c-file"), characters as themselves (`'x'`, or `U+2654 '♔'`
/// for one that is not ASCII), never a 0-based index.
///
/// A rank is checked in a fixed order and the first broken rule is reported:
/// length; then each square from the a-file on, first whether it holds a
/// piece letter, then (for text) whether its case is the first letter's; then
/// piece counts (king, queen, rooks, bishops, knights); then the bishops'
/// colours; then the king's place between the rooks. Text that is not a rank
/// is read as the table on `read_position` says.
///
/// ```
/// use chess960_core::{File, PositionError, id_from_rank};
///
/// let error = id_from_rank(b"RNBKQNBR").unwrap_err();
/// assert_eq!(error, PositionError::BishopsOnSameColor { files: [File::C, File::G] });
/// assert_eq!(
///     error.to_string(),
///     "the bishops on the c-file and the g-file stand on squares of the same colour"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionError {
    /// The text is empty, or only white space.
    Empty,
    /// The text is a number below 0, such as `-1`.
    NegativeId,
    /// A number, or the id after `SP`, holds a character that is not an
    /// ASCII digit (`518.0`, `+518`, `SP5x`).
    NotADigit {
        /// The first character that is not a digit.
        character: char,
    },
    /// The text is `SP` (or `SP-`) with no id after it.
    LabelWithoutId,
    /// The number is too large even for a `u16`: ids run from 0 to 959.
    IdTooLarge {
        /// How many digits it has, leading zeros left out.
        digits: usize,
    },
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
    /// A character of a rank written as text is not one of the piece letters
    /// `KQRBN` (White's rank) or `kqrbn` (Black's).
    InvalidCharacter {
        /// The square's file.
        file: File,
        /// The character itself.
        character: char,
    },
    /// A rank written as text began in one letter case and switches to the
    /// other.
    MixedCase {
        /// The file of the first letter in the other case.
        file: File,
        /// That letter.
        character: char,
    },
    /// A byte of a rank given as bytes (White's, in uppercase) is not one of
    /// the piece letters `K`, `Q`, `R`, `B`, `N`.
    InvalidByte {
        /// The square's file.
        file: File,
        /// The byte itself.
        byte: u8,
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
    BishopsOnSameColor {
        /// The bishops' files, a-side first.
        files: [File; 2],
    },
    /// The king does not stand between the two rooks.
    KingNotBetweenRooks {
        /// The king's file.
        king: File,
        /// The rooks' files, a-side first.
        rooks: [File; 2],
    },
}

/// Writes a character as a person can read it: `'x'` for printable ASCII,
/// `U+2654 '♔'` for any other character, `U+0009` for a control character.
pub(crate) fn write_character(f: &mut fmt::Formatter<'_>, character: char) -> fmt::Result {
    if character == ' ' || character.is_ascii_graphic() {
        write!(f, "'{character}'")
    } else if character.is_control() {
        write!(f, "U+{:04X}", u32::from(character))
    } else {
        write!(f, "U+{:04X} '{character}'", u32::from(character))
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::Empty => f.write_str(
                "no position given: write an id from 0 to 959, a label such as SP518, \
                 a back rank such as RNBQKBNR, or a FEN",
            ),
            PositionError::NegativeId => {
                f.write_str("start position ids are not negative: they run from 0 to 959")
            }
            PositionError::NotADigit { character } => {
                write_character(f, character)?;
                f.write_str(" is not a digit: an id is a whole number from 0 to 959")
            }
            PositionError::LabelWithoutId => {
                f.write_str("SP is followed by an id from 0 to 959, as in SP518 or SP-518")
            }
            PositionError::IdTooLarge { digits } => write!(
                f,
                "start position ids run from 0 to 959, but a number of {digits} digits was given"
            ),
            PositionError::IdOutOfRange { id } => {
                write!(
                    f,
                    "start position {id} does not exist: ids run from 0 to 959"
                )
            }
            PositionError::WrongLength { length } => write!(
                f,
                "a back rank has 8 squares, but {length} character{} given",
                if length == 1 { " was" } else { "s were" }
            ),
            PositionError::InvalidCharacter { file, character } => {
                write_character(f, character)?;
                write!(
                    f,
                    " on the {file}-file is not a piece letter: \
                     write White's rank with K, Q, R, B and N, or Black's with k, q, r, b and n"
                )
            }
            PositionError::MixedCase { file, character } => {
                let (this, first) = if character.is_ascii_uppercase() {
                    ("uppercase", "lowercase")
                } else {
                    ("lowercase", "uppercase")
                };
                write!(
                    f,
                    "'{character}' on the {file}-file is {this}, but the rank began in {first}: \
                     write White's rank in uppercase or Black's in lowercase"
                )
            }
            PositionError::InvalidByte { file, byte } => {
                if byte.is_ascii_graphic() {
                    write!(f, "'{}'", byte as char)?;
                } else {
                    write!(f, "byte 0x{byte:02X}")?;
                }
                write!(
                    f,
                    " on the {file}-file is not a piece letter: \
                     White's rank is written with K, Q, R, B and N"
                )
            }
            PositionError::WrongPieceCount {
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
            PositionError::BishopsOnSameColor { files: [a, b] } => write!(
                f,
                "the bishops on the {a}-file and the {b}-file stand on squares of the same colour"
            ),
            PositionError::KingNotBetweenRooks {
                king,
                rooks: [a, b],
            } => write!(
                f,
                "the king on the {king}-file is not between the rooks on the {a}-file and the {b}-file"
            ),
        }
    }
}

impl core::error::Error for PositionError {}
