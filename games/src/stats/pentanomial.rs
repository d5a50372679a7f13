//! Game pairs as engine testers score them: the pentanomial counts of the
//! pairs' scores, the Elo difference, normalized Elo and likelihood of
//! superiority they give, and the sequential probability ratio test (SPRT)
//! that decides a match, computed as fishtest computes them and fastchess
//! prints them.
//!
//! A pair is two games from one start against one opponent with the
//! colours reversed. Its score, 0 to 2 points, puts it in one of five
//! buckets, from the player's side: two losses (0), a loss and a draw (½),
//! a win and a loss or two draws (1), a win and a draw (1½), two wins (2),
//! written `[LL, LD, WL+DD, WD, WW]`. A pair's two games share a start, so
//! their results are not independent; the pentanomial's spread is the one
//! to trust, where counting the games one by one (the trinomial, as
//! [`MatchScore`] does) misjudges it.
//!
//! ```
//! use chess960_games::stats::{EloModel, Pentanomial, Sprt, Verdict};
//!
//! // A fishtest run: 36 168 pairs, most of them a win and a loss or two draws.
//! let pairs = Pentanomial::new([39, 2226, 31451, 2412, 40]);
//! let sprt = Sprt::new(0.764, 3.439, 0.05, 0.05, EloModel::Normalized)?;
//! let llr = sprt.llr(&pairs).unwrap();
//! assert!((llr - 2.1629).abs() < 5e-5);
//! assert!((sprt.lower_bound() + 2.944).abs() < 1e-3 && (sprt.upper_bound() - 2.944).abs() < 1e-3);
//! assert_eq!(sprt.verdict(llr), Verdict::Continue);
//! # Ok::<(), chess960_games::stats::SprtError>(())
//! ```

use super::match_score::{MatchScore, Z95, elo_of, erf};
use core::array;
use core::fmt;

/// Normalized Elo per unit of normalized t-value: `800 / ln 10`.
const NELO_PER_T: f64 = 800.0 / core::f64::consts::LN_10;

/// What an empty bucket counts as in the likelihood ratio, as fishtest
/// regularizes it: a tiny prior that keeps every probability positive.
const EMPTY_BUCKET: f64 = 1e-3;

