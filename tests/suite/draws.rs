//! Every manual draw procedure, proven uniform with exact rational
//! arithmetic over every record of outcomes (the prover is in `prover`),
//! with its exact average number of throws; plus the reference texts'
//! examples and the error cases.

mod prover;
mod ratio;

use chess960::draw::{self, Card, Coin, DrawError, Throw};
use chess960::{File, Position};
use proptest::prelude::*;
use prover::{Procedure, prove_uniform};
use ratio::Ratio;
use std::collections::BTreeMap;

/// Every face of the die asked for, one throw each.
fn die_faces(throw: Throw) -> Vec<Vec<u8>> {
    let Throw::Die { sides } = throw else {
        panic!("a die procedure asked for {throw}")
    };
    (1..=sides).map(|face| vec![face]).collect()
}

/// Every way the coins asked for can fall, one toss each.
fn coin_tosses(throw: Throw) -> Vec<Vec<Coin>> {
    let Throw::Coins { count } = throw else {
        panic!("a coin procedure asked for {throw}")
    };
    (0..1u32 << count)
        .map(|bits| {
            (0..count)
                .map(|coin| {
                    if bits >> coin & 1 == 1 {
                        Coin::Heads
                    } else {
                        Coin::Tails
                    }
                })
                .collect()
        })
        .collect()
}

/// Each die procedure and its exact average number of throws (for the
/// polyhedral sets, the number of dice in their one throw). The text claims
/// 6.2 for the optimised die; the procedure it describes takes 88/15.
#[test]
fn die_procedures_are_uniform_with_their_average_throws() {
    let procedures: [(&str, Procedure<u8>, Ratio); 5] = [
        ("althofer_die", draw::althofer_die, Ratio::new(67, 10)),
        ("optimised_die", draw::optimised_die, Ratio::new(88, 15)),
        ("d8_d4_d6_d20", draw::d8_d4_d6_d20, Ratio::new(4, 1)),
        ("d8_d4_d6_d20_d12", draw::d8_d4_d6_d20_d12, Ratio::new(5, 1)),
        ("d4_d4_d6_d10", draw::d4_d4_d6_d10, Ratio::new(4, 1)),
    ];
    for (name, procedure, throws) in procedures {
        assert_eq!(prove_uniform(procedure, &die_faces), throws, "{name}");
    }
}

/// Each coin procedure and its exact average number of tosses (a toss of
/// several coins together counts once); the text claims 5 14/15 for three
/// coins.
#[test]
fn coin_procedures_are_uniform_with_their_average_tosses() {
    let procedures: [(&str, Procedure<Coin>, Ratio); 4] = [
        ("two_coins", draw::two_coins, Ratio::new(122, 15)),
        ("three_coins", draw::three_coins, Ratio::new(89, 15)),
        (
            "one_coin_binary",
            draw::one_coin_binary,
            Ratio::new(154, 15),
        ),
        ("ten_bit_layout", draw::ten_bit_layout, Ratio::new(154, 15)),
    ];
    for (name, procedure, tosses) in procedures {
        assert_eq!(prove_uniform(procedure, &coin_tosses), tosses, "{name}");
    }
}

/// "every position being represented in four different ways" and "in 48
/// different ways": count the throws that give each position.
#[test]
fn polyhedral_sets_give_each_position_4_and_48_ways() {
    let sets: [(Procedure<u8>, &[u8], u32); 3] = [
        (draw::d8_d4_d6_d20, &[8, 4, 6, 20], 4),
        (draw::d8_d4_d6_d20_d12, &[8, 4, 6, 20, 12], 48),
        (draw::d4_d4_d6_d10, &[4, 4, 6, 10], 1),
    ];
    for (procedure, sides, expected) in sets {
        let mut ways = BTreeMap::<u16, u32>::new();
        for faces in product(sides) {
            *ways.entry(procedure(&faces).unwrap().id()).or_default() += 1;
        }
        assert!(ways.len() == 960 && ways.values().all(|&n| n == expected));
    }
}

/// Every throw of dice with these numbers of sides.
fn product(sides: &[u8]) -> Vec<Vec<u8>> {
    sides.iter().fold(vec![vec![]], |throws, &sides| {
        throws
            .iter()
            .flat_map(|faces| {
                (1..=sides).map(move |face| {
                    let mut faces = faces.clone();
                    faces.push(face);
                    faces
                })
            })
            .collect()
    })
}

