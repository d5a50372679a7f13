//! FEN for start positions, both ways: [`Position::fen`] writes one with
//! X-FEN (`KQkq`) or Shredder-FEN (`HAha`) castling rights, and
//! [`Position::from_fen`] reads any FEN back to its position or says which
//! rule of a Chess960 start it breaks.
//!
//! A start FEN always has 56 bytes, so [`Fen`] is a fixed-size buffer: no
//! allocation, and it can be built in const contexts.
//!
//! ```
//! use chess960::{FenStyle, Position};
//!
//! let position = Position::from_id(959)?; // RKRNNQBB
//! let fen = position.fen(FenStyle::Shredder);
//! assert_eq!(fen.as_str(), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1");
//! assert_eq!(Position::from_fen(fen.as_str()), Ok(position));
//! assert_eq!(Position::from_fen(position.fen(FenStyle::XFen).as_str()), Ok(position));
//! # Ok::<(), chess960::Error>(())
//! ```

use crate::{CastlingSide, Colour, DoublePosition, Error, File, Position, Square};
use core::fmt;

/// How a FEN writes castling rights.
///
/// ```
/// use chess960::{FenStyle, Position};
///
/// let standard = Position::STANDARD;
/// assert!(standard.fen(FenStyle::XFen).as_str().ends_with(" w KQkq - 0 1"));
/// assert!(standard.fen(FenStyle::Shredder).as_str().ends_with(" w HAha - 0 1"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenStyle {
    /// X-FEN: `K` and `Q` for White's h-side and a-side rights, `k` and `q`
    /// for Black's. A start position has one rook on each side of the king,
    /// so the letters are never ambiguous there.
    XFen,
    /// Shredder-FEN: the castling rooks' files, White's in uppercase first,
    /// each colour's h-side rook before its a-side rook (`HAha` in the
    /// classical position).
    Shredder,
}

/// The FEN of a start position: 56 ASCII bytes in a fixed-size buffer.
///
/// ```
/// use chess960::{Fen, FenStyle, Position};
///
/// const FEN: Fen = Position::STANDARD.fen(FenStyle::XFen);
/// assert_eq!(FEN.as_str(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// assert_eq!(FEN.to_string(), FEN.as_str());
/// assert_eq!(FEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fen {
    bytes: [u8; Fen::LENGTH],
}

/// The FEN of the classical position; [`Fen::new`] overwrites the ranks
/// and the castling rights.
const TEMPLATE: &[u8; Fen::LENGTH] = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Where Black's back rank starts in the FEN.
const BLACK_RANK_AT: usize = 0;
/// Where White's back rank starts in the FEN.
const WHITE_RANK_AT: usize = 35;
/// Where the castling rights start in the FEN.
const CASTLING_AT: usize = 46;

/// The index of the file of `position`'s castling rook on `side`.
const fn rook_file(position: Position, side: CastlingSide) -> u8 {
    position.castling(side).rook_from().index()
}

impl Fen {
    /// The length of every start FEN in bytes.
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// assert!(Position::all().all(|p| p.fen(FenStyle::Shredder).as_str().len() == chess960::Fen::LENGTH));
    /// ```
    pub const LENGTH: usize = 56;

    /// The FEN of the start with White's pieces from `white` and Black's
    /// from `black`.
    pub(crate) const fn new(white: Position, black: Position, style: FenStyle) -> Fen {
        let mut bytes = *TEMPLATE;
        let white_rank = white.rank();
        let black_rank = black.rank();
        let mut file = 0;
        while file < 8 {
            bytes[WHITE_RANK_AT + file] = white_rank[file];
            bytes[BLACK_RANK_AT + file] = black_rank[file].to_ascii_lowercase();
            file += 1;
        }
        if let FenStyle::Shredder = style {
            bytes[CASTLING_AT] = b'A' + rook_file(white, CastlingSide::HSide);
            bytes[CASTLING_AT + 1] = b'A' + rook_file(white, CastlingSide::ASide);
            bytes[CASTLING_AT + 2] = b'a' + rook_file(black, CastlingSide::HSide);
            bytes[CASTLING_AT + 3] = b'a' + rook_file(black, CastlingSide::ASide);
        }
        Fen { bytes }
    }

