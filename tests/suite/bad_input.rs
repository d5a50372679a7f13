//! Bad input gets a typed error that names the broken rule, never a panic.

use chess960::{Error, Piece, Position};
use proptest::prelude::*;

#[test]
fn every_id_from_960_up_is_out_of_range() {
    for id in 960..=u16::MAX {
        assert_eq!(Position::from_id(id), Err(Error::IdOutOfRange { id }));
        assert_eq!(Position::try_from(id), Err(Error::IdOutOfRange { id }));
        assert_eq!(
            chess960_core::rank_from_id(id),
            Err(Error::IdOutOfRange { id })
        );
    }
}

#[test]
fn each_rule_has_its_error() {
    let cases: [(&str, Error); 13] = [
        ("", Error::WrongLength { length: 0 }),
        ("RNBQKBN", Error::WrongLength { length: 7 }),
        ("RNBQKBNRR", Error::WrongLength { length: 9 }),
        (
            "RNBQKBNé",
            Error::InvalidByte {
                index: 7,
                byte: 0xC3,
            },
        ),
        (
            "RNBQKBNP",
            Error::InvalidByte {
                index: 7,
                byte: b'P',
            },
        ),
        (
            "RNB KBNR",
            Error::InvalidByte {
                index: 3,
                byte: b' ',
            },
        ),
        ("rnbqkbnR", Error::MixedCase { index: 7 }),
        ("Rnbqkbnr", Error::MixedCase { index: 1 }),
        (
            "RNBQKBNQ",
            Error::WrongPieceCount {
                piece: Piece::Queen,
                expected: 1,
                found: 2,
            },
        ),
        (
            "RNBQKBNN",
            Error::WrongPieceCount {
                piece: Piece::Rook,
                expected: 2,
                found: 1,
            },
        ),
        (
            "RNBKKBNR",
            Error::WrongPieceCount {
                piece: Piece::King,
                expected: 1,
                found: 2,
            },
        ),
        ("RNBKQNBR", Error::BishopsOnSameColour { files: [2, 6] }),
        (
            "KRBQRBNN",
            Error::KingNotBetweenRooks {
                king: 0,
                rooks: [1, 4],
            },
        ),
    ];
    for (text, error) in cases {
        assert_eq!(text.parse::<Position>(), Err(error), "{text:?}");
    }
}

#[test]
fn messages_name_the_rule() {
    let message = |text: &str| text.parse::<Position>().unwrap_err().to_string();
    assert_eq!(
        message("RNBQKBN"),
        "a back rank has 8 squares, but 7 characters were given"
    );
    assert_eq!(
        message("RNBQKBNP"),
        "'P' at index 7 is not a piece letter: use K, Q, R, B and N (kqrbn for Black)"
    );
    assert_eq!(
        message("RNBQKBNQ"),
        "a start rank has 1 queen, but this one has 2"
    );
    assert_eq!(
        message("RNBQKBNN"),
        "a start rank has 2 rooks, but this one has 1"
    );
    assert_eq!(
        message("RNBKQNBR"),
        "the bishops on the c-file and the g-file stand on squares of the same colour"
    );
    assert_eq!(
        message("KRBQRBNN"),
        "the king on the a-file is not between the rooks on the b-file and the e-file"
    );
    assert_eq!(
        message("rnbqkbnR"),
        "the letter at index 7 changes case: write White's rank in uppercase or Black's in lowercase"
    );
    assert_eq!(
        Position::from_id(960).unwrap_err().to_string(),
        "start position 960 does not exist: ids run from 0 to 959"
    );
}

#[test]
fn huge_input_is_a_length_error() {
    let huge = "R".repeat(1 << 20);
    assert_eq!(
        huge.parse::<Position>(),
        Err(Error::WrongLength { length: 1 << 20 })
    );
    let huge_unicode = "é".repeat(1 << 18);
    assert_eq!(
        huge_unicode.parse::<Position>(),
        Err(Error::WrongLength { length: 1 << 18 })
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn any_string_parses_or_fails_cleanly(text in any::<String>()) {
        match text.parse::<Position>() {
            Ok(position) => prop_assert!(text.eq_ignore_ascii_case(position.as_str())),
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
    }

    #[test]
    fn any_piece_letters_parse_or_fail_cleanly(text in "[KQRBNkqrbn]{0,10}") {
        let parsed = text.parse::<Position>();
        if let Ok(position) = parsed {
            prop_assert!(text.eq_ignore_ascii_case(position.as_str()));
        }
    }

    #[test]
    fn any_bytes_agree_with_the_derivation(rank in any::<[u8; 8]>()) {
        let fast = Position::from_rank(&rank).map(Position::id);
        prop_assert_eq!(fast, chess960_core::id_from_rank(&rank));
        if let Ok(text) = std::str::from_utf8(&rank) {
            let parsed = text.parse::<Position>();
            if rank.iter().all(u8::is_ascii_uppercase) {
                prop_assert_eq!(parsed.map(Position::id), fast);
            }
        }
    }
}
