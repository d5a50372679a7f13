//! `SeededDraw`: the documented SHA-256 procedure pinned against draws that
//! Python's `hashlib` computed (`tests/fixtures/seeded_draws.py`) and
//! against a second implementation written here from the documentation;
//! distinct rounds, exclusions, too few positions, and uniformity.

use chess960::{Position, PositionSet, SeededDraw, TooFewPositionsError, seeded_candidate};
use sha2::{Digest, Sha256};

/// The draws `tests/fixtures/seeded_draws.py` computed with `hashlib`.
const FIXTURE: &str = include_str!("../fixtures/seeded_draws.json");

fn excluded(ids: &[u16]) -> PositionSet {
    ids.iter()
        .map(|&id| Position::from_id(id).unwrap())
        .collect()
}

#[test]
fn draws_match_those_computed_by_python_hashlib() {
    let cases: serde_json::Value = serde_json::from_str(FIXTURE).unwrap();
    let cases = cases.as_array().unwrap();
    assert_eq!(cases.len(), 9);
    for case in cases {
        let seed = case["seed"].as_str().unwrap();
        let count = u32::try_from(case["count"].as_u64().unwrap()).unwrap();
        let exclude: Vec<u16> = case["exclude"]
            .as_array()
            .unwrap()
            .iter()
            .map(|id| u16::try_from(id.as_u64().unwrap()).unwrap())
            .collect();
        let distinct = case["distinct"].as_bool().unwrap();
        let expected: Vec<(u32, u16, u64)> = case["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|triple| {
                let triple = triple.as_array().unwrap();
                (
                    u32::try_from(triple[0].as_u64().unwrap()).unwrap(),
                    u16::try_from(triple[1].as_u64().unwrap()).unwrap(),
                    triple[2].as_u64().unwrap(),
                )
            })
            .collect();
        let drawn: Vec<(u32, u16, u64)> = SeededDraw::new(seed)
            .excluding(&excluded(&exclude))
            .distinct(distinct)
            .rounds(count)
            .unwrap()
            .map(|round| (round.round(), round.position().id(), round.attempt()))
            .collect();
        assert_eq!(drawn, expected, "seed {seed:?}");
    }
}

/// The worked example of the documentation: `printf 'Open
/// 2026-11-22\0001\0000' | sha256sum` starts with 1063, 0x1063 = 4195 and
/// 4195 mod 960 = 355.
#[test]
fn the_documented_example_holds() {
    let digest = Sha256::digest(b"Open 2026-11-22\x001\x000");
    assert_eq!(&digest[..2], &[0x10, 0x63]);
    assert_eq!(
        seeded_candidate("Open 2026-11-22", 1, 0).map(Position::id),
        Some(355)
    );
    let round = SeededDraw::new("Open 2026-11-22").next().unwrap();
    assert_eq!(round.to_string(), "Round 1: SP 355 BNRKRQNB");
}

/// A second implementation, written from the documentation alone: the
/// message as bytes, the digest's first two bytes, rejection, exclusions.
fn by_the_documentation(seed: &str, count: u32, exclude: &[u16], distinct: bool) -> Vec<u16> {
    let mut taken: Vec<u16> = exclude.to_vec();
    let mut ids = Vec::new();
    for round in 1..=count {
        for attempt in 0_u64.. {
            let mut message = seed.as_bytes().to_vec();
            message.push(0);
            message.extend_from_slice(round.to_string().as_bytes());
            message.push(0);
            message.extend_from_slice(attempt.to_string().as_bytes());
            let digest = Sha256::digest(&message);
            let value = u32::from(digest[0]) * 256 + u32::from(digest[1]);
            if value >= 65_280 {
                continue;
            }
            let id = u16::try_from(value % 960).unwrap();
            if !taken.contains(&id) {
                ids.push(id);
                if distinct {
                    taken.push(id);
                }
                break;
            }
        }
    }
    ids
}

#[test]
fn draws_match_a_second_implementation_of_the_documentation() {
    for n in 0..300_u16 {
        let seed = format!("Event {n} ✓");
        let exclude: Vec<u16> = (0..n % 40).map(|k| (k * 97 + n) % 960).collect();
        let distinct = n % 3 != 0;
        let count = u32::from(n % 12) + 1;
        let drawn: Vec<u16> = SeededDraw::new(&seed)
            .excluding(&excluded(&exclude))
            .distinct(distinct)
            .rounds(count)
            .unwrap()
            .map(|round| round.position().id())
            .collect();
        assert_eq!(
            drawn,
            by_the_documentation(&seed, count, &exclude, distinct),
            "seed {seed:?}"
        );
    }
}

#[test]
fn a_distinct_draw_of_every_position_is_a_permutation() {
    let ids: Vec<u16> = SeededDraw::new("all of them")
        .distinct(true)
        .rounds(960)
        .unwrap()
        .map(|round| round.position().id())
        .collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..960).collect::<Vec<u16>>());
    // Then the draw is exhausted.
    let mut draw = SeededDraw::new("all of them").distinct(true);
    assert_eq!(draw.by_ref().take(960).count(), 960);
    assert_eq!(draw.available(), 0);
    assert_eq!(draw.next(), None);
}

