//! Which start a FEN is, and how it departs from it: [`identify_fen`].
//!
//! Game archives write start FENs in many dialects (4-field EPD, X-FEN or
//! Shredder-FEN castling in any order, double Chess960) and sometimes with
//! rules changed (TCEC played Chess960 without castling). [`identify_fen`]
//! reads any FEN whose board is a single or double Chess960 start and
//! returns an [`Identification`]: the start, and its [`Departures`] from
//! that start's own FEN (castling rights, side to move, en passant square,
//! counters). A board that is no start, or text that is no FEN, is a
//! [`FenError`] naming the broken rule, as for [`Position::from_fen`].
//!
//! ```
//! use chess960::{Departure, identify_fen};
//!
//! let found = identify_fen("bbnnrkrq/pppppppp/8/8/8/8/PPPPPPPP/BBNNRKRQ w - - 0 1")?;
//! assert_eq!(found.single().map(|p| p.id()), Some(80));
//! assert_eq!(found.departures().to_string(), "castling rights removed");
//! assert!(matches!(
//!     found.departures().iter().next(),
//!     Some(Departure::CastlingRights { .. })
//! ));
//! # Ok::<(), chess960::FenError>(())
//! ```

use crate::fen::{ALL_RIGHTS, Reading, Rules, Setup, read, right_bit};
use crate::{CastlingSide, Color, DoublePosition, FenError, Position, Square};
use core::fmt;
use core::iter::FusedIterator;
use core::str::FromStr;

/// Reads a FEN that is (or departs from) a Chess960 start and says which.
///
/// Accepts 4, 5 or 6 fields (EPD without counters), X-FEN or Shredder-FEN
/// castling in any letter order (and mixtures such as `KAka`), single or
/// double Chess960 (Black's rank another position). Omitted counters are no
/// departure.
///
/// # Errors
/// Everything that is not a start board (moved pieces, bad syntax,
/// adjacent digits `17` in a row, a pocket `[...]`, extra fields) or not a
/// FEN field (side to move other than `w`/`b`, a castling letter naming no
/// rook of that colour, an en passant field that is no third- or
/// sixth-rank square, counters that are no numbers) is a [`FenError`]
/// naming the first broken rule. Input of any length or content gets an
/// error, never a panic.
///
/// ```
/// use chess960::{FenError, identify_fen};
///
/// // Double Chess960, as TCEC's DFRC events write it:
/// let double = identify_fen("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")?;
/// assert_eq!((double.start().white().id(), double.start().black().id()), (518, 534));
/// assert_eq!(double.single(), None);
/// assert!(double.is_exact());
///
/// let later = identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Kq e3 3 12")?;
/// assert_eq!(
///     later.departures().to_string(),
///     "castling rights removed: White O-O-O, Black O-O, Black to move, \
///      en passant square e3, halfmove clock 3, fullmove number 12"
/// );
/// assert_eq!(
///     identify_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").map(|_| ()),
///     Err(FenError::PawnMissing { square: chess960::Square::from_ascii(*b"e2").unwrap(), found: None })
/// );
/// # Ok::<(), FenError>(())
/// ```
pub fn identify_fen(text: &str) -> Result<Identification, FenError> {
    read(text, Setup::Independent, Rules::Departures).map(Identification::from_reading)
}

/// A start identified in a FEN: which (single or double) Chess960 start
/// the board is, and how the other fields depart from its own FEN.
///
/// [`Display`](fmt::Display) writes the FEN back with X-FEN castling
/// letters (`KQkq`), the alternate form `{:#}` with Shredder-FEN letters
/// (`HAha`); both read back to the same identification.
///
/// ```
/// use chess960::{FenStyle, Identification, Position};
///
/// let found: Identification = "bbrkqrnn/pppppppp/8/8/8/8/PPPPPPPP/BBRKQRNN w FCfc -".parse()?;
/// assert_eq!(found.single().map(|p| p.fen(FenStyle::Shredder).to_string()), Some(format!("{found:#}")));
/// assert_eq!(found.to_string(), "bbrkqrnn/pppppppp/8/8/8/8/PPPPPPPP/BBRKQRNN w KQkq - 0 1");
/// # Ok::<(), chess960::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Identification {
    start: DoublePosition,
    departures: Departures,
}

