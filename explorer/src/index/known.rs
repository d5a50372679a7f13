//! The games a db already has, as the indexer asks it of every game: a
//! Bloom filter of their keys in memory (about 2 bytes a game), so that
//! only a game it may hold is looked up in the db's key runs.

/// Bits of the filter a key it can hold takes (with 7 probes in one
/// block, about one key in 900 not held is taken for held when it is
/// full, and looked up).
const BITS_PER_KEY: usize = 16;
const PROBES: u64 = 7;
/// The words of a block (a 64-byte cache line).
const BLOCK: usize = 8;

/// A Bloom filter of game keys, sized for a number of keys.
pub(crate) struct KnownGames {
    bits: Vec<u64>,
    mask: u64,
    count: usize,
    capacity: usize,
}

impl KnownGames {
    /// An empty filter for up to `capacity` keys.
    pub(crate) fn with_capacity(capacity: usize) -> KnownGames {
        let bits = capacity
            .saturating_mul(BITS_PER_KEY)
            .next_power_of_two()
            .max(BLOCK * 64);
        KnownGames {
            bits: vec![0; bits / 64],
            mask: bits as u64 - 1,
            count: 0,
            capacity,
        }
    }

    /// The places of a key's bits, all in one block of [`BLOCK`] words
    /// (one cache line: a key costs one miss, not one a probe): keys are
    /// random, so their high half picks the block and their low half's
    /// bits the probes.
    fn probes(&self, key: u128) -> impl Iterator<Item = (usize, u64)> + use<> {
        #[allow(clippy::cast_possible_truncation)] // the two halves
        let (low, high) = (key as u64, (key >> 64) as u64);
        let block = usize::try_from((high & self.mask) / 64).unwrap_or(0) & !(BLOCK - 1);
        (0..PROBES).map(move |i| {
            // Nine bits a probe: a word of the block and a bit in it.
            let bit = (low >> (i * 9)) & (BLOCK as u64 * 64 - 1);
            (
                block + usize::try_from(bit / 64).unwrap_or(0),
                1 << (bit % 64),
            )
        })
    }

    /// Adds a key.
    pub(crate) fn insert(&mut self, key: u128) {
        for (word, bit) in self.probes(key) {
            self.bits[word] |= bit;
        }
        self.count += 1;
    }

    /// Whether the key may have been added (`false`: it was not).
    pub(crate) fn may_hold(&self, key: u128) -> bool {
        self.probes(key)
            .all(|(word, bit)| self.bits[word] & bit != 0)
    }

    /// Whether it holds more keys than it was sized for (then it takes
    /// too many for held: make a larger one).
    pub(crate) fn is_full(&self) -> bool {
        self.count > self.capacity
    }

    /// The keys it was sized for.
    pub(crate) fn capacity(&self) -> usize {
        self.capacity
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_added_are_held_and_few_others_seem_so() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            let high = crate::store::bits::xorshift(&mut state);
            u128::from(high) << 64 | u128::from(crate::store::bits::xorshift(&mut state))
        };
        let mut known = KnownGames::with_capacity(200_000);
        let added: Vec<u128> = (0..200_000).map(|_| next()).collect();
        for &key in &added {
            known.insert(key);
        }
        assert!(added.iter().all(|&key| known.may_hold(key)));
        let others = (0..200_000).filter(|_| known.may_hold(next())).count();
        assert!(others < 200, "{others} of 200,000 taken for held");
        assert!(!known.is_full());
        known.insert(next());
        assert!(known.is_full());
    }
}
