//! Seeded draws for a whole event (the `seeded` feature): one position per
//! round from a seed that may be any text, by a procedure built on SHA-256
//! alone, so that anyone can re-derive the draw without this crate. The
//! procedure is documented on [`SeededDraw`].

use crate::{Position, PositionSet};
use core::fmt::{self, Write as _};
use sha2::{Digest, Sha256};

/// Values of the digest's first two bytes at or above this are rejected:
/// 65,280 = 68 × 960, so each id keeps exactly 68 of the values below.
const ACCEPTED_BELOW: u16 = 68 * Position::COUNT;

/// Feeds what is written into a SHA-256 state (no buffer, no allocation);
/// also the hash of the seeded sample and shuffle.
pub(crate) struct Hashing(pub(crate) Sha256);

impl fmt::Write for Hashing {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.0.update(text.as_bytes());
        Ok(())
    }
}

/// The candidate of round `round`'s attempt `attempt` (steps 1 to 3 of the
/// procedure on [`SeededDraw`]): `None` when the digest's first two bytes
/// are 65,280 or more.
///
/// ```
/// use chess960::seeded_candidate;
///
/// // The first candidate of round 1 for this seed, before exclusions.
/// let candidate = seeded_candidate("Open 2026-11-22", 1, 0);
/// assert!(candidate.is_some_and(|position| position.id() < 960));
/// ```
pub fn seeded_candidate(seed: &str, round: u32, attempt: u64) -> Option<Position> {
    let mut hashing = Hashing(Sha256::new());
    // Writing into `Hashing` cannot fail.
    write!(hashing, "{seed}\0{round}\0{attempt}").ok()?;
    let digest = hashing.0.finalize();
    let value = u16::from_be_bytes([digest[0], digest[1]]);
    if value < ACCEPTED_BELOW {
        Position::from_id(value % Position::COUNT).ok()
    } else {
        None
    }
}

/// An event's draw from a text seed: an iterator of [`SeededRound`]s, round
/// 1 first, by the procedure below.
///
/// # The procedure
/// For round `r` = 1, 2, 3, … and attempt `a` = 0, 1, 2, …:
///
/// 1. Hash the bytes `seed ‖ 0x00 ‖ r ‖ 0x00 ‖ a` with SHA-256, where
///    `seed` is the seed text in UTF-8 exactly as given (no trimming, no
///    change of case or Unicode form) and `r` and `a` are written in decimal
///    ASCII without leading zeros (`1`, `0`).
/// 2. Read the first two bytes of the digest as a big-endian number `v`
///    (0..=65535).
/// 3. If `v` < 65,280 (= 68 × 960), the candidate is position `v mod 960`;
///    otherwise this attempt gives no candidate (this keeps every id exactly
///    equally likely).
/// 4. The candidate is round `r`'s position unless it is excluded or, in a
///    distinct draw, was drawn in an earlier round; then try attempt `a + 1`.
///
/// A round's position depends only on the seed, the round's number, the
/// exclusions and the earlier rounds, never on how many rounds are drawn in
/// all: drawing 9 rounds and later a 10th gives the same first nine. Each
/// round is uniform over the positions still allowed. The same bytes can be
/// hashed with `sha256sum` or Python's `hashlib`:
///
/// ```text
/// $ printf 'Open 2026-11-22\0001\0000' | sha256sum
/// 1063561ce06d260401907c56c28876ed3810f4a05ae28a95df0cb3ebaa013141  -
/// ```
///
/// The first four hex digits are `v` = 0x1063 = 4195 < 65,280, and 4195
/// mod 960 = 355: round 1 of the seed `Open 2026-11-22` is SP 355 (the
/// README's "Event draws" has a complete check in Python). The procedure is fixed: it does not depend on the
/// `rand` crate or on this crate's version, and `tests/seeded_draw.rs` pins
/// its outputs against values computed with Python's `hashlib`.
///
/// ```
/// use chess960::{PositionSet, Position, SeededDraw};
///
/// let chess959 = PositionSet::EMPTY.with(Position::STANDARD);
/// let draw = SeededDraw::new("Open 2026-11-22").excluding(&chess959).distinct(true);
/// for round in draw.rounds(9)? {
///     assert_ne!(round.position(), Position::STANDARD);
///     println!("{round}"); // Round 1: SP 355 BNRKRQNB, ...
/// }
/// # Ok::<(), chess960::TooFewPositionsError>(())
/// ```
///
/// ```
/// use chess960::SeededDraw;
///
/// let mut draw = SeededDraw::new("Open 2026-11-22").distinct(true);
/// let first = draw.next().unwrap();
/// assert_eq!(first.round(), 1);
/// // The same seed gives the same draw.
/// assert_eq!(SeededDraw::new("Open 2026-11-22").next(), Some(first));
/// ```
#[derive(Clone, Debug)]
pub struct SeededDraw<'s> {
    seed: &'s str,
    /// The excluded positions and, in a distinct draw, those drawn so far.
    taken: PositionSet,
    distinct: bool,
    next_round: u32,
}