impl Identification {
    /// The identification of what [`read`] found.
    const fn from_reading(reading: Reading) -> Identification {
        Identification {
            start: reading.start,
            departures: Departures {
                removed: CastlingRights(ALL_RIGHTS & !reading.rights),
                black_to_move: reading.black_to_move,
                en_passant: reading.en_passant,
                halfmove_clock: reading.halfmove_clock,
                fullmove_offset: reading.fullmove_number.wrapping_sub(1),
            },
        }
    }

    /// White's and Black's start positions (equal ids for a plain Chess960
    /// start).
    ///
    /// ```
    /// use chess960::{DoublePosition, Position, identify_fen};
    ///
    /// let found = identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")?;
    /// assert_eq!(found.start(), DoublePosition::from(Position::STANDARD));
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub const fn start(&self) -> DoublePosition {
        self.start
    }

    /// The single Chess960 start when Black mirrors White, else `None` (a
    /// double start).
    ///
    /// ```
    /// use chess960::{Position, identify_fen};
    ///
    /// let single = identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")?;
    /// assert_eq!(single.single(), Some(Position::STANDARD));
    /// let double = identify_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")?;
    /// assert_eq!(double.single(), None);
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub const fn single(&self) -> Option<Position> {
        if self.start.is_single() {
            Some(self.start.white())
        } else {
            None
        }
    }

    /// How the FEN departs from the start's own FEN (empty for an exact
    /// start).
    ///
    /// ```
    /// use chess960::identify_fen;
    ///
    /// let found = identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")?;
    /// assert_eq!(found.departures().to_string(), "Black to move");
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub const fn departures(&self) -> Departures {
        self.departures
    }

    /// No departure at all: the FEN is the start, in some dialect.
    ///
    /// ```
    /// use chess960::identify_fen;
    ///
    /// assert!(identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah -")?.is_exact());
    /// assert!(!identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 1")?.is_exact());
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub const fn is_exact(&self) -> bool {
        self.departures.is_empty()
    }
}

impl FromStr for Identification {
    type Err = FenError;

    /// As [`identify_fen`].
    fn from_str(text: &str) -> Result<Identification, FenError> {
        identify_fen(text)
    }
}

impl fmt::Display for Identification {
    /// Writes the FEN: the start's board, then the fields with their
    /// departures; castling in X-FEN letters, or Shredder-FEN with `{:#}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (white, black) = (self.start.white(), self.start.black());
        let departures = self.departures;
        write!(
            f,
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{} {} ",
            Lowercase(black.rank()),
            white,
            if departures.black_to_move { 'b' } else { 'w' }
        )?;
        let remaining = departures.castling_rights();
        if remaining.is_empty() {
            f.write_str("-")?;
        }
        for (color, side) in CastlingRights::ORDER {
            if remaining.contains(color, side) {
                let letter = if f.alternate() {
                    let [a_side, h_side] = self.start.color(color).rook_files();
                    let file = match side {
                        CastlingSide::ASide => a_side,
                        CastlingSide::HSide => h_side,
                    };
                    b'A' + file.index()
                } else {
                    CastlingRights::x_fen_letter(side)
                };
                let letter = match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                };
                write!(f, "{}", char::from(letter))?;
            }
        }
        match departures.en_passant {
            Some(square) => write!(f, " {square}")?,
            None => f.write_str(" -")?,
        }
        write!(
            f,
            " {} {}",
            departures.halfmove_clock,
            departures.fullmove_number()
        )
    }
}

/// Writes a rank's letters in lowercase.
struct Lowercase([u8; 8]);

impl fmt::Display for Lowercase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for letter in self.0 {
            write!(f, "{}", char::from(letter.to_ascii_lowercase()))?;
        }
        Ok(())
    }
}