/// The counts of game pairs by their score, from the player's side:
/// `counts[i]` pairs scored `i/2` points, so the buckets are
/// `[LL, LD, WL+DD, WD, WW]` (fishtest's and fastchess's order).
///
/// With `N` pairs and `fᵢ = counts[i] / N`, a pair's mean score per game
/// is `vᵢ = i/4`, and:
///
/// - the score `μ = Σ fᵢ·vᵢ`, the points per game;
/// - the variance of a pair's mean score `σ² = Σ fᵢ·(vᵢ − μ)²`, and of `μ`,
///   `σ²/N`;
/// - the Elo difference `Elo(μ) = −400·log₁₀(1/μ − 1)`, and its 95% margin
///   `(Elo(μ + 1.959964·√(σ²/N)) − Elo(μ − 1.959964·√(σ²/N))) / 2`;
/// - normalized Elo `nElo = (μ − ½) / √(2σ²) · 800 / ln 10` (the score's
///   distance from even in standard deviations of one game, scaled to be
///   close to Elo near even for a typical draw ratio), and its margin
///   `1.959964 / √(2N) · 800 / ln 10`;
/// - the likelihood of superiority `LOS = Φ((μ − ½) / √(σ²/N))`, with `Φ`
///   the normal distribution.
///
/// Each is `None` where it is undefined: no pairs; the Elo difference at a
/// score of 0 or 1; its margin then too, and when the 95% range of the
/// score leaves the open interval 0..1; nElo, its margin and the LOS when
/// `σ² = 0` (every pair in one bucket).
///
/// ```
/// use chess960_games::stats::Pentanomial;
///
/// let mut pairs = Pentanomial::default();
/// pairs.add(4); // two wins
/// pairs.add(2); // a win and a loss, or two draws
/// pairs.add(3); // a win and a draw
/// assert_eq!((pairs.counts, pairs.pairs(), pairs.games()), ([0, 0, 1, 1, 1], 3, 6));
/// assert_eq!(pairs.score(), Some(0.75));
/// assert!((pairs.elo().unwrap() - 190.85).abs() < 0.01);
/// assert_eq!(Pentanomial::new([0, 0, 7, 0, 0]).nelo(), None); // one bucket: no spread
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pentanomial {
    /// Pairs by score in half points: `[LL, LD, WL+DD, WD, WW]`.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// The counts `[LL, LD, WL+DD, WD, WW]`.
    ///
    /// ```
    /// let pairs = chess960_games::stats::Pentanomial::new([1, 2, 3, 4, 5]);
    /// assert_eq!(pairs.pairs(), 15);
    /// ```
    pub const fn new(counts: [u64; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    /// Counts a pair scored `half_points` half points (0 to 4); a larger
    /// value is no pair's score and is not counted.
    ///
    /// ```
    /// let mut pairs = chess960_games::stats::Pentanomial::default();
    /// pairs.add(1); // a loss and a draw
    /// pairs.add(5); // not a pair's score
    /// assert_eq!(pairs.counts, [0, 1, 0, 0, 0]);
    /// ```
    pub fn add(&mut self, half_points: u8) {
        if let Some(count) = self.counts.get_mut(usize::from(half_points)) {
            *count = count.saturating_add(1);
        }
    }

    /// Adds another pentanomial's counts.
    ///
    /// ```
    /// use chess960_games::stats::Pentanomial;
    ///
    /// let mut pairs = Pentanomial::new([1, 0, 0, 0, 0]);
    /// pairs.merge(&Pentanomial::new([0, 0, 2, 0, 1]));
    /// assert_eq!(pairs.counts, [1, 0, 2, 0, 1]);
    /// ```
    pub fn merge(&mut self, other: &Pentanomial) {
        for (count, more) in self.counts.iter_mut().zip(other.counts) {
            *count = count.saturating_add(more);
        }
    }

    /// The number of pairs.
    ///
    /// ```
    /// assert_eq!(chess960_games::stats::Pentanomial::new([0, 1, 2, 0, 0]).pairs(), 3);
    /// ```
    pub fn pairs(&self) -> u64 {
        self.counts
            .iter()
            .fold(0, |sum: u64, &count| sum.saturating_add(count))
    }

    /// The number of games: two a pair.
    ///
    /// ```
    /// assert_eq!(chess960_games::stats::Pentanomial::new([0, 1, 2, 0, 0]).games(), 6);
    /// ```
    pub fn games(&self) -> u64 {
        self.pairs().saturating_mul(2)
    }

    /// The score `μ`, the points per game; `None` without pairs.
    ///
    /// ```
    /// assert_eq!(chess960_games::stats::Pentanomial::new([0, 1, 0, 0, 1]).score(), Some(0.625));
    /// ```
    pub fn score(&self) -> Option<f64> {
        self.mean(|i| i)
    }

    /// `1 − μ` from the counts (not by subtracting, which near a score of
    /// 1 would lose digits).
    fn rest(&self) -> Option<f64> {
        self.mean(|i| 4 - i)
    }

    /// `Σ counts[i]·weight(i)/4 / N`; `None` without pairs.
    #[allow(clippy::cast_precision_loss)]
    fn mean(&self, weight: impl Fn(usize) -> usize) -> Option<f64> {
        let pairs = self.pairs();
        let sum: f64 = (0..5)
            .map(|i| self.counts[i] as f64 * weight(i) as f64)
            .sum();
        (pairs > 0).then(|| sum / 4.0 / pairs as f64)
    }

    /// The variance `σ²` of one pair's mean score (see [`Pentanomial`]);
    /// `None` without pairs.
    ///
    /// ```
    /// // Half the pairs two wins, half two losses: every pair ½ from μ = ½.
    /// assert_eq!(chess960_games::stats::Pentanomial::new([3, 0, 0, 0, 3]).variance(), Some(0.25));
    /// ```
    #[allow(clippy::cast_precision_loss)]
    pub fn variance(&self) -> Option<f64> {
        let mu = self.score()?;
        let pairs = self.pairs() as f64;
        Some(
            (0..5)
                .map(|i| self.counts[i] as f64 / pairs * (i as f64 / 4.0 - mu).powi(2))
                .sum(),
        )
    }

    /// The standard deviation of the score `μ`, `√(σ²/N)`, when positive.
    #[allow(clippy::cast_precision_loss)]
    fn spread(&self) -> Option<f64> {
        let deviation = (self.variance()? / self.pairs() as f64).sqrt();
        (deviation > 0.0).then_some(deviation)
    }

    /// The Elo difference `Elo(μ)`; `None` without pairs or when `μ` is 0
    /// or 1.
    ///
    /// ```
    /// use chess960_games::stats::Pentanomial;
    ///
    /// // 3 points in 4 games: Elo = 400·log₁₀ 3.
    /// let elo = Pentanomial::new([0, 0, 1, 0, 1]).elo().unwrap();
    /// assert!((elo - 400.0 * 3f64.log10()).abs() < 1e-12);
    /// assert_eq!(Pentanomial::new([0, 0, 0, 0, 2]).elo(), None);
    /// ```
    pub fn elo(&self) -> Option<f64> {
        elo_of(self.score()?, self.rest()?)
    }

    /// The 95% error margin of the Elo difference; `None` where
    /// [`elo`](Pentanomial::elo) is, and when `μ ± 1.959964·√(σ²/N)` is not
    /// strictly between 0 and 1. Every pair in one bucket gives 0.
    ///
    /// ```
    /// use chess960_games::stats::Pentanomial;
    ///
    /// let margin = Pentanomial::new([10, 40, 100, 40, 10]).elo_margin().unwrap();
    /// assert!((margin - 21.56).abs() < 0.01);
    /// assert_eq!(Pentanomial::new([0, 0, 5, 0, 0]).elo_margin(), Some(0.0));
    /// ```
    pub fn elo_margin(&self) -> Option<f64> {
        let (mu, rest) = (self.score()?, self.rest()?);
        elo_of(mu, rest)?;
        let spread = Z95 * self.spread().unwrap_or(0.0);
        let high = elo_of(mu + spread, rest - spread)?;
        let low = elo_of(mu - spread, rest + spread)?;
        Some((high - low) / 2.0)
    }

    /// Normalized Elo, `(μ − ½) / √(2σ²) · 800 / ln 10`; `None` without
    /// pairs or when `σ² = 0`.
    ///
    /// ```
    /// use chess960_games::stats::Pentanomial;
    ///
    /// let nelo = Pentanomial::new([10, 40, 100, 50, 20]).nelo().unwrap();
    /// assert!((nelo - 34.63).abs() < 0.01);
    /// ```
    pub fn nelo(&self) -> Option<f64> {
        let (mu, deviation) = (self.score()?, (2.0 * self.variance()?).sqrt());
        (deviation > 0.0).then(|| (mu - 0.5) / deviation * NELO_PER_T + 0.0)
    }

    /// The 95% error margin of normalized Elo, `1.959964 / √(2N) · 800 /
    /// ln 10`; `None` where [`nelo`](Pentanomial::nelo) is.
    ///
    /// ```
    /// use chess960_games::stats::Pentanomial;
    ///
    /// let margin = Pentanomial::new([10, 40, 100, 50, 20]).nelo_margin().unwrap();
    /// assert!((margin - 32.46).abs() < 0.01);
    /// ```
    #[allow(clippy::cast_precision_loss)]
    pub fn nelo_margin(&self) -> Option<f64> {
        self.nelo()?;
        Some(Z95 / (2.0 * self.pairs() as f64).sqrt() * NELO_PER_T)
    }

    /// The likelihood of superiority, `Φ((μ − ½) / √(σ²/N))` (a
    /// probability; fastchess prints it as a percentage); `None` without
    /// pairs or when `σ² = 0`.
    ///
    /// ```
    /// use chess960_games::stats::Pentanomial;
    ///
    /// assert_eq!(Pentanomial::new([1, 2, 3, 2, 1]).los(), Some(0.5));
    /// let los = Pentanomial::new([10, 40, 100, 50, 20]).los().unwrap();
    /// assert!((los - 0.9817).abs() < 1e-4);
    /// ```
    pub fn los(&self) -> Option<f64> {
        let t = (self.score()? - 0.5) / self.spread()?;
        Some(0.5 + 0.5 * erf(t / core::f64::consts::SQRT_2))
    }
}

/// The scale of the Elo bounds of an [`Sprt`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EloModel {
    /// Normalized Elo (fishtest's and fastchess's default): the bounds do
    /// not depend on the draw ratio.
    ///
    /// ```
    /// use chess960_games::stats::{EloModel, Sprt};
    ///
    /// let sprt = Sprt::new(0.0, 2.0, 0.05, 0.05, EloModel::Normalized)?;
    /// assert_eq!(sprt.model(), EloModel::Normalized);
    /// # Ok::<(), chess960_games::stats::SprtError>(())
    /// ```
    Normalized,
    /// Logistic Elo, the Elo difference of [`Pentanomial::elo`].
    ///
    /// ```
    /// use chess960_games::stats::{EloModel, Sprt};
    ///
    /// let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05, EloModel::Logistic)?;
    /// assert_eq!(sprt.model(), EloModel::Logistic);
    /// # Ok::<(), chess960_games::stats::SprtError>(())
    /// ```
    Logistic,
}

/// Why an [`Sprt`] could not be set up. Each names the rule broken.
///
/// ```
/// use chess960_games::stats::{EloModel, Sprt, SprtError};
///
/// let error = Sprt::new(5.0, 0.0, 0.05, 0.05, EloModel::Normalized).unwrap_err();
/// assert_eq!(error, SprtError::BoundsOrder { elo0: 5.0, elo1: 0.0 });
/// assert_eq!(
///     error.to_string(),
///     "the SPRT's first Elo bound is below the second, but 5 is not below 0"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum SprtError {
    /// An Elo bound is not a finite number.
    NotFinite {
        /// The value given.
        value: f64,
    },
    /// The first Elo bound is not below the second.
    BoundsOrder {
        /// The first bound (H0's Elo).
        elo0: f64,
        /// The second bound (H1's Elo).
        elo1: f64,
    },
    /// An error rate (alpha or beta) is not strictly between 0 and 1.
    ErrorRate {
        /// `"alpha"` or `"beta"`.
        name: &'static str,
        /// The value given.
        value: f64,
    },
    /// alpha + beta is not below 1: the lower bound would not be below the
    /// upper.
    ErrorSum {
        /// alpha.
        alpha: f64,
        /// beta.
        beta: f64,
    },
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SprtError::NotFinite { value } => write!(
                f,
                "the SPRT's Elo bounds are finite numbers, but this one is {value}"
            ),
            SprtError::BoundsOrder { elo0, elo1 } => write!(
                f,
                "the SPRT's first Elo bound is below the second, but {elo0} is not below {elo1}"
            ),
            SprtError::ErrorRate { name, value } => write!(
                f,
                "the SPRT's {name} is strictly between 0 and 1, but this one is {value}"
            ),
            SprtError::ErrorSum { alpha, beta } => write!(
                f,
                "the SPRT's alpha + beta is below 1, but {alpha} + {beta} is not"
            ),
        }
    }
}