/// The text: "by subtracting one from each die and multiplying with 1, 4,
/// 16 and 96 respectively, then adding those numbers together, you find the
/// number in the Fischer Random Chess numbering scheme".
#[test]
fn d4_d4_d6_d10_is_the_scharnagl_id_in_mixed_radix() {
    for faces in product(&[4, 4, 6, 10]) {
        let [light, dark, queen, knights] = faces[..].try_into().unwrap();
        let id = u16::from(light - 1)
            + 4 * u16::from(dark - 1)
            + 16 * u16::from(queen - 1)
            + 96 * u16::from(knights - 1);
        assert_eq!(draw::d4_d4_d6_d10(&faces).unwrap().id(), id);
    }
}

#[test]
fn examples_of_the_texts() {
    use Coin::{Heads as H, Tails as T};

    // "rolled by 2-3-3-2-3 or 2-3-3-4-2 is the standard chess starting position"
    assert_eq!(draw::althofer_die(&[2, 3, 3, 2, 3]), Ok(Position::STANDARD));
    assert_eq!(draw::althofer_die(&[2, 3, 3, 4, 2]), Ok(Position::STANDARD));
    // "T, H, T, T, H, H, H, H, T, T ... 707 ... BRKQNNRB"
    let position = draw::one_coin_binary(&[T, H, T, T, H, H, H, H, T, T]).unwrap();
    assert_eq!((position.id(), position.as_str()), (707, "BRKQNNRB"));
    // The d20: "a 20 ... place the knights on the fifth square and the fourth
    // square"; "an 11 is in the third group and the third spot". Bishops a1,
    // b1 and the queen on c1 leave d1..h1 free.
    assert_eq!(
        draw::d8_d4_d6_d20(&[1, 1, 1, 20]).unwrap().as_str(),
        "BBQRKRNN"
    );
    assert_eq!(
        draw::d8_d4_d6_d20(&[1, 1, 1, 11]).unwrap().as_str(),
        "BBQRKNNR"
    );
    // The d10: "with a six the knight would be placed on the second of the
    // five empty squares, then ... on the second of the three squares that
    // are empty to the right of the knight".
    assert_eq!(
        draw::d4_d4_d6_d10(&[1, 1, 1, 6]).unwrap().as_str(),
        "BBQRNKNR"
    );
}

#[test]
fn althofer_die_skips_repeated_throws_and_names_the_last_one() {
    // 5 and 6 for the bishops, 6 for the first knight, 5 for the second.
    let throws = [6, 2, 5, 3, 3, 6, 2, 5, 3];
    assert_eq!(draw::althofer_die(&throws), Ok(Position::STANDARD));
    assert_eq!(
        draw::althofer_die(&throws[..8]),
        Err(DrawError::MustRepeat { index: 7, value: 5 })
    );
    assert_eq!(
        draw::althofer_die(&throws[..7]),
        Err(DrawError::TooFewOutcomes {
            given: 7,
            next: Throw::Die { sides: 6 }
        })
    );
    assert_eq!(
        draw::althofer_die(&[2, 3, 3, 2, 3, 1]),
        Err(DrawError::TooManyOutcomes { used: 5, given: 6 })
    );
    for face in [0, 7, 255] {
        assert_eq!(
            draw::althofer_die(&[2, face]),
            Err(DrawError::FaceOutOfRange {
                index: 1,
                face,
                sides: 6
            })
        );
    }
}

#[test]
fn polyhedral_errors_name_the_die() {
    assert_eq!(
        draw::d8_d4_d6_d20(&[8, 5, 1, 1]),
        Err(DrawError::FaceOutOfRange {
            index: 1,
            face: 5,
            sides: 4
        })
    );
    assert_eq!(
        draw::d8_d4_d6_d20_d12(&[8, 4, 1, 1]),
        Err(DrawError::TooFewOutcomes {
            given: 4,
            next: Throw::Die { sides: 12 }
        })
    );
    assert_eq!(
        draw::d4_d4_d6_d10(&[1, 1, 1, 11]),
        Err(DrawError::FaceOutOfRange {
            index: 3,
            face: 11,
            sides: 10
        })
    );
}

