//! A streaming reader of PGN game records: the tag pairs are read, the
//! movetext is skipped, and memory stays bounded whatever the input.

use super::tags::{TagName, Tags};
use core::fmt;
use std::io::{self, BufRead};
use std::vec::Vec;

/// The longest tag line the reader accepts, in bytes; a longer one makes
/// its record unreadable ([`RecordError::TagLineTooLong`]) and is skipped
/// without being stored.
pub const MAX_TAG_LINE: usize = 64 * 1024;

/// Why a game record could not be read (or, from
/// `GameKind::classify`, could not be
/// placed). Each names the rule of PGN the record breaks.
///
/// ```
/// use chess960::pgn::RecordError;
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
    /// No tag name (letters, digits, `_`) follows `[`.
    BadTagName,
    /// The tag name is not followed by a value in double quotes.
    MissingValue,
    /// The tag value has no closing `"` on its line.
    UnclosedQuote,
    /// The tag pair has no closing `]`.
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
    /// A Chess960 game (by its `Variant` tag) without a `FEN` tag: its
    /// start is unknown.
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
                "a tag pair starts with '[' and its name (letters, digits, '_'), but this one has no name",
            ),
            RecordError::MissingValue => f.write_str(
                "a tag name is followed by its value in double quotes, but this one is not",
            ),
            RecordError::UnclosedQuote => {
                f.write_str("a tag value ends with '\"' on its line, but this one does not")
            }
            RecordError::UnclosedBracket => {
                f.write_str("a tag pair ends with ']' on its line, but this one does not")
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
/// use chess960::pgn::{Reader, TagName};
///
/// let pgn = "[Event \"Casual\"]\n[Result \"1-0\"]\n\n1. e4 { [%clk 0:03:00] } 1-0\n";
/// let record = Reader::new(pgn.as_bytes()).next().unwrap();
/// assert_eq!((record.number(), record.offset()), (1, 0));
/// assert_eq!(record.tags().get(TagName::Result), Some("1-0"));
/// assert_eq!(record.error(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    number: u64,
    offset: u64,
    tags: Tags,
    error: Option<RecordError>,
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

    /// The kept tags (those read before an error, for an unreadable record).
    pub const fn tags(&self) -> &Tags {
        &self.tags
    }

    /// Why the record could not be read, if it could not.
    pub const fn error(&self) -> Option<RecordError> {
        self.error
    }
}

/// Reads game records from PGN text, one [`Record`] per game.
///
/// The tag section is parsed; the movetext is skipped with its comments
/// (`{...}`, which may hold `[` and span lines; `;` to the end of the line),
/// `%` escape lines and variations. A line starting with `[` outside a
/// comment starts the next record, and so do a second `Event` tag in one
/// tag section and a line starting with a byte order mark (skipped) or with
/// garbage (a control byte or a byte outside ASCII: a record of its own,
/// [`RecordError::NoTagSection`]). A comment still open at a line starting
/// with `[` and a letter is reported ([`RecordError::UnclosedComment`]) and
/// the next record starts there, so one missing `}` costs one record.
/// Memory is bounded: tag lines up to [`MAX_TAG_LINE`] bytes are buffered,
/// movetext never. An I/O error ends the
/// iteration: the record being read is returned with
/// [`RecordError::Input`], and [`Reader::io_error`] holds the error.
///
/// ```
/// use chess960::pgn::{Reader, RecordError};
///
/// let pgn = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\n\n1. d4 *\n";
/// let records: Vec<_> = Reader::new(pgn.as_bytes()).collect();
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[1].offset(), 22);
/// assert_eq!(records[1].error(), Some(RecordError::UnclosedQuote));
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    /// Bytes consumed from `input`.
    offset: u64,
    /// Records returned.
    records: u64,
    /// The current tag line.
    line: Vec<u8>,
    /// A tag line (complete, or just its `[`) already consumed that starts
    /// the next record, at this offset.
    pending: Option<(u64, bool)>,
    io_error: Option<io::Error>,
    done: bool,
}

