//! Castling in Chess960: where the king and the rook start and finish, which
//! squares must be vacant and which must not be attacked, and the move in UCI.
//!
//! After castling, king and rook stand where they would in classical chess:
//! on the a-side (`O-O-O`) the king goes to the c-file and the rook to the
//! d-file; on the h-side (`O-O`) the king goes to the g-file and the rook to
//! the f-file. Every square between the king and its target and between the
//! rook and its target, both targets included, must be vacant except for the
//! king and that rook; no square from the king's start to its target may be
//! attacked. The king or the rook may already stand on its target.
//!
//! ```
//! use chess960::{CastlingSide, Colour, File, Position};
//!
//! // BRKNNQRB: the king castles h-side from c1 to g1, the rook from g1 to f1.
//! let castling = "BRKNNQRB".parse::<Position>()?.castling(CastlingSide::HSide);
//! assert_eq!((castling.king_from(), castling.king_to()), (File::C, File::G));
//! assert_eq!((castling.rook_from(), castling.rook_to()), (File::G, File::F));
//! assert_eq!(castling.vacant_files(), 0b0011_1000); // d, e and f
//! assert_eq!(castling.unattacked_files(), 0b0111_1100); // c to g
//! assert_eq!(castling.uci(Colour::White).to_string(), "c1g1");
//! # Ok::<(), chess960::ParsePositionError>(())
//! ```

use crate::{Colour, File, Position, Square, UciMove};
use core::fmt;
use core::str::FromStr;

/// The side of the king a player castles to.
///
/// serde (feature `serde`): written as `"O-O-O"` or `"O-O"` in
/// human-readable formats (read as `str::parse` reads) and as 0 (a-side) or
/// 1 (h-side) (`u8`) in compact ones.
///
/// ```
/// use chess960::{CastlingSide, File};
///
/// assert_eq!(CastlingSide::ASide.king_to(), File::C);
/// assert_eq!(CastlingSide::HSide.rook_to(), File::F);
/// assert_eq!(CastlingSide::ASide.to_string(), "O-O-O");
/// assert_eq!("O-O".parse::<CastlingSide>(), Ok(CastlingSide::HSide));
/// assert_eq!("a-side".parse::<CastlingSide>(), Ok(CastlingSide::ASide));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CastlingSide {
    /// Towards the a-file: `O-O-O`, queenside in classical chess.
    ASide,
    /// Towards the h-file: `O-O`, kingside in classical chess.
    HSide,
}

impl CastlingSide {
    /// Both sides, a-side first, in the order of [`Position::rook_files`].
    ///
    /// ```
    /// assert_eq!(chess960::CastlingSide::ALL[1], chess960::CastlingSide::HSide);
    /// ```
    pub const ALL: [CastlingSide; 2] = [CastlingSide::ASide, CastlingSide::HSide];

    /// The king's file after castling: c for the a-side, g for the h-side.
    ///
    /// ```
    /// assert_eq!(chess960::CastlingSide::HSide.king_to(), chess960::File::G);
    /// ```
    pub const fn king_to(self) -> File {
        match self {
            CastlingSide::ASide => File::C,
            CastlingSide::HSide => File::G,
        }
    }

    /// The rook's file after castling: d for the a-side, f for the h-side.
    ///
    /// ```
    /// assert_eq!(chess960::CastlingSide::ASide.rook_to(), chess960::File::D);
    /// ```
    pub const fn rook_to(self) -> File {
        match self {
            CastlingSide::ASide => File::D,
            CastlingSide::HSide => File::F,
        }
    }

    /// The move as it is written in a score sheet: `O-O-O` or `O-O`.
    ///
    /// ```
    /// assert_eq!(chess960::CastlingSide::HSide.notation(), "O-O");
    /// ```
    pub const fn notation(self) -> &'static str {
        match self {
            CastlingSide::ASide => "O-O-O",
            CastlingSide::HSide => "O-O",
        }
    }
}

impl fmt::Display for CastlingSide {
    /// Writes `O-O-O` or `O-O`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.notation())
    }
}

impl FromStr for CastlingSide {
    type Err = ParseCastlingSideError;

