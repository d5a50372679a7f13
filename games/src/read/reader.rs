//! A streaming reader of PGN game records: the tag pairs are read, the
//! movetext is skipped, and memory stays bounded whatever the input.

use super::record::{MAX_TAG_LINE, Record, RecordError};
use super::scan::{self, BOM};
use std::boxed::Box;
use std::io::{self, BufRead};
use std::vec::Vec;

/// The longest record whose bytes [`Reader::raw`] gives (16 MiB): a longer
/// one is read as any other, but its bytes are not kept.
pub const MAX_RAW_RECORD: usize = 16 << 20;

/// The bytes kept of a record too long to keep, its last: what the reader
/// read ahead of the next record (a tag line at most) lies in them.
const RAW_TAIL: usize = MAX_TAG_LINE + 2;

/// Reads game records from PGN text, one [`Record`] per game.
///
/// The tag section is parsed; the movetext is skipped with its comments
/// (`{...}`, which may hold `[` and span lines; `;` to the end of the line),
/// `%` escape lines and variations. In a tag section a tag line may be
/// indented (spaces and tabs before its `[`). A line starting with `[`
/// outside a comment starts the next record, and so do a second `Event` tag in one
/// tag section and a line starting with a byte order mark (skipped) or with
/// garbage (a control byte, or a byte that starts no character of UTF-8:
/// a record of its own, [`RecordError::NoTagSection`]). A record that starts with a digit is
/// movetext written without tags (`1. e4 e5 1-0`): a game with no tags,
/// which an empty line outside a comment ends too, as python-chess reads
/// it; one that starts with any other byte is
/// [`RecordError::NoTagSection`]. A comment still open at a line starting
/// with `[` and a letter is reported ([`RecordError::UnclosedComment`]) and
/// the next record starts there, so one missing `}` costs one record.
/// Memory is bounded: tag lines up to [`MAX_TAG_LINE`] bytes are buffered,
/// movetext never. [`Reader::next_record`] lends each record instead of
/// giving it, which spares an allocation per record; with
/// [`Reader::keep_raw`] it also gives each record's bytes as they stand in
/// the input. An I/O error ends the
/// iteration: the record being read is returned with
/// [`RecordError::Input`], and [`Reader::io_error`] holds the error.
///
/// ```
/// use chess960_games::read::{Reader, RecordError};
///
/// let pgn = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\n\n1. d4 *\n";
/// let records: Vec<_> = Reader::new(pgn.as_bytes()).collect();
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[1].offset(), 22);
/// assert_eq!(records[1].error(), Some(RecordError::UnclosedQuote));
///
/// // Movetext without tags: a game each, which an empty line ends.
/// let bare = "1. e4 e5 1-0\n\n1. d4 d5 0-1\n";
/// let records: Vec<_> = Reader::new(bare.as_bytes()).collect();
/// assert_eq!(records.len(), 2);
/// assert_eq!((records[1].offset(), records[1].error()), (14, None));
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
    /// The record last read (lent by `next_record`; its tags keep their
    /// allocation from one record to the next). Boxed, so that lending it
    /// out of `self` and back moves a pointer, not the record.
    record: Option<Box<Record>>,
    /// With `keep_raw`: the bytes consumed since `raw_from` (`None`: since
    /// the window overflowed), to give the last record's bytes.
    raw: Option<Vec<u8>>,
    raw_from: Option<u64>,
    /// With `keep_raw`: the last record's tag pairs, as spans of its
    /// bytes, when it was read the fast way and each tag line was plain.
    spans: Vec<[u32; 4]>,
    spans_whole: bool,
}

/// Where the tag pairs of a record lie in its bytes, as the reader found
/// them on its way through the record ([`Reader::next_with_spans`]): each
/// pair's name and value, the value between its quotes, plain ASCII with
/// no escape.
///
/// ```
/// use chess960_games::read::Reader;
///
/// // Read the fast way: a record whole in the reader's buffer, and the
/// // start of the next one.
/// let pgn = "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n[Event \"c\"]\n\n*\n";
/// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
/// let (_, _, spans) = reader.next_with_spans().unwrap();
/// assert_eq!(spans.unwrap().len(), 2);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TagSpans<'a> {
    spans: &'a [[u32; 4]],
}

impl<'a> TagSpans<'a> {
    fn new(spans: &'a [[u32; 4]]) -> TagSpans<'a> {
        TagSpans { spans }
    }

    /// The pairs' count.
    ///
    /// ```
    /// let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n[Event \"b\"]\n\n*\n";
    /// let mut reader = chess960_games::read::Reader::new(pgn.as_bytes()).keep_raw();
    /// assert_eq!(reader.next_with_spans().unwrap().2.unwrap().len(), 1);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether the record has no tag pair.
    ///
    /// ```
    /// let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n[Event \"b\"]\n\n*\n";
    /// let mut reader = chess960_games::read::Reader::new(pgn.as_bytes()).keep_raw();
    /// assert!(!reader.next_with_spans().unwrap().2.unwrap().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Each pair's name's start and end and its value's, in the record.
    pub(super) fn spans(&self) -> &'a [[u32; 4]] {
        self.spans
    }
}

