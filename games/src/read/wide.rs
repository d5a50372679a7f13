//! Sixteen bytes at a time: the spaces of a tag line and where a plain tag
//! value stops. On `x86_64` this is SSE2 (which every `x86_64` processor
//! has), through `safe_arch`'s safe wrappers of its intrinsics; elsewhere
//! words of [`swar`](super::swar).

/// The spaces and the value stops of 32 bytes, a bit a byte (bit `i` for
/// `bytes[i]`), exact for every byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Classes {
    /// Spaces.
    pub(super) spaces: u32,
    /// Bytes that end a plain tag value or keep it from being plain: a
    /// quote, a backslash, a control byte (0x7F too), or a byte outside
    /// ASCII.
    pub(super) stops: u32,
}

/// The [`Classes`] of 32 bytes.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(super) fn classes(bytes: &[u8; 32]) -> Classes {
    let (low, high) = (sse2::classes(bytes, 0), sse2::classes(bytes, 16));
    Classes {
        spaces: low.0 | high.0 << 16,
        stops: low.1 | high.1 << 16,
    }
}

/// The [`Classes`] of 32 bytes.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(super) fn classes(bytes: &[u8; 32]) -> Classes {
    by_words(bytes)
}

/// [`classes`] a word at a time, for other processors (and for the tests,
/// which check both ways).
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline]
fn by_words(bytes: &[u8; 32]) -> Classes {
    use super::swar;
    Classes {
        spaces: word_bits(bytes, |word| swar::equal(word, b' ')),
        stops: word_bits(bytes, swar::value_stops),
    }
}

/// A class of bytes found a word at a time, as bits (bit `i` for
/// `bytes[i]`; at most 32 bytes).
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline]
fn word_bits(bytes: &[u8], class: impl Fn(u64) -> u64) -> u32 {
    use super::swar;
    bytes
        .chunks_exact(8)
        .enumerate()
        .fold(0, |found, (at, word)| {
            let mask = swar::word_at(word, 0).map_or(0, |word| swar::bits(class(word)));
            found | mask << (8 * at)
        })
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use safe_arch::{
        cmp_eq_mask_i8_m128i, cmp_gt_mask_i8_m128i, cmp_lt_mask_i8_m128i, load_unaligned_m128i,
        m128i, move_mask_i8_m128i, set_splat_i8_m128i,
    };

    fn splat(byte: u8) -> m128i {
        set_splat_i8_m128i(i8::from_ne_bytes([byte]))
    }

    /// One bit a byte: sixteen bits, never negative.
    fn bits(mask: m128i) -> u32 {
        move_mask_i8_m128i(mask).unsigned_abs()
    }

    /// The value stops of sixteen bytes, a bit a byte.
    #[inline]
    pub(super) fn stops(v: m128i) -> u32 {
        // Compared as signed bytes, a byte outside ASCII is negative: below
        // 0x20 along with the control bytes.
        let outside = cmp_lt_mask_i8_m128i(v, splat(0x20)) | cmp_gt_mask_i8_m128i(v, splat(0x7E));
        bits(outside | cmp_eq_mask_i8_m128i(v, splat(b'"')) | cmp_eq_mask_i8_m128i(v, splat(b'\\')))
    }

    /// The spaces and the value stops of the sixteen bytes at `at` (0 or
    /// 16).
    #[inline]
    pub(super) fn classes(bytes: &[u8; 32], at: usize) -> (u32, u32) {
        let mut sixteen = [0; 16];
        sixteen.copy_from_slice(&bytes[at..at + 16]);
        let v = load_unaligned_m128i(&sixteen);
        (bits(cmp_eq_mask_i8_m128i(v, splat(b' '))), stops(v))
    }

    /// The value stops of sixteen bytes.
    #[inline]
    pub(super) fn value_stops(bytes: &[u8; 16]) -> u32 {
        stops(load_unaligned_m128i(bytes))
    }
}

/// The index (0 to 15) of the first byte of `bytes` that ends a plain tag
/// value or keeps it from being plain: a quote, a backslash, a control byte
/// (0x7F too), or a byte outside ASCII. `None` if there is none.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(super) fn first_value_stop(bytes: &[u8; 16]) -> Option<usize> {
    let mask = sse2::value_stops(bytes);
    (mask != 0).then(|| mask.trailing_zeros() as usize)
}

/// The index (0 to 15) of the first byte of `bytes` that ends a plain tag
/// value or keeps it from being plain (see the `x86_64` version).
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(super) fn first_value_stop(bytes: &[u8; 16]) -> Option<usize> {
    first_value_stop_by_words(bytes)
}

/// [`first_value_stop`] two words at a time, for other processors (and for
/// the tests, which check both ways).
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline]
fn first_value_stop_by_words(bytes: &[u8; 16]) -> Option<usize> {
    let mask = word_bits(bytes, super::swar::value_stops);
    (mask != 0).then(|| mask.trailing_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte value in every place of 32 bytes, among fillers of
    /// spaces, stops and plain bytes; both ways.
    #[test]
    fn classes_are_exact() {
        for filler in [b'a', b' ', b'"', 0xFF, 0, b'\\', 0x7F, 0x7E, 0x20, 0x1F] {
            for place in 0..32 {
                for byte in 0..=u8::MAX {
                    let mut bytes = [filler; 32];
                    bytes[place] = byte;
                    bytes[(place + 13) % 32] = b'x';
                    let mut expected = Classes {
                        spaces: 0,
                        stops: 0,
                    };
                    for (at, &value) in bytes.iter().enumerate() {
                        expected.spaces |= u32::from(value == b' ') << at;
                        expected.stops |= u32::from(stop(value)) << at;
                    }
                    assert_eq!(classes(&bytes), expected, "{bytes:02x?}");
                    assert_eq!(by_words(&bytes), expected, "{bytes:02x?}");
                }
            }
        }
    }

    fn stop(value: u8) -> bool {
        matches!(value, b'"' | b'\\') || !(0x20..0x7F).contains(&value)
    }

    /// Every byte value in every place, over fillers of plain bytes, with a
    /// second byte after it; both ways.
    #[test]
    fn finds_the_first_stop() {
        for filler in [b'a', b' ', b'~', b'!', b'[', b']'] {
            for place in 0..16 {
                for byte in 0..=u8::MAX {
                    for (later, second) in [(15, b'"'), (15, 0xFF), (place, byte)] {
                        let mut bytes = [filler; 16];
                        bytes[later] = second;
                        bytes[place] = byte;
                        let expected = bytes.iter().position(|&value| stop(value));
                        assert_eq!(first_value_stop(&bytes), expected, "{bytes:02x?}");
                        assert_eq!(first_value_stop_by_words(&bytes), expected, "{bytes:02x?}");
                    }
                }
            }
        }
    }
}
