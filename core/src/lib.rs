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
mod serialization;
mod text;

pub use decomposition::{Decomposition, KNIGHT_SLOTS};
pub use error::PositionError;
pub use file::{File, ParseFileError};
pub use grammar::{Spelling, read_position};
pub use piece::Piece;
pub use text::rank_from_text;

/// How many Chess960 start positions there are: ids run from 0 to 959.
///
/// ```
/// assert_eq!(chess960_core::POSITION_COUNT, 4 * 4 * 6 * 10);
/// ```
pub const POSITION_COUNT: u16 = 960;

/// The id of the classical start position, `RNBQKBNR`.
///
/// ```
/// assert_eq!(chess960_core::rank_from_id(chess960_core::STANDARD_ID), Ok(*b"RNBQKBNR"));
/// ```
pub const STANDARD_ID: u16 = 518;

/// White's back rank (a-file first, uppercase ASCII letters) of start position `id`.
///
/// # Errors
/// [`PositionError::IdOutOfRange`] when `id` is 960 or more.
///
/// ```
/// assert_eq!(chess960_core::rank_from_id(959), Ok(*b"RKRNNQBB"));
/// assert!(chess960_core::rank_from_id(960).is_err());
/// ```
#[inline]
pub const fn rank_from_id(id: u16) -> Result<[u8; 8], PositionError> {
    match Decomposition::from_id(id) {
        Ok(parts) => Ok(parts.rank()),
        Err(error) => Err(error),
    }
}

/// The Scharnagl id of a back rank given as uppercase ASCII letters, a-file first.
///
/// # Errors
/// The first broken rule, in the order documented on [`Decomposition::from_rank`].
///
/// ```
/// use chess960_core::{File, PositionError, id_from_rank};
///
/// assert_eq!(id_from_rank(b"RNBQKBNR"), Ok(518));
/// assert_eq!(
///     id_from_rank(b"RNBKQNBR"),
///     Err(PositionError::BishopsOnSameColour { files: [File::C, File::G] })
/// );
/// assert_eq!(
///     id_from_rank(b"rnbqkbnr"),
///     Err(PositionError::InvalidByte { file: File::A, byte: b'r' })
/// );
/// ```
#[inline]
pub const fn id_from_rank(rank: &[u8; 8]) -> Result<u16, PositionError> {
    match Decomposition::from_rank(rank) {
        Ok(parts) => Ok(parts.id()),
        Err(error) => Err(error),
    }
}
