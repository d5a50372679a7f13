//! Eight bytes at a time: which bytes of a word belong to a class of bytes,
//! found with integer arithmetic alone (no `unsafe`, no SIMD intrinsics).
//!
//! Each class function gives a mask with the high bit of every byte of the
//! class set and every other bit clear, exact byte by byte: no sum carries
//! from one byte into the next, so a byte's answer never depends on its
//! neighbours. Words are read little-endian, so the first byte in memory is
//! the lowest byte of the word.

/// `0x01` in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of every byte.
pub(super) const HIGHS: u64 = 0x8080_8080_8080_8080;
/// The low seven bits of every byte.
const LOWS: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The eight bytes at `at`, as a little-endian word; `None` when fewer
/// than eight remain.
#[inline]
pub(super) fn word_at(bytes: &[u8], at: usize) -> Option<u64> {
    let eight: [u8; 8] = bytes.get(at..at.checked_add(8)?)?.try_into().ok()?;
    Some(u64::from_le_bytes(eight))
}

/// The low `count` bytes of a word (`count` from 0 to 8), the others zero.
#[inline]
pub(super) const fn low_bytes(word: u64, count: usize) -> u64 {
    if count >= 8 {
        word
    } else {
        word & ((1 << (8 * count)) - 1)
    }
}

/// Bytes equal to `byte`.
#[inline]
pub(super) const fn equal(word: u64, byte: u8) -> u64 {
    let x = word ^ (ONES * byte as u64);
    // A byte of `x` is zero when neither its high bit is set nor its low
    // seven bits carry into the high bit on adding 0x7F.
    !(((x & LOWS) + LOWS) | x) & HIGHS
}

/// Bytes from `low` to `high` (both under 0x80).
#[inline]
pub(super) const fn within(word: u64, low: u8, high: u8) -> u64 {
    debug_assert!(low <= high && high < 0x80);
    let seven = word & LOWS;
    let at_least_low = seven + ONES * (0x80 - low as u64);
    let above_high = seven + ONES * (0x7F - high as u64);
    at_least_low & !above_high & !word & HIGHS
}

/// Bytes of a tag name in its common form: ASCII letters, digits and `_` (a
/// name with `+#=:-` takes the general rules).
#[inline]
pub(super) const fn name_bytes(word: u64) -> u64 {
    // Setting bit 0x20 maps `A..=Z` onto `a..=z` and nothing else there.
    within(word | (ONES * 0x20), b'a', b'z') | within(word, b'0', b'9') | equal(word, b'_')
}

/// Bytes that end a plain tag value or keep it from being plain: a quote,
/// a backslash, a control byte (0x7F too), or a byte outside ASCII.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline]
pub(super) const fn value_stops(word: u64) -> u64 {
    (!within(word, 0x20, 0x7E) & HIGHS) | equal(word, b'"') | equal(word, b'\\')
}

