//! Every tag pair of one record's bytes, whatever its name: for callers
//! that want tags the [`Reader`](super::Reader) does not keep (`Opening`,
//! `Termination`, a tag of their own), and the movetext after them.

use super::reader::TagSpans;
use super::record::MAX_TAG_LINE;
use super::scan::{is_control, tag_name_length, tag_value, trim_start};
use super::tags::Tags;
use std::borrow::Cow;
use std::string::String;
use std::vec::Vec;

/// The tag pairs at the start of a record's bytes (as
/// [`Reader::raw`](super::Reader::raw) gives them), in order, each name as
/// written; then [`TagPairs::movetext`] gives what follows them.
///
/// The tag section ends at its first line that is blank or does not start
/// (after spaces and tabs) with `[`; `%` and `;` lines in it are passed
/// over. A line whose tag pair breaks PGN's rules, or that is longer than
/// [`MAX_TAG_LINE`] or holds a control byte, is passed over (the reader
/// reports those records as unreadable, and reads the tags around it as
/// these are read), and so is whatever follows a line's last tag pair
/// (`[Event "Club"] ; a remark`). Values are unescaped and decoded as
/// the reader decodes the tags it keeps.
///
/// ```
/// use chess960_games::read::TagPairs;
///
/// let record = b"[Event \"Rated\"]\n[Opening \"King's \\\"Gambit\\\"\"]\n\n1. e4 { [%clk 0:03:00] } *\n\n";
/// let mut pairs = TagPairs::new(record);
/// let names: Vec<_> = pairs.by_ref().map(|pair| (pair.name(), pair.value().into_owned())).collect();
/// assert_eq!(names, [("Event", "Rated".to_owned()), ("Opening", "King's \"Gambit\"".to_owned())]);
/// assert_eq!(pairs.movetext(), b"1. e4 { [%clk 0:03:00] } *");
/// ```
#[derive(Clone, Debug)]
pub struct TagPairs<'a> {
    /// The current tag line's rest, then the lines after it.
    line: &'a [u8],
    rest: &'a [u8],
    ended: bool,
    /// The pairs the reader found, when it did: read from their spans.
    spans: core::slice::Iter<'a, [u32; 4]>,
    record: &'a [u8],
}

/// One tag pair: its name as written and its value.
///
/// ```
/// let pair = chess960_games::read::TagPairs::new(b"[ECO \"A00\"]\n").next().unwrap();
/// assert_eq!((pair.name(), pair.value().as_ref()), ("ECO", "A00"));
/// ```
#[derive(Clone, Copy)]
pub struct TagPair<'a> {
    /// UTF-8 (ASCII where the reader found the pair).
    name: &'a [u8],
    raw: &'a [u8],
}

impl core::fmt::Debug for TagPair<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TagPair")
            .field("name", &self.name())
            .field("raw", &self.raw)
            .finish()
    }
}

