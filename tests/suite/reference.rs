//! The worked examples of the reference texts, read from a fixture copied
//! into `tests/fixtures/`. The printed tables are checked in
//! `printed_tables.rs`.

use chess960::Position;
use chess960::printed_tables::{BISHOPS_TABLE, KINGS_TABLE};

/// Rows of a fixture: `number text`, skipping comments.
fn rows(fixture: &str) -> Vec<(u16, &str)> {
    fixture
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let mut fields = line.split_whitespace();
            let number = fields.next().unwrap().parse().unwrap();
            (number, fields.next().unwrap())
        })
        .collect()
}

#[test]
fn worked_examples() {
    let examples = rows(include_str!("../fixtures/reference-examples.txt"));
    assert_eq!(examples.len(), 8);
    for (id, rank) in examples {
        let position = Position::from_id(id).unwrap();
        assert_eq!(position.as_str(), rank, "id {id}");
        assert_eq!(rank.parse::<Position>().unwrap().id(), id, "{rank}");
        assert_eq!(
            chess960_core::id_from_rank(rank.as_bytes().try_into().unwrap()),
            Ok(id)
        );
    }
}

#[test]
fn decompositions_of_the_examples() {
    // FRCEC: 451 = 3 + 4*0 + 16*4 + 96*4.
    let parts = Position::from_id(451).unwrap().decomposition();
    assert_eq!(
        (
            parts.light_bishop(),
            parts.dark_bishop(),
            parts.queen_slot(),
            parts.knight_code()
        ),
        (3, 0, 4, 4)
    );
    // Scharnagl: 518 = 6 + 16*2 + 96*5.
    let standard = Position::STANDARD;
    assert_eq!(
        (
            standard.bishop_code(),
            standard.queen_slot(),
            standard.knight_code()
        ),
        (6, 2, 5)
    );
    // Mark Weeks: 885 = 864 (RKRNN, group 9) + 16 (queen second) + 5 (xxBBxxxx).
    let parts = Position::from_id(885).unwrap();
    assert_eq!(
        (parts.bishop_code(), parts.queen_slot(), parts.knight_code()),
        (5, 1, 9)
    );
}

/// The two-tables example: 518 is 512 in the King's table (`RNQKNR`) plus
/// 6 in the Bishop's table (`--B--B--`).
#[test]
fn two_tables_example() {
    let kings = KINGS_TABLE.iter().find(|row| row.number() == 512).unwrap();
    let bishops = BISHOPS_TABLE[6];
    assert_eq!((kings.as_str(), bishops.as_str()), ("RNQKNR", "--B--B--"));
    let mut others = kings.letters().into_iter();
    let rank = bishops.letters().map(|mark| {
        if mark == b'B' {
            b'B'
        } else {
            others.next().unwrap()
        }
    });
    assert_eq!(Position::from_rank(&rank).unwrap().id(), 512 + 6);
}