/// A set of castling rights: for each colour, the a-side (`O-O-O`) and the
/// h-side (`O-O`) right.
///
/// [`Display`](fmt::Display) writes the X-FEN castling field (`KQkq`, `-`
/// for none), which names each right unambiguously in a start position.
///
/// ```
/// use chess960::{CastlingRights, CastlingSide, Color};
///
/// let rights = CastlingRights::NONE
///     .with(Color::White, CastlingSide::HSide)
///     .with(Color::Black, CastlingSide::ASide);
/// assert_eq!(rights.to_string(), "Kq");
/// assert!(rights.contains(Color::Black, CastlingSide::ASide));
/// assert_eq!(rights.complement().to_string(), "Qk");
/// assert_eq!(CastlingRights::ALL.to_string(), "KQkq");
/// assert_eq!(CastlingRights::NONE.to_string(), "-");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// All four rights, as at the start.
    ///
    /// ```
    /// assert_eq!(chess960::CastlingRights::ALL.len(), 4);
    /// ```
    pub const ALL: CastlingRights = CastlingRights(ALL_RIGHTS);

    /// No right at all.
    ///
    /// ```
    /// assert!(chess960::CastlingRights::NONE.is_empty());
    /// ```
    pub const NONE: CastlingRights = CastlingRights(0);

    /// The four rights in the order of a castling field: White's before
    /// Black's, h-side (`K`) before a-side (`Q`).
    const ORDER: [(Color, CastlingSide); 4] = [
        (Color::White, CastlingSide::HSide),
        (Color::White, CastlingSide::ASide),
        (Color::Black, CastlingSide::HSide),
        (Color::Black, CastlingSide::ASide),
    ];

    /// The uppercase X-FEN letter of a side.
    const fn x_fen_letter(side: CastlingSide) -> u8 {
        match side {
            CastlingSide::HSide => b'K',
            CastlingSide::ASide => b'Q',
        }
    }

    /// Whether `color` may castle to `side`.
    ///
    /// ```
    /// use chess960::{CastlingRights, CastlingSide, Color};
    ///
    /// assert!(CastlingRights::ALL.contains(Color::White, CastlingSide::ASide));
    /// assert!(!CastlingRights::NONE.contains(Color::White, CastlingSide::ASide));
    /// ```
    pub const fn contains(self, color: Color, side: CastlingSide) -> bool {
        self.0 & right_bit(color, side) != 0
    }

    /// These rights and `color`'s `side` right.
    ///
    /// ```
    /// use chess960::{CastlingRights, CastlingSide, Color};
    ///
    /// let rights = CastlingRights::NONE.with(Color::Black, CastlingSide::HSide);
    /// assert_eq!(rights.to_string(), "k");
    /// ```
    #[must_use]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | right_bit(color, side))
    }

    /// These rights without `color`'s `side` right.
    ///
    /// ```
    /// use chess960::{CastlingRights, CastlingSide, Color};
    ///
    /// let rights = CastlingRights::ALL.without(Color::White, CastlingSide::HSide);
    /// assert_eq!(rights.to_string(), "Qkq");
    /// ```
    #[must_use]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 & !right_bit(color, side))
    }

    /// The rights this set lacks.
    ///
    /// ```
    /// use chess960::CastlingRights;
    ///
    /// assert_eq!(CastlingRights::ALL.complement(), CastlingRights::NONE);
    /// ```
    #[must_use]
    pub const fn complement(self) -> CastlingRights {
        CastlingRights(ALL_RIGHTS & !self.0)
    }

    /// Whether no right is in the set.
    ///
    /// ```
    /// assert!(!chess960::CastlingRights::ALL.is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many rights are in the set, 0 to 4.
    ///
    /// ```
    /// use chess960::{CastlingRights, CastlingSide, Color};
    ///
    /// assert_eq!(CastlingRights::ALL.without(Color::Black, CastlingSide::ASide).len(), 3);
    /// ```
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.pad("-");
        }
        let mut letters = [0u8; 4];
        let mut length = 0;
        for (color, side) in CastlingRights::ORDER {
            if self.contains(color, side) {
                let letter = CastlingRights::x_fen_letter(side);
                letters[length] = match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                };
                length += 1;
            }
        }
        // ASCII letters only.
        f.pad(core::str::from_utf8(&letters[..length]).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for CastlingRights {
    /// `CastlingRights("Kq")`: the rights as X-FEN letters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CastlingRights(\"{self}\")")
    }
}

