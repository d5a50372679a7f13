//! Why a record of throws, tosses or cards does not give a position.

use super::outcome::Card;
use core::fmt;

/// What a procedure needs next: one throw of a die, one toss of some coins,
/// or a card.
///
/// ```
/// use chess960::draw::Throw;
///
/// assert_eq!(Throw::Die { sides: 20 }.to_string(), "a throw of the d20");
/// assert_eq!(Throw::Coins { count: 3 }.to_string(), "a toss of 3 coins");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Throw {
    /// A throw of a die with faces `1..=sides`.
    Die {
        /// How many faces the die has.
        sides: u8,
    },
    /// A toss of `count` coins (or the rest of a toss the record breaks off).
    Coins {
        /// How many coins are still to be recorded for this toss.
        count: u8,
    },
    /// The next card of the deck.
    Card,
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Throw::Die { sides } => write!(f, "a throw of the d{sides}"),
            Throw::Coins { count: 1 } => f.write_str("a toss of 1 coin"),
            Throw::Coins { count } => write!(f, "a toss of {count} coins"),
            Throw::Card => f.write_str("a card"),
        }
    }
}

/// The rule a record breaks.
///
/// An `index` counts the record's outcomes from 0, as the slice is indexed
/// (`record[index]` is the outcome); [`Display`](fmt::Display) counts them
/// from 1, as an arbiter does ("the 5th outcome").
///
/// ```
/// use chess960::draw::{self, DrawError, Throw};
///
/// assert_eq!(
///     draw::althofer_die(&[2, 3, 3]),
///     Err(DrawError::TooFewOutcomes { given: 3, next: Throw::Die { sides: 6 } })
/// );
/// let error = draw::althofer_die(&[2, 3, 3, 2, 6]).unwrap_err();
/// assert_eq!(error, DrawError::MustRepeat { index: 4, value: 6 });
/// assert_eq!(
///     error.to_string(),
///     "the throw or toss from the 5th outcome on gave 6, which must be repeated, \
///      but the record ends there"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DrawError {
    /// A die shows a face it does not have.
    FaceOutOfRange {
        /// Where the face stands in the record, counting from 0.
        index: usize,
        /// The face that was given.
        face: u8,
        /// How many faces the die has: faces run from 1 to `sides`.
        sides: u8,
    },
    /// The record ends with a throw or toss the procedure says to repeat.
    MustRepeat {
        /// Where the throw or toss to repeat starts in the record, counting
        /// from 0.
        index: usize,
        /// What it gave: a die's face, or the value of the coins.
        value: u8,
    },
    /// The record ends before the position is complete.
    TooFewOutcomes {
        /// How many outcomes the record holds.
        given: usize,
        /// What the procedure needs next.
        next: Throw,
    },
    /// The position was complete before the record ended.
    TooManyOutcomes {
        /// How many outcomes the procedure used.
        used: usize,
        /// How many the record holds.
        given: usize,
    },
    /// A deck holds a card too often or too rarely.
    WrongCardCount {
        /// The first card, in the order of [`Card::ALL`], with a wrong count.
        card: Card,
        /// How many of it the deck has.
        expected: u8,
        /// How many of it the record holds.
        found: u8,
    },
}

/// A count from 1 written as an English ordinal: `1st`, `2nd`, `11th`, `23rd`.
struct Ordinal(usize);

impl fmt::Display for Ordinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match (self.0 % 10, self.0 % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        write!(f, "{}{suffix}", self.0)
    }
}

/// `"s"` unless `count` is 1.
fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DrawError::FaceOutOfRange { index, face, sides } => write!(
                f,
                "the {} outcome shows {face}, but the d{sides} has faces 1 to {sides}",
                Ordinal(index + 1)
            ),
            DrawError::MustRepeat { index, value } => write!(
                f,
                "the throw or toss from the {} outcome on gave {value}, which must be repeated, \
                 but the record ends there",
                Ordinal(index + 1)
            ),
            DrawError::TooFewOutcomes { given, next } => write!(
                f,
                "the record ends after {given} outcome{}, before the position is complete: {next} comes next",
                plural(given)
            ),
            DrawError::TooManyOutcomes { used, given } => write!(
                f,
                "the position is complete after {used} outcome{}, but the record holds {given}",
                plural(used)
            ),
            DrawError::WrongCardCount {
                card,
                expected,
                found,
            } => write!(
                f,
                "the deck has {expected} {card} card{}, but the record holds {found}",
                plural(usize::from(expected))
            ),
        }
    }
}

impl core::error::Error for DrawError {}
