//! Reading a back rank written as text: White's in uppercase or Black's in
//! lowercase, checked for length, letters and case.

use crate::{Error, Piece};

/// White's rank (uppercase ASCII) out of UTF-8 text that writes a back rank
/// in either colour: `RNBQKBNR` or `rnbqkbnr`.
///
/// Only length, letters and case are checked here; the other rules of a
/// start position are [`id_from_rank`](crate::id_from_rank)'s.
///
/// # Errors
/// [`Error::WrongLength`] when the text does not have 8 characters (for 8
/// characters some of which are not ASCII, [`Error::InvalidByte`] on the
/// first such byte). Otherwise each byte from the a-file on is checked, first
/// for being a piece letter ([`Error::InvalidByte`]), then for having the
/// first letter's case ([`Error::MixedCase`]); the first failure is reported.
///
/// ```
/// use chess960_core::{rank_from_text, Error};
///
/// assert_eq!(rank_from_text(b"rnbqkbnr"), Ok(*b"RNBQKBNR"));
/// assert_eq!(rank_from_text(b"RNBQKBN"), Err(Error::WrongLength { length: 7 }));
/// assert_eq!(rank_from_text(b"RNBQKBNr"), Err(Error::MixedCase { index: 7 }));
/// assert_eq!(
///     rank_from_text("RNBQKBNé".as_bytes()),
///     Err(Error::InvalidByte { index: 7, byte: 0xC3 })
/// );
/// ```
pub const fn rank_from_text(text: &[u8]) -> Result<[u8; 8], Error> {
    let mut rank = [0u8; 8];
    if text.len() != 8 {
        // Characters are the bytes that do not continue a UTF-8 sequence.
        let mut length = 0;
        let mut first_non_ascii = None;
        let mut index = 0;
        while index < text.len() {
            if text[index] & 0xC0 != 0x80 {
                length += 1;
            }
            if first_non_ascii.is_none() && !text[index].is_ascii() {
                first_non_ascii = Some(index);
            }
            index += 1;
        }
        return Err(match first_non_ascii {
            Some(index) if length == 8 => Error::InvalidByte {
                index,
                byte: text[index],
            },
            _ => Error::WrongLength { length },
        });
    }
    let lowercase = text[0].is_ascii_lowercase();
    let mut index = 0;
    while index < 8 {
        let byte = text[index];
        let upper = byte.to_ascii_uppercase();
        if Piece::from_letter(upper).is_none() {
            return Err(Error::InvalidByte { index, byte });
        }
        if byte.is_ascii_lowercase() != lowercase {
            return Err(Error::MixedCase { index });
        }
        rank[index] = upper;
        index += 1;
    }
    Ok(rank)
}
