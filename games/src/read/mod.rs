//! Reading game records: the streaming PGN [`Reader`], the [`Record`]s it
//! lends with their [`Tags`], the [`GameKind`] each record is placed in
//! (which start it used), the [`Players`] it names and the [`Filter`] that
//! picks games. The bottom layer of the crate: it imports no other.
//!
//! For archives: [`Reader::next_record`] lends each record without an
//! allocation, [`Reader::keep_raw`] keeps each record's bytes as they stand
//! ([`Reader::raw`], `Record::length`), [`Filter::starts`] picks games by
//! a set of starts, and [`likely_record_start`] says where a large input
//! may be cut to read its parts on several cores.
//!
//! ```
//! use chess960_games::read::{GameKind, Reader, TagName};
//!
//! let pgn = "[Variant \"Chess960\"]\n\
//!            [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n\
//!            1. e4 e5 1-0\n";
//! let record = Reader::new(pgn.as_bytes()).next().unwrap();
//! assert_eq!(record.tags().get(TagName::Variant), Some("Chess960"));
//! assert!(matches!(GameKind::of(&record), GameKind::Chess960(start) if start.id() == 0));
//! ```

mod filter;
mod kind;
mod players;
mod reader;
mod record;
mod scan;
mod split;
mod swar;
mod tag_pairs;
mod tags;
mod variant;
mod wide;

pub use filter::Filter;
pub use kind::{Detail, GameKind};
pub use players::{Players, Seat};
pub use reader::{MAX_RAW_RECORD, Reader, TagSpans, WithSpans};
pub use record::{MAX_TAG_LINE, Record, RecordError};
pub use scan::is_tag_name;
pub use split::likely_record_start;
pub use tag_pairs::{TagPair, TagPairs};
pub use tags::{MAX_FEN_TAGS, TagName, Tags};
pub use variant::Variant;