    /// Reads the notation `Display` writes, `O-O-O` or `O-O` (also with
    /// zeros, `0-0-0` and `0-0`, as some software writes them), or the
    /// side's name in any ASCII case: `a-side` or `h-side`, or the classical
    /// `queenside` or `kingside`.
    fn from_str(text: &str) -> Result<CastlingSide, ParseCastlingSideError> {
        let is = |names: [&str; 2]| names.iter().any(|name| text.eq_ignore_ascii_case(name));
        match text {
            "O-O-O" | "0-0-0" => Ok(CastlingSide::ASide),
            "O-O" | "0-0" => Ok(CastlingSide::HSide),
            _ if is(["a-side", "queenside"]) => Ok(CastlingSide::ASide),
            _ if is(["h-side", "kingside"]) => Ok(CastlingSide::HSide),
            _ => Err(ParseCastlingSideError),
        }
    }
}

/// A text that names no [`CastlingSide`]: neither `O-O-O`, `O-O` (or
/// `0-0-0`, `0-0`) nor `a-side`, `h-side`, `queenside`, `kingside`.
///
/// ```
/// use chess960::{CastlingSide, ParseCastlingSideError};
///
/// assert_eq!("O-O-O-O".parse::<CastlingSide>(), Err(ParseCastlingSideError));
/// assert_eq!(
///     ParseCastlingSideError.to_string(),
///     "a castling side is O-O-O or O-O, or a-side, h-side, queenside or kingside"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseCastlingSideError;

impl fmt::Display for ParseCastlingSideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a castling side is O-O-O or O-O, or a-side, h-side, queenside or kingside")
    }
}

impl core::error::Error for ParseCastlingSideError {}

/// Castling to one side in one start position: the same files for White
/// and Black, on each colour's back rank.
///
/// File masks ([`Castling::vacant_files`], [`Castling::unattacked_files`])
/// have bit 0 for the a-file to bit 7 for the h-file; board masks
/// ([`Castling::vacant_squares`], [`Castling::unattacked_squares`]) use the
/// numbering of [`Square`], a1 = bit 0 to h8 = bit 63.
///
/// ```
/// use chess960::{CastlingSide, Colour, File, Position};
///
/// let castling = Position::STANDARD.castling(CastlingSide::HSide);
/// assert_eq!(castling.vacant_squares(Colour::White), 0x60); // f1, g1
/// assert_eq!(castling.unattacked_squares(Colour::Black), 0x70 << 56); // e8 to g8
/// assert_eq!(castling.uci(Colour::White).to_string(), "e1h1");
/// assert_eq!(castling.uci_king_move(Colour::White).map(|m| m.to_string()).as_deref(), Some("e1g1"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Castling {
    side: CastlingSide,
    king_from: File,
    rook_from: File,
}

/// The files from `a` to `b`, both included, in either order, as a file mask.
const fn files_between(a: File, b: File) -> u8 {
    let (low, high) = if a.index() < b.index() {
        (a.index(), b.index())
    } else {
        (b.index(), a.index())
    };
    (0xFF << low) & (0xFF >> (7 - high))
}

/// A file mask placed on `colour`'s back rank of a board mask.
const fn on_back_rank(files: u8, colour: Colour) -> u64 {
    (files as u64) << (8 * colour.back_rank())
}

/// Whether two moves name the same squares, for const contexts.
const fn same_move(a: UciMove, b: UciMove) -> bool {
    a.from_square().index() == b.from_square().index()
        && a.to_square().index() == b.to_square().index()
}

impl Castling {
    /// The side castled to.
    ///
    /// ```
    /// use chess960::{CastlingSide, Position};
    ///
    /// assert_eq!(Position::STANDARD.castling(CastlingSide::ASide).side(), CastlingSide::ASide);
    /// ```
    pub const fn side(self) -> CastlingSide {
        self.side
    }

    /// The king's file before castling.
    ///
    /// ```
    /// use chess960::{CastlingSide, File, Position};
    ///
    /// assert_eq!(Position::STANDARD.castling(CastlingSide::ASide).king_from(), File::E);
    /// ```
    pub const fn king_from(self) -> File {
        self.king_from
    }

    /// The king's file after castling: c or g.
    ///
    /// ```
    /// use chess960::{CastlingSide, File, Position};
    ///
    /// assert_eq!(Position::STANDARD.castling(CastlingSide::ASide).king_to(), File::C);
    /// ```
    pub const fn king_to(self) -> File {
        self.side.king_to()
    }

    /// The castling rook's file before castling.
    ///
    /// ```
    /// use chess960::{CastlingSide, File, Position};
    ///
    /// assert_eq!(Position::STANDARD.castling(CastlingSide::ASide).rook_from(), File::A);
    /// ```
    pub const fn rook_from(self) -> File {
        self.rook_from
    }

