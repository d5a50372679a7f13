//! Castling geometry checked against the rules, written out independently
//! here from the rank's letters, and against hand-worked cases (king or rook
//! already on its target, king and rook trading squares, a rook in the
//! other's way); UCI in both forms and both directions.

use chess960::{CastlingSide, Color, File, ParseUciMoveError, Position, UciMove};
use proptest::prelude::*;

/// The squares from `a` to `b`, both included, as a file mask.
fn span(a: usize, b: usize) -> u8 {
    (a.min(b)..=a.max(b)).map(|file| 1u8 << file).sum()
}

#[test]
fn geometry_follows_the_rules_for_all_960() {
    for position in Position::all() {
        let rank = position.as_str().as_bytes();
        let king = rank.iter().position(|&b| b == b'K').unwrap();
        let rooks: Vec<usize> = (0..8).filter(|&file| rank[file] == b'R').collect();
        // (side, rook, king's target, rook's target), from the rules text.
        for (side, rook, king_to, rook_to) in [
            (CastlingSide::ASide, rooks[0], 2, 3),
            (CastlingSide::HSide, rooks[1], 6, 5),
        ] {
            let castling = position.castling(side);
            assert_eq!(castling.side(), side);
            assert_eq!(usize::from(castling.king_from().index()), king);
            assert_eq!(usize::from(castling.rook_from().index()), rook);
            assert_eq!(usize::from(castling.king_to().index()), king_to);
            assert_eq!(usize::from(castling.rook_to().index()), rook_to);
            let vacant = (span(king, king_to) | span(rook, rook_to)) & !(1 << king) & !(1 << rook);
            assert_eq!(castling.vacant_files(), vacant, "{position:?} {side}");
            assert_eq!(castling.unattacked_files(), span(king, king_to));
            assert_eq!(castling.king_moves(), king != king_to);
            assert_eq!(castling.rook_moves(), rook != rook_to);
            for color in Color::ALL {
                let shift = if color == Color::White { 0 } else { 56 };
                assert_eq!(castling.vacant_squares(color), u64::from(vacant) << shift);
                assert_eq!(
                    castling.unattacked_squares(color),
                    u64::from(span(king, king_to)) << shift
                );
            }
        }
    }
}

/// A castling worked out by hand: (rank, side, vacant files, unattacked
/// files, UCI king takes rook, the king's own move in UCI).
type Case = (
    &'static str,
    CastlingSide,
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
);

const CASES: [Case; 12] = [
    (
        "RNBQKBNR",
        CastlingSide::ASide,
        "bcd",
        "cde",
        "e1a1",
        Some("e1c1"),
    ),
    (
        "RNBQKBNR",
        CastlingSide::HSide,
        "fg",
        "efg",
        "e1h1",
        Some("e1g1"),
    ),
    // The king already stands on g1: only the rook moves, to f1.
    ("RNBBQNKR", CastlingSide::HSide, "f", "g", "g1h1", None),
    // Both rooks already stand on their targets d1 and f1.
    (
        "BBNRKRNQ",
        CastlingSide::ASide,
        "c",
        "cde",
        "e1d1",
        Some("e1c1"),
    ),
    (
        "BBNRKRNQ",
        CastlingSide::HSide,
        "g",
        "efg",
        "e1f1",
        Some("e1g1"),
    ),
    // King and rook trade squares: nothing else needs to be vacant.
    ("BBNQRKRN", CastlingSide::HSide, "", "fg", "f1g1", None),
    // The king moves one file only: b1 to c1.
    ("RKRNNQBB", CastlingSide::ASide, "cd", "bc", "b1a1", None),
    (
        "RKRNNQBB",
        CastlingSide::HSide,
        "defg",
        "bcdefg",
        "b1c1",
        Some("b1g1"),
    ),
    // The king stays on c1; the h-side rook on d1 stands in the a-side rook's way.
    ("NRKRBBNQ", CastlingSide::ASide, "d", "c", "c1b1", None),
    // The a-side rook on f1 stands on the h-side rook's target.
    ("BBQNNRKR", CastlingSide::HSide, "f", "g", "g1h1", None),
    (
        "BBQNNRKR",
        CastlingSide::ASide,
        "cde",
        "cdefg",
        "g1f1",
        Some("g1c1"),
    ),
    // The king passes its own rook: c1 to g1 over the rook's d1.
    (
        "QRKRNNBB",
        CastlingSide::HSide,
        "efg",
        "cdefg",
        "c1d1",
        Some("c1g1"),
    ),
];

