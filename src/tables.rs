//! The tables `build.rs` generates from `chess960-core`'s derivation, and the
//! perfect-hash lookup from a rank to its id.
//!
//! Which lookup to use when:
//! - id -> rank: [`TABLE`] (or [`Position::rank`](crate::Position::rank)), one load;
//! - rank -> id: [`Position::from_rank`](crate::Position::from_rank), a multiply,
//!   three loads and one comparison;
//! - [`RANK_TO_ID`] where a `phf::Map` is wanted (it runs SipHash, so it is slower);
//! - `chess960_core`'s `const fn`s to compute without any table.

#![allow(clippy::unreadable_literal)]

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// The id of `rank` if it is a start position (uppercase ASCII, a-file
/// first), or `None`. Never a false positive: the slot's id is confirmed
/// against [`TABLE`].
pub(crate) const fn lookup(rank: &[u8; 8]) -> Option<u16> {
    const SLOT_MASK: usize = (1 << HASH_SLOT_BITS) - 1;
    let mixed = u64::from_le_bytes(*rank).wrapping_mul(HASH_MULTIPLIER);
    let bucket = (mixed >> (64 - HASH_BUCKET_BITS)) as usize;
    let home = (mixed >> (64 - HASH_BUCKET_BITS - HASH_SLOT_BITS)) as usize;
    let slot = (home ^ HASH_DISPLACEMENTS[bucket] as usize) & SLOT_MASK;
    let id = HASH_SLOTS[slot];
    if u64::from_le_bytes(TABLE[id as usize]) == u64::from_le_bytes(*rank) {
        Some(id)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{HASH_DISPLACEMENTS, HASH_SLOTS, TABLE, lookup};

    #[test]
    fn perfect_hash_finds_every_id() {
        for (id, rank) in (0u16..).zip(TABLE.iter()) {
            assert_eq!(lookup(rank), Some(id));
        }
    }

    /// Every word of 8 letters over K, Q, R, B, N: the hash accepts exactly
    /// the ranks that `TABLE` holds, and answers their own id.
    #[test]
    fn perfect_hash_has_no_false_positives() {
        let mut accepted = 0;
        for mut code in 0..5u32.pow(8) {
            let mut word = [0u8; 8];
            for letter in &mut word {
                *letter = b"KQRBN"[(code % 5) as usize];
                code /= 5;
            }
            if let Some(id) = lookup(&word) {
                assert_eq!(TABLE[usize::from(id)], word);
                accepted += 1;
            }
        }
        assert_eq!(accepted, 960);
    }

    #[test]
    fn perfect_hash_rejects_other_bytes() {
        for rank in [
            [0u8; 8],
            [0xFF; 8],
            *b"rnbqkbnr",
            *b"RNBQKBN ",
            *b"RNBQKBNr",
        ] {
            assert_eq!(lookup(&rank), None);
        }
    }

    /// Pins the perfect hash's size: 256 two-byte displacements and 1024
    /// two-byte slots.
    #[test]
    fn perfect_hash_size() {
        assert_eq!(size_of_val(&HASH_DISPLACEMENTS), 512);
        assert_eq!(size_of_val(&HASH_SLOTS), 2048);
    }
}
