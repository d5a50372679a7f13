//! serde for the public types besides `Position`: every value of every
//! small type round-trips through JSON (as a value and, where the type can be
//! one, as a map key) and through postcard (compact), in the documented form
//! and size; bad input is a serde error, never a panic.
use chess960::{
    CastlingSide, Color, DoublePosition, File, Piece, Position, PositionSet, Square, UciMove,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_test::{Configure, Token, assert_de_tokens, assert_tokens};
use std::collections::BTreeMap;
use std::fmt::Debug;

/// Every square, a1 first.
fn squares() -> Vec<Square> {
    (0..64)
        .map(|index| Square::from_index(index).unwrap())
        .collect()
}

/// Every castling move of all 960 starts, both colours, king takes rook
/// and (where it is unambiguous) the king's own move.
fn castling_moves() -> Vec<UciMove> {
    let mut moves = Vec::new();
    for position in Position::all() {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let castling = position.castling(side);
                moves.push(castling.uci(color));
                moves.extend(castling.uci_king_move(color));
            }
        }
    }
    moves
}

/// A stride through the double ids that meets every White and every Black
/// start, and the ends.
fn double_sample() -> Vec<DoublePosition> {
    (0..DoublePosition::COUNT)
        .step_by(97)
        .chain([0, 497_798, DoublePosition::COUNT - 1])
        .map(|id| DoublePosition::from_id(id).unwrap())
        .collect()
}

/// Round trips `value` through JSON, as a value, and through postcard;
/// returns the JSON text and the postcard bytes.
fn round_trip<T>(value: &T) -> (String, Vec<u8>)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let json = serde_json::to_string(value).unwrap();
    assert_eq!(&serde_json::from_str::<T>(&json).unwrap(), value, "{json}");
    let bytes = postcard::to_allocvec(value).unwrap();
    assert_eq!(
        &postcard::from_bytes::<T>(&bytes).unwrap(),
        value,
        "{bytes:?}"
    );
    (json, bytes)
}

/// Round trips a map keyed by each of `keys` through JSON, and checks each
/// key is written as its value is.
fn round_trip_keys<T>(keys: &[T])
where
    T: Serialize + DeserializeOwned + Ord + Debug + Clone,
{
    let map: BTreeMap<T, usize> = keys.iter().cloned().zip(0..).collect();
    let json = serde_json::to_string(&map).unwrap();
    assert_eq!(
        serde_json::from_str::<BTreeMap<T, usize>>(&json).unwrap(),
        map
    );
    let object: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&json).unwrap();
    assert_eq!(object.len(), map.len());
    for (key, value) in &map {
        let written: String = serde_json::from_value(serde_json::to_value(key).unwrap()).unwrap();
        assert_eq!(object[&written], *value, "{written} in {json}");
    }
    let bytes = postcard::to_allocvec(&map).unwrap();
    assert_eq!(
        postcard::from_bytes::<BTreeMap<T, usize>>(&bytes).unwrap(),
        map
    );
}

#[test]
fn files_are_letters_or_indices() {
    for file in File::ALL {
        let (json, bytes) = round_trip(&file);
        assert_eq!(json, format!("\"{file}\""));
        assert_eq!(bytes, [file.index()]);
        assert_eq!(
            serde_json::from_str::<File>(&file.index().to_string()).unwrap(),
            file
        );
    }
    round_trip_keys(&File::ALL);
    assert_tokens(&File::E.readable(), &[Token::Str("e")]);
    assert_tokens(&File::E.compact(), &[Token::U8(4)]);
}

#[test]
fn pieces_are_names_or_indices() {
    for (index, piece) in Piece::ALL.into_iter().enumerate() {
        let (json, bytes) = round_trip(&piece);
        assert_eq!(json, format!("\"{}\"", piece.name()));
        assert_eq!(bytes, [u8::try_from(index).unwrap()]);
        let letter = char::from(piece.letter());
        for text in [
            piece.name().to_uppercase(),
            letter.to_string(),
            letter.to_ascii_lowercase().to_string(),
        ] {
            assert_eq!(
                serde_json::from_str::<Piece>(&format!("\"{text}\"")).unwrap(),
                piece
            );
        }
    }
    round_trip_keys(&Piece::ALL);
    assert_tokens(&Piece::Knight.readable(), &[Token::Str("knight")]);
    assert_tokens(&Piece::Knight.compact(), &[Token::U8(4)]);
}