impl<'s> SeededDraw<'s> {
    /// The procedure in two lines of plain text, for a printed sheet or a
    /// help text.
    ///
    /// ```
    /// assert_eq!(chess960::SeededDraw::PROCEDURE.lines().count(), 2);
    /// ```
    pub const PROCEDURE: &'static str = "\
By hand: for round r and attempt a = 0, 1, 2, ..., let v be the first two bytes of SHA-256(seed 0x00 r 0x00 a);
if v < 65280, SP (v mod 960) is round r's position unless excluded or drawn before; else try attempt a + 1.";

    /// A draw from `seed`, with no exclusions, rounds may repeat a position
    /// (see [`distinct`](Self::distinct)).
    ///
    /// ```
    /// use chess960::SeededDraw;
    ///
    /// let draw = SeededDraw::new("");
    /// assert_eq!(draw.seed(), "");
    /// ```
    pub const fn new(seed: &'s str) -> SeededDraw<'s> {
        SeededDraw {
            seed,
            taken: PositionSet::EMPTY,
            distinct: false,
            next_round: 1,
        }
    }

    /// The seed text.
    ///
    /// ```
    /// assert_eq!(chess960::SeededDraw::new("42").seed(), "42");
    /// ```
    pub const fn seed(&self) -> &'s str {
        self.seed
    }

    /// This draw, never giving a position in `excluded` (added to any
    /// positions excluded before).
    ///
    /// ```
    /// use chess960::{Position, PositionSet, SeededDraw};
    ///
    /// let excluded = PositionSet::ALL.without(Position::STANDARD);
    /// let mut draw = SeededDraw::new("Chess1").excluding(&excluded);
    /// assert_eq!(draw.next().map(|round| round.position()), Some(Position::STANDARD));
    /// ```
    #[must_use]
    pub fn excluding(mut self, excluded: &PositionSet) -> SeededDraw<'s> {
        self.taken = excluded.iter().fold(self.taken, PositionSet::with);
        self
    }

    /// This draw, where no round repeats an earlier round's position when
    /// `distinct` is true (choose before drawing the first round).
    ///
    /// ```
    /// use chess960::{Position, PositionSet, SeededDraw};
    ///
    /// let two: PositionSet = Position::all().take(2).collect();
    /// let draw = SeededDraw::new("x").excluding(&two.complement()).distinct(true);
    /// let ids: Vec<u16> = draw.map(|round| round.position().id()).collect();
    /// assert!(ids == [0, 1] || ids == [1, 0]);
    /// ```
    #[must_use]
    pub const fn distinct(mut self, distinct: bool) -> SeededDraw<'s> {
        self.distinct = distinct;
        self
    }

    /// How many positions the next round can give: those neither excluded
    /// nor (in a distinct draw) drawn already.
    ///
    /// ```
    /// use chess960::{Position, PositionSet, SeededDraw};
    ///
    /// let mut draw = SeededDraw::new("x")
    ///     .excluding(&PositionSet::EMPTY.with(Position::STANDARD))
    ///     .distinct(true);
    /// assert_eq!(draw.available(), 959);
    /// draw.next();
    /// assert_eq!(draw.available(), 958);
    /// ```
    pub const fn available(&self) -> u16 {
        self.allowed().len()
    }

    /// The first `count` rounds, after checking that there are enough
    /// positions for them.
    ///
    /// # Errors
    /// [`TooFewPositionsError`] when a distinct draw asks for more rounds than
    /// positions are [`available`](Self::available), or any draw asks for
    /// rounds when every position is excluded.
    ///
    /// ```
    /// use chess960::{PositionSet, SeededDraw, TooFewPositionsError};
    ///
    /// let draw = SeededDraw::new("Open 2026-11-22").distinct(true);
    /// assert_eq!(draw.clone().rounds(9)?.count(), 9);
    /// assert_eq!(
    ///     draw.rounds(961).map(Iterator::count),
    ///     Err(TooFewPositionsError { requested: 961, available: 960 })
    /// );
    /// # Ok::<(), TooFewPositionsError>(())
    /// ```
    pub fn rounds(
        self,
        count: u32,
    ) -> Result<core::iter::Take<SeededDraw<'s>>, TooFewPositionsError> {
        let available = self.available();
        let enough = if self.distinct {
            count <= u32::from(available)
        } else {
            count == 0 || available > 0
        };
        if enough {
            Ok(self.take(count as usize))
        } else {
            Err(TooFewPositionsError {
                requested: count,
                available,
            })
        }
    }

    /// The positions the next round may give.
    const fn allowed(&self) -> PositionSet {
        self.taken.complement()
    }
}