impl core::error::Error for SprtError {}

/// What an [`Sprt`] concludes from a log-likelihood ratio.
///
/// ```
/// use chess960_games::stats::{EloModel, Sprt, Verdict};
///
/// let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05, EloModel::Normalized)?;
/// assert_eq!(sprt.verdict(3.0), Verdict::H1);
/// assert_eq!(sprt.verdict(-3.0), Verdict::H0);
/// assert_eq!(sprt.verdict(0.0).as_str(), "continue");
/// # Ok::<(), chess960_games::stats::SprtError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The ratio is above the upper bound: H1 accepted (the player is at
    /// least `elo1` stronger, within the error rates).
    H1,
    /// The ratio is below the lower bound: H0 accepted (the player is not
    /// `elo1` stronger; at most `elo0`, within the error rates).
    H0,
    /// Between the bounds: play on.
    Continue,
}

impl Verdict {
    /// `"H1"`, `"H0"` or `"continue"`.
    ///
    /// ```
    /// assert_eq!(chess960_games::stats::Verdict::H1.as_str(), "H1");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::H1 => "H1",
            Verdict::H0 => "H0",
            Verdict::Continue => "continue",
        }
    }
}

/// A sequential probability ratio test: H0 "the player's Elo is `elo0`"
/// against H1 "it is `elo1`", with error rates `alpha` (accepting H1 when
/// H0 holds) and `beta` (accepting H0 when H1 holds).
///
/// The test statistic is fishtest's generalized log-likelihood ratio
/// (GLLR): the log of the likelihood of the observed counts under the most
/// likely distribution whose Elo is `elo1`, over that under the most likely
/// one whose Elo is `elo0`. Each of those is the exact maximum-likelihood
/// solution (found by solving its equation to the last digit, not by
/// fishtest's Brownian approximation). As fishtest does, an empty bucket
/// counts as 0.001. The bounds are `ln(beta / (1 − alpha))` and
/// `ln((1 − beta) / alpha)`; H1 is accepted above the upper, H0 below the
/// lower.
///
/// ```
/// use chess960_games::stats::{EloModel, MatchScore, Pentanomial, Sprt, Verdict};
///
/// let pairs = Pentanomial::new([39, 2226, 31451, 2412, 40]);
/// let sprt = Sprt::new(0.2, 0.9, 0.05, 0.05, EloModel::Logistic)?;
/// assert!((sprt.llr(&pairs).unwrap() - 2.1625).abs() < 5e-5);
/// // Games not played in pairs: the trinomial.
/// let games = MatchScore::new(1200, 3000, 1000);
/// let llr = sprt.llr_trinomial(&games).unwrap();
/// assert_eq!(sprt.verdict(llr), Verdict::Continue);
/// # Ok::<(), chess960_games::stats::SprtError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    model: EloModel,
}

