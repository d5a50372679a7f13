//! Reading a back rank written as text: White's in uppercase or Black's in
//! lowercase, checked for length, letters and case, character by character.

use crate::{File, Piece, PositionError};

/// The character that starts at byte `index` of `text`, and its length in
/// bytes. `text` is a `str`'s bytes, so the sequence is valid UTF-8.
pub(crate) const fn char_at(text: &[u8], index: usize) -> (char, usize) {
    let first = text[index] as u32;
    let (mut code, length) = match first {
        0x00..=0x7F => (first, 1),
        0xC0..=0xDF => (first & 0x1F, 2),
        0xE0..=0xEF => (first & 0x0F, 3),
        _ => (first & 0x07, 4),
    };
    let mut next = 1;
    while next < length {
        code = (code << 6) | (text[index + next] as u32 & 0x3F);
        next += 1;
    }
    match char::from_u32(code) {
        Some(character) => (character, length),
        // A `str` holds only valid UTF-8.
        None => (char::REPLACEMENT_CHARACTER, length),
    }
}

/// How many characters `text` holds.
pub(crate) const fn char_count(text: &[u8]) -> usize {
    // Characters are the bytes that do not continue a UTF-8 sequence.
    let mut count = 0;
    let mut index = 0;
    while index < text.len() {
        if text[index] & 0xC0 != 0x80 {
            count += 1;
        }
        index += 1;
    }
    count
}

/// White's rank (uppercase ASCII) out of text that writes a back rank in
/// either colour: `RNBQKBNR` or `rnbqkbnr`.
///
/// Only length, letters and case are checked here, and nothing is trimmed;
/// the other rules of a start position are [`id_from_rank`](crate::id_from_rank)'s.
/// To read every way of writing a position (ids, labels, ranks, FENs), use
/// `read_position`.
///
/// # Errors
/// [`PositionError::WrongLength`] when the text does not have 8 characters.
/// Otherwise each character from the a-file on is checked, first for being a
/// piece letter ([`PositionError::InvalidCharacter`]), then for having the
/// first letter's case ([`PositionError::MixedCase`]); the first failure is
/// reported.
///
/// ```
/// use chess960_core::{File, PositionError, rank_from_text};
///
/// assert_eq!(rank_from_text("rnbqkbnr"), Ok(*b"RNBQKBNR"));
/// assert_eq!(rank_from_text("RNBQKBN"), Err(PositionError::WrongLength { length: 7 }));
/// assert_eq!(
///     rank_from_text("RNBQKBNr"),
///     Err(PositionError::MixedCase { file: File::H, character: 'r' })
/// );
/// assert_eq!(
///     rank_from_text("RNBQKBN♔"),
///     Err(PositionError::InvalidCharacter { file: File::H, character: '♔' })
/// );
/// ```
pub const fn rank_from_text(text: &str) -> Result<[u8; 8], PositionError> {
    let bytes = text.as_bytes();
    let length = char_count(bytes);
    if length != 8 {
        return Err(PositionError::WrongLength { length });
    }
    let mut rank = [0u8; 8];
    let lowercase = bytes[0].is_ascii_lowercase();
    let mut index = 0;
    let mut file = 0;
    while file < 8 {
        let (character, width) = char_at(bytes, index);
        let byte = bytes[index];
        let upper = byte.to_ascii_uppercase();
        if width != 1 || Piece::from_letter(upper).is_none() {
            return Err(PositionError::InvalidCharacter {
                file: File::ALL[file],
                character,
            });
        }
        if byte.is_ascii_lowercase() != lowercase {
            return Err(PositionError::MixedCase {
                file: File::ALL[file],
                character,
            });
        }
        rank[file] = upper;
        index += width;
        file += 1;
    }
    Ok(rank)
}

#[cfg(test)]
mod tests {
    use super::{char_at, char_count};

    #[test]
    fn decodes_every_width() {
        for text in ["a", "é", "♔", "𝄞"] {
            let expected = text.chars().next().unwrap();
            assert_eq!(char_at(text.as_bytes(), 0), (expected, text.len()));
            assert_eq!(char_count(text.as_bytes()), 1);
        }
    }
}