#[test]
fn coin_records_that_stop_mid_toss_or_on_a_retoss() {
    use Coin::{Heads as H, Tails as T};
    assert_eq!(
        draw::three_coins(&[T]),
        Err(DrawError::TooFewOutcomes {
            given: 1,
            next: Throw::Coins { count: 1 }
        })
    );
    assert_eq!(
        draw::three_coins(&[T, T, T, T]),
        Err(DrawError::TooFewOutcomes {
            given: 4,
            next: Throw::Coins { count: 3 }
        })
    );
    // Bishops, then 2 + 2 + 4 = 8 for the queen.
    assert_eq!(
        draw::three_coins(&[T, T, T, T, H, H, H]),
        Err(DrawError::MustRepeat { index: 4, value: 8 })
    );
    assert_eq!(
        draw::one_coin_binary(&[T, T, T, T]),
        Err(DrawError::MustRepeat {
            index: 0,
            value: 15
        })
    );
    let restarted = [T, T, T, T, T, H, T, T, H, H, H, H, T, T];
    assert_eq!(draw::one_coin_binary(&restarted).map(Position::id), Ok(707));
}

fn deck(order: &str) -> Vec<Card> {
    order
        .chars()
        .map(|mark| match mark {
            'N' => Card::Knight,
            'Q' => Card::Queen,
            'R' => Card::Rook,
            file => Card::Square(File::ALL[usize::from(file as u8 - b'a')]),
        })
        .collect()
}

/// Every deck is an interleaving of three rows (dark files, light files,
/// pieces), and the position depends only on the order within each row.
/// The 24 x 24 x 60 row orders give each position 36 times, and each row
/// order is the same number of decks (14! / (4! 4! 6!) interleavings), so
/// every position has probability 1/960.
#[test]
fn fourteen_cards_are_uniform() {
    let dark = permutations(&['a', 'c', 'e', 'g']);
    let light = permutations(&['b', 'd', 'f', 'h']);
    let mut pieces = permutations(&['N', 'N', 'Q', 'R', 'R', 'R']);
    pieces.sort();
    pieces.dedup();
    assert_eq!((dark.len(), light.len(), pieces.len()), (24, 24, 60));
    let mut ways = BTreeMap::<u16, u32>::new();
    for d in &dark {
        for l in &light {
            for p in &pieces {
                let order: String = d.iter().chain(l).chain(p).collect();
                *ways
                    .entry(draw::fourteen_cards(&deck(&order)).unwrap().id())
                    .or_default() += 1;
            }
        }
    }
    assert!(ways.len() == 960 && ways.values().all(|&n| n == 36));
}

/// Every interleaving of the three rows gives the same position, checked
/// for every interleaving of a few row orders.
#[test]
fn fourteen_cards_depend_only_on_the_order_within_rows() {
    for (dark, light, pieces) in [("aceg", "bdfh", "NNQRRR"), ("gcae", "fbhd", "RNRQRN")] {
        let expected = draw::fourteen_cards(&deck(&format!("{dark}{light}{pieces}"))).unwrap();
        // Which of the 14 places hold dark, light and piece cards.
        let mut count = 0;
        for dark_places in choose(&(0..14).collect::<Vec<_>>(), 4) {
            let rest: Vec<usize> = (0..14).filter(|i| !dark_places.contains(i)).collect();
            for light_places in choose(&rest, 4) {
                let mut rows = [dark.chars(), light.chars(), pieces.chars()];
                let order: String = (0..14)
                    .map(|place| {
                        let row = if dark_places.contains(&place) {
                            0
                        } else if light_places.contains(&place) {
                            1
                        } else {
                            2
                        };
                        rows[row].next().unwrap()
                    })
                    .collect();
                assert_eq!(draw::fourteen_cards(&deck(&order)), Ok(expected));
                count += 1;
            }
        }
        assert_eq!(count, 1001 * 210);
    }
}

fn permutations(items: &[char]) -> Vec<Vec<char>> {
    if items.is_empty() {
        return vec![vec![]];
    }
    (0..items.len())
        .flat_map(|first| {
            let mut rest = items.to_vec();
            let head = rest.remove(first);
            permutations(&rest).into_iter().map(move |mut tail| {
                tail.insert(0, head);
                tail
            })
        })
        .collect()
}

