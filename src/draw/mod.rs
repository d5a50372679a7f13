//! Drawing a position by hand with dice, coins or cards: every procedure of
//! the reference texts as a pure function from the physical outcomes to the
//! position, so that an arbiter's draw can be checked and a program can
//! simulate one.
//!
//! A procedure takes the record of every outcome in the order it came,
//! including throws the rules say to repeat (they are skipped as the rules
//! say). It returns the position, or a [`DrawError`] naming the broken rule:
//! a face the die lacks, a record that ends on a throw to repeat (which
//! one), or a record too short (and what comes next) or too long.
//!
//! | procedure | outcomes | throws on average |
//! | --- | --- | --- |
//! | [`althofer_die`] | d6 faces | 67/10 = 6.7 |
//! | [`optimised_die`] | d6 faces | 88/15 = 5.87 (the text says 6.2) |
//! | [`d8_d4_d6_d20`] | one throw of four dice | 1 |
//! | [`d8_d4_d6_d20_d12`] | one throw of five dice | 1 |
//! | [`d4_d4_d6_d10`] | one throw of four dice | 1 |
//! | [`two_coins`] | coins | 122/15 = 8.13 tosses |
//! | [`three_coins`] | coins | 89/15 = 5 14/15 tosses |
//! | [`one_coin_binary`], [`ten_bit_layout`] | one coin | 154/15 = 10.27 tosses |
//! | [`fourteen_cards`] | a shuffled deck | one shuffle |
//!
//! Every procedure gives each of the 960 positions the same probability;
//! `tests/draws.rs` proves it, and the averages above, with exact rational
//! arithmetic over every record.
//!
//! ```
//! use chess960::{draw, Position};
//! use chess960::draw::DrawError;
//!
//! assert_eq!(draw::althofer_die(&[2, 3, 3, 2, 3])?, Position::STANDARD);
//! assert_eq!(
//!     draw::althofer_die(&[2, 3, 7]),
//!     Err(DrawError::FaceOutOfRange { index: 2, face: 7, sides: 6 })
//! );
//! # Ok::<(), DrawError>(())
//! ```

mod board;
mod cards;
mod coins;
mod die;
mod error;
mod outcome;
mod polyhedral;
mod record;

pub use cards::fourteen_cards;
pub use coins::{one_coin_binary, ten_bit_layout, three_coins, two_coins};
pub use die::{althofer_die, optimised_die};
pub use error::{DrawError, Throw};
pub use outcome::{Card, Coin};
pub use polyhedral::{d4_d4_d6_d10, d8_d4_d6_d20, d8_d4_d6_d20_d12};
