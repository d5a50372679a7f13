//! The 14-card shuffle: eight cards marked with the files and six marked
//! with the pieces other than the bishops.

use super::board::Board;
use super::error::{DrawError, Throw};
use super::outcome::Card;
use crate::Position;

/// The 14-card shuffle, from the deck in its shuffled order.
///
/// The cards are dealt, in order, into three rows: the dark-square files
/// (a, c, e, g), the light-square files (b, d, f, h), and the pieces. The
/// first card of each file row places a bishop; the piece cards, in order,
/// fill the six free squares from the a-side, and the king takes the middle
/// of the three squares the rook cards mark.
///
/// Each position comes from the same number of decks: 24 x 24 x 60 orders
/// within the rows give each position 36 times, and every interleaving of
/// the rows gives the same position (proven by `tests/draws.rs`).
///
/// # Errors
/// [`DrawError::TooFewOutcomes`] or [`DrawError::TooManyOutcomes`] for a
/// deck that is not 14 cards; [`DrawError::WrongCardCount`] for a card that
/// appears too often or too rarely.
///
/// ```
/// use chess960::{draw, File, Position};
/// use chess960::draw::Card::{Knight as N, Queen as Q, Rook as R, Square};
///
/// let [a, b, c, d, e, f, g, h] = File::ALL.map(Square);
/// let deck = [R, c, N, f, Q, a, R, N, b, R, d, e, g, h];
/// assert_eq!(draw::fourteen_cards(&deck)?, Position::STANDARD);
/// # Ok::<(), chess960::draw::DrawError>(())
/// ```
pub fn fourteen_cards(deck: &[Card]) -> Result<Position, DrawError> {
    const DECK_SIZE: usize = 14;
    if deck.len() < DECK_SIZE {
        return Err(DrawError::TooFewOutcomes {
            given: deck.len(),
            next: Throw::Card,
        });
    }
    if deck.len() > DECK_SIZE {
        return Err(DrawError::TooManyOutcomes {
            used: DECK_SIZE,
            given: deck.len(),
        });
    }
    for card in Card::ALL {
        let found = deck.iter().filter(|&&dealt| dealt == card).count();
        if found != usize::from(card.count()) {
            return Err(DrawError::WrongCardCount {
                card,
                expected: card.count(),
                #[allow(clippy::cast_possible_truncation, reason = "at most 14")]
                found: found as u8,
            });
        }
    }

    let mut board = Board::new();
    for light in [false, true] {
        let first_of_row = deck.iter().find_map(|card| match card {
            Card::Square(file) if file.is_light_on_first_rank() == light => Some(*file),
            _ => None,
        });
        if let Some(file) = first_of_row {
            board.put_on_file(usize::from(file.index()), b'B');
        }
    }
    let (free, _) = board.free_files();
    let pieces = deck.iter().filter(|card| !matches!(card, Card::Square(_)));
    for (&file, card) in free.iter().zip(pieces) {
        match card {
            Card::Knight => board.put_on_file(file, b'N'),
            Card::Queen => board.put_on_file(file, b'Q'),
            // Rook squares stay free for rook, king, rook.
            _ => {}
        }
    }
    Ok(board.finish())
}
