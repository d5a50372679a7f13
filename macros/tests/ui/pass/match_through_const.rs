//! `sp!` and `rank!` in `match` arms: `sp!` through a named constant,
//! `rank!` directly as a pattern on `[u8; 8]`.

use chess960::{Position, rank, sp};

const CLASSICAL: Position = sp!(518);
const TWIN: Position = sp!("RNBKQBNR");

fn describe(position: Position) -> &'static str {
    match position {
        CLASSICAL => "classical",
        TWIN => "twin",
        _ => "other",
    }
}

fn describe_rank(rank: [u8; 8]) -> &'static str {
    match rank {
        rank!(518) => "classical",
        rank!("rnbqkbnr") => "classical, Black",
        rank!("SP-534") | rank!(b"rnbkqbnr") => "twin",
        _ => "other",
    }
}

fn main() {
    assert_eq!(describe(Position::STANDARD), "classical");
    assert_eq!(describe(Position::from_id(534).unwrap()), "twin");
    assert_eq!(describe(sp!(0)), "other");
    assert_eq!(describe_rank(*b"RNBQKBNR"), "classical");
    assert_eq!(describe_rank(*b"rnbqkbnr"), "classical, Black");
    assert_eq!(describe_rank(*b"RNBKQBNR"), "twin");
    assert_eq!(describe_rank(*b"rnbkqbnr"), "twin");
    assert_eq!(describe_rank(*b"BBQNNRKR"), "other");
    assert_eq!(rank!(959), Position::from_id(959).unwrap().rank());
    // An array pattern also matches a slice of the same length.
    let line = b"RNBQKBNR rest of the line";
    assert!(matches!(&line[..8], rank!("SP518")));
}