/// Every way a FEN departs from its start's own FEN: a small `Copy` set.
///
/// [`Display`](fmt::Display) writes them comma-separated, for people
/// (`"castling rights removed, Black to move"`), or `none` when there is
/// none.
///
/// ```
/// use chess960::{Departure, identify_fen};
///
/// let found = identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 7")?;
/// let departures = found.departures();
/// assert_eq!(departures.len(), 3);
/// assert_eq!(departures.to_string(), "castling rights removed, Black to move, fullmove number 7");
/// assert_eq!(departures.iter().last(), Some(Departure::FullmoveNumber(7)));
/// # Ok::<(), chess960::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Departures {
    /// The castling rights the FEN lacks.
    removed: CastlingRights,
    black_to_move: bool,
    en_passant: Option<Square>,
    halfmove_clock: u32,
    /// The fullmove number minus 1, wrapping (`u32::MAX` for a FEN's 0), so
    /// that the default value stands for the start's 1.
    fullmove_offset: u32,
}

impl Departures {
    /// Whether there is no departure: the FEN is its start.
    ///
    /// ```
    /// assert!(chess960::Departures::default().is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.removed.is_empty()
            && !self.black_to_move
            && self.en_passant.is_none()
            && self.halfmove_clock == 0
            && self.fullmove_offset == 0
    }

    /// How many departures there are, 0 to 5.
    ///
    /// ```
    /// use chess960::identify_fen;
    ///
    /// let found = identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5 1")?;
    /// assert_eq!(found.departures().len(), 1);
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub fn len(self) -> usize {
        self.iter().len()
    }

    /// Iterates the departures, in a fixed order: castling rights, side to
    /// move, en passant square, halfmove clock, fullmove number.
    ///
    /// ```
    /// use chess960::{Departure, identify_fen};
    ///
    /// let found = identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1")?;
    /// let all: Vec<Departure> = found.departures().iter().collect();
    /// assert_eq!(
    ///     all,
    ///     [Departure::BlackToMove, Departure::EnPassant(chess960::Square::from_ascii(*b"e3").unwrap())]
    /// );
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub fn iter(self) -> DeparturesIter {
        DeparturesIter {
            departures: self,
            next: 0,
        }
    }

    /// The castling rights the FEN gives (all four when they are no
    /// departure).
    ///
    /// ```
    /// use chess960::identify_fen;
    ///
    /// let found = identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Hh - 0 1")?;
    /// assert_eq!(found.departures().castling_rights().to_string(), "Kk");
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub const fn castling_rights(self) -> CastlingRights {
        self.removed.complement()
    }

    /// The side to move: White at the start.
    ///
    /// ```
    /// use chess960::{Color, identify_fen};
    ///
    /// let found = identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq -")?;
    /// assert_eq!(found.departures().side_to_move(), Color::Black);
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub const fn side_to_move(self) -> Color {
        if self.black_to_move {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The en passant square, if the FEN gives one.
    ///
    /// ```
    /// use chess960::identify_fen;
    ///
    /// let found = identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq d6")?;
    /// assert_eq!(found.departures().en_passant().map(|s| s.to_string()), Some("d6".into()));
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub const fn en_passant(self) -> Option<Square> {
        self.en_passant
    }

    /// The halfmove clock: 0 at the start, and when the FEN omits it.
    ///
    /// ```
    /// use chess960::identify_fen;
    ///
    /// let found = identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 9")?;
    /// assert_eq!(found.departures().halfmove_clock(), 9);
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub const fn halfmove_clock(self) -> u32 {
        self.halfmove_clock
    }

    /// The fullmove number: 1 at the start, and when the FEN omits it.
    ///
    /// ```
    /// use chess960::identify_fen;
    ///
    /// let found = identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 40")?;
    /// assert_eq!(found.departures().fullmove_number(), 40);
    /// assert_eq!(chess960::Departures::default().fullmove_number(), 1);
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub const fn fullmove_number(self) -> u32 {
        self.fullmove_offset.wrapping_add(1)
    }

    /// The departure at `index` of the fixed order, if the FEN has it.
    const fn at(self, index: u8) -> Option<Departure> {
        match index {
            0 if !self.removed.is_empty() => Some(Departure::CastlingRights {
                remaining: self.removed.complement(),
            }),
            1 if self.black_to_move => Some(Departure::BlackToMove),
            2 => match self.en_passant {
                Some(square) => Some(Departure::EnPassant(square)),
                None => None,
            },
            3 if self.halfmove_clock != 0 => Some(Departure::HalfmoveClock(self.halfmove_clock)),
            4 if self.fullmove_offset != 0 => {
                Some(Departure::FullmoveNumber(self.fullmove_number()))
            }
            _ => None,
        }
    }
}

impl IntoIterator for Departures {
    type Item = Departure;
    type IntoIter = DeparturesIter;

    /// As [`Departures::iter`].
    fn into_iter(self) -> DeparturesIter {
        self.iter()
    }
}

impl fmt::Display for Departures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        for (index, departure) in self.iter().enumerate() {
            if index > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{departure}")?;
        }
        Ok(())
    }
}

