//! The questions an explorer answers and its answers: a position (a
//! start or a FEN, then moves played), the filters (speeds, rating groups,
//! months), the totals, the moves played from it and its games, in the
//! shape of lichess's explorer API.

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// A game's speed, from its `TimeControl` as lichess computes it: the
/// estimated duration base + 40 x increment, in seconds, below 30
/// ultraBullet, 180 bullet, 480 blitz, 1500 rapid, 21600 classical, else
/// (and `-`) correspondence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Speed {
    /// Below 30 s.
    UltraBullet,
    /// Below 180 s.
    Bullet,
    /// Below 480 s.
    Blitz,
    /// Below 1500 s.
    Rapid,
    /// Below 21600 s.
    Classical,
    /// Longer, or no clock (`-`).
    Correspondence,
}

impl Speed {
    /// Every speed, fastest first.
    pub const ALL: [Speed; 6] = [
        Speed::UltraBullet,
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Classical,
        Speed::Correspondence,
    ];

    /// The speed of a game whose `TimeControl` is `text`: `base+increment`
    /// in seconds (base + 40 x increment below 30 s ultraBullet, 180
    /// bullet, 480 blitz, 1500 rapid, 21600 classical, else
    /// correspondence); `-` correspondence; `moves/seconds` (the first
    /// period) by its seconds; `None` when unreadable (`?`, empty).
    ///
    /// ```
    /// use chess960_explorer::query::Speed;
    ///
    /// assert_eq!(Speed::of_time_control("180+2"), Some(Speed::Blitz));
    /// assert_eq!(Speed::of_time_control("15+0"), Some(Speed::UltraBullet));
    /// assert_eq!(Speed::of_time_control("-"), Some(Speed::Correspondence));
    /// assert_eq!(Speed::of_time_control("40/7200:3600"), Some(Speed::Classical));
    /// assert_eq!(Speed::of_time_control("?"), None);
    /// ```
    pub fn of_time_control(text: &str) -> Option<Speed> {
        let text = text.trim();
        if text == "-" {
            return Some(Speed::Correspondence);
        }
        let first = text.split(':').next()?;
        let first = first.split_once('/').map_or(first, |(_, seconds)| seconds);
        let (base, increment) = match first.split_once('+') {
            Some((base, increment)) => (base, increment),
            None => (first, "0"),
        };
        let base: u64 = base.trim().parse().ok()?;
        let increment: u64 = increment.trim().parse().ok()?;
        let total = base.saturating_add(increment.saturating_mul(40));
        Some(match total {
            0..30 => Speed::UltraBullet,
            30..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            1500..21600 => Speed::Classical,
            _ => Speed::Correspondence,
        })
    }

    /// Its name as lichess writes it (`ultraBullet`, `blitz`, ...).
    ///
    /// ```
    /// assert_eq!(chess960_explorer::query::Speed::UltraBullet.name(), "ultraBullet");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Speed::UltraBullet => "ultraBullet",
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
        }
    }

    /// Its number, 0 (ultraBullet) to 5 (correspondence).
    pub(crate) fn index(self) -> u8 {
        self as u8
    }

    /// The speed of number `index` (0..=5).
    pub(crate) fn from_index(index: u8) -> Option<Speed> {
        Speed::ALL.get(usize::from(index)).copied()
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is not what a parameter takes: the word, and what it takes.
///
/// ```
/// use chess960_explorer::query::Speed;
///
/// let error = "fast".parse::<Speed>().unwrap_err();
/// assert_eq!(error.to_string(), "\"fast\" is not a speed (ultraBullet, bullet, blitz, rapid, classical, correspondence)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The word as given.
    pub text: String,
    /// What was expected, in words.
    pub expected: &'static str,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not {}", self.text, self.expected)
    }
}

impl std::error::Error for ParseError {}

impl FromStr for Speed {
    type Err = ParseError;

    /// A speed by its name as lichess writes it (`ultraBullet`, `bullet`,
    /// `blitz`, `rapid`, `classical`, `correspondence`), case aside.
    fn from_str(text: &str) -> Result<Speed, ParseError> {
        Speed::ALL
            .into_iter()
            .find(|speed| speed.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| ParseError {
                text: text.to_owned(),
                expected: "a speed (ultraBullet, bullet, blitz, rapid, classical, correspondence)",
            })
    }
}

/// A rating group, by its lower bound: 0 (below 1000), 1000, 1200, 1400,
/// 1600, 1800, 2000, 2200, 2500, 2800 (and up), of the mean of both
/// players' ratings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RatingGroup(u16);

