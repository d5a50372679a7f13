// The crate docs are the README, the front page: what the crate is and an
// example or two for each kind of user, with links into the guide (the
// `guide` module, `docs/guide/*.md`). Its Rust code blocks run as doctests.
// The link targets for rustdoc come first (see `src/guide.rs`). Its
// examples use `sp!`, so without the `macros` feature the front page is a
// pointer.
#![cfg_attr(
    all(feature = "macros", not(feature = "seeded")),
    doc = "[guide-engine-testing]: crate::guide"
)]
#![cfg_attr(feature = "macros", doc = include_str!("guide_links.md"))]
#![cfg_attr(feature = "macros", doc = include_str!("../README.md"))]
#![cfg_attr(
    not(feature = "macros"),
    doc = "Chess960 (Fischer random chess) start positions, numbered 0..=959 by \
           Scharnagl's scheme. The front page of these docs, the README, needs \
           the default `macros` feature; the [`guide`] is here with any features."
)]
// docs.rs builds with `--cfg docsrs` (see `[package.metadata.docs.rs]`), so
// each feature-gated item shows the feature it needs. On the nightly here
// (1.97) `doc_cfg` also does what the removed `doc_auto_cfg` did.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![no_std]
#![warn(clippy::unwrap_used, clippy::expect_used)]

// How the modules are laid out, and which sits on which.
//
// Each type's core (its representation, constructors, accessors and
// standard traits) lives in the module named after it: [`Position`] in
// `position`, [`DoublePosition`] in `double`, and so on ([`File`],
// [`Piece`] and [`PositionError`] live in `chess960-core`, whose errors
// name them). A module for one concern that spans types adds `impl` blocks
// to them (`fen` writes and reads FENs, `castling` and `bitboard` add the
// geometry, `numbering` the other numberings, `parse` every `FromStr`, and
// the feature modules their traits), so a feature's code is in one place
// and compiles out with it.
//
// Imports go one way, from a layer to the layers below it, never up and
// never between two modules that name each other (`.ci/module-cycles.py`
// lists every edge and fails CI on a cycle; re-exports through this file
// count as naming the module that defines the item):
//
//   1. `chess960-core`: the derivation, the grammar, File, Piece, errors.
//   2. `lookup`: the tables build.rs generates, and those evaluated from
//      them at compile time (the file masks behind `king_file`,
//      `bitboards` and `castling`).
//   3. `position` (on lookup); `color`.
//   4. `square` (color), `position_set` (position, and `Position::all`),
//      `printed_tables` (position), `macros` (position).
//   5. `uci` (square), `double` (color, position), `castling` (color,
//      position, square, uci), `bitboard` (color, double, position,
//      square), `numbering` and `draw` (position, printed_tables).
//   6. `eval` (position, position_set, square, uci): the engine
//      evaluations build.rs compiles from data/evals.tsv.
//      `fen` (color, double, position, square): error <- text <- read <-
//      double inside it.
//   7. `book` (fen, double, position_set), `identify` (fen and below), `parse` (fen, position_set, double, eval and
//      below: `FromStr` for Position, DoublePosition and PositionSet).
//   8. The features: `random` and `seeded` (position, position_set),
//      `sample` (seeded),
//      `serialization` (the value types), `svg` (position, double, color).
//
// Game records (reading PGN, replaying moves, their statistics) are the
// crate `chess960-games`, which builds on this one.

// First, so that rustdoc lists `Position`'s constructors and accessors
// before the methods other modules add (it follows declaration order).
mod position;

mod bitboard;
mod book;
mod castling;
mod color;
mod double;
pub mod draw;
mod eval;
mod fen;
pub mod guide;
mod identify;
mod lookup;
#[cfg(feature = "macros")]
mod macros;
mod numbering;
mod parse;
mod position_set;
pub mod printed_tables;
#[cfg(feature = "rand")]
mod random;
#[cfg(feature = "seeded")]
mod sample;
#[cfg(feature = "seeded")]
mod seeded;
#[cfg(feature = "serde")]
mod serialization;
mod square;
#[cfg(feature = "svg")]
#[cfg_attr(docsrs, doc(cfg(feature = "svg")))]
pub mod svg;
mod uci;

pub use bitboard::Bitboards;
pub use book::{Book, BookEntry, BookFormat, DoublePositions};
pub use castling::{Castling, CastlingSide, ParseCastlingSideError};
pub use chess960_core::{
    Decomposition, File, KNIGHT_SLOTS, ParseFileError, Piece, PositionError, Spelling,
    read_position,
};
pub use color::{Color, ParseColorError};
pub use double::{DoubleIdError, DoublePosition, Ranks};
pub use eval::{Eval, Wdl};
pub use fen::{Fen, FenError, FenStyle};
pub use identify::{
    CastlingRights, Departure, Departures, DeparturesIter, Identification, identify_fen,
};
#[cfg(feature = "phf")]
#[cfg_attr(docsrs, doc(cfg(feature = "phf")))]
pub use lookup::RANK_TO_ID;
pub use lookup::TABLE;
#[cfg(feature = "macros")]
#[doc(hidden)]
pub use macros::__private;
pub use numbering::NumberingError;
pub use parse::{
    EvalBound, EvalRangeError, ParseDoublePositionError, ParsePositionError, ParsePositionSetError,
};
pub use position::Position;
pub use position_set::{PositionSet, Positions};
#[cfg(feature = "rand")]
pub use random::AllExcludedError;
#[cfg(feature = "rand_core_0_9")]
pub use random::RandCore09;
#[cfg(feature = "seeded")]
#[cfg_attr(docsrs, doc(cfg(feature = "seeded")))]
pub use sample::{seeded_sample, seeded_shuffle};
#[cfg(feature = "seeded")]
#[cfg_attr(docsrs, doc(cfg(feature = "seeded")))]
pub use seeded::{SeededDraw, SeededRound, TooFewPositionsError, seeded_candidate};
pub use square::{ParseSquareError, Square};
pub use uci::{ParseUciMoveError, UciMove};
