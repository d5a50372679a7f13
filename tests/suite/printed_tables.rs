//! The printed tables (King's, Bishop's, NQ-skeleton, KRN, Fritz 9's) and
//! the other numberings, checked against the reference texts copied into
//! `tests/fixtures/` line for line.
//!
//! The checks build ranks from the fixtures alone (bishops from the Bishop's
//! table, the other pieces from a row), so they do not use Scharnagl's
//! arithmetic; the three typos of the text are listed explicitly.

use chess960::printed_tables::{
    BISHOPS_TABLE, FRITZ9_SKELETON_TABLE, KINGS_TABLE, KRN_TABLE, NQ_SKELETON_TABLE, TableRow,
};
use chess960::{KNIGHT_SLOTS, NumberingError, Position};
use std::collections::BTreeMap;

/// The `(number, letters)` pairs of a printed table: every run of digits
/// followed (after optional spaces) by a run of piece letters and dashes.
/// The first line is the table's title and is skipped.
fn parse(text: &str) -> Vec<(u16, String)> {
    let mut rows = Vec::new();
    for line in text.lines().skip(1) {
        let chars: Vec<char> = line.chars().collect();
        let mut at = 0;
        while at < chars.len() {
            if !chars[at].is_ascii_digit() {
                at += 1;
                continue;
            }
            let start = at;
            while at < chars.len() && chars[at].is_ascii_digit() {
                at += 1;
            }
            let number: String = chars[start..at].iter().collect();
            while at < chars.len() && chars[at].is_whitespace() {
                at += 1;
            }
            let word_start = at;
            while at < chars.len() && "KQRBN-\u{2014}".contains(chars[at]) {
                at += 1;
            }
            if at > word_start {
                let word = chars[word_start..at].iter().collect();
                rows.push((number.parse().unwrap(), word));
            }
        }
    }
    rows
}

fn fixture(name: &str) -> Vec<(u16, String)> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    parse(&std::fs::read_to_string(path).unwrap())
}

/// The rows as `Display` writes them (`512 RNQKNR`), split back into
/// number and letters; `number` and `as_str` must say the same.
fn generated<const N: usize>(table: &[TableRow<N>]) -> Vec<(u16, String)> {
    table
        .iter()
        .map(|row| {
            let text = row.to_string();
            let (number, letters) = text.split_once(' ').expect("number, space, letters");
            assert_eq!(number.parse::<u16>(), Ok(row.number()), "{text}");
            assert_eq!(letters, row.as_str(), "{text}");
            (row.number(), letters.to_owned())
        })
        .collect()
}

fn sorted(mut rows: Vec<(u16, String)>) -> Vec<(u16, String)> {
    rows.sort();
    rows
}

/// A rank from a Bishop's table row (`B` and `-`) and six letters for the
/// other squares, a-side first; `-` in those letters is rook, king, rook.
fn rank_from(bishops: &str, others: &str) -> String {
    let mut others = others.chars();
    let mut rooks_and_king = "RKR".chars();
    bishops
        .chars()
        .map(|square| match square {
            'B' => 'B',
            _ => match others.next().unwrap() {
                '-' => rooks_and_king.next().unwrap(),
                piece => piece,
            },
        })
        .collect()
}

#[test]
fn kings_table_is_the_text() {
    let text = fixture("kings_table.txt");
    assert_eq!(text.len(), 60);
    assert_eq!(sorted(text), generated(&KINGS_TABLE));
}

#[test]
fn bishops_table_is_the_text() {
    assert_eq!(fixture("bishops_table.txt"), generated(&BISHOPS_TABLE));
}

