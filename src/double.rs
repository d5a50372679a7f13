//! Double Chess960: White and Black each start from their own Chess960
//! position, 960 x 960 = 921,600 starts.
//!
//! A [`DoublePosition`] is numbered `white_id * 960 + black_id`, so ids run
//! from 0 to 921,599, the ordinary Chess960 start `n` is id `n * 961`, and
//! ordering by id orders by White's position first.
//!
//! ```
//! use chess960::{DoublePosition, FenStyle, Position};
//!
//! let double = DoublePosition::new(Position::STANDARD, Position::from_id(0)?);
//! assert_eq!(double.id(), 518 * 960);
//! assert_eq!(
//!     double.fen(FenStyle::Shredder).as_str(),
//!     "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1"
//! );
//! assert_eq!(DoublePosition::from_fen(double.fen(FenStyle::XFen).as_str()), Ok(double));
//! # Ok::<(), chess960::Error>(())
//! ```

use crate::{Castling, CastlingSide, Colour, Position};
use core::fmt;

/// A double Chess960 start: White's pieces from one start position,
/// Black's from another (mirrored onto the eighth rank as usual).
///
/// serde (feature `serde`): written as its `Display`, `"RNBQKBNR/rnkqrbbn"`,
/// in human-readable formats (read as `str::parse` reads, or an id) and as
/// the id (`u32`) in compact ones.
///
/// ```
/// use chess960::{Colour, DoublePosition, Position};
///
/// let double = DoublePosition::from_id(497_918)?;
/// assert_eq!((double.white().id(), double.black().id()), (518, 638));
/// assert_eq!(double.colour(Colour::Black).as_str(), "RNKQRBBN");
/// assert!(DoublePosition::from(Position::STANDARD).is_single());
/// # Ok::<(), chess960::DoubleIdError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DoublePosition {
    white: Position,
    black: Position,
}

impl DoublePosition {
    /// How many double Chess960 starts there are: 960 * 960.
    ///
    /// ```
    /// assert_eq!(chess960::DoublePosition::COUNT, 921_600);
    /// ```
    pub const COUNT: u32 = Position::COUNT as u32 * Position::COUNT as u32;

    /// The start with White's pieces from `white` and Black's from `black`.
    ///
    /// ```
    /// use chess960::{DoublePosition, Position};
    ///
    /// let double = DoublePosition::new(Position::from_id(1)?, Position::from_id(2)?);
    /// assert_eq!(double.id(), 962);
    /// # Ok::<(), chess960::Error>(())
    /// ```
    pub const fn new(white: Position, black: Position) -> DoublePosition {
        DoublePosition { white, black }
    }

