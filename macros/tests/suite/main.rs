//! The tests of `chess960-macros` that do not need the generated fixture to
//! compile, in one test binary: the compile-time behaviour of the macros
//! (`ui`) and the check that `fixtures/every_position.rs` is current
//! (`every_position_fixture`). The fixture's 960 cases are compiled in
//! `tests/every_position.rs`, a binary of its own, so that this one still
//! builds and can regenerate the fixture when the fixture does not compile.
//!
//! Cargo finds this file as the test target `suite`; add a module by
//! writing `tests/suite/<subject>.rs` and declaring it below.

mod every_position_fixture;
mod ui;
