//! Chess960 game archives read fast, for every caller: a month of
//! lichess's `.pgn.zst`, a folder of engine matches, an upload.
//!
//! [`Archive`] takes files (plain, or compressed with zstd, gzip, bzip2 or
//! xz: told by the content, each format a feature), standard input or any
//! reader, and reads them on all cores: one large plain file in parts cut
//! at record starts, several files side by side for the statistics alone,
//! compressed text decompressed on a thread of its own. What it finds comes back in input
//! order, exactly as one core would find it:
//!
//! - [`Archive::statistics`] gives a [`Summary`]: counts by kind, White's
//!   results per start ([`StartStats`](chess960_games::stats::StartStats)), one
//!   player's results per start
//!   ([`PlayerStats`](chess960_games::stats::PlayerStats)), and the skipped records,
//!   each a [`Skip`] naming the input, the byte offset and the broken rule.
//! - [`Archive::collect`] also hands each selected record to a
//!   [`Collect`]or on the reading threads, and what it gathered back to the
//!   caller, part by part, in input order: rows, lines, records as they
//!   stand.
//! - [`Progress`] counts bytes and records as they are read, and
//!   [`Cancel`] stops a reading from another thread.
//!
//! The records are read by [`chess960_games`], which this crate builds on:
//! the reader, the kinds of game, the filter and the statistics live
//! there, with no threads, files or compression, so that nothing a chess
//! engine links pulls in this crate.
//!
//! ```no_run
//! use chess960_archive::Archive;
//!
//! // The statistics of a month's `.pgn.zst` on all cores.
//! let summary = Archive::new().path("lichess_db_chess960_rated_2026-10.pgn.zst").statistics()?;
//! for (start, tally) in summary.stats.iter() {
//!     println!("{}\t{}\t{:?}", start.white().id(), tally.games(), tally.score());
//! }
//! # Ok::<(), chess960_archive::Error>(())
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]

mod archive;
mod buffered;
mod collect;
mod error;
#[cfg(feature = "mmap")]
mod mapped;
#[cfg(feature = "moves")]
mod moves;
mod part;
mod progress;
mod sniff;
mod source;
mod split;
mod stream;
mod summary;
#[cfg(feature = "arrow")]
#[cfg_attr(docsrs, doc(cfg(feature = "arrow")))]
pub mod table;

pub use archive::{Archive, MAX_THREADS};
pub use collect::{Batch, Collect, Game};
pub use error::Error;
#[cfg(feature = "moves")]
pub use moves::{Openings, follow_game, move_skip, replay_game, replay_game_watched};
pub use progress::{Cancel, Progress};
pub use source::Compression;
pub use summary::{LISTED_SKIPS, Skip, Summary};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