impl Sprt {
    /// A test of `elo0` against `elo1` (in the `model`'s Elo) with error
    /// rates `alpha` and `beta` (commonly 0.05 each); the bounds must be
    /// finite with `elo0 < elo1`, the rates strictly between 0 and 1 with a
    /// sum below 1.
    ///
    /// # Errors
    ///
    /// The [`SprtError`] naming the first rule the values break.
    ///
    /// ```
    /// use chess960_games::stats::{EloModel, Sprt, SprtError};
    ///
    /// assert!(Sprt::new(0.0, 2.0, 0.05, 0.05, EloModel::Normalized).is_ok());
    /// assert_eq!(
    ///     Sprt::new(0.0, 2.0, 1.0, 0.05, EloModel::Normalized),
    ///     Err(SprtError::ErrorRate { name: "alpha", value: 1.0 })
    /// );
    /// assert!(Sprt::new(f64::NAN, 2.0, 0.05, 0.05, EloModel::Logistic).is_err());
    /// ```
    pub fn new(
        elo0: f64,
        elo1: f64,
        alpha: f64,
        beta: f64,
        model: EloModel,
    ) -> Result<Sprt, SprtError> {
        for value in [elo0, elo1] {
            if !value.is_finite() {
                return Err(SprtError::NotFinite { value });
            }
        }
        if elo0 >= elo1 {
            return Err(SprtError::BoundsOrder { elo0, elo1 });
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            // Written so that NaN fails too.
            if !(value > 0.0 && value < 1.0) {
                return Err(SprtError::ErrorRate { name, value });
            }
        }
        if alpha + beta >= 1.0 {
            return Err(SprtError::ErrorSum { alpha, beta });
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
            model,
        })
    }

    /// H0's Elo.
    ///
    /// ```
    /// use chess960_games::stats::{EloModel, Sprt};
    ///
    /// let sprt = Sprt::new(-1.0, 3.0, 0.05, 0.1, EloModel::Logistic)?;
    /// assert_eq!((sprt.elo0(), sprt.elo1(), sprt.alpha(), sprt.beta()), (-1.0, 3.0, 0.05, 0.1));
    /// # Ok::<(), chess960_games::stats::SprtError>(())
    /// ```
    pub const fn elo0(&self) -> f64 {
        self.elo0
    }

    /// H1's Elo.
    pub const fn elo1(&self) -> f64 {
        self.elo1
    }

    /// The rate of accepting H1 when H0 holds.
    pub const fn alpha(&self) -> f64 {
        self.alpha
    }

    /// The rate of accepting H0 when H1 holds.
    pub const fn beta(&self) -> f64 {
        self.beta
    }

    /// The scale of the Elo bounds.
    pub const fn model(&self) -> EloModel {
        self.model
    }

    /// The lower bound, `ln(beta / (1 − alpha))`.
    ///
    /// ```
    /// use chess960_games::stats::{EloModel, Sprt};
    ///
    /// let sprt = Sprt::new(0.0, 2.0, 0.05, 0.05, EloModel::Normalized)?;
    /// assert!((sprt.lower_bound() - (0.05f64 / 0.95).ln()).abs() < 1e-15);
    /// assert!((sprt.upper_bound() - (0.95f64 / 0.05).ln()).abs() < 1e-15);
    /// # Ok::<(), chess960_games::stats::SprtError>(())
    /// ```
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound, `ln((1 − beta) / alpha)`.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// What the test says of a log-likelihood ratio: H1 above the upper
    /// bound, H0 below the lower, else continue (NaN: continue).
    pub fn verdict(&self, llr: f64) -> Verdict {
        if llr > self.upper_bound() {
            Verdict::H1
        } else if llr < self.lower_bound() {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// The log-likelihood ratio of game pairs; `None` without pairs, or
    /// when a bound lies beyond what any result could give (a logistic
    /// bound of thousands of Elo).
    ///
    /// ```
    /// use chess960_games::stats::{EloModel, Pentanomial, Sprt};
    ///
    /// let sprt = Sprt::new(0.0, 2.0, 0.05, 0.05, EloModel::Normalized)?;
    /// assert_eq!(sprt.llr(&Pentanomial::default()), None);
    /// // Even results favour H0 (Elo 0) over H1 (Elo 2).
    /// assert!(sprt.llr(&Pentanomial::new([10, 20, 40, 20, 10])).unwrap() < 0.0);
    /// # Ok::<(), chess960_games::stats::SprtError>(())
    /// ```
    pub fn llr(&self, pairs: &Pentanomial) -> Option<f64> {
        self.llr_of(pairs.counts)
    }

    /// The log-likelihood ratio of games counted one by one (the
    /// trinomial: losses, draws, wins), for games not played in pairs;
    /// `None` without games or for a bound beyond reach.
    ///
    /// ```
    /// use chess960_games::stats::{EloModel, MatchScore, Sprt};
    ///
    /// let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05, EloModel::Logistic)?;
    /// assert!(sprt.llr_trinomial(&MatchScore::new(300, 400, 200)).unwrap() > 0.0);
    /// assert_eq!(sprt.llr_trinomial(&MatchScore::default()), None);
    /// # Ok::<(), chess960_games::stats::SprtError>(())
    /// ```
    pub fn llr_trinomial(&self, games: &MatchScore) -> Option<f64> {
        self.llr_of([games.losses, games.draws, games.wins])
    }

    /// The GLLR of counts whose bucket `i` of `K` scores `i / (K − 1)` a
    /// game.
    #[allow(clippy::cast_precision_loss)]
    fn llr_of<const K: usize>(&self, counts: [u64; K]) -> Option<f64> {
        if counts.iter().all(|&count| count == 0) {
            return None;
        }
        let counts = counts.map(|count| {
            if count == 0 {
                EMPTY_BUCKET
            } else {
                count as f64
            }
        });
        let total: f64 = counts.iter().sum();
        let observed = counts.map(|count| count / total);
        let values: [f64; K] = array::from_fn(|i| i as f64 / (K - 1) as f64);
        let fitted = |elo: f64| match self.model {
            EloModel::Logistic => {
                let score = 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
                most_likely_with_mean(&values, &observed, score)
            }
            EloModel::Normalized => {
                // A pair's mean score spreads 1/√2 as far as one game's.
                let scale = if K == 5 {
                    core::f64::consts::SQRT_2
                } else {
                    1.0
                };
                most_likely_with_t(&values, &observed, 0.5, elo / NELO_PER_T * scale)
            }
        };
        let (h0, h1) = (fitted(self.elo0)?, fitted(self.elo1)?);
        let per_sample: f64 = (0..K)
            .map(|i| observed[i] * (h1[i].ln() - h0[i].ln()))
            .sum();
        Some(total * per_sample)
    }
}

/// The root of `Σ pᵢ·aᵢ / (1 + x·aᵢ) = 0` between the poles `−1/max a`
/// and `−1/min a`, by bisection to the last bit (the sum falls from +∞ to
/// −∞ there); `None` unless the `aᵢ` take both signs.
fn secular<const K: usize>(a: &[f64; K], p: &[f64; K]) -> Option<f64> {
    let (least, most) = a.iter().fold((0.0f64, 0.0f64), |(least, most), &value| {
        (least.min(value), most.max(value))
    });
    if !(least < 0.0 && most > 0.0) {
        return None;
    }
    let (mut low, mut high) = (-1.0 / most, -1.0 / least);
    for _ in 0..2200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        let sum: f64 = (0..K).map(|i| p[i] * a[i] / (1.0 + middle * a[i])).sum();
        if sum > 0.0 {
            low = middle;
        } else if sum < 0.0 {
            high = middle;
        } else {
            return Some(middle);
        }
    }
    Some(0.5 * (low + high))
}

