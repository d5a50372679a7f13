//! Results per start position: wins, draws, losses, White's score with a
//! 95% confidence interval, and the mean rating.

use super::outcome::Outcome;
use crate::read::GameKind;
use crate::read::Tags;
use chess960::{Color, DoublePosition};
use std::collections::BTreeMap;

/// The normal quantile for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A confidence interval for a score, both ends in `0.0..=1.0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The lower end.
    pub low: f64,
    /// The upper end.
    pub high: f64,
}

/// The results of a set of games (usually: from one start).
///
/// White's score counts a win 1, a draw ½, a loss 0, over the games whose
/// result is known. Its 95% interval is Wilson's score interval for the
/// proportion `score` over `n` known results:
/// `(p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n)` with z = 1.96. A
/// draw is half a point, so the variance of one game's score is at most
/// `p(1−p)` (equal without draws): the interval is exact in the width of a
/// win/loss series and slightly wide where draws are many. Unlike the
/// normal approximation, it stays inside 0..1 and is useful for a handful
/// of games (10 wins out of 10 gives 0.72..1, not 1..1).
///
/// ```
/// use chess960_games::stats::{Outcome, Tally};
///
/// let mut tally = Tally::default();
/// for _ in 0..6 { tally.add(Outcome::WhiteWins, [Some(1500), Some(1700)]); }
/// for _ in 0..2 { tally.add(Outcome::Draw, [None, None]); }
/// for _ in 0..2 { tally.add(Outcome::BlackWins, [None, None]); }
/// tally.add(Outcome::Unknown, [None, None]);
/// assert_eq!((tally.games(), tally.known()), (11, 10));
/// assert_eq!(tally.score(), Some(0.7));
/// let interval = tally.interval().unwrap();
/// assert!((interval.low - 0.3968).abs() < 1e-4 && (interval.high - 0.8922).abs() < 1e-4);
/// assert_eq!(tally.mean_rating(), Some(1600.0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Games won by White.
    pub white_wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games won by Black.
    pub black_wins: u64,
    /// Games without a known result.
    pub unknown: u64,
    /// The sum of the ratings given.
    pub rating_sum: u64,
    /// How many ratings were given (two per game at most).
    pub ratings: u64,
}

impl Tally {
    /// Counts one game: its outcome and both players' ratings, if known.
    pub fn add(&mut self, outcome: Outcome, ratings: [Option<u32>; 2]) {
        match outcome {
            Outcome::WhiteWins => self.white_wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::BlackWins => self.black_wins += 1,
            Outcome::Unknown => self.unknown += 1,
        }
        for rating in ratings.into_iter().flatten() {
            self.rating_sum += u64::from(rating);
            self.ratings += 1;
        }
    }

    /// Counts one game from its tags (`Result`, `WhiteElo`, `BlackElo`).
    ///
    /// ```
    /// use chess960_games::{read::{TagName, Tags}, stats::Tally};
    ///
    /// let mut tags = Tags::new();
    /// tags.insert(TagName::Result, "0-1");
    /// let mut tally = Tally::default();
    /// tally.add_tags(&tags);
    /// assert_eq!(tally.black_wins, 1);
    /// ```
    pub fn add_tags(&mut self, tags: &Tags) {
        self.add(
            Outcome::from_tag(tags.get(crate::read::TagName::Result)),
            [tags.elo(Color::White), tags.elo(Color::Black)],
        );
    }

    /// Adds another tally's counts (to merge the work of several threads).
    ///
    /// ```
    /// use chess960_games::stats::{Outcome, Tally};
    ///
    /// let mut one = Tally::default();
    /// one.add(Outcome::Draw, [None, None]);
    /// let mut two = Tally::default();
    /// two.add(Outcome::WhiteWins, [None, None]);
    /// one.merge(&two);
    /// assert_eq!(one.games(), 2);
    /// ```
    pub fn merge(&mut self, other: &Tally) {
        self.white_wins += other.white_wins;
        self.draws += other.draws;
        self.black_wins += other.black_wins;
        self.unknown += other.unknown;
        self.rating_sum += other.rating_sum;
        self.ratings += other.ratings;
    }