/// A mask's bytes as bits: bit `i` for byte `i` (the high bit of each byte
/// set or clear, the other bits clear).
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline]
pub(super) const fn bits(mask: u64) -> u32 {
    // The high bits moved to bits 0, 8, ..., 56; the product gathers them
    // in its top byte, no two sums landing on one bit.
    ((mask >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks a class function against its byte predicate: every byte value
    /// in every place of the word, the seven other bytes all of one value,
    /// for every value.
    fn exhaustive(class: impl Fn(u64) -> u64, member: impl Fn(u8) -> bool) {
        for place in 0..8 {
            for byte in 0..=u8::MAX {
                for filler in 0..=u8::MAX {
                    let mut bytes = [filler; 8];
                    bytes[place] = byte;
                    let mask = class(u64::from_le_bytes(bytes));
                    for (at, &value) in bytes.iter().enumerate() {
                        let set = mask & (0x80 << (8 * at)) != 0;
                        assert_eq!(
                            set,
                            member(value),
                            "byte {value:#04x} at {at} of {bytes:02x?}"
                        );
                    }
                    assert_eq!(mask & !HIGHS, 0);
                }
            }
        }
    }

    #[test]
    fn equal_is_exact() {
        for byte in [0, b'"', b'\\', 0x7F, 0x80, 0xFF] {
            exhaustive(|word| equal(word, byte), |value| value == byte);
        }
    }

    #[test]
    fn within_is_exact() {
        for (low, high) in [(0, 0x7F), (b'0', b'9'), (b'a', b'z'), (5, 5)] {
            exhaustive(
                |word| within(word, low, high),
                |value| (low..=high).contains(&value),
            );
        }
    }

    #[test]
    fn name_bytes_are_letters_digits_and_underscore() {
        exhaustive(name_bytes, |value| {
            value.is_ascii_alphanumeric() || value == b'_'
        });
    }

    /// A value stop, as the tag line reader means it.
    fn stop(value: u8) -> bool {
        matches!(value, b'"' | b'\\') || !(0x20..0x7F).contains(&value)
    }

    /// Words of mixed bytes, most of them at the classes' edges, against
    /// every class byte by byte, with `within` over many ranges.
    #[test]
    fn mixed_words_agree_byte_by_byte() {
        const EDGES: [u8; 16] = [
            0, 0x1F, 0x20, 0x21, b'"', b'/', b'0', b'9', b'@', b'Z', b'\\', b'_', b'z', 0x7F, 0x80,
            0xFF,
        ];
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move || {
            // xorshift64
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let byte_of = |mask: u64, at: usize| mask & (0x80 << (8 * at)) != 0;
        for _ in 0..200_000 {
            let choice = next();
            let random = next().to_le_bytes();
            let bytes: [u8; 8] = core::array::from_fn(|at| {
                if choice >> (8 * at) & 1 == 0 {
                    EDGES[(random[at] & 15) as usize]
                } else {
                    random[at]
                }
            });
            let word = u64::from_le_bytes(bytes);
            let range = next();
            let (low, high) = {
                let (one, two) = ((range & 0x7F) as u8, (range >> 8 & 0x7F) as u8);
                (one.min(two), one.max(two))
            };
            let (names, stops, quotes) = (name_bytes(word), value_stops(word), equal(word, b'"'));
            let inside = within(word, low, high);
            for (at, &value) in bytes.iter().enumerate() {
                assert_eq!(
                    byte_of(names, at),
                    value.is_ascii_alphanumeric() || value == b'_'
                );
                assert_eq!(byte_of(stops, at), stop(value));
                assert_eq!(byte_of(quotes, at), value == b'"');
                assert_eq!(byte_of(inside, at), (low..=high).contains(&value));
            }
        }
    }

    #[test]
    fn value_stops_are_quotes_backslashes_controls_and_non_ascii() {
        exhaustive(value_stops, stop);
    }

    /// Every mask of high bits.
    #[test]
    fn bits_gathers_the_high_bits() {
        for byte in 0..=u8::MAX {
            let mask = (0..8)
                .filter(|at| byte >> at & 1 == 1)
                .fold(0, |mask, at| mask | 0x80 << (8 * at));
            assert_eq!(bits(mask), u32::from(byte));
        }
    }

    #[test]
    fn words_and_places() {
        let bytes = b"0123456789";
        assert_eq!(word_at(bytes, 2), Some(u64::from_le_bytes(*b"23456789")));
        assert_eq!(word_at(bytes, 3), None);
        assert_eq!(word_at(bytes, usize::MAX), None);
        let quotes = equal(u64::from_le_bytes(*b"ab\"cd\"ef"), b'"');
        assert_eq!(quotes.trailing_zeros() / 8, 2);
        assert_eq!(low_bytes(u64::MAX, 0), 0);
        assert_eq!(low_bytes(u64::MAX, 3), 0xFF_FFFF);
        assert_eq!(low_bytes(u64::MAX, 8), u64::MAX);
    }
}
