//! Exact non-negative fractions, enough arithmetic for the prover: sums,
//! differences, products and quotients of probabilities, always in lowest
//! terms so that equal values compare equal.

use std::ops::{Add, Div, Mul, Sub};

/// An exact non-negative fraction, always in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ratio {
    numerator: u128,
    denominator: u128,
}

const fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Ratio {
    pub(super) const ZERO: Ratio = Ratio::new(0, 1);
    pub(super) const ONE: Ratio = Ratio::new(1, 1);

    pub(super) const fn new(numerator: u128, denominator: u128) -> Ratio {
        let divisor = gcd(numerator, denominator);
        Ratio {
            numerator: numerator / divisor,
            denominator: denominator / divisor,
        }
    }
}

impl Ratio {
    /// Both numerators over the least common denominator, and that denominator.
    fn over_common_denominator(self, other: Ratio) -> (u128, u128, u128) {
        let common =
            self.denominator / gcd(self.denominator, other.denominator) * other.denominator;
        (
            self.numerator * (common / self.denominator),
            other.numerator * (common / other.denominator),
            common,
        )
    }
}

impl Add for Ratio {
    type Output = Ratio;
    fn add(self, other: Ratio) -> Ratio {
        let (a, b, common) = self.over_common_denominator(other);
        Ratio::new(a + b, common)
    }
}

impl Sub for Ratio {
    type Output = Ratio;
    fn sub(self, other: Ratio) -> Ratio {
        let (a, b, common) = self.over_common_denominator(other);
        Ratio::new(a - b, common)
    }
}

impl Mul for Ratio {
    type Output = Ratio;
    fn mul(self, other: Ratio) -> Ratio {
        let a = Ratio::new(self.numerator, other.denominator);
        let b = Ratio::new(other.numerator, self.denominator);
        Ratio::new(a.numerator * b.numerator, a.denominator * b.denominator)
    }
}

impl Div for Ratio {
    type Output = Ratio;
    fn div(self, other: Ratio) -> Ratio {
        let reciprocal = Ratio::new(other.denominator, other.numerator);
        self.mul(reciprocal)
    }
}
