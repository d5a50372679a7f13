//! Reading a [`DoublePosition`] written as text: its id, White's and
//! Black's starts around a `/`, or a FEN (handed to
//! [`DoublePosition::from_fen`]), and [`ParseDoublePositionError`].

use crate::{Color, DoubleIdError, DoublePosition, FenError, ParsePositionError, Position};
use core::fmt;

impl core::str::FromStr for DoublePosition {
    type Err = ParseDoublePositionError;

    /// Reads a double start written in one of three forms:
    ///
    /// - its id, a decimal number 0 to 921,599 (`497918`): a bare number is
    ///   always the *double* id, `white_id * 960 + black_id`, never a single
    ///   start's id (the classical start is `497798`, or `518/518`);
    /// - White's start, a `/`, and Black's start, each an id 0 to 959 or a
    ///   back rank in either case (`518/638`, `RNBQKBNR/rnkqrbbn`). Two
    ///   ranks with the first in lowercase and the second in uppercase are
    ///   read in the order of a FEN, Black's first (`rnkqrbbn/RNBQKBNR`);
    ///   otherwise White's comes first;
    /// - a FEN (any text with more than one `/`), read by
    ///   [`DoublePosition::from_fen`].
    ///
    /// ```
    /// use chess960::DoublePosition;
    ///
    /// let double = DoublePosition::from_id(497_918)?;
    /// for text in ["497918", "518/638", "RNBQKBNR/rnkqrbbn", "rnkqrbbn/RNBQKBNR", "RNBQKBNR/RNKQRBBN"] {
    ///     assert_eq!(text.parse::<DoublePosition>(), Ok(double), "{text}");
    /// }
    /// let fen = "rnkqrbbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// assert_eq!(fen.parse::<DoublePosition>(), Ok(double));
    /// # Ok::<(), chess960::DoubleIdError>(())
    /// ```
    fn from_str(text: &str) -> Result<DoublePosition, ParseDoublePositionError> {
        if text.bytes().filter(|&byte| byte == b'/').count() > 1 {
            return DoublePosition::from_fen(text).map_err(ParseDoublePositionError::Fen);
        }
        let Some((first, second)) = text.split_once('/') else {
            if !is_number(text) {
                return Err(ParseDoublePositionError::UnknownForm);
            }
            let id = text
                .parse::<u32>()
                .map_err(|_| ParseDoublePositionError::IdTooLarge { digits: text.len() })?;
            return DoublePosition::from_id(id).map_err(ParseDoublePositionError::Id);
        };
        let fen_order = !is_number(first)
            && !is_number(second)
            && is_in_case(first, u8::is_ascii_lowercase, u8::is_ascii_uppercase)
            && is_in_case(second, u8::is_ascii_uppercase, u8::is_ascii_lowercase);
        let (white, black) = if fen_order {
            (second, first)
        } else {
            (first, second)
        };
        Ok(DoublePosition::new(
            start(white, Color::White)?,
            start(black, Color::Black)?,
        ))
    }
}

/// Whether `text` is a non-empty run of ASCII digits.
fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit())
}

/// Whether `text` has a letter in one case (`is`) and none in the other
/// (`is_not`).
fn is_in_case(text: &str, is: fn(&u8) -> bool, is_not: fn(&u8) -> bool) -> bool {
    text.bytes().any(|byte| is(&byte)) && !text.bytes().any(|byte| is_not(&byte))
}

/// One colour's start in the text of a double start: an id or a rank.
fn start(text: &str, color: Color) -> Result<Position, ParseDoublePositionError> {
    let position = if is_number(text) {
        let id = text
            .parse::<u16>()
            .map_err(|_| ParseDoublePositionError::IdTooLarge { digits: text.len() })?;
        Position::from_id(id).map_err(ParsePositionError::from)
    } else {
        text.parse::<Position>()
    };
    position.map_err(|error| ParseDoublePositionError::Position { color, error })
}

/// Why a text is no double Chess960 start (see [`DoublePosition`]'s
/// `FromStr` for the forms it reads).
///
/// ```
/// use chess960::{Color, DoublePosition, ParseDoublePositionError, ParsePositionError, PositionError};
///
/// assert_eq!(
///     "518/960".parse::<DoublePosition>(),
///     Err(ParseDoublePositionError::Position {
///         color: Color::Black,
///         error: ParsePositionError::Position(PositionError::IdOutOfRange { id: 960 }),
///     })
/// );
/// assert_eq!(
///     "518/960".parse::<DoublePosition>().unwrap_err().to_string(),
///     "Black's start: start position 960 does not exist: ids run from 0 to 959"
/// );
/// assert_eq!("SP518".parse::<DoublePosition>(), Err(ParseDoublePositionError::UnknownForm));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseDoublePositionError {
    /// A number of 921,600 or more: no double start has that id.
    Id(DoubleIdError),
    /// A number too large for any id.
    IdTooLarge {
        /// How many digits it has.
        digits: usize,
    },
    /// One colour's start, written as an id or a rank, is no start position.
    Position {
        /// Whose start it is.
        color: Color,
        /// The rule it breaks.
        error: ParsePositionError,
    },
    /// The text has more than one `/`, so it is read as a FEN, and the FEN
    /// is no double Chess960 start.
    Fen(FenError),
    /// The text is none of the forms read: no number, no `/`, no FEN.
    UnknownForm,
}

impl fmt::Display for ParseDoublePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseDoublePositionError::Id(error) => error.fmt(f),
            ParseDoublePositionError::IdTooLarge { digits } => write!(
                f,
                "a number of {digits} digits is too large: double Chess960 ids run from 0 to {}",
                DoublePosition::COUNT - 1
            ),
            ParseDoublePositionError::Position { color, error } => {
                write!(f, "{color}'s start: {error}")
            }
            ParseDoublePositionError::Fen(error) => error.fmt(f),
            ParseDoublePositionError::UnknownForm => f.write_str(
                "a double Chess960 start is written as its id (0 to 921599), as White's and \
                 Black's starts separated by '/' (518/638 or RNBQKBNR/rnkqrbbn), or as a FEN",
            ),
        }
    }
}

impl core::error::Error for ParseDoublePositionError {}
