//! FEN both ways: round trips in both castling styles and their mixtures,
//! a typed error for each rule a FEN can break, and property tests that
//! arbitrary input never panics.

use chess960::PositionError as Error;
use chess960::{CastlingSide, Color, DoublePosition, FenError, FenStyle, File, Piece, Position};
use proptest::prelude::*;

use crate::common::{STANDARD, square, with_field};

#[test]
fn both_styles_parse_back_to_the_same_position_for_all_960() {
    for position in Position::all() {
        for style in [FenStyle::XFen, FenStyle::Shredder] {
            let fen = position.fen(style);
            assert_eq!(Position::from_fen(fen.as_str()), Ok(position), "{fen}");
            assert_eq!(
                DoublePosition::from_fen(fen.as_str()),
                Ok(DoublePosition::from(position))
            );
        }
    }
}

#[test]
fn x_fen_is_kqkq_and_shredder_fen_names_the_rook_files() {
    for position in Position::all() {
        let x_fen = position.fen(FenStyle::XFen);
        let shredder = position.fen(FenStyle::Shredder);
        assert_eq!(x_fen.as_str().split(' ').nth(2), Some("KQkq"));
        let rank = position.as_str();
        let rook = |nth: usize| {
            let index = rank.match_indices('R').nth(nth).unwrap().0;
            char::from(b'A' + u8::try_from(index).unwrap())
        };
        let (a, h) = (rook(0), rook(1));
        let expected = format!("{h}{a}{}{}", h.to_ascii_lowercase(), a.to_ascii_lowercase());
        assert_eq!(shredder.as_str().split(' ').nth(2), Some(expected.as_str()));
        assert_eq!(x_fen.as_str().len(), chess960::Fen::LENGTH);
        assert_eq!(format!("{shredder}"), shredder.as_str());
        assert_eq!(format!("{shredder:?}"), format!("{:?}", shredder.as_str()));
    }
}

#[test]
fn mixed_and_reordered_castling_rights_are_accepted() {
    for position in Position::all() {
        let shredder = position.fen(FenStyle::Shredder);
        let letters: Vec<char> = shredder
            .as_str()
            .split(' ')
            .nth(2)
            .unwrap()
            .chars()
            .collect();
        let (big_h, big_a, small_h, small_a) = (letters[0], letters[1], letters[2], letters[3]);
        for rights in [
            format!("K{big_a}k{small_a}"),
            format!("{big_h}Q{small_h}q"),
            format!("qk{big_a}{big_h}"),
            format!("{small_a}K{small_h}{big_a}"),
        ] {
            let fen = shredder
                .as_str()
                .replace(&letters.iter().collect::<String>(), &rights);
            assert_eq!(Position::from_fen(&fen), Ok(position), "{fen}");
        }
    }
}

#[test]
fn surrounding_whitespace_is_accepted() {
    let padded = format!("  {}\n", STANDARD.replace(' ', " \t "));
    assert_eq!(Position::from_fen(&padded), Ok(Position::STANDARD));
}

#[test]
fn field_count() {
    // EPD and opening books write 4 fields, some tools 5: still the start.
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    ] {
        assert_eq!(Position::from_fen(fen), Ok(Position::STANDARD));
    }
    for (fen, found) in [
        ("", 0),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", 3),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1",
            7,
        ),
    ] {
        assert_eq!(
            Position::from_fen(fen),
            Err(FenError::WrongFieldCount { found })
        );
    }
}

#[test]
fn board_shape() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP",
            FenError::WrongRankCount { found: 7 },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR",
            FenError::WrongRankCount { found: 9 },
        ),
        (
            "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            FenError::WrongFileCount { rank: 7, files: 9 },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN",
            FenError::WrongFileCount { rank: 0, files: 7 },
        ),
        (
            "rnbqkbnr/pppppppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR1",
            FenError::WrongFileCount { rank: 0, files: 9 },
        ),
        (
            "rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR",
            FenError::AdjacentDigits { rank: 5 },
        ),
        (
            "rnbqkbnr/pppppppp/8/44/8/8/PPPPPPPP/RNBQKBNR",
            FenError::AdjacentDigits { rank: 4 },
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR",
            FenError::InvalidBoardByte {
                rank: 5,
                byte: b'9',
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX",
            FenError::InvalidBoardByte {
                rank: 0,
                byte: b'X',
            },
        ),
        (
            "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR",
            FenError::InvalidBoardByte {
                rank: 5,
                byte: b'0',
            },
        ),
    ];
    for (board, error) in cases {
        assert_eq!(
            Position::from_fen(&with_field(0, board)),
            Err(error),
            "{board}"
        );
    }
}

