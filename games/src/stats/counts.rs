//! How many records of each kind were read: the summary of a run.

use crate::read::GameKind;

/// Records counted by [`GameKind`]; every record lands in exactly one
/// field.
///
/// ```
/// use chess960_games::{read::{GameKind, Reader}, stats::KindCounts};
///
/// let pgn = "garbage\n\n[Event \"a\"]\n\n1. e4 *\n";
/// let mut counts = KindCounts::default();
/// for record in Reader::new(pgn.as_bytes()) {
///     counts.add(&GameKind::of(&record));
/// }
/// assert_eq!((counts.standard, counts.unreadable, counts.total()), (1, 1, 2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KindCounts {
    /// [`GameKind::Chess960`].
    pub chess960: u64,
    /// [`GameKind::DoubleChess960`].
    pub double_chess960: u64,
    /// [`GameKind::ChangedRules`].
    pub changed_rules: u64,
    /// [`GameKind::Standard`].
    pub standard: u64,
    /// [`GameKind::OtherVariant`].
    pub other_variant: u64,
    /// [`GameKind::NotAStart`].
    pub not_a_start: u64,
    /// [`GameKind::Unreadable`].
    pub unreadable: u64,
}

impl KindCounts {
    /// Counts one record.
    pub fn add(&mut self, kind: &GameKind) {
        *match kind {
            GameKind::Chess960(_) => &mut self.chess960,
            GameKind::DoubleChess960(_) => &mut self.double_chess960,
            GameKind::ChangedRules { .. } => &mut self.changed_rules,
            GameKind::Standard => &mut self.standard,
            GameKind::OtherVariant(_) => &mut self.other_variant,
            GameKind::NotAStart(_) => &mut self.not_a_start,
            GameKind::Unreadable(_) => &mut self.unreadable,
        } += 1;
    }

    /// Adds another set of counts.
    ///
    /// ```
    /// use chess960_games::stats::KindCounts;
    ///
    /// let mut one = KindCounts { standard: 1, ..KindCounts::default() };
    /// one.merge(&KindCounts { standard: 2, unreadable: 1, ..KindCounts::default() });
    /// assert_eq!((one.standard, one.total()), (3, 4));
    /// ```
    pub fn merge(&mut self, other: &KindCounts) {
        for (mine, theirs) in self.fields_mut().into_iter().zip(other.fields()) {
            *mine += theirs;
        }
    }

    /// Every record counted.
    pub fn total(&self) -> u64 {
        self.fields().iter().sum()
    }

    /// The counts with their kind names ([`GameKind::name`]), in the order
    /// of [`GameKind`].
    ///
    /// ```
    /// let counts = chess960_games::stats::KindCounts::default();
    /// assert_eq!(counts.named()[0], ("chess960", 0));
    /// ```
    pub fn named(&self) -> [(&'static str, u64); 7] {
        let names = [
            "chess960",
            "double-chess960",
            "changed-rules",
            "standard",
            "other-variant",
            "not-a-start",
            "unreadable",
        ];
        let fields = self.fields();
        core::array::from_fn(|index| (names[index], fields[index]))
    }

    fn fields(&self) -> [u64; 7] {
        [
            self.chess960,
            self.double_chess960,
            self.changed_rules,
            self.standard,
            self.other_variant,
            self.not_a_start,
            self.unreadable,
        ]
    }

    fn fields_mut(&mut self) -> [&mut u64; 7] {
        [
            &mut self.chess960,
            &mut self.double_chess960,
            &mut self.changed_rules,
            &mut self.standard,
            &mut self.other_variant,
            &mut self.not_a_start,
            &mut self.unreadable,
        ]
    }
}
