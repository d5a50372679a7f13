//! The questions an explorer answers and its answers: a position (a
//! start or a FEN, then moves played), the filters (speeds, rating groups,
//! months), the totals, the moves played from it and its games, in the
//! shape of lichess's explorer API.
//!
//! INTERFACE SKELETON shared by the index (issue 49) and the server
//! (issue 50): fill in, keep the names.

use serde::Serialize;

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

/// A rating group, by its lower bound: 0 (below 1000), 1000, 1200, 1400,
/// 1600, 1800, 2000, 2200, 2500, 2800 (and up), of the mean of both
/// players' ratings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RatingGroup(u16);

/// A month, `YYYY-MM`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month {
    /// The year.
    pub year: u16,
    /// The month, 1..=12.
    pub month: u8,
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
    /// How many moves to give (`None`: all).
    pub moves: Option<usize>,
    /// How many top-rated games to give.
    pub top_games: usize,
    /// How many recent games to give.
    pub recent_games: usize,
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
}
