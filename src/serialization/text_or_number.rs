//! `serde` for the small types that are written as text in human-readable
//! formats and as an unsigned number in compact ones.
//!
//! | type | human-readable formats write | compact formats write |
//! | --- | --- | --- |
//! | [`Square`] | its name, `"e4"` | its index (a1 = 0, h8 = 63) as a `u8` |
//! | [`Colour`] | `"white"` or `"black"` | 0 for White, 1 for Black, as a `u8` |
//! | [`CastlingSide`] | `"O-O-O"` or `"O-O"` | 0 for the a-side, 1 for the h-side, as a `u8` |
//! | [`UciMove`] | the move, `"e1h1"` | `from * 64 + to` (square indices) as a `u16` |
//! | [`DoublePosition`] | both ranks, `"RNBQKBNR/rnkqrbbn"` | its id as a `u32` |
//!
//! Reading a human-readable format accepts any text the type's `FromStr`
//! reads (so map keys, query strings and CSV fields work as values do) and
//! also the compact number; reading a compact format accepts the number.
//!
//! ```
//! use chess960::{Colour, DoublePosition, Square};
//! use std::collections::BTreeMap;
//!
//! let double = DoublePosition::from_id(497_918)?;
//! assert_eq!(serde_json::to_string(&double)?, r#""RNBQKBNR/rnkqrbbn""#);
//! assert_eq!(serde_json::from_str::<DoublePosition>(r#""518/638""#)?, double);
//! assert_eq!(serde_json::from_str::<DoublePosition>("497918")?, double);
//!
//! let kings: BTreeMap<Colour, Square> = serde_json::from_str(r#"{"white": "e1", "b": "g8"}"#)?;
//! assert_eq!(serde_json::to_string(&kings)?, r#"{"white":"e1","black":"g8"}"#);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{CastlingSide, Colour, DoublePosition, Square, UciMove};
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;
use serde::de::{self, Deserialize, Deserializer, Unexpected, Visitor};
use serde::ser::{Serialize, Serializer};

/// The unsigned integer a type is written as in compact formats.
#[derive(Clone, Copy)]
enum Width {
    /// A `u8`.
    U8,
    /// A `u16`.
    U16,
    /// A `u32`.
    U32,
}

/// A type read from text (its `FromStr`) or from a number.
trait TextOrNumber: Sized + FromStr<Err: fmt::Display> {
    /// What the visitor expects, for serde's messages.
    const EXPECTING: &'static str;
    /// The integer compact formats hold.
    const WIDTH: Width;
    /// The value written as `number` in compact formats, if any.
    fn from_number(number: u64) -> Option<Self>;
}

/// Reads a [`TextOrNumber`]: text or a number in human-readable formats, the
/// number in compact ones.
fn read<'de, T: TextOrNumber, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
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
        T::from_number(number).ok_or_else(|| E::invalid_value(Unexpected::Unsigned(number), &self))
    }

    fn visit_i64<E: de::Error>(self, number: i64) -> Result<T, E> {
        u64::try_from(number)
            .map_err(|_| E::invalid_value(Unexpected::Signed(number), &self))
            .and_then(|number| self.visit_u64(number))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<T, E> {
        match core::str::from_utf8(bytes) {
            Ok(text) => self.visit_str(text),
            Err(_) => Err(E::invalid_value(Unexpected::Bytes(bytes), &self)),
        }
    }
}

impl TextOrNumber for Square {
    const EXPECTING: &'static str = "a square: a name such as \"e4\", or its index 0 to 63";
    const WIDTH: Width = Width::U8;

    fn from_number(number: u64) -> Option<Square> {
        Square::from_index(u8::try_from(number).ok()?)
    }
}

impl Serialize for Square {
    /// The name in human-readable formats, the index in compact ones.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.collect_str(self)
        } else {
            serializer.serialize_u8(self.index())
        }
    }
}

impl<'de> Deserialize<'de> for Square {
    /// A name (or the index) in human-readable formats, the index in compact
    /// ones.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        read(deserializer)
    }
}

