//! `Position` in the formats a server stores or sends: a compact binary
//! format writes the `u16` id, TOML writes the rank and reads any form of
//! the grammar, as values and as table keys.

use chess960::Position;
use serde::{Deserialize, Serialize};
use serde_test::{Configure, Token, assert_de_tokens, assert_de_tokens_error};
use std::collections::BTreeMap;

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Game {
    position: Position,
    results: BTreeMap<Position, u32>,
}

#[test]
fn postcard_writes_the_id_as_a_varint() {
    // 518 = 4 * 128 + 6: the low seven bits with the high bit set, then 4.
    assert_eq!(
        postcard::to_allocvec(&Position::STANDARD).unwrap(),
        [0x86, 0x04]
    );
    assert_eq!(
        postcard::to_allocvec(&Position::from_id(5).unwrap()).unwrap(),
        [5]
    );
    for position in Position::all() {
        let bytes = postcard::to_allocvec(&position).unwrap();
        assert_eq!(postcard::from_bytes::<Position>(&bytes).unwrap(), position);
        assert_eq!(
            bytes,
            postcard::to_allocvec(&position.id()).unwrap(),
            "the same bytes as the u16"
        );
    }
    let out_of_range = postcard::to_allocvec(&960u16).unwrap();
    assert!(postcard::from_bytes::<Position>(&out_of_range).is_err());
}

#[test]
fn postcard_round_trips_a_struct_with_position_keys() {
    let game = Game {
        position: Position::STANDARD,
        results: BTreeMap::from([(Position::from_id(0).unwrap(), 2), (Position::STANDARD, 7)]),
    };
    let bytes = postcard::to_allocvec(&game).unwrap();
    assert_eq!(postcard::from_bytes::<Game>(&bytes).unwrap(), game);
}

#[test]
fn toml_round_trips_with_ranks_and_reads_every_form() {
    let game = Game {
        position: Position::STANDARD,
        results: BTreeMap::from([(Position::from_id(959).unwrap(), 1)]),
    };
    let text = toml::to_string(&game).unwrap();
    assert_eq!(text, "position = \"RNBQKBNR\"\n\n[results]\nRKRNNQBB = 1\n");
    assert_eq!(toml::from_str::<Game>(&text).unwrap(), game);

    let written_by_hand = "position = 518\n[results]\nSP959 = 1\n";
    assert_eq!(toml::from_str::<Game>(written_by_hand).unwrap(), game);
    let written_by_hand = "position = \"rnbqkbnr\"\n[results]\n\"959\" = 1\n";
    assert_eq!(toml::from_str::<Game>(written_by_hand).unwrap(), game);

    let error = toml::from_str::<Game>("position = \"SP960\"\n[results]\n")
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("start position 960 does not exist: ids run from 0 to 959"),
        "{error}"
    );
}

#[test]
fn bytes_are_read_as_text() {
    assert_de_tokens(&Position::STANDARD.readable(), &[Token::Bytes(b"SP518")]);
    assert_de_tokens(
        &Position::STANDARD.readable(),
        &[Token::BorrowedStr(" rnbqkbnr ")],
    );
    assert_de_tokens_error::<serde_test::Readable<Position>>(
        &[Token::Bytes(&[0xFF, 0x35])],
        "invalid value: byte array, expected a Chess960 start position: an id from 0 to 959, \
         a label such as \"SP518\", a rank such as \"RNBQKBNR\" or a FEN",
    );
}