    /// The FEN as a string slice.
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// let fen = Position::STANDARD.fen(FenStyle::Shredder);
    /// assert_eq!(fen.as_str(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// ```
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(&self.bytes) {
            Ok(fen) => fen,
            // Built from ASCII letters, digits, '/', '-' and spaces only.
            Err(_) => unreachable!(),
        }
    }

    /// The FEN as ASCII bytes.
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// assert_eq!(&Position::STANDARD.fen(FenStyle::XFen).as_bytes()[..8], b"rnbqkbnr");
    /// ```
    pub const fn as_bytes(&self) -> &[u8; Fen::LENGTH] {
        &self.bytes
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for Fen {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Fen {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<Fen> for str {
    fn eq(&self, other: &Fen) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Fen> for &str {
    fn eq(&self, other: &Fen) -> bool {
        *self == other.as_str()
    }
}

impl Position {
    /// The FEN of this start position, castling rights written in `style`.
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// let position: Position = "BBQNNRKR".parse()?;
    /// assert_eq!(
    ///     position.fen(FenStyle::Shredder).as_str(),
    ///     "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
    /// );
    /// # Ok::<(), chess960::Error>(())
    /// ```
    pub const fn fen(self, style: FenStyle) -> Fen {
        Fen::new(self, self, style)
    }

    /// The start position a FEN describes, with castling rights in X-FEN
    /// (`KQkq`), Shredder-FEN (`HAha`) or a mixture of both.
    ///
    /// A FEN is a Chess960 start when it has six fields separated by
    /// whitespace; eight ranks of eight files; White's pieces on the first
    /// rank form a start rank and Black's on the eighth mirror them; the
    /// pawns fill the second and seventh ranks and nothing else is on the
    /// board; White is to move; all four castling rights are given, each
    /// once; there is no en passant square; and the counters are `0 1`.
    /// A FEN with fewer castling rights or other counters describes a game
    /// in progress, not a start.
    ///
    /// # Errors
    /// The first rule broken, as a [`FenError`], checked field by field in
    /// that order; squares from a1 to h8. Input of any length or content
    /// gets an error, never a panic.
    ///
    /// ```
    /// use chess960::{CastlingSide, Colour, FenError, Position};
    ///
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    /// assert_eq!(Position::from_fen(fen), Ok(Position::STANDARD));
    /// assert_eq!(
    ///     Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1"),
    ///     Err(FenError::MissingCastlingRight { colour: Colour::White, side: CastlingSide::ASide })
    /// );
    /// ```
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        parse(text, Setup::Mirrored).map(DoublePosition::white)
    }
}

/// Whether Black's pieces must mirror White's.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Setup {
    /// Chess960: Black's back rank is White's.
    Mirrored,
    /// Double Chess960: each side has its own start rank.
    Independent,
}

/// The start a FEN describes; see [`Position::from_fen`] for the rules.
pub(crate) fn parse(text: &str, setup: Setup) -> Result<DoublePosition, FenError> {
    let mut fields = [""; 6];
    let mut found = 0;
    for field in text.split_ascii_whitespace() {
        if let Some(slot) = fields.get_mut(found) {
            *slot = field;
        }
        found += 1;
    }
    if found != fields.len() {
        return Err(FenError::WrongFieldCount { found });
    }
    let [
        board,
        side_to_move,
        castling,
        en_passant,
        halfmove_clock,
        fullmove_number,
    ] = fields;

    let double = parse_board(board)?;
    if setup == Setup::Mirrored && double.white() != double.black() {
        return Err(FenError::NotMirrored {
            white: double.white(),
            black: double.black(),
        });
    }
    if side_to_move != "w" {
        return Err(FenError::SideToMove);
    }
    check_castling(castling, double)?;
    if en_passant != "-" {
        return Err(FenError::EnPassantSquare);
    }
    if halfmove_clock != "0" {
        return Err(FenError::HalfmoveClock);
    }
    if fullmove_number != "1" {
        return Err(FenError::FullmoveNumber);
    }
    Ok(double)
}

/// The start ranks of the board field, every square checked.
fn parse_board(board: &str) -> Result<DoublePosition, FenError> {
    let ranks = board.split('/').count();
    if ranks != 8 {
        return Err(FenError::WrongRankCount { found: ranks });
    }
    // grid[rank][file]: a FEN letter, or 0 for an empty square.
    let mut grid = [[0u8; 8]; 8];
    for (rank, text) in (0..8u8).rev().zip(board.split('/')) {
        grid[usize::from(rank)] = parse_rank(text, rank)?;
    }
    for square in (0..64).filter_map(Square::from_index) {
        check_square(
            square,
            grid[usize::from(square.rank())][usize::from(square.file().index())],
        )?;
    }
    let white = back_rank(grid[0], Colour::White)?;
    let black = back_rank(
        grid[7].map(|letter| letter.to_ascii_uppercase()),
        Colour::Black,
    )?;
    Ok(DoublePosition::new(white, black))
}

/// One rank of the board field expanded to 8 squares (0 for empty).
fn parse_rank(text: &str, rank: u8) -> Result<[u8; 8], FenError> {
    let mut squares = [0u8; 8];
    let mut files: usize = 0;
    for &byte in text.as_bytes() {
        match byte {
            b'1'..=b'8' => files = files.saturating_add(usize::from(byte - b'0')),
            b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' | b'k' | b'q' | b'r' | b'b' | b'n' | b'p' => {
                if let Some(square) = squares.get_mut(files) {
                    *square = byte;
                }
                files = files.saturating_add(1);
            }
            _ => return Err(FenError::InvalidBoardByte { rank, byte }),
        }
    }
    if files == 8 {
        Ok(squares)
    } else {
        Err(FenError::WrongFileCount { rank, files })
    }
}

/// Whether a square holds what it holds in every start position: a White
/// piece on the first rank, White pawns on the second, nothing on the
/// third to sixth, Black pawns on the seventh, Black pieces on the eighth.
fn check_square(square: Square, letter: u8) -> Result<(), FenError> {
    let found = (letter != 0).then_some(letter);
    match square.rank() {
        0 if !matches!(letter, b'K' | b'Q' | b'R' | b'B' | b'N') => {
            Err(FenError::NotABackRankPiece { square, found })
        }
        7 if !matches!(letter, b'k' | b'q' | b'r' | b'b' | b'n') => {
            Err(FenError::NotABackRankPiece { square, found })
        }
        1 if letter != b'P' => Err(FenError::PawnMissing { square, found }),
        6 if letter != b'p' => Err(FenError::PawnMissing { square, found }),
        2..=5 if letter != 0 => Err(FenError::UnexpectedPiece { square, letter }),
        _ => Ok(()),
    }
}

/// The start position of one colour's back rank (uppercase letters).
fn back_rank(rank: [u8; 8], colour: Colour) -> Result<Position, FenError> {
    Position::from_rank(&rank).map_err(|error| FenError::BackRank { colour, error })
}

/// Checks that the castling field gives all four rights, each once.
fn check_castling(field: &str, double: DoublePosition) -> Result<(), FenError> {
    // granted[colour][side]
    let mut granted = [[false; 2]; 2];
    if field != "-" {
        for &byte in field.as_bytes() {
            let colour = if byte.is_ascii_uppercase() {
                Colour::White
            } else {
                Colour::Black
            };
            let position = double.colour(colour);
            let side = match byte.to_ascii_uppercase() {
                b'K' => CastlingSide::HSide,
                b'Q' => CastlingSide::ASide,
                letter @ b'A'..=b'H' => {
                    let file = File::ALL[usize::from(letter - b'A')];
                    match position.rook_files() {
                        [a_side, _] if a_side == file => CastlingSide::ASide,
                        [_, h_side] if h_side == file => CastlingSide::HSide,
                        _ => return Err(FenError::NoRookOnFile { colour, file }),
                    }
                }
                _ => return Err(FenError::InvalidCastlingByte { byte }),
            };
            let right = &mut granted[colour as usize][side as usize];
            if *right {
                return Err(FenError::DuplicateCastlingRight { colour, side });
            }
            *right = true;
        }
    }
    for colour in Colour::ALL {
        for side in [CastlingSide::HSide, CastlingSide::ASide] {
            if !granted[colour as usize][side as usize] {
                return Err(FenError::MissingCastlingRight { colour, side });
            }
        }
    }
    Ok(())
}

/// Why a FEN is not a Chess960 start position (or, for
/// [`DoublePosition::from_fen`], not a double Chess960 start).
///
/// Ranks are counted from 0 (the first rank) like [`Square::rank`];
/// [`Display`](fmt::Display) writes them as a person reads them.
///
/// ```
/// use chess960::{Colour, FenError, Position};
///
/// let error = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
///     .unwrap_err();
/// assert!(matches!(error, FenError::PawnMissing { .. }));
/// assert_eq!(error.to_string(), "a start position has a White pawn on e2, but this FEN has nothing there");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenError {
    /// A FEN has six fields separated by whitespace.
    WrongFieldCount {
        /// How many fields were found.
        found: usize,
    },
    /// The board field does not have eight ranks separated by `/`.
    WrongRankCount {
        /// How many ranks were found.
        found: usize,
    },
    /// A byte of the board field is no piece letter (`KQRBNP`, `kqrbnp`)
    /// and no digit `1`-`8`.
    InvalidBoardByte {
        /// The rank where it stands, counting from 0 (the first rank).
        rank: u8,
        /// The byte itself.
        byte: u8,
    },
    /// A rank of the board field does not describe eight files.
    WrongFileCount {
        /// The rank, counting from 0 (the first rank).
        rank: u8,
        /// How many files it describes.
        files: usize,
    },
    /// A square of a back rank is empty or holds a pawn or a piece of the
    /// other colour.
    NotABackRankPiece {
        /// The square.
        square: Square,
        /// What the FEN puts there: a FEN letter, or `None` for nothing.
        found: Option<u8>,
    },
    /// A square of the second or seventh rank holds no pawn of its colour.
    PawnMissing {
        /// The square.
        square: Square,
        /// What the FEN puts there: a FEN letter, or `None` for nothing.
        found: Option<u8>,
    },
    /// A piece stands on the third to sixth rank, which start empty.
    UnexpectedPiece {
        /// The square.
        square: Square,
        /// The piece's FEN letter.
        letter: u8,
    },
    /// A colour's back rank is no Chess960 start rank.
    BackRank {
        /// Whose back rank.
        colour: Colour,
        /// The rule of a start rank it breaks.
        error: Error,
    },
    /// Black's pieces do not mirror White's: this is a double Chess960
    /// start (see [`DoublePosition::from_fen`]).
    NotMirrored {
        /// The start rank of White's pieces.
        white: Position,
        /// The start rank of Black's pieces.
        black: Position,
    },
    /// The side to move is not `w`: White moves first.
    SideToMove,
    /// A byte of the castling field is none of `KQkq`, `A`-`H` or `a`-`h`
    /// (or `-` alone).
    InvalidCastlingByte {
        /// The byte itself.
        byte: u8,
    },
    /// A castling right names a file where that colour has no rook.
    NoRookOnFile {
        /// Whose right.
        colour: Colour,
        /// The file it names.
        file: File,
    },
    /// A castling right is given twice (for example `K` and `H` in the
    /// classical position).
    DuplicateCastlingRight {
        /// Whose right.
        colour: Colour,
        /// Which side.
        side: CastlingSide,
    },
    /// A castling right is missing: at the start both colours may castle
    /// to both sides.
    MissingCastlingRight {
        /// Whose right, White's checked first.
        colour: Colour,
        /// Which side, the h-side checked first.
        side: CastlingSide,
    },
    /// The en passant field is not `-`: no pawn has moved yet.
    EnPassantSquare,
    /// The halfmove clock is not `0`.
    HalfmoveClock,
    /// The fullmove number is not `1`.
    FullmoveNumber,
}

