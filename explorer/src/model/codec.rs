//! The db's bytes: LEB128 varints, length-prefixed texts, and a 128-bit
//! hash of bytes (the key of a game without an id), all fixed here so
//! that a db reads the same on every machine and every Rust version.

use crate::error::Error;

/// Appends `value` as a LEB128 varint (7 bits a byte, low first).
///
/// ```
/// let mut out = Vec::new();
/// chess960_explorer::codec::put(&mut out, 300);
/// assert_eq!(out, [0xAC, 0x02]);
/// ```
// The casts keep the low 7 or 8 bits, as LEB128 means.
#[allow(clippy::cast_possible_truncation)]
pub fn put(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8 & 0x7F) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// Reads a varint written by [`put`] from the front of `input`.
///
/// ```
/// let mut input: &[u8] = &[0xAC, 0x02, 7];
/// assert_eq!(chess960_explorer::codec::get(&mut input)?, 300);
/// assert_eq!(input, [7]);
/// # Ok::<(), chess960_explorer::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::Corrupt`] when the bytes end inside it or it overflows 64 bits.
#[inline]
pub fn get(input: &mut &[u8]) -> Result<u64, Error> {
    // One byte, most often.
    if let Some((&byte, rest)) = input.split_first()
        && byte < 0x80
    {
        *input = rest;
        return Ok(u64::from(byte));
    }
    get_long(input)
}

/// [`get`] past its first byte's case.
#[inline(never)]
fn get_long(input: &mut &[u8]) -> Result<u64, Error> {
    let mut value = 0u64;
    let mut shift = 0u32;
    loop {
        let Some((&byte, rest)) = input.split_first() else {
            return Err(Error::Corrupt("a number runs past its value's end"));
        };
        *input = rest;
        if shift == 63 && byte > 1 {
            return Err(Error::Corrupt("a number is over 64 bits"));
        }
        value |= u64::from(byte & 0x7F) << shift;
        if byte & 0x80 == 0 {
            return Ok(value);
        }
        shift += 7;
        if shift > 63 {
            return Err(Error::Corrupt("a number is over 64 bits"));
        }
    }
}

/// Appends a text as its length (a varint) and its bytes.
pub(crate) fn put_text(out: &mut Vec<u8>, text: &str) {
    put_bytes(out, text.as_bytes());
}

/// Writes `bytes` as [`put_text`] writes a text of these bytes.
pub(crate) fn put_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    put(out, bytes.len() as u64);
    out.extend_from_slice(bytes);
}

/// Reads a text written by [`put_text`].
pub(crate) fn get_text(input: &mut &[u8]) -> Result<String, Error> {
    get_str(input).map(str::to_owned)
}

/// Reads what [`put_text`] wrote, in place.
pub(crate) fn get_str<'a>(input: &mut &'a [u8]) -> Result<&'a str, Error> {
    std::str::from_utf8(get_text_bytes(input)?).map_err(|_| Error::Corrupt("a text is not UTF-8"))
}

/// The bytes of a text [`put_text`] wrote, not checked.
fn get_text_bytes<'a>(input: &mut &'a [u8]) -> Result<&'a [u8], Error> {
    let length = usize::try_from(get(input)?).map_err(|_| Error::Corrupt("a text is too long"))?;
    if input.len() < length {
        return Err(Error::Corrupt("a text runs past its value's end"));
    }
    let (text, rest) = input.split_at(length);
    *input = rest;
    Ok(text)
}

/// Reads `N` texts [`put_text`] wrote one after the other, in place: when
/// each length is one byte (ASCII), their UTF-8 checked at once (an ASCII
/// byte ends any character, so the run is UTF-8 just when each text is).
pub(crate) fn get_strs<'a, const N: usize>(input: &mut &'a [u8]) -> Result<[&'a str; N], Error> {
    let run = *input;
    // Each text's end in `run`, and whether each length took one byte.
    let mut ends = [0; N];
    let mut short = true;
    for end in &mut ends {
        let before = run.len() - input.len();
        let text = get_text_bytes(input)?;
        *end = run.len() - input.len();
        short &= *end - text.len() == before + 1;
    }
    let mut start = 0;
    if short {
        let run = std::str::from_utf8(&run[..run.len() - input.len()])
            .map_err(|_| Error::Corrupt("a text is not UTF-8"))?;
        return Ok(ends.map(|end| {
            let text = run.get(start + 1..end).unwrap_or_default();
            start = end;
            text
        }));
    }
    let mut texts = [""; N];
    for (text, &end) in texts.iter_mut().zip(&ends) {
        let mut bytes = &run[start..end];
        *text = get_str(&mut bytes)?;
        start = end;
    }
    Ok(texts)
}