#[test]
fn krn_table_is_the_text() {
    let text: Vec<_> = fixture("krn_table.txt")
        .into_iter()
        .map(|(k, letters)| (96 * k, letters))
        .collect();
    assert_eq!(text, generated(&KRN_TABLE));
    // The third column is 96 times the first.
    let path = format!(
        "{}/tests/fixtures/krn_table.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    for (line, row) in std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .zip(KRN_TABLE)
    {
        let first_id: u16 = line.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert_eq!(first_id, row.number());
    }
}

#[test]
fn n5n_table_is_the_knight_slots() {
    let text = fixture("n5n_table.txt");
    assert_eq!(text.len(), 10);
    for (code, letters) in text {
        let slots: Vec<u8> = letters
            .char_indices()
            .filter(|&(_, square)| square == 'N')
            .map(|(slot, _)| u8::try_from(slot).unwrap())
            .collect();
        assert_eq!(slots, KNIGHT_SLOTS[usize::from(code)]);
    }
}

/// The NQ-skeleton table of the text has three typos; this test lists them
/// and fails if the text shows any other difference (or loses one of them).
#[test]
fn nq_skeleton_table_is_the_text_but_for_three_typos() {
    let text: BTreeMap<u16, String> = fixture("nq_skeleton_table.txt").into_iter().collect();
    assert_eq!(text.len(), 60);
    let mut differences = Vec::new();
    for row in &NQ_SKELETON_TABLE {
        match text.get(&row.number()) {
            Some(letters) if letters == row.as_str() => {}
            printed => differences.push((row.number(), row.as_str(), printed.cloned())),
        }
    }
    let numbers: Vec<u16> = NQ_SKELETON_TABLE.iter().map(|row| row.number()).collect();
    let extra: Vec<_> = text
        .iter()
        .filter(|(number, _)| !numbers.contains(number))
        .map(|(number, letters)| (*number, letters.as_str()))
        .collect();
    assert_eq!(
        differences,
        [
            // Printed at "286" instead of 288.
            (288, "QN---N", None),
            // An em dash stands for two hyphens.
            (592, "-QN--N", Some("-QN\u{2014}N".to_owned())),
            (608, "-NQ--N", Some("-NQ\u{2014}N".to_owned())),
        ]
    );
    assert_eq!(extra, [(286, "QN---N")]);
}

#[test]
fn two_tables_set_up_every_position_as_the_text_says() {
    let kings = sorted(fixture("kings_table.txt"));
    let bishops = fixture("bishops_table.txt");
    for position in Position::all() {
        let id = position.id();
        // "the same or the nearest smaller number from the King's Table"
        let (base, pieces) = kings
            .iter()
            .rev()
            .find(|(number, _)| *number <= id)
            .unwrap();
        let (_, bishop_row) = &bishops[usize::from(id - base)];
        assert_eq!(rank_from(bishop_row, pieces), position.as_str(), "id {id}");
    }
}

#[test]
fn fritz9_table_is_the_text_and_numbers_every_position() {
    let text = sorted(fixture("fritz9_skeleton_table.txt"));
    assert_eq!(text, generated(&FRITZ9_SKELETON_TABLE));
    let bishops = fixture("bishops_table.txt");
    let mut seen = [false; 960];
    for (first, skeleton) in &text {
        for (code, bishop_row) in &bishops {
            let number = first + code;
            let position = Position::from_fritz9(number).unwrap();
            assert_eq!(
                position.as_str(),
                rank_from(bishop_row, skeleton),
                "Fritz 9 {number}"
            );
            assert_eq!(position.fritz9(), number);
            seen[usize::from(position.id())] = true;
        }
    }
    assert!(seen.iter().all(|&seen| seen));
    assert_eq!(Position::STANDARD.fritz9(), 359);
    assert_eq!(Position::from_fritz9(359), Ok(Position::STANDARD));
}

#[test]
fn one_based_numbers_round_trip() {
    for position in Position::all() {
        let number = position.one_based();
        assert!((1..=960).contains(&number));
        assert_eq!(Position::from_one_based(number), Ok(position));
        if position.id() != 0 {
            assert_eq!(number, position.id());
        }
    }
    assert_eq!(Position::from_id(0).unwrap().one_based(), 960);
}

#[test]
fn numbers_outside_1_to_960_are_errors() {
    for number in [0, 961, u16::MAX] {
        assert_eq!(
            Position::from_one_based(number),
            Err(NumberingError::OneBasedOutOfRange { number })
        );
        assert_eq!(
            Position::from_fritz9(number),
            Err(NumberingError::Fritz9OutOfRange { number })
        );
    }
}

#[test]
fn mirror_is_an_involution_without_fixed_points() {
    for position in Position::all() {
        let mirrored = position.mirrored();
        assert_ne!(mirrored, position);
        assert_eq!(mirrored.mirrored(), position);
        let reversed: String = position.as_str().chars().rev().collect();
        assert_eq!(mirrored.as_str(), reversed);
    }
    assert_eq!(Position::STANDARD.mirrored().id(), 534);
    assert_eq!(
        Position::from_id(534).unwrap().mirrored(),
        Position::STANDARD
    );
}
