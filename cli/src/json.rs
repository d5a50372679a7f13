//! JSON for scripts, written one of two ways: a command with one result
//! (`show --json`, `dice --json`, `table --format json`) writes one
//! pretty-printed document; a command that writes a stream (`random
//! --json`, `convert --to json`, `table --format jsonl`) writes JSON Lines,
//! one compact object a line, so that it streams and each line reads alone.

use crate::failure::Failure;
use serde::Serialize;
use std::io::Write;

/// Writes `value` as one pretty-printed JSON document and a final newline.
pub(crate) fn write(out: &mut dyn Write, value: &impl Serialize) -> Result<(), Failure> {
    let json = serde_json::to_string_pretty(value)
        .map_err(|error| Failure::internal(error.to_string()))?;
    out.write_all(json.as_bytes())?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Writes `value` as one line of JSON Lines: compact JSON and a newline.
pub(crate) fn line(out: &mut dyn Write, value: &impl Serialize) -> Result<(), Failure> {
    let mut json =
        serde_json::to_string(value).map_err(|error| Failure::internal(error.to_string()))?;
    json.push('\n');
    Ok(out.write_all(json.as_bytes())?)
}

#[cfg(test)]
mod tests {
    use super::{line, write};

    #[test]
    fn a_document_is_pretty_and_ends_with_a_newline() {
        let mut out = Vec::new();
        write(&mut out, &[1, 2]).unwrap();
        assert_eq!(out, b"[\n  1,\n  2\n]\n");
    }

    #[test]
    fn a_stream_is_one_compact_value_a_line() {
        let mut out = Vec::new();
        line(&mut out, &[1, 2]).unwrap();
        line(&mut out, &"two\nlines").unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "[1,2]\n\"two\\nlines\"\n");
    }
}
