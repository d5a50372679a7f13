//! Game records in PGN: which start position each game used, and how the
//! starts scored (feature `pgn`, which uses `std`).
//!
//! A [`Reader`] streams [`Record`]s from any [`BufRead`](std::io::BufRead)
//! (decompress first: lichess's dumps are zstd); [`GameKind::of`] places each
//! record in exactly one kind; [`StartStats`] and [`KindCounts`] add them up,
//! a [`Filter`] picks games by rating, event, variant, time control or
//! player. [`PlayerStats`] gives one player's record per start, from their
//! side, with the match figures of a [`MatchScore`] (Elo difference and
//! margin, LOS, draw ratio).
//!
//! For archives: [`Reader::next_record`] lends each record without an
//! allocation, [`Reader::keep_raw`] keeps each record's bytes as they stand
//! ([`Reader::raw`], `Record::length`), [`Filter::starts`] picks games by
//! a set of starts, and [`likely_record_start`] says where a large input
//! may be cut to read its parts on several cores.
//!
//! ```
//! use chess960::pgn::{GameKind, KindCounts, Reader, StartStats};
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
mod filter;
mod kind;
mod match_score;
mod outcome;
mod pairing;
mod pentanomial;
mod player_stats;
mod players;
mod reader;
mod record;
mod scan;
mod split;
mod stats;
mod swar;
mod tag_pairs;
mod tags;
mod variant;
mod wide;

pub use counts::KindCounts;
pub use filter::Filter;
pub use kind::{Detail, GameKind};
pub use match_score::MatchScore;
pub use outcome::Outcome;
pub use pairing::PairTally;
pub use pentanomial::{EloModel, Pentanomial, Sprt, SprtError, Verdict};
pub use player_stats::{PlayerGame, PlayerStats, PlayerTally};
pub use players::{Players, Seat};
pub use reader::{MAX_RAW_RECORD, Reader};
pub use record::{MAX_TAG_LINE, Record, RecordError};
pub use scan::is_tag_name;
pub use split::likely_record_start;
pub use stats::{Interval, StartStats, Tally};
pub use tag_pairs::{TagPair, TagPairs};
pub use tags::{MAX_FEN_TAGS, TagName, Tags};
pub use variant::Variant;