/// The mean and variance of a distribution on `values`.
fn moments<const K: usize>(values: &[f64; K], p: &[f64; K]) -> (f64, f64) {
    let mean: f64 = (0..K).map(|i| p[i] * values[i]).sum();
    let variance = (0..K).map(|i| p[i] * (values[i] - mean).powi(2)).sum();
    (mean, variance)
}

/// The most likely distribution on `values` with mean `mean`, given the
/// observed frequencies: `pᵢ = p̂ᵢ / (1 + x·(vᵢ − mean))` with `x` the
/// root of the secular equation (a Lagrange multiplier).
fn most_likely_with_mean<const K: usize>(
    values: &[f64; K],
    observed: &[f64; K],
    mean: f64,
) -> Option<[f64; K]> {
    let a = values.map(|value| value - mean);
    let x = secular(&a, observed)?;
    Some(array::from_fn(|i| observed[i] / (1.0 + x * a[i])))
}

/// The most likely distribution on `values` with `(μ − reference) / σ =
/// t`, given the observed frequencies: the fixed point of the equation of
/// its Lagrange multipliers, iterated until it stops moving (fishtest
/// stops after 10 rounds or at 1e-9); `None` if it does not settle on the
/// constraint.
fn most_likely_with_t<const K: usize>(
    values: &[f64; K],
    observed: &[f64; K],
    reference: f64,
    t: f64,
) -> Option<[f64; K]> {
    #[allow(clippy::cast_precision_loss)]
    let mut p = [1.0 / K as f64; K];
    for _ in 0..1000 {
        let (mean, variance) = moments(values, &p);
        let sigma = variance.sqrt();
        if sigma.is_nan() || sigma <= 0.0 {
            return None;
        }
        let a: [f64; K] = array::from_fn(|i| {
            values[i] - reference - t * sigma * (1.0 + ((mean - values[i]) / sigma).powi(2)) / 2.0
        });
        let x = secular(&a, observed)?;
        let next: [f64; K] = array::from_fn(|i| observed[i] / (1.0 + x * a[i]));
        let change = (0..K).map(|i| (next[i] - p[i]).abs()).fold(0.0, f64::max);
        p = next;
        if change < 1e-15 {
            break;
        }
    }
    let (mean, variance) = moments(values, &p);
    (((mean - reference) / variance.sqrt() - t).abs() < 1e-9).then_some(p)
}