    /// The castling rook's file after castling: d or f.
    ///
    /// ```
    /// use chess960::{CastlingSide, File, Position};
    ///
    /// assert_eq!(Position::STANDARD.castling(CastlingSide::ASide).rook_to(), File::D);
    /// ```
    pub const fn rook_to(self) -> File {
        self.side.rook_to()
    }

    /// Whether the king changes square; it stays where it is when it starts
    /// on its target (b-file king castling h-side never does, g-file king
    /// castling h-side always).
    ///
    /// ```
    /// use chess960::{CastlingSide, Position};
    ///
    /// // RNBBQNKR: the king already stands on g1.
    /// let position: Position = "RNBBQNKR".parse()?;
    /// assert!(!position.castling(CastlingSide::HSide).king_moves());
    /// assert!(position.castling(CastlingSide::ASide).king_moves());
    /// # Ok::<(), chess960::ParsePositionError>(())
    /// ```
    pub const fn king_moves(self) -> bool {
        self.king_from.index() != self.king_to().index()
    }

    /// Whether the rook changes square; it stays when it starts on its target.
    ///
    /// ```
    /// use chess960::{CastlingSide, Position};
    ///
    /// // BBNRKRNQ: the rooks already stand on d1 and f1.
    /// let position: Position = "BBNRKRNQ".parse()?;
    /// assert!(!position.castling(CastlingSide::HSide).rook_moves());
    /// assert!(!position.castling(CastlingSide::ASide).rook_moves());
    /// # Ok::<(), chess960::ParsePositionError>(())
    /// ```
    pub const fn rook_moves(self) -> bool {
        self.rook_from.index() != self.rook_to().index()
    }

    /// The files that must be vacant, as a mask with bit 0 for the a-file:
    /// every square between the king and its target and between the rook
    /// and its target, targets included, except the king's and the rook's
    /// own squares.
    ///
    /// ```
    /// use chess960::{CastlingSide, Position};
    ///
    /// assert_eq!(Position::STANDARD.castling(CastlingSide::ASide).vacant_files(), 0b0000_1110);
    /// ```
    pub const fn vacant_files(self) -> u8 {
        let paths = files_between(self.king_from, self.king_to())
            | files_between(self.rook_from, self.rook_to());
        paths & !(1 << self.king_from.index()) & !(1 << self.rook_from.index())
    }

    /// The files that must not be attacked, as a mask with bit 0 for the
    /// a-file: the king's start through its target. When the king does not
    /// move this is its own square: it may not castle out of check.
    ///
    /// ```
    /// use chess960::{CastlingSide, Position};
    ///
    /// assert_eq!(Position::STANDARD.castling(CastlingSide::ASide).unattacked_files(), 0b0001_1100);
    /// ```
    pub const fn unattacked_files(self) -> u8 {
        files_between(self.king_from, self.king_to())
    }

    /// [`Castling::vacant_files`] on `colour`'s back rank, as a board mask
    /// (a1 = bit 0, h8 = bit 63).
    ///
    /// ```
    /// use chess960::{CastlingSide, Colour, Position};
    ///
    /// let castling = Position::STANDARD.castling(CastlingSide::ASide);
    /// assert_eq!(castling.vacant_squares(Colour::White), 0x0E);
    /// assert_eq!(castling.vacant_squares(Colour::Black), 0x0E << 56);
    /// ```
    pub const fn vacant_squares(self, colour: Colour) -> u64 {
        on_back_rank(self.vacant_files(), colour)
    }

    /// [`Castling::unattacked_files`] on `colour`'s back rank, as a board
    /// mask (a1 = bit 0, h8 = bit 63).
    ///
    /// ```
    /// use chess960::{CastlingSide, Colour, Position};
    ///
    /// let castling = Position::STANDARD.castling(CastlingSide::ASide);
    /// assert_eq!(castling.unattacked_squares(Colour::White), 0x1C);
    /// ```
    pub const fn unattacked_squares(self, colour: Colour) -> u64 {
        on_back_rank(self.unattacked_files(), colour)
    }

    /// The castling move in Chess960 UCI: the king "takes" its own rook,
    /// `e1h1` for White's `O-O` in the classical position. This form is
    /// never ambiguous and is the one engines expect with
    /// `UCI_Chess960` set.
    ///
    /// ```
    /// use chess960::{CastlingSide, Colour, Position};
    ///
    /// let position: Position = "RKRNNQBB".parse()?;
    /// assert_eq!(position.castling(CastlingSide::ASide).uci(Colour::White).to_string(), "b1a1");
    /// assert_eq!(position.castling(CastlingSide::HSide).uci(Colour::Black).to_string(), "b8c8");
    /// # Ok::<(), chess960::ParsePositionError>(())
    /// ```
    pub const fn uci(self, colour: Colour) -> UciMove {
        UciMove::new(
            Square::on_back_rank(self.king_from, colour),
            Square::on_back_rank(self.rook_from, colour),
        )
    }

