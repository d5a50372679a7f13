//! Every message a person reads, whole: files by letter, characters as
//! themselves, outcomes counted from 1, and advice that fits the entry point
//! (`from_rank` takes only White's uppercase rank, text takes either).

use chess960::Position;
use chess960::draw::{self, Card, Coin, DrawError};

/// The message `str::parse` gives for `text`.
fn parse_message(text: &str) -> String {
    text.parse::<Position>().unwrap_err().to_string()
}

#[test]
fn ids() {
    assert_eq!(
        Position::from_id(960).unwrap_err().to_string(),
        "start position 960 does not exist: ids run from 0 to 959"
    );
    assert_eq!(
        parse_message("SP960"),
        "start position 960 does not exist: ids run from 0 to 959"
    );
    assert_eq!(
        parse_message("-3"),
        "start position ids are not negative: they run from 0 to 959"
    );
    assert_eq!(
        parse_message("518.0"),
        "'.' is not a digit: an id is a whole number from 0 to 959"
    );
    assert_eq!(
        parse_message("5\u{2009}18"),
        "U+2009 '\u{2009}' is not a digit: an id is a whole number from 0 to 959"
    );
    assert_eq!(
        parse_message("51\t8"),
        "U+0009 is not a digit: an id is a whole number from 0 to 959"
    );
    assert_eq!(
        parse_message("sp-"),
        "SP is followed by an id from 0 to 959, as in SP518 or SP-518"
    );
    assert_eq!(
        parse_message("1234567"),
        "start position ids run from 0 to 959, but a number of 7 digits was given"
    );
    assert_eq!(
        parse_message(" \n"),
        "no position given: write an id from 0 to 959, a label such as SP518, \
         a back rank such as RNBQKBNR, or a FEN"
    );
}

#[test]
fn ranks_written_as_text() {
    assert_eq!(
        parse_message("RNBQKBN"),
        "a back rank has 8 squares, but 7 characters were given"
    );
    assert_eq!(
        parse_message("R"),
        "a back rank has 8 squares, but 1 character was given"
    );
    assert_eq!(
        parse_message("rnbqkbnx"),
        "'x' on the h-file is not a piece letter: \
         write White's rank with K, Q, R, B and N, or Black's with k, q, r, b and n"
    );
    assert_eq!(
        parse_message("♔NBQKBNR"),
        "U+2654 '♔' on the a-file is not a piece letter: \
         write White's rank with K, Q, R, B and N, or Black's with k, q, r, b and n"
    );
    assert_eq!(
        parse_message("rnbQkbnr"),
        "'Q' on the d-file is uppercase, but the rank began in lowercase: \
         write White's rank in uppercase or Black's in lowercase"
    );
    assert_eq!(
        parse_message("RNBqKBNR"),
        "'q' on the d-file is lowercase, but the rank began in uppercase: \
         write White's rank in uppercase or Black's in lowercase"
    );
}

#[test]
fn ranks_given_as_bytes_name_only_white_s_letters() {
    assert_eq!(
        Position::from_rank(b"rnbqkbnr").unwrap_err().to_string(),
        "'r' on the a-file is not a piece letter: White's rank is written with K, Q, R, B and N"
    );
    assert_eq!(
        chess960_core::id_from_rank(b"RNBQ\xE2NBR")
            .unwrap_err()
            .to_string(),
        "byte 0xE2 on the e-file is not a piece letter: White's rank is written with K, Q, R, B and N"
    );
}

#[test]
fn rules_of_a_start_rank() {
    for (text, message) in [
        ("RNBQKBNQ", "a start rank has 1 queen, but this one has 2"),
        ("RNBQKBNN", "a start rank has 2 rooks, but this one has 1"),
        ("RKBQKBNR", "a start rank has 1 king, but this one has 2"),
        (
            "RNBKQNBR",
            "the bishops on the c-file and the g-file stand on squares of the same colour",
        ),
        (
            "KRBQRBNN",
            "the king on the a-file is not between the rooks on the b-file and the e-file",
        ),
    ] {
        assert_eq!(parse_message(text), message, "{text}");
        let rank: [u8; 8] = text.as_bytes().try_into().unwrap();
        assert_eq!(Position::from_rank(&rank).unwrap_err().to_string(), message);
    }
}

