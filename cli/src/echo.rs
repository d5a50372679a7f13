//! How an error line quotes what the user typed: escaped, so that it stays
//! one line, and shortened, so that it stays short, whatever the input.

use std::fmt::Write as _;

/// How many characters of an input an error line repeats.
const LIMIT: usize = 20;

/// `text` in single quotes, control characters escaped (`\n`, `\t`,
/// `\u{1b}`) and cut after 20 characters with the whole length said:
/// `'RRRRRRRRRRRRRRRRRRRR...' (100000 characters)`.
pub(crate) fn quoted(text: &str) -> String {
    shortened_in(text, "'")
}

/// As [`quoted`] without the quotes, for a number: `960`,
/// `99999999999999999999... (100000 characters)`.
pub(crate) fn shortened(text: &str) -> String {
    shortened_in(text, "")
}

fn shortened_in(text: &str, quote: &str) -> String {
    let mut out = String::from(quote);
    let mut characters = text.chars();
    for character in characters.by_ref().take(LIMIT) {
        push_escaped(&mut out, character);
    }
    let cut = characters.next().is_some();
    if cut {
        out.push_str("...");
    }
    out.push_str(quote);
    if cut {
        let _ = write!(out, " ({} characters)", text.chars().count());
    }
    out
}

/// One character as an error line names it, as the library does: `'x'`
/// for a printable ASCII character, `U+000A` for a control character,
/// `U+00E9 'é'` for any other.
pub(crate) fn character(character: char) -> String {
    if character == ' ' || character.is_ascii_graphic() {
        format!("'{character}'")
    } else if character.is_control() {
        format!("U+{:04X}", u32::from(character))
    } else {
        let mut out = format!("U+{:04X} '", u32::from(character));
        push_escaped(&mut out, character);
        out.push('\'');
        out
    }
}

/// Appends `character`, escaped when it is a control character, a line or
/// paragraph separator, or a byte order mark: anything that would break
/// the line or not show.
fn push_escaped(out: &mut String, character: char) {
    match character {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{85}' => {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(character));
        }
        _ if character.is_control() => {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(character));
        }
        _ => out.push(character),
    }
}

/// Every line break and control character of `message` escaped, and the
/// whole cut to `limit` characters: the last guard that a message built
/// from someone else's text (clap's) is one line of reasonable length.
pub(crate) fn one_line(message: &str, limit: usize) -> String {
    let mut out = String::new();
    for (count, character) in message.chars().enumerate() {
        if count == limit {
            out.push_str("...");
            break;
        }
        push_escaped(&mut out, character);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{character, one_line, quoted};

    #[test]
    fn short_text_is_quoted_whole() {
        assert_eq!(quoted("RNBQKBN"), "'RNBQKBN'");
        assert_eq!(quoted(""), "''");
        assert_eq!(quoted(&"x".repeat(20)), format!("'{}'", "x".repeat(20)));
    }

    #[test]
    fn long_text_is_cut_and_counted_in_characters() {
        assert_eq!(
            quoted(&"é".repeat(100_000)),
            format!("'{}...' (100000 characters)", "é".repeat(20))
        );
    }

    #[test]
    fn line_breaks_and_controls_are_escaped() {
        assert_eq!(quoted("5\n18"), "'5\\n18'");
        assert_eq!(quoted("a\r\tb\u{1b}[31m"), "'a\\r\\tb\\u{1b}[31m'");
        assert_eq!(quoted("\u{2028}\u{feff}"), "'\\u{2028}\\u{feff}'");
        assert!(!quoted(&"\n".repeat(1000)).contains('\n'));
    }

    #[test]
    fn characters_outside_ascii_are_named_with_their_code_point_as_the_library_does() {
        assert_eq!(character('é'), "U+00E9 'é'");
        assert_eq!(character('♔'), "U+2654 '♔'");
        assert_eq!(character('x'), "'x'");
        assert_eq!(character('\n'), "U+000A");
        assert_eq!(character('\u{2028}'), "U+2028 '\\u{2028}'");
    }

    #[test]
    fn one_line_escapes_and_cuts() {
        assert_eq!(one_line("a\nb", 10), "a\\nb");
        assert_eq!(one_line("abcdef", 3), "abc...");
    }
}
