//! Sixteen bytes at a time: where a plain tag value stops. On `x86_64` this
//! is SSE2 (which every `x86_64` processor has), through `safe_arch`'s safe
//! wrappers of its intrinsics; elsewhere two words of [`swar`](super::swar).

/// The index (0 to 15) of the first byte of `bytes` that ends a plain tag
/// value or keeps it from being plain: a quote, a backslash, a control byte
/// (0x7F too), or a byte outside ASCII. `None` if there is none.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(super) fn first_value_stop(bytes: &[u8; 16]) -> Option<usize> {
    use safe_arch::{
        cmp_eq_mask_i8_m128i, cmp_gt_mask_i8_m128i, cmp_lt_mask_i8_m128i, load_unaligned_m128i,
        move_mask_i8_m128i, set_splat_i8_m128i,
    };
    let splat = |byte: u8| set_splat_i8_m128i(i8::from_ne_bytes([byte]));
    let v = load_unaligned_m128i(bytes);
    // Compared as signed bytes, a byte outside ASCII is negative: below
    // 0x20 along with the control bytes.
    let outside = cmp_lt_mask_i8_m128i(v, splat(0x20)) | cmp_gt_mask_i8_m128i(v, splat(0x7E));
    let stops =
        outside | cmp_eq_mask_i8_m128i(v, splat(b'"')) | cmp_eq_mask_i8_m128i(v, splat(b'\\'));
    // One bit a byte: sixteen bits, never negative.
    let mask = move_mask_i8_m128i(stops).unsigned_abs();
    (mask != 0).then(|| mask.trailing_zeros() as usize)
}

/// The index (0 to 15) of the first byte of `bytes` that ends a plain tag
/// value or keeps it from being plain (see the `x86_64` version).
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(super) fn first_value_stop(bytes: &[u8; 16]) -> Option<usize> {
    by_words(bytes)
}

/// [`first_value_stop`] two words at a time, for other processors (and for
/// the tests, which check both ways).
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline]
fn by_words(bytes: &[u8; 16]) -> Option<usize> {
    use super::swar;
    let (low, high) = bytes.split_at(8);
    let low = swar::first_value_stop(swar::word_at(low, 0)?);
    let high = swar::first_value_stop(swar::word_at(high, 0)?);
    if low != 0 {
        Some(swar::first(low))
    } else {
        (high != 0).then(|| 8 + swar::first(high))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                        assert_eq!(by_words(&bytes), expected, "{bytes:02x?}");
                    }
                }
            }
        }
    }
}