#[test]
fn exclusions_are_respected_and_rounds_are_distinct() {
    let chess959 = PositionSet::EMPTY.with(Position::STANDARD);
    for n in 0..200 {
        let seed = n.to_string();
        let mut drawn = PositionSet::EMPTY;
        for round in SeededDraw::new(&seed)
            .excluding(&chess959)
            .distinct(true)
            .rounds(11)
            .unwrap()
        {
            assert_ne!(round.position(), Position::STANDARD);
            assert!(!drawn.contains(round.position()), "seed {seed:?} repeats");
            drawn = drawn.with(round.position());
        }
        assert_eq!(drawn.len(), 11);
    }
    // 959 distinct rounds without 518 are every other position.
    let all: PositionSet = SeededDraw::new("Chess959")
        .excluding(&chess959)
        .distinct(true)
        .rounds(959)
        .unwrap()
        .map(chess960::SeededRound::position)
        .collect();
    assert_eq!(all, chess959.complement());
}

#[test]
fn asking_for_more_than_there_is_a_typed_error() {
    let chess959 = PositionSet::EMPTY.with(Position::STANDARD);
    let draw = SeededDraw::new("x").excluding(&chess959).distinct(true);
    assert_eq!(
        draw.clone().rounds(960).map(Iterator::count),
        Err(TooFewPositionsError {
            requested: 960,
            available: 959
        })
    );
    assert_eq!(draw.rounds(959).map(Iterator::count), Ok(959));

    let nothing = SeededDraw::new("x").excluding(&PositionSet::ALL);
    let error = nothing.clone().rounds(1).map(Iterator::count).unwrap_err();
    assert_eq!(
        error.to_string(),
        "1 round asked for, but every start position is excluded"
    );
    assert_eq!(nothing.clone().rounds(0).map(Iterator::count), Ok(0));
    assert_eq!(nothing.clone().next(), None);

    // Rounds may repeat: any number of rounds from one position.
    let one = PositionSet::ALL.without(Position::STANDARD);
    let rounds: Vec<_> = SeededDraw::new("x")
        .excluding(&one)
        .rounds(5)
        .unwrap()
        .collect();
    assert!(
        rounds
            .iter()
            .all(|round| round.position() == Position::STANDARD)
    );
    assert_eq!(
        SeededDraw::new("x")
            .excluding(&one)
            .distinct(true)
            .rounds(2)
            .map(Iterator::count)
            .unwrap_err()
            .to_string(),
        "2 rounds asked for, but only 1 position is left to draw"
    );
}

use crate::common::chi_squared;

/// 959 degrees of freedom: mean 959, standard deviation sqrt(2 * 959) =
/// 43.8; 1100 is more than three standard deviations above the mean
/// (p < 0.001). The seeds are fixed, so the tests are deterministic. 958
/// degrees of freedom (Chess959) change the bound by too little to matter.
const CHI_SQUARED_LIMIT: f64 = 1100.0;

#[test]
fn rounds_are_uniform_by_chi_squared() {
    let mut counts = [0_u32; 960];
    for round in SeededDraw::new("chi-squared, 2026").rounds(96_000).unwrap() {
        counts[usize::from(round.position().id())] += 1;
    }
    let statistic = chi_squared(&counts, 100.0);
    assert!(statistic < CHI_SQUARED_LIMIT, "chi-squared {statistic}");
}

#[test]
fn distinct_rounds_with_an_exclusion_are_uniform_by_chi_squared() {
    // 10,000 nine-round events without 518: each of the other 959
    // positions is drawn 90,000 / 959 times on average, in any round.
    let chess959 = PositionSet::EMPTY.with(Position::STANDARD);
    let mut counts = [0_u32; 960];
    for event in 0..10_000 {
        let seed = format!("Event {event}");
        for round in SeededDraw::new(&seed)
            .excluding(&chess959)
            .distinct(true)
            .rounds(9)
            .unwrap()
        {
            counts[usize::from(round.position().id())] += 1;
        }
    }
    assert_eq!(counts[518], 0);
    counts.swap(518, 959);
    let statistic = chi_squared(&counts[..959], 90_000.0 / 959.0);
    assert!(statistic < CHI_SQUARED_LIMIT, "chi-squared {statistic}");
}

/// The rejection bound, on both sides: for this seed and round, Python's
/// `hashlib` gives the digest's first two bytes 65,279 at attempt 10,783
/// (the last value accepted: position 65,279 mod 960 = 959) and 65,280 at
/// attempt 11,324 (the first value rejected).
#[test]
fn the_rejection_bound_is_65280() {
    let seed = "Open 2026-11-22";
    assert_eq!(
        seeded_candidate(seed, 1, 10_783),
        Some(Position::from_id(959).unwrap())
    );
    assert_eq!(seeded_candidate(seed, 1, 11_324), None);
    let digest = Sha256::digest(format!("{seed}\0{}\0{}", 1, 11_324));
    assert_eq!([digest[0], digest[1]], [0xFF, 0x00]);
}

/// A draw keeps its seed text exactly as given.
#[test]
fn a_draw_keeps_its_seed() {
    for seed in ["", "42", " Open 2026 ", "Échecs 960"] {
        assert_eq!(SeededDraw::new(seed).seed(), seed);
    }
}
