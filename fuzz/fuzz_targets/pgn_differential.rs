//! The PGN reader (`chess960_games::read::Reader`) against itself across buffer
//! and read sizes, and against an independent reader (`pgn-reader`) on
//! well-formed PGN.
//!
//! Input: one byte choosing a buffer size (1 to 64 bytes) and a seed for
//! short reads, then bytes used twice. First as PGN, any bytes: the same
//! records (number, offset, tags, error) through that buffer and through
//! reads of 1 to 13 bytes at random points as from the whole input at once.
//! Then as the choices of a grammar of well-formed PGN
//! (`games/tests/suite/pgn_differential/grammar.rs`, included by path, as is
//! `compare.rs`): pgn-reader reads back exactly the tag pairs and results
//! the grammar wrote, and our reader finds the same games with the same
//! kept tags, results and starts (the start from shakmaty's reading of the
//! `FEN` tags), also through the small buffer and short reads, and when
//! the input is cut at any record (each record's span alone is one game
//! to both; from any record on, both read the rest alike). The
//! exclusions (where the two readers differ by design) are listed in
//! `games/tests/suite/pgn_differential.rs`.
#![no_main]

#[allow(dead_code, reason = "shared with the test suite, which uses all of it")]
#[path = "../../games/tests/suite/pgn_differential/compare.rs"]
mod compare;
#[path = "../../games/tests/suite/pgn_differential/grammar.rs"]
mod grammar;

use compare::{
    TheirGame, assert_cuts_agree, assert_same_games, assert_same_records_in_pieces, our_records,
    start_ranks, their_games,
};
use libfuzzer_sys::fuzz_target;
use std::collections::HashSet;
use std::sync::OnceLock;

fn ranks() -> &'static HashSet<String> {
    static RANKS: OnceLock<HashSet<String>> = OnceLock::new();
    RANKS.get_or_init(start_ranks)
}

fuzz_target!(|data: &[u8]| {
    let [size, rest @ ..] = data else {
        return;
    };
    let capacity = usize::from(size % 64) + 1;
    let seed = u64::from(*size);

    // Any bytes: our reader alone, whatever the buffer and read sizes.
    let whole = our_records(rest);
    assert_same_records_in_pieces(rest, &whole, capacity, seed, 13);

    // Well-formed PGN from the grammar: both readers.
    let generated = grammar::generate(rest);
    let pgn = &generated.pgn[..];
    let ours = our_records(pgn);
    let theirs = their_games(pgn);
    let written: Vec<TheirGame> = generated.games.iter().map(TheirGame::from).collect();
    assert_eq!(theirs, written, "{}", String::from_utf8_lossy(pgn));
    assert_same_games(&ours, &theirs, ranks());
    assert_same_records_in_pieces(pgn, &ours, capacity, seed, 13);
    assert_cuts_agree(pgn);
});
