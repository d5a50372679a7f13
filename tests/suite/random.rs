//! `Position::random` and `PositionSet`: a chi-squared check on a fixed
//! seed, exclusions, and the rejection that removes modulo bias.

use chess960::{AllExcluded, Position, PositionSet};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

/// Pearson's statistic for counts that should all be `expected`.
fn chi_squared(counts: &[u32], expected: f64) -> f64 {
    counts
        .iter()
        .map(|&count| (f64::from(count) - expected).powi(2) / expected)
        .sum()
}

/// 959 degrees of freedom: mean 959, standard deviation sqrt(2 * 959) =
/// 43.8. 1100 is more than three standard deviations above the mean
/// (p < 0.001); the seed is fixed, so the test is deterministic.
const CHI_SQUARED_LIMIT: f64 = 1100.0;

#[test]
fn random_is_uniform_by_chi_squared() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x960);
    let mut counts = [0u32; 960];
    for _ in 0..96_000 {
        counts[usize::from(Position::random(&mut rng).id())] += 1;
    }
    let statistic = chi_squared(&counts, 100.0);
    assert!(statistic < CHI_SQUARED_LIMIT, "chi-squared {statistic}");
}

#[test]
fn random_excluding_never_draws_an_excluded_position() {
    let mut rng = ChaCha8Rng::seed_from_u64(959);
    let excluded = PositionSet::EMPTY.with(Position::STANDARD);
    let mut counts = [0u32; 960];
    for _ in 0..95_900 {
        let position = Position::random_excluding(&mut rng, &excluded).unwrap();
        counts[usize::from(position.id())] += 1;
    }
    assert_eq!(counts[518], 0);
    counts.swap(518, 959);
    let statistic = chi_squared(&counts[..959], 100.0);
    assert!(statistic < CHI_SQUARED_LIMIT, "chi-squared {statistic}");

    // Only one position left: always that one.
    let only = Position::from_id(7).unwrap();
    let excluded = PositionSet::ALL.without(only);
    for _ in 0..100 {
        assert_eq!(Position::random_excluding(&mut rng, &excluded), Ok(only));
    }
    assert_eq!(
        Position::random_excluding(&mut rng, &PositionSet::ALL),
        Err(AllExcluded)
    );
}

/// Returns the given 32-bit values in turn.
struct Scripted(Vec<u32>);

impl RngCore for Scripted {
    fn next_u32(&mut self) -> u32 {
        self.0.remove(0)
    }
    fn next_u64(&mut self) -> u64 {
        u64::from(self.next_u32())
    }
    fn fill_bytes(&mut self, bytes: &mut [u8]) {
        for byte in bytes {
            *byte = self.next_u32().to_le_bytes()[0];
        }
    }
}

/// 2^32 = 4473924 * 960 + 256: the 256 lowest values are rejected, so
/// every id has exactly 4473924 values.
#[test]
fn the_lowest_values_are_rejected_to_remove_modulo_bias() {
    let mut rng = Scripted(vec![0, 255, 960 + 518]);
    assert_eq!(Position::random(&mut rng), Position::STANDARD);
    let mut rng = Scripted(vec![u32::MAX]);
    assert_eq!(Position::random(&mut rng).id(), 255);
    // With 959 positions left: 2^32 mod 959 = 445 values rejected.
    let chess959 = PositionSet::EMPTY.with(Position::STANDARD);
    let mut rng = Scripted(vec![444, 959 + 518]);
    assert_eq!(
        Position::random_excluding(&mut rng, &chess959).map(Position::id),
        Ok(519)
    );
}

#[test]
fn position_set_members_and_nth_agree() {
    let set: PositionSet = Position::all().filter(|p| p.id() % 7 == 3).collect();
    let members: Vec<Position> = set.iter().collect();
    assert_eq!(usize::from(set.len()), members.len());
    for (n, member) in members.iter().enumerate() {
        assert_eq!(set.nth(u16::try_from(n).unwrap()), Some(*member));
        assert!(set.contains(*member));
        assert!(!set.complement().contains(*member));
    }
    assert_eq!(set.nth(set.len()), None);
    assert_eq!(set.len() + set.complement().len(), 960);
    assert_eq!(
        format!("{:?}", PositionSet::EMPTY.with(Position::STANDARD)),
        "{518}"
    );
}
