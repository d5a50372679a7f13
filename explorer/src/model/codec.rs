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
    put(out, text.len() as u64);
    out.extend_from_slice(text.as_bytes());
}

/// Reads a text written by [`put_text`].
pub(crate) fn get_text(input: &mut &[u8]) -> Result<String, Error> {
    get_str(input).map(str::to_owned)
}

/// Reads what [`put_text`] wrote, in place.
pub(crate) fn get_str<'a>(input: &mut &'a [u8]) -> Result<&'a str, Error> {
    let length = usize::try_from(get(input)?).map_err(|_| Error::Corrupt("a text is too long"))?;
    if input.len() < length {
        return Err(Error::Corrupt("a text runs past its value's end"));
    }
    let (text, rest) = input.split_at(length);
    *input = rest;
    std::str::from_utf8(text).map_err(|_| Error::Corrupt("a text is not UTF-8"))
}

/// Reads one byte.
pub(crate) fn get_byte(input: &mut &[u8]) -> Result<u8, Error> {
    let (&byte, rest) = input
        .split_first()
        .ok_or(Error::Corrupt("a value ends early"))?;
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