impl<'a> TagPair<'a> {
    /// The tag's name, as written (PGN names are case-sensitive).
    pub fn name(&self) -> &'a str {
        core::str::from_utf8(self.name).unwrap_or_default()
    }

    /// The tag's name as written, as bytes (UTF-8).
    ///
    /// ```
    /// let pair = chess960_games::read::TagPairs::new(b"[ECO \"A00\"]\n").next().unwrap();
    /// assert_eq!(pair.name_bytes(), b"ECO");
    /// ```
    pub fn name_bytes(&self) -> &'a [u8] {
        self.name
    }

    /// The bytes of [`TagPair::value`] (UTF-8): as written, without a
    /// check of their encoding, when they are ASCII without a backslash;
    /// else unescaped and decoded as `value` does.
    ///
    /// ```
    /// use chess960_games::read::TagPairs;
    ///
    /// let mut pairs = TagPairs::new(b"[White \"Kasparov, G\"]\n[Black \"M\xfcller \\\"M\\\"\"]\n");
    /// let (white, black) = (pairs.next().unwrap(), pairs.next().unwrap());
    /// assert_eq!(white.value_bytes().as_ref(), b"Kasparov, G");
    /// assert_eq!(black.value_bytes().as_ref(), black.value().as_bytes());
    /// assert_eq!(black.value(), "M\u{fc}ller \"M\"");
    /// ```
    pub fn value_bytes(&self) -> Cow<'a, [u8]> {
        // Every byte looked at, without stopping at the first that is
        // not plain (rare), so that the loop runs several at a time.
        let odd = self
            .raw
            .iter()
            .fold(0, |odd, &byte| odd | byte & 0x80 | u8::from(byte == b'\\'));
        if odd == 0 {
            return Cow::Borrowed(self.raw);
        }
        match self.value() {
            Cow::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
            Cow::Owned(text) => Cow::Owned(text.into_bytes()),
        }
    }

    /// The value: unescaped (`\"` is `"`, `\\` is `\`), read as UTF-8, or
    /// as ISO 8859-1 when its bytes are not UTF-8; borrowed when nothing
    /// needed changing.
    ///
    /// ```
    /// let pair = chess960_games::read::TagPairs::new(b"[White \"M\xfcller\"]").next().unwrap();
    /// assert_eq!(pair.value(), "Müller");
    /// ```
    pub fn value(&self) -> Cow<'a, str> {
        if !self.raw.contains(&b'\\') {
            if let Ok(text) = core::str::from_utf8(self.raw) {
                return Cow::Borrowed(text);
            }
        }
        let mut bytes = Vec::with_capacity(self.raw.len() + 4);
        Tags::push_decoded(&mut bytes, self.raw);
        // `push_decoded` writes UTF-8 only.
        Cow::Owned(
            String::from_utf8(bytes)
                .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned()),
        )
    }
}

impl<'a> TagPairs<'a> {
    /// The tag pairs of `record`, which starts at its first tag line (a
    /// byte order mark before it is skipped).
    pub fn new(record: &'a [u8]) -> TagPairs<'a> {
        let record = record.strip_prefix(&super::scan::BOM).unwrap_or(record);
        TagPairs {
            line: &[],
            rest: record,
            ended: false,
            spans: [].iter(),
            record: &[],
        }
    }

    /// The tag pairs of `record` where the reader found them on its way
    /// (`spans`, of `Reader::next_with_spans` for this record): the same
    /// pairs as [`TagPairs::new`] gives, without reading the lines again.
    ///
    /// ```
    /// use chess960_games::read::{Reader, TagPairs};
    ///
    /// let pgn = b"[Event \"Club\"]\n[ECO \"C60\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n[Event \"b\"]\n\n*\n";
    /// let mut reader = Reader::new(&pgn[..]).keep_raw();
    /// let (_, raw, spans) = reader.next_with_spans().unwrap();
    /// let (raw, spans) = (raw.unwrap(), spans.unwrap());
    /// let found: Vec<_> = TagPairs::with_spans(raw, spans).map(|p| (p.name(), p.value())).collect();
    /// let read: Vec<_> = TagPairs::new(raw).map(|p| (p.name(), p.value())).collect();
    /// assert_eq!(found, read);
    /// assert_eq!(TagPairs::with_spans(raw, spans).movetext(), b"1. e4 e5 2. Nf3 Nc6 3. Bb5 *");
    /// ```
    pub fn with_spans(record: &'a [u8], spans: TagSpans<'a>) -> TagPairs<'a> {
        TagPairs {
            line: &[],
            rest: &[],
            ended: true,
            spans: spans.spans().iter(),
            record,
        }
    }

