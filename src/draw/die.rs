//! One six-sided die: Althöfer's procedure (1998) and its optimised form.

use super::board::Board;
use super::error::DrawError;
use super::record::Record;
use crate::Position;

/// Ingo Althöfer's single-die procedure, from the record of every throw,
/// repeated ones included.
///
/// 1. Dark-square bishop: 1..=4 is a1, c1, e1, g1; a 5 or 6 is thrown again.
/// 2. Light-square bishop: 1..=4 is b1, d1, f1, h1; a 5 or 6 is thrown again.
/// 3. Queen: on the n-th free square from the a-side (1..=6).
/// 4. First knight: on the n-th free square (1..=5); a 6 is thrown again.
/// 5. Second knight: on the n-th free square (1..=4); a 5 or 6 is thrown again.
///
/// Rook, king, rook take the three squares left. All 960 positions are
/// equally likely; a draw takes 6.7 throws on average (67/10, as the text
/// says; proven by `tests/draws.rs`).
///
/// # Errors
/// [`DrawError::FaceOutOfRange`] for a face outside 1..=6;
/// [`DrawError::MustRepeat`] when the record ends with a throw the rules
/// repeat; [`DrawError::TooFewOutcomes`] or [`DrawError::TooManyOutcomes`]
/// when the record is shorter or longer than the draw.
///
/// ```
/// use chess960::{draw, Position};
///
/// assert_eq!(draw::althofer_die(&[2, 3, 3, 2, 3])?, Position::STANDARD);
/// assert_eq!(draw::althofer_die(&[2, 3, 3, 4, 2])?, Position::STANDARD);
/// // A 5 for the first bishop is thrown again.
/// assert_eq!(draw::althofer_die(&[5, 2, 3, 3, 2, 3])?, Position::STANDARD);
/// # Ok::<(), chess960::draw::DrawError>(())
/// ```
pub fn althofer_die(throws: &[u8]) -> Result<Position, DrawError> {
    let mut record = Record::new(throws);
    let mut board = Board::new();
    board.put_bishop(false, record.roll_at_most(6, 4)? - 1);
    board.put_bishop(true, record.roll_at_most(6, 4)? - 1);
    board.put_on_free(record.roll(6)? - 1, b'Q');
    board.put_on_free(record.roll_at_most(6, 5)? - 1, b'N');
    board.put_on_free(record.roll_at_most(6, 4)? - 1, b'N');
    record.finish(board.finish())
}

/// The optimised single-die procedure, from the record of every throw.
///
/// - Each bishop (dark first, as in [`althofer_die`]): a first throw of
///   1..=4 places it. After a 5 or 6 the die is thrown once more: 1..=4
///   places it, and a second 5 or 6 maps the pair: 5-5 is 1, 5-6 is 2, 6-5
///   is 3, 6-6 is 4. Nothing is ever thrown again.
/// - Queen (1..=6) and first knight (1..=5, a 6 thrown again) as usual.
/// - Second knight, one throw: 1..=4 is the n-th of the four free squares;
///   5 is the next free square after the first knight and 6 the one after
///   that, counting the five squares that were free before the first knight
///   was placed in a circle (past the h-side one comes the a-side one).
///   Decision: "next" is towards the h-file, as the squares are counted.
///
/// All 960 positions are equally likely (the second knight alone is not
/// uniform, but the pair of identical knights is). A draw takes 88/15 =
/// 5.87 throws on average, not the 6.2 the reference text claims: 6.2 is
/// Althöfer's 6.7 less the second knight's saving only; the bishops save
/// another 1/3 (4/3 throws each instead of 3/2). Proven by `tests/draws.rs`.
///
/// # Errors
/// As [`althofer_die`].
///
/// ```
/// use chess960::{draw, Position};
///
/// // Bishops c1 (2) and f1 (6 then 3); queen 3rd free; knight 2nd free;
/// // second knight: 6 = two free squares on from the first knight.
/// assert_eq!(draw::optimised_die(&[2, 6, 3, 3, 2, 6])?, Position::STANDARD);
/// // 5-6 maps to 2.
/// assert_eq!(draw::optimised_die(&[5, 6, 6, 3, 3, 2, 3])?, Position::STANDARD);
/// # Ok::<(), chess960::draw::DrawError>(())
/// ```
pub fn optimised_die(throws: &[u8]) -> Result<Position, DrawError> {
    let mut record = Record::new(throws);
    let mut board = Board::new();
    for light in [false, true] {
        board.put_bishop(light, bishop_square(&mut record)? - 1);
    }
    board.put_on_free(record.roll(6)? - 1, b'Q');
    let (five_free, _) = board.free_files();
    let first_knight = record.roll_at_most(6, 5)? - 1;
    board.put_on_free(first_knight, b'N');
    match record.roll(6)? {
        relative @ 5..=6 => {
            let slot = (usize::from(first_knight) + usize::from(relative - 4)) % 5;
            board.put_on_file(five_free[slot], b'N');
        }
        face => board.put_on_free(face - 1, b'N'),
    }
    record.finish(board.finish())
}

/// A bishop's square, 1..=4, by the optimised rules: one throw, or two.
fn bishop_square(record: &mut Record<'_, u8>) -> Result<u8, DrawError> {
    let first = record.roll(6)?;
    if first <= 4 {
        return Ok(first);
    }
    Ok(match (first, record.roll(6)?) {
        (_, second @ 1..=4) => second,
        (5, 5) => 1,
        (5, _) => 2,
        (_, 5) => 3,
        _ => 4,
    })
}
