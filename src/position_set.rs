//! [`PositionSet`]: a set of start positions in 120 bytes, for example the
//! ids a random draw must leave out.

use crate::Position;
use core::fmt;

/// Words of 64 bits for 960 positions: exactly 15, no spare bits.
const WORDS: usize = 15;

/// A set of start positions, one bit per id: `const`, `Copy`, no allocation.
///
/// ```
/// use chess960::{Position, PositionSet};
///
/// // "Chess959": every position but the classical one.
/// let chess959 = PositionSet::ALL.without(Position::STANDARD);
/// assert_eq!(chess959.len(), 959);
/// assert!(!chess959.contains(Position::STANDARD));
///
/// let excluded = PositionSet::EMPTY.with(Position::STANDARD);
/// assert_eq!(excluded.complement(), chess959);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PositionSet {
    /// Bit `id % 64` of word `id / 64` is set when `id` is in the set.
    words: [u64; WORDS],
}

impl PositionSet {
    /// The empty set.
    ///
    /// ```
    /// assert!(chess960::PositionSet::EMPTY.is_empty());
    /// ```
    pub const EMPTY: PositionSet = PositionSet { words: [0; WORDS] };

    /// The set of all 960 positions.
    ///
    /// ```
    /// assert_eq!(chess960::PositionSet::ALL.len(), 960);
    /// ```
    pub const ALL: PositionSet = PositionSet {
        words: [u64::MAX; WORDS],
    };

    /// This set with `position` added.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// assert!(PositionSet::EMPTY.with(Position::STANDARD).contains(Position::STANDARD));
    /// ```
    #[must_use]
    pub const fn with(mut self, position: Position) -> PositionSet {
        let id = position.id() as usize;
        self.words[id / 64] |= 1 << (id % 64);
        self
    }

    /// This set with `position` taken out.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// assert_eq!(PositionSet::ALL.without(Position::STANDARD).len(), 959);
    /// ```
    #[must_use]
    pub const fn without(mut self, position: Position) -> PositionSet {
        let id = position.id() as usize;
        self.words[id / 64] &= !(1 << (id % 64));
        self
    }

    /// Whether `position` is in the set.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// assert!(PositionSet::ALL.contains(Position::STANDARD));
    /// assert!(!PositionSet::EMPTY.contains(Position::STANDARD));
    /// ```
    pub const fn contains(&self, position: Position) -> bool {
        let id = position.id() as usize;
        self.words[id / 64] & (1 << (id % 64)) != 0
    }

    /// How many positions the set holds, 0..=960.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// assert_eq!(PositionSet::EMPTY.with(Position::STANDARD).len(), 1);
    /// ```
    pub const fn len(&self) -> u16 {
        let mut count = 0;
        let mut word = 0;
        while word < WORDS {
            #[allow(clippy::cast_possible_truncation, reason = "at most 64")]
            {
                count += self.words[word].count_ones() as u16;
            }
            word += 1;
        }
        count
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// assert!(!chess960::PositionSet::ALL.is_empty());
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every position that is not in this set.
    ///
    /// ```
    /// use chess960::PositionSet;
    ///
    /// assert_eq!(PositionSet::ALL.complement(), PositionSet::EMPTY);
    /// ```
    #[must_use]
    pub const fn complement(self) -> PositionSet {
        let mut words = [0; WORDS];
        let mut word = 0;
        while word < WORDS {
            words[word] = !self.words[word];
            word += 1;
        }
        PositionSet { words }
    }

    /// The member with the `n`-th smallest id (counting from 0), or `None`
    /// when the set has `n` members or fewer.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// let chess959 = PositionSet::ALL.without(Position::STANDARD);
    /// assert_eq!(chess959.nth(517).map(Position::id), Some(517));
    /// assert_eq!(chess959.nth(518).map(Position::id), Some(519));
    /// assert_eq!(chess959.nth(959), None);
    /// ```
    pub const fn nth(&self, n: u16) -> Option<Position> {
        let mut left = n as u32;
        let mut word = 0;
        while word < WORDS {
            let mut bits = self.words[word];
            let ones = bits.count_ones();
            if left < ones {
                // Drop the `left` lowest members of this word.
                while left > 0 {
                    bits &= bits - 1;
                    left -= 1;
                }
                #[allow(clippy::cast_possible_truncation, reason = "below 960")]
                let id = (word * 64) as u16 + bits.trailing_zeros() as u16;
                return match Position::from_id(id) {
                    Ok(position) => Some(position),
                    Err(_) => None,
                };
            }
            left -= ones;
            word += 1;
        }
        None
    }

    /// The members in order of id.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// let set = PositionSet::EMPTY.with(Position::STANDARD);
    /// assert!(set.iter().eq([Position::STANDARD]));
    /// ```
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Position> + Clone + '_ {
        Position::all().filter(|&position| self.contains(position))
    }
}

impl FromIterator<Position> for PositionSet {
    /// The set of the positions given.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// let set: PositionSet = Position::all().take(16).collect();
    /// assert_eq!(set.len(), 16);
    /// ```
    fn from_iter<I: IntoIterator<Item = Position>>(positions: I) -> PositionSet {
        positions
            .into_iter()
            .fold(PositionSet::EMPTY, PositionSet::with)
    }
}

impl fmt::Debug for PositionSet {
    /// Writes the members' ids, `{0, 518}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Position::id))
            .finish()
    }
}
