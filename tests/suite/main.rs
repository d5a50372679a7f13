//! The integration tests of `chess960`, in one test binary.
//!
//! Each module is one subject; they share one binary so that the suite links
//! once instead of once a file (linking dominated the suite's build time).
//! Cargo finds this file as the test target `suite`
//! (`tests/<name>/main.rs`), so the root `Cargo.toml` needs no entry.
//!
//! To add tests: write `tests/suite/<subject>.rs` with a `//!` line saying
//! what it checks, and declare it below in alphabetical order. A module that
//! needs an optional feature gets `#[cfg(feature = "...")]` on its `mod`
//! line, so that `cargo test -p chess960 --no-default-features` still builds.
//! Fixtures live in `tests/fixtures/`. Run one module with
//! `cargo test -p chess960 --test suite <module>::`.

mod against_cozy_chess;
mod against_shakmaty;
mod bad_input;
mod book;
mod build_evals;
mod castling;
mod common;
mod conventions;
mod double;
mod draws;
mod error_messages;
mod evals;
mod every_word;
mod fen;
mod fen_dialects;
mod grammar;
mod identify;
mod mutants;
mod peer_boards;
mod printed_tables;
#[cfg(feature = "rand")]
mod random;
mod reference;
#[cfg(feature = "seeded")]
mod seeded_draw;
#[cfg(feature = "serde")]
mod serde;
#[cfg(feature = "serde")]
mod serde_forms;
#[cfg(feature = "serde")]
mod serde_types;
mod set_text;
#[cfg(feature = "svg")]
mod svg;
mod tables;
