//! Reading a start position from the command line: an id, `SP518`, a rank
//! or a start FEN; or a number in another numbering. [`identify`] also
//! reads double Chess960 starts and FENs that depart from their start
//! (castling rights removed, Black to move, ...).

use crate::echo;
use crate::failure::Failure;
use chess960::{Departures, DoublePosition, FenError, Position, identify_fen};

/// A start as the command line names it: which (single or double) start,
/// and how the FEN it was read from departs from the start's own FEN
/// (never, for an id or a rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// White's and Black's positions.
    pub(crate) start: DoublePosition,
    /// How the FEN departs from the start's own FEN.
    pub(crate) departures: Departures,
}

impl Found {
    /// The single Chess960 start, unless Black's position is another one.
    pub(crate) fn single(&self) -> Option<Position> {
        self.start.is_single().then(|| self.start.white())
    }

    /// "start position 80, castling rights removed", "double Chess960
    /// start 497814 (White 518, Black 534)": which start, and how the FEN
    /// departs from it.
    pub(crate) fn describe(&self) -> String {
        let start = match self.single() {
            Some(position) => format!("start position {}", position.id()),
            None => format!(
                "double Chess960 start {} (White {}, Black {})",
                self.start.id(),
                self.start.white().id(),
                self.start.black().id()
            ),
        };
        if self.departures.is_empty() {
            start
        } else {
            format!("{start}, {}", self.departures)
        }
    }
}

impl From<Position> for Found {
    fn from(position: Position) -> Found {
        Found {
            start: DoublePosition::from(position),
            departures: Departures::default(),
        }
    }
}

/// Reads `text` as [`parse_position`] does, except that a FEN may be a
/// double Chess960 start and may depart from its start: every FEN whose
/// board is a start (in 4, 5 or 6 fields, any castling dialect) is named.
pub(crate) fn identify(text: &str) -> Result<Found, Failure> {
    let trimmed = text.trim();
    if trimmed.contains('/') {
        return identify_fen(trimmed)
            .map(|found| Found {
                start: found.start(),
                departures: found.departures(),
            })
            .map_err(|error| fen_failure(trimmed, error));
    }
    parse_position(text).map(Found::from)
}

/// The FEN reader's error, with a character outside ASCII named as the
/// character it is rather than as its first byte.
fn fen_failure(text: &str, error: FenError) -> Failure {
    let message = error.to_string();
    let (FenError::InvalidBoardByte { byte, .. } | FenError::InvalidCastlingByte { byte }) = error
    else {
        return Failure::input(message);
    };
    match text.chars().find(|character| !character.is_ascii()) {
        Some(character) if !byte.is_ascii() => Failure::input(message.replacen(
            &format!("byte 0x{byte:02X}"),
            &echo::character(character),
            1,
        )),
        _ => Failure::input(message),
    }
}

/// Reads `text` as an id (`518`, `SP518`, `SP-518`), a back rank in either
/// colour (`RNBQKBNR`, `rnbqkbnr`) or a start FEN (anything with a `/`):
/// the library's grammar (`str::parse`), with the library's messages.
/// Surrounding white space is ignored.
pub(crate) fn parse_position(text: &str) -> Result<Position, Failure> {
    let text = text.trim();
    if text.contains('/') {
        return Position::from_fen(text).map_err(|error| fen_failure(text, error));
    }
    text.parse::<Position>()
        .map_err(|error| Failure::input(error.to_string()))
}

/// Whether `text` is digits with an optional leading `-`.
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit())
}

/// Reads a whole number of the kind `what` names ("start position",
/// "Fritz 9 number", ...), refusing negative numbers and ones past `u16`
/// with a message that ends with `range`.
pub(crate) fn parse_number(text: &str, what: &str, range: &str) -> Result<u16, Failure> {
    let text = text.trim();
    if !is_number(text) {
        return Err(Failure::input(format!(
            "{} is not a {what}: write a whole number",
            echo::quoted(text)
        )));
    }
    text.parse::<u16>().map_err(|_| {
        Failure::input(format!(
            "{what} {} does not exist: {range}",
            echo::shortened(text)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::{parse_number, parse_position};

    #[test]
    fn reads_ids_names_ranks_and_fens() {
        for text in [
            "518",
            " 518 ",
            "SP518",
            "sp-518",
            "SP 518",
            "RNBQKBNR",
            "rnbqkbnr",
            "0518",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
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
            message("SP-960"),
            "start position 960 does not exist: ids run from 0 to 959"
        );
        assert_eq!(
            message("-1"),
            "start position ids are not negative: they run from 0 to 959"
        );
        assert_eq!(
            message(&"9".repeat(1000)),
            "start position ids run from 0 to 959, but a number of 1000 digits was given"
        );
        assert!(message(" ").starts_with("no position given"));
        assert!(message("SP5 18").starts_with("' ' is not a digit"));
        assert_eq!(
            message("RNBQKBN"),
            "a back rank has 8 squares, but 7 characters were given"
        );
        // A character outside ASCII is named as itself, not by its first
        // byte; a control byte keeps its hexadecimal name even when such a
        // character comes later in the text.
        let fen = "rnbqkbnr/pppppppp/8/8/8/é7/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(message(fen).contains("U+00E9 'é'"), "{}", message(fen));
        let fen = "rnbqkbnr/pppppppp/8/8/8/\u{1}é6/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(message(fen).contains("byte 0x01"), "{}", message(fen));
        assert!(!message(fen).contains('é'), "{}", message(fen));
        assert!(
            parse_number("12a", "Fritz 9 number", "")
                .unwrap_err()
                .to_string()
                .starts_with("'12a' is not a Fritz 9 number")
        );
    }
}
