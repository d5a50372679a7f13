//! The single source of truth for Chess960 start positions: Scharnagl's
//! numbering as `const fn` arithmetic in both directions, with validation
//! that names the broken rule.
//!
//! This crate is `#![no_std]` and has no dependencies (serde only with the
//! `serde` feature), so that the `chess960`
//! crate's build script, its proc macro and its tests can all use the same
//! derivation. Most users want the `chess960` crate instead, which adds the
//! build-time tables, the `Position` type and constant-time lookups.
//!
//! ```
//! use chess960_core::{Spelling, id_from_rank, rank_from_id, read_position};
//!
//! assert_eq!(rank_from_id(518), Ok(*b"RNBQKBNR"));
//! assert_eq!(id_from_rank(b"BBQNNRKR"), Ok(0));
//! assert_eq!(read_position("SP518"), Ok(Spelling::Id(518)));
//! ```
//!
//! # A position written as text
//!
//! [`read_position`] is the one reader of a position written as text, used
//! by `chess960`'s `FromStr`, its serde support, its `sp!` macro and its
//! command line. It reads and refuses these forms:
//!
#![doc = __grammar_table!()]
//!
//! # Errors for people
//!
//! Every error is a [`PositionError`] holding typed values ([`File`],
//! [`Piece`], `char`); its `Display` names files by letter and characters as
//! themselves, never by a 0-based index.
// docs.rs builds with `--cfg docsrs`: the `serde` impls show their feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![no_std]
#![warn(clippy::unwrap_used, clippy::expect_used)]

mod decomposition;
mod error;
mod file;
mod grammar;
#[doc(hidden)]
pub mod perfect_hash;
mod piece;
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod serialization;
mod text;

pub use decomposition::{
    Decomposition, KNIGHT_SLOTS, POSITION_COUNT, STANDARD_ID, id_from_rank, rank_from_id,
};
pub use error::PositionError;
pub use file::{File, ParseFileError};
pub use grammar::{Spelling, read_position};
pub use piece::Piece;
pub use text::rank_from_text;
