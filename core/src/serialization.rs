//! `serde` support for [`Piece`] and [`File`] (the `serde` feature).
//!
//! | type | human-readable formats write | and also read | compact formats |
//! | --- | --- | --- | --- |
//! | [`Piece`] | its name, `"knight"` | the name in any case, the letter `N` or `n` | the index in [`Piece::ALL`] as a `u8` |
//! | [`File`] | its letter, `"e"` | what `str::parse` reads, or the index as a number | the index as a `u8`, 0 for the a-file |

use crate::{File, Piece};
use core::fmt;
use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::ser::{Serialize, Serializer};

impl Serialize for Piece {
    /// The lowercase name in human-readable formats, the index in compact ones.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(self.name())
        } else {
            serializer.serialize_u8(*self as u8)
        }
    }
}

impl<'de> de::Deserialize<'de> for Piece {
    /// A name or a letter (or the index) in human-readable formats, the
    /// index in compact ones.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Piece, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_any(PieceVisitor)
        } else {
            deserializer.deserialize_u8(PieceVisitor)
        }
    }
}

/// Turns a name, a letter or an index into a [`Piece`].
struct PieceVisitor;

impl Visitor<'_> for PieceVisitor {
    type Value = Piece;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a back-rank piece: king, queen, rook, bishop or knight, or its letter K, Q, R, B or N",
        )
    }

    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Piece, E> {
        usize::try_from(index)
            .ok()
            .and_then(|index| Piece::ALL.get(index).copied())
            .ok_or_else(|| E::invalid_value(Unexpected::Unsigned(index), &self))
    }

    fn visit_i64<E: de::Error>(self, index: i64) -> Result<Piece, E> {
        u64::try_from(index)
            .map_err(|_| E::invalid_value(Unexpected::Signed(index), &self))
            .and_then(|index| self.visit_u64(index))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Piece, E> {
        let by_name = Piece::ALL
            .into_iter()
            .find(|piece| text.eq_ignore_ascii_case(piece.name()));
        let by_letter = match text.as_bytes() {
            [letter] => Piece::from_letter(letter.to_ascii_uppercase()),
            _ => None,
        };
        by_name
            .or(by_letter)
            .ok_or_else(|| E::invalid_value(Unexpected::Str(text), &self))
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Piece, E> {
        match core::str::from_utf8(bytes) {
            Ok(text) => self.visit_str(text),
            Err(_) => Err(E::invalid_value(Unexpected::Bytes(bytes), &self)),
        }
    }
}

impl Serialize for File {
    /// The letter in human-readable formats, the index in compact ones.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.collect_str(self)
        } else {
            serializer.serialize_u8(self.index())
        }
    }
}

impl<'de> de::Deserialize<'de> for File {
    /// The letter (or the index) in human-readable formats, the index in
    /// compact ones.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<File, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_any(FileVisitor)
        } else {
            deserializer.deserialize_u8(FileVisitor)
        }
    }
}

/// Turns a letter or an index into a [`File`].
struct FileVisitor;

impl Visitor<'_> for FileVisitor {
    type Value = File;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a file: a lowercase letter a to h, or its index 0 to 7")
    }

    fn visit_u64<E: de::Error>(self, index: u64) -> Result<File, E> {
        u8::try_from(index)
            .ok()
            .and_then(File::from_index)
            .ok_or_else(|| E::invalid_value(Unexpected::Unsigned(index), &self))
    }

    fn visit_i64<E: de::Error>(self, index: i64) -> Result<File, E> {
        u64::try_from(index)
            .map_err(|_| E::invalid_value(Unexpected::Signed(index), &self))
            .and_then(|index| self.visit_u64(index))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<File, E> {
        text.parse().map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<File, E> {
        match core::str::from_utf8(bytes) {
            Ok(text) => self.visit_str(text),
            Err(_) => Err(E::invalid_value(Unexpected::Bytes(bytes), &self)),
        }
    }
}
