//! Text written into the picture with XML's special characters escaped.

use core::fmt;

/// Writes its text with `&`, `<`, `>`, `"` and `'` as entities, and
/// control characters other than tab and newline (which XML 1.0 forbids)
/// as U+FFFD.
pub(crate) struct Escaped<'a>(pub(crate) &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(index) = rest.find(|c: char| {
            matches!(c, '&' | '<' | '>' | '"' | '\'')
                || (c.is_control() && !matches!(c, '\t' | '\n'))
        }) {
            f.write_str(&rest[..index])?;
            let mut chars = rest[index..].chars();
            let special = chars.next().unwrap_or('\u{fffd}');
            f.write_str(match special {
                '&' => "&amp;",
                '<' => "&lt;",
                '>' => "&gt;",
                '"' => "&quot;",
                '\'' => "&apos;",
                _ => "\u{fffd}",
            })?;
            rest = chars.as_str();
        }
        f.write_str(rest)
    }
}
