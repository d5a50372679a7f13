//! Reading a start position from the command line: an id, `SP518` or a rank.

use crate::failure::Failure;
use chess960::Position;

/// Reads `text` as an id (`518`, `SP518`, `SP-518`) or a back rank in either
/// colour (`RNBQKBNR`, `rnbqkbnr`). Surrounding white space is ignored.
pub(crate) fn parse_position(text: &str) -> Result<Position, Failure> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Failure::input(
            "no position given: write an id from 0 to 959 or a rank such as RNBQKBNR",
        ));
    }
    let number = strip_sp_prefix(text).unwrap_or(text);
    if let Some(digits) = number.strip_prefix('-') {
        if !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit()) {
            return Err(Failure::input(format!(
                "start position {number} does not exist: ids run from 0 to 959"
            )));
        }
    }
    if number.bytes().all(|byte| byte.is_ascii_digit()) {
        return match number.parse::<u16>() {
            Ok(id) => Position::from_id(id).map_err(Failure::from),
            Err(_) => Err(Failure::input(format!(
                "start position {} does not exist: ids run from 0 to 959",
                shorten(number)
            ))),
        };
    }
    text.parse::<Position>().map_err(Failure::from)
}

/// `518` out of `SP518`, `sp518`, `SP-518` or `SP 518`, if `text` has that form.
fn strip_sp_prefix(text: &str) -> Option<&str> {
    let prefix = text.get(..2)?;
    if !prefix.eq_ignore_ascii_case("sp") {
        return None;
    }
    let rest = text[2..].trim_start();
    let rest = rest.strip_prefix('-').unwrap_or(rest);
    (!rest.is_empty() && rest.bytes().all(|byte| byte.is_ascii_digit())).then_some(rest)
}

/// A long number cut to a length that fits an error line.
fn shorten(number: &str) -> String {
    const LIMIT: usize = 20;
    if number.len() <= LIMIT {
        number.to_owned()
    } else {
        format!("{}... ({} digits)", &number[..LIMIT], number.len())
    }
}

#[cfg(test)]
mod tests {
    use super::parse_position;

    #[test]
    fn reads_ids_names_and_ranks() {
        for text in [
            "518", " 518 ", "SP518", "sp-518", "SP 518", "RNBQKBNR", "rnbqkbnr", "0518",
        ] {
            assert_eq!(
                parse_position(text).map(chess960::Position::id).ok(),
                Some(518),
                "{text}"
            );
        }
    }

    #[test]
    fn names_what_is_wrong() {
        let message = |text: &str| parse_position(text).unwrap_err().to_string();
        assert_eq!(
            message("960"),
            "start position 960 does not exist: ids run from 0 to 959"
        );
        assert_eq!(
            message("-1"),
            "start position -1 does not exist: ids run from 0 to 959"
        );
        assert!(message(&"9".repeat(1000)).contains("(1000 digits)"));
        assert!(message("").starts_with("no position given"));
        assert_eq!(
            message("RNBQKBN"),
            "a back rank has 8 squares, but 7 characters were given"
        );
    }
}
