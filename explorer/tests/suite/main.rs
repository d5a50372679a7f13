//! The explorer's integration tests, one binary: keys against shakmaty's
//! Zobrist hashes, indexed counts against shakmaty's replay, exactness of
//! incremental and merged dbs, and faults (a killed writer, a second
//! writer, another format version, a compressed file cut short), and the
//! engine analysis (positions chosen, fake engines, a killed run), and a
//! real month of lichess games listed and given back whole.

mod analysis;
mod common;
mod counts;
mod exact;
mod faults;
mod games;
mod keys;
mod legal;
mod real;
#[cfg(feature = "serve")]
mod serve;