/// A record with its bytes as they stand and its tag pairs' spans, as
/// [`Reader::next_with_spans`] lends them.
///
/// ```
/// use chess960_games::read::{Reader, WithSpans};
///
/// let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n[Event \"b\"]\n\n*\n";
/// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
/// let (record, raw, spans): WithSpans<'_> = reader.next_with_spans().unwrap();
/// assert_eq!((record.number(), raw.map(<[u8]>::len), spans.map(|s| s.len())), (1, Some(46), Some(1)));
/// // The last record, read to the input's end the byte-wise way: no spans.
/// assert!(reader.next_with_spans().unwrap().2.is_none());
/// ```
pub type WithSpans<'a> = (&'a Record, Option<&'a [u8]>, Option<TagSpans<'a>>);

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
    /// let mut reader = chess960_games::read::Reader::new(&b""[..]);
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
            record: None,
            raw: None,
            raw_from: Some(0),
            spans: Vec::new(),
            spans_whole: false,
        }
    }

    /// Keeps each record's bytes, for [`Reader::raw`].
    ///
    /// ```
    /// let pgn = "[Event \"a\"]\r\n\r\n1. e4 {x} *\r\n\r\n[Event \"b\"]\n";
    /// let mut reader = chess960_games::read::Reader::new(pgn.as_bytes()).keep_raw();
    /// reader.next_record();
    /// assert_eq!(reader.raw(), Some(&b"[Event \"a\"]\r\n\r\n1. e4 {x} *\r\n\r\n"[..]));
    /// ```
    #[must_use]
    pub fn keep_raw(mut self) -> Reader<R> {
        self.raw = Some(Vec::new());
        self
    }

    /// The bytes of the record last read by [`Reader::next_record`] (or
    /// `next`), exactly as they stand in the input: from its first byte up
    /// to the next record's (its trailing blank lines included). `None`
    /// without [`Reader::keep_raw`], before the first record, and for a
    /// record longer than [`MAX_RAW_RECORD`].
    ///
    /// ```
    /// let pgn = "%escaped\n[Event \"a\"]\n\n1. e4 *\n";
    /// let mut reader = chess960_games::read::Reader::new(pgn.as_bytes()).keep_raw();
    /// assert_eq!(reader.raw(), None);
    /// let record = reader.next_record().unwrap();
    /// assert_eq!((record.offset(), record.length()), (9, 21));
    /// assert_eq!(reader.raw(), Some(&b"[Event \"a\"]\n\n1. e4 *\n"[..]));
    /// ```
    pub fn raw(&self) -> Option<&[u8]> {
        let raw = self.raw.as_ref()?;
        let record = self.record.as_deref()?;
        let length = usize::try_from(record.length).ok()?;
        (self.records > 0 && self.raw_from == Some(record.offset))
            .then(|| raw.get(..length))
            .flatten()
    }

    /// Reads the next record and lends it: the same records as the
    /// iterator gives, without an allocation per record.
    ///
    /// ```
    /// use chess960_games::read::{Reader, TagName};
    ///
    /// let pgn = "[White \"Ada\"]\n\n*\n\n[White \"Bob\"]\n\n*\n";
    /// let mut reader = Reader::new(pgn.as_bytes());
    /// let mut names = Vec::new();
    /// while let Some(record) = reader.next_record() {
    ///     names.push(record.tags().get(TagName::White).unwrap().to_owned());
    /// }
    /// assert_eq!(names, ["Ada", "Bob"]);
    /// ```
    pub fn next_record(&mut self) -> Option<&Record> {
        if self.done && self.pending.is_none() {
            return None;
        }
        let mut record = self.record.take().unwrap_or_default();
        let read = self.read_record(&mut record);
        self.record = Some(record);
        if read { self.record.as_deref() } else { None }
    }

    /// Reads the next record and lends it with its bytes as they stand
    /// ([`Reader::raw`]: `None` without [`Reader::keep_raw`] or for a
    /// record longer than [`MAX_RAW_RECORD`]), both at once.
    ///
    /// ```
    /// let pgn = "[Event \"a\"]\n\n1. e4 *\n";
    /// let mut reader = chess960_games::read::Reader::new(pgn.as_bytes()).keep_raw();
    /// let (record, raw) = reader.next_with_raw().unwrap();
    /// assert_eq!((record.number(), raw), (1, Some(pgn.as_bytes())));
    /// assert!(reader.next_with_raw().is_none());
    /// ```
    pub fn next_with_raw(&mut self) -> Option<(&Record, Option<&[u8]>)> {
        self.next_record()?;
        Some((self.record.as_deref()?, self.raw()))
    }

    /// Reads the next record and lends it with its bytes as they stand
    /// ([`Reader::next_with_raw`]) and, when the reading found each of
    /// them on the way, where its tag pairs lie in those bytes (see
    /// `TagPairs::with_spans`): a caller that wants every tag pair need
    /// not read the tag lines again.
    ///
    /// ```
    /// use chess960_games::read::{Reader, TagPairs};
    ///
    /// let pgn = "[Event \"a\"]\n[Opening \"Ruy Lopez\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n[Event \"b\"]\n\n*\n";
    /// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
    /// let (_, raw, spans) = reader.next_with_spans().unwrap();
    /// let (raw, spans) = (raw.unwrap(), spans.unwrap());
    /// let pairs: Vec<_> = TagPairs::with_spans(raw, spans).map(|pair| (pair.name(), pair.value())).collect();
    /// assert_eq!(pairs, [("Event", "a".into()), ("Opening", "Ruy Lopez".into())]);
    /// ```
    pub fn next_with_spans(&mut self) -> Option<WithSpans<'_>> {
        self.next_record()?;
        let raw = self.raw();
        let spans = (self.spans_whole && raw.is_some()).then(|| TagSpans::new(&self.spans));
        Some((self.record.as_deref()?, raw, spans))
    }

    /// Bytes read from the input so far.
    ///
    /// ```
    /// let mut reader = chess960_games::read::Reader::new(&b"[Event \"x\"]\n"[..]);
    /// reader.next();
    /// assert_eq!(reader.bytes_read(), 12);
    /// ```
    pub const fn bytes_read(&self) -> u64 {
        self.offset
    }

    /// The I/O error that ended the reading, if one did.
    ///
    /// ```
    /// let mut reader = chess960_games::read::Reader::new(&b""[..]);
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
        // Nothing to keep of nothing (and no `fill_buf` that might read).
        if count == 0 {
            return;
        }
        if let Some(raw) = &mut self.raw {
            if let Ok(buffer) = self.input.fill_buf() {
                let bytes = buffer.get(..count).unwrap_or(buffer);
                if self.raw_from.is_none() {
                    self.raw_from = Some(self.offset);
                }
                if raw.len() + bytes.len() > MAX_RAW_RECORD {
                    // The record being read is too long to keep. The last
                    // bytes read may begin the next record (a `[` or a tag
                    // line read ahead), so they are kept, wherever the
                    // input's buffers happen to end.
                    let tail = RAW_TAIL.min(raw.len() + bytes.len());
                    let from_raw = tail.saturating_sub(bytes.len());
                    raw.drain(..raw.len() - from_raw);
                    raw.extend_from_slice(&bytes[bytes.len() - (tail - from_raw)..]);
                    self.raw_from = Some(self.offset + bytes.len() as u64 - tail as u64);
                } else {
                    raw.extend_from_slice(bytes);
                }
            }
        }
        self.input.consume(count);
        self.offset += count as u64;
    }

    /// Drops the kept bytes before a record's first byte.
    fn raw_starts(&mut self, offset: u64) {
        if let (Some(raw), Some(from)) = (&mut self.raw, self.raw_from) {
            match usize::try_from(offset.saturating_sub(from)) {
                Ok(before) if before <= raw.len() && from <= offset => {
                    raw.drain(..before);
                    self.raw_from = Some(offset);
                }
                _ => {
                    raw.clear();
                    self.raw_from = None;
                }
            }
        }
    }

    fn peek(&mut self) -> Peek {
        match self.buffer() {
            Some(buffer) => Peek::Byte(buffer[0]),
            None => Peek::End,
        }
    }

    /// Skips whitespace, byte order marks, `%` lines and `;` comment lines
    /// before a record; gives the record's offset and first byte, and
    /// whether it may start a tag line (not after a broken byte order
    /// mark).
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
            if byte == b'%' || byte == b';' {
                // An escape line, or a `;` comment line where no record
                // has started (a file's opening remark): no game.
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
    /// recorded in `pending`) or the end of the input; with `ends_at_blank`
    /// (a game without tags), up to an empty line outside a comment too.
    fn skip_movetext(
        &mut self,
        error: &mut Option<RecordError>,
        mut line_start: bool,
        ends_at_blank: bool,
    ) {
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
                    scan::set_first(error, RecordError::UnclosedComment);
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
                            scan::set_first(error, RecordError::UnclosedComment);
                        }
                        self.consume(at);
                        return;
                    } else if in_comment {
                        if byte == b'[' {
                            match buffer.get(at + 1) {
                                Some(next) if next.is_ascii_alphabetic() => {
                                    scan::set_first(error, RecordError::UnclosedComment);
                                    self.consume(at);
                                    return;
                                }
                                Some(_) => {}
                                None => bracket = Some(offset + at as u64),
                            }
                        }
                    } else if scan::starts_record(byte, ends_at_blank) {
                        self.consume(at);
                        return;
                    } else if byte == b'%' {
                        skip_line = true;
                    }
                }
                let rest = &buffer[at..];
                if at_line_start && !in_comment && !skip_line {
                    if let Some((length, open)) = scan::whole_line(rest) {
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

    /// Reads one record into `record`; `false` at the end.
    fn read_record(&mut self, record: &mut Record) -> bool {
        let pending = self.pending.take();
        let (offset, mut complete) = match pending {
            Some((offset, complete)) => (offset, complete),
            None => match self.skip_to_record() {
                None => return false,
                Some((offset, b'[', true)) => (offset, false),
                Some((offset, byte, _)) => {
                    self.start(record, offset);
                    // A move number: movetext written without tags, a game
                    // that ends at an empty line. Anything else is no game.
                    let tagless = byte.is_ascii_digit();
                    if !tagless {
                        record.error = Some(RecordError::NoTagSection { byte });
                    }
                    // Not at a line start: the first byte is the record's
                    // own, whatever it is.
                    self.skip_movetext(&mut record.error, false, tagless);
                    self.finish(record);
                    return true;
                }
            },
        };
        self.start(record, offset);
        if pending.is_none() {
            // The common case: the record lies whole in the buffer.
            let spans = self.raw.is_some().then_some(&mut self.spans);
            if let Some(buffer) = Self::fill(&mut self.input, &mut self.io_error, &mut self.done) {
                if let Some(scanned) = scan::record(buffer, &mut record.tags, spans) {
                    record.error = scanned.error;
                    self.spans_whole = scanned.plain && self.raw.is_some();
                    self.consume(scanned.length);
                    self.finish(record);
                    return true;
                }
                record.tags.clear();
            }
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
                let is_event = scan::starts_event(&self.line);
                if is_event && has_event {
                    // A second Event: the record before had no movetext.
                    // The line is kept as it stands, its line end's `\r`
                    // included, for the next record to read.
                    self.pending = Some((line_offset, true));
                    self.finish(record);
                    return true;
                }
                has_event |= is_event;
                if self.line.last() == Some(&b'\r') {
                    self.line.pop();
                }
                let mut bytes = record.tags.take_bytes();
                let parsed = scan::parse_tag_line(&self.line, &mut record.tags, &mut bytes);
                record.tags.put_bytes(bytes);
                if let Err(error) = parsed {
                    scan::set_first(&mut record.error, error);
                }
            } else {
                scan::set_first(&mut record.error, RecordError::TagLineTooLong);
            }
            self.line.clear();
            // The next line: another tag (indented or not), a `%` line or
            // a `;` comment line (passed over), or the movetext.
            loop {
                line_offset = self.offset;
                match self.peek() {
                    Peek::Byte(b'%' | b';') => self.skip_line(),
                    Peek::Byte(b'[') => break,
                    Peek::Byte(b' ' | b'\t') => {
                        // Past the indentation: a tag line starts at its
                        // `[`; anything else is movetext, whose line start
                        // was a blank.
                        while let Peek::Byte(b' ' | b'\t') = self.peek() {
                            self.consume(1);
                        }
                        line_offset = self.offset;
                        if let Peek::Byte(b'[') = self.peek() {
                            break;
                        }
                        self.skip_movetext(&mut record.error, false, false);
                        self.finish(record);
                        return true;
                    }
                    Peek::Byte(_) => {
                        self.skip_movetext(&mut record.error, true, false);
                        self.finish(record);
                        return true;
                    }
                    Peek::End => {
                        self.finish(record);
                        return true;
                    }
                }
            }
        }
        self.finish(record);
        true
    }

    /// Starts the next record at `offset`: numbered, empty.
    fn start(&mut self, record: &mut Record, offset: u64) {
        self.records += 1;
        record.number = self.records;
        record.offset = offset;
        record.length = 0;
        record.tags.clear();
        record.error = None;
        self.spans.clear();
        self.spans_whole = false;
        self.raw_starts(offset);
    }

    /// Ends a record: its length, and the mark of an I/O error that cut it.
    fn finish(&self, record: &mut Record) {
        let end = self.pending.map_or(self.offset, |(start, _)| start);
        record.length = end - record.offset;
        if let Some(error) = &self.io_error {
            record.error = Some(RecordError::Input { kind: error.kind() });
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        self.next_record().cloned()
    }
}