impl TextOrNumber for Colour {
    const EXPECTING: &'static str = "a colour: \"white\" or \"black\" (or \"w\", \"b\"), or 0 or 1";
    const WIDTH: Width = Width::U8;

    fn from_number(number: u64) -> Option<Colour> {
        Colour::ALL.get(usize::try_from(number).ok()?).copied()
    }
}

impl Serialize for Colour {
    /// `"white"` or `"black"` in human-readable formats, 0 or 1 in compact
    /// ones.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(match self {
                Colour::White => "white",
                Colour::Black => "black",
            })
        } else {
            serializer.serialize_u8(*self as u8)
        }
    }
}

impl<'de> Deserialize<'de> for Colour {
    /// Any text `str::parse` reads (or 0 or 1) in human-readable formats, 0
    /// or 1 in compact ones.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Colour, D::Error> {
        read(deserializer)
    }
}

impl TextOrNumber for CastlingSide {
    const EXPECTING: &'static str =
        "a castling side: \"O-O-O\" or \"O-O\" (or \"a-side\", \"h-side\"), or 0 or 1";
    const WIDTH: Width = Width::U8;

    fn from_number(number: u64) -> Option<CastlingSide> {
        CastlingSide::ALL
            .get(usize::try_from(number).ok()?)
            .copied()
    }
}

impl Serialize for CastlingSide {
    /// `"O-O-O"` or `"O-O"` in human-readable formats, 0 (a-side) or 1
    /// (h-side) in compact ones.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(self.notation())
        } else {
            serializer.serialize_u8(*self as u8)
        }
    }
}

impl<'de> Deserialize<'de> for CastlingSide {
    /// Any text `str::parse` reads (or 0 or 1) in human-readable formats, 0
    /// or 1 in compact ones.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CastlingSide, D::Error> {
        read(deserializer)
    }
}

impl TextOrNumber for UciMove {
    const EXPECTING: &'static str =
        "a UCI move of two squares such as \"e1h1\", or from * 64 + to below 4096";
    const WIDTH: Width = Width::U16;

    fn from_number(number: u64) -> Option<UciMove> {
        let number = u16::try_from(number).ok()?;
        let from = Square::from_index(u8::try_from(number / 64).ok()?)?;
        let to = Square::from_index(u8::try_from(number % 64).ok()?)?;
        Some(UciMove::new(from, to))
    }
}

impl Serialize for UciMove {
    /// The move in human-readable formats, `from * 64 + to` in compact ones.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.collect_str(self)
        } else {
            let [from, to] = [self.from_square(), self.to_square()].map(Square::index);
            serializer.serialize_u16(u16::from(from) * 64 + u16::from(to))
        }
    }
}

impl<'de> Deserialize<'de> for UciMove {
    /// The move (or `from * 64 + to`) in human-readable formats,
    /// `from * 64 + to` in compact ones.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<UciMove, D::Error> {
        read(deserializer)
    }
}

impl TextOrNumber for DoublePosition {
    const EXPECTING: &'static str = "a double Chess960 start: an id 0 to 921599, \
        White's and Black's starts such as \"518/638\" or \"RNBQKBNR/rnkqrbbn\", or a FEN";
    const WIDTH: Width = Width::U32;

    fn from_number(number: u64) -> Option<DoublePosition> {
        DoublePosition::from_id(u32::try_from(number).ok()?).ok()
    }
}

impl Serialize for DoublePosition {
    /// Both ranks, `"RNBQKBNR/rnkqrbbn"`, in human-readable formats, the id
    /// in compact ones.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.collect_str(self)
        } else {
            serializer.serialize_u32(self.id())
        }
    }
}

impl<'de> Deserialize<'de> for DoublePosition {
    /// Any text `str::parse` reads, or the id, in human-readable formats; the
    /// id in compact ones.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<DoublePosition, D::Error> {
        read(deserializer)
    }
}
