//! `serde` for the small types that are written as text in human-readable
//! formats and as an unsigned number in compact ones.
//!
//! | type | human-readable formats write | compact formats write |
//! | --- | --- | --- |
//! | [`Square`] | its name, `"e4"` | its index (a1 = 0, h8 = 63) as a `u8` |
//! | [`Color`] | `"white"` or `"black"` | 0 for White, 1 for Black, as a `u8` |
//! | [`CastlingSide`] | `"O-O-O"` or `"O-O"` | 0 for the a-side, 1 for the h-side, as a `u8` |
//! | [`UciMove`] | the move, `"e1h1"` | `from * 64 + to` (square indices) as a `u16` |
//! | [`DoublePosition`] | both ranks, `"RNBQKBNR/rnkqrbbn"` | its id as a `u32` |
//!
//! Reading a human-readable format accepts any text the type's `FromStr`
//! reads (so map keys, query strings and CSV fields work as values do) and
//! also the compact number; reading a compact format accepts the number.
//!
//! ```
//! use chess960::{Color, DoublePosition, Square};
//! use std::collections::BTreeMap;
//!
//! let double = DoublePosition::from_id(497_918)?;
//! assert_eq!(serde_json::to_string(&double)?, r#""RNBQKBNR/rnkqrbbn""#);
//! assert_eq!(serde_json::from_str::<DoublePosition>(r#""518/638""#)?, double);
//! assert_eq!(serde_json::from_str::<DoublePosition>("497918")?, double);
//!
//! let kings: BTreeMap<Color, Square> = serde_json::from_str(r#"{"white": "e1", "b": "g8"}"#)?;
//! assert_eq!(serde_json::to_string(&kings)?, r#"{"white":"e1","black":"g8"}"#);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{CastlingSide, Color, DoublePosition, Square, UciMove};
use chess960_core::serialization::{TextOrNumber, Width, number_or_invalid, read, write};
use serde::de::{self, Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};

/// Implements `Serialize` and `Deserialize` for a [`TextOrNumber`] type,
/// with the docs each impl shows.
macro_rules! text_or_number_serde {
    ($type:ty, $write:literal, $read:literal, |$value:ident| ($text:expr, $number:expr)) => {
        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl Serialize for $type {
            #[doc = $write]
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let $value = self;
                write(serializer, $text, $number)
            }
        }

        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl<'de> Deserialize<'de> for $type {
            #[doc = $read]
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$type, D::Error> {
                read(deserializer)
            }
        }
    };
}

impl TextOrNumber for Square {
    const EXPECTING: &'static str = "a square: a name such as \"e4\", or its index 0 to 63";
    const WIDTH: Width = Width::U8;

    fn from_number<E: de::Error>(number: u64) -> Result<Square, E> {
        number_or_invalid(
            u8::try_from(number).ok().and_then(Square::from_index),
            number,
        )
    }

    fn from_text<E: de::Error>(text: &str) -> Result<Square, E> {
        text.parse().map_err(E::custom)
    }
}

text_or_number_serde!(
    Square,
    "The name in human-readable formats, the index in compact ones.",
    "A name (or the index) in human-readable formats, the index in compact ones.",
    |square| (square, square.index())
);

impl TextOrNumber for Color {
    const EXPECTING: &'static str = "a colour: \"white\" or \"black\" (or \"w\", \"b\"), or 0 or 1";
    const WIDTH: Width = Width::U8;

    fn from_number<E: de::Error>(number: u64) -> Result<Color, E> {
        let color = usize::try_from(number)
            .ok()
            .and_then(|index| Color::ALL.get(index).copied());
        number_or_invalid(color, number)
    }

    fn from_text<E: de::Error>(text: &str) -> Result<Color, E> {
        text.parse().map_err(E::custom)
    }
}

text_or_number_serde!(
    Color,
    "`\"white\"` or `\"black\"` in human-readable formats, 0 or 1 in compact ones.",
    "Any text `str::parse` reads (or 0 or 1) in human-readable formats, 0 or 1 in compact ones.",
    |color| (
        match color {
            Color::White => "white",
            Color::Black => "black",
        },
        *color as u8
    )
);

impl TextOrNumber for CastlingSide {
    const EXPECTING: &'static str =
        "a castling side: \"O-O-O\" or \"O-O\" (or \"a-side\", \"h-side\"), or 0 or 1";
    const WIDTH: Width = Width::U8;

    fn from_number<E: de::Error>(number: u64) -> Result<CastlingSide, E> {
        let side = usize::try_from(number)
            .ok()
            .and_then(|index| CastlingSide::ALL.get(index).copied());
        number_or_invalid(side, number)
    }

    fn from_text<E: de::Error>(text: &str) -> Result<CastlingSide, E> {
        text.parse().map_err(E::custom)
    }
}

text_or_number_serde!(
    CastlingSide,
    "`\"O-O-O\"` or `\"O-O\"` in human-readable formats, 0 (a-side) or 1 (h-side) in compact ones.",
    "Any text `str::parse` reads (or 0 or 1) in human-readable formats, 0 or 1 in compact ones.",
    |side| (side.notation(), *side as u8)
);

impl TextOrNumber for UciMove {
    const EXPECTING: &'static str =
        "a UCI move of two squares such as \"e1h1\", or from * 64 + to below 4096";
    const WIDTH: Width = Width::U16;

    fn from_number<E: de::Error>(number: u64) -> Result<UciMove, E> {
        let squares = u16::try_from(number).ok().and_then(|squares| {
            let from = Square::from_index(u8::try_from(squares / 64).ok()?)?;
            let to = Square::from_index(u8::try_from(squares % 64).ok()?)?;
            Some(UciMove::new(from, to))
        });
        number_or_invalid(squares, number)
    }

    fn from_text<E: de::Error>(text: &str) -> Result<UciMove, E> {
        text.parse().map_err(E::custom)
    }
}

text_or_number_serde!(
    UciMove,
    "The move in human-readable formats, `from * 64 + to` in compact ones.",
    "The move (or `from * 64 + to`) in human-readable formats, `from * 64 + to` in compact ones.",
    |uci| (
        uci,
        u16::from(uci.from_square().index()) * 64 + u16::from(uci.to_square().index())
    )
);

impl TextOrNumber for DoublePosition {
    const EXPECTING: &'static str = "a double Chess960 start: an id 0 to 921599, \
        White's and Black's starts such as \"518/638\" or \"RNBQKBNR/rnkqrbbn\", or a FEN";
    const WIDTH: Width = Width::U32;

    fn from_number<E: de::Error>(number: u64) -> Result<DoublePosition, E> {
        let double = u32::try_from(number)
            .ok()
            .and_then(|id| DoublePosition::from_id(id).ok());
        number_or_invalid(double, number)
    }

    fn from_text<E: de::Error>(text: &str) -> Result<DoublePosition, E> {
        text.parse().map_err(E::custom)
    }
}

text_or_number_serde!(
    DoublePosition,
    "Both ranks, `\"RNBQKBNR/rnkqrbbn\"`, in human-readable formats, the id in compact ones.",
    "Any text `str::parse` reads, or the id, in human-readable formats; the id in compact ones.",
    |double| (double, double.id())
);
