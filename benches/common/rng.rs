//! xorshift64*: the benchmark programs' own generator, for the same inputs
//! on every run (`legal_games.rs`, and the store comparison of
//! `explorer_store/` by path).

/// A xorshift64* generator; its state must not be 0.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// The next 64 bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n`, from the high bits.
    #[allow(dead_code)]
    pub(crate) fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() >> 33).unwrap() % n
    }
}
