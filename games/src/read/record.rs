//! One game record as the reader gives it: its place in the input, its
//! kept tags, and why it could not be read, if it could not.

use super::tags::Tags;
use core::fmt;
use std::io;

/// The longest tag line the reader accepts, in bytes; a longer one makes
/// its record unreadable ([`RecordError::TagLineTooLong`]) and is skipped
/// without being stored.
pub const MAX_TAG_LINE: usize = 64 * 1024;

/// Why a game record could not be read (or, from
/// `GameKind::classify`, could not be
/// placed). Each names the rule of PGN the record breaks.
///
/// ```
/// use chess960_games::read::RecordError;
///
/// assert_eq!(
///     RecordError::UnclosedQuote.to_string(),
///     "a tag value ends with '\"' on its line, but this one does not"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordError {
    /// The record does not start with a tag pair.
    NoTagSection {
        /// The first byte of the record.
        byte: u8,
    },
    /// A tag line is longer than [`MAX_TAG_LINE`].
    TagLineTooLong,
    /// A tag line holds a control byte (other than tab and CR): binary
    /// garbage.
    ControlByte {
        /// The byte.
        byte: u8,
    },
    /// No tag name (ASCII letters, digits and `_+#=:-`, not starting
    /// with `+#=:-`) follows `[`.
    BadTagName,
    /// The tag name is not followed by a value in double quotes.
    MissingValue,
    /// The tag value has no closing `"` on its line.
    UnclosedQuote,
    /// No `"` of the tag value is followed by the pair's closing `]`.
    UnclosedBracket,
    /// A `{` comment is still open when the next game's tags or the end of
    /// the input come.
    UnclosedComment,
    /// Reading the input failed in this record (a truncated compressed
    /// stream, for example); nothing after it was read.
    Input {
        /// What failed.
        kind: io::ErrorKind,
    },
    /// A Chess960 game (by its `Variant` tag) without a `FEN` tag.
    /// `GameKind::classify` does not give it: it reads such a game as start
    /// 518, as python-chess writes and reads it. Callers with a stricter
    /// rule may.
    MissingFen,
    /// Repeated `FEN` tags describe different starts.
    ConflictingFens,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RecordError::NoTagSection { byte } => {
                let shown = if byte.is_ascii_graphic() {
                    std::format!("'{}'", char::from(byte))
                } else {
                    std::format!("byte 0x{byte:02X}")
                };
                write!(
                    f,
                    "a game record starts with its tag pairs ('[Name \"value\"]'), but this one starts with {shown}"
                )
            }
            RecordError::TagLineTooLong => write!(
                f,
                "a tag line is at most {MAX_TAG_LINE} bytes long, but this one is longer"
            ),
            RecordError::ControlByte { byte } => write!(
                f,
                "a tag line is text, but this one holds the control byte 0x{byte:02X}"
            ),
            RecordError::BadTagName => f.write_str(
                "a tag pair starts with '[' and its name (letters, digits and '_+#=:-', not starting with '+#=:-'), but this one does not",
            ),
            RecordError::MissingValue => f.write_str(
                "a tag name is followed by its value in double quotes, but this one is not",
            ),
            RecordError::UnclosedQuote => {
                f.write_str("a tag value ends with '\"' on its line, but this one does not")
            }
            RecordError::UnclosedBracket => {
                f.write_str("a tag value's closing '\"' is followed by ']' on its line, but this one's is not")
            }
            RecordError::UnclosedComment => f.write_str(
                "a '{' comment ends with '}' before the next game or the end of the input, but this one does not",
            ),
            RecordError::Input { kind } => {
                write!(f, "reading the input failed inside this record ({kind})")
            }
            RecordError::MissingFen => {
                f.write_str("a Chess960 game gives its start in a FEN tag, but this one has none")
            }
            RecordError::ConflictingFens => {
                f.write_str("the FEN tags of this game describe different positions")
            }
        }
    }
}

impl core::error::Error for RecordError {}

/// One game record: its place in the input and its tags, or why it could
/// not be read.
///
/// ```
/// use chess960_games::read::{Reader, TagName};
///
/// let pgn = "[Event \"Casual\"]\n[Result \"1-0\"]\n\n1. e4 { [%clk 0:03:00] } 1-0\n";
/// let record = Reader::new(pgn.as_bytes()).next().unwrap();
/// assert_eq!((record.number(), record.offset()), (1, 0));
/// assert_eq!(record.tags().get(TagName::Result), Some("1-0"));
/// assert_eq!(record.error(), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub(super) number: u64,
    pub(super) offset: u64,
    pub(super) length: u64,
    pub(super) tags: Tags,
    pub(super) error: Option<RecordError>,
}

impl Record {
    /// The record's number in the input, from 1; unreadable records are
    /// numbered too.
    pub const fn number(&self) -> u64 {
        self.number
    }

    /// The offset of the record's first byte in the (decompressed) input.
    pub const fn offset(&self) -> u64 {
        self.offset
    }

    /// The record's length in bytes: from its first byte up to the next
    /// record's first byte (or the end of the input), so its trailing blank
    /// lines included. `offset()..offset() + length()` is its span.
    ///
    /// ```
    /// use chess960_games::read::Reader;
    ///
    /// let pgn = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n*\n";
    /// let lengths: Vec<_> = Reader::new(pgn.as_bytes()).map(|r| r.length()).collect();
    /// assert_eq!(lengths, [22, 15]);
    /// ```
    pub const fn length(&self) -> u64 {
        self.length
    }

    /// The kept tags (those read before an error, for an unreadable record).
    pub const fn tags(&self) -> &Tags {
        &self.tags
    }

    /// Why the record could not be read, if it could not.
    pub const fn error(&self) -> Option<RecordError> {
        self.error
    }
}
