//! The model, the lowest layer: what the db is about, with no storage
//! behind it. Position keys and boards, the lines games play, a
//! position's entry (its moves and games), a game's record, the questions
//! asked and their answers, and the bytes they are written as.

pub mod board;
pub mod codec;
pub mod entry;
pub mod eval;
pub mod game;
pub mod key;
pub mod line;
pub(crate) mod move_code;
pub mod query;
pub mod score;
