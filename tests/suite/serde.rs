//! The `serde` feature: rank in human-readable formats, id in compact ones.

use chess960::Position;
use serde_test::{Configure, Token, assert_de_tokens, assert_de_tokens_error, assert_tokens};

#[test]
fn human_readable_formats_use_the_rank() {
    assert_tokens(&Position::STANDARD.readable(), &[Token::Str("RNBQKBNR")]);
    assert_eq!(
        serde_json::to_string(&Position::STANDARD).unwrap(),
        "\"RNBQKBNR\""
    );
}

#[test]
fn compact_formats_use_the_id() {
    assert_tokens(&Position::STANDARD.compact(), &[Token::U16(518)]);
}

#[test]
fn human_readable_formats_accept_an_id_or_either_rank() {
    for json in ["518", "\"RNBQKBNR\"", "\"rnbqkbnr\""] {
        assert_eq!(
            serde_json::from_str::<Position>(json).unwrap(),
            Position::STANDARD,
            "{json}"
        );
    }
    for position in Position::all() {
        let json = serde_json::to_string(&position).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), position);
        let id = position.id().to_string();
        assert_eq!(serde_json::from_str::<Position>(&id).unwrap(), position);
    }
    assert_de_tokens(&Position::STANDARD.readable(), &[Token::I64(518)]);
}

#[test]
fn bad_values_name_the_rule() {
    let error = |json: &str| {
        serde_json::from_str::<Position>(json)
            .unwrap_err()
            .to_string()
    };
    assert!(
        error("960").starts_with("start position 960 does not exist"),
        "{}",
        error("960")
    );
    assert!(
        error("-1").starts_with("start position ids are not negative"),
        "{}",
        error("-1")
    );
    assert!(
        error("70000").starts_with(
            "start position ids run from 0 to 959, but a number of 5 digits was given"
        )
    );
    assert!(error("\"RNBQKBNQ\"").starts_with("a start rank has 1 queen, but this one has 2"));
    assert!(error("true").starts_with("invalid type: boolean `true`, expected a Chess960"));
    assert_de_tokens_error::<serde_test::Compact<Position>>(
        &[Token::U16(960)],
        "start position 960 does not exist: ids run from 0 to 959",
    );
}
