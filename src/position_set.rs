//! [`PositionSet`]: a set of start positions in 120 bytes, for example the
//! ids a random draw must leave out, and [`Positions`], the iterator over a
//! set's members (and over all 960, [`Position::all`]).

use crate::Position;
use core::fmt;
use core::iter::FusedIterator;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// Words of 64 bits for 960 positions: exactly 15, no spare bits.
const WORDS: usize = 15;

/// A set of start positions, one bit per id: `const`, `Copy`, no allocation.
///
/// serde (feature `serde`): written as a sequence of positions in
/// human-readable formats and as the 120 bytes of [`PositionSet::to_bytes`]
/// in compact ones.
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
///
/// It behaves like the standard library's sets: [`PositionSet::insert`] and
/// [`PositionSet::remove`] say whether they changed the set, it collects
/// from and extends with positions, iterates in order of id (owned or by
/// reference), and has the set operators `|` (union), `&` (intersection),
/// `-` (difference), `^` (symmetric difference) and `!` (complement), with
/// their assigning forms.
///
/// ```
/// use chess960::{File, Position, PositionSet};
///
/// let corner_bishop = |p: Position| p.as_str().starts_with('B') || p.as_str().ends_with('B');
/// let mut bishop_in_corner = PositionSet::EMPTY;
/// for position in Position::all() {
///     if corner_bishop(position) {
///         bishop_in_corner.insert(position);
///     }
/// }
/// let king_on_e: PositionSet = Position::all().filter(|p| p.king_file() == File::E).collect();
/// let both = bishop_in_corner & king_on_e;
/// assert!((both - king_on_e).is_empty());
/// assert_eq!((bishop_in_corner | king_on_e).len(), bishop_in_corner.len() + king_on_e.len() - both.len());
/// assert_eq!(!PositionSet::EMPTY, PositionSet::ALL);
/// for position in &both {
///     assert!(corner_bishop(position) && position.king_file() == File::E);
/// }
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

    /// The set as a 120-byte bitmap: bit `id % 8` of byte `id / 8` is set
    /// for each member. This is how compact serde formats write it, and a
    /// fixed-size key for a database.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// let bytes = PositionSet::EMPTY.with(Position::STANDARD).to_bytes();
    /// assert_eq!(bytes[518 / 8], 1 << (518 % 8));
    /// assert_eq!(bytes.iter().map(|byte| byte.count_ones()).sum::<u32>(), 1);
    /// ```
    pub const fn to_bytes(&self) -> [u8; 120] {
        let mut bytes = [0; 120];
        let mut word = 0;
        while word < WORDS {
            let le = self.words[word].to_le_bytes();
            let mut byte = 0;
            while byte < 8 {
                bytes[word * 8 + byte] = le[byte];
                byte += 1;
            }
            word += 1;
        }
        bytes
    }

    /// The set a 120-byte bitmap describes, as [`PositionSet::to_bytes`]
    /// writes it. Every bitmap is a set: 960 bits fill the 120 bytes.
    ///
    /// ```
    /// use chess960::PositionSet;
    ///
    /// assert_eq!(PositionSet::from_bytes([0xFF; 120]), PositionSet::ALL);
    /// let set = PositionSet::from_bytes([0b0000_0001; 120]);
    /// assert!(set.iter().all(|position| position.id() % 8 == 0));
    /// assert_eq!(PositionSet::from_bytes(set.to_bytes()), set);
    /// ```
    pub const fn from_bytes(bytes: [u8; 120]) -> PositionSet {
        let mut words = [0; WORDS];
        let mut word = 0;
        while word < WORDS {
            let mut le = [0; 8];
            let mut byte = 0;
            while byte < 8 {
                le[byte] = bytes[word * 8 + byte];
                byte += 1;
            }
            words[word] = u64::from_le_bytes(le);
            word += 1;
        }
        PositionSet { words }
    }

    /// Adds `position`; returns whether it was new to the set, as
    /// [`BTreeSet::insert`](https://doc.rust-lang.org/std/collections/struct.BTreeSet.html#method.insert) does.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// let mut set = PositionSet::EMPTY;
    /// assert!(set.insert(Position::STANDARD));
    /// assert!(!set.insert(Position::STANDARD));
    /// assert_eq!(set.len(), 1);
    /// ```
    pub const fn insert(&mut self, position: Position) -> bool {
        let new = !self.contains(position);
        *self = self.with(position);
        new
    }

    /// Takes `position` out; returns whether it was in the set, as
    /// [`BTreeSet::remove`](https://doc.rust-lang.org/std/collections/struct.BTreeSet.html#method.remove) does.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// let mut set = PositionSet::ALL;
    /// assert!(set.remove(Position::STANDARD));
    /// assert!(!set.remove(Position::STANDARD));
    /// assert_eq!(set.len(), 959);
    /// ```
    pub const fn remove(&mut self, position: Position) -> bool {
        let was = self.contains(position);
        *self = self.without(position);
        was
    }

    /// The members in order of id; the same as `set.into_iter()` (the set
    /// is `Copy`, so iterating it does not consume it).
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// let set = PositionSet::EMPTY.with(Position::STANDARD);
    /// assert!(set.iter().eq([Position::STANDARD]));
    /// assert_eq!(set.iter().len(), 1);
    /// ```
    pub const fn iter(&self) -> Positions {
        Positions {
            words: self.words,
            front: 0,
            back: WORDS,
            len: self.len(),
        }
    }

    /// The set with each word of `self` and `other` combined by `op`.
    fn zip_with(self, other: PositionSet, op: impl Fn(u64, u64) -> u64) -> PositionSet {
        let mut words = self.words;
        for (word, theirs) in words.iter_mut().zip(other.words) {
            *word = op(*word, theirs);
        }
        PositionSet { words }
    }
}

