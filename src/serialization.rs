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
mod eval;
mod position_set;
mod text_or_number;

use crate::{Position, PositionError};
use chess960_core::serialization::{TextOrNumber, Width, read, write};
use serde::de::{self, Deserializer};
use serde::ser::{Serialize, Serializer};

impl TextOrNumber for Position {
    const EXPECTING: &'static str = "a Chess960 start position: an id from 0 to 959, a label \
        such as \"SP518\", a rank such as \"RNBQKBNR\" or a FEN";
    const WIDTH: Width = Width::U16;

    fn from_number<E: de::Error>(id: u64) -> Result<Position, E> {
        match u16::try_from(id) {
            Ok(id) => Position::from_id(id).map_err(E::custom),
            Err(_) => Err(E::custom(PositionError::IdTooLarge {
                digits: id.ilog10() as usize + 1,
            })),
        }
    }

    fn from_text<E: de::Error>(text: &str) -> Result<Position, E> {
        text.parse().map_err(E::custom)
    }

    fn negative<E: de::Error>(_: i64) -> E {
        E::custom(PositionError::NegativeId)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Position {
    /// The rank in human-readable formats, the id in compact ones.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        write(serializer, self.as_str(), self.id())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> de::Deserialize<'de> for Position {
    /// A number or a string in any form `str::parse` reads in human-readable
    /// formats, an id in compact ones.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        read(deserializer)
    }
}
