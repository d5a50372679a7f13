//! The end-to-end tests of the `chess960` command, in one test binary.
//!
//! Each module is one subject; they share one binary so that the suite links
//! once instead of once a file, and share the helpers of [`common`] that run
//! the built command. Cargo finds this file as the test target `suite`
//! (`tests/<name>/main.rs`), so `cli/Cargo.toml` needs no entry.
//!
//! To add tests: write `tests/suite/<subject>.rs` with a `//!` line saying
//! what it checks, and declare it below in alphabetical order. Run one
//! module with `cargo test -p chess960-cli --test suite <module>::`.

mod book;
mod cli;
mod common;
mod dice_methods;
mod edges;
mod evals;
mod explorer;
mod explorer_analyse;
mod games;
mod games_columns;
mod games_parts;
mod games_pgn;
mod games_subcommands;
mod moves;
mod player;
mod property;
mod svg_and_seeded;
mod world;
