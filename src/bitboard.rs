//! The initial board of a start position as 64-bit masks, one per kind of
//! piece and one per colour.
//!
//! Bit `n` of a mask is square `n` of [`Square`](crate::Square): a1 is
//! bit 0, b1 bit 1, h1 bit 7, a2 bit 8 and h8 bit 63 (rank by rank from
//! White's side, a-file first, the numbering most engines use).
//!
//! ```
//! use chess960::{Colour, Piece, Position};
//!
//! const BOARD: chess960::Bitboards = Position::STANDARD.bitboards();
//! assert_eq!(BOARD.pawns(), 0x00FF_0000_0000_FF00);
//! assert_eq!(BOARD.piece(Piece::King), 0x1000_0000_0000_0010); // e1, e8
//! assert_eq!(BOARD.colour(Colour::White), 0xFFFF);
//! ```

use crate::{Colour, DoublePosition, Piece, Position};
use core::fmt;

/// Where every piece of a start position stands, as 64-bit board masks
/// (a1 = bit 0, h8 = bit 63).
///
/// ```
/// use chess960::{Colour, Piece, Position};
///
/// let board = Position::from_id(0)?.bitboards(); // BBQNNRKR
/// assert_eq!(board.piece(Piece::Bishop) & board.colour(Colour::White), 0b0000_0011);
/// assert_eq!(board.occupied(), 0xFFFF_0000_0000_FFFF);
/// # Ok::<(), chess960::Error>(())
/// ```
///
/// `Debug` writes one mask per kind of piece, in hexadecimal as above:
///
/// ```
/// let board = chess960::Position::STANDARD.bitboards();
/// assert_eq!(
///     format!("{board:?}"),
///     "Bitboards { king: 0x1000_0000_0000_0010, queen: 0x0800_0000_0000_0008, \
///      rook: 0x8100_0000_0000_0081, bishop: 0x2400_0000_0000_0024, \
///      knight: 0x4200_0000_0000_0042, pawn: 0x00FF_0000_0000_FF00 }"
/// );
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bitboards {
    /// White's back rank as file masks, indexed by `Piece as usize`.
    white: [u8; 5],
    /// Black's back rank as file masks, indexed by `Piece as usize`.
    black: [u8; 5],
}

/// The second and seventh ranks.
const PAWN_RANKS: u64 = 0x00FF_0000_0000_FF00;
/// White's first and second ranks.
const WHITE_RANKS: u64 = 0xFFFF;
/// Black's seventh and eighth ranks.
const BLACK_RANKS: u64 = 0xFFFF << 48;

impl Bitboards {
    /// The squares of both colours' pieces of one kind.
    ///
    /// ```
    /// use chess960::{Piece, Position};
    ///
    /// assert_eq!(Position::STANDARD.bitboards().piece(Piece::Rook), 0x8100_0000_0000_0081);
    /// ```
    pub const fn piece(self, piece: Piece) -> u64 {
        self.white[piece as usize] as u64 | (self.black[piece as usize] as u64) << 56
    }

    /// The squares of both colours' pawns: the second and seventh ranks.
    ///
    /// ```
    /// assert_eq!(chess960::Position::STANDARD.bitboards().pawns(), 0x00FF_0000_0000_FF00);
    /// ```
    pub const fn pawns(self) -> u64 {
        PAWN_RANKS
    }

    /// The squares of all of `colour`'s pieces and pawns: its first two
    /// ranks.
    ///
    /// ```
    /// use chess960::{Colour, Position};
    ///
    /// assert_eq!(Position::STANDARD.bitboards().colour(Colour::Black), 0xFFFF << 48);
    /// ```
    pub const fn colour(self, colour: Colour) -> u64 {
        match colour {
            Colour::White => WHITE_RANKS,
            Colour::Black => BLACK_RANKS,
        }
    }

    /// Every occupied square: both colours' first two ranks.
    ///
    /// ```
    /// assert_eq!(chess960::Position::STANDARD.bitboards().occupied(), 0xFFFF_0000_0000_FFFF);
    /// ```
    pub const fn occupied(self) -> u64 {
        WHITE_RANKS | BLACK_RANKS
    }
}

impl DoublePosition {
    /// The initial board as bit masks (a1 = bit 0, h8 = bit 63), usable in
    /// const contexts.
    ///
    /// ```
    /// use chess960::{DoublePosition, Piece};
    ///
    /// const BOARD: chess960::Bitboards = match DoublePosition::from_id(518) {
    ///     Ok(double) => double.bitboards(),
    ///     Err(_) => panic!(),
    /// };
    /// assert_eq!(BOARD.piece(Piece::King), 0x1000_0000_0000_0040); // g1, e8
    /// ```
    pub const fn bitboards(self) -> Bitboards {
        Bitboards {
            white: self.white().file_masks(),
            black: self.black().file_masks(),
        }
    }
}

impl Position {
    /// The initial board of this position as bit masks, usable in const
    /// contexts.
    ///
    /// ```
    /// use chess960::{Piece, Position};
    ///
    /// const QUEENS: u64 = Position::STANDARD.bitboards().piece(Piece::Queen);
    /// assert_eq!(QUEENS, 0x0800_0000_0000_0008); // d1, d8
    /// ```
    pub const fn bitboards(self) -> Bitboards {
        DoublePosition::new(self, self).bitboards()
    }
}

/// A board mask written as `0x1000_0000_0000_0010`: 16 hexadecimal digits
/// in groups of four, one group per two ranks.
struct Mask(u64);

impl fmt::Debug for Mask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [high, upper, lower, low] = [48, 32, 16, 0].map(|shift| (self.0 >> shift) & 0xFFFF);
        write!(f, "0x{high:04X}_{upper:04X}_{lower:04X}_{low:04X}")
    }
}

impl fmt::Debug for Bitboards {
    /// Writes each kind of piece's mask in hexadecimal (a1 = bit 0), named
    /// by the piece: `Bitboards { king: 0x1000_0000_0000_0010, .. }`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = f.debug_struct("Bitboards");
        for piece in Piece::ALL {
            out.field(piece.name(), &Mask(self.piece(piece)));
        }
        out.field("pawn", &Mask(self.pawns())).finish()
    }
}
