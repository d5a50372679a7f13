//! Bad input gets a typed error that names the broken rule, never a panic.

use chess960::{File, ParsePositionError, Piece, Position, PositionError as Error};
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
        ("", Error::Empty),
        ("RNBQKBN", Error::WrongLength { length: 7 }),
        ("RNBQKBNRR", Error::WrongLength { length: 9 }),
        (
            "RNBQKBNé",
            Error::InvalidCharacter {
                file: File::H,
                character: 'é',
            },
        ),
        (
            "RNBQKBNP",
            Error::InvalidCharacter {
                file: File::H,
                character: 'P',
            },
        ),
        (
            "RNB KBNR",
            Error::InvalidCharacter {
                file: File::D,
                character: ' ',
            },
        ),
        (
            "rnbqkbnR",
            Error::MixedCase {
                file: File::H,
                character: 'R',
            },
        ),
        (
            "Rnbqkbnr",
            Error::MixedCase {
                file: File::B,
                character: 'n',
            },
        ),
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
        (
            "RNBKQNBR",
            Error::BishopsOnSameColour {
                files: [File::C, File::G],
            },
        ),
        (
            "KRBQRBNN",
            Error::KingNotBetweenRooks {
                king: File::A,
                rooks: [File::B, File::E],
            },
        ),
    ];
    for (text, error) in cases {
        assert_eq!(
            text.parse::<Position>(),
            Err(ParsePositionError::Position(error)),
            "{text:?}"
        );
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
        "'P' on the h-file is not a piece letter: write White's rank with K, Q, R, B and N, \
         or Black's with k, q, r, b and n"
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
        "'R' on the h-file is uppercase, but the rank began in lowercase: \
         write White's rank in uppercase or Black's in lowercase"
    );
    assert_eq!(
        Position::from_id(960).unwrap_err().to_string(),
        "start position 960 does not exist: ids run from 0 to 959"
    );
    assert_eq!(
        Position::from_rank(b"rnbqkbnr").unwrap_err().to_string(),
        "'r' on the a-file is not a piece letter: White's rank is written with K, Q, R, B and N"
    );
}

#[test]
fn huge_input_is_a_length_error() {
    let huge = "R".repeat(1 << 20);
    assert_eq!(
        huge.parse::<Position>(),
        Err(Error::WrongLength { length: 1 << 20 }.into())
    );
    let huge_unicode = "é".repeat(1 << 18);
    assert_eq!(
        huge_unicode.parse::<Position>(),
        Err(Error::WrongLength { length: 1 << 18 }.into())
    );
    let huge_number = "9".repeat(1 << 20);
    assert_eq!(
        huge_number.parse::<Position>(),
        Err(Error::IdTooLarge { digits: 1 << 20 }.into())
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn any_string_parses_or_fails_cleanly(text in any::<String>()) {
        match text.parse::<Position>() {
            Ok(position) => {
                // A rank in either case, or digits with an optional SP label.
                let text = text.trim_ascii();
                let digits = text.trim_start_matches(['S', 's', 'P', 'p', '-', ' ', '\t']);
                prop_assert!(
                    text.eq_ignore_ascii_case(position.as_str())
                        || digits.parse::<u16>() == Ok(position.id()),
                    "{text:?}"
                );
            }
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
            let parsed = text.parse::<Position>().map(Position::id);
            // Text starting with `SP` is a label, and text names a bad
            // letter as a character rather than a byte: the rest agrees.
            if rank.iter().all(u8::is_ascii_uppercase) && !text.starts_with("SP") {
                match fast {
                    Err(Error::InvalidByte { file, byte }) => prop_assert_eq!(
                        parsed,
                        Err(Error::InvalidCharacter { file, character: char::from(byte) }.into())
                    ),
                    fast => prop_assert_eq!(parsed, fast.map_err(Into::into)),
                }
            }
        }
    }
}
