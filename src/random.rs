//! Uniformly random positions from any [`rand_core::RngCore`] (the `rand`
//! feature), without modulo bias, optionally leaving some positions out.

use crate::{Position, PositionSet};
use core::fmt;
use rand_core::RngCore;

/// Every position was excluded, so none can be drawn.
///
/// ```
/// use chess960::{AllExcluded, PositionSet};
///
/// assert_eq!(
///     AllExcluded.to_string(),
///     "every start position is excluded: there is none left to draw"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AllExcluded;

impl fmt::Display for AllExcluded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("every start position is excluded: there is none left to draw")
    }
}

impl core::error::Error for AllExcluded {}

/// A uniform number below `bound` (1..=960): draws 32 bits and rejects the
/// `2^32 mod bound` lowest values, so every remainder is equally likely.
fn below(rng: &mut (impl RngCore + ?Sized), bound: u16) -> u16 {
    let bound = u32::from(bound);
    let rejected = bound.wrapping_neg() % bound;
    loop {
        let value = rng.next_u32();
        if value >= rejected {
            #[allow(clippy::cast_possible_truncation, reason = "below 960")]
            return (value % bound) as u16;
        }
    }
}

impl Position {
    /// A position drawn uniformly from all 960.
    ///
    /// Rejection sampling on 32-bit draws: a draw is repeated with
    /// probability 256/2^32, so the result has no modulo bias.
    ///
    /// ```
    /// use chess960::Position;
    /// use rand_chacha::ChaCha8Rng;
    /// use rand_chacha::rand_core::SeedableRng;
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(960);
    /// let position = Position::random(&mut rng);
    /// assert!(position.id() < 960);
    /// ```
    pub fn random(rng: &mut (impl RngCore + ?Sized)) -> Position {
        match Position::from_id(below(rng, Position::COUNT)) {
            Ok(position) => position,
            Err(_) => unreachable!(),
        }
    }

    /// A position drawn uniformly from those not in `excluded`, with one
    /// uniform draw over the positions left (no retries on excluded ids).
    ///
    /// # Errors
    /// [`AllExcluded`] when `excluded` holds all 960 positions.
    ///
    /// ```
    /// use chess960::{AllExcluded, Position, PositionSet};
    /// use rand_chacha::ChaCha8Rng;
    /// use rand_chacha::rand_core::SeedableRng;
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(959);
    /// // "Chess959": never the classical position.
    /// let excluded = PositionSet::EMPTY.with(Position::STANDARD);
    /// let position = Position::random_excluding(&mut rng, &excluded)?;
    /// assert_ne!(position, Position::STANDARD);
    ///
    /// assert_eq!(Position::random_excluding(&mut rng, &PositionSet::ALL), Err(AllExcluded));
    /// # Ok::<(), AllExcluded>(())
    /// ```
    pub fn random_excluding(
        rng: &mut (impl RngCore + ?Sized),
        excluded: &PositionSet,
    ) -> Result<Position, AllExcluded> {
        let allowed = excluded.complement();
        if allowed.is_empty() {
            return Err(AllExcluded);
        }
        allowed.nth(below(rng, allowed.len())).ok_or(AllExcluded)
    }
}
