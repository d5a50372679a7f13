//! Seeded samples and shuffles (the `seeded` feature): [`seeded_sample`]
//! picks `k` items of a slice uniformly without replacement and
//! [`seeded_shuffle`] puts the whole slice in a uniformly random order,
//! both from a text seed by a Fisher–Yates walk on SHA-256 alone, so that
//! anyone can re-derive the order without this crate, on any platform.

use crate::Book;
use crate::seeded::Hashing;
use core::fmt::Write as _;
use sha2::{Digest, Sha256};

/// The words between the seed and the counter in every hash, so that these
/// hashes never meet those of [`SeededDraw`](crate::SeededDraw) (whose
/// second field is a number).
const LABEL: &str = "shuffle";

/// Puts `k` items of `items`, chosen uniformly at random without
/// replacement by `seed`, in its first `k` places, in the order drawn, and
/// returns them (all of `items` when `k` is larger). The rest of the slice
/// holds the items not chosen, in no particular order.
///
/// # The procedure
/// A forward Fisher–Yates walk, whose uniform numbers come from SHA-256:
///
/// 1. Let `n` be the slice's length and `c` a counter, from 0.
/// 2. For place `i` = 0, 1, …, `k` − 1, with `m` = `n` − `i` items left:
///    hash the bytes `seed ‖ 0x00 ‖ "shuffle" ‖ 0x00 ‖ c` with SHA-256
///    (the seed in UTF-8 exactly as given, `c` in decimal ASCII without
///    leading zeros), then add 1 to `c`. Read the digest's first eight
///    bytes as a big-endian number `v` (0 ≤ `v` < 2⁶⁴). If `v` is below
///    2⁶⁴ − (2⁶⁴ mod `m`), the largest multiple of `m` that fits, swap
///    the items at places `i` and `i + (v mod m)`; otherwise hash again
///    with the next `c` (this keeps every choice exactly equally likely; it
///    happens with a chance below 2⁻³² per place for `m` up to 2³²).
///
/// So the first `k` places are a uniform sample in a uniform order, and a
/// sample of `k` is the first `k` items of the shuffle of the same slice
/// with the same seed ([`seeded_shuffle`]). The result depends only on the
/// seed and the slice, never on the platform or this crate's version; the
/// tests pin it against Python's `hashlib`.
///
/// ```
/// use chess960::seeded_sample;
///
/// let mut ids: Vec<u32> = (0..960).collect();
/// let sample = seeded_sample("Gauntlet 2026-11-25", &mut ids, 8);
/// assert_eq!(sample.len(), 8);
/// let mut sorted = sample.to_vec();
/// sorted.sort_unstable();
/// sorted.dedup();
/// assert_eq!(sorted.len(), 8); // no start twice
///
/// // The same seed gives the same sample, and it opens the shuffle.
/// let mut again: Vec<u32> = (0..960).collect();
/// chess960::seeded_shuffle("Gauntlet 2026-11-25", &mut again);
/// assert_eq!(&again[..8], &ids[..8]);
/// ```
pub fn seeded_sample<'a, T>(seed: &str, items: &'a mut [T], k: usize) -> &'a mut [T] {
    let n = items.len();
    let k = k.min(n);
    let mut counter = 0_u64;
    for i in 0..k {
        let left = (n - i) as u64;
        let j = i + uniform_below(seed, left, &mut counter);
        items.swap(i, j);
    }
    &mut items[..k]
}

/// Puts all of `items` in a uniformly random order by `seed`: the
/// procedure of [`seeded_sample`] with `k` the slice's length.
///
/// ```
/// use chess960::seeded_shuffle;
///
/// let mut ids: Vec<u16> = (0..960).collect();
/// seeded_shuffle("42", &mut ids);
/// assert_ne!(ids, (0..960).collect::<Vec<u16>>());
/// ids.sort_unstable();
/// assert_eq!(ids, (0..960).collect::<Vec<u16>>());
/// ```
pub fn seeded_shuffle<T>(seed: &str, items: &mut [T]) {
    let n = items.len();
    seeded_sample(seed, items, n);
}

/// A uniform number below `bound` (at least 1) from the hashes of `seed`
/// with the counters from `*counter` on, advancing it past those used.
#[expect(
    clippy::cast_possible_truncation,
    reason = "below bound, which is a slice length"
)]
fn uniform_below(seed: &str, bound: u64, counter: &mut u64) -> usize {
    // 2^64 mod bound, computed without 2^64: (2^64 - bound) mod bound.
    let limit = u64::MAX - (bound.wrapping_neg() % bound);
    loop {
        let mut hashing = Hashing(Sha256::new());
        // Writing into `Hashing` cannot fail.
        let _ = write!(hashing, "{seed}\0{LABEL}\0{counter}");
        *counter += 1;
        let digest = hashing.0.finalize();
        let mut first = [0; 8];
        first.copy_from_slice(&digest[..8]);
        let value = u64::from_be_bytes(first);
        // Accepted: value < 2^64 - (2^64 mod bound), i.e. value <= limit.
        if value <= limit {
            return (value % bound) as usize;
        }
    }
}

impl Book {
    /// The lines of a seeded sample or shuffle of the book, as
    /// `chess960 book --sample N --seed TEXT [--shuffle]` writes them:
    /// `count` line indices (0-based, for [`Book::entry`]) chosen uniformly
    /// without replacement by [`seeded_sample`] over `0..len`, in book order,
    /// or in the order drawn when `shuffle` is true. `indices` is scratch
    /// space: its first `min(indices.len(), self.len())` places are filled
    /// with `0..` before the draw, so give it room for the whole book; the
    /// chosen indices are returned at its start.
    ///
    /// ```
    /// use chess960::Book;
    ///
    /// let book = Book::single();
    /// let mut indices = vec![0; book.len() as usize];
    /// let sample = book.seeded_indices("Gauntlet", &mut indices, 8, false).to_vec();
    /// assert_eq!(sample.len(), 8);
    /// assert!(sample.windows(2).all(|pair| pair[0] < pair[1]));
    ///
    /// // A shuffle of the whole book, and the same sample in the order drawn.
    /// let shuffled = book.seeded_indices("Gauntlet", &mut indices, 960, true).to_vec();
    /// let mut first = shuffled[..8].to_vec();
    /// first.sort_unstable();
    /// assert_eq!(first, sample);
    /// ```
    pub fn seeded_indices<'a>(
        &self,
        seed: &str,
        indices: &'a mut [u32],
        count: u32,
        shuffle: bool,
    ) -> &'a [u32] {
        let length = indices.len().min(self.len() as usize);
        let indices = &mut indices[..length];
        for (place, index) in indices.iter_mut().zip(0..) {
            *place = index;
        }
        let chosen = seeded_sample(seed, indices, count as usize);
        if !shuffle {
            chosen.sort_unstable();
        }
        chosen
    }
}
