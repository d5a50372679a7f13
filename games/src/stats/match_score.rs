//! A match score from one side: wins, draws, losses, and what engine
//! testers read from them (the Elo difference with its 95% error margin,
//! the likelihood of superiority, the draw ratio), computed as cutechess-cli
//! and fastchess do.

use super::starts::{Interval, wilson};

/// The normal quantile for a two-sided 95% margin, exact to the digits of
/// an `f64` (cutechess-cli and fastchess approximate it).
pub(super) const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one side, and the figures derived from them.
///
/// With `n` games and `w`, `d`, `l` the fractions of wins, draws and
/// losses:
///
/// - score `μ = w + d/2`;
/// - the deviation of one game's score `√(w(1−μ)² + d(½−μ)² + lμ²)`, and
///   of the mean score `σ = that / √n`;
/// - `Elo(p) = −400·log₁₀(1/p − 1)`; the Elo difference is `Elo(μ)`;
/// - the 95% margin is `(Elo(μ + 1.959964σ) − Elo(μ − 1.959964σ)) / 2`;
/// - the likelihood of superiority `LOS = ½ + ½·erf((W − L) / √(2(W + L)))`
///   with `W`, `L` the counts;
/// - the draw ratio `d`.
///
/// Each is `None` where it is undefined: no games; the Elo difference when
/// `μ` is 0 or 1; the margin then too, and when `μ ± 1.959964σ` leaves the
/// open interval 0..1 (too few games); the LOS without wins and losses.
/// A match of draws only has `σ = 0`, so its margin is 0, as the formula
/// gives it.
///
/// ```
/// use chess960_games::stats::MatchScore;
///
/// let score = MatchScore::new(24, 15, 5);
/// assert_eq!(score.games(), 44);
/// assert!((score.score().unwrap() - 0.715_909).abs() < 1e-6);
/// assert!((score.elo().unwrap() - 160.56).abs() < 0.01);
/// assert!((score.margin().unwrap() - 89.79).abs() < 0.01);
/// assert!((score.los().unwrap() - 0.999_791).abs() < 1e-6);
/// assert!((score.draw_ratio().unwrap() - 0.340_909).abs() < 1e-6);
///
/// let perfect = MatchScore::new(3, 0, 0);
/// assert_eq!((perfect.score(), perfect.elo(), perfect.margin()), (Some(1.0), None, None));
/// assert_eq!(MatchScore::default().score(), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MatchScore {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl MatchScore {
    /// A score from its counts.
    ///
    /// ```
    /// let score = chess960_games::stats::MatchScore::new(1, 2, 3);
    /// assert_eq!((score.wins, score.draws, score.losses), (1, 2, 3));
    /// ```
    pub const fn new(wins: u64, draws: u64, losses: u64) -> MatchScore {
        MatchScore {
            wins,
            draws,
            losses,
        }
    }

    /// Adds another score's counts.
    ///
    /// ```
    /// use chess960_games::stats::MatchScore;
    ///
    /// let mut score = MatchScore::new(1, 0, 0);
    /// score.merge(&MatchScore::new(0, 1, 2));
    /// assert_eq!(score, MatchScore::new(1, 1, 2));
    /// ```
    pub fn merge(&mut self, other: &MatchScore) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }

    /// Every game counted.
    ///
    /// ```
    /// assert_eq!(chess960_games::stats::MatchScore::new(1, 2, 3).games(), 6);
    /// ```
    pub const fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The points: a win 1, a draw ½.
    ///
    /// ```
    /// assert_eq!(chess960_games::stats::MatchScore::new(1, 3, 2).points(), 2.5);
    /// ```
    #[allow(clippy::cast_precision_loss)]
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The score `μ`, the points per game; `None` without games.
    ///
    /// ```
    /// assert_eq!(chess960_games::stats::MatchScore::new(1, 3, 0).score(), Some(0.625));
    /// ```
    #[allow(clippy::cast_precision_loss)]
    pub fn score(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| self.points() / games as f64)
    }

    /// The standard deviation `σ` of the score `μ` (see [`MatchScore`]);
    /// `None` without games.
    ///
    /// ```
    /// // One win and one loss: each game is 1/2 away from the score.
    /// let sigma = chess960_games::stats::MatchScore::new(1, 0, 1).deviation().unwrap();
    /// assert!((sigma - 0.5 / 2f64.sqrt()).abs() < 1e-15);
    /// ```
    #[allow(clippy::cast_precision_loss)]
    pub fn deviation(&self) -> Option<f64> {
        let (mu, rest) = (self.score()?, self.rest()?);
        let n = self.games() as f64;
        let (w, d, l) = (
            self.wins as f64 / n,
            self.draws as f64 / n,
            self.losses as f64 / n,
        );
        let per_game = (w * rest.powi(2) + d * (0.5 - mu).powi(2) + l * mu.powi(2)).sqrt();
        Some(per_game / n.sqrt())
    }

    /// The Elo difference `Elo(μ)`; `None` without games or when `μ` is 0
    /// or 1.
    ///
    /// ```
    /// use chess960_games::stats::MatchScore;
    ///
    /// // 3 points in 4 games: 1/μ − 1 = 1/3, Elo = 400·log₁₀ 3.
    /// let elo = MatchScore::new(3, 0, 1).elo().unwrap();
    /// assert!((elo - 400.0 * 3f64.log10()).abs() < 1e-12);
    /// assert_eq!(MatchScore::new(0, 0, 5).elo(), None);
    /// ```
    pub fn elo(&self) -> Option<f64> {
        elo_of(self.score()?, self.rest()?)
    }

    /// `1 − μ`, the opponent's score, from the counts (not by subtracting:
    /// near a score of 1 that would lose digits).
    #[allow(clippy::cast_precision_loss)]
    fn rest(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| (self.losses as f64 + self.draws as f64 / 2.0) / games as f64)
    }

    /// The 95% error margin of the Elo difference (half the width of
    /// `Elo(μ ± 1.959964σ)`); `None` where [`elo`](MatchScore::elo) is, and
    /// when `μ ± 1.959964σ` is not strictly between 0 and 1.
    ///
    /// ```
    /// use chess960_games::stats::MatchScore;
    ///
    /// let margin = MatchScore::new(100, 100, 100).margin().unwrap();
    /// assert!((margin - 32.19).abs() < 0.01);
    /// // One win, one loss: μ ± 1.96σ = 0.5 ± 0.69, outside 0..1.
    /// assert_eq!(MatchScore::new(1, 0, 1).margin(), None);
    /// ```
    pub fn margin(&self) -> Option<f64> {
        let (mu, rest) = (self.score()?, self.rest()?);
        elo_of(mu, rest)?;
        let spread = Z95 * self.deviation()?;
        let high = elo_of(mu + spread, rest - spread)?;
        let low = elo_of(mu - spread, rest + spread)?;
        Some((high - low) / 2.0)
    }

    /// The likelihood of superiority, `½ + ½·erf((W − L) / √(2(W + L)))`
    /// (a probability; cutechess-cli prints it as a percentage); `None`
    /// without wins and losses.
    ///
    /// ```
    /// use chess960_games::stats::MatchScore;
    ///
    /// assert_eq!(MatchScore::new(5, 9, 5).los(), Some(0.5));
    /// // One win: ½ + ½·erf(1/√2), the normal distribution below 1.
    /// assert!((MatchScore::new(1, 0, 0).los().unwrap() - 0.841_344_746).abs() < 1e-9);
    /// assert_eq!(MatchScore::new(0, 4, 0).los(), None);
    /// ```
    #[allow(clippy::cast_precision_loss)]
    pub fn los(&self) -> Option<f64> {
        let decided = self.wins + self.losses;
        if decided == 0 {
            return None;
        }
        let lead = self.wins as f64 - self.losses as f64;
        Some(0.5 + 0.5 * erf(lead / (2.0 * decided as f64).sqrt()))
    }

    /// The fraction of games drawn; `None` without games.
    ///
    /// ```
    /// assert_eq!(chess960_games::stats::MatchScore::new(1, 1, 2).draw_ratio(), Some(0.25));
    /// ```
    #[allow(clippy::cast_precision_loss)]
    pub fn draw_ratio(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| self.draws as f64 / games as f64)
    }

    /// A 95% interval of the score for pictures: Wilson's score interval,
    /// as [`Tally::interval`](super::Tally::interval) gives it (useful for
    /// a handful of games, where `μ ± 1.96σ` is not); `None` without games.
    ///
    /// ```
    /// let interval = chess960_games::stats::MatchScore::new(10, 0, 0).interval().unwrap();
    /// assert!((interval.low - 0.7225).abs() < 1e-4 && (interval.high - 1.0).abs() < 1e-12);
    /// ```
    #[allow(clippy::cast_precision_loss)]
    pub fn interval(&self) -> Option<Interval> {
        Some(wilson(self.score()?, self.games() as f64))
    }
}

