//! The one grammar of a start position written as text: an id, an `SP`
//! label, a back rank in either colour, or a FEN (recognised, not read).

use crate::decomposition::{POSITION_COUNT, id_from_rank};
use crate::error::PositionError;
use crate::text::char_at;
use crate::text::rank_from_text;

/// The table of accepted and refused forms, shared by
/// [`read_position`]'s docs and `chess960`'s `FromStr for Position`.
#[doc(hidden)]
#[macro_export]
macro_rules! __grammar_table {
    () => {
        "| Text | Read as |
| --- | --- |
| `518`, `0518`, `007` | the id, in decimal: leading zeros are allowed and never mean octal |
| `SP518`, `sp518`, `Sp518`, `SP-518`, `SP 518`, `SP007` | the id after `SP` (any case), then nothing, one `-`, or ASCII white space |
| `RNBQKBNR` | White's back rank, uppercase, a-file first |
| `rnbqkbnr` | Black's back rank, lowercase: the same position |
| anything with a `/` | a FEN, handed to a FEN reader (`chess960::Position::from_fen`) |
| `\\t518\\n`, `\\tRNBQKBNR\\n` | the same: ASCII white space around the text (spaces, tabs, line ends) is ignored |
| (empty, or only white space) | refused: `Empty` |
| `-1`, `-518` | refused: `NegativeId` |
| `+518`, `518.0`, `5e2`, `0x206`, `518u16`, `5 18`, `SP--518`, `SP5x` | refused: `NotADigit`, naming the first character that is not a digit |
| `SP`, `SP-` | refused: `LabelWithoutId` |
| `960`, `65535`, `SP960` | refused: `IdOutOfRange` |
| `65536`, `123456789012345678901234567890` | refused: `IdTooLarge`, with the number of digits |
| `RNBQKBN`, `hello` | refused: `WrongLength`, in characters |
| `RNBQKBNP`, `RNB KBNR`, `RNBQKBN♔` | refused: `InvalidCharacter`, with its file |
| `RNBQKBNr`, `Rnbqkbnr` | refused: `MixedCase`, with its file |
| `RNBQKBNQ`, `RNBKQNBR`, `KRBQRBNN` | refused: `WrongPieceCount`, `BishopsOnSameColor`, `KingNotBetweenRooks` |

A text that starts with a digit (or with `-` or `+` and a digit) is read as
an id; one that starts with `SP` in any case as a label; any other text
without a `/` as a rank. White space other than ASCII's (such as U+00A0,
or a byte order mark) is not trimmed: it counts as a character."
    };
}

/// How a start position was written, as [`read_position`] reads it.
///
/// An [`Id`](Spelling::Id) is always below 960 and a
/// [`Rank`](Spelling::Rank) is always a start position: everything but a FEN
/// is checked completely.
///
/// ```
/// use chess960_core::{Spelling, read_position};
///
/// assert_eq!(read_position("SP-518"), Ok(Spelling::Id(518)));
/// assert_eq!(read_position("rnbqkbnr"), Ok(Spelling::Rank(*b"RNBQKBNR")));
/// assert_eq!(read_position("RNBQKBNR").map(Spelling::id), Ok(Some(518)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spelling<'a> {
    /// An id from 0 to 959, written as a number (`518`) or a label (`SP518`).
    Id(u16),
    /// A back rank, written in White's uppercase or Black's lowercase:
    /// White's rank, a-file first, in uppercase ASCII.
    Rank([u8; 8]),
    /// Text with a `/`, trimmed: a FEN, for a FEN reader to check
    /// (`chess960::Position::from_fen`); this crate has none.
    Fen(&'a str),
}

impl Spelling<'_> {
    /// The id written, or `None` for a FEN (which this crate does not read).
    ///
    /// ```
    /// use chess960_core::Spelling;
    ///
    /// assert_eq!(Spelling::Rank(*b"BBQNNRKR").id(), Some(0));
    /// assert_eq!(Spelling::Fen("8/8 w - - 0 1").id(), None);
    /// ```
    pub const fn id(self) -> Option<u16> {
        match self {
            Spelling::Id(id) => Some(id),
            Spelling::Rank(rank) => match id_from_rank(&rank) {
                Ok(id) => Some(id),
                Err(_) => None,
            },
            Spelling::Fen(_) => None,
        }
    }
}

