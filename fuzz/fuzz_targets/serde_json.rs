//! `serde_json::from_slice` into `Position` (and a list of them).
//!
//! Checks against a reference reading of the same bytes as a
//! `serde_json::Value`: an integer from 0 to 959 is that id, a string is
//! what `str::parse::<Position>` makes of it, anything else is refused.
//! What is accepted writes itself back as JSON that re-reads to the same
//! value; every error message is one line.
#![no_main]

use chess960::Position;
use chess960_fuzz::one_line;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

/// The reference: the position a JSON value names, if any.
fn reference(value: &Value) -> Option<Position> {
    match value {
        Value::Number(number) => {
            let id = u16::try_from(number.as_u64()?).ok()?;
            Position::from_id(id).ok()
        }
        Value::String(text) => text.parse().ok(),
        _ => None,
    }
}

fuzz_target!(|data: &[u8]| {
    let read = serde_json::from_slice::<Position>(data);
    let value = serde_json::from_slice::<Value>(data);
    match (&read, &value) {
        (Ok(position), Ok(value)) => {
            assert_eq!(reference(value), Some(*position), "{value}");
            let written = serde_json::to_string(position).expect("a position serializes");
            assert_eq!(written, format!("\"{position}\""));
            assert_eq!(
                serde_json::from_str::<Position>(&written).ok(),
                Some(*position)
            );
        }
        (Ok(position), Err(error)) => {
            panic!("read {position} from JSON serde_json refuses: {error}")
        }
        (Err(error), Ok(value)) => {
            assert_eq!(reference(value), None, "refused {value}: {error}");
        }
        (Err(_), Err(_)) => {}
    }
    if let Err(error) = read {
        assert!(one_line(&error.to_string()), "{error:?}");
    }

    // A list: every element as above, in order.
    if let (Ok(list), Ok(Value::Array(values))) =
        (serde_json::from_slice::<Vec<Position>>(data), value)
    {
        let expected: Vec<Option<Position>> = values.iter().map(reference).collect();
        let found: Vec<Option<Position>> = list.iter().copied().map(Some).collect();
        assert_eq!(found, expected);
        let written = serde_json::to_vec(&list).expect("positions serialize");
        assert_eq!(
            serde_json::from_slice::<Vec<Position>>(&written).ok(),
            Some(list)
        );
    }
});
