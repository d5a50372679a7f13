//! Every `chess960 dice` method run through the command: records found by
//! the library's draw functions give, through the command, the position
//! the library gives; a record cut short is one error line, exit 2.

use crate::common::run;
use chess960::Position;
use chess960::draw::{self, Card, Coin, DrawError};

/// A draw procedure of the library, on outcomes of type `T`.
type Procedure<T> = fn(&[T]) -> Result<Position, DrawError>;

/// A small deterministic generator (xorshift), so that the records are the
/// same on every run.
struct Outcomes(u64);

impl Outcomes {
    fn below(&mut self, bound: u8) -> u8 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        u8::try_from(self.0 % u64::from(bound)).unwrap()
    }
}

/// A complete record for `procedure`: outcomes drawn by `next` (given the
/// index) and appended while the record is too short or ends on a throw
/// to repeat.
fn record<T: Copy>(
    procedure: impl Fn(&[T]) -> Result<Position, DrawError>,
    mut next: impl FnMut(usize) -> T,
) -> (Vec<T>, Position) {
    let mut outcomes = Vec::new();
    loop {
        outcomes.push(next(outcomes.len()));
        match procedure(&outcomes) {
            Ok(position) => return (outcomes, position),
            Err(DrawError::TooFewOutcomes { .. } | DrawError::MustRepeat { .. }) => {}
            Err(error) => panic!("a generated record breaks a rule: {error}"),
        }
    }
}

/// Checks `method` on `text` (the record as the command takes it): the
/// command prints `id rank` for the whole record, and one error line
/// (exit 2) for `short`, the record without its last outcome.
fn check(method: &str, text: &str, short: &str, position: Position) {
    let output = run(&["dice", method, text]);
    assert!(output.status.success(), "{method} {text}: {output:?}");
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!("{} {position}\n", position.id()),
        "{method} {text}"
    );
    let output = run(&["dice", method, short]);
    assert_eq!(output.status.code(), Some(2), "{method} {short}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{method} {short}: {stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn every_dice_method_gives_the_libraries_position() {
    let dice: [(&str, Procedure<u8>, &[u8]); 5] = [
        ("althofer-die", draw::althofer_die, &[6]),
        ("optimised-die", draw::optimised_die, &[6]),
        ("d8-d4-d6-d20", draw::d8_d4_d6_d20, &[8, 4, 6, 20]),
        (
            "d8-d4-d6-d20-d12",
            draw::d8_d4_d6_d20_d12,
            &[8, 4, 6, 20, 12],
        ),
        ("d4-d4-d6-d10", draw::d4_d4_d6_d10, &[4, 4, 6, 10]),
    ];
    let coins: [(&str, Procedure<Coin>); 4] = [
        ("two-coins", draw::two_coins),
        ("three-coins", draw::three_coins),
        ("one-coin-binary", draw::one_coin_binary),
        ("ten-bit-layout", draw::ten_bit_layout),
    ];
    let mut outcomes = Outcomes(0x9E37_79B9_7F4A_7C15);
    for _ in 0..3 {
        for (method, procedure, sides) in dice {
            let (faces, position) = record(procedure, |index| {
                1 + outcomes.below(sides[index.min(sides.len() - 1)])
            });
            let text: Vec<String> = faces.iter().map(u8::to_string).collect();
            check(
                method,
                &text.join("-"),
                &text[..text.len() - 1].join("-"),
                position,
            );
        }
        for (method, procedure) in coins {
            let (tosses, position) = record(procedure, |_| {
                if outcomes.below(2) == 0 {
                    Coin::Heads
                } else {
                    Coin::Tails
                }
            });
            let text: String = tosses
                .iter()
                .map(|coin| if *coin == Coin::Heads { 'H' } else { 'T' })
                .collect();
            check(method, &text, &text[..text.len() - 1], position);
        }
        // A shuffled deck (Fisher-Yates).
        let mut deck: Vec<Card> = Card::ALL
            .iter()
            .flat_map(|&card| std::iter::repeat_n(card, usize::from(card.count())))
            .collect();
        for index in (1..deck.len()).rev() {
            let other = usize::from(outcomes.below(u8::try_from(index + 1).unwrap()));
            deck.swap(index, other);
        }
        let position = draw::fourteen_cards(&deck).unwrap();
        let text: String = deck.iter().map(ToString::to_string).collect();
        check("fourteen-cards", &text, &text[..text.len() - 1], position);
    }
}