/// The byte order mark of UTF-8.
const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// A peeked byte.
enum Peek {
    Byte(u8),
    End,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input` (give a large buffer, e.g.
    /// `BufReader::with_capacity(1 << 16, file)`, for speed).
    ///
    /// ```
    /// let mut reader = chess960::pgn::Reader::new(&b""[..]);
    /// assert!(reader.next().is_none());
    /// ```
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            offset: 0,
            records: 0,
            line: Vec::new(),
            pending: None,
            io_error: None,
            done: false,
        }
    }

    /// Bytes read from the input so far.
    ///
    /// ```
    /// let mut reader = chess960::pgn::Reader::new(&b"[Event \"x\"]\n"[..]);
    /// reader.next();
    /// assert_eq!(reader.bytes_read(), 12);
    /// ```
    pub const fn bytes_read(&self) -> u64 {
        self.offset
    }

    /// The I/O error that ended the reading, if one did.
    ///
    /// ```
    /// let mut reader = chess960::pgn::Reader::new(&b""[..]);
    /// assert!(reader.next().is_none());
    /// assert!(reader.io_error().is_none());
    /// ```
    pub const fn io_error(&self) -> Option<&io::Error> {
        self.io_error.as_ref()
    }

    /// The input, given back.
    pub fn into_inner(self) -> R {
        self.input
    }

    /// The input's buffered bytes; `None` at its end or after an error
    /// (kept in `io_error`). Takes the fields it needs so that the other
    /// fields stay free while the bytes are borrowed.
    fn fill<'a>(
        input: &'a mut R,
        io_error: &mut Option<io::Error>,
        done: &mut bool,
    ) -> Option<&'a [u8]> {
        if *done {
            return None;
        }
        loop {
            match input.fill_buf() {
                Ok([]) => return None,
                Ok(_) => break,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => {
                    *io_error = Some(error);
                    *done = true;
                    return None;
                }
            }
        }
        input.fill_buf().ok()
    }

    fn buffer(&mut self) -> Option<&[u8]> {
        Self::fill(&mut self.input, &mut self.io_error, &mut self.done)
    }

    fn consume(&mut self, count: usize) {
        self.input.consume(count);
        self.offset += count as u64;
    }

    fn peek(&mut self) -> Peek {
        match self.buffer() {
            Some(buffer) => Peek::Byte(buffer[0]),
            None => Peek::End,
        }
    }

    /// Skips whitespace, byte order marks and `%` lines before a record;
    /// gives the record's offset and first byte, and whether it may start
    /// a tag line (not after a broken byte order mark).
    fn skip_to_record(&mut self) -> Option<(u64, u8, bool)> {
        loop {
            let buffer = self.buffer()?;
            let skip = buffer
                .iter()
                .position(|byte| !matches!(byte, b' ' | b'\t' | b'\r' | b'\n'));
            let Some(start) = skip else {
                let all = buffer.len();
                self.consume(all);
                continue;
            };
            let byte = buffer[start];
            self.consume(start);
            if byte == b'%' {
                self.skip_line();
            } else if byte == BOM[0] {
                // Byte by byte: a mark may be split between two buffers.
                let offset = self.offset;
                let mut matched = 0;
                while matched < BOM.len() {
                    match self.peek() {
                        Peek::Byte(next) if next == BOM[matched] => {
                            self.consume(1);
                            matched += 1;
                        }
                        _ => return Some((offset, BOM[0], false)),
                    }
                }
            } else {
                return Some((self.offset, byte, true));
            }
        }
    }

    /// Consumes the rest of the line and its newline.
    fn skip_line(&mut self) {
        while let Some(buffer) = self.buffer() {
            if let Some(end) = memchr::memchr(b'\n', buffer) {
                self.consume(end + 1);
                return;
            }
            let all = buffer.len();
            self.consume(all);
        }
    }

    /// Reads the rest of a line into `self.line` (which may hold its start),
    /// without the newline; `false` if it was longer than [`MAX_TAG_LINE`]
    /// (then it is skipped, not stored).
    fn read_line(&mut self) -> bool {
        let mut fits = true;
        while let Some(buffer) = Self::fill(&mut self.input, &mut self.io_error, &mut self.done) {
            let (take, used, complete) = match memchr::memchr(b'\n', buffer) {
                Some(end) => (end, end + 1, true),
                None => (buffer.len(), buffer.len(), false),
            };
            if fits && self.line.len() + take <= MAX_TAG_LINE {
                self.line.extend_from_slice(&buffer[..take]);
            } else {
                fits = false;
            }
            self.consume(used);
            if complete {
                break;
            }
        }
        fits
    }

    /// Skips movetext up to the next record's tag line (not consumed, or
    /// recorded in `pending`) or the end of the input.
    fn skip_movetext(&mut self, error: &mut Option<RecordError>, mut line_start: bool) {
        let mut in_comment = false;
        let mut skip_line = false;
        // A `[` at a line start inside a comment, consumed at the end of a
        // buffer: the next record if a letter follows.
        let mut bracket: Option<u64> = None;
        loop {
            let offset = self.offset;
            let Some(buffer) = self.buffer() else {
                if in_comment && error.is_none() {
                    *error = Some(RecordError::UnclosedComment);
                }
                return;
            };
            let mut at = 0;
            if let Some(start) = bracket.take() {
                if buffer[0].is_ascii_alphabetic() {
                    set_first(error, RecordError::UnclosedComment);
                    self.pending = Some((start, false));
                    self.line.clear();
                    self.line.push(b'[');
                    return;
                }
            }
            let length = buffer.len();
            while at < length {
                let at_line_start = line_start;
                if line_start {
                    line_start = false;
                    let byte = buffer[at];
                    if byte == BOM[0] {
                        // A byte order mark: another file's start.
                        if in_comment {
                            set_first(error, RecordError::UnclosedComment);
                        }
                        self.consume(at);
                        return;
                    } else if in_comment {
                        if byte == b'[' {
                            match buffer.get(at + 1) {
                                Some(next) if next.is_ascii_alphabetic() => {
                                    set_first(error, RecordError::UnclosedComment);
                                    self.consume(at);
                                    return;
                                }
                                Some(_) => {}
                                None => bracket = Some(offset + at as u64),
                            }
                        }
                    } else if byte == b'[' || is_garbage(byte) {
                        // The next record; garbage (a control byte or a
                        // byte outside ASCII where a movetext line starts)
                        // is a record of its own, reported unreadable.
                        self.consume(at);
                        return;
                    } else if byte == b'%' {
                        skip_line = true;
                    }
                }
                let rest = &buffer[at..];
                if at_line_start && !in_comment && !skip_line {
                    if let Some((length, open)) = whole_line(rest) {
                        at += length;
                        in_comment = open;
                        line_start = true;
                        continue;
                    }
                }
                if skip_line {
                    match memchr::memchr(b'\n', rest) {
                        Some(end) => {
                            at += end + 1;
                            skip_line = false;
                            line_start = true;
                        }
                        None => at = length,
                    }
                } else if in_comment {
                    match memchr::memchr2(b'}', b'\n', rest) {
                        Some(end) => {
                            if rest[end] == b'}' {
                                in_comment = false;
                            } else {
                                line_start = true;
                            }
                            at += end + 1;
                        }
                        None => at = length,
                    }
                } else {
                    match memchr::memchr3(b'{', b';', b'\n', rest) {
                        Some(end) => {
                            match rest[end] {
                                b'{' => in_comment = true,
                                b';' => skip_line = true,
                                _ => line_start = true,
                            }
                            at += end + 1;
                        }
                        None => at = length,
                    }
                }
            }
            self.consume(length);
        }
    }

    /// Reads one record.
    fn read_record(&mut self) -> Option<Record> {
        let pending = self.pending.take();
        let (offset, mut complete) = match pending {
            Some((offset, complete)) => (offset, complete),
            None => match self.skip_to_record()? {
                (offset, b'[', true) => (offset, false),
                (offset, byte, _) => {
                    self.records += 1;
                    let mut error = Some(RecordError::NoTagSection { byte });
                    // Not at a line start: the first byte is the record's
                    // own, whatever it is.
                    self.skip_movetext(&mut error, false);
                    let mut record = Record {
                        number: self.records,
                        offset,
                        tags: Tags::new(),
                        error,
                    };
                    self.finish(&mut record);
                    return Some(record);
                }
            },
        };
        self.records += 1;
        let mut record = Record {
            number: self.records,
            offset,
            tags: Tags::new(),
            error: None,
        };
        if pending.is_none() {
            self.line.clear();
        }
        let mut has_event = false;
        let mut line_offset = offset;
        loop {
            let fits = complete || self.read_line();
            complete = false;
            if self.io_error.is_some() {
                break;
            }
            if fits {
                if self.line.last() == Some(&b'\r') {
                    self.line.pop();
                }
                let is_event = starts_event(&self.line);
                if is_event && has_event {
                    // A second Event: the record before had no movetext.
                    self.pending = Some((line_offset, true));
                    return Some(record);
                }
                has_event |= is_event;
                if let Err(error) = parse_tag_line(&self.line, &mut record.tags) {
                    set_first(&mut record.error, error);
                }
            } else {
                set_first(&mut record.error, RecordError::TagLineTooLong);
            }
            self.line.clear();
            // The next line: another tag, a `%` line, or the movetext.
            loop {
                line_offset = self.offset;
                match self.peek() {
                    Peek::Byte(b'%') => self.skip_line(),
                    Peek::Byte(b'[') => break,
                    Peek::Byte(_) => {
                        self.skip_movetext(&mut record.error, true);
                        self.finish(&mut record);
                        return Some(record);
                    }
                    Peek::End => {
                        self.finish(&mut record);
                        return Some(record);
                    }
                }
            }
        }
        self.finish(&mut record);
        Some(record)
    }

    /// Marks a record cut by an I/O error.
    fn finish(&self, record: &mut Record) {
        if let Some(error) = &self.io_error {
            record.error = Some(RecordError::Input { kind: error.kind() });
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        if self.done && self.pending.is_none() {
            return None;
        }
        self.read_record()
    }
}

