//! `serde` support for [`Position`] (the `serde` feature).
//!
//! Human-readable formats (JSON, TOML, YAML...) write White's rank,
//! `"RNBQKBNR"`: it reads the same in every numbering scheme and a typo
//! cannot silently name another position. Compact formats write the id as a
//! `u16`. Reading a human-readable format accepts either the rank (White's or
//! Black's) or the id, so both `"RNBQKBNR"` and `518` work.

use crate::Position;
use core::fmt;
use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::ser::{Serialize, Serializer};

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Position {
    /// The rank in human-readable formats, the id in compact ones.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(self.as_str())
        } else {
            serializer.serialize_u16(self.id())
        }
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> de::Deserialize<'de> for Position {
    /// A rank or an id in human-readable formats, an id in compact ones.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_any(PositionVisitor)
        } else {
            deserializer.deserialize_u16(PositionVisitor)
        }
    }
}

/// Turns an id or a rank into a [`Position`].
struct PositionVisitor;

impl Visitor<'_> for PositionVisitor {
    type Value = Position;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Chess960 start position: an id from 0 to 959 or a rank such as \"RNBQKBNR\"")
    }

    fn visit_u64<E: de::Error>(self, id: u64) -> Result<Position, E> {
        let id =
            u16::try_from(id).map_err(|_| E::invalid_value(Unexpected::Unsigned(id), &self))?;
        Position::from_id(id).map_err(E::custom)
    }

    fn visit_i64<E: de::Error>(self, id: i64) -> Result<Position, E> {
        let id = u16::try_from(id).map_err(|_| E::invalid_value(Unexpected::Signed(id), &self))?;
        Position::from_id(id).map_err(E::custom)
    }

    fn visit_str<E: de::Error>(self, rank: &str) -> Result<Position, E> {
        rank.parse().map_err(E::custom)
    }
}