impl Position {
    /// All 960 positions, in order of id: the members of
    /// [`PositionSet::ALL`].
    ///
    /// ```
    /// let mut all: chess960::Positions = chess960::Position::all();
    /// assert_eq!(all.len(), 960);
    /// assert_eq!(all.next().map(|p| p.id()), Some(0));
    /// assert_eq!(all.next_back().map(|p| p.id()), Some(959));
    /// ```
    pub const fn all() -> Positions {
        PositionSet::ALL.iter()
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
        let mut set = PositionSet::EMPTY;
        set.extend(positions);
        set
    }
}

impl Extend<Position> for PositionSet {
    /// Adds the positions given.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// let mut set = PositionSet::EMPTY;
    /// set.extend(Position::all().rev().take(2));
    /// assert_eq!(set.iter().map(Position::id).collect::<Vec<_>>(), [958, 959]);
    /// ```
    fn extend<I: IntoIterator<Item = Position>>(&mut self, positions: I) {
        for position in positions {
            self.insert(position);
        }
    }
}

impl IntoIterator for PositionSet {
    type Item = Position;
    type IntoIter = Positions;

    /// The members in order of id.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// let set = PositionSet::EMPTY.with(Position::STANDARD);
    /// let members: Vec<Position> = set.into_iter().collect();
    /// assert_eq!(members, [Position::STANDARD]);
    /// ```
    fn into_iter(self) -> Positions {
        self.iter()
    }
}

impl IntoIterator for &PositionSet {
    type Item = Position;
    type IntoIter = Positions;

    /// The members in order of id.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// let set = PositionSet::ALL;
    /// let mut count = 0;
    /// for position in &set {
    ///     assert_eq!(position.id(), count);
    ///     count += 1;
    /// }
    /// assert_eq!(count, 960);
    /// ```
    fn into_iter(self) -> Positions {
        self.iter()
    }
}

