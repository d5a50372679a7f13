//! `str::parse::<Position>`, the one grammar of a position written as text
//! (`chess960_core::read_position`): an id (`518`, `0518`), an `SP` label
//! (`SP518`, `sp-518`, `SP 518`), a back rank in either colour
//! (`RNBQKBNR`, `rnbqkbnr`), or a FEN (any text with a `/`), with ASCII
//! white space around it ignored.
//!
//! Checks: a reference reading of the same grammar, written here from the
//! documented table (digits by hand, ranks by piece counts, bishops and
//! king), accepts exactly what the library accepts and names the same
//! position; what is accepted re-reads to the same position from each
//! canonical form (`to_string`, the id, `SP` label, both FEN styles); the
//! core reader agrees; every error message is one line.
#![no_main]

use chess960::{FenStyle, Position};
use chess960_core::{Spelling, read_position};
use chess960_fuzz::{is_start_rank, one_line, start_board};
use libfuzzer_sys::fuzz_target;

/// What the reference makes of a text: an id, a rank, a FEN (judged by the
/// FEN reference), or nothing.
#[derive(Debug)]
enum Reference {
    Id(u16),
    Rank([u8; 8]),
    Fen,
    Refused,
}

/// The id `digits` write in decimal (leading zeros allowed), if below 960.
fn decimal_id(digits: &str) -> Option<u16> {
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    let significant = digits.trim_start_matches('0');
    if significant.len() > 3 {
        return None;
    }
    let id = significant
        .bytes()
        .fold(0u16, |id, digit| id * 10 + u16::from(digit - b'0'));
    (id < 960).then_some(id)
}

fn reference(text: &str) -> Reference {
    let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
    if text.contains('/') {
        return Reference::Fen;
    }
    let bytes = text.as_bytes();
    if bytes.len() >= 2 && bytes[..2].eq_ignore_ascii_case(b"SP") {
        let rest = &text[2..];
        let digits = match rest.strip_prefix('-') {
            Some(after_dash) => after_dash,
            None => rest.trim_start_matches(|c: char| c.is_ascii_whitespace()),
        };
        return decimal_id(digits).map_or(Reference::Refused, Reference::Id);
    }
    if bytes.first().is_some_and(u8::is_ascii_digit) {
        return decimal_id(text).map_or(Reference::Refused, Reference::Id);
    }
    let one_case =
        bytes.iter().all(u8::is_ascii_uppercase) || bytes.iter().all(u8::is_ascii_lowercase);
    let upper = text.to_ascii_uppercase();
    if one_case && is_start_rank(upper.as_bytes()) {
        let mut rank = [0; 8];
        rank.copy_from_slice(upper.as_bytes());
        Reference::Rank(rank)
    } else {
        Reference::Refused
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = text.parse::<Position>();
    let spelling = read_position(text);
    match (reference(text), parsed) {
        (Reference::Id(id), Ok(position)) => {
            assert_eq!(position.id(), id, "{text:?}");
            assert_eq!(spelling, Ok(Spelling::Id(id)), "{text:?}");
        }
        (Reference::Rank(rank), Ok(position)) => {
            assert_eq!(position.rank(), rank, "{text:?}");
            assert_eq!(spelling, Ok(Spelling::Rank(rank)), "{text:?}");
            assert_eq!(spelling.ok().and_then(Spelling::id), Some(position.id()));
        }
        (Reference::Fen, parsed) => {
            let trimmed = text.trim_matches(|c: char| c.is_ascii_whitespace());
            assert_eq!(spelling, Ok(Spelling::Fen(trimmed)), "{text:?}");
            assert_eq!(parsed.ok(), Position::from_fen(trimmed).ok(), "{text:?}");
            if let Ok(position) = parsed {
                let board = trimmed.split_ascii_whitespace().next().unwrap_or_default();
                let ranks = start_board(board.as_bytes());
                assert_eq!(ranks, Some((position.rank(), position.rank())), "{text:?}");
            }
        }
        (Reference::Refused, Err(error)) => {
            assert!(one_line(&error.to_string()), "{error:?}");
            assert!(spelling.is_err(), "{text:?}");
        }
        (expected, parsed) => {
            panic!("{text:?}: the reference reads {expected:?}, the library {parsed:?}")
        }
    }
    if let Ok(position) = parsed {
        let id = position.id();
        for canonical in [
            position.to_string(),
            position.as_str().to_ascii_lowercase(),
            id.to_string(),
            format!("SP{id}"),
            format!("sp-{id:03}"),
            position.fen(FenStyle::XFen).to_string(),
            position.fen(FenStyle::Shredder).to_string(),
        ] {
            assert_eq!(canonical.parse::<Position>(), Ok(position), "{canonical:?}");
        }
        assert_eq!(Position::from_id(id), Ok(position));
        assert_eq!(Position::from_rank(&position.rank()), Ok(position));
    }
});