/// The common case of movetext, a whole line in the buffer without `;`
/// (lichess writes a game's moves on one line): its length with the
/// newline, and whether a comment is open at its end, which it is if and
/// only if no `}` follows its last `{`. `None` for the byte-wise way.
fn whole_line(rest: &[u8]) -> Option<(usize, bool)> {
    let end = memchr::memchr(b'\n', rest)?;
    let line = &rest[..end];
    if memchr::memchr(b';', line).is_some() {
        return None;
    }
    let open = memchr::memrchr(b'{', line)
        .is_some_and(|open| memchr::memchr(b'}', &line[open..]).is_none());
    Some((end + 1, open))
}

/// Whether a byte cannot start a line of movetext: a control byte other
/// than whitespace, or a byte outside ASCII.
fn is_garbage(byte: u8) -> bool {
    (byte < 0x20 && !matches!(byte, b'\t' | b'\n' | b'\r' | 0x0C)) || byte >= 0x7F
}

/// Keeps the first error of a record.
fn set_first(slot: &mut Option<RecordError>, error: RecordError) {
    if slot.is_none() {
        *slot = Some(error);
    }
}

/// Whether a tag line is an `Event` tag.
fn starts_event(line: &[u8]) -> bool {
    let line = trim_start(line);
    line.strip_prefix(b"[")
        .map(trim_start)
        .and_then(|rest| rest.strip_prefix(b"Event"))
        .is_some_and(|rest| matches!(rest.first(), Some(b' ' | b'\t' | b'"')))
}

