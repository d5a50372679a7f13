//! Seeded event draws (`SeededDraw`) from any seed text, exclusions and
//! round count.
//!
//! Input: a flags byte (bit 0: distinct rounds; bit 1: exclude every
//! position but those listed), a byte for the number of rounds (0 to 31),
//! a byte `n` and `n` byte pairs listing ids (modulo 960) to exclude, then
//! the seed text. Checks each round
//! against the documented procedure, computed here with SHA-256 directly:
//! round `r` is the first attempt `a` whose digest of
//! `seed 0x00 r 0x00 a` starts with a value `v` below 65,280 and whose
//! position `v mod 960` is neither excluded nor, in a distinct draw, drawn
//! before; `rounds` refuses exactly the counts the positions left cannot
//! fill.
#![no_main]

use chess960::{Position, PositionSet, SeededDraw};
use libfuzzer_sys::fuzz_target;
use sha2::{Digest, Sha256};

/// Steps 1 to 3 of the procedure, by hand.
fn candidate(seed: &str, round: u32, attempt: u64) -> Option<u16> {
    let mut hash = Sha256::new();
    hash.update(seed.as_bytes());
    hash.update(b"\0");
    hash.update(round.to_string().as_bytes());
    hash.update(b"\0");
    hash.update(attempt.to_string().as_bytes());
    let digest = hash.finalize();
    let value = u16::from_be_bytes([digest[0], digest[1]]);
    (value < 65_280).then_some(value % 960)
}

fuzz_target!(|data: &[u8]| {
    let [flags, count, excluded_bytes, rest @ ..] = data else {
        return;
    };
    let distinct = flags & 1 == 1;
    let count = u32::from(count % 32);
    let split = (usize::from(*excluded_bytes) * 2).min(rest.len() & !1);
    let (excluded_ids, seed) = rest.split_at(split);
    let Ok(seed) = std::str::from_utf8(seed) else {
        return;
    };
    let mut excluded = PositionSet::EMPTY;
    for pair in excluded_ids.chunks_exact(2) {
        let id = u16::from_be_bytes([pair[0], pair[1]]) % 960;
        excluded = excluded.with(Position::from_id(id).expect("below 960"));
    }
    if flags & 2 == 2 {
        excluded = excluded.complement();
    }
    let available = 960 - excluded.len();
    let draw = SeededDraw::new(seed)
        .excluding(&excluded)
        .distinct(distinct);
    assert_eq!(draw.available(), available);
    let enough = if distinct {
        count <= u32::from(available)
    } else {
        count == 0 || available > 0
    };
    let Ok(rounds) = draw.rounds(count) else {
        assert!(!enough, "refused {count} rounds with {available} positions");
        return;
    };
    assert!(enough, "accepted {count} rounds with {available} positions");

    let mut taken = excluded;
    let mut drawn = 0;
    for (round, expected_round) in rounds.zip(1u32..) {
        assert_eq!(round.round(), expected_round);
        let (attempt, id) = (0u64..)
            .find_map(|attempt| {
                let id = candidate(seed, expected_round, attempt)?;
                let position = Position::from_id(id).ok()?;
                (!taken.contains(position)).then_some((attempt, id))
            })
            .expect("an allowed position is found");
        assert_eq!(
            (round.attempt(), round.position().id()),
            (attempt, id),
            "round {expected_round}"
        );
        if distinct {
            taken = taken.with(round.position());
        }
        drawn += 1;
    }
    assert_eq!(drawn, count);
});
