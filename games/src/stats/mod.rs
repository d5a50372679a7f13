//! The statistics of results, the top layer: White's score per start
//! ([`StartStats`]), the kinds of game read ([`KindCounts`]), one player's
//! record per start ([`PlayerStats`]) with its match figures
//! ([`MatchScore`]: Elo difference and margin, LOS, draw ratio), game
//! pairs and the pentanomial with fishtest's SPRT ([`Pentanomial`],
//! [`Sprt`]), and, with the feature `moves`, the opening explorer's
//! counts of the games' first plies ([`OpeningStats`]). Builds on
//! [`read`](crate::read) and, for the openings, [`replay`](crate::replay).
//!
//! ```
//! use chess960_games::read::{GameKind, Reader};
//! use chess960_games::stats::{KindCounts, StartStats};
//!
//! let pgn = "\
//! [Event \"Rated Chess960 game\"]
//! [Result \"1-0\"]
//! [WhiteElo \"1500\"]
//! [BlackElo \"1600\"]
//! [Variant \"Chess960\"]
//! [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]
//!
//! 1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 1-0
//! ";
//! let (mut stats, mut counts) = (StartStats::new(), KindCounts::default());
//! for record in Reader::new(pgn.as_bytes()) {
//!     let kind = GameKind::of(&record);
//!     counts.add(&kind);
//!     stats.add(kind, record.tags());
//! }
//! let (start, tally) = stats.iter().next().unwrap();
//! assert_eq!((start.white().id(), tally.white_wins, tally.mean_rating()), (0, 1, Some(1550.0)));
//! assert_eq!(counts.chess960, 1);
//! ```

mod counts;
mod match_score;
#[cfg(feature = "moves")]
mod openings;
mod outcome;
mod pairing;
mod pentanomial;
mod player_stats;
mod starts;

pub use counts::KindCounts;
pub use match_score::MatchScore;
#[cfg(feature = "moves")]
#[cfg_attr(docsrs, doc(cfg(feature = "moves")))]
pub use openings::{OpeningRow, OpeningStats};
pub use outcome::Outcome;
pub use pairing::PairTally;
pub use pentanomial::{EloModel, Pentanomial, Sprt, SprtError, Verdict};
pub use player_stats::{PlayerGame, PlayerStats, PlayerTally};
pub use starts::{Interval, StartStats, Tally};