    /// What follows the tag section, from its first line that is not
    /// blank, without the whitespace at the end: the movetext as written,
    /// comments and line ends included (the tags not yet iterated are
    /// passed over).
    ///
    /// ```
    /// let pairs = chess960_games::read::TagPairs::new(b"[Event \"e\"]\r\n\r\n1. d4 d5\r\n2. c4 *\r\n\r\n");
    /// assert_eq!(pairs.movetext(), b"1. d4 d5\r\n2. c4 *");
    /// ```
    pub fn movetext(mut self) -> &'a [u8] {
        if !self.record.is_empty() {
            // Read from spans: the lines are read for their end.
            self = TagPairs::new(self.record);
        }
        while self.next().is_some() {}
        let rest = self.rest;
        let start = rest
            .iter()
            .position(|byte| !byte.is_ascii_whitespace())
            .unwrap_or(rest.len());
        let end = rest
            .iter()
            .rposition(|byte| !byte.is_ascii_whitespace())
            .map_or(start, |last| last + 1);
        &rest[start..end.max(start)]
    }

    /// The next line of the tag section, or `None` at its end. Lines the
    /// reader passes over as broken (longer than [`MAX_TAG_LINE`], or
    /// holding a control byte) are passed over here too.
    fn next_line(&mut self) -> Option<&'a [u8]> {
        loop {
            let end = memchr::memchr(b'\n', self.rest).map_or(self.rest.len(), |at| at + 1);
            // A `%` in the first column escapes its line, and a `;` there
            // starts a comment line, as the reader has them.
            if matches!(self.rest.first(), Some(b'%' | b';')) {
                self.rest = &self.rest[end..];
                continue;
            }
            let whole = &self.rest[..end];
            let line = trim_start(whole);
            if !line.starts_with(b"[") {
                return None;
            }
            self.rest = &self.rest[end..];
            // As the reader measures it: without its `\n`, with its `\r`.
            let text = whole.strip_suffix(b"\n").unwrap_or(whole);
            let before_cr = text.strip_suffix(b"\r").unwrap_or(text);
            // Every byte looked at, without stopping at the first control
            // character (rare), so that the loop runs a word at a time.
            let controls = before_cr
                .iter()
                .fold(false, |any, &byte| any | is_control(byte));
            if text.len() <= MAX_TAG_LINE && !controls {
                return Some(line);
            }
        }
    }
}

impl<'a> Iterator for TagPairs<'a> {
    type Item = TagPair<'a>;

