//! `Position::random` and `PositionSet`: a chi-squared check on a fixed
//! seed, exclusions, and the rejection that removes modulo bias; drawn with
//! rand 0.10 as `cargo add rand` gives it (`rand::rng()`, `StdRng`), and
//! with a `rand_core` 0.9 generator through `RandCore09`.

use chess960::{AllExcludedError, Position, PositionSet};
use core::convert::Infallible;
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::common::chi_squared;

/// 959 degrees of freedom: mean 959, standard deviation sqrt(2 * 959) =
/// 43.8. 1100 is more than three standard deviations above the mean
/// (p < 0.001); the seed is fixed, so the test is deterministic.
const CHI_SQUARED_LIMIT: f64 = 1100.0;

#[test]
fn random_is_uniform_by_chi_squared() {
    let mut rng = StdRng::seed_from_u64(0x960);
    let mut counts = [0u32; 960];
    for _ in 0..96_000 {
        counts[usize::from(Position::random(&mut rng).id())] += 1;
    }
    let statistic = chi_squared(&counts, 100.0);
    assert!(statistic < CHI_SQUARED_LIMIT, "chi-squared {statistic}");
}

#[test]
fn random_excluding_never_draws_an_excluded_position() {
    let mut rng = StdRng::seed_from_u64(959);
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
        Err(AllExcludedError)
    );
    assert_eq!(
        AllExcludedError.to_string(),
        "every start position is excluded: there is none left to draw"
    );
}

/// Returns the given 32-bit values in turn: a generator of `rand_core` 0.10
/// (`TryRng` with no error is a `Rng`).
struct Scripted(Vec<u32>);

impl rand::TryRng for Scripted {
    type Error = Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.0.remove(0))
    }
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        self.try_next_u32().map(u64::from)
    }
    fn try_fill_bytes(&mut self, bytes: &mut [u8]) -> Result<(), Infallible> {
        for byte in bytes {
            *byte = self.try_next_u32()?.to_le_bytes()[0];
        }
        Ok(())
    }
}

/// The generator a program that ran `cargo add rand` has at hand: the
/// thread-local one, seeded by the operating system.
#[test]
fn rand_0_10_thread_rng_draws() {
    let mut rng = rand::rng();
    let drawn: PositionSet = (0..2000).map(|_| Position::random(&mut rng)).collect();
    // 2000 uniform draws leave out about 960 * (959/960)^2000 = 120 of the
    // 960 positions; fewer than 700 distinct ones has probability far below
    // 10^-100.
    assert!(drawn.len() > 700, "{}", drawn.len());
    let chess959 = PositionSet::EMPTY.with(Position::STANDARD);
    for _ in 0..1000 {
        let position = Position::random_excluding(&mut rand::rng(), &chess959).unwrap();
        assert_ne!(position, Position::STANDARD);
    }
}

/// A seeded generator of `rand_core` 0.9 draws through `RandCore09` exactly
/// what the same numbers give through a `rand_core` 0.10 generator.
#[cfg(feature = "rand_core_0_9")]
#[test]
fn rand_core_0_9_generators_draw_through_rand_core_09() {
    use chess960::RandCore09;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{RngCore, SeedableRng};

    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut copy = rng.clone();
    let mut same_numbers = Scripted((0..2000).map(|_| copy.next_u32()).collect());
    let excluded = PositionSet::EMPTY.with(Position::STANDARD);
    for _ in 0..1000 {
        assert_eq!(
            Position::random_excluding(&mut RandCore09(&mut rng), &excluded),
            Position::random_excluding(&mut same_numbers, &excluded)
        );
    }
    // The wrapper also owns a generator, and passes on all three methods.
    let mut owned = RandCore09(ChaCha8Rng::seed_from_u64(7));
    let mut plain = ChaCha8Rng::seed_from_u64(7);
    assert_eq!(rand::Rng::next_u32(&mut owned), plain.next_u32());
    assert_eq!(rand::Rng::next_u64(&mut owned), plain.next_u64());
    let (mut ours, mut theirs) = ([0u8; 13], [0u8; 13]);
    rand::Rng::fill_bytes(&mut owned, &mut ours);
    plain.fill_bytes(&mut theirs);
    assert_eq!(ours, theirs);
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
