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
