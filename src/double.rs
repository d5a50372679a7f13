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
//! # Ok::<(), chess960::PositionError>(())
//! ```

use crate::{Castling, CastlingSide, Color, Position};
use core::fmt;

/// A double Chess960 start: White's pieces from one start position,
/// Black's from another (mirrored onto the eighth rank as usual).
///
/// serde (feature `serde`): written as its `Display`, `"RNBQKBNR/rnkqrbbn"`,
/// in human-readable formats (read as `str::parse` reads, or an id) and as
/// the id (`u32`) in compact ones.
///
/// ```
/// use chess960::{Color, DoublePosition, Position};
///
/// let double = DoublePosition::from_id(497_918)?;
/// assert_eq!((double.white().id(), double.black().id()), (518, 638));
/// assert_eq!(double.color(Color::Black).as_str(), "RNKQRBBN");
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
    /// # Ok::<(), chess960::PositionError>(())
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

    /// The start position `color`'s pieces come from.
    ///
    /// ```
    /// use chess960::{Color, DoublePosition};
    ///
    /// let double = DoublePosition::from_id(518)?;
    /// assert_eq!(double.color(Color::Black), double.black());
    /// # Ok::<(), chess960::DoubleIdError>(())
    /// ```
    pub const fn color(self, color: Color) -> Position {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
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
    /// # Ok::<(), chess960::PositionError>(())
    /// ```
    #[must_use]
    pub const fn mirrored(self) -> DoublePosition {
        DoublePosition {
            white: self.white.mirrored(),
            black: self.black.mirrored(),
        }
    }

    /// Castling to `side` for `color`, from `color`'s own start position.
    ///
    /// ```
    /// use chess960::{CastlingSide, Color, DoublePosition, File, Position};
    ///
    /// let double = DoublePosition::new(Position::STANDARD, Position::from_id(0)?);
    /// let castling = double.castling(Color::Black, CastlingSide::HSide);
    /// assert_eq!((castling.king_from(), castling.rook_from()), (File::G, File::H));
    /// # Ok::<(), chess960::PositionError>(())
    /// ```
    pub const fn castling(self, color: Color, side: CastlingSide) -> Castling {
        self.color(color).castling(side)
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

impl DoublePosition {
    /// The start's back ranks as the game tables name it: White's rank for
    /// a single start, White's and Black's both in uppercase with a `/`
    /// between for a double one (the `rank` column of `chess960 games`
    /// and of the Python package's tables). No allocation.
    ///
    /// ```
    /// use chess960::{DoublePosition, Position};
    ///
    /// let single = DoublePosition::from(Position::STANDARD);
    /// assert_eq!(single.ranks().to_string(), "RNBQKBNR");
    /// let double = DoublePosition::from_id(497_918)?;
    /// assert_eq!(double.ranks().to_string(), "RNBQKBNR/RNKQRBBN");
    /// # Ok::<(), chess960::DoubleIdError>(())
    /// ```
    pub const fn ranks(self) -> Ranks {
        Ranks(self)
    }
}

/// The back ranks of a start as the game tables name it
/// ([`DoublePosition::ranks`]).
///
/// ```
/// let double = chess960::DoublePosition::from_id(497_918)?;
/// assert_eq!(format!("{}", double.ranks()), "RNBQKBNR/RNKQRBBN");
/// # Ok::<(), chess960::DoubleIdError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ranks(DoublePosition);

impl fmt::Display for Ranks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start = self.0;
        if start.is_single() {
            f.write_str(start.white().as_str())
        } else {
            write!(f, "{}/{}", start.white().as_str(), start.black().as_str())
        }
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
