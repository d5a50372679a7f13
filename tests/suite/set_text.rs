//! Sets of start positions written as text (`FromStr` and `Display` for
//! `PositionSet`): every single id and rank, ranges, labels, white space,
//! and one error per rule, against a model of the grammar written here.

use chess960::{ParsePositionError, ParsePositionSetError, Position, PositionError, PositionSet};
use proptest::prelude::*;

/// The ids a list of ids and ranges names, read with nothing but
/// `str::parse::<u16>` and `split`: a model of the documented grammar for
/// the decimal forms.
fn model(text: &str) -> Option<Vec<u16>> {
    let mut ids = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        if let Some((first, last)) = item.split_once('-') {
            let (first, last) = (
                first.trim().parse::<u16>().ok()?,
                last.trim().parse::<u16>().ok()?,
            );
            if first > last || last > 959 {
                return None;
            }
            ids.extend(first..=last);
        } else {
            let id = item.parse::<u16>().ok()?;
            if id > 959 {
                return None;
            }
            ids.push(id);
        }
    }
    ids.sort_unstable();
    ids.dedup();
    Some(ids)
}

fn ids(set: PositionSet) -> Vec<u16> {
    set.iter().map(Position::id).collect()
}

#[test]
fn every_position_alone_in_every_form() {
    for position in Position::all() {
        let id = position.id();
        let rank = position.as_str();
        let black = rank.to_ascii_lowercase();
        let fen = position.fen(chess960::FenStyle::Shredder);
        for text in [
            id.to_string(),
            format!("SP{id}"),
            format!("sp-{id}"),
            format!("{id:03}"),
            rank.to_owned(),
            black,
            format!(" {rank}\t"),
            fen.as_str().to_owned(),
            format!("{id}-{id}"),
        ] {
            let set: PositionSet = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(ids(set), [id], "{text}");
            assert_eq!(set.to_string(), id.to_string());
        }
    }
}

#[test]
fn ranges_from_every_start_agree_with_the_model() {
    for first in 0..960u16 {
        for last in (first..960).step_by(37).chain([959]) {
            let text = format!("{first}-{last}");
            let set: PositionSet = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(Some(ids(set)), model(&text), "{text}");
            assert_eq!(set.len(), last - first + 1);
            let written = set.to_string();
            assert_eq!(written.parse::<PositionSet>(), Ok(set), "{written}");
            let labels = format!("SP{first}-SP{last}");
            assert_eq!(labels.parse::<PositionSet>(), Ok(set), "{labels}");
        }
    }
}

#[test]
fn refusals_name_the_item_and_the_rule() {
    let position = |item, error| ParsePositionSetError::Position {
        item,
        error: ParsePositionError::Position(error),
    };
    let cases: Vec<(&str, ParsePositionSetError)> = vec![
        ("", ParsePositionSetError::Empty),
        (" \t\n", ParsePositionSetError::Empty),
        ("1,,2", ParsePositionSetError::EmptyItem { item: 2 }),
        ("1,2,", ParsePositionSetError::EmptyItem { item: 3 }),
        (",1", ParsePositionSetError::EmptyItem { item: 1 }),
        ("960", position(1, PositionError::IdOutOfRange { id: 960 })),
        (
            "0-960",
            position(1, PositionError::IdOutOfRange { id: 960 }),
        ),
        ("5,-1", position(2, PositionError::NegativeId)),
        ("0--1", position(1, PositionError::NegativeId)),
        ("0-", position(1, PositionError::Empty)),
        ("0-x", position(1, PositionError::WrongLength { length: 1 })),
        (
            "99-0",
            ParsePositionSetError::ReversedRange {
                item: 1,
                first: 99,
                last: 0,
            },
        ),
        (
            "1-RNBQKBNR",
            ParsePositionSetError::RangeOfRanks { item: 1 },
        ),
        (
            "1,RNBQKBNQ",
            position(
                2,
                PositionError::WrongPieceCount {
                    piece: chess960::Piece::Queen,
                    expected: 1,
                    found: 2,
                },
            ),
        ),
        ("SP", position(1, PositionError::LabelWithoutId)),
        (
            "0x10",
            position(1, PositionError::NotADigit { character: 'x' }),
        ),
    ];
    for (text, expected) in cases {
        let got = text.parse::<PositionSet>();
        assert_eq!(got, Err(expected), "{text:?}");
        let message = got.unwrap_err().to_string();
        assert!(!message.contains('\n') && !message.is_empty(), "{message}");
    }
    assert_eq!(
        "99-0".parse::<PositionSet>().unwrap_err().to_string(),
        "item 1: the range 99-0 runs backwards: write the smaller id first"
    );
    assert_eq!(
        "".parse::<PositionSet>().unwrap_err().to_string(),
        "no start positions given: write ids, ranges such as 0-99, back ranks or labels such as SP518, separated by commas"
    );
}

#[test]
fn labels_with_a_dash_are_positions_not_ranges() {
    assert_eq!(ids("SP-518".parse().unwrap()), [518]);
    assert_eq!(ids("SP-5-SP-7".parse().unwrap()), [5, 6, 7]);
    assert_eq!(ids("SP5-SP7".parse().unwrap()), [5, 6, 7]);
    assert_eq!(ids("0 - 2".parse().unwrap()), [0, 1, 2]);
}

proptest! {
    #[test]
    fn any_set_reads_back_from_its_text(bits in proptest::collection::vec(any::<bool>(), 960)) {
        let set: PositionSet = Position::all().filter(|p| bits[usize::from(p.id())]).collect();
        let text = set.to_string();
        if set.is_empty() {
            prop_assert_eq!(text, "");
        } else {
            prop_assert_eq!(model(&text), Some(ids(set)));
            prop_assert_eq!(text.parse::<PositionSet>(), Ok(set));
        }
    }

    #[test]
    fn lists_of_ids_and_ranges_agree_with_the_model(
        items in proptest::collection::vec((0u16..1100, proptest::option::of(0u16..1100)), 1..8)
    ) {
        let text = items
            .iter()
            .map(|(a, b)| match b { Some(b) => format!("{a}-{b}"), None => a.to_string() })
            .collect::<Vec<_>>()
            .join(", ");
        let got = text.parse::<PositionSet>().ok().map(ids);
        prop_assert_eq!(got, model(&text), "{}", text);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,40}") {
        let _ = text.parse::<PositionSet>();
    }
}