    fn next(&mut self) -> Option<TagPair<'a>> {
        if self.ended {
            // Spans in a record's bytes: an ASCII name and value (a span
            // out of the record, which the reader never gives, is passed
            // over).
            return self.spans.find_map(|&[a, b, c, d]| {
                let at = |from: u32, to: u32| self.record.get(from as usize..to as usize);
                Some(TagPair {
                    // ASCII from the reader; any UTF-8 name is kept.
                    name: at(a, b)
                        .filter(|name| name.is_ascii() || core::str::from_utf8(name).is_ok())?,
                    raw: at(c, d)?,
                })
            });
        }
        loop {
            let line = trim_start(self.line);
            if let Some(after) = line.strip_prefix(b"[") {
                let after = trim_start(after);
                let (name, after) = after.split_at(tag_name_length(after));
                let pair = trim_start(after)
                    .strip_prefix(b"\"")
                    .and_then(|value| tag_value(value).ok())
                    .filter(|_| !name.is_empty());
                // A name is ASCII (`tag_name_length` takes no other byte).
                if let Some((raw, after)) = pair {
                    self.line = after;
                    return Some(TagPair { name, raw });
                }
                // A broken pair: its line is passed over, as the reader
                // passes it over (and reads the record as unreadable).
                self.line = &[];
                continue;
            }
            // The rest of the line (blank, or anything but a tag pair after
            // one, such as a `; remark`) is passed over, as the reader
            // passes it over.
            if let Some(next) = self.next_line() {
                self.line = next;
            } else {
                self.ended = true;
                return None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::TagPairs;
    use std::vec::Vec;

    fn names(record: &[u8]) -> Vec<(&str, std::string::String)> {
        TagPairs::new(record)
            .map(|pair| (pair.name(), pair.value().into_owned()))
            .collect()
    }

    /// A value's bytes are those of its text, whatever it holds.
    #[test]
    fn value_bytes_are_the_value_s() {
        let values: [&[u8]; 9] = [
            b"",
            b"plain",
            b"a \\\"quote\\\"",
            b"back\\\\slash",
            "M\u{fc}ller".as_bytes(),
            b"M\xfcller",
            b"\xe9\\\"",
            "\u{65e5}\u{672c}".as_bytes(),
            b"odd \\x",
        ];
        for value in values {
            let mut record = b"[Name \"".to_vec();
            record.extend_from_slice(value);
            record.extend_from_slice(b"\"]\n\n*\n");
            let pair = TagPairs::new(&record).next().unwrap();
            assert_eq!(pair.name_bytes(), b"Name");
            assert!(std::format!("{pair:?}").starts_with("TagPair { name: \"Name\""));
            assert_eq!(
                pair.value_bytes().as_ref(),
                pair.value().as_bytes(),
                "{value:?}"
            );
        }
    }

    /// Text after a line's last pair is passed over, and the pairs of the
    /// lines below are read, as the reader reads them.
    #[test]
    fn text_after_a_lines_last_pair_is_passed_over() {
        let record = b"[Event \"e\"] ; from the club\n[Opening \"Sicilian\"] junk\n[Result \"1-0\"]\n\n1. e4 c5 1-0\n";
        assert_eq!(
            names(record),
            [
                ("Event", "e".into()),
                ("Opening", "Sicilian".into()),
                ("Result", "1-0".into())
            ]
        );
        assert_eq!(TagPairs::new(record).movetext(), b"1. e4 c5 1-0");
        let mut tags = crate::read::Reader::new(&record[..]);
        let read = tags.next().unwrap();
        assert_eq!(read.tags().get(crate::read::TagName::Result), Some("1-0"));
    }

    #[test]
    fn pairs_end_at_the_first_line_that_is_not_a_tag_pair() {
        let record =
            b"\xEF\xBB\xBF  [A \"1\"] [B \"2\"]\n\t[C_3  \"x\\\\y\" ]\n\n[D \"not a tag\"]\n";
        assert_eq!(
            names(record),
            [("A", "1".into()), ("B", "2".into()), ("C_3", "x\\y".into())]
        );
        assert_eq!(TagPairs::new(record).movetext(), b"[D \"not a tag\"]");
    }

    #[test]
    fn escaped_lines_in_the_tag_section_are_passed_over() {
        let record = b"[A \"1\"]\n% escaped [X \"no\"]\n[B \"2\"]\n%\n\n1. e4 *\n";
        assert_eq!(names(record), [("A", "1".into()), ("B", "2".into())]);
        assert_eq!(TagPairs::new(record).movetext(), b"1. e4 *");
        // Not in the first column: not an escape, and the section ends.
        assert_eq!(names(b"[A \"1\"]\n %x\n[B \"2\"]\n"), [("A", "1".into())]);
        assert_eq!(names(b"[A \"1\"]\n% last"), [("A", "1".into())]);
    }

    #[test]
    fn a_broken_pair_is_passed_over() {
        let record = b"[A \"1\"]\n[B 2]\n[\xC4x \"y\"]\n[D \"\x01\"]\n[C \"3\"]\r\n\n1. e4 *\n";
        assert_eq!(names(record), [("A", "1".into()), ("C", "3".into())]);
        assert_eq!(TagPairs::new(record).movetext(), b"1. e4 *");
        // A line as long as the reader reads is read; a longer one is not.
        for (length, read) in [
            (crate::read::MAX_TAG_LINE, true),
            (crate::read::MAX_TAG_LINE + 1, false),
        ] {
            let mut record = b"[A \"".to_vec();
            record.resize(length - 2, b'x');
            record.extend_from_slice(b"\"]\n[C \"3\"]\n\n1. e4 *\n");
            let kept = crate::read::Reader::new(&record[..])
                .next()
                .unwrap()
                .error()
                .is_none();
            assert_eq!(kept, read);
            assert_eq!(names(&record).len(), if read { 2 } else { 1 }, "{length}");
        }
        assert_eq!(names(b"[A \"1\n"), []);
        assert_eq!(names(b"[ \"1\"]\n"), []);
        assert_eq!(names(b"1. e4 *\n"), []);
        assert_eq!(TagPairs::new(b"").movetext(), b"");
    }

    /// Names as PGN defines them, quotes left unescaped inside a value,
    /// and `;` comment lines among the tags, as python-chess reads them.
    #[test]
    fn symbols_inner_quotes_and_comment_lines() {
        let record = b"[Event \"Blitz \"Friday\" Open\"]\n; exported by a club tool\n[White:Team \"a-b\"] [Site \"x\"]\n[Round \"Open [Group \"A\"] 2\"] ; r\n[Annotator \"A\"] junk\n\n1. e4 *\n";
        assert_eq!(
            names(record),
            [
                ("Event", "Blitz \"Friday\" Open".into()),
                ("White:Team", "a-b".into()),
                ("Site", "x".into()),
                ("Round", "Open [Group \"A\"] 2".into()),
                ("Annotator", "A".into())
            ]
        );
        assert_eq!(TagPairs::new(record).movetext(), b"1. e4 *");
        let read = crate::read::Reader::new(&record[..]).next().unwrap();
        assert_eq!(read.error(), None);
        assert_eq!(
            read.tags().get(crate::read::TagName::Event),
            Some("Blitz \"Friday\" Open")
        );
        assert_eq!(read.tags().get(crate::read::TagName::Site), Some("x"));
    }

    /// Pairs read from the reader's spans are those read anew from the
    /// record's bytes, record by record, on a real month of lichess's and
    /// on lines the fast way does not take (escapes, inner quotes, bytes
    /// outside ASCII, comment and `%` lines, indented tags, a second
    /// `Event`, CRLF, a value longer than the scan's window, a name
    /// of 16 bytes); most of the real month's records have spans.
    #[test]
    fn spans_give_the_pairs_read_anew() {
        let real = include_bytes!("../../tests/fixtures/lichess_2025-05_438.pgn");
        let long = "v".repeat(300);
        let made = format!(
            "[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 *\r\n\r\n\
             [Event \"x\"]\n[Event \"second\"]\n\n*\n\n\
             [Event \"c\\\\d\"]\n[White \"e\\\"f\"]\n\n*\n\n\
             [Event \"M\u{fc}ller\"]\n\n*\n\n\
             [Event \"q\"]\n%escaped\n; comment\n  [Site \"indented\"]\n[Round \"1\"] ; r\n\n*\n\n\
             [Event \"Blitz \"Friday\" Open\"]\n\n*\n\n\
             [Annotation \"{long}\"]\n[ABCDEFGHIJKLMNOP \"n\"]\n[Event \"e\"]\n\n1. d4 *\n\n"
        );
        for input in [&real[..], made.as_bytes()] {
            let mut reader = crate::read::Reader::new(input).keep_raw();
            let mut records = 0;
            let mut spanned = 0;
            while let Some((_, raw, spans)) = reader.next_with_spans() {
                records += 1;
                let raw = raw.unwrap();
                let Some(spans) = spans else { continue };
                spanned += 1;
                let found: Vec<_> = TagPairs::with_spans(raw, spans)
                    .map(|pair| (pair.name(), pair.value()))
                    .collect();
                let anew: Vec<_> = TagPairs::new(raw)
                    .map(|pair| (pair.name(), pair.value()))
                    .collect();
                assert_eq!(found, anew, "{}", std::string::String::from_utf8_lossy(raw));
                assert_eq!(found.len(), spans.len());
                assert_eq!(
                    TagPairs::with_spans(raw, spans).movetext(),
                    TagPairs::new(raw).movetext()
                );
            }
            if input.len() == real.len() {
                // Records cut by the reader's buffer, or with a name or a
                // value outside ASCII, are read the general way.
                assert_eq!(records, 438);
                assert!(spanned >= 400, "{spanned}");
            } else {
                // The CRLF record and the two of `Event` twice only.
                assert_eq!((records, spanned), (8, 3));
            }
        }
        // Without raw records kept, no spans.
        let mut reader = crate::read::Reader::new(&real[..]);
        assert!(reader.next_with_spans().unwrap().2.is_none());
    }
}
