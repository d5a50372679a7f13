//! `serde` support for [`Position`] (the `serde` feature).
//!
//! | format | writes | reads |
//! | --- | --- | --- |
//! | human-readable (JSON, TOML, YAML, CSV, query strings) | White's rank, `"RNBQKBNR"` | a number (`518`) or a string in any form `str::parse` reads: `"518"`, `"SP518"`, `"rnbqkbnr"`, a FEN |
//! | compact (postcard, bincode) | the id as a `u16` | the id as a `u16` |
//!
//! The rank is written because it reads the same in every numbering scheme
//! and a typo cannot silently name another position. Reading a string goes
//! through the one grammar ([`read_position`](crate::read_position)), so map
//! keys (`{"518": 3}`), query strings (`position=SP518`) and CSV fields work
//! as values do.
//!
//! ```
//! use chess960::Position;
//! use std::collections::BTreeMap;
//!
//! let counts: BTreeMap<Position, u32> = serde_json::from_str(r#"{"518": 3, "SP0": 1}"#)?;
//! assert_eq!(counts[&Position::STANDARD], 3);
//! assert_eq!(serde_json::to_string(&counts)?, r#"{"BBQNNRKR":1,"RNBQKBNR":3}"#);
//! # Ok::<(), serde_json::Error>(())
//! ```

// The other public types' impls, one concern per module.
mod position_set;
mod text_or_number;

use crate::{Position, PositionError};
use core::fmt;
use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::ser::{Serialize, Serializer};

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

impl<'de> de::Deserialize<'de> for Position {
    /// A number or a string in any form `str::parse` reads in human-readable
    /// formats, an id in compact ones.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_any(PositionVisitor)
        } else {
            deserializer.deserialize_u16(PositionVisitor)
        }
    }
}

/// Turns an id or a text into a [`Position`].
struct PositionVisitor;

impl Visitor<'_> for PositionVisitor {
    type Value = Position;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a Chess960 start position: an id from 0 to 959, a label such as \"SP518\", \
             a rank such as \"RNBQKBNR\" or a FEN",
        )
    }

    fn visit_u64<E: de::Error>(self, id: u64) -> Result<Position, E> {
        match u16::try_from(id) {
            Ok(id) => Position::from_id(id).map_err(E::custom),
            Err(_) => Err(E::custom(PositionError::IdTooLarge {
                digits: id.ilog10() as usize + 1,
            })),
        }
    }

    fn visit_i64<E: de::Error>(self, id: i64) -> Result<Position, E> {
        match u64::try_from(id) {
            Ok(id) => self.visit_u64(id),
            Err(_) => Err(E::custom(PositionError::NegativeId)),
        }
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Position, E> {
        text.parse().map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Position, E> {
        match core::str::from_utf8(bytes) {
            Ok(text) => self.visit_str(text),
            Err(_) => Err(E::invalid_value(Unexpected::Bytes(bytes), &self)),
        }
    }
}
