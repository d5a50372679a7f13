//! [`FenError`]: why a FEN is not a Chess960 start, one variant per rule,
//! with messages written for people.

use crate::{CastlingSide, Color, File, Position, PositionError, Square};
use core::fmt;

/// Why a FEN is not a Chess960 start position (or, for
/// [`DoublePosition::from_fen`](crate::DoublePosition::from_fen), not a double Chess960 start).
///
/// Ranks are counted from 0 (the first rank) like [`Square::rank`];
/// [`Display`](fmt::Display) writes them as a person reads them.
///
/// ```
/// use chess960::{Color, FenError, Position};
///
/// let error = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
///     .unwrap_err();
/// assert!(matches!(error, FenError::PawnMissing { .. }));
/// assert_eq!(error.to_string(), "a start position has a White pawn on e2, but this FEN has nothing there");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenError {
    /// A FEN has four to six fields separated by whitespace: the board,
    /// the side to move, the castling rights, the en passant square, then
    /// optionally the halfmove clock and the fullmove number (EPD and many
    /// opening books write only the first four).
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
    /// A rank of the board field has two digits in a row (`17`): a FEN
    /// writes a run of empty squares as one digit.
    AdjacentDigits {
        /// The rank, counting from 0 (the first rank).
        rank: u8,
    },
    /// The board field has a pocket (`[...]`, pieces in hand in
    /// Crazyhouse): no Chess960 start has one.
    Pocket,
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
        color: Color,
        /// The rule of a start rank it breaks.
        error: PositionError,
    },
    /// Black's pieces do not mirror White's: this is a double Chess960
    /// start (see [`DoublePosition::from_fen`](crate::DoublePosition::from_fen)).
    NotMirrored {
        /// The start rank of White's pieces.
        white: Position,
        /// The start rank of Black's pieces.
        black: Position,
    },
    /// The side to move is not `w`: White moves first.
    SideToMove,
    /// The side-to-move field is neither `w` nor `b` (only
    /// `identify_fen` reads `b`).
    InvalidSideToMove,
    /// A byte of the castling field is none of `KQkq`, `A`-`H` or `a`-`h`
    /// (or `-` alone).
    InvalidCastlingByte {
        /// The byte itself.
        byte: u8,
    },
    /// A castling right names a file where that colour has no rook.
    NoRookOnFile {
        /// Whose right.
        color: Color,
        /// The file it names.
        file: File,
    },
    /// A castling right is given twice (for example `K` and `H` in the
    /// classical position).
    DuplicateCastlingRight {
        /// Whose right.
        color: Color,
        /// Which side.
        side: CastlingSide,
    },
    /// A castling right is missing: at the start both colours may castle
    /// to both sides.
    MissingCastlingRight {
        /// Whose right, White's checked first.
        color: Color,
        /// Which side, the h-side checked first.
        side: CastlingSide,
    },
    /// The en passant field is not `-`: no pawn has moved yet.
    EnPassantSquare,
    /// The halfmove clock is not `0`.
    HalfmoveClock,
    /// The fullmove number is not `1`.
    FullmoveNumber,
    /// The en passant field is neither `-` nor a square of the third or
    /// sixth rank (only `identify_fen` reads a
    /// square).
    InvalidEnPassantSquare,
    /// The halfmove clock is not a decimal number (digits only, no leading
    /// zero, at most 4,294,967,295).
    InvalidHalfmoveClock,
    /// The fullmove number is not a decimal number (digits only, no leading
    /// zero, at most 4,294,967,295).
    InvalidFullmoveNumber,
}

/// Writes "a White knight" or "nothing" for a FEN letter or an empty square.
struct Occupant(Option<u8>);

impl fmt::Display for Occupant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(letter) = self.0 else {
            return f.write_str("nothing");
        };
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let name = match letter.to_ascii_uppercase() {
            b'K' => "king",
            b'Q' => "queen",
            b'R' => "rook",
            b'B' => "bishop",
            b'N' => "knight",
            _ => "pawn",
        };
        write!(f, "a {color} {name}")
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
    #[expect(clippy::too_many_lines, reason = "one message per variant")]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FenError::WrongFieldCount { found } => write!(
                f,
                "a FEN has 4 to 6 fields (board, side to move, castling, en passant, then optionally halfmove clock and fullmove number), but this one has {found}"
            ),
            FenError::AdjacentDigits { rank } => write!(
                f,
                "rank {} of the board has two digits in a row: a run of empty squares is one digit",
                rank + 1
            ),
            FenError::Pocket => f.write_str(
                "the board has a pocket '[...]' of pieces in hand, which no Chess960 start has",
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
                let color = if square.rank() == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                write!(
                    f,
                    "a start position has a {color} piece (king, queen, rook, bishop or knight) on {square}, but this FEN has {} there",
                    Occupant(found)
                )
            }
            FenError::PawnMissing { square, found } => {
                let color = if square.rank() == 1 {
                    Color::White
                } else {
                    Color::Black
                };
                write!(
                    f,
                    "a start position has a {color} pawn on {square}, but this FEN has {} there",
                    Occupant(found)
                )
            }
            FenError::UnexpectedPiece { square, letter } => write!(
                f,
                "{square} is empty in a start position, but this FEN has {} there",
                Occupant(Some(letter))
            ),
            FenError::BackRank { color, error } => {
                write!(f, "{color}'s back rank is no Chess960 start: {error}")
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
            FenError::InvalidSideToMove => f.write_str("the side-to-move field is 'w' or 'b'"),
            FenError::InvalidCastlingByte { byte } => write!(
                f,
                "{} is no castling right: use KQkq, the rook files A-H and a-h, or '-' alone",
                Byte(byte)
            ),
            FenError::NoRookOnFile { color, file } => write!(
                f,
                "the castling rights name the {file}-file, where {color} has no rook"
            ),
            FenError::DuplicateCastlingRight { color, side } => {
                write!(f, "the castling rights give {color}'s {side} right twice")
            }
            FenError::MissingCastlingRight { color, side } => write!(
                f,
                "{color}'s {side} right is missing: in a start position both sides may castle both ways"
            ),
            FenError::EnPassantSquare => {
                f.write_str("no pawn has moved in a start position: the en passant field is '-'")
            }
            FenError::HalfmoveClock => f.write_str("the halfmove clock of a start position is 0"),
            FenError::FullmoveNumber => f.write_str("the fullmove number of a start position is 1"),
            FenError::InvalidEnPassantSquare => f.write_str(
                "the en passant field is '-' or a square of the third or sixth rank, such as 'e3'",
            ),
            FenError::InvalidHalfmoveClock => f.write_str(
                "the halfmove clock is a decimal number without leading zeros, at most 4294967295",
            ),
            FenError::InvalidFullmoveNumber => f.write_str(
                "the fullmove number is a decimal number without leading zeros, at most 4294967295",
            ),
        }
    }
}

impl core::error::Error for FenError {}
