//! A Chess960 opening explorer as a database: every position reached
//! from every start, keyed by a 128-bit hash, indexed from game archives,
//! added to month by month, merged across machines, and asked as lichess's
//! explorer is asked.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod batch;
mod bits;
pub mod board;
pub mod codec;
mod compact;
pub mod entry;
mod error;
mod explore;
mod fold;
pub mod game;
mod index;
pub mod key;
mod known;
pub mod line;
pub mod merge;
pub mod query;
mod records;
mod runs;
pub mod store;

pub use error::{Error, QueryError};
pub use explore::{Explorer, Sizes};
pub use index::{IndexOptions, IndexSummary, index};
pub use merge::{MergeSummary, merge};
pub mod params;
#[cfg(feature = "serve")]
#[cfg_attr(docsrs, doc(cfg(feature = "serve")))]
pub mod serve;
