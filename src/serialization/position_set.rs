//! `serde` for [`PositionSet`]: a sequence of positions in human-readable
//! formats, a 120-byte bitmap in compact ones.
//!
//! Human-readable formats write the members in order of id, each as
//! [`Position`] is written (its rank), and read any sequence of what a
//! [`Position`] reads (ids, ranks, in any order; a repeated member counts
//! once). Compact formats write the set as the 120 bytes of
//! [`PositionSet::to_bytes`] (bit `id % 8` of byte `id / 8` set for each
//! member): a fixed size whatever the set holds.
//!
//! ```
//! use chess960::{Position, PositionSet};
//!
//! let set = PositionSet::EMPTY.with(Position::STANDARD).with(Position::from_id(0)?);
//! assert_eq!(serde_json::to_string(&set)?, r#"["BBQNNRKR","RNBQKBNR"]"#);
//! assert_eq!(serde_json::from_str::<PositionSet>(r#"[518, "bbqnnrkr", 518]"#)?, set);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Position, PositionSet};
use core::fmt;
use serde::de::{self, Deserialize, Deserializer, SeqAccess, Unexpected, Visitor};
use serde::ser::{Serialize, SerializeSeq, Serializer};

/// The length of the compact form, [`PositionSet::to_bytes`].
const BYTES: usize = 120;

impl Serialize for PositionSet {
    /// The members in human-readable formats, the bitmap in compact ones.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            let mut seq = serializer.serialize_seq(Some(usize::from(self.len())))?;
            for position in self {
                seq.serialize_element(&position)?;
            }
            seq.end()
        } else {
            serializer.serialize_bytes(&self.to_bytes())
        }
    }
}

impl<'de> Deserialize<'de> for PositionSet {
    /// A sequence of positions in human-readable formats, the bitmap in
    /// compact ones.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PositionSet, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_seq(MembersVisitor)
        } else {
            deserializer.deserialize_bytes(BitmapVisitor)
        }
    }
}

/// Reads a sequence of positions.
struct MembersVisitor;

impl<'de> Visitor<'de> for MembersVisitor {
    type Value = PositionSet;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence of Chess960 start positions")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PositionSet, A::Error> {
        let mut set = PositionSet::EMPTY;
        while let Some(position) = seq.next_element::<Position>()? {
            set.insert(position);
        }
        Ok(set)
    }
}

/// Reads the 120-byte bitmap, as bytes or as a sequence of bytes.
struct BitmapVisitor;

impl<'de> Visitor<'de> for BitmapVisitor {
    type Value = PositionSet;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a bitmap of {BYTES} bytes, one bit per Chess960 start position"
        )
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<PositionSet, E> {
        <[u8; BYTES]>::try_from(bytes)
            .map(PositionSet::from_bytes)
            .map_err(|_| E::invalid_length(bytes.len(), &self))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PositionSet, A::Error> {
        let mut bytes = [0; BYTES];
        for (index, byte) in bytes.iter_mut().enumerate() {
            *byte = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(index, &self))?;
        }
        if seq.next_element::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_value(
                Unexpected::Other("more than 120 bytes"),
                &self,
            ));
        }
        Ok(PositionSet::from_bytes(bytes))
    }
}