    /// The start with id `id`: White's position `id / 960`, Black's
    /// `id % 960`.
    ///
    /// # Errors
    /// [`DoubleIdError`] when `id` is 921,600 or more.
    ///
    /// ```
    /// use chess960::{DoubleIdError, DoublePosition};
    ///
    /// assert_eq!(DoublePosition::from_id(921_599)?.white().id(), 959);
    /// assert_eq!(DoublePosition::from_id(921_600).map_err(DoubleIdError::id), Err(921_600));
    /// # Ok::<(), DoubleIdError>(())
    /// ```
    #[expect(
        clippy::cast_possible_truncation,
        reason = "below COUNT, id / 960 and id % 960 are below 960"
    )]
    pub const fn from_id(id: u32) -> Result<DoublePosition, DoubleIdError> {
        let count = Position::COUNT as u32;
        if id >= Self::COUNT {
            return Err(DoubleIdError { id });
        }
        match (
            Position::from_id((id / count) as u16),
            Position::from_id((id % count) as u16),
        ) {
            (Ok(white), Ok(black)) => Ok(DoublePosition { white, black }),
            _ => Err(DoubleIdError { id }),
        }
    }

    /// The id, `white_id * 960 + black_id`: 0..=921,599.
    ///
    /// ```
    /// use chess960::{DoublePosition, Position};
    ///
    /// assert_eq!(DoublePosition::from(Position::STANDARD).id(), 518 * 961);
    /// ```
    pub const fn id(self) -> u32 {
        self.white.id() as u32 * Position::COUNT as u32 + self.black.id() as u32
    }

    /// The start position White's pieces come from.
    ///
    /// ```
    /// # let double = chess960::DoublePosition::from_id(518)?;
    /// assert_eq!(double.white().id(), 0);
    /// # Ok::<(), chess960::DoubleIdError>(())
    /// ```
    pub const fn white(self) -> Position {
        self.white
    }

    /// The start position Black's pieces come from.
    ///
    /// ```
    /// # let double = chess960::DoublePosition::from_id(518)?;
    /// assert_eq!(double.black().id(), 518);
    /// # Ok::<(), chess960::DoubleIdError>(())
    /// ```
    pub const fn black(self) -> Position {
        self.black
    }

    /// The start position `colour`'s pieces come from.
    ///
    /// ```
    /// use chess960::{Colour, DoublePosition};
    ///
    /// let double = DoublePosition::from_id(518)?;
    /// assert_eq!(double.colour(Colour::Black), double.black());
    /// # Ok::<(), chess960::DoubleIdError>(())
    /// ```
    pub const fn colour(self, colour: Colour) -> Position {
        match colour {
            Colour::White => self.white,
            Colour::Black => self.black,
        }
    }

    /// Whether both colours start from the same position: an ordinary
    /// Chess960 start.
    ///
    /// ```
    /// use chess960::DoublePosition;
    ///
    /// assert!(DoublePosition::from_id(961)?.is_single());
    /// assert!(!DoublePosition::from_id(960)?.is_single());
    /// # Ok::<(), chess960::DoubleIdError>(())
    /// ```
    pub const fn is_single(self) -> bool {
        self.white.id() == self.black.id()
    }

    /// The a-h mirror: both back ranks read from the h-file
    /// ([`Position::mirrored`] for each colour). The mirror of the mirror is
    /// the start itself.
    ///
    /// ```
    /// use chess960::{DoublePosition, Position};
    ///
    /// let double = DoublePosition::new(Position::STANDARD, Position::from_id(0)?);
    /// let mirror = double.mirrored();
    /// assert_eq!(mirror.white().as_str(), "RNBKQBNR");
    /// assert_eq!(mirror.black().as_str(), "RKRNNQBB");
    /// assert_eq!(mirror.mirrored(), double);
    /// # Ok::<(), chess960::Error>(())
    /// ```
    #[must_use]
    pub const fn mirrored(self) -> DoublePosition {
        DoublePosition {
            white: self.white.mirrored(),
            black: self.black.mirrored(),
        }
    }

    /// Castling to `side` for `colour`, from `colour`'s own start position.
    ///
    /// ```
    /// use chess960::{CastlingSide, Colour, DoublePosition, File, Position};
    ///
    /// let double = DoublePosition::new(Position::STANDARD, Position::from_id(0)?);
    /// let castling = double.castling(Colour::Black, CastlingSide::HSide);
    /// assert_eq!((castling.king_from(), castling.rook_from()), (File::G, File::H));
    /// # Ok::<(), chess960::Error>(())
    /// ```
    pub const fn castling(self, colour: Colour, side: CastlingSide) -> Castling {
        self.colour(colour).castling(side)
    }
}

impl From<Position> for DoublePosition {
    /// The ordinary Chess960 start: both colours from `position`.
    fn from(position: Position) -> DoublePosition {
        DoublePosition::new(position, position)
    }
}

/// A double Chess960 id of 921,600 or more; ids run from 0 to 921,599.
///
/// ```
/// let error = chess960::DoublePosition::from_id(1_000_000).unwrap_err();
/// assert_eq!(error.to_string(), "double Chess960 start 1000000 does not exist: ids run from 0 to 921599");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DoubleIdError {
    id: u32,
}

impl DoubleIdError {
    /// The id that was given.
    ///
    /// ```
    /// let error = chess960::DoublePosition::from_id(921_600).unwrap_err();
    /// assert_eq!(error.id(), 921_600);
    /// ```
    pub const fn id(self) -> u32 {
        self.id
    }
}

impl fmt::Display for DoubleIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "double Chess960 start {} does not exist: ids run from 0 to {}",
            self.id,
            DoublePosition::COUNT - 1
        )
    }
}