#[test]
fn a_fen_s_message_is_the_fen_reader_s() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(
        parse_message(fen),
        Position::from_fen(fen).unwrap_err().to_string()
    );
}

#[test]
fn draws_count_outcomes_from_one() {
    use Coin::{Heads as H, Tails as T};

    assert_eq!(
        draw::althofer_die(&[2, 3, 3, 2, 6])
            .unwrap_err()
            .to_string(),
        "the throw or toss from the 5th outcome on gave 6, which must be repeated, \
         but the record ends there"
    );
    assert_eq!(
        draw::althofer_die(&[2, 3, 7]).unwrap_err().to_string(),
        "the 3rd outcome shows 7, but the d6 has faces 1 to 6"
    );
    assert_eq!(
        draw::d8_d4_d6_d20(&[8, 5, 1, 1]).unwrap_err().to_string(),
        "the 2nd outcome shows 5, but the d4 has faces 1 to 4"
    );
    assert_eq!(
        draw::d8_d4_d6_d20(&[0, 1, 1, 1]).unwrap_err().to_string(),
        "the 1st outcome shows 0, but the d8 has faces 1 to 8"
    );
    assert_eq!(
        draw::althofer_die(&[2]).unwrap_err().to_string(),
        "the record ends after 1 outcome, before the position is complete: \
         a throw of the d6 comes next"
    );
    assert_eq!(
        draw::althofer_die(&[2, 3, 3]).unwrap_err().to_string(),
        "the record ends after 3 outcomes, before the position is complete: \
         a throw of the d6 comes next"
    );
    assert_eq!(
        draw::althofer_die(&[2, 3, 3, 2, 3, 1])
            .unwrap_err()
            .to_string(),
        "the position is complete after 5 outcomes, but the record holds 6"
    );
    assert_eq!(
        draw::three_coins(&[T, T, T, T, H, H, H])
            .unwrap_err()
            .to_string(),
        "the throw or toss from the 5th outcome on gave 8, which must be repeated, \
         but the record ends there"
    );
    assert_eq!(
        draw::three_coins(&[T]).unwrap_err().to_string(),
        "the record ends after 1 outcome, before the position is complete: \
         a toss of 1 coin comes next"
    );
}

#[test]
fn ordinals_past_ten() {
    // Eleven throws of 6, each repeated, then the record ends on the 12th.
    let error = draw::althofer_die(&[6; 12]).unwrap_err();
    assert!(matches!(error, DrawError::MustRepeat { index: 11, .. }));
    assert!(error.to_string().contains("from the 12th outcome on"));
    let error = draw::althofer_die(&[6; 21]).unwrap_err();
    assert!(error.to_string().contains("from the 21st outcome on"));
    let error = draw::althofer_die(&[6; 113]).unwrap_err();
    assert!(error.to_string().contains("from the 113th outcome on"));
}

#[test]
fn decks() {
    use chess960::File;
    // The a-file card twice and no h-file card; the pieces' cards as dealt.
    let files = "abcdefga"
        .chars()
        .map(|letter| Card::Square(letter.to_string().parse::<File>().unwrap()));
    let pieces = [
        Card::Knight,
        Card::Knight,
        Card::Queen,
        Card::Rook,
        Card::Rook,
        Card::Rook,
    ];
    let deck: Vec<Card> = files.chain(pieces).collect();
    assert_eq!(
        draw::fourteen_cards(&deck).unwrap_err().to_string(),
        "the deck has 1 a card, but the record holds 2"
    );
    assert_eq!(
        draw::fourteen_cards(&deck[..13]).unwrap_err().to_string(),
        "the record ends after 13 outcomes, before the position is complete: a card comes next"
    );
}
