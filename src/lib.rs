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
//! # Ok::<(), chess960::Error>(())
//! ```
#![no_std]
#![warn(clippy::unwrap_used, clippy::expect_used)]

#[cfg(feature = "pgn")]
extern crate std;

mod bitboard;
mod castling;
mod colour;
mod double;
pub mod draw;
mod fen;
mod file;
mod identify;
#[cfg(feature = "macros")]
mod macros;
mod numbering;
#[cfg(feature = "pgn")]
pub mod pgn;
mod position;
mod position_set;
#[cfg(feature = "rand")]
mod random;
#[cfg(feature = "serde")]
mod serialization;
mod square;
mod tables;
pub mod two_tables;
mod uci;

pub use bitboard::Bitboards;
pub use castling::{Castling, CastlingSide};
pub use chess960_core::{Decomposition, Error, KNIGHT_SLOTS, Piece};
pub use colour::Colour;
pub use double::{DoubleIdError, DoublePosition};
pub use fen::{Fen, FenError, FenStyle};
pub use file::File;
pub use identify::{
    CastlingRights, Departure, Departures, DeparturesIter, Identification, identify_fen,
};
#[cfg(feature = "macros")]
#[doc(hidden)]
pub use macros::__private;
pub use numbering::{FRITZ9_SKELETON_TABLE, NumberingError};
pub use position::Position;
pub use position_set::PositionSet;
#[cfg(feature = "rand")]
pub use random::AllExcluded;
pub use square::Square;
pub use tables::{RANK_TO_ID, TABLE};
pub use uci::{ParseUciMoveError, UciMove};

/// The README's examples, run as doctests (they use the `macros` feature).
#[cfg(all(doctest, feature = "macros"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
