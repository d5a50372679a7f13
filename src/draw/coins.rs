//! Coin procedures: two coins, three coins, and one coin tossed ten times.
//!
//! A record is every coin as it fell, toss by toss, repeated tosses
//! included. When several coins are tossed together they are recorded in a
//! fixed order: the small coin, then the large coin, then the third coin.

use super::board::Board;
use super::error::DrawError;
use super::outcome::Coin;
use super::record::Record;
use crate::Position;
use crate::printed_tables::BISHOPS_TABLE;

/// The small coin counts tails 0, heads 2.
const fn small(coin: Coin) -> u8 {
    match coin {
        Coin::Tails => 0,
        Coin::Heads => 2,
    }
}

/// The large coin counts tails 1, heads 2.
const fn large(coin: Coin) -> u8 {
    match coin {
        Coin::Tails => 1,
        Coin::Heads => 2,
    }
}

/// The third coin counts tails 0, heads 4.
const fn third(coin: Coin) -> u8 {
    match coin {
        Coin::Tails => 0,
        Coin::Heads => 4,
    }
}

/// A toss of the small and the large coin: 1..=4, equally likely.
fn one_to_four(record: &mut Record<'_, Coin>) -> Result<u8, DrawError> {
    let [s, l] = record.toss()?;
    Ok(small(s) + large(l))
}

/// Tosses of the small and the large coin until one gives 1..=3.
fn one_to_three(record: &mut Record<'_, Coin>) -> Result<u8, DrawError> {
    record.repeat_until(|record| {
        let value = one_to_four(record)?;
        Ok(if value <= 3 { Ok(value) } else { Err(value) })
    })
}

/// A simulated die from the two coins: `2 * (a - 1) + b` for `a` in 1..=3
/// from [`one_to_three`] and `b` in 1..=2 from a toss of the large coin.
fn two_coin_die(record: &mut Record<'_, Coin>) -> Result<u8, DrawError> {
    let a = one_to_three(record)?;
    let [b] = record.toss()?;
    Ok(2 * (a - 1) + large(b))
}

/// Tosses of all three coins until one gives at most `highest` (1..=8).
fn three_coins_at_most(record: &mut Record<'_, Coin>, highest: u8) -> Result<u8, DrawError> {
    record.repeat_until(|record| {
        let [s, l, t] = record.toss()?;
        let value = small(s) + large(l) + third(t);
        Ok(if value <= highest {
            Ok(value)
        } else {
            Err(value)
        })
    })
}

/// The two-coin method: a small coin (tails 0, heads 2) and a large one
/// (tails 1, heads 2), whose sum is 1..=4, equally likely.
///
/// The text gives only the two coins' rules for 1..=4, 1..=3 (toss again on
/// a 4) and 1..=2 (the large coin alone), and no full procedure. Decision:
/// follow [`althofer_die`](super::die::althofer_die)'s placements, with
/// - each bishop (dark, then light): one toss of both coins, 1..=4;
/// - the queen: a die made of the rules above, `2 * (a - 1) + b` with `a`
///   in 1..=3 and `b` the large coin alone, 1..=6;
/// - the first knight: the same die, made again from the start on a 6;
/// - the second knight: one toss of both coins, 1..=4.
///
/// All 960 positions are equally likely; a draw takes 122/15 = 8.13 tosses
/// on average, counting a toss of both coins and a toss of the large coin
/// alone as one toss each (proven by `tests/draws.rs`).
///
/// # Errors
/// [`DrawError::MustRepeat`] when the record ends with a toss to repeat;
/// [`DrawError::TooFewOutcomes`] or [`DrawError::TooManyOutcomes`] when the
/// record is shorter or longer than the draw.
///
/// ```
/// use chess960::{draw, Position};
/// use chess960::draw::Coin::{Heads as H, Tails as T};
///
/// let coins = [
///     T, H, // dark bishop: 0 + 2 = 2, c1
///     H, T, // light bishop: 2 + 1 = 3, f1
///     T, H, T, // queen: a = 2, b = 1, so 3: d1
///     T, T, H, // first knight: a = 1, b = 2, so 2: b1
///     H, T, // second knight: 3, g1
/// ];
/// assert_eq!(draw::two_coins(&coins)?, Position::STANDARD);
/// # Ok::<(), chess960::draw::DrawError>(())
/// ```
pub fn two_coins(coins: &[Coin]) -> Result<Position, DrawError> {
    let mut record = Record::new(coins);
    let mut board = Board::new();
    board.put_bishop(false, one_to_four(&mut record)? - 1);
    board.put_bishop(true, one_to_four(&mut record)? - 1);
    board.put_on_free(two_coin_die(&mut record)? - 1, b'Q');
    let knight = record.repeat_until(|record| {
        let value = two_coin_die(record)?;
        Ok(if value <= 5 { Ok(value) } else { Err(value) })
    })?;
    board.put_on_free(knight - 1, b'N');
    board.put_on_free(one_to_four(&mut record)? - 1, b'N');
    record.finish(board.finish())
}

