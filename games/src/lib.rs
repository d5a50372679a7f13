//! Chess960 game records, in three layers, each a module that imports only
//! the ones below it:
//!
//! - [`read`]: a streaming PGN reader, the tags, which start each game used
//!   ([`GameKind`](read::GameKind)), its players and the filter that picks
//!   games. No threads, files or compression (the crate `chess960-archive`
//!   adds them), no move generator.
//! - [`replay`] (feature `moves`): each game's main line replayed from its
//!   start with full legality (cozy-chess), SAN in, UCI out.
//! - [`stats`]: the statistics of results: White's score per start, one
//!   player's record per start with Elo, the pentanomial and fishtest's
//!   SPRT, and the counts of the openings (feature `moves`).
//!
//! The start positions themselves (numbering, FEN, castling) are the crate
//! `chess960`'s, which this one builds on; an engine that depends on
//! `chess960` compiles none of this.
//!
//! ```
//! use chess960_games::read::{GameKind, Reader};
//! use chess960_games::stats::StartStats;
//!
//! let pgn = "[Variant \"Chess960\"]\n[Result \"0-1\"]\n\
//!            [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n\
//!            1. e4 e5 0-1\n";
//! let mut stats = StartStats::new();
//! for record in Reader::new(pgn.as_bytes()) {
//!     stats.add(GameKind::of(&record), record.tags());
//! }
//! let (start, tally) = stats.iter().next().unwrap();
//! assert_eq!((start.white().as_str(), tally.black_wins), ("BBQNNRKR", 1));
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub mod guide;
pub mod read;
#[cfg(feature = "moves")]
#[cfg_attr(docsrs, doc(cfg(feature = "moves")))]
pub mod replay;
pub mod stats;

/// The chess library the replay plays on (its boards and moves, as
/// [`Replayer::replay_watched`](replay::Replayer::replay_watched) shows
/// them), re-exported so that a caller names the same version.
#[cfg(feature = "moves")]
#[cfg_attr(docsrs, doc(cfg(feature = "moves")))]
pub use cozy_chess;
