//! A Chess960 opening explorer as a database: every position reached
//! from every start, keyed by a 128-bit hash, indexed from game archives,
//! added to month by month, merged across machines, and asked as lichess's
//! explorer is asked.
//!
//! The crate is built in layers, lowest first; a module names only its
//! own layer and those below (`.ci/module-cycles.py` checks it):
//! [`model`] (keys, boards, lines, entries, games, questions), [`store`]
//! (the db on disk: runs, records, folds, merges), [`index`](mod@index) (games into
//! a db), [`explore`] (questions asked of a db), [`analysis`] (an
//! engine's evaluations of the positions reached), and `serve` (the HTTP
//! server, feature `serve`).
#![cfg_attr(docsrs, feature(doc_cfg))]
// `Error` has drop glue (an `io::Error`, paths): `ok_or(Error::..)` builds
// an error and drops it on every success. Made lazily instead, a listing
// of every game of a start ran 3% fewer instructions.
#![allow(clippy::unnecessary_lazy_evaluations)]

pub mod analysis;
mod error;
pub mod explore;
pub mod index;
pub mod model;
#[cfg(feature = "serve")]
#[cfg_attr(docsrs, doc(cfg(feature = "serve")))]
pub mod serve;
pub mod store;

pub use error::{Error, QueryError};
pub use explore::games::{GameList, GameRow, GameText, GamesPage, GamesQuery, ListedGame};
pub use explore::{Explorer, Sizes, games_params, params};
pub use index::{IndexOptions, IndexSummary, index};
pub use model::{board, codec, entry, eval, game, key, line, query, score};
pub use store::merge::{self, MergeSummary, merge};
