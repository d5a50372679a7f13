//! JSON for scripts, written one way: pretty-printed by `serde_json`, and
//! ending with a newline.

use crate::failure::Failure;
use serde::Serialize;
use std::io::Write;

/// `value` as pretty JSON, without a final newline.
fn pretty(value: &impl Serialize) -> Result<String, Failure> {
    serde_json::to_string_pretty(value).map_err(|error| Failure::internal(error.to_string()))
}

/// Writes `value` as pretty JSON and a final newline.
pub(crate) fn write(out: &mut dyn Write, value: &impl Serialize) -> Result<(), Failure> {
    let json = pretty(value)?;
    out.write_all(json.as_bytes())?;
    out.write_all(b"\n")?;
    Ok(())
}

/// A JSON array written an element at a time, so a long one streams: each
/// element is pretty JSON on lines of its own, and [`Array::finish`] closes
/// the array (`[]` when nothing was pushed) with a final newline.
pub(crate) struct Array<'out> {
    out: &'out mut dyn Write,
    empty: bool,
}

impl<'out> Array<'out> {
    /// Starts an array on `out`; nothing is written before the first element.
    pub(crate) fn new(out: &'out mut dyn Write) -> Self {
        Array { out, empty: true }
    }

    /// Writes the next element.
    pub(crate) fn push(&mut self, value: &impl Serialize) -> Result<(), Failure> {
        let json = pretty(value)?;
        let separator = if self.empty { "[\n" } else { ",\n" };
        self.empty = false;
        Ok(write!(self.out, "{separator}{json}")?)
    }

    /// Closes the array.
    pub(crate) fn finish(self) -> Result<(), Failure> {
        Ok(writeln!(
            self.out,
            "{}",
            if self.empty { "[]" } else { "\n]" }
        )?)
    }
}

#[cfg(test)]
mod tests {
    use super::{Array, write};

    #[test]
    fn a_value_ends_with_a_newline() {
        let mut out = Vec::new();
        write(&mut out, &[1, 2]).unwrap();
        assert_eq!(out, b"[\n  1,\n  2\n]\n");
    }

    #[test]
    fn an_array_streams_its_elements() {
        let mut out = Vec::new();
        Array::new(&mut out).finish().unwrap();
        assert_eq!(out, b"[]\n");
        let mut out = Vec::new();
        let mut array = Array::new(&mut out);
        array.push(&[1]).unwrap();
        array.push(&"two").unwrap();
        array.finish().unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "[\n[\n  1\n],\n\"two\"\n]\n"
        );
    }
}