/// Reads a start position written as text in any of the forms below, the
/// one grammar behind `chess960`'s `FromStr`, serde and `sp!`.
///
#[doc = crate::__grammar_table!()]
///
/// # Errors
/// The [`PositionError`] named in the table: for a rank, the first rule it
/// breaks in the order documented on [`PositionError`].
///
/// ```
/// use chess960_core::{File, PositionError, Spelling, read_position};
///
/// assert_eq!(read_position(" 518\n"), Ok(Spelling::Id(518)));
/// assert_eq!(read_position("sp 7"), Ok(Spelling::Id(7)));
/// assert_eq!(read_position("rnbqkbnr"), Ok(Spelling::Rank(*b"RNBQKBNR")));
/// assert!(matches!(read_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
///     Ok(Spelling::Fen(_))));
///
/// assert_eq!(read_position("960"), Err(PositionError::IdOutOfRange { id: 960 }));
/// assert_eq!(read_position("-1"), Err(PositionError::NegativeId));
/// assert_eq!(read_position("518.0"), Err(PositionError::NotADigit { character: '.' }));
/// assert_eq!(
///     read_position("RNBQKBNr"),
///     Err(PositionError::MixedCase { file: File::H, character: 'r' })
/// );
/// ```
pub const fn read_position(text: &str) -> Result<Spelling<'_>, PositionError> {
    let text = text.trim_ascii();
    let bytes = text.as_bytes();
    if bytes.is_empty() {
        return Err(PositionError::Empty);
    }
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'/' {
            return Ok(Spelling::Fen(text));
        }
        index += 1;
    }
    // Only `S` and `s` give `s` when the bit of lowercase is set.
    if bytes.len() >= 2 && bytes[0] | 0x20 == b's' && bytes[1] | 0x20 == b'p' {
        let mut start = 2;
        if start < bytes.len() && bytes[start] == b'-' {
            start += 1;
        } else {
            while start < bytes.len() && bytes[start].is_ascii_whitespace() {
                start += 1;
            }
        }
        if start == bytes.len() {
            return Err(PositionError::LabelWithoutId);
        }
        return read_id(bytes, start);
    }
    let first = bytes[0];
    if first.is_ascii_digit() {
        return read_id(bytes, 0);
    }
    if (first == b'-' || first == b'+') && bytes.len() > 1 && bytes[1].is_ascii_digit() {
        return Err(if first == b'-' {
            PositionError::NegativeId
        } else {
            PositionError::NotADigit { character: '+' }
        });
    }
    match rank_from_text(text) {
        Ok(rank) => match id_from_rank(&rank) {
            Ok(_) => Ok(Spelling::Rank(rank)),
            Err(error) => Err(error),
        },
        Err(error) => Err(error),
    }
}

/// The id written in decimal from byte `start` of `bytes` to the end.
const fn read_id(bytes: &[u8], start: usize) -> Result<Spelling<'static>, PositionError> {
    let mut value: u32 = 0;
    let mut digits = 0;
    let mut index = start;
    while index < bytes.len() {
        let byte = bytes[index];
        if !byte.is_ascii_digit() {
            return Err(PositionError::NotADigit {
                character: char_at(bytes, index).0,
            });
        }
        if digits > 0 || byte != b'0' {
            digits += 1;
            // Past 5 digits the value no longer matters: it is too large.
            if digits <= 5 {
                value = value * 10 + (byte - b'0') as u32;
            }
        }
        index += 1;
    }
    if digits > 5 || value > u16::MAX as u32 {
        return Err(PositionError::IdTooLarge { digits });
    }
    #[allow(clippy::cast_possible_truncation, reason = "checked against u16::MAX")]
    let id = value as u16;
    if id >= POSITION_COUNT {
        Err(PositionError::IdOutOfRange { id })
    } else {
        Ok(Spelling::Id(id))
    }
}