/// The three-coin method: the small and large coins of [`two_coins`] and a
/// third coin (tails 0, heads 4); all three together give 1..=8, equally
/// likely. Each toss is recorded small, large, third.
///
/// - Each bishop (dark, then light): the small and large coins, 1..=4.
/// - Queen: all three coins, tossed again until 1..=6.
/// - First knight: all three coins, tossed again until 1..=5.
/// - Second knight: the small and large coins, 1..=4.
///
/// All 960 positions are equally likely; a draw takes 5 14/15 tosses on
/// average, as the text says (proven by `tests/draws.rs`).
///
/// # Errors
/// As [`two_coins`].
///
/// ```
/// use chess960::{draw, Position};
/// use chess960::draw::Coin::{Heads as H, Tails as T};
///
/// let coins = [
///     T, H, // c1
///     H, T, // f1
///     H, H, H, // 8: tossed again
///     H, T, T, // queen: 3
///     T, H, H, // 6: tossed again
///     T, H, T, // first knight: 2
///     H, T, // second knight: 3
/// ];
/// assert_eq!(draw::three_coins(&coins)?, Position::STANDARD);
/// # Ok::<(), chess960::draw::DrawError>(())
/// ```
pub fn three_coins(coins: &[Coin]) -> Result<Position, DrawError> {
    let mut record = Record::new(coins);
    let mut board = Board::new();
    board.put_bishop(false, one_to_four(&mut record)? - 1);
    board.put_bishop(true, one_to_four(&mut record)? - 1);
    board.put_on_free(three_coins_at_most(&mut record, 6)? - 1, b'Q');
    board.put_on_free(three_coins_at_most(&mut record, 5)? - 1, b'N');
    board.put_on_free(one_to_four(&mut record)? - 1, b'N');
    record.finish(board.finish())
}

/// Ten tosses of one coin, heads 0 and tails 1, first toss the highest bit;
/// the first four are tossed again while all four are tails (1111 would be
/// 960 or more). The number is 0..=959, each with probability 1/960.
fn ten_bits(record: &mut Record<'_, Coin>) -> Result<u16, DrawError> {
    let bit = |coin| match coin {
        Coin::Heads => 0,
        Coin::Tails => 1,
    };
    let high = record.repeat_until(|record| {
        let mut high = 0;
        for _ in 0..4 {
            let [coin] = record.toss()?;
            high = 2 * high + bit(coin);
        }
        Ok(if high < 15 { Ok(high) } else { Err(high) })
    })?;
    let mut bits = u16::from(high);
    for _ in 0..6 {
        let [coin] = record.toss()?;
        bits = 2 * bits + u16::from(bit(coin));
    }
    Ok(bits)
}

/// One coin tossed ten times, read as a Scharnagl id in binary: heads 0,
/// tails 1, the first toss the highest bit. The record is every toss; the
/// first four are tossed again while all four are tails.
///
/// All 960 positions are equally likely; a draw takes 10 + 4/15 = 10.27
/// tosses on average. Each of the first four is one coin, so a repeated
/// set of four counts four tosses.
///
/// # Errors
/// [`DrawError::MustRepeat`] when the record ends with four tails;
/// [`DrawError::TooFewOutcomes`] or [`DrawError::TooManyOutcomes`] when the
/// record is shorter or longer than the draw.
///
/// ```
/// use chess960::draw;
/// use chess960::draw::Coin::{Heads as H, Tails as T};
///
/// // 1011000011 is 707.
/// let position = draw::one_coin_binary(&[T, H, T, T, H, H, H, H, T, T])?;
/// assert_eq!((position.id(), position.as_str()), (707, "BRKQNNRB"));
/// # Ok::<(), chess960::draw::DrawError>(())
/// ```
pub fn one_coin_binary(coins: &[Coin]) -> Result<Position, DrawError> {
    let mut record = Record::new(coins);
    let id = ten_bits(&mut record)?;
    match Position::from_id(id) {
        Ok(position) => record.finish(position),
        // `ten_bits` stays below 960.
        Err(_) => unreachable!(),
    }
}

/// One coin tossed ten times, with the ten bits laid out as in the
/// "Creating starting positions" text: heads 0, tails 1, first toss the
/// highest bit, the first four tossed again while all tails.
///
/// - The last four bits (0..=15) place the bishops: the row of the Bishop's
///   table ([`BISHOPS_TABLE`]).
/// - The first four bits (0..=14) place the knights on two of the six free
///   squares. Decision (the text gives no order): pairs of free squares in
///   order, the left knight held while the right one moves: 0 is the 1st
///   and 2nd free squares, 4 the 1st and 6th, 5 the 2nd and 3rd, 14 the
///   5th and 6th.
/// - The two middle bits (0..=3) place the queen on one of the four squares
///   left, from the a-side.
///
/// All 960 positions are equally likely; tosses as [`one_coin_binary`].
///
/// # Errors
/// As [`one_coin_binary`].
///
/// ```
/// use chess960::{draw, Position};
/// use chess960::draw::Coin::{Heads as H, Tails as T};
///
/// // Knights 0111 = 7: the 2nd and 5th free squares; queen 01: the 2nd
/// // square left; bishops 0110 = 6: c1 and f1.
/// let coins = [H, T, T, T, H, T, H, T, T, H];
/// assert_eq!(draw::ten_bit_layout(&coins)?, Position::STANDARD);
/// # Ok::<(), chess960::draw::DrawError>(())
/// ```
pub fn ten_bit_layout(coins: &[Coin]) -> Result<Position, DrawError> {
    let mut record = Record::new(coins);
    let bits = ten_bits(&mut record)?;
    let mut board = Board::new();
    let bishops = BISHOPS_TABLE[usize::from(bits % 16)].letters();
    for (file, &letter) in bishops.iter().enumerate() {
        if letter == b'B' {
            board.put_on_file(file, letter);
        }
    }
    let (free, _) = board.free_files();
    let mut pairs = (0..5).flat_map(|left| (left + 1..6).map(move |right| [left, right]));
    let Some(knights) = pairs.nth(usize::from(bits >> 6)) else {
        unreachable!("the first four bits are at most 14")
    };
    for knight in knights {
        board.put_on_file(free[knight], b'N');
    }
    #[allow(clippy::cast_possible_truncation, reason = "two bits")]
    board.put_on_free((bits >> 4 & 3) as u8, b'Q');
    record.finish(board.finish())
}