impl RatingGroup {
    /// The groups' lower bounds, lowest first.
    pub const BOUNDS: [u16; 10] = [0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500, 2800];

    /// The group of a mean rating.
    ///
    /// ```
    /// use chess960_explorer::query::RatingGroup;
    ///
    /// assert_eq!(RatingGroup::of(999).lower(), 0);
    /// assert_eq!(RatingGroup::of(2499).lower(), 2200);
    /// assert_eq!(RatingGroup::of(3100).lower(), 2800);
    /// ```
    pub fn of(rating: u32) -> RatingGroup {
        let index = RatingGroup::BOUNDS
            .iter()
            .rposition(|&bound| u32::from(bound) <= rating)
            .unwrap_or(0);
        RatingGroup(RatingGroup::BOUNDS[index])
    }

    /// Its lower bound.
    ///
    /// ```
    /// assert_eq!("1600".parse::<chess960_explorer::query::RatingGroup>()?.lower(), 1600);
    /// # Ok::<(), chess960_explorer::query::ParseError>(())
    /// ```
    pub fn lower(self) -> u16 {
        self.0
    }

    /// Its number, 0 (below 1000) to 9 (2800 and up).
    pub(crate) fn index(self) -> u8 {
        let index = RatingGroup::BOUNDS
            .iter()
            .position(|&bound| bound == self.0)
            .unwrap_or(0);
        u8::try_from(index).unwrap_or(0)
    }

    /// The group of number `index` (0..=9).
    pub(crate) fn from_index(index: u8) -> Option<RatingGroup> {
        RatingGroup::BOUNDS
            .get(usize::from(index))
            .map(|&bound| RatingGroup(bound))
    }
}

impl fmt::Display for RatingGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for RatingGroup {
    type Err = ParseError;

    /// A group by its lower bound: `0`, `1000`, `1200`, `1400`, `1600`,
    /// `1800`, `2000`, `2200`, `2500` or `2800`.
    fn from_str(text: &str) -> Result<RatingGroup, ParseError> {
        text.trim()
            .parse::<u16>()
            .ok()
            .filter(|bound| RatingGroup::BOUNDS.contains(bound))
            .map(RatingGroup)
            .ok_or_else(|| ParseError {
                text: text.to_owned(),
                expected: "a rating group (0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500, 2800)",
            })
    }
}

/// A month, `YYYY-MM`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month {
    /// The year.
    pub year: u16,
    /// The month, 1..=12.
    pub month: u8,
}

impl Month {
    /// The month of a PGN date (`2024.03.17`, `2024-03-17`, `2024.03.??`):
    /// `None` when its year or month is unknown or unreadable.
    ///
    /// ```
    /// use chess960_explorer::query::Month;
    ///
    /// assert_eq!(Month::of_date("2024.03.17"), Some(Month { year: 2024, month: 3 }));
    /// assert_eq!(Month::of_date("2024.??.??"), None);
    /// ```
    pub fn of_date(date: &str) -> Option<Month> {
        let mut parts = date.trim().split(['.', '-', '/']);
        let year = parts.next()?;
        let month = parts.next()?;
        if year.len() != 4 || month.len() != 2 {
            return None;
        }
        let year: u16 = year.parse().ok()?;
        let month: u8 = month.parse().ok()?;
        (1..=12).contains(&month).then_some(Month { year, month })
    }

    /// The month as one number (1 for January of year 0; 0 is no month).
    pub(crate) fn number(self) -> u32 {
        u32::from(self.year) * 12 + u32::from(self.month)
    }

    /// The month of [`Month::number`] `number` (`None` for 0).
    pub(crate) fn from_number(number: u32) -> Option<Month> {
        let zero = number.checked_sub(1)?;
        Some(Month {
            year: u16::try_from(zero / 12).ok()?,
            month: u8::try_from(zero % 12 + 1).ok()?,
        })
    }
}

impl fmt::Display for Month {
    /// `YYYY-MM`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

impl FromStr for Month {
    type Err = ParseError;

