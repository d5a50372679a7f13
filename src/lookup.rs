//! The lookup tables: what `build.rs` generates from `chess960-core`'s
//! derivation, the perfect-hash lookup from a rank to its id, and the
//! tables evaluated at compile time from them.
//!
//! Which lookup to use when:
//! - id -> rank: [`TABLE`] (or `Position::rank`), one load;
//! - rank -> id: `Position::from_rank`, a multiply,
//!   three dependent loads (the bucket's displacement, the slot's id, that
//!   id's rank) and one comparison;
//! - `RANK_TO_ID` (feature `phf`) where a `phf::Map` is wanted (it runs
//!   SipHash, so it is slower);
//! - `chess960_core`'s `const fn`s to compute without any table.

use chess960_core::{POSITION_COUNT, Piece, perfect_hash};

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// The id of `rank` if it is a start position (uppercase ASCII, a-file
/// first), or `None`. Never a false positive: the slot's id is confirmed
/// against [`TABLE`].
#[inline]
pub(crate) const fn lookup(rank: &[u8; 8]) -> Option<u16> {
    let key = perfect_hash::key(rank);
    let id = HASH_SLOTS[perfect_hash::slot(key, HASH_MULTIPLIER, &HASH_DISPLACEMENTS)];
    if perfect_hash::key(&TABLE[id as usize]) == key {
        Some(id)
    } else {
        None
    }
}

/// Every position's back rank as one file mask per piece (bit 0 for the
/// a-file), indexed by id, then by `Piece as usize`. Evaluated at compile
/// time from [`TABLE`]: 4,800 bytes that turn a position's piece files,
/// `Position::bitboards` and
/// `Position::castling` into one load each.
pub(crate) static FILE_MASKS: [[u8; 5]; POSITION_COUNT as usize] = {
    let mut masks = [[0; 5]; POSITION_COUNT as usize];
    let mut id = 0;
    while id < masks.len() {
        masks[id] = file_masks(TABLE[id]);
        id += 1;
    }
    masks
};

/// One file mask per piece of a start rank, in the order of [`Piece::ALL`].
const fn file_masks(rank: [u8; 8]) -> [u8; 5] {
    let mut masks = [0; 5];
    let mut file = 0;
    while file < 8 {
        if let Some(piece) = Piece::from_letter(rank[file]) {
            masks[piece as usize] |= 1 << file;
        }
        file += 1;
    }
    masks
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

/// [`FILE_MASKS`] is evaluated at compile time, where coverage tools see
/// nothing: the same `const fn`, run at run time, gives the same masks.
#[cfg(test)]
mod run_time {
    use super::{FILE_MASKS, TABLE, file_masks};
    use core::hint::black_box;

    #[test]
    fn file_masks_are_what_their_function_computes() {
        for (rank, masks) in TABLE.iter().zip(FILE_MASKS.iter()) {
            assert_eq!(black_box(file_masks)(*rank), *masks);
        }
    }
}