fn choose(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![vec![]];
    }
    if items.len() < k {
        return vec![];
    }
    let mut with_first: Vec<Vec<usize>> = choose(&items[1..], k - 1)
        .into_iter()
        .map(|mut rest| {
            rest.insert(0, items[0]);
            rest
        })
        .collect();
    with_first.extend(choose(&items[1..], k));
    with_first
}

#[test]
fn fourteen_cards_errors() {
    assert_eq!(
        draw::fourteen_cards(&deck("abcdefghNNQRR")),
        Err(DrawError::TooFewOutcomes {
            given: 13,
            next: Throw::Card
        })
    );
    assert_eq!(
        draw::fourteen_cards(&deck("abcdefghNNQRRRR")),
        Err(DrawError::TooManyOutcomes {
            used: 14,
            given: 15
        })
    );
    assert_eq!(
        draw::fourteen_cards(&deck("abcdefgaNNQRRR")),
        Err(DrawError::WrongCardCount {
            card: Card::Square(File::A),
            expected: 1,
            found: 2
        })
    );
    assert_eq!(
        DrawError::WrongCardCount {
            card: Card::Rook,
            expected: 3,
            found: 2
        }
        .to_string(),
        "the deck has 3 R cards, but the record holds 2"
    );
}

proptest! {
    /// Any record: no panic; a drawn position's record has no shorter
    /// prefix that already gives it.
    #[test]
    fn any_die_record_is_a_position_or_an_error(throws in proptest::collection::vec(0u8..=8, 0..12)) {
        for procedure in [draw::althofer_die, draw::optimised_die] {
            if procedure(&throws).is_ok() {
                for end in 0..throws.len() {
                    prop_assert!(procedure(&throws[..end]).is_err());
                }
            }
        }
    }

    #[test]
    fn any_polyhedral_throw_is_a_position_or_an_error(faces in proptest::collection::vec(any::<u8>(), 0..7)) {
        for procedure in [draw::d8_d4_d6_d20, draw::d8_d4_d6_d20_d12, draw::d4_d4_d6_d10] {
            let _ = procedure(&faces);
        }
    }

    #[test]
    fn any_coin_record_is_a_position_or_an_error(heads in proptest::collection::vec(any::<bool>(), 0..24)) {
        let coins: Vec<Coin> = heads.iter().map(|&h| if h { Coin::Heads } else { Coin::Tails }).collect();
        for procedure in [draw::two_coins, draw::three_coins, draw::one_coin_binary, draw::ten_bit_layout] {
            if procedure(&coins).is_ok() {
                for end in 0..coins.len() {
                    prop_assert!(procedure(&coins[..end]).is_err());
                }
            }
        }
    }

    #[test]
    fn any_shuffle_of_the_deck_is_a_position(order in Just(deck("abcdefghNNQRRR")).prop_shuffle()) {
        prop_assert!(draw::fourteen_cards(&order).is_ok());
    }
}

/// The d20 and d12 of the five-dice set, face by face, as the text reads
/// them: with the d8, d4 and d6 of its example (3, 3, 3: bishops on c1 and
/// f1, queen on d1), the d20 puts a knight on the ((d20 - 1) mod 5 + 1)th of
/// the five free files a, b, e, g, h, the d12 the other knight on the
/// ((d12 - 1) mod 4 + 1)th of the four left, and the rooks and king take
/// the last three in the order R, K, R.
#[test]
fn the_d20_and_d12_count_the_free_squares_from_the_a_file() {
    for d20 in 1..=20_u8 {
        for d12 in 1..=12_u8 {
            let mut free: Vec<usize> = vec![0, 1, 4, 6, 7];
            let mut rank = *b"--BQ-B--";
            rank[free.remove(usize::from((d20 - 1) % 5))] = b'N';
            rank[free.remove(usize::from((d12 - 1) % 4))] = b'N';
            for (file, piece) in free.into_iter().zip(*b"RKR") {
                rank[file] = piece;
            }
            let position = draw::d8_d4_d6_d20_d12(&[3, 3, 3, d20, d12]).unwrap();
            assert_eq!(position.rank(), rank, "d20 {d20}, d12 {d12}");
        }
    }
}