#[test]
fn squares_are_names_or_indices() {
    let squares = squares();
    for &square in &squares {
        let (json, bytes) = round_trip(&square);
        assert_eq!(json, format!("\"{square}\""));
        assert_eq!(bytes, [square.index()]);
        assert_eq!(
            serde_json::from_str::<Square>(&square.index().to_string()).unwrap(),
            square
        );
    }
    round_trip_keys(&squares);
    let e4 = "e4".parse::<Square>().unwrap();
    assert_tokens(&e4.readable(), &[Token::Str("e4")]);
    assert_tokens(&e4.compact(), &[Token::U8(28)]);
}

#[test]
fn colors_are_lowercase_names_or_indices() {
    for (color, name, index, others) in [
        (Color::White, "white", 0, ["\"White\"", "\"W\"", "0"]),
        (Color::Black, "black", 1, ["\"BLACK\"", "\"b\"", "1"]),
    ] {
        let (json, bytes) = round_trip(&color);
        assert_eq!(json, format!("\"{name}\""));
        assert_eq!(bytes, [index]);
        for text in others {
            assert_eq!(
                serde_json::from_str::<Color>(text).unwrap(),
                color,
                "{text}"
            );
        }
    }
    round_trip_keys(&Color::ALL);
    assert_tokens(&Color::Black.readable(), &[Token::Str("black")]);
    assert_tokens(&Color::Black.compact(), &[Token::U8(1)]);
}

#[test]
fn castling_sides_are_notation_or_indices() {
    for (side, notation, index) in [
        (CastlingSide::ASide, "O-O-O", 0),
        (CastlingSide::HSide, "O-O", 1),
    ] {
        let (json, bytes) = round_trip(&side);
        assert_eq!(json, format!("\"{notation}\""));
        assert_eq!(bytes, [index]);
    }
    round_trip_keys(&CastlingSide::ALL);
    assert_eq!(
        serde_json::from_str::<CastlingSide>("\"kingside\"").unwrap(),
        CastlingSide::HSide
    );
    assert_tokens(&CastlingSide::HSide.readable(), &[Token::Str("O-O")]);
    assert_tokens(&CastlingSide::HSide.compact(), &[Token::U8(1)]);
}

#[test]
fn the_castling_moves_of_all_960_are_uci_text_or_one_number() {
    let moves = castling_moves();
    for uci in &moves {
        let (json, bytes) = round_trip(uci);
        assert_eq!(json, format!("\"{uci}\""));
        let number = u16::from(uci.from_square().index()) * 64 + u16::from(uci.to_square().index());
        assert_eq!(postcard::from_bytes::<u16>(&bytes).unwrap(), number);
        assert!(bytes.len() <= 2);
    }
    round_trip_keys(&moves);
    let e1h1 = "e1h1".parse::<UciMove>().unwrap();
    assert_tokens(&e1h1.readable(), &[Token::Str("e1h1")]);
    assert_tokens(&e1h1.compact(), &[Token::U16(4 * 64 + 7)]);
}