/// Implements a binary set operator and its assigning form from one
/// word-wise operation.
macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $what:literal, $op:expr) => {
        impl $trait for PositionSet {
            type Output = PositionSet;

            #[doc = concat!("The ", $what, " of the two sets.")]
            fn $method(self, other: PositionSet) -> PositionSet {
                self.zip_with(other, $op)
            }
        }

        impl $assign_trait for PositionSet {
            #[doc = concat!("Makes this set the ", $what, " of the two sets.")]
            fn $assign_method(&mut self, other: PositionSet) {
                *self = self.zip_with(other, $op);
            }
        }
    };
}

set_operator!(
    BitOr,
    bitor,
    BitOrAssign,
    bitor_assign,
    "union: the positions in either",
    |a, b| a | b
);
set_operator!(
    BitAnd,
    bitand,
    BitAndAssign,
    bitand_assign,
    "intersection: the positions in both",
    |a, b| a & b
);
set_operator!(
    Sub,
    sub,
    SubAssign,
    sub_assign,
    "difference: the positions in the first but not the second",
    |a, b| a & !b
);
set_operator!(
    BitXor,
    bitxor,
    BitXorAssign,
    bitxor_assign,
    "symmetric difference: the positions in exactly one",
    |a, b| a ^ b
);

impl Not for PositionSet {
    type Output = PositionSet;

    /// The complement, as [`PositionSet::complement`].
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// assert_eq!((!PositionSet::EMPTY.with(Position::STANDARD)).len(), 959);
    /// ```
    fn not(self) -> PositionSet {
        self.complement()
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

/// An iterator over start positions in order of id: the members of a
/// [`PositionSet`] ([`PositionSet::iter`], `for position in &set`), or all
/// 960 ([`Position::all`]). It knows its length, runs from both ends and
/// owns a copy of the set (120 bytes), so it borrows nothing.
///
/// ```
/// use chess960::{Position, PositionSet, Positions};
///
/// let mut all: Positions = Position::all();
/// assert_eq!(all.len(), 960);
/// assert_eq!(all.next_back().map(Position::id), Some(959));
/// let odd: PositionSet = all.filter(|p| p.id() % 2 == 1).collect();
/// assert_eq!(odd.iter().len(), 479);
/// ```
#[derive(Clone)]
pub struct Positions {
    /// The members not yet yielded, one bit per id.
    words: [u64; WORDS],
    /// No word before this one holds a member left.
    front: usize,
    /// No word from this one on holds a member left.
    back: usize,
    /// How many members are left.
    len: u16,
}

impl Positions {
    /// The position with id `word * 64 + bit`.
    fn position(word: usize, bit: u32) -> Option<Position> {
        let id = u32::try_from(word * 64).ok()? + bit;
        Position::from_id(u16::try_from(id).ok()?).ok()
    }
}

impl Iterator for Positions {
    type Item = Position;

    fn next(&mut self) -> Option<Position> {
        while self.front < self.back {
            let word = &mut self.words[self.front];
            if *word != 0 {
                let bit = word.trailing_zeros();
                *word &= *word - 1;
                self.len -= 1;
                return Positions::position(self.front, bit);
            }
            self.front += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (usize::from(self.len), Some(usize::from(self.len)))
    }

    fn count(self) -> usize {
        usize::from(self.len)
    }

    fn last(mut self) -> Option<Position> {
        self.next_back()
    }
}

impl DoubleEndedIterator for Positions {
    fn next_back(&mut self) -> Option<Position> {
        while self.front < self.back {
            let word = &mut self.words[self.back - 1];
            if *word != 0 {
                let bit = 63 - word.leading_zeros();
                *word &= !(1 << bit);
                self.len -= 1;
                return Positions::position(self.back - 1, bit);
            }
            self.back -= 1;
        }
        None
    }
}

impl ExactSizeIterator for Positions {}

impl FusedIterator for Positions {}

impl fmt::Debug for Positions {
    /// Writes how many positions are left, `Positions { len: 960, .. }`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Positions")
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}