    /// The castling move as the king's own move, `e1g1` in classical UCI,
    /// or `None` when that form would be ambiguous: only a king that
    /// travels two files or more cannot be making an ordinary move. In the
    /// classical position this is the form classical UCI uses.
    ///
    /// ```
    /// use chess960::{CastlingSide, Colour, Position};
    ///
    /// let castling = Position::STANDARD.castling(CastlingSide::ASide);
    /// assert_eq!(castling.uci_king_move(Colour::Black).map(|m| m.to_string()).as_deref(), Some("e8c8"));
    /// // RKRNNQBB: a-side castling moves the king one file, b1 to c1.
    /// let position: chess960::Position = "RKRNNQBB".parse()?;
    /// assert_eq!(position.castling(CastlingSide::ASide).uci_king_move(Colour::White), None);
    /// # Ok::<(), chess960::ParsePositionError>(())
    /// ```
    pub const fn uci_king_move(self, colour: Colour) -> Option<UciMove> {
        if self.king_from.index().abs_diff(self.king_to().index()) >= 2 {
            Some(UciMove::new(
                Square::on_back_rank(self.king_from, colour),
                Square::on_back_rank(self.king_to(), colour),
            ))
        } else {
            None
        }
    }

    /// Whether `uci` is this castling for `colour`, written either way:
    /// king takes rook ([`Castling::uci`]) or the king's own move when that
    /// is unambiguous ([`Castling::uci_king_move`]).
    ///
    /// ```
    /// use chess960::{CastlingSide, Colour, Position};
    ///
    /// let castling = Position::STANDARD.castling(CastlingSide::HSide);
    /// assert!(castling.is_uci(Colour::White, "e1h1".parse()?));
    /// assert!(castling.is_uci(Colour::White, "e1g1".parse()?));
    /// assert!(!castling.is_uci(Colour::Black, "e1g1".parse()?));
    /// # Ok::<(), chess960::ParseUciMoveError>(())
    /// ```
    pub const fn is_uci(self, colour: Colour, uci: UciMove) -> bool {
        if same_move(uci, self.uci(colour)) {
            return true;
        }
        match self.uci_king_move(colour) {
            Some(king_move) => same_move(uci, king_move),
            None => false,
        }
    }
}

impl Position {
    /// Castling to `side` in this position. Constant time: the king's and
    /// rooks' files come from one load of a table evaluated at compile time.
    ///
    /// ```
    /// use chess960::{CastlingSide, File, Position};
    ///
    /// let castling = Position::from_id(959)?.castling(CastlingSide::ASide); // RKRNNQBB
    /// assert_eq!((castling.king_from(), castling.rook_from()), (File::B, File::A));
    /// # Ok::<(), chess960::Error>(())
    /// ```
    pub const fn castling(self, side: CastlingSide) -> Castling {
        let [a_side, h_side] = self.rook_files();
        Castling {
            side,
            king_from: self.king_file(),
            rook_from: match side {
                CastlingSide::ASide => a_side,
                CastlingSide::HSide => h_side,
            },
        }
    }

    /// The castling that `uci` plays for `colour` in this position, in
    /// either UCI form (see [`Castling::is_uci`]), or `None` if it is no
    /// castling move.
    ///
    /// ```
    /// use chess960::{CastlingSide, Colour, Position};
    ///
    /// let position = Position::STANDARD;
    /// let castling = position.castling_from_uci(Colour::Black, "e8a8".parse()?);
    /// assert_eq!(castling.map(|c| c.side()), Some(CastlingSide::ASide));
    /// assert_eq!(position.castling_from_uci(Colour::White, "e1f1".parse()?), None);
    /// # Ok::<(), chess960::ParseUciMoveError>(())
    /// ```
    pub const fn castling_from_uci(self, colour: Colour, uci: UciMove) -> Option<Castling> {
        let a_side = self.castling(CastlingSide::ASide);
        let h_side = self.castling(CastlingSide::HSide);
        if a_side.is_uci(colour, uci) {
            Some(a_side)
        } else if h_side.is_uci(colour, uci) {
            Some(h_side)
        } else {
            None
        }
    }
}
