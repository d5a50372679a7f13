//! Chess960 (Fischer random chess) start positions, numbered 0..=959 by
//! Scharnagl's scheme (518 is `RNBQKBNR`).
//!
//! Lookups in both directions are constant-time: `build.rs` writes the
//! id -> rank [`TABLE`] and two perfect hashes rank -> id ([`RANK_TO_ID`] and
//! the faster one behind [`Position::from_rank`]) from the one `const fn`
//! derivation in `chess960-core`.
//!
//! ```
//! use chess960::Position;
//!
//! let position = Position::from_id(518)?;
//! assert_eq!(position.to_string(), "RNBQKBNR");
//! assert_eq!("BBQNNRKR".parse::<Position>()?.id(), 0);
//! assert_eq!("SP518".parse::<Position>()?, position);
//! # Ok::<(), chess960::ParsePositionError>(())
//! ```
//!
//! # How the modules are laid out
//!
//! Each type's core (its representation, constructors, accessors and
//! standard traits) lives in the module named after it: [`Position`] in
//! `position`, [`DoublePosition`] in `double`, and so on ([`File`] and
//! [`Piece`] live in `chess960-core`, whose errors name them).
//! A module for one concern that spans types adds `impl` blocks to them
//! there (`fen` writes and reads the FEN of [`Position`] and
//! [`DoublePosition`], `castling` and `bitboard` add the geometry,
//! `numbering` the other numberings, `parse` the reading of text in every
//! form, and the feature modules `random` and
//! `serialization` their traits and constructors), so a feature's code is in
//! one place and compiles out with it. Imports between modules go one way:
//! the type modules never import the concern modules that extend them. The
//! tables `build.rs` generates, and those evaluated from them at compile
//! time, live in `lookup`.
#![no_std]
#![warn(clippy::unwrap_used, clippy::expect_used)]

#[cfg(feature = "pgn")]
extern crate std;

// First, so that rustdoc lists `Position`'s constructors and accessors
// before the methods other modules add (it follows declaration order).
mod position;

mod bitboard;
mod castling;
mod colour;
mod double;
pub mod draw;
mod fen;
mod identify;
mod lookup;
#[cfg(feature = "macros")]
mod macros;
mod numbering;
mod parse;
#[cfg(feature = "pgn")]
pub mod pgn;
mod position_set;
pub mod printed_tables;
#[cfg(feature = "rand")]
mod random;
#[cfg(feature = "seeded")]
mod seeded;
#[cfg(feature = "serde")]
mod serialization;
mod square;
#[cfg(feature = "svg")]
pub mod svg;
mod uci;

pub use bitboard::Bitboards;
pub use castling::{Castling, CastlingSide, ParseCastlingSideError};
pub use chess960_core::{
    Decomposition, File, KNIGHT_SLOTS, ParseFileError, Piece, PositionError, Spelling,
    read_position,
};
pub use colour::{Colour, ParseColourError};
pub use double::{DoubleIdError, DoublePosition, ParseDoublePositionError};
pub use fen::{Fen, FenError, FenStyle};
pub use identify::{
    CastlingRights, Departure, Departures, DeparturesIter, Identification, identify_fen,
};
#[cfg(feature = "phf")]
pub use lookup::RANK_TO_ID;
pub use lookup::TABLE;
#[cfg(feature = "macros")]
#[doc(hidden)]
pub use macros::__private;
pub use numbering::NumberingError;
pub use parse::ParsePositionError;
pub use position::Position;
pub use position_set::{PositionSet, Positions};
#[cfg(feature = "rand")]
pub use random::AllExcluded;
#[cfg(feature = "seeded")]
pub use seeded::{SeededDraw, SeededRound, TooFewPositions, seeded_candidate};
pub use square::{ParseSquareError, Square};
pub use uci::{ParseUciMoveError, UciMove};

/// The former name of [`PositionError`], kept while the modules that still
/// name it move to the new name; not part of the API.
#[doc(hidden)]
pub type Error = PositionError;

/// The README's examples, run as doctests (they use the `macros` feature).
#[cfg(all(doctest, feature = "macros"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