/// Writes "a White knight" or "nothing" for a FEN letter or an empty square.
struct Occupant(Option<u8>);

impl fmt::Display for Occupant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(letter) = self.0 else {
            return f.write_str("nothing");
        };
        let colour = if letter.is_ascii_uppercase() {
            Colour::White
        } else {
            Colour::Black
        };
        let name = match letter.to_ascii_uppercase() {
            b'K' => "king",
            b'Q' => "queen",
            b'R' => "rook",
            b'B' => "bishop",
            b'N' => "knight",
            _ => "pawn",
        };
        write!(f, "a {colour} {name}")
    }
}

/// Writes a byte as a quoted character, or in hex when it is not printable.
struct Byte(u8);

impl fmt::Display for Byte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_ascii_graphic() {
            write!(f, "'{}'", self.0 as char)
        } else {
            write!(f, "byte 0x{:02X}", self.0)
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FenError::WrongFieldCount { found } => write!(
                f,
                "a FEN has 6 fields (board, side to move, castling, en passant, halfmove clock, fullmove number), but this one has {found}"
            ),
            FenError::WrongRankCount { found } => write!(
                f,
                "the board field of a FEN has 8 ranks separated by '/', but this one has {found}"
            ),
            FenError::InvalidBoardByte { rank, byte } => write!(
                f,
                "{} in rank {} is neither a piece letter (KQRBNP, kqrbnp) nor a digit 1-8",
                Byte(byte),
                rank + 1
            ),
            FenError::WrongFileCount { rank, files } => write!(
                f,
                "rank {} of the board describes {files} files instead of 8",
                rank + 1
            ),
            FenError::NotABackRankPiece { square, found } => {
                let colour = if square.rank() == 0 {
                    Colour::White
                } else {
                    Colour::Black
                };
                write!(
                    f,
                    "a start position has a {colour} piece (king, queen, rook, bishop or knight) on {square}, but this FEN has {} there",
                    Occupant(found)
                )
            }
            FenError::PawnMissing { square, found } => {
                let colour = if square.rank() == 1 {
                    Colour::White
                } else {
                    Colour::Black
                };
                write!(
                    f,
                    "a start position has a {colour} pawn on {square}, but this FEN has {} there",
                    Occupant(found)
                )
            }
            FenError::UnexpectedPiece { square, letter } => write!(
                f,
                "{square} is empty in a start position, but this FEN has {} there",
                Occupant(Some(letter))
            ),
            FenError::BackRank { colour, error } => {
                write!(f, "{colour}'s back rank is no Chess960 start: {error}")
            }
            FenError::NotMirrored { white, black } => write!(
                f,
                "Black's pieces ({black}, position {}) do not mirror White's ({white}, position {}): this is a double Chess960 start",
                black.id(),
                white.id()
            ),
            FenError::SideToMove => {
                f.write_str("White moves first: the side-to-move field of a start position is 'w'")
            }
            FenError::InvalidCastlingByte { byte } => write!(
                f,
                "{} is no castling right: use KQkq, the rook files A-H and a-h, or '-' alone",
                Byte(byte)
            ),
            FenError::NoRookOnFile { colour, file } => write!(
                f,
                "the castling rights name the {file}-file, where {colour} has no rook"
            ),
            FenError::DuplicateCastlingRight { colour, side } => {
                write!(f, "the castling rights give {colour}'s {side} right twice")
            }
            FenError::MissingCastlingRight { colour, side } => write!(
                f,
                "{colour}'s {side} right is missing: in a start position both sides may castle both ways"
            ),
            FenError::EnPassantSquare => {
                f.write_str("no pawn has moved in a start position: the en passant field is '-'")
            }
            FenError::HalfmoveClock => f.write_str("the halfmove clock of a start position is 0"),
            FenError::FullmoveNumber => f.write_str("the fullmove number of a start position is 1"),
        }
    }
}

