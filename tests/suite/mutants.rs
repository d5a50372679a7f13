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