    /// Every game counted.
    pub const fn games(&self) -> u64 {
        self.known() + self.unknown
    }

    /// The games with a known result.
    pub const fn known(&self) -> u64 {
        self.white_wins + self.draws + self.black_wins
    }

    /// White's score over the known results; `None` without any.
    #[allow(clippy::cast_precision_loss)]
    pub fn score(&self) -> Option<f64> {
        let known = self.known();
        (known > 0).then(|| (self.white_wins as f64 + self.draws as f64 / 2.0) / known as f64)
    }

    /// The 95% Wilson interval of White's score (see [`Tally`]).
    #[allow(clippy::cast_precision_loss)]
    pub fn interval(&self) -> Option<Interval> {
        Some(wilson(self.score()?, self.known() as f64))
    }

    /// The mean of the ratings given; `None` without any.
    #[allow(clippy::cast_precision_loss)]
    pub fn mean_rating(&self) -> Option<f64> {
        (self.ratings > 0).then(|| self.rating_sum as f64 / self.ratings as f64)
    }
}

/// Wilson's 95% score interval of a score `score` over `n` games (see
/// [`Tally`]).
pub(crate) fn wilson(score: f64, n: f64) -> Interval {
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (score + z2 / (2.0 * n)) / denominator;
    let half = Z95 * (score * (1.0 - score) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    Interval {
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// A [`Tally`] per start position: the Chess960 and double Chess960 games
/// ([`GameKind::Chess960`], [`GameKind::DoubleChess960`]); every other kind
/// is not counted here.
///
/// ```
/// use chess960::{DoublePosition, Position};
/// use chess960_games::{read::{GameKind, Tags}, stats::StartStats};
///
/// let mut stats = StartStats::new();
/// let start = Position::from_id(0)?;
/// assert!(stats.add(GameKind::Chess960(start), &Tags::new()));
/// assert!(!stats.add(GameKind::Standard, &Tags::new()));
/// let rows: Vec<_> = stats.iter().collect();
/// assert_eq!(rows.len(), 1);
/// assert_eq!(rows[0].0, DoublePosition::from(start));
/// assert_eq!(rows[0].1.unknown, 1);
/// # Ok::<(), chess960::PositionError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartStats {
    /// By double id (White's id × 960 + Black's id sorts by White's id).
    tallies: BTreeMap<u32, Tally>,
}

impl StartStats {
    /// No games.
    pub fn new() -> StartStats {
        StartStats::default()
    }

    /// Counts a game if it is a Chess960 or double Chess960 start; returns
    /// whether it was counted.
    pub fn add(&mut self, kind: GameKind, tags: &Tags) -> bool {
        let start = match kind {
            GameKind::Chess960(position) => DoublePosition::from(position),
            GameKind::DoubleChess960(start) => start,
            _ => return false,
        };
        self.tally_mut(start).add_tags(tags);
        true
    }

    /// The tally of one start, created empty if needed.
    pub fn tally_mut(&mut self, start: DoublePosition) -> &mut Tally {
        self.tallies.entry(start.id()).or_default()
    }

    /// Adds the tallies of another set (from another thread or file).
    pub fn merge(&mut self, other: &StartStats) {
        for (&id, tally) in &other.tallies {
            self.tallies.entry(id).or_default().merge(tally);
        }
    }

    /// Every start that has games, with its tally, sorted by White's id
    /// then Black's.
    pub fn iter(&self) -> impl Iterator<Item = (DoublePosition, &Tally)> + '_ {
        self.tallies
            .iter()
            .filter_map(|(&id, tally)| DoublePosition::from_id(id).ok().map(|start| (start, tally)))
    }

    /// The number of starts with games.
    pub fn len(&self) -> usize {
        self.tallies.len()
    }

    /// Whether no game was counted.
    pub fn is_empty(&self) -> bool {
        self.tallies.is_empty()
    }
}