fn files(letters: &str) -> u8 {
    letters.bytes().map(|letter| 1u8 << (letter - b'a')).sum()
}

#[test]
fn hand_worked_cases() {
    for (rank, side, vacant, unattacked, uci, king_move) in CASES {
        let position: Position = rank.parse().unwrap();
        let castling = position.castling(side);
        assert_eq!(castling.vacant_files(), files(vacant), "{rank} {side}");
        assert_eq!(
            castling.unattacked_files(),
            files(unattacked),
            "{rank} {side}"
        );
        assert_eq!(castling.uci(Color::White).to_string(), uci);
        assert_eq!(
            castling
                .uci_king_move(Color::White)
                .map(|m| m.to_string())
                .as_deref(),
            king_move
        );
        let black_uci = uci.replace('1', "8");
        assert_eq!(castling.uci(Color::Black).to_string(), black_uci);
        assert_eq!(
            position.castling_from_uci(Color::Black, black_uci.parse().unwrap()),
            Some(castling)
        );
        assert_eq!(
            position.castling_from_uci(Color::White, black_uci.parse().unwrap()),
            None
        );
    }
}

#[test]
fn uci_round_trips_in_both_forms_for_all_960() {
    for position in Position::all() {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let castling = position.castling(side);
                let uci = castling.uci(color);
                assert_eq!(uci.to_string().parse::<UciMove>(), Ok(uci));
                assert_eq!(position.castling_from_uci(color, uci), Some(castling));
                if let Some(king_move) = castling.uci_king_move(color) {
                    assert!(
                        castling
                            .king_from()
                            .index()
                            .abs_diff(castling.king_to().index())
                            >= 2
                    );
                    assert_eq!(position.castling_from_uci(color, king_move), Some(castling));
                }
            }
        }
    }
}

#[test]
fn a_one_file_king_move_is_no_castling() {
    // RKRNNQBB: b1c1 is the h-side castling (king takes the c1 rook), but
    // the a-side king move b1c1 is not recognised as a second reading.
    let position: Position = "RKRNNQBB".parse().unwrap();
    let castling = position.castling_from_uci(Color::White, "b1c1".parse().unwrap());
    assert_eq!(
        castling.map(chess960::Castling::side),
        Some(CastlingSide::HSide)
    );
    // RNBBQNKR: g1f1 is an ordinary king move.
    let position: Position = "RNBBQNKR".parse().unwrap();
    assert_eq!(
        position.castling_from_uci(Color::White, "g1f1".parse().unwrap()),
        None
    );
    assert_eq!(position.castling(CastlingSide::ASide).king_from(), File::G);
}

#[test]
fn bad_uci_text_gets_typed_errors() {
    for (text, error) in [
        ("", ParseUciMoveError::WrongLength { length: 0 }),
        ("e7e8q", ParseUciMoveError::WrongLength { length: 5 }),
        ("e1\u{e9}", ParseUciMoveError::InvalidSquare { index: 2 }),
        ("e1\u{e9}1", ParseUciMoveError::WrongLength { length: 5 }),
        ("e9g1", ParseUciMoveError::InvalidSquare { index: 0 }),
        ("e1G1", ParseUciMoveError::InvalidSquare { index: 2 }),
    ] {
        assert_eq!(text.parse::<UciMove>(), Err(error), "{text:?}");
    }
    assert_eq!(
        ParseUciMoveError::InvalidSquare { index: 2 }.to_string(),
        "the to square is not a file letter a-h followed by a rank digit 1-8"
    );
}

proptest! {
    #[test]
    fn any_text_parses_as_a_move_or_a_typed_error(text in any::<String>()) {
        if let Ok(uci) = text.parse::<UciMove>() {
            prop_assert_eq!(uci.to_string(), text);
        }
    }
}
