//! Uniformly random positions from any random number generator of
//! `rand_core` 0.10 (the `rand` feature: `rand::rng()`, `StdRng` and the other
//! generators of rand 0.10), without modulo bias, optionally leaving some
//! positions out; [`RandCore09`] brings `rand_core` 0.9's generators (the
//! `rand_core_0_9` feature).

use crate::{Position, PositionSet};
use core::fmt;
use rand_core::Rng;

/// Every position was excluded, so none can be drawn.
///
/// ```
/// use chess960::{AllExcludedError, PositionSet};
///
/// assert_eq!(
///     AllExcludedError.to_string(),
///     "every start position is excluded: there is none left to draw"
/// );
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "rand")))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AllExcludedError;

impl fmt::Display for AllExcludedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("every start position is excluded: there is none left to draw")
    }
}

impl core::error::Error for AllExcludedError {}

/// A uniform number below `bound` (1..=960): draws 32 bits and rejects the
/// `2^32 mod bound` lowest values, so every remainder is equally likely.
fn below(rng: &mut (impl Rng + ?Sized), bound: u16) -> u16 {
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
    /// A position drawn uniformly from all 960, with any generator of
    /// `rand_core` 0.10 (rand 0.10's `rand::rng()`, `StdRng`, ...). For a
    /// generator of `rand_core` 0.9, wrap it in [`RandCore09`].
    ///
    /// Rejection sampling on 32-bit draws: a draw is repeated with
    /// probability 256/2^32, so the result has no modulo bias.
    ///
    /// ```
    /// use chess960::Position;
    /// use rand::SeedableRng;
    /// use rand::rngs::StdRng;
    ///
    /// // A fresh position for each game.
    /// let position = Position::random(&mut rand::rng());
    /// assert!(position.id() < 960);
    ///
    /// // The same seed draws the same positions.
    /// let mut rng = StdRng::seed_from_u64(960);
    /// let first = Position::random(&mut rng);
    /// assert_eq!(Position::random(&mut StdRng::seed_from_u64(960)), first);
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "rand")))]
    pub fn random(rng: &mut (impl Rng + ?Sized)) -> Position {
        match Position::from_id(below(rng, Position::COUNT)) {
            Ok(position) => position,
            Err(_) => unreachable!(),
        }
    }

    /// A position drawn uniformly from those not in `excluded`, with one
    /// uniform draw over the positions left (no retries on excluded ids).
    ///
    /// # Errors
    /// [`AllExcludedError`] when `excluded` holds all 960 positions.
    ///
    /// ```
    /// use chess960::{AllExcludedError, Position, PositionSet};
    ///
    /// let mut rng = rand::rng();
    /// // "Chess959": never the classical position.
    /// let excluded = PositionSet::EMPTY.with(Position::STANDARD);
    /// let position = Position::random_excluding(&mut rng, &excluded)?;
    /// assert_ne!(position, Position::STANDARD);
    ///
    /// assert_eq!(Position::random_excluding(&mut rng, &PositionSet::ALL), Err(AllExcludedError));
    /// # Ok::<(), AllExcludedError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "rand")))]
    pub fn random_excluding(
        rng: &mut (impl Rng + ?Sized),
        excluded: &PositionSet,
    ) -> Result<Position, AllExcludedError> {
        let allowed = excluded.complement();
        if allowed.is_empty() {
            return Err(AllExcludedError);
        }
        allowed
            .nth(below(rng, allowed.len()))
            .ok_or(AllExcludedError)
    }
}

/// A random number generator of `rand_core` 0.9 (rand 0.9, `rand_chacha` 0.9),
/// wrapped so that [`Position::random`] and [`Position::random_excluding`]
/// can draw from it: it is a `rand_core` 0.10 generator giving the same
/// numbers. It holds the generator or a `&mut` to it.
///
/// ```
/// use chess960::{Position, RandCore09};
/// use rand_chacha::ChaCha8Rng;
/// use rand_chacha::rand_core::SeedableRng;
///
/// let mut rng = ChaCha8Rng::seed_from_u64(960);
/// let position = Position::random(&mut RandCore09(&mut rng));
/// assert!(position.id() < 960);
/// ```
#[cfg(feature = "rand_core_0_9")]
#[cfg_attr(docsrs, doc(cfg(feature = "rand_core_0_9")))]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RandCore09<R>(pub R);

#[cfg(feature = "rand_core_0_9")]
#[cfg_attr(docsrs, doc(cfg(feature = "rand_core_0_9")))]
impl<R: rand_core_0_9::RngCore> rand_core::TryRng for RandCore09<R> {
    type Error = core::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.0.next_u32())
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.0.next_u64())
    }

    fn try_fill_bytes(&mut self, bytes: &mut [u8]) -> Result<(), Self::Error> {
        self.0.fill_bytes(bytes);
        Ok(())
    }
}
