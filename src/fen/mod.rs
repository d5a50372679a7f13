//! FEN for start positions, both ways: [`Position::fen`](crate::Position::fen) writes one with
//! X-FEN (`KQkq`) or Shredder-FEN (`HAha`) castling rights, and
//! [`Position::from_fen`](crate::Position::from_fen) reads any FEN back to its position or says which
//! rule of a Chess960 start it breaks; [`DoublePosition::fen`](crate::DoublePosition::fen) and
//! [`DoublePosition::from_fen`](crate::DoublePosition::from_fen) do the same for double Chess960 starts.
//!
//! A start FEN always has 56 bytes, so [`Fen`] is a fixed-size buffer: no
//! allocation, and it can be built in const contexts.
//!
//! ```
//! use chess960::{FenStyle, Position};
//!
//! let position = Position::from_id(959)?; // RKRNNQBB
//! let fen = position.fen(FenStyle::Shredder);
//! assert_eq!(fen.as_str(), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1");
//! assert_eq!(Position::from_fen(fen.as_str()), Ok(position));
//! assert_eq!(Position::from_fen(position.fen(FenStyle::XFen).as_str()), Ok(position));
//! # Ok::<(), chess960::PositionError>(())
//! ```
//!
//! The parts, each on the ones before it: `error` ([`FenError`], the
//! rules a FEN can break), `text` ([`Fen`] and [`FenStyle`]: the text
//! written), `read` (every dialect read, with its fast paths) and `double`
//! (the same for [`DoublePosition`](crate::DoublePosition)).

mod double;
mod error;
mod read;
mod text;

pub use error::FenError;
pub(crate) use read::{ALL_RIGHTS, Reading, Rules, Setup, read, right_bit};
pub use text::{Fen, FenStyle};
