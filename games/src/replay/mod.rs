//! Replaying moves (feature `moves`): each game's main line replayed from
//! its start with full legality and written in UCI.
//!
//! The layer above [`read`](crate::read), which reads records and places
//! them; the statistics of results, the opening explorer's counts
//! included, are the layer above this one. A [`Replayer`] takes
//! a record's bytes as they stand ([`Reader::keep_raw`](crate::read::Reader::keep_raw))
//! and its [`GameKind`](crate::read::GameKind), reads the movetext as
//! writers write it (SAN with `+`, `#`, `!?`, NAGs, comments, side lines,
//! move numbers in every form, `--` null moves), finds each move among the
//! legal moves of the board ([cozy-chess](https://docs.rs/cozy-chess)
//! generates them, Chess960 castling included) and gives the moves in UCI
//! as engines write them: in a Chess960 game castling is the king taking
//! its own rook, in a standard game the king's two-square move.
//!
//! ```
//! use chess960_games::read::{GameKind, Reader};
//! use chess960_games::replay::Replayer;
//!
//! let pgn = "[Variant \"Chess960\"]\n\
//!            [FEN \"brnbqnkr/pppppppp/8/8/8/8/PPPPPPPP/BRNBQNKR w KQkq - 0 1\"]\n\n\
//!            1. Ne3 { [%clk 0:03:00] } e6 2. O-O! (2. Nf5) Bf6 3. Nc4?? $4 *\n";
//! let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
//! let (record, raw) = reader.next_with_raw().unwrap();
//! let mut replayer = Replayer::new();
//! let game = replayer.replay(&GameKind::of(record), record.tags(), raw.unwrap(), None)?;
//! let uci: Vec<&str> = game.moves().iter().map(|ply| ply.uci()).collect();
//! // Castling moves only the rook: the king takes it, g1h1.
//! assert_eq!(uci, ["f1e3", "e7e6", "g1h1", "d8f6", "e3c4"]);
//! # Ok::<(), chess960_games::replay::ReplayError>(())
//! ```

mod error;
mod movetext;
mod replayer;
mod san;
mod start;

pub use error::{MoveError, MoveErrorKind, NotReplayed, ReplayError};
pub(crate) use replayer::{MixHasher, write_san_line};
pub use replayer::{Ply, Replay, Replayer};
pub(crate) use san::write_chess960_uci;
pub use start::Notation;
