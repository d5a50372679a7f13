//! Reading a [`Position`] written as text in any form: `FromStr`, on the one
//! grammar of `chess960-core` ([`read_position`]), with FENs handed to
//! [`Position::from_fen`].

use crate::{FenError, Position, PositionError, Spelling, read_position};
use core::fmt;
use core::str::FromStr;

/// Why a text is not a start position: an id, a label or a rank that breaks
/// a rule, or a FEN that [`Position::from_fen`] refuses.
///
/// Its `Display` is the inner error's.
///
/// ```
/// use chess960::{ParsePositionError, Position, PositionError};
///
/// assert_eq!(
///     "960".parse::<Position>(),
///     Err(ParsePositionError::Position(PositionError::IdOutOfRange { id: 960 }))
/// );
/// let error = "8/8/8/8/8/8/8/8 w - - 0 1".parse::<Position>().unwrap_err();
/// assert!(matches!(error, ParsePositionError::Fen(_)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// The text is no id, label or rank of a start position.
    Position(PositionError),
    /// The text has a `/`, so it was read as a FEN, and the FEN is not a
    /// Chess960 start.
    Fen(FenError),
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::Position(error) => error.fmt(f),
            ParsePositionError::Fen(error) => error.fmt(f),
        }
    }
}

impl core::error::Error for ParsePositionError {}

impl From<PositionError> for ParsePositionError {
    /// Wraps the error as [`ParsePositionError::Position`].
    fn from(error: PositionError) -> ParsePositionError {
        ParsePositionError::Position(error)
    }
}

impl From<FenError> for ParsePositionError {
    /// Wraps the error as [`ParsePositionError::Fen`].
    fn from(error: FenError) -> ParsePositionError {
        ParsePositionError::Fen(error)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a start position written in any of these forms (the grammar of
    /// [`read_position`]; the refusals are [`PositionError`] variants, in a
    /// [`ParsePositionError::Position`]):
    ///
    #[doc = chess960_core::__grammar_table!()]
    ///
    /// A FEN is read by [`Position::from_fen`]; its refusals are
    /// [`ParsePositionError::Fen`].
    ///
    /// ```
    /// use chess960::{File, ParsePositionError, Position, PositionError};
    ///
    /// for text in ["518", "SP518", "sp-518", "SP 518", " RNBQKBNR\n", "rnbqkbnr",
    ///              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"] {
    ///     assert_eq!(text.parse::<Position>()?, Position::STANDARD);
    /// }
    /// assert_eq!(
    ///     "RNBQKBNx".parse::<Position>(),
    ///     Err(ParsePositionError::Position(PositionError::InvalidCharacter {
    ///         file: File::H,
    ///         character: 'x',
    ///     }))
    /// );
    /// # Ok::<(), ParsePositionError>(())
    /// ```
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        match read_position(text)? {
            Spelling::Id(id) => Ok(Position::from_id(id)?),
            Spelling::Rank(rank) => Ok(Position::from_rank(&rank)?),
            Spelling::Fen(fen) => Ok(Position::from_fen(fen)?),
        }
    }
}
