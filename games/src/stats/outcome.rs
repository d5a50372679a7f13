//! How a game ended, from its `Result` tag.

/// A game's result as its `Result` tag gives it.
///
/// ```
/// use chess960_games::stats::Outcome;
///
/// assert_eq!(Outcome::from_tag(Some("1-0")), Outcome::WhiteWins);
/// assert_eq!(Outcome::from_tag(Some("1/2-1/2")), Outcome::Draw);
/// assert_eq!(Outcome::from_tag(Some("*")), Outcome::Unknown);
/// assert_eq!(Outcome::from_tag(None), Outcome::Unknown);
/// assert_eq!(Outcome::Draw.white_score(), Some(0.5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`.
    WhiteWins,
    /// `1/2-1/2` (also `½-½`).
    Draw,
    /// `0-1`.
    BlackWins,
    /// `*`, anything else, or no `Result` tag: unknown or unfinished.
    Unknown,
}

impl Outcome {
    /// The outcome a `Result` tag value gives (`None`: no tag).
    pub fn from_tag(value: Option<&str>) -> Outcome {
        // The values as servers write them, before trimming.
        match value {
            Some("1-0") => return Outcome::WhiteWins,
            Some("0-1") => return Outcome::BlackWins,
            Some("1/2-1/2") => return Outcome::Draw,
            _ => {}
        }
        match value.map(str::trim) {
            Some("1-0") => Outcome::WhiteWins,
            Some("0-1") => Outcome::BlackWins,
            Some("1/2-1/2" | "½-½") => Outcome::Draw,
            _ => Outcome::Unknown,
        }
    }

    /// White's score: 1, ½ or 0; `None` when unknown.
    pub const fn white_score(self) -> Option<f64> {
        match self {
            Outcome::WhiteWins => Some(1.0),
            Outcome::Draw => Some(0.5),
            Outcome::BlackWins => Some(0.0),
            Outcome::Unknown => None,
        }
    }

    /// The result as PGN writes it (`*` when unknown).
    ///
    /// ```
    /// assert_eq!(chess960_games::stats::Outcome::BlackWins.as_str(), "0-1");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::Draw => "1/2-1/2",
            Outcome::BlackWins => "0-1",
            Outcome::Unknown => "*",
        }
    }
}
