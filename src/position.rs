//! The [`Position`] type: one of the 960 start positions.

use crate::lookup::{FILE_MASKS, TABLE, lookup};
use crate::{Decomposition, File, Piece, PositionError};
use core::fmt;

/// One of the 960 Chess960 start positions, stored as its Scharnagl id.
///
/// White's back rank is [`Position::rank`]; Black's is the same files in
/// lowercase. Positions order by id.
///
/// Made from an id ([`Position::from_id`]), White's rank as bytes
/// ([`Position::from_rank`]), text in any form: an id, an `SP` label, a rank
/// in either colour or a FEN ([`str::parse`], see [`FromStr`](#impl-FromStr-for-Position)
/// for the forms), or a FEN alone ([`Position::from_fen`]); drawn at random
/// (`Position::random`, the `rand` feature); or, while the code compiles,
/// with `sp!` (the `macros` feature).
///
/// ```
/// use chess960::{File, Position};
///
/// let position: Position = "RNBQKBNR".parse()?;
/// assert_eq!(position.id(), 518);
/// assert_eq!(position, Position::STANDARD);
/// assert_eq!("518".parse::<Position>()?, position);
/// assert_eq!("SP518".parse::<Position>()?, position);
/// assert_eq!(position.king_file(), File::E);
/// assert_eq!(Position::from_id(0)?.to_string(), "BBQNNRKR");
/// # Ok::<(), chess960::ParsePositionError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    /// Always below 960.
    id: u16,
}

/// The files of the pieces in a file mask (bit 0 for the a-file), a-side
/// first: the same file twice for a piece that stands on one.
const fn files_in(mask: u8) -> [File; 2] {
    [
        File::ALL[mask.trailing_zeros() as usize],
        File::ALL[7 - mask.leading_zeros() as usize],
    ]
}

/// Making a position: from an id, from White's rank, from text
/// ([`str::parse`], which reads every form, FENs included) or from a FEN
/// ([`Position::from_fen`]).
impl Position {
    /// How many start positions there are.
    ///
    /// ```
    /// assert_eq!(chess960::Position::COUNT, 960);
    /// ```
    pub const COUNT: u16 = chess960_core::POSITION_COUNT;

    /// The classical start position, `RNBQKBNR`, id 518.
    ///
    /// ```
    /// assert_eq!(chess960::Position::STANDARD.id(), 518);
    /// ```
    pub const STANDARD: Position = Position {
        id: chess960_core::STANDARD_ID,
    };

    /// The position with Scharnagl id `id` (0..=959).
    ///
    /// # Errors
    /// [`PositionError::IdOutOfRange`] when `id` is 960 or more.
    ///
    /// ```
    /// use chess960::{Position, PositionError};
    ///
    /// assert_eq!(Position::from_id(959)?.to_string(), "RKRNNQBB");
    /// assert_eq!(Position::from_id(960), Err(PositionError::IdOutOfRange { id: 960 }));
    /// # Ok::<(), PositionError>(())
    /// ```
    #[inline]
    pub const fn from_id(id: u16) -> Result<Position, PositionError> {
        if id < Self::COUNT {
            Ok(Position { id })
        } else {
            Err(PositionError::IdOutOfRange { id })
        }
    }

    /// The position whose White back rank is `rank` (uppercase ASCII letters,
    /// a-file first), found by the build-time perfect hash.
    ///
    /// # Errors
    /// The first rule `rank` breaks, in the order documented on
    /// [`PositionError`]; a byte that is not one of `KQRBN` is
    /// [`PositionError::InvalidByte`]. For a rank given as a string, or
    /// Black's lowercase rank, use [`str::parse`].
    ///
    /// ```
    /// use chess960::{File, Piece, Position, PositionError};
    ///
    /// assert_eq!(Position::from_rank(b"RNBQKBNR"), Ok(Position::STANDARD));
    /// assert_eq!(
    ///     Position::from_rank(b"RNBQKBNN"),
    ///     Err(PositionError::WrongPieceCount { piece: Piece::Rook, expected: 2, found: 1 })
    /// );
    /// assert_eq!(
    ///     Position::from_rank(b"rnbqkbnr"),
    ///     Err(PositionError::InvalidByte { file: File::A, byte: b'r' })
    /// );
    /// ```
    #[inline]
    pub const fn from_rank(rank: &[u8; 8]) -> Result<Position, PositionError> {
        match lookup(rank) {
            Some(id) => Ok(Position { id }),
            // Not a start position: the derivation says which rule it breaks.
            None => match chess960_core::id_from_rank(rank) {
                Ok(id) => Ok(Position { id }),
                Err(error) => Err(error),
            },
        }
    }
}