    /// `YYYY-MM`, the month 01 to 12.
    ///
    /// ```
    /// use chess960_explorer::query::Month;
    ///
    /// assert_eq!("2024-03".parse::<Month>()?.to_string(), "2024-03");
    /// assert!("2024-13".parse::<Month>().is_err());
    /// # Ok::<(), chess960_explorer::query::ParseError>(())
    /// ```
    fn from_str(text: &str) -> Result<Month, ParseError> {
        let error = || ParseError {
            text: text.to_owned(),
            expected: "a month (YYYY-MM)",
        };
        let (year, month) = text.trim().split_once('-').ok_or_else(error)?;
        if year.len() != 4
            || month.len() != 2
            || !year
                .bytes()
                .chain(month.bytes())
                .all(|b| b.is_ascii_digit())
        {
            return Err(error());
        }
        let year: u16 = year.parse().map_err(|_| error())?;
        let month: u8 = month.parse().map_err(|_| error())?;
        if !(1..=12).contains(&month) {
            return Err(error());
        }
        Ok(Month { year, month })
    }
}

/// A question: which position, and which games count.
#[derive(Clone, Debug, Default)]
pub struct Query {
    /// The start (0..=959), when the position is given by start.
    pub start: Option<u16>,
    /// A FEN (X-FEN or Shredder-FEN), when given by FEN.
    pub fen: Option<String>,
    /// Moves played from there, in UCI (castling as the king taking its rook).
    pub play: Vec<String>,
    /// The speeds that count (`None`: all).
    pub speeds: Option<Vec<Speed>>,
    /// The rating groups that count (`None`: all).
    pub ratings: Option<Vec<RatingGroup>>,
    /// The first month that counts.
    pub since: Option<Month>,
    /// The last month that counts.
    pub until: Option<Month>,
    /// In a player's db, the player's colour whose games count (`None`:
    /// both).
    pub color: Option<chess960::Color>,
    /// How many moves to give (`None`: all).
    pub moves: Option<usize>,
    /// How many top-rated games to give.
    pub top_games: usize,
    /// How many recent games to give.
    pub recent_games: usize,
    /// Whether to give the games a month ([`Answer::history`], and each
    /// move's [`MoveRow::history`]).
    pub history: bool,
}

/// The games of one month, as lichess's explorer writes its `history`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HistoryRow {
    /// The month, `YYYY-MM`.
    pub month: String,
    /// White's wins.
    pub white: u64,
    /// Draws.
    pub draws: u64,
    /// Black's wins.
    pub black: u64,
}

/// One player of a game, as lichess's explorer writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Player {
    /// The name.
    pub name: String,
    /// The rating.
    pub rating: Option<u16>,
}

/// A game, as lichess's explorer lists it in `topGames`, `recentGames` and
/// a move's `game`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRef {
    /// The move played in the position, in UCI.
    pub uci: String,
    /// The game's id (the last path segment of its `Site`).
    pub id: String,
    /// `white`, `black` or null for a draw.
    pub winner: Option<&'static str>,
    /// Its speed.
    pub speed: Speed,
    /// White.
    pub white: Player,
    /// Black.
    pub black: Player,
    /// The year it was played.
    pub year: u16,
    /// Its month, `YYYY-MM`.
    pub month: String,
}

/// A move played from the position, with the results of its games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveRow {
    /// In UCI, castling as the king taking its rook.
    pub uci: String,
    /// In SAN.
    pub san: String,
    /// The mean rating of the player to move, over the games.
    pub average_rating: Option<u32>,
    /// White's wins.
    pub white: u64,
    /// Draws.
    pub draws: u64,
    /// Black's wins.
    pub black: u64,
    /// The one game that played it, when only one did.
    pub game: Option<GameRef>,
    /// Always null: Chess960 openings have no names.
    pub opening: Option<()>,
    /// The move's games a month, when [`Query::history`] asks (a field
    /// lichess's explorer does not have; absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history: Option<Vec<HistoryRow>>,
    /// The engine's evaluation of the position the move leads to, when
    /// the db holds one (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eval: Option<crate::model::eval::Eval>,
}

/// The answer: totals, moves most played first, and games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    /// White's wins.
    pub white: u64,
    /// Draws.
    pub draws: u64,
    /// Black's wins.
    pub black: u64,
    /// The moves, most played first.
    pub moves: Vec<MoveRow>,
    /// The top-rated games.
    pub top_games: Vec<GameRef>,
    /// The most recent games.
    pub recent_games: Vec<GameRef>,
    /// Always null.
    pub opening: Option<()>,
    /// The position's games a month, from the first month with a game to
    /// the last (within `since` and `until`), months without games as
    /// zeros, when [`Query::history`] asks (lichess's `history`; absent
    /// otherwise). Games of unknown month are left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history: Option<Vec<HistoryRow>>,
    /// The engine's evaluation of the position, when the db holds one
    /// (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eval: Option<crate::model::eval::Eval>,
}
