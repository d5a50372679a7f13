//! Reading a record of outcomes in order: the throws a procedure uses, the
//! throws it skips as repeated, and the checks at its end.

use super::error::{DrawError, Throw};
use super::outcome::Coin;
use crate::Position;

/// A record of outcomes and how far a procedure has read it.
pub(super) struct Record<'a, T> {
    outcomes: &'a [T],
    used: usize,
}

impl<'a, T: Copy> Record<'a, T> {
    pub(super) const fn new(outcomes: &'a [T]) -> Record<'a, T> {
        Record { outcomes, used: 0 }
    }

    /// The next outcome, or [`DrawError::TooFewOutcomes`] naming `next`.
    pub(super) fn next(&mut self, next: Throw) -> Result<T, DrawError> {
        let outcome = self
            .outcomes
            .get(self.used)
            .copied()
            .ok_or(DrawError::TooFewOutcomes {
                given: self.outcomes.len(),
                next,
            })?;
        self.used += 1;
        Ok(outcome)
    }

    /// Runs `attempt` until it accepts. An attempt that rejects (returning
    /// `Err(value)`) is repeated; one that rejects as the record ends is
    /// [`DrawError::MustRepeat`], pointing at the attempt's first outcome.
    pub(super) fn repeat_until<V>(
        &mut self,
        mut attempt: impl FnMut(&mut Self) -> Result<Result<V, u8>, DrawError>,
    ) -> Result<V, DrawError> {
        loop {
            let index = self.used;
            match attempt(self)? {
                Ok(accepted) => return Ok(accepted),
                Err(value) if self.used == self.outcomes.len() => {
                    return Err(DrawError::MustRepeat { index, value });
                }
                Err(_) => {}
            }
        }
    }

    /// `position`, if the procedure used the whole record.
    pub(super) fn finish(self, position: Position) -> Result<Position, DrawError> {
        if self.used < self.outcomes.len() {
            return Err(DrawError::TooManyOutcomes {
                used: self.used,
                given: self.outcomes.len(),
            });
        }
        Ok(position)
    }
}

impl Record<'_, u8> {
    /// One throw of a die with faces `1..=sides`.
    pub(super) fn roll(&mut self, sides: u8) -> Result<u8, DrawError> {
        let index = self.used;
        let face = self.next(Throw::Die { sides })?;
        if (1..=sides).contains(&face) {
            Ok(face)
        } else {
            Err(DrawError::FaceOutOfRange { index, face, sides })
        }
    }

    /// Throws of a die with faces `1..=sides` until one shows at most
    /// `highest`; the others are repeated.
    pub(super) fn roll_at_most(&mut self, sides: u8, highest: u8) -> Result<u8, DrawError> {
        self.repeat_until(|record| {
            let face = record.roll(sides)?;
            Ok(if face <= highest { Ok(face) } else { Err(face) })
        })
    }
}

impl Record<'_, Coin> {
    /// One toss of `N` coins, recorded in the order the procedure names them.
    pub(super) fn toss<const N: usize>(&mut self) -> Result<[Coin; N], DrawError> {
        let mut coins = [Coin::Heads; N];
        for (tossed, coin) in coins.iter_mut().enumerate() {
            #[allow(clippy::cast_possible_truncation, reason = "N is at most 4")]
            let count = (N - tossed) as u8;
            *coin = self.next(Throw::Coins { count })?;
        }
        Ok(coins)
    }
}