impl core::error::Error for DoubleIdError {}

// The standard traits of `DoublePosition` that read and write it as text and
// as its id.

impl Default for DoublePosition {
    /// The classical start, both colours from [`Position::STANDARD`], as
    /// [`Position::default`].
    ///
    /// ```
    /// use chess960::DoublePosition;
    ///
    /// assert_eq!(DoublePosition::default().id(), 518 * 961);
    /// ```
    fn default() -> DoublePosition {
        DoublePosition::from(Position::STANDARD)
    }
}

impl TryFrom<u32> for DoublePosition {
    type Error = DoubleIdError;

    /// As [`DoublePosition::from_id`].
    ///
    /// ```
    /// use chess960::DoublePosition;
    ///
    /// let double = DoublePosition::try_from(497_918)?;
    /// assert_eq!((double.white().id(), double.black().id()), (518, 638));
    /// assert!(DoublePosition::try_from(921_600).is_err());
    /// # Ok::<(), chess960::DoubleIdError>(())
    /// ```
    fn try_from(id: u32) -> Result<DoublePosition, DoubleIdError> {
        DoublePosition::from_id(id)
    }
}

impl From<DoublePosition> for u32 {
    /// The id, as [`DoublePosition::id`].
    ///
    /// ```
    /// use chess960::{DoublePosition, Position};
    ///
    /// assert_eq!(u32::from(DoublePosition::from(Position::STANDARD)), 518 * 961);
    /// ```
    fn from(double: DoublePosition) -> u32 {
        double.id()
    }
}

/// The length of the text `Display` writes: two ranks and a `/`.
const TEXT_LENGTH: usize = 17;

impl fmt::Display for DoublePosition {
    /// Writes White's rank in uppercase, a `/`, and Black's rank in
    /// lowercase: `RNBQKBNR/rnkqrbbn`. Each rank reads the same in every
    /// numbering scheme, and the case says whose it is. Padded and aligned
    /// as the formatter asks.
    ///
    /// ```
    /// use chess960::DoublePosition;
    ///
    /// let double = DoublePosition::from_id(497_918)?;
    /// assert_eq!(double.to_string(), "RNBQKBNR/rnkqrbbn");
    /// assert_eq!(format!("[{double:>18}]"), "[ RNBQKBNR/rnkqrbbn]");
    /// # Ok::<(), chess960::DoubleIdError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = [b'/'; TEXT_LENGTH];
        let (white, black) = text.split_at_mut(8);
        white.copy_from_slice(&self.white.rank());
        black[1..].copy_from_slice(&self.black.rank());
        black.make_ascii_lowercase();
        match core::str::from_utf8(&text) {
            Ok(text) => f.pad(text),
            // Piece letters and '/' are ASCII.
            Err(_) => Err(fmt::Error),
        }
    }
}

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
            start(white, Colour::White)?,
            start(black, Colour::Black)?,
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
fn start(text: &str, colour: Colour) -> Result<Position, ParseDoublePositionError> {
    let position = if is_number(text) {
        let id = text
            .parse::<u16>()
            .map_err(|_| ParseDoublePositionError::IdTooLarge { digits: text.len() })?;
        Position::from_id(id).map_err(crate::ParsePositionError::from)
    } else {
        text.parse::<Position>()
    };
    position.map_err(|error| ParseDoublePositionError::Position { colour, error })
}

/// Why a text is no double Chess960 start (see [`DoublePosition`]'s
/// `FromStr` for the forms it reads).
///
/// ```
/// use chess960::{Colour, DoublePosition, Error, ParseDoublePositionError, ParsePositionError};
///
/// assert_eq!(
///     "518/960".parse::<DoublePosition>(),
///     Err(ParseDoublePositionError::Position {
///         colour: Colour::Black,
///         error: ParsePositionError::Position(Error::IdOutOfRange { id: 960 }),
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
        colour: Colour,
        /// The rule it breaks.
        error: crate::ParsePositionError,
    },
    /// The text has more than one `/`, so it is read as a FEN, and the FEN
    /// is no double Chess960 start.
    Fen(crate::FenError),
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
            ParseDoublePositionError::Position { colour, error } => {
                write!(f, "{colour}'s start: {error}")
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