/// `Elo(p) = −400·log₁₀(1/p − 1) = 400·log₁₀(p / q)` with `q = 1 − p`
/// given apart (computed from the counts, it keeps its digits near a score
/// of 1, and a score and its mirror give opposite values exactly); `None`
/// unless `0 < p < 1`. (Adding 0 turns the −0 of an even score into 0.)
pub(super) fn elo_of(p: f64, q: f64) -> Option<f64> {
    (p > 0.0 && q > 0.0).then(|| 400.0 * (p / q).log10() + 0.0)
}

/// The error function, to about 1e-15: the series
/// `erf x = 2/√π · e^(−x²) · Σ 2ⁿ x^(2n+1) / (1·3·…·(2n+1))`, whose terms
/// are all positive (no cancellation); 1 beyond |x| = 6, where erf differs
/// from ±1 by less than 1e-17; clamped to −1..1.
pub(super) fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.abs() >= 6.0 {
        return x.signum();
    }
    let square = x * x;
    let mut term = x;
    let mut sum = x;
    let mut n = 0.0;
    while term.abs() > sum.abs() * 1e-17 {
        n += 1.0;
        term *= 2.0 * square / (2.0 * n + 1.0);
        sum += term;
    }
    // Rounding can carry the product a hair past ±1 near |x| = 6.
    (2.0 / core::f64::consts::PI.sqrt() * (-square).exp() * sum).clamp(-1.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::erf;

    #[test]
    fn erf_at_known_points() {
        // Values of erf from tables (Abramowitz and Stegun, 7.1).
        for (x, value) in [
            (0.0, 0.0),
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (2.0, 0.995_322_265_018_952_7),
            (3.0, 0.999_977_909_503_001_4),
        ] {
            assert!((erf(x) - value).abs() < 1e-15, "{x}");
            assert!((erf(-x) + value).abs() < 1e-15, "{x}");
        }
        assert_eq!(erf(7.0).to_bits(), 1f64.to_bits());
        assert!(erf(f64::NAN).is_nan());
    }
}
