//! The explorer's integration tests, one binary: keys against shakmaty's
//! Zobrist hashes, indexed counts against shakmaty's replay, exactness of
//! incremental and merged dbs, and faults (a killed writer, a second
//! writer, another format version, a compressed file cut short).

mod common;
mod counts;
mod exact;
mod faults;
mod games;
mod keys;
#[cfg(feature = "serve")]
mod serve;
