//! Helpers shared by the integration tests.

use chess960::{DoublePosition, Position};

/// 10,000 double Chess960 starts drawn with SplitMix64 from a fixed seed,
/// so every run checks the same sample.
pub(crate) fn double_sample() -> Vec<DoublePosition> {
    let mut state: u64 = 0x0960_0960_0960_0960;
    (0..10_000)
        .map(|_| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            let id = u32::try_from(z % u64::from(DoublePosition::COUNT)).expect("below COUNT");
            DoublePosition::from_id(id).expect("below COUNT")
        })
        .collect()
}

/// White's back rank out of a FEN's piece placement: its last field before
/// the first space, after the last `/`.
pub(crate) fn white_rank(fen: &str) -> String {
    let placement = fen.split(' ').next().unwrap();
    placement.rsplit('/').next().unwrap().to_owned()
}

/// Asserts that White's back rank in a peer's FEN for `position`'s id is
/// `position`'s rank.
pub(crate) fn assert_white_rank_is_ours(their_fen: &str, position: Position) {
    assert_eq!(
        white_rank(their_fen),
        position.as_str(),
        "id {}",
        position.id()
    );
}

/// The classical start's FEN.
pub(crate) const STANDARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The square named `name` (`e4`).
pub(crate) fn square(name: &str) -> chess960::Square {
    chess960::Square::from_ascii(name.as_bytes().try_into().unwrap()).unwrap()
}

/// The standard FEN with one field replaced.
pub(crate) fn with_field(index: usize, value: &str) -> String {
    let mut fields: Vec<&str> = STANDARD.split(' ').collect();
    fields[index] = value;
    fields.join(" ")
}

/// Pearson's statistic for counts that should all be `expected`.
#[cfg_attr(not(any(feature = "rand", feature = "seeded")), expect(dead_code))]
pub(crate) fn chi_squared(counts: &[u32], expected: f64) -> f64 {
    counts
        .iter()
        .map(|&count| (f64::from(count) - expected).powi(2) / expected)
        .sum()
}
