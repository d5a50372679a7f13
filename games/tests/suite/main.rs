//! The integration tests of `chess960-games`, in one test binary (the
//! suite links once instead of once a file).
//!
//! Each module is one subject: the reader and the game kinds against
//! fixtures and generated records (`pgn`, `pgn_parts`, `pgn_raw`), against
//! pgn-reader and python-chess (`pgn_differential`), the replay against
//! shakmaty and python-chess (`moves`), one player's statistics and
//! fishtest's SPRT against Python's references (`player`, `sprt`).
//! Fixtures live in `tests/fixtures/`. Run one module with
//! `cargo test -p chess960-games --all-features --test suite <module>::`.

#[cfg(feature = "moves")]
mod moves;
mod pgn;
mod pgn_differential;
mod pgn_parts;
mod pgn_raw;
mod player;
mod sprt;
