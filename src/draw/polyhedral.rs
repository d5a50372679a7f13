//! Polyhedral dice thrown once, all together: nothing is ever thrown again.
//!
//! A single throw of several dice has no order, so each procedure takes the
//! faces in the order its dice are named in the text (and in its doc).

use super::board::Board;
use super::error::DrawError;
use super::record::Record;
use crate::Position;

/// Places both bishops from a d8 and a d4: the d8 puts the first bishop on
/// one of the eight files (1 is the a-file), the d4 the other on the n-th
/// square of the opposite colour, counting from the a-side.
fn bishops_from_d8_d4(record: &mut Record<'_, u8>, board: &mut Board) -> Result<(), DrawError> {
    let file = record.roll(8)? - 1;
    board.put_on_file(usize::from(file), b'B');
    let first_is_light = file % 2 == 1;
    board.put_bishop(!first_is_light, record.roll(4)? - 1);
    Ok(())
}

/// The d8, d4, d6, d20 set: faces `[d8, d4, d6, d20]`.
///
/// Bishops from the d8 (any file, 1 = a) and the d4 (the n-th square of
/// the other colour from the a-side); the queen on the d6-th free square;
/// the d20 read as a d5 and a d4: its group of four, `x = ceil(d20 / 4)`,
/// places the first knight on the x-th of the five free squares, and its
/// place in the group, `y = (d20 - 1) % 4 + 1`, places the second knight on
/// the y-th of the four squares then free. Decision: the text's "remainder
/// plus one" is read through its examples (20 is group 5, place 4; 11 is
/// group 3, place 3), which this formula matches.
///
/// Each of the 960 positions comes from exactly 4 of the 3840 throws.
///
/// # Errors
/// [`DrawError::FaceOutOfRange`] for a face the die lacks;
/// [`DrawError::TooFewOutcomes`] or [`DrawError::TooManyOutcomes`] unless
/// four faces are given.
///
/// ```
/// use chess960::{draw, Position};
///
/// // c1 (d8: 3) and f1 (d4: 3rd light square); queen on the 3rd free
/// // square; d20 = 7: group 2, place 3.
/// assert_eq!(draw::d8_d4_d6_d20(&[3, 3, 3, 7])?, Position::STANDARD);
/// assert_eq!(draw::d8_d4_d6_d20(&[6, 2, 3, 7])?, Position::STANDARD);
/// # Ok::<(), chess960::draw::DrawError>(())
/// ```
pub fn d8_d4_d6_d20(faces: &[u8]) -> Result<Position, DrawError> {
    let mut record = Record::new(faces);
    let mut board = Board::new();
    bishops_from_d8_d4(&mut record, &mut board)?;
    board.put_on_free(record.roll(6)? - 1, b'Q');
    let d20 = record.roll(20)?;
    board.put_on_free((d20 - 1) / 4, b'N');
    board.put_on_free((d20 - 1) % 4, b'N');
    record.finish(board.finish())
}

/// The d8, d4, d6, d20, d12 variant: faces `[d8, d4, d6, d20, d12]`.
///
/// Bishops and queen as in [`d8_d4_d6_d20`]. The first knight counts the
/// d20 around the five free squares, looping from the h-side back to the
/// a-side (square `(d20 - 1) % 5 + 1`); the second counts the d12 around
/// the four squares then free (square `(d12 - 1) % 4 + 1`).
///
/// Each of the 960 positions comes from exactly 48 of the 46080 throws.
///
/// # Errors
/// As [`d8_d4_d6_d20`], with five faces.
///
/// ```
/// use chess960::{draw, Position};
///
/// // d20 = 7 is the 2nd of five squares; d12 = 7 the 3rd of four.
/// assert_eq!(draw::d8_d4_d6_d20_d12(&[3, 3, 3, 7, 7])?, Position::STANDARD);
/// # Ok::<(), chess960::draw::DrawError>(())
/// ```
pub fn d8_d4_d6_d20_d12(faces: &[u8]) -> Result<Position, DrawError> {
    let mut record = Record::new(faces);
    let mut board = Board::new();
    bishops_from_d8_d4(&mut record, &mut board)?;
    board.put_on_free(record.roll(6)? - 1, b'Q');
    board.put_on_free((record.roll(20)? - 1) % 5, b'N');
    board.put_on_free((record.roll(12)? - 1) % 4, b'N');
    record.finish(board.finish())
}

/// Two d4s of different colours, a d6 and a d10: faces
/// `[light d4, dark d4, d6, d10]`, one way per position (4 x 4 x 6 x 10 =
/// 960).
///
/// Decision: the first d4 places the light-square bishop (b, d, f, h), the
/// second the dark-square one (a, c, e, g); the text leaves the colours
/// open, and this order makes its claim hold: the Scharnagl id is
/// `(light - 1) + 4 * (dark - 1) + 16 * (d6 - 1) + 96 * (d10 - 1)`.
///
/// The queen goes on the d6-th free square. The d10 counts knight
/// placements on the five free squares as the text does: one knight on the
/// first free square, the other on the 2nd to 5th (counts 1 to 4), then the
/// first knight one square on (counts 5 to 7), and so on, up to both on the
/// last two squares (count 10).
///
/// # Errors
/// As [`d8_d4_d6_d20`].
///
/// ```
/// use chess960::{draw, Position};
///
/// // 518 = 2 + 4 * 1 + 16 * 2 + 96 * 5: faces 3, 2, 3, 6.
/// assert_eq!(draw::d4_d4_d6_d10(&[3, 2, 3, 6])?, Position::STANDARD);
/// # Ok::<(), chess960::draw::DrawError>(())
/// ```
pub fn d4_d4_d6_d10(faces: &[u8]) -> Result<Position, DrawError> {
    let mut record = Record::new(faces);
    let mut board = Board::new();
    board.put_bishop(true, record.roll(4)? - 1);
    board.put_bishop(false, record.roll(4)? - 1);
    board.put_on_free(record.roll(6)? - 1, b'Q');
    let [left, right] = counted_knights(record.roll(10)?);
    // Place the right-hand knight first, so that `left` still counts the
    // same free squares.
    board.put_on_free(right, b'N');
    board.put_on_free(left, b'N');
    record.finish(board.finish())
}

/// The d10's count (1..=10): the two knights' squares among five, counted
/// as the text describes, the left knight held while the right one moves.
fn counted_knights(count: u8) -> [u8; 2] {
    let mut counted = 0;
    for left in 0..4 {
        for right in left + 1..5 {
            counted += 1;
            if counted == count {
                return [left, right];
            }
        }
    }
    unreachable!("the d10 shows 1 to 10")
}