/// What a position is made of: its id, its rank, its pieces' files.
impl Position {
    /// The Scharnagl id, 0..=959.
    ///
    /// ```
    /// assert_eq!(chess960::Position::STANDARD.id(), 518);
    /// ```
    #[inline]
    pub const fn id(self) -> u16 {
        self.id
    }

    /// White's back rank, a-file first, as uppercase ASCII letters: one load
    /// from [`TABLE`](crate::TABLE).
    ///
    /// ```
    /// assert_eq!(chess960::Position::STANDARD.rank(), *b"RNBQKBNR");
    /// ```
    #[inline]
    pub const fn rank(self) -> [u8; 8] {
        TABLE[self.id as usize]
    }

    /// White's back rank as a string slice, `"RNBQKBNR"` for id 518.
    ///
    /// ```
    /// assert_eq!(chess960::Position::STANDARD.as_str(), "RNBQKBNR");
    /// ```
    #[inline]
    pub const fn as_str(self) -> &'static str {
        match core::str::from_utf8(&TABLE[self.id as usize]) {
            Ok(rank) => rank,
            // Every rank of TABLE is ASCII.
            Err(_) => unreachable!(),
        }
    }

    /// The position taken apart as in Scharnagl's direct derivation.
    ///
    /// ```
    /// let parts = chess960::Position::STANDARD.decomposition();
    /// assert_eq!((parts.light_bishop(), parts.dark_bishop()), (2, 1));
    /// ```
    pub const fn decomposition(self) -> Decomposition {
        match Decomposition::from_id(self.id) {
            Ok(parts) => parts,
            // `self.id` is below 960.
            Err(_) => unreachable!(),
        }
    }

    /// The bishop code, 0..=15: the row of the Bishop's table (`id % 16`).
    ///
    /// ```
    /// assert_eq!(chess960::Position::STANDARD.bishop_code(), 6);
    /// ```
    pub const fn bishop_code(self) -> u8 {
        self.decomposition().bishop_code()
    }

    /// The queen's slot, 0..=5, among the six squares the bishops leave free.
    ///
    /// ```
    /// assert_eq!(chess960::Position::STANDARD.queen_slot(), 2);
    /// ```
    pub const fn queen_slot(self) -> u8 {
        self.decomposition().queen_slot()
    }

    /// The knight code, 0..=9, of the N5N table; it also numbers the KRN group.
    ///
    /// ```
    /// assert_eq!(chess960::Position::STANDARD.knight_code(), 5);
    /// ```
    pub const fn knight_code(self) -> u8 {
        self.decomposition().knight_code()
    }

    /// The piece on `file` of the back rank.
    ///
    /// ```
    /// use chess960::{File, Piece, Position};
    ///
    /// assert_eq!(Position::STANDARD.piece_at(File::D), Piece::Queen);
    /// ```
    pub const fn piece_at(self, file: File) -> Piece {
        match Piece::from_letter(self.rank()[file as usize]) {
            Some(piece) => piece,
            // TABLE holds only piece letters.
            None => unreachable!(),
        }
    }

    /// The king's file.
    ///
    /// ```
    /// assert_eq!(chess960::Position::STANDARD.king_file(), chess960::File::E);
    /// ```
    pub const fn king_file(self) -> File {
        files_in(self.file_masks()[Piece::King as usize])[0]
    }

    /// The queen's file.
    ///
    /// ```
    /// assert_eq!(chess960::Position::STANDARD.queen_file(), chess960::File::D);
    /// ```
    pub const fn queen_file(self) -> File {
        files_in(self.file_masks()[Piece::Queen as usize])[0]
    }

    /// The rooks' files, a-side (`O-O-O`) rook first, then h-side (`O-O`).
    ///
    /// ```
    /// use chess960::File;
    ///
    /// assert_eq!(chess960::Position::STANDARD.rook_files(), [File::A, File::H]);
    /// ```
    pub const fn rook_files(self) -> [File; 2] {
        files_in(self.file_masks()[Piece::Rook as usize])
    }

    /// The bishops' files, a-side first.
    ///
    /// ```
    /// use chess960::File;
    ///
    /// assert_eq!(chess960::Position::STANDARD.bishop_files(), [File::C, File::F]);
    /// ```
    pub const fn bishop_files(self) -> [File; 2] {
        files_in(self.file_masks()[Piece::Bishop as usize])
    }

    /// The file of the bishop on a light square of White's rank (b, d, f or h).
    ///
    /// ```
    /// assert_eq!(chess960::Position::STANDARD.light_bishop_file(), chess960::File::F);
    /// ```
    pub const fn light_bishop_file(self) -> File {
        File::ALL[2 * self.decomposition().light_bishop() as usize + 1]
    }

    /// The file of the bishop on a dark square of White's rank (a, c, e or g).
    ///
    /// ```
    /// assert_eq!(chess960::Position::STANDARD.dark_bishop_file(), chess960::File::C);
    /// ```
    pub const fn dark_bishop_file(self) -> File {
        File::ALL[2 * self.decomposition().dark_bishop() as usize]
    }

    /// The knights' files, a-side first.
    ///
    /// ```
    /// use chess960::File;
    ///
    /// assert_eq!(chess960::Position::STANDARD.knight_files(), [File::B, File::G]);
    /// ```
    pub const fn knight_files(self) -> [File; 2] {
        files_in(self.file_masks()[Piece::Knight as usize])
    }

    /// White's back rank as one file mask per piece (bit 0 for the a-file),
    /// in the order of [`Piece::ALL`]: one load from a compile-time table.
    pub(crate) const fn file_masks(self) -> [u8; 5] {
        FILE_MASKS[self.id as usize]
    }

    /// The position reflected a <-> h: the rank read from the h-file. No
    /// position is its own mirror image, and mirroring twice gives the
    /// position back.
    ///
    /// ```
    /// use chess960::Position;
    ///
    /// let mirrored = Position::STANDARD.mirrored();
    /// assert_eq!(mirrored.to_string(), "RNBKQBNR");
    /// assert_eq!(mirrored.id(), 534);
    /// assert_eq!(mirrored.mirrored(), Position::STANDARD);
    /// ```
    #[must_use]
    pub const fn mirrored(self) -> Position {
        let rank = self.rank();
        let mut reflected = [0; 8];
        let mut file = 0;
        while file < 8 {
            reflected[file] = rank[7 - file];
            file += 1;
        }
        match Position::from_rank(&reflected) {
            Ok(position) => position,
            // Reflection keeps the bishops on opposite colours and the king
            // between the rooks.
            Err(_) => unreachable!(),
        }
    }
}