/// The iterator of [`Departures::iter`], in a fixed order: castling rights,
/// side to move, en passant square, halfmove clock, fullmove number.
///
/// ```
/// use chess960::identify_fen;
///
/// let found = identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1")?;
/// let mut departures = found.departures().iter();
/// assert_eq!(departures.len(), 2);
/// departures.next();
/// assert_eq!(departures.next(), Some(chess960::Departure::BlackToMove));
/// assert_eq!(departures.next(), None);
/// # Ok::<(), chess960::FenError>(())
/// ```
#[derive(Clone, Debug)]
pub struct DeparturesIter {
    departures: Departures,
    /// The index, in the fixed order, of the next departure to look at.
    next: u8,
}

/// How many kinds of departure there are.
const KINDS: u8 = 5;

impl Iterator for DeparturesIter {
    type Item = Departure;

    fn next(&mut self) -> Option<Departure> {
        while self.next < KINDS {
            let index = self.next;
            self.next += 1;
            if let Some(departure) = self.departures.at(index) {
                return Some(departure);
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.next..KINDS)
            .filter(|&index| self.departures.at(index).is_some())
            .count();
        (left, Some(left))
    }
}

impl ExactSizeIterator for DeparturesIter {}

impl FusedIterator for DeparturesIter {}

/// One way a FEN departs from its start's own FEN.
///
/// ```
/// use chess960::{CastlingRights, CastlingSide, Color, Departure};
///
/// let partial = Departure::CastlingRights {
///     remaining: CastlingRights::ALL.without(Color::Black, CastlingSide::HSide),
/// };
/// assert_eq!(partial.to_string(), "castling rights removed: Black O-O");
/// assert_eq!(Departure::HalfmoveClock(3).to_string(), "halfmove clock 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Departure {
    /// Some castling rights are missing; all gone is "castling rights
    /// removed".
    CastlingRights {
        /// The rights that remain (never all four).
        remaining: CastlingRights,
    },
    /// Black is to move.
    BlackToMove,
    /// The FEN gives an en passant square.
    EnPassant(Square),
    /// The halfmove clock is not 0.
    HalfmoveClock(u32),
    /// The fullmove number is not 1.
    FullmoveNumber(u32),
}

impl fmt::Display for Departure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Departure::CastlingRights { remaining } => {
                f.write_str("castling rights removed")?;
                let removed = remaining.complement();
                if remaining.is_empty() {
                    return Ok(());
                }
                let mut separator = ": ";
                for (color, side) in CastlingRights::ORDER {
                    if removed.contains(color, side) {
                        write!(f, "{separator}{color} {side}")?;
                        separator = ", ";
                    }
                }
                Ok(())
            }
            Departure::BlackToMove => f.write_str("Black to move"),
            Departure::EnPassant(square) => write!(f, "en passant square {square}"),
            Departure::HalfmoveClock(clock) => write!(f, "halfmove clock {clock}"),
            Departure::FullmoveNumber(number) => write!(f, "fullmove number {number}"),
        }
    }
}