#[test]
fn double_starts_are_both_ranks_or_the_id() {
    let sample = double_sample();
    for double in &sample {
        let (json, bytes) = round_trip(double);
        assert_eq!(json, format!("\"{double}\""));
        assert_eq!(postcard::from_bytes::<u32>(&bytes).unwrap(), double.id());
        assert!(bytes.len() <= 3, "a varint of 20 bits");
        assert_eq!(
            serde_json::from_str::<DoublePosition>(&double.id().to_string()).unwrap(),
            *double
        );
        let ids = format!("\"{}/{}\"", double.white().id(), double.black().id());
        assert_eq!(
            serde_json::from_str::<DoublePosition>(&ids).unwrap(),
            *double
        );
    }
    round_trip_keys(&sample);
    let double = DoublePosition::from_id(497_918).unwrap();
    assert_tokens(&double.readable(), &[Token::Str("RNBQKBNR/rnkqrbbn")]);
    assert_tokens(&double.compact(), &[Token::U32(497_918)]);
    assert_de_tokens(&double.readable(), &[Token::U64(497_918)]);
    let keyed: BTreeMap<DoublePosition, u8> =
        serde_json::from_str(r#"{"497918": 1, "518/638": 2}"#).unwrap();
    assert_eq!(keyed.into_iter().collect::<Vec<_>>(), [(double, 2)]);
}

#[test]
fn position_sets_are_sequences_of_positions_or_120_bytes() {
    let every_seventh: PositionSet = Position::all().filter(|p| p.id() % 7 == 0).collect();
    for set in [
        PositionSet::EMPTY,
        PositionSet::ALL,
        PositionSet::EMPTY.with(Position::STANDARD),
        every_seventh,
        !every_seventh,
    ] {
        let (json, bytes) = round_trip(&set);
        let ranks: Vec<String> = set.iter().map(|p| format!("\"{p}\"")).collect();
        assert_eq!(json, format!("[{}]", ranks.join(",")));
        assert_eq!(bytes.len(), 2 + 120 - 1, "a length byte and the bitmap");
        assert_eq!(bytes[1..], set.to_bytes());
    }
    let set = PositionSet::EMPTY.with(Position::STANDARD);
    assert_tokens(
        &set.readable(),
        &[
            Token::Seq { len: Some(1) },
            Token::Str("RNBQKBNR"),
            Token::SeqEnd,
        ],
    );
    let bytes = set.to_bytes();
    let bytes: &'static [u8] = Box::leak(Box::new(bytes));
    assert_tokens(&set.compact(), &[Token::Bytes(bytes)]);
    assert_eq!(
        serde_json::from_str::<PositionSet>(r#"[518, "rnbqkbnr", 518]"#).unwrap(),
        set
    );
}

#[test]
fn bad_values_are_errors_that_say_what_was_expected() {
    let error = |result: Result<(), serde_json::Error>| result.unwrap_err().to_string();
    let json = |text: &str| -> Vec<String> {
        vec![
            error(serde_json::from_str::<File>(text).map(drop)),
            error(serde_json::from_str::<Square>(text).map(drop)),
            error(serde_json::from_str::<Color>(text).map(drop)),
            error(serde_json::from_str::<CastlingSide>(text).map(drop)),
            error(serde_json::from_str::<UciMove>(text).map(drop)),
            error(serde_json::from_str::<Piece>(text).map(drop)),
        ]
    };
    for text in ["\"i9\"", "true", "-1", "1e3", "[1]", "{}", "null"] {
        for message in json(text) {
            assert!(!message.is_empty(), "{text}");
        }
    }
    assert!(
        error(serde_json::from_str::<Square>("64").map(drop))
            .starts_with("invalid value: integer `64`, expected a square")
    );
    assert!(
        error(serde_json::from_str::<Square>("\"E4\"").map(drop)).starts_with("'E' is not a file")
    );
    assert!(
        error(serde_json::from_str::<File>("8").map(drop))
            .starts_with("invalid value: integer `8`, expected a file")
    );
    assert!(
        error(serde_json::from_str::<Color>("\"red\"").map(drop))
            .starts_with("a colour is white or black")
    );
    assert!(
        error(serde_json::from_str::<Piece>("\"pawn\"").map(drop))
            .starts_with("invalid value: string \"pawn\", expected a back-rank piece")
    );
    assert!(
        error(serde_json::from_str::<UciMove>("4096").map(drop))
            .starts_with("invalid value: integer `4096`")
    );
    assert!(
        error(serde_json::from_str::<DoublePosition>("921600").map(drop))
            .starts_with("invalid value: integer `921600`")
    );
    assert!(
        error(serde_json::from_str::<DoublePosition>("\"921600\"").map(drop))
            .starts_with("double Chess960 start 921600 does not exist")
    );
    assert!(
        error(serde_json::from_str::<PositionSet>("[960]").map(drop))
            .starts_with("start position 960 does not exist")
    );
    assert!(
        error(serde_json::from_str::<PositionSet>("\"RNBQKBNR\"").map(drop))
            .starts_with("invalid type: string")
    );

    // Compact: every byte past the last value is refused; no input panics.
    for byte in 0..=255_u8 {
        let input = [byte];
        assert_eq!(postcard::from_bytes::<Square>(&input).is_ok(), byte < 64);
        assert_eq!(postcard::from_bytes::<File>(&input).is_ok(), byte < 8);
        assert_eq!(postcard::from_bytes::<Color>(&input).is_ok(), byte < 2);
        assert_eq!(
            postcard::from_bytes::<CastlingSide>(&input).is_ok(),
            byte < 2
        );
        assert_eq!(postcard::from_bytes::<Piece>(&input).is_ok(), byte < 5);
    }
    for length in [0_u8, 1, 119, 121] {
        let mut input = vec![length];
        input.resize(usize::from(length) + 1, 0xFF);
        assert!(
            postcard::from_bytes::<PositionSet>(&input).is_err(),
            "{length} bytes"
        );
    }
    assert!(
        postcard::from_bytes::<PositionSet>(&[120]).is_err(),
        "truncated"
    );
    assert!(
        postcard::from_bytes::<DoublePosition>(&postcard::to_allocvec(&921_600_u32).unwrap())
            .is_err()
    );
    assert!(postcard::from_bytes::<UciMove>(&postcard::to_allocvec(&4096_u16).unwrap()).is_err());
}

/// A compact format may give the bitmap as a sequence of bytes rather than
/// as bytes; exactly 120 are read, and every wrong length, in either form,
/// is an error that says what was expected.
#[test]
fn a_position_set_s_bitmap_may_come_as_a_sequence_of_bytes() {
    use serde_test::assert_de_tokens_error;
    let set: PositionSet = Position::all().filter(|p| p.id() % 3 == 1).collect();
    let sequence = |count: usize| {
        let mut tokens = vec![Token::Seq { len: Some(count) }];
        tokens.extend(
            set.to_bytes()
                .iter()
                .chain(&[0])
                .take(count)
                .map(|&byte| Token::U8(byte)),
        );
        tokens.push(Token::SeqEnd);
        tokens
    };
    assert_de_tokens(&set.compact(), &sequence(120));
    let expected = "a bitmap of 120 bytes, one bit per Chess960 start position";
    assert_de_tokens_error::<serde_test::Compact<PositionSet>>(
        &sequence(119),
        &format!("invalid length 119, expected {expected}"),
    );
    assert_de_tokens_error::<serde_test::Compact<PositionSet>>(
        &sequence(121),
        &format!("invalid value: more than 120 bytes, expected {expected}"),
    );
    assert_de_tokens_error::<serde_test::Compact<PositionSet>>(
        &[Token::Bytes(&[0, 1, 2])],
        &format!("invalid length 3, expected {expected}"),
    );
    assert_de_tokens_error::<serde_test::Readable<PositionSet>>(
        &[Token::Str("RNBQKBNR")],
        "invalid type: string \"RNBQKBNR\", expected a sequence of Chess960 start positions",
    );
}

/// `Eval` and `Wdl` are written as structs: JSON objects with the
/// documented keys, and in postcard the fields in order (`best` as a
/// `UciMove` is written there).
#[test]
fn evals_are_written_as_structs() {
    for position in Position::all() {
        let eval = position.eval();
        let json = serde_json::to_value(eval).unwrap();
        let wdl = eval.wdl().map(
            |wdl| serde_json::json!({"win": wdl.win(), "draw": wdl.draw(), "loss": wdl.loss()}),
        );
        assert_eq!(
            json,
            serde_json::json!({
                "cp": eval.cp(),
                "wdl": wdl,
                "depth": eval.depth(),
                "best": eval.best().to_string(),
            })
        );
        let compact = postcard::to_allocvec(&eval).unwrap();
        let mut expected = postcard::to_allocvec(&eval.cp()).unwrap();
        expected.extend(
            postcard::to_allocvec(&eval.wdl().map(|w| (w.win(), w.draw(), w.loss()))).unwrap(),
        );
        expected.extend(postcard::to_allocvec(&eval.depth()).unwrap());
        expected.extend(postcard::to_allocvec(&eval.best()).unwrap());
        assert_eq!(compact, expected, "SP {position}");
    }
}