#[test]
fn board_content() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
            FenError::PawnMissing {
                square: square("e2"),
                found: None,
            },
        ),
        (
            "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR",
            FenError::UnexpectedPiece {
                square: square("e5"),
                letter: b'p',
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1",
            FenError::NotABackRankPiece {
                square: square("h1"),
                found: None,
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNr",
            FenError::NotABackRankPiece {
                square: square("h1"),
                found: Some(b'r'),
            },
        ),
        (
            "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            FenError::NotABackRankPiece {
                square: square("h8"),
                found: Some(b'P'),
            },
        ),
        (
            "rnbqkbnr/ppppppQp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            FenError::PawnMissing {
                square: square("g7"),
                found: Some(b'Q'),
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ",
            FenError::BackRank {
                color: Color::White,
                error: Error::WrongPieceCount {
                    piece: Piece::Queen,
                    expected: 1,
                    found: 2,
                },
            },
        ),
        (
            "rnbkqnbr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            FenError::BackRank {
                color: Color::Black,
                error: Error::BishopsOnSameColor {
                    files: [File::C, File::G],
                },
            },
        ),
        (
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            FenError::NotMirrored {
                white: Position::STANDARD,
                black: Position::from_id(0).unwrap(),
            },
        ),
    ];
    for (board, error) in cases {
        let fen = with_field(0, board);
        assert_eq!(Position::from_fen(&fen), Err(error), "{board}");
        if !matches!(error, FenError::NotMirrored { .. }) {
            assert_eq!(DoublePosition::from_fen(&fen), Err(error), "{board}");
        }
    }
}

#[test]
fn side_to_move_en_passant_and_counters() {
    for (index, value, error) in [
        (1, "b", FenError::SideToMove),
        (1, "W", FenError::SideToMove),
        (3, "e3", FenError::EnPassantSquare),
        (4, "1", FenError::HalfmoveClock),
        (4, "00", FenError::HalfmoveClock),
        (5, "2", FenError::FullmoveNumber),
        (5, "0", FenError::FullmoveNumber),
    ] {
        assert_eq!(
            Position::from_fen(&with_field(index, value)),
            Err(error),
            "{value}"
        );
    }
}

#[test]
fn castling_rights() {
    let white = Color::White;
    let black = Color::Black;
    for (rights, error) in [
        (
            "-",
            FenError::MissingCastlingRight {
                color: white,
                side: CastlingSide::HSide,
            },
        ),
        (
            "Kkq",
            FenError::MissingCastlingRight {
                color: white,
                side: CastlingSide::ASide,
            },
        ),
        (
            "KQk",
            FenError::MissingCastlingRight {
                color: black,
                side: CastlingSide::ASide,
            },
        ),
        ("KQkx", FenError::InvalidCastlingByte { byte: b'x' }),
        ("KQk-", FenError::InvalidCastlingByte { byte: b'-' }),
        ("KQkq1", FenError::InvalidCastlingByte { byte: b'1' }),
        ("KQkI", FenError::InvalidCastlingByte { byte: b'I' }),
        ("KQk\u{e9}", FenError::InvalidCastlingByte { byte: 0xC3 }),
        (
            "EQkq",
            FenError::NoRookOnFile {
                color: white,
                file: File::E,
            },
        ),
        (
            "KQkb",
            FenError::NoRookOnFile {
                color: black,
                file: File::B,
            },
        ),
        (
            "KHkq",
            FenError::DuplicateCastlingRight {
                color: white,
                side: CastlingSide::HSide,
            },
        ),
        (
            "KQkqq",
            FenError::DuplicateCastlingRight {
                color: black,
                side: CastlingSide::ASide,
            },
        ),
    ] {
        assert_eq!(
            Position::from_fen(&with_field(2, rights)),
            Err(error),
            "{rights}"
        );
    }
}

#[test]
fn double_castling_rights_follow_each_colors_own_rooks() {
    // White RNBQKBNR (rooks a, h), Black RKRNNQBB (rooks a, c).
    let board = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let fen = |rights: &str| format!("{board} w {rights} - 0 1");
    let expected = DoublePosition::new(Position::STANDARD, Position::from_id(959).unwrap());
    assert_eq!(DoublePosition::from_fen(&fen("HAca")), Ok(expected));
    assert_eq!(DoublePosition::from_fen(&fen("KQkq")), Ok(expected));
    assert_eq!(
        DoublePosition::from_fen(&fen("HAha")),
        Err(FenError::NoRookOnFile {
            color: Color::Black,
            file: File::H
        })
    );
}

