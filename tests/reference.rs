//! The worked examples and the two-tables representation of the reference
//! texts, read from fixtures copied into `tests/fixtures/`.

use chess960::{Position, TABLE};

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
    let examples = rows(include_str!("fixtures/reference-examples.txt"));
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
    let kings = rows(include_str!("fixtures/kings-table.txt"));
    let bishops = rows(include_str!("fixtures/bishops-table.txt"));
    assert!(kings.contains(&(512, "RNQKNR")));
    assert!(bishops.contains(&(6, "--B--B--")));
    assert_eq!(compose("RNQKNR", "--B--B--"), *b"RNBQKBNR");
}

/// Places the bishops as the Bishop's table row says, then the six other
/// pieces in the King's table order on the free squares.
fn compose(others: &str, bishops: &str) -> [u8; 8] {
    let mut others = others.bytes();
    let mut rank = [0; 8];
    for (square, mark) in rank.iter_mut().zip(bishops.bytes()) {
        *square = if mark == b'B' {
            b'B'
        } else {
            others.next().unwrap()
        };
    }
    rank
}

/// The two tables of the reference text, composed, give every one of the 960
/// positions: an independent derivation to check the table against.
#[test]
fn two_tables_give_every_position() {
    let kings = rows(include_str!("fixtures/kings-table.txt"));
    let bishops = rows(include_str!("fixtures/bishops-table.txt"));
    assert_eq!((kings.len(), bishops.len()), (60, 16));
    let mut seen = 0;
    for &(base, others) in &kings {
        for &(remainder, placement) in &bishops {
            let id = base + remainder;
            let rank = compose(others, placement);
            assert_eq!(TABLE[usize::from(id)], rank, "id {id}");
            assert_eq!(Position::from_rank(&rank).unwrap().id(), id);
            seen += 1;
        }
    }
    assert_eq!(seen, 960);
}
