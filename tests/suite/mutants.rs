//! Behaviour that only cargo-mutants showed untested: each test here
//! fails for a change of the code that every other test let through
//! (`.cargo/mutants.toml` lists the changes that cannot be noticed).

use chess960::{Fen, FenStyle, Position};

/// `Fen` compares with `str` and `&str` both ways, and unequal texts
/// compare unequal: a FEN that differs in one byte, a prefix, the other
/// style.
#[test]
fn a_fen_equals_exactly_its_text() {
    let fen: Fen = Position::STANDARD.fen(FenStyle::XFen);
    let text: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let others: [&str; 4] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "",
    ];
    // Each impl by name: `Fen == str`, `Fen == &str`, `str == Fen`, `&str == Fen`.
    assert!(PartialEq::<str>::eq(&fen, text));
    assert!(PartialEq::<&str>::eq(&fen, &text));
    assert!(PartialEq::<Fen>::eq(text, &fen));
    assert!(PartialEq::<Fen>::eq(&text, &fen));
    assert_eq!(fen, text);
    assert_eq!(text, fen);
    for other in others {
        assert!(!PartialEq::<str>::eq(&fen, other), "{other:?}");
        assert!(!PartialEq::<&str>::eq(&fen, &other), "{other:?}");
        assert!(!PartialEq::<Fen>::eq(other, &fen), "{other:?}");
        assert!(!PartialEq::<Fen>::eq(&other, &fen), "{other:?}");
        assert_ne!(fen, other);
        assert_ne!(other, fen);
    }
    assert_ne!(fen, Position::STANDARD.fen(FenStyle::Shredder));
}

/// A FEN error names the piece it found by colour and kind, for every
/// letter: a piece on an empty square, and a piece where a pawn belongs.
#[test]
fn fen_errors_name_every_piece() {
    let names = [
        (b'K', "White king"),
        (b'Q', "White queen"),
        (b'R', "White rook"),
        (b'B', "White bishop"),
        (b'N', "White knight"),
        (b'P', "White pawn"),
        (b'k', "Black king"),
        (b'q', "Black queen"),
        (b'r', "Black rook"),
        (b'b', "Black bishop"),
        (b'n', "Black knight"),
        (b'p', "Black pawn"),
    ];
    for (letter, name) in names {
        let piece = char::from(letter);
        // On e3, which starts empty.
        let fen = format!("rnbqkbnr/pppppppp/8/8/8/4{piece}3/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let error = Position::from_fen(&fen).unwrap_err().to_string();
        assert_eq!(
            error,
            format!("e3 is empty in a start position, but this FEN has a {name} there"),
            "{fen}"
        );
        // On e2, where White's pawn stands (a White pawn there is no error).
        if letter != b'P' {
            let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPP{piece}PPP/RNBQKBNR w KQkq - 0 1");
            let error = Position::from_fen(&fen).unwrap_err().to_string();
            assert_eq!(
                error,
                format!("a start position has a White pawn on e2, but this FEN has a {name} there"),
                "{fen}"
            );
        }
    }
}

/// `Debug` writes the id and the rank.
#[test]
fn a_position_debugs_as_its_id_and_rank() {
    assert_eq!(
        format!("{:?}", Position::STANDARD),
        r#"Position { id: 518, rank: "RNBQKBNR" }"#
    );
    let last = Position::from_id(959).unwrap();
    assert_eq!(
        format!("{last:#?}"),
        "Position {\n    id: 959,\n    rank: \"RKRNNQBB\",\n}"
    );
}

/// A back rank of eight NUL bytes (no letter at all) is no start rank,
/// even when every other field is a start's: no bit trick on the rank's
/// bytes may take it for a mirror of White's.
#[test]
fn a_rank_of_nul_bytes_is_refused() {
    let fen = "\0\0\0\0\0\0\0\0/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(Position::from_fen(fen).is_err());
    assert!(chess960::DoublePosition::from_fen(fen).is_err());
    assert!(chess960::identify_fen(fen).is_err());
    let board_only = "\0\0\0\0\0\0\0\0/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 3 9";
    assert!(chess960::identify_fen(board_only).is_err());
}

/// The messages of the small parse errors, whole (the suite otherwise
/// checks only that such text is refused).
#[test]
fn small_parse_errors_say_what_is_read() {
    let error = "O-O-O-O".parse::<chess960::CastlingSide>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "a castling side is O-O-O or O-O, or a-side, h-side, queenside or kingside"
    );
    let error = "red".parse::<chess960::Color>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "a colour is white or black, or w or b as in a FEN"
    );
    #[cfg(feature = "svg")]
    {
        let error = "tomato".parse::<chess960::svg::Rgb>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "not a colour: write it as #rrggbb or #rgb in hexadecimal digits"
        );
    }
}

/// Each colour's back rank and pawn rank, as the square masks have them.
#[test]
fn each_colour_has_its_ranks() {
    use chess960::Color;
    let pawns = Position::STANDARD.bitboards().pawns();
    let rank_mask = |rank: u8| 0xFF_u64 << (8 * u32::from(rank));
    assert_eq!(
        pawns,
        rank_mask(Color::White.pawn_rank()) | rank_mask(Color::Black.pawn_rank())
    );
    assert_eq!((Color::White.pawn_rank(), Color::Black.pawn_rank()), (1, 6));
    assert_eq!((Color::White.back_rank(), Color::Black.back_rank()), (0, 7));
}