#[test]
fn huge_input_gets_an_error() {
    let huge = "8/".repeat(500_000);
    assert_eq!(
        Position::from_fen(&with_field(0, &huge)),
        Err(FenError::WrongRankCount { found: 500_001 })
    );
    let wide = format!(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/{}",
        "8p".repeat(1_000_000)
    );
    assert_eq!(
        Position::from_fen(&with_field(0, &wide)),
        Err(FenError::WrongFileCount {
            rank: 0,
            files: 9_000_000
        })
    );
    let digits = format!(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/{}",
        "8".repeat(1_000_000)
    );
    assert_eq!(
        Position::from_fen(&with_field(0, &digits)),
        Err(FenError::AdjacentDigits { rank: 0 })
    );
    let words = "w ".repeat(1_000_000);
    assert_eq!(
        Position::from_fen(&words),
        Err(FenError::WrongFieldCount { found: 1_000_000 })
    );
}

#[test]
fn errors_read_well() {
    let cases = [
        (
            FenError::WrongFileCount { rank: 7, files: 9 },
            "rank 8 of the board describes 9 files instead of 8",
        ),
        (
            FenError::NotABackRankPiece {
                square: square("h1"),
                found: Some(b'r'),
            },
            "a start position has a White piece (king, queen, rook, bishop or knight) on h1, but this FEN has a Black rook there",
        ),
        (
            FenError::MissingCastlingRight {
                color: Color::Black,
                side: CastlingSide::ASide,
            },
            "Black's O-O-O right is missing: in a start position both sides may castle both ways",
        ),
        (
            FenError::NoRookOnFile {
                color: Color::White,
                file: File::E,
            },
            "the castling rights name the e-file, where White has no rook",
        ),
        (
            FenError::InvalidBoardByte { rank: 0, byte: 0 },
            "byte 0x00 in rank 1 is neither a piece letter (KQRBNP, kqrbnp) nor a digit 1-8",
        ),
        (
            FenError::BackRank {
                color: Color::White,
                error: Error::BishopsOnSameColor {
                    files: [File::C, File::G],
                },
            },
            "White's back rank is no Chess960 start: the bishops on the c-file and the g-file stand on squares of the same colour",
        ),
    ];
    for (error, text) in cases {
        assert_eq!(error.to_string(), text);
    }
}

/// A start FEN: any position for each colour, either style.
fn start_fen() -> impl Strategy<Value = String> {
    (0..960u16, 0..960u16, any::<bool>()).prop_map(|(white, black, shredder)| {
        let double = DoublePosition::new(
            Position::from_id(white).unwrap(),
            Position::from_id(black).unwrap(),
        );
        let style = if shredder {
            FenStyle::Shredder
        } else {
            FenStyle::XFen
        };
        double.fen(style).to_string()
    })
}

/// If a text parses, its result written as a FEN parses back to itself.
fn check_consistent(text: &str) {
    if let Ok(position) = Position::from_fen(text) {
        assert_eq!(
            Position::from_fen(position.fen(FenStyle::XFen).as_str()),
            Ok(position)
        );
    }
    if let Ok(double) = DoublePosition::from_fen(text) {
        assert_eq!(
            DoublePosition::from_fen(double.fen(FenStyle::Shredder).as_str()),
            Ok(double)
        );
    }
}

// Arbitrary text and bytes: `fen_dialects`, whose check also holds the
// strict readers to `identify_fen`.
proptest! {
    #[test]
    fn fen_like_text_never_panics(text in "[1-9/pnbrqkPNBRQKA-Hwb -]{0,80}") {
        check_consistent(&text);
    }

    #[test]
    fn one_byte_changed_never_panics(fen in start_fen(), index in 0..56usize, byte in any::<u8>()) {
        let mut bytes = fen.into_bytes();
        bytes[index] = byte;
        check_consistent(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn one_byte_removed_or_inserted_never_panics(
        fen in start_fen(),
        index in 0..56usize,
        byte in any::<u8>(),
        insert in any::<bool>(),
    ) {
        let mut bytes = fen.into_bytes();
        if insert {
            bytes.insert(index, byte);
        } else {
            bytes.remove(index);
        }
        check_consistent(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn any_castling_field_gets_ok_or_a_typed_error(fen in start_fen(), rights in "[KQkqA-Ha-h-]{0,6}") {
        let mut fields: Vec<&str> = fen.split(' ').collect();
        fields[2] = &rights;
        let text = fields.join(" ");
        // At most four rights, each once: anything longer is an error.
        if DoublePosition::from_fen(&text).is_ok() {
            prop_assert_eq!(rights.len(), 4);
        }
    }

    #[test]
    fn start_fens_round_trip(fen in start_fen()) {
        let double = DoublePosition::from_fen(&fen).unwrap();
        prop_assert_eq!(double.fen(FenStyle::XFen).as_str().len(), fen.len());
        prop_assert!(*fen == double.fen(FenStyle::XFen) || *fen == double.fen(FenStyle::Shredder));
        prop_assert_eq!(Position::from_fen(&fen).is_ok(), double.is_single());
    }
}