/// Reads one byte.
pub(crate) fn get_byte(input: &mut &[u8]) -> Result<u8, Error> {
    let (&byte, rest) = input
        .split_first()
        .ok_or_else(|| Error::Corrupt("a value ends early"))?;
    *input = rest;
    Ok(byte)
}

/// A varint that must fit `T`.
pub(crate) fn get_as<T: TryFrom<u64>>(input: &mut &[u8]) -> Result<T, Error> {
    T::try_from(get(input)?).map_err(|_| Error::Corrupt("a number is out of its range"))
}

/// SplitMix64's finaliser.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A 128-bit hash of bytes: two lanes of multiply-rotate over 8-byte
/// words, each finished by SplitMix64's mixer with the length. Not for
/// adversaries; fixed forever (a db's game keys are made with it).
///
/// ```
/// use chess960_explorer::codec::hash128;
///
/// assert_ne!(hash128(b"abc"), hash128(b"abd"));
/// assert_eq!(hash128(b"abc"), hash128(b"abc"));
/// ```
pub fn hash128(bytes: &[u8]) -> u128 {
    let (mut a, mut b) = (0x243F_6A88_85A3_08D3_u64, 0x1319_8A2E_0370_7344_u64);
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let word = u64::from_le_bytes(word);
        a = (a ^ word)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(31);
        b = (b ^ word.rotate_left(17))
            .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            .rotate_left(29);
    }
    let length = bytes.len() as u64;
    let high = mix(a ^ length ^ mix(b));
    let low = mix(b ^ length.rotate_left(32) ^ mix(a.rotate_left(7)));
    u128::from(high) << 64 | u128::from(low)
}

/// The most bytes a value may take for a row to fill one of redb's 4 KiB
/// leaf pages alone (a page's header, the value's length, the key): the
/// size the db's blocks are cut to, so that written in order they fill
/// their pages.
pub(crate) const fn leaf_room(key_bytes: usize) -> usize {
    4096 - 4 - 4 - key_bytes
}

/// The bytes [`put`] writes for `value`.
pub(crate) const fn varint_bytes(value: u64) -> usize {
    let bits = 64 - value.leading_zeros() as usize;
    if bits == 0 { 1 } else { bits.div_ceil(7) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `get_strs` reads as `get_str` three times would: the same texts, or
    /// an error as corrupt.
    fn same_as_one_by_one(bytes: &[u8]) {
        let (mut one, mut all) = (bytes, bytes);
        let by_one: Result<Vec<&str>, Error> = (0..3).map(|_| get_str(&mut one)).collect();
        match (by_one, get_strs::<3>(&mut all)) {
            (Ok(by_one), Ok(at_once)) => {
                assert_eq!(by_one, at_once, "{bytes:?}");
                assert_eq!(one, all, "{bytes:?}");
            }
            (Err(_), Err(Error::Corrupt(_))) => {}
            (by_one, at_once) => panic!("{bytes:?}: {by_one:?} against {at_once:?}"),
        }
    }

    #[test]
    fn texts_read_at_once_as_one_by_one() {
        let long = "é".repeat(70);
        for texts in [
            ["", "", ""],
            ["abc", "Ödön", "渡辺"],
            ["id", long.as_str(), "b"],
            [long.as_str(), long.as_str(), long.as_str()],
        ] {
            let mut bytes = Vec::new();
            for text in texts {
                put_text(&mut bytes, text);
            }
            bytes.push(9);
            same_as_one_by_one(&bytes);
            let mut rest = bytes.as_slice();
            assert_eq!(get_strs::<3>(&mut rest).unwrap(), texts);
            assert_eq!(rest, [9]);
        }
        // A character cut by a text's end (its last byte the next
        // length's); a length written in two bytes; too short.
        same_as_one_by_one(&[1, 0xC3, 1, 0x85, 0]);
        same_as_one_by_one(&[1, 0xC3, 0x81, 0x00, 0x85, 0]);
        same_as_one_by_one(&[0x81, 0x00, b'a', 1, b'b', 0]);
        same_as_one_by_one(&[2, b'a']);
        // Random bytes.
        let mut state = 5u64;
        for _ in 0..20_000 {
            let bytes: Vec<u8> = (0..state % 12)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    [0, 1, 2, 3, b'a', 0x80, 0x81, 0xC3, 0x85, 0xE6]
                        [usize::try_from(state % 10).unwrap()]
                })
                .collect();
            same_as_one_by_one(&bytes);
        }
    }
}
