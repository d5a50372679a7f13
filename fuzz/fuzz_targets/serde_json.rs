//! `serde_json::from_slice` into every type with `Deserialize`:
//! `Position`, `DoublePosition`, `Square`, `Color`, `CastlingSide`,
//! `UciMove`, `PositionSet`. The first byte picks the type; the rest is
//! the JSON.
//!
//! Checks against a reference reading of the same bytes as a
//! `serde_json::Value`: a string is what the type's `FromStr` makes of it;
//! an integer is the number the compact formats write, whose value the
//! reference works out by hand (a square's index is `rank * 8 + file`, a
//! move's `from * 64 + to`, a double start's `white * 960 + black`); a
//! set is the positions of its members; anything else is refused. What is
//! accepted writes itself back as JSON that re-reads to the same value;
//! every error message is one line.
#![no_main]

use chess960::{CastlingSide, Color, DoublePosition, Position, PositionSet, Square, UciMove};
use chess960_fuzz::one_line;
use libfuzzer_sys::fuzz_target;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::fmt::Debug;
use std::str::FromStr;

/// A square's name from its index, by hand.
fn square_name(index: u64) -> Option<String> {
    let file = char::from(b'a' + u8::try_from(index % 8).ok()?);
    let rank = char::from(b'1' + u8::try_from(index / 8).ok().filter(|&rank| rank < 8)?);
    Some(format!("{file}{rank}"))
}

/// The text the reference gives a number for each type: the canonical
/// text `FromStr` reads.
fn number_text(kind: u8, number: u64) -> Option<String> {
    match kind {
        0 => (number < 960).then(|| number.to_string()),
        1 => (number < 960 * 960).then(|| format!("{}/{}", number / 960, number % 960)),
        2 => square_name(number),
        3 => ["white", "black"]
            .get(usize::try_from(number).ok()?)
            .map(ToString::to_string),
        4 => ["O-O-O", "O-O"]
            .get(usize::try_from(number).ok()?)
            .map(ToString::to_string),
        5 => (number < 64 * 64)
            .then(|| Some(square_name(number / 64)? + &square_name(number % 64)?))?,
        _ => None,
    }
}

/// The reference value of `value` for type `T` (kind `kind`).
fn reference<T: FromStr>(kind: u8, value: &Value) -> Option<T> {
    match value {
        Value::Number(number) => number_text(kind, number.as_u64()?)?.parse().ok(),
        Value::String(text) => text.parse().ok(),
        _ => None,
    }
}

/// Reads `json` as a `T` and compares with the reference.
fn check<T>(kind: u8, json: &[u8], value: Option<&Value>)
where
    T: DeserializeOwned + Serialize + FromStr + PartialEq + Debug,
{
    let read = serde_json::from_slice::<T>(json);
    match (&read, value) {
        (Ok(found), Some(value)) => {
            assert_eq!(reference::<T>(kind, value).as_ref(), Some(found), "{value}");
            let written = serde_json::to_string(found).expect("serializes");
            assert_eq!(
                serde_json::from_str::<T>(&written).ok().as_ref(),
                Some(found),
                "{written}"
            );
        }
        (Ok(found), None) => panic!("read {found:?} from what serde_json refuses as JSON"),
        (Err(error), Some(value)) => {
            assert!(
                reference::<T>(kind, value).is_none(),
                "refused {value}: {error}"
            );
        }
        (Err(_), None) => {}
    }
    if let Err(error) = read {
        assert!(one_line(&error.to_string()), "{error:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let [kind, json @ ..] = data else {
        return;
    };
    let kind = kind % 7;
    let value = serde_json::from_slice::<Value>(json).ok();
    let value = value.as_ref();
    match kind {
        0 => check::<Position>(kind, json, value),
        1 => check::<DoublePosition>(kind, json, value),
        2 => check::<Square>(kind, json, value),
        3 => check::<Color>(kind, json, value),
        4 => check::<CastlingSide>(kind, json, value),
        5 => check::<UciMove>(kind, json, value),
        _ => {
            // A set: the members in any order, repeats counted once.
            let read = serde_json::from_slice::<PositionSet>(json);
            let expected = match value {
                Some(Value::Array(members)) => members
                    .iter()
                    .map(|member| reference::<Position>(0, member))
                    .collect::<Option<PositionSet>>(),
                _ => None,
            };
            assert_eq!(read.as_ref().ok(), expected.as_ref(), "{value:?}");
            if let Ok(set) = read {
                let written = serde_json::to_string(&set).expect("serializes");
                assert_eq!(
                    serde_json::from_str::<PositionSet>(&written).ok(),
                    Some(set)
                );
                let members: Vec<Position> = set.iter().collect();
                assert!(members.windows(2).all(|pair| pair[0].id() < pair[1].id()));
            } else if let Err(error) = read {
                assert!(one_line(&error.to_string()), "{error:?}");
            }
        }
    }
});