fn trim_start(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|byte| !matches!(byte, b' ' | b'\t'))
        .unwrap_or(bytes.len());
    &bytes[start..]
}

/// Parses the tag pairs of one line (usually one) into `tags`.
fn parse_tag_line(line: &[u8], tags: &mut Tags) -> Result<(), RecordError> {
    // Without an early exit, so that the compiler can vectorise it.
    let control = |byte: u8| (byte < 0x20 && byte != b'\t') || byte == 0x7F;
    if line
        .iter()
        .fold(false, |found, &byte| found | control(byte))
    {
        if let Some(&byte) = line.iter().find(|&&byte| control(byte)) {
            return Err(RecordError::ControlByte { byte });
        }
    }
    let mut rest = trim_start(line);
    while let Some(after) = rest.strip_prefix(b"[") {
        let after = trim_start(after);
        let name_length = after
            .iter()
            .position(|byte| !(byte.is_ascii_alphanumeric() || *byte == b'_'))
            .unwrap_or(after.len());
        if name_length == 0 {
            return Err(RecordError::BadTagName);
        }
        let (name, after) = after.split_at(name_length);
        let Some(value_start) = trim_start(after).strip_prefix(b"\"") else {
            return Err(RecordError::MissingValue);
        };
        let value_end = closing_quote(value_start).ok_or(RecordError::UnclosedQuote)?;
        let (value, after) = value_start.split_at(value_end);
        let Some(after) = trim_start(&after[1..]).strip_prefix(b"]") else {
            return Err(RecordError::UnclosedBracket);
        };
        if let Some(name) = TagName::from_name(name) {
            tags.insert_raw(name, value);
        }
        rest = trim_start(after);
    }
    Ok(())
}

/// The index of the `"` that closes a tag value (escapes skipped).
fn closing_quote(value: &[u8]) -> Option<usize> {
    let mut at = 0;
    loop {
        let found = at + memchr::memchr2(b'"', b'\\', &value[at..])?;
        if value[found] == b'"' {
            return Some(found);
        }
        at = found + 2;
        if at > value.len() {
            return None;
        }
    }
}
