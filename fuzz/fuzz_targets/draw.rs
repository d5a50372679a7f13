//! Every draw procedure of `chess960::draw` on any record.
//!
//! Input: one byte choosing the procedure, then one byte per outcome (a
//! die's face as is; a coin's lowest bit, 1 for heads; a card as an index
//! into `Card::ALL`, modulo 11). Checks: an accepted record holds only
//! faces the dice have (and a deck holds each card as often as
//! `Card::count` says); every strict prefix of it is refused as too short
//! or ending on a throw to repeat, and one outcome more is refused as too
//! many; each error names what the record really holds (the face at its
//! index, the count of the card, a prefix that is a complete draw); every
//! error message is one line.
#![no_main]

use chess960::Position;
use chess960::draw::{self, Card, Coin, DrawError};
use chess960_fuzz::one_line;
use libfuzzer_sys::fuzz_target;

/// What a procedure reads: die faces, coins or cards.
enum Record {
    /// Faces of dice, with the number of sides of the die at each index
    /// (`None`: the same d6 for every throw).
    Dice(
        fn(&[u8]) -> Result<Position, DrawError>,
        Option<&'static [u8]>,
    ),
    /// Coins, tossed one or more at a time.
    Coins(fn(&[Coin]) -> Result<Position, DrawError>),
    /// A deck of cards.
    Cards,
}

/// The procedures, in the order the first byte picks them.
const PROCEDURES: [Record; 10] = [
    Record::Dice(draw::althofer_die, None),
    Record::Dice(draw::optimised_die, None),
    Record::Dice(draw::d8_d4_d6_d20, Some(&[8, 4, 6, 20])),
    Record::Dice(draw::d8_d4_d6_d20_d12, Some(&[8, 4, 6, 20, 12])),
    Record::Dice(draw::d4_d4_d6_d10, Some(&[4, 4, 6, 10])),
    Record::Coins(draw::two_coins),
    Record::Coins(draw::three_coins),
    Record::Coins(draw::one_coin_binary),
    Record::Coins(draw::ten_bit_layout),
    Record::Cards,
];

/// Runs `procedure` on `record` and checks it as the module doc says;
/// `in_range` is the reference check of an accepted record, `one_more` an
/// outcome to append; `reads_as_it_goes` says that a procedure stops
/// reading when the draw is complete (all but the deck, which is counted
/// as a whole), so a record too long has a complete draw as its prefix.
fn check<T: Copy + PartialEq + std::fmt::Debug>(
    procedure: impl Fn(&[T]) -> Result<Position, DrawError>,
    record: &[T],
    in_range: impl Fn(&[T]) -> bool,
    one_more: T,
    reads_as_it_goes: bool,
) {
    match procedure(record) {
        Ok(position) => {
            assert!(in_range(record), "accepted {record:?}");
            assert!(position.id() < 960);
            for end in 0..record.len() {
                let error = procedure(&record[..end]);
                assert!(
                    matches!(
                        error,
                        Err(DrawError::TooFewOutcomes { given, .. }) if given == end
                    ) || matches!(
                        error,
                        Err(DrawError::MustRepeat { index, .. }) if index < end
                    ),
                    "the prefix {:?} of {record:?} gives {error:?}",
                    &record[..end]
                );
            }
            let mut longer = record.to_vec();
            longer.push(one_more);
            assert_eq!(
                procedure(&longer),
                Err(DrawError::TooManyOutcomes {
                    used: record.len(),
                    given: record.len() + 1
                })
            );
        }
        Err(error) => {
            assert!(one_line(&error.to_string()), "{error:?}");
            match error {
                DrawError::TooFewOutcomes { given, .. } => assert_eq!(given, record.len()),
                DrawError::MustRepeat { index, .. } => assert!(index < record.len()),
                DrawError::TooManyOutcomes { used, given } => {
                    assert_eq!(given, record.len());
                    assert!(used < given);
                    if reads_as_it_goes {
                        assert!(procedure(&record[..used]).is_ok(), "{record:?}");
                    }
                }
                DrawError::FaceOutOfRange { .. } | DrawError::WrongCardCount { .. } => {}
                _ => panic!("an error this target does not know: {error:?}"),
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let [choice, outcomes @ ..] = data else {
        return;
    };
    match &PROCEDURES[usize::from(*choice) % PROCEDURES.len()] {
        Record::Dice(procedure, sides) => {
            let sides_at =
                |index: usize| sides.map_or(6, |sides| sides.get(index).copied().unwrap_or(0));
            let in_range = |faces: &[u8]| {
                faces
                    .iter()
                    .enumerate()
                    .all(|(index, &face)| (1..=sides_at(index)).contains(&face))
            };
            check(procedure, outcomes, in_range, 1, true);
            if let Err(DrawError::FaceOutOfRange { index, face, sides }) = procedure(outcomes) {
                assert_eq!(outcomes.get(index), Some(&face));
                assert_eq!(sides, sides_at(index));
                assert!(!(1..=sides).contains(&face));
                assert!(in_range(&outcomes[..index]), "{outcomes:?}");
            }
        }
        Record::Coins(procedure) => {
            let coins: Vec<Coin> = outcomes
                .iter()
                .map(|byte| {
                    if byte & 1 == 1 {
                        Coin::Heads
                    } else {
                        Coin::Tails
                    }
                })
                .collect();
            check(procedure, &coins, |_| true, Coin::Heads, true);
            assert!(!matches!(
                procedure(&coins),
                Err(DrawError::FaceOutOfRange { .. } | DrawError::WrongCardCount { .. })
            ));
        }
        Record::Cards => {
            let deck: Vec<Card> = outcomes
                .iter()
                .map(|byte| Card::ALL[usize::from(*byte) % Card::ALL.len()])
                .collect();
            let count = |deck: &[Card], card: Card| deck.iter().filter(|&&c| c == card).count();
            let full = |deck: &[Card]| {
                deck.len() == 14
                    && Card::ALL
                        .iter()
                        .all(|&card| count(deck, card) == usize::from(card.count()))
            };
            // A deck is complete or wrong as a whole, so its strict
            // prefixes are too short; the check above still holds.
            check(draw::fourteen_cards, &deck, full, Card::Rook, false);
            if let Err(DrawError::WrongCardCount {
                card,
                expected,
                found,
            }) = draw::fourteen_cards(&deck)
            {
                assert_eq!(deck.len(), 14);
                assert_eq!(expected, card.count());
                assert_eq!(usize::from(found), count(&deck, card));
                assert_ne!(found, expected);
                let first = Card::ALL
                    .iter()
                    .find(|&&c| count(&deck, c) != usize::from(c.count()));
                assert_eq!(first, Some(&card));
            }
        }
    }
});