impl fmt::Display for Position {
    /// Writes White's back rank, `RNBQKBNR`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("id", &self.id)
            .field("rank", &self.as_str())
            .finish()
    }
}

impl TryFrom<u16> for Position {
    type Error = PositionError;

    /// As [`Position::from_id`]: ids 0 to 959.
    ///
    /// ```
    /// use chess960::{Position, PositionError};
    ///
    /// assert_eq!(Position::try_from(518), Ok(Position::STANDARD));
    /// assert_eq!(Position::try_from(960), Err(PositionError::IdOutOfRange { id: 960 }));
    /// ```
    fn try_from(id: u16) -> Result<Position, PositionError> {
        Position::from_id(id)
    }
}

impl From<Position> for u16 {
    /// The Scharnagl id, as [`Position::id`]: `u16::from(Position::STANDARD)`
    /// is 518.
    fn from(position: Position) -> u16 {
        position.id
    }
}

impl Default for Position {
    /// The classical start, [`Position::STANDARD`] (518, `RNBQKBNR`).
    ///
    /// Of the 960 starts it is the one a chess program begins from when
    /// nothing else is said, and the one the boards of shakmaty
    /// (`Chess::default()`) and cozy-chess (`Board::default()`) hold, so a
    /// `#[derive(Default)]` on a struct holding a `Position` means an
    /// ordinary game, as it does with those crates.
    ///
    /// ```
    /// assert_eq!(chess960::Position::default(), chess960::Position::STANDARD);
    /// ```
    fn default() -> Position {
        Position::STANDARD
    }
}
