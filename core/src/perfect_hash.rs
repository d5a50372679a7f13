//! The arithmetic of the perfect hash from a back rank to its id, written
//! once: `chess960`'s build script searches its parameters with it and the
//! run-time lookup evaluates it, so the two cannot drift apart.
//!
//! A rank is read as a little-endian `u64` key and multiplied by an odd
//! constant. The top [`BUCKET_BITS`] bits of the product pick a bucket; the
//! next [`SLOT_BITS`] bits are the key's home slot, which the bucket's
//! displacement moves by XOR to the slot that holds the key.
//!
//! This module is public only for `chess960`'s build script and lookup; it
//! is not part of the stable API.
//!
//! ```
//! use chess960_core::perfect_hash::{key, slot, BUCKETS, SLOTS};
//!
//! let displacements = [0u16; BUCKETS];
//! let index = slot(key(b"RNBQKBNR"), 0x9E37_79B9_7F4A_7C15, &displacements);
//! assert!(index < SLOTS);
//! ```

/// Bits of the mixed key that pick a bucket: its top bits.
pub const BUCKET_BITS: u32 = 8;
/// Bits of the mixed key, just below the bucket's, that give the home slot.
pub const SLOT_BITS: u32 = 10;
/// How many buckets there are, each with one displacement.
pub const BUCKETS: usize = 1 << BUCKET_BITS;
/// How many slots there are.
pub const SLOTS: usize = 1 << SLOT_BITS;

/// The key of a rank: its eight bytes as a little-endian `u64`.
///
/// ```
/// assert_eq!(chess960_core::perfect_hash::key(b"\x01\0\0\0\0\0\0\0"), 1);
/// ```
#[inline]
pub const fn key(rank: &[u8; 8]) -> u64 {
    u64::from_le_bytes(*rank)
}

/// The bucket and the home slot of `key` under `multiplier`.
///
/// ```
/// use chess960_core::perfect_hash::{bucket_and_home, BUCKETS, SLOTS};
///
/// let (bucket, home) = bucket_and_home(u64::MAX, 3);
/// assert!(bucket < BUCKETS && home < SLOTS);
/// ```
#[inline]
pub const fn bucket_and_home(key: u64, multiplier: u64) -> (usize, usize) {
    let mixed = key.wrapping_mul(multiplier);
    let bucket = (mixed >> (64 - BUCKET_BITS)) as usize;
    let home = (mixed >> (64 - BUCKET_BITS - SLOT_BITS)) as usize & (SLOTS - 1);
    (bucket, home)
}

/// The slot of `key`: its home slot moved by its bucket's displacement.
///
/// ```
/// use chess960_core::perfect_hash::{bucket_and_home, slot, BUCKETS};
///
/// let mut displacements = [0u16; BUCKETS];
/// let (bucket, home) = bucket_and_home(42, 7);
/// displacements[bucket] = 5;
/// assert_eq!(slot(42, 7, &displacements), home ^ 5);
/// ```
#[inline]
pub const fn slot(key: u64, multiplier: u64, displacements: &[u16; BUCKETS]) -> usize {
    let (bucket, home) = bucket_and_home(key, multiplier);
    (home ^ displacements[bucket] as usize) & (SLOTS - 1)
}
