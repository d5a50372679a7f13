//! `serde` support for [`Piece`] and [`File`] (the `serde` feature), and the
//! one pattern every value type of `chess960` follows, shared with it
//! (public but hidden from the docs, as `perfect_hash` is): text in
//! human-readable formats, an unsigned number in compact ones.
//!
//! | type | human-readable formats write | and also read | compact formats |
//! | --- | --- | --- | --- |
//! | [`Piece`] | its name, `"knight"` | the name in any case, the letter `N` or `n` | the index in [`Piece::ALL`] as a `u8` |
//! | [`File`] | its letter, `"e"` | what `str::parse` reads, or the index as a number | the index as a `u8`, 0 for the a-file |

use crate::{File, Piece};
use core::fmt;
use core::marker::PhantomData;
use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::ser::{Serialize, Serializer};

/// The unsigned integer a type is written as in compact formats.
#[derive(Clone, Copy, Debug)]
pub enum Width {
    /// A `u8`.
    U8,
    /// A `u16`.
    U16,
    /// A `u32`.
    U32,
}

/// A type written as text in human-readable formats and as a number in
/// compact ones, and read from either.
pub trait TextOrNumber: Sized {
    /// What a reader expects, for serde's messages.
    const EXPECTING: &'static str;
    /// The integer compact formats hold.
    const WIDTH: Width;

    /// The value written as `number`.
    ///
    /// # Errors
    /// When no value is written as `number`; by default serde's "invalid
    /// value" naming [`TextOrNumber::EXPECTING`].
    fn from_number<E: de::Error>(number: u64) -> Result<Self, E>;

    /// The value a text names.
    ///
    /// # Errors
    /// The type's own message for a text it does not read.
    fn from_text<E: de::Error>(text: &str) -> Result<Self, E>;

    /// Why a negative number is no value.
    fn negative<E: de::Error>(number: i64) -> E {
        E::invalid_value(Unexpected::Signed(number), &Self::EXPECTING)
    }
}

/// serde's "invalid value" for a number that names no `T`.
pub fn invalid_number<T: TextOrNumber, E: de::Error>(number: u64) -> E {
    E::invalid_value(Unexpected::Unsigned(number), &T::EXPECTING)
}

/// The value `number` names, where `value` found one.
///
/// # Errors
/// [`invalid_number`] where it did not.
pub fn number_or_invalid<T: TextOrNumber, E: de::Error>(
    value: Option<T>,
    number: u64,
) -> Result<T, E> {
    value.ok_or_else(|| invalid_number::<T, E>(number))
}

/// Writes `text` in human-readable formats and `number` in compact ones.
///
/// # Errors
/// The serializer's.
pub fn write<S: Serializer>(
    serializer: S,
    text: &(impl fmt::Display + ?Sized),
    number: impl Serialize,
) -> Result<S::Ok, S::Error> {
    if serializer.is_human_readable() {
        serializer.collect_str(text)
    } else {
        number.serialize(serializer)
    }
}

/// Reads a [`TextOrNumber`]: text or a number in human-readable formats,
/// the number in compact ones.
///
/// # Errors
/// The type's, or the deserializer's.
pub fn read<'de, T: TextOrNumber, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
    let visitor = TextOrNumberVisitor(PhantomData);
    if deserializer.is_human_readable() {
        deserializer.deserialize_any(visitor)
    } else {
        match T::WIDTH {
            Width::U8 => deserializer.deserialize_u8(visitor),
            Width::U16 => deserializer.deserialize_u16(visitor),
            Width::U32 => deserializer.deserialize_u32(visitor),
        }
    }
}

/// Turns a text or a number into a `T`.
struct TextOrNumberVisitor<T>(PhantomData<T>);

impl<T: TextOrNumber> Visitor<'_> for TextOrNumberVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_u64<E: de::Error>(self, number: u64) -> Result<T, E> {
        T::from_number(number)
    }

    fn visit_i64<E: de::Error>(self, number: i64) -> Result<T, E> {
        match u64::try_from(number) {
            Ok(number) => T::from_number(number),
            Err(_) => Err(T::negative(number)),
        }
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        T::from_text(text)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<T, E> {
        match core::str::from_utf8(bytes) {
            Ok(text) => T::from_text(text),
            Err(_) => Err(E::invalid_value(Unexpected::Bytes(bytes), &self)),
        }
    }
}

impl TextOrNumber for Piece {
    const EXPECTING: &'static str =
        "a back-rank piece: king, queen, rook, bishop or knight, or its letter K, Q, R, B or N";
    const WIDTH: Width = Width::U8;

    fn from_number<E: de::Error>(number: u64) -> Result<Piece, E> {
        let piece = usize::try_from(number)
            .ok()
            .and_then(|index| Piece::ALL.get(index).copied());
        number_or_invalid(piece, number)
    }

    fn from_text<E: de::Error>(text: &str) -> Result<Piece, E> {
        let by_name = Piece::ALL
            .into_iter()
            .find(|piece| text.eq_ignore_ascii_case(piece.name()));
        let by_letter = match text.as_bytes() {
            [letter] => Piece::from_letter(letter.to_ascii_uppercase()),
            _ => None,
        };
        by_name
            .or(by_letter)
            .ok_or_else(|| E::invalid_value(Unexpected::Str(text), &Self::EXPECTING))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Piece {
    /// The lowercase name in human-readable formats, the index in compact ones.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        write(serializer, self.name(), *self as u8)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> de::Deserialize<'de> for Piece {
    /// A name or a letter (or the index) in human-readable formats, the
    /// index in compact ones.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Piece, D::Error> {
        read(deserializer)
    }
}

impl TextOrNumber for File {
    const EXPECTING: &'static str = "a file: a lowercase letter a to h, or its index 0 to 7";
    const WIDTH: Width = Width::U8;

    fn from_number<E: de::Error>(number: u64) -> Result<File, E> {
        number_or_invalid(u8::try_from(number).ok().and_then(File::from_index), number)
    }

    fn from_text<E: de::Error>(text: &str) -> Result<File, E> {
        text.parse().map_err(E::custom)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for File {
    /// The letter in human-readable formats, the index in compact ones.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        write(serializer, self, self.index())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> de::Deserialize<'de> for File {
    /// The letter (or the index) in human-readable formats, the index in
    /// compact ones.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<File, D::Error> {
        read(deserializer)
    }
}