impl core::error::Error for FenError {}

// `Fen` as a string: it is an owned ASCII string in a fixed-size buffer, so it
// lends itself out as `&str` and `&[u8]` the way `String` does.
//
// Not `Borrow<str>`: that promises `Hash`, `Eq` and `Ord` agree with `str`'s,
// and `Fen` hashes its byte array (which hashes differently from the same
// text as a `str`) and has no order. Not `Default`: no FEN style is the
// obvious one; `Position::default().fen(style)` says which.

impl AsRef<str> for Fen {
    /// The FEN as a string slice, as [`Fen::as_str`].
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// fn fields(text: impl AsRef<str>) -> usize {
    ///     text.as_ref().split(' ').count()
    /// }
    /// assert_eq!(fields(Position::STANDARD.fen(FenStyle::XFen)), 6);
    /// ```
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<[u8]> for Fen {
    /// The FEN as ASCII bytes, as [`Fen::as_bytes`].
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// let fen = Position::STANDARD.fen(FenStyle::XFen);
    /// let bytes: &[u8] = fen.as_ref();
    /// assert_eq!(bytes.len(), chess960::Fen::LENGTH);
    /// ```
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl core::ops::Deref for Fen {
    type Target = str;

    /// The FEN as a string slice, so every `str` method works on a [`Fen`]
    /// and `&fen` passes where a `&str` is wanted, as with `String`.
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// let fen = Position::from_id(959)?.fen(FenStyle::Shredder);
    /// assert!(fen.starts_with("rkrnnqbb/"));
    /// assert_eq!(fen.split_whitespace().nth(2), Some("CAca"));
    /// assert_eq!(Position::from_fen(&fen)?.id(), 959);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn deref(&self) -> &str {
        self.as_str()
    }
}