/// The out-of-range messages of the other numberings, whole.
#[test]
fn numbering_errors_say_the_range() {
    assert_eq!(
        Position::from_one_based(961).unwrap_err().to_string(),
        "one-based number 961 does not exist: they run from 1 to 960"
    );
    assert_eq!(
        Position::from_fritz9(0).unwrap_err().to_string(),
        "Fritz 9 number 0 does not exist: they run from 1 to 960"
    );
}

/// Every set of castling rights: its size, its `Debug`, and adding a right
/// it has already (which changes nothing).
#[test]
fn castling_rights_count_and_add_as_sets() {
    use chess960::{CastlingRights, CastlingSide, Color};
    let rights = [
        (Color::White, CastlingSide::HSide),
        (Color::White, CastlingSide::ASide),
        (Color::Black, CastlingSide::HSide),
        (Color::Black, CastlingSide::ASide),
    ];
    for bits in 0..16_u8 {
        let mut set = CastlingRights::NONE;
        for (index, &(color, side)) in rights.iter().enumerate() {
            if bits >> index & 1 == 1 {
                set = set.with(color, side);
            }
        }
        assert_eq!(set.len(), bits.count_ones() as usize, "{set}");
        assert_eq!(format!("{set:?}"), format!("CastlingRights(\"{set}\")"));
        for (color, side) in rights {
            let added = set.with(color, side);
            assert!(added.contains(color, side));
            assert_eq!(added.with(color, side), added, "{set} + {color} {side}");
        }
    }
    assert_eq!(
        format!("{:?}", CastlingRights::ALL),
        "CastlingRights(\"KQkq\")"
    );
}

/// How many ways a FEN departs from its start, 0 to 5.
#[test]
fn departures_are_counted() {
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for (rest, count) in [
        ("w KQkq - 0 1", 0),
        ("w KQkq - 3 1", 1),
        ("b KQkq - 0 1", 1),
        ("b Kq - 0 1", 2),
        ("b - e3 4 1", 4),
        ("b Q e3 7 12", 5),
    ] {
        let fen = format!("{board} {rest}");
        let found = chess960::identify_fen(&fen).unwrap();
        assert_eq!(found.departures().len(), count, "{fen}");
        assert_eq!(found.departures().iter().count(), count, "{fen}");
    }
}

/// A two-rank text is read in FEN order (Black's rank first) only when the
/// first rank is all lowercase and the second all uppercase: with mixed
/// case the first rank is White's, and the error names it.
#[test]
fn a_double_start_in_mixed_case_is_read_white_first() {
    use chess960::{Color, DoublePosition, ParseDoublePositionError};
    let error = "RnBQKBNR/rNKQRBBN".parse::<DoublePosition>().unwrap_err();
    let ParseDoublePositionError::Position { color, error } = error else {
        panic!("{error:?}");
    };
    assert_eq!(color, Color::White);
    assert_eq!(error, "RnBQKBNR".parse::<Position>().unwrap_err());
}

/// `Positions::count` (which the iterator answers from its length) agrees
/// with stepping through it, from the front, the back and both ends.
#[test]
fn a_set_s_iterator_counts_what_it_yields() {
    use chess960::PositionSet;
    for step in [1_u16, 2, 7, 100, 959, 960] {
        let mut set = PositionSet::EMPTY;
        for id in (0..960).step_by(usize::from(step)) {
            set.insert(Position::from_id(id).unwrap());
        }
        let yielded = set.iter().fold(0, |count, _| count + 1);
        assert_eq!(set.iter().count(), yielded, "step {step}");
        assert_eq!(yielded, usize::from(set.len()));
        let mut both_ends = set.iter();
        let mut taken = 0;
        while both_ends.next().is_some() {
            taken += 1;
            if both_ends.next_back().is_some() {
                taken += 1;
            }
            assert_eq!(both_ends.clone().count() + taken, yielded, "step {step}");
        }
    }
    assert_eq!(PositionSet::EMPTY.iter().count(), 0);
}

/// A square's bit is the one bit at its index, a1 = 0 to h8 = 63.
#[test]
fn each_square_has_its_own_bit() {
    use chess960::Square;
    let mut seen = 0_u64;
    for index in 0..64_u8 {
        let square = Square::from_index(index).unwrap();
        let bit = square.bit();
        assert_eq!(bit.count_ones(), 1, "{square}");
        assert_eq!(bit.trailing_zeros(), u32::from(index), "{square}");
        seen |= bit;
    }
    assert_eq!(seen, u64::MAX);
}

/// Each file's letter, a to h in order, as `to_char` and `Display` give it.
#[test]
fn each_file_has_its_letter() {
    use chess960::File;
    let letters: String = File::ALL.iter().map(|file| file.to_char()).collect();
    assert_eq!(letters, "abcdefgh");
    let shown: String = File::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(shown, "abcdefgh");
}