impl Iterator for SeededDraw<'_> {
    type Item = SeededRound;

    /// The next round, or `None` once no position is left to draw.
    fn next(&mut self) -> Option<SeededRound> {
        let allowed = self.allowed();
        if allowed.is_empty() {
            return None;
        }
        let round = self.next_round;
        let mut attempt = 0_u64;
        let position = loop {
            // Ends with probability 1: each attempt succeeds with
            // probability at least 68/65536 (one allowed id).
            if let Some(candidate) = seeded_candidate(self.seed, round, attempt) {
                if allowed.contains(candidate) {
                    break candidate;
                }
            }
            attempt += 1;
        };
        self.next_round = round.checked_add(1)?;
        if self.distinct {
            self.taken = self.taken.with(position);
        }
        Some(SeededRound {
            round,
            position,
            attempt,
        })
    }
}

/// One round of a [`SeededDraw`]: its number, its position and the attempt
/// that gave it (so a check by hand knows where to look).
///
/// Displays as the caption an arbiter posts, `Round 1: SP 518 RNBQKBNR`.
///
/// ```
/// use chess960::SeededDraw;
///
/// let round = SeededDraw::new("Open 2026-11-22").next().unwrap();
/// let position = round.position();
/// assert_eq!(
///     round.to_string(),
///     format!("Round 1: SP {} {}", position.id(), position.as_str())
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeededRound {
    round: u32,
    position: Position,
    attempt: u64,
}

impl SeededRound {
    /// The round's number, from 1.
    ///
    /// ```
    /// # let round = chess960::SeededDraw::new("x").next().unwrap();
    /// assert_eq!(round.round(), 1);
    /// ```
    pub const fn round(self) -> u32 {
        self.round
    }

    /// The position drawn for the round.
    ///
    /// ```
    /// # let round = chess960::SeededDraw::new("x").next().unwrap();
    /// assert!(round.position().id() < 960);
    /// ```
    pub const fn position(self) -> Position {
        self.position
    }

    /// The attempt `a` whose hash gave the position (0 unless earlier
    /// attempts were rejected, excluded or already drawn).
    ///
    /// ```
    /// use chess960::{seeded_candidate, SeededDraw};
    ///
    /// let round = SeededDraw::new("x").next().unwrap();
    /// assert_eq!(seeded_candidate("x", 1, round.attempt()), Some(round.position()));
    /// ```
    pub const fn attempt(self) -> u64 {
        self.attempt
    }
}

impl fmt::Display for SeededRound {
    /// `Round 1: SP 518 RNBQKBNR`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Round {}: SP {} {}",
            self.round,
            self.position.id(),
            self.position.as_str()
        )
    }
}

/// A draw asked for more rounds than it has positions for: more distinct
/// rounds than positions left, or any round when every position is excluded.
///
/// ```
/// use chess960::TooFewPositionsError;
///
/// let error = TooFewPositionsError { requested: 10, available: 9 };
/// assert_eq!(
///     error.to_string(),
///     "10 rounds asked for, but only 9 positions are left to draw"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TooFewPositionsError {
    /// How many rounds were asked for.
    pub requested: u32,
    /// How many positions could be drawn.
    pub available: u16,
}

impl fmt::Display for TooFewPositionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rounds = if self.requested == 1 {
            "round"
        } else {
            "rounds"
        };
        match self.available {
            0 => write!(
                f,
                "{} {rounds} asked for, but every start position is excluded",
                self.requested
            ),
            1 => write!(
                f,
                "{} {rounds} asked for, but only 1 position is left to draw",
                self.requested
            ),
            available => write!(
                f,
                "{} {rounds} asked for, but only {available} positions are left to draw",
                self.requested
            ),
        }
    }
}

impl core::error::Error for TooFewPositionsError {}
