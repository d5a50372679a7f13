//! The rules of PGN the reader applies line by line (tag lines, movetext
//! lines, where a record ends), and the fast way through a record that lies
//! whole in one buffer. The reader falls back to its byte-wise way at a
//! buffer's end, and both ways give the same records.

use super::record::{MAX_TAG_LINE, RecordError};
use super::swar;
use super::tags::{TagName, Tags};
use super::wide;
use std::vec::Vec;

/// The byte order mark of UTF-8.
pub(super) const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// A record read whole from one buffer.
pub(super) struct Scanned {
    /// Its length: up to the next record's first byte.
    pub(super) length: usize,
    /// Its first error.
    pub(super) error: Option<RecordError>,
    /// Whether each of its tag lines was a plain one pair line (so that
    /// the spans kept, if asked, are all its pairs).
    pub(super) plain: bool,
}

/// Reads the record that starts at `buffer[0]` (a `[` at a line start,
/// with no earlier state) into `tags`, if the buffer holds all of it and the
/// start of what follows it. `None` when it runs to the buffer's end: the
/// caller clears `tags` and reads it the byte-wise way, which knows what
/// the next buffer holds and where the input ends.
///
/// With `spans`, each plain tag line's pair is added to it: its name's
/// and its value's ranges in `buffer` ([`Scanned::plain`] says whether
/// they are all the record's pairs).
pub(super) fn record(
    buffer: &[u8],
    tags: &mut Tags,
    spans: Option<&mut Vec<[u32; 4]>>,
) -> Option<Scanned> {
    let mut bytes = tags.take_bytes();
    let scanned = tag_section(buffer, tags, &mut bytes, spans);
    tags.put_bytes(bytes);
    scanned
}

/// [`record`], with the tag values going into `bytes`.
fn tag_section(
    buffer: &[u8],
    tags: &mut Tags,
    bytes: &mut Vec<u8>,
    mut spans: Option<&mut Vec<[u32; 4]>>,
) -> Option<Scanned> {
    let mut error = None;
    let mut has_event = false;
    let mut plain = true;
    let mut at = 0;
    loop {
        // A tag line starts at `at`.
        if let Some((name, (start, end), length)) = plain_tag_line(&buffer[at..]) {
            let is_event = name == Some(TagName::Event);
            if is_event && has_event {
                return Some(Scanned {
                    length: at,
                    error,
                    plain,
                });
            }
            has_event |= is_event;
            if let Some(name) = name {
                tags.push_ascii(bytes, name, &buffer[at..], start, end);
            }
            if let Some(spans) = spans.as_deref_mut() {
                // The name from the byte after `[` to the space before
                // the value's quote; a record is at most 4 GiB to be
                // kept whole (else its spans say nothing).
                let span = [at + 1, at + start - 2, at + start, at + end].map(u32::try_from);
                match span {
                    [Ok(a), Ok(b), Ok(c), Ok(d)] => spans.push([a, b, c, d]),
                    _ => plain = false,
                }
            }
            at += length;
        } else {
            plain = false;
            let end = at + memchr::memchr(b'\n', &buffer[at..])?;
            let mut line = &buffer[at..end];
            if line.len() > MAX_TAG_LINE {
                set_first(&mut error, RecordError::TagLineTooLong);
            } else {
                if let [rest @ .., b'\r'] = line {
                    line = rest;
                }
                let is_event = starts_event(line);
                if is_event && has_event {
                    // A second Event: the next record starts at this line.
                    return Some(Scanned {
                        length: at,
                        error,
                        plain,
                    });
                }
                has_event |= is_event;
                if let Err(broken) = parse_tag_line(line, tags, bytes) {
                    set_first(&mut error, broken);
                }
            }
            at = end + 1;
        }
        // The next line: another tag (indented or not), a `%` line or a
        // `;` comment line (passed over), or the movetext.
        loop {
            match *buffer.get(at)? {
                b'%' | b';' => at += memchr::memchr(b'\n', &buffer[at..])? + 1,
                b'[' => break,
                b' ' | b'\t' => {
                    let indent = buffer[at..]
                        .iter()
                        .position(|byte| !matches!(byte, b' ' | b'\t'))?;
                    if buffer[at + indent] == b'[' {
                        at += indent;
                        break;
                    }
                    let length = at + movetext(&buffer[at..], &mut error)?;
                    return Some(Scanned {
                        length,
                        error,
                        plain,
                    });
                }
                _ => {
                    let length = at + movetext(&buffer[at..], &mut error)?;
                    return Some(Scanned {
                        length,
                        error,
                        plain,
                    });
                }
            }
        }
    }
}

/// A tag line in its common form, `[Name "value"]` and its line end, with
/// no escape, control byte or byte outside ASCII in the value: the kept tag
/// it names (if any), its value and its length with the line end, found
/// sixteen bytes at a time (the value as its range in `line`). `line`
/// starts at the `[`. `None` for any other line, and for lines the general
/// rules read just as well: a name of 16 bytes or more, a value of about
/// 4 KiB or more, a line that starts less than 32 bytes before the
/// buffer's end.
#[inline]
fn plain_tag_line(line: &[u8]) -> Option<(Option<TagName>, (usize, usize), usize)> {
    debug_assert_eq!(line.first(), Some(&b'['));
    // A line's first 32 bytes hold most lines whole: their spaces and value
    // stops, found at once, give the name's and the value's ends.
    let window: &[u8; 32] = line.get(..32)?.try_into().ok()?;
    let classes = wide::classes(window);
    // The name runs from byte 1 to the first space: 1 to 15 bytes. A kept
    // name needs no other check; any other must be made of name bytes.
    let space = classes.spaces.trailing_zeros() as usize;
    if !(2..=16).contains(&space) || window[space + 1] != b'"' {
        return None;
    }
    let name_length = space - 1;
    let (head, tail) = (swar::word_at(window, 1)?, swar::word_at(window, 9)?);
    let name = match name_length {
        ..=8 => kept_name_of(head, name_length),
        length
            if length == TIME_CONTROL.len()
                && head == pack(TIME_CONTROL)
                && swar::low_bytes(tail, length - 8) == pack(TIME_CONTROL.split_at(8).1) =>
        {
            Some(TagName::TimeControl)
        }
        _ => None,
    };
    if name.is_none() {
        let plain = all_name_bytes(head, name_length.min(8))
            && all_name_bytes(tail, name_length.saturating_sub(8));
        if !plain {
            return None;
        }
    }
    let start = space + 2;
    let rest = classes.stops >> start;
    let end = if rest != 0 {
        start + rest.trailing_zeros() as usize
    } else {
        // A longer value: sixteen bytes a step.
        let mut end = window.len();
        loop {
            let sixteen = line.get(end..end.checked_add(16)?)?.try_into().ok()?;
            if let Some(stop) = wide::first_value_stop(sixteen) {
                break end + stop;
            }
            end += 16;
            if end > 4096 {
                return None;
            }
        }
    };
    if line[end] != b'"' {
        return None;
    }
    let length = match line.get(end + 1..end + 3)? {
        [b']', b'\n'] => end + 3,
        [b']', b'\r'] if line.get(end + 3) == Some(&b'\n') => end + 4,
        _ => return None,
    };
    Some((name, (start, end), length))
}

/// Up to eight bytes as a little-endian word, the rest zero.
const fn pack(name: &[u8]) -> u64 {
    let mut word = 0;
    let mut at = 0;
    while at < name.len() && at < 8 {
        word |= (name[at] as u64) << (8 * at);
        at += 1;
    }
    word
}

/// The kept tag named by the low `length` bytes of a word (one to eight),
/// if they are one: a zero byte at the name's end (`Variant\0`) is no kept
/// name, though it packs as one, so the kept name's length must be
/// `length`.
#[inline]
fn kept_name_of(word: u64, length: usize) -> Option<TagName> {
    kept_name(swar::low_bytes(word, length)).filter(|name| name.as_str().len() == length)
}

/// Whether the low `count` bytes of a word (none to eight) are all bytes
/// of a tag name.
#[inline]
fn all_name_bytes(word: u64, count: usize) -> bool {
    swar::low_bytes(!swar::name_bytes(word) & swar::HIGHS, count) == 0
}

/// The one kept name longer than eight bytes (at most sixteen).
const TIME_CONTROL: &[u8] = TagName::TimeControl.as_str().as_bytes();

// Every other kept name has at most eight bytes, for `kept_name`.
const _: () = {
    let mut at = 0;
    while at < TagName::ALL.len() {
        let name = TagName::ALL[at];
        let length = name.as_str().len();
        assert!(length <= 8 || (matches!(name, TagName::TimeControl) && length <= 16));
        at += 1;
    }
};

/// The kept tag named by a name of one to eight bytes, packed by [`pack`].
/// A kept name's bytes are never zero, but a name read from a line may end
/// in zero bytes and pack as a shorter one: [`kept_name_of`] checks the
/// length.
#[inline]
fn kept_name(packed: u64) -> Option<TagName> {
    /// A kept name of at most eight bytes, packed, spelt as `as_str` does.
    const fn short(name: TagName) -> u64 {
        pack(name.as_str().as_bytes())
    }
    const EVENT: u64 = short(TagName::Event);
    const SITE: u64 = short(TagName::Site);
    const DATE: u64 = short(TagName::Date);
    const WHITE: u64 = short(TagName::White);
    const BLACK: u64 = short(TagName::Black);
    const RESULT: u64 = short(TagName::Result);
    const WHITE_ELO: u64 = short(TagName::WhiteElo);
    const BLACK_ELO: u64 = short(TagName::BlackElo);
    const VARIANT: u64 = short(TagName::Variant);
    const SET_UP: u64 = short(TagName::SetUp);
    const FEN: u64 = short(TagName::Fen);
    Some(match packed {
        EVENT => TagName::Event,
        SITE => TagName::Site,
        DATE => TagName::Date,
        WHITE => TagName::White,
        BLACK => TagName::Black,
        RESULT => TagName::Result,
        WHITE_ELO => TagName::WhiteElo,
        BLACK_ELO => TagName::BlackElo,
        VARIANT => TagName::Variant,
        SET_UP => TagName::SetUp,
        FEN => TagName::Fen,
        _ => return None,
    })
}

/// Skips movetext that starts at a line start, up to the next record's
/// first byte: its offset in `buffer`, or `None` at the buffer's end.
fn movetext(buffer: &[u8], error: &mut Option<RecordError>) -> Option<usize> {
    let mut in_comment = false;
    let mut skip_line = false;
    let mut line_start = true;
    let mut at = 0;
    loop {
        let at_line_start = line_start;
        if line_start {
            line_start = false;
            let byte = *buffer.get(at)?;
            if byte == BOM[0] {
                if in_comment {
                    set_first(error, RecordError::UnclosedComment);
                }
                return Some(at);
            } else if in_comment {
                if byte == b'[' && buffer.get(at + 1)?.is_ascii_alphabetic() {
                    set_first(error, RecordError::UnclosedComment);
                    return Some(at);
                }
            } else if starts_record(byte, false) {
                return Some(at);
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
            at += memchr::memchr(b'\n', rest)? + 1;
            skip_line = false;
            line_start = true;
        } else if in_comment {
            let end = memchr::memchr2(b'}', b'\n', rest)?;
            if rest[end] == b'}' {
                in_comment = false;
            } else {
                line_start = true;
            }
            at += end + 1;
        } else {
            let end = memchr::memchr3(b'{', b';', b'\n', rest)?;
            match rest[end] {
                b'{' => in_comment = true,
                b';' => skip_line = true,
                _ => line_start = true,
            }
            at += end + 1;
        }
    }
}

/// The common case of movetext, a whole line in the buffer without `;`
/// (lichess writes a game's moves on one line): its length with the
/// newline, and whether a comment is open at its end, which it is if and
/// only if no `}` follows its last `{`. `None` for the byte-wise way.
pub(super) fn whole_line(rest: &[u8]) -> Option<(usize, bool)> {
    // A line without comments is done in one pass; past the first `{`,
    // one pass to the line's end and one back to its last `{`. A `;` before
    // the line's end sends it the byte-wise way.
    let first = memchr::memchr3(b'\n', b';', b'{', rest)?;
    match rest[first] {
        b'\n' => return Some((first + 1, false)),
        b';' => return None,
        _ => {}
    }
    let end = first + memchr::memchr2(b'\n', b';', &rest[first..])?;
    if rest[end] == b';' {
        return None;
    }
    let line = &rest[first..end];
    let open = memchr::memrchr(b'{', line)
        .is_some_and(|open| memchr::memchr(b'}', &line[open..]).is_none());
    Some((end + 1, open))
}

/// Whether a byte cannot start a line of movetext: a control byte other
/// than whitespace, DEL, or a byte that starts no character of UTF-8
/// (`0x80` to `0xC1`, `0xF5` to `0xFF`). A line may start with a
/// character outside ASCII: a no-break space, `…Nf6`, `±`.
pub(super) fn is_garbage(byte: u8) -> bool {
    (byte < 0x20 && !matches!(byte, b'\t' | b'\n' | b'\r' | 0x0C))
        || matches!(byte, 0x7F..=0xC1 | 0xF5..=0xFF)
}

/// Whether a movetext line that starts with `byte` (outside a comment)
/// starts the next record: a `[`, or garbage (a control byte, or a byte
/// that starts no character of UTF-8: a record of its own, read
/// unreadable); with
/// `ends_at_blank` (a game without tags), an empty line too.
pub(super) fn starts_record(byte: u8, ends_at_blank: bool) -> bool {
    byte == b'[' || is_garbage(byte) || (ends_at_blank && matches!(byte, b'\n' | b'\r'))
}

/// Keeps the first error of a record.
pub(super) fn set_first(slot: &mut Option<RecordError>, error: RecordError) {
    if slot.is_none() {
        *slot = Some(error);
    }
}

/// Whether a tag line is an `Event` tag.
pub(super) fn starts_event(line: &[u8]) -> bool {
    let line = trim_start(line);
    line.strip_prefix(b"[")
        .map(trim_start)
        .and_then(|rest| rest.strip_prefix(b"Event"))
        .is_some_and(|rest| matches!(rest.first(), Some(b' ' | b'\t' | b'"')))
}

pub(super) fn trim_start(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|byte| !matches!(byte, b' ' | b'\t'))
        .unwrap_or(bytes.len());
    &bytes[start..]
}

/// Parses the tag pairs of one line (usually one) into `tags`.
pub(super) fn parse_tag_line(
    line: &[u8],
    tags: &mut Tags,
    bytes: &mut Vec<u8>,
) -> Result<(), RecordError> {
    // Without an early exit, so that the compiler can vectorise it.
    if line
        .iter()
        .fold(false, |found, &byte| found | is_control(byte))
    {
        if let Some(&byte) = line.iter().find(|&&byte| is_control(byte)) {
            return Err(RecordError::ControlByte { byte });
        }
    }
    let mut rest = trim_start(line);
    while let Some(after) = rest.strip_prefix(b"[") {
        let after = trim_start(after);
        let name_length = tag_name_length(after);
        if name_length == 0 {
            return Err(RecordError::BadTagName);
        }
        let (name, after) = after.split_at(name_length);
        let Some(value_start) = trim_start(after).strip_prefix(b"\"") else {
            return Err(RecordError::MissingValue);
        };
        let (value, after) = tag_value(value_start)?;
        if let Some(name) = TagName::from_name(name) {
            tags.push_raw(bytes, name, value);
        }
        rest = trim_start(after);
    }
    Ok(())
}

/// Whether a tag line's byte is a control byte, which breaks the line (a
/// tab is not one).
pub(super) const fn is_control(byte: u8) -> bool {
    (byte < 0x20 && byte != b'\t') || byte == 0x7F
}

/// Whether `name` is a tag name as the reader reads it: a symbol of PGN's
/// export format (an ASCII letter or digit, then letters, digits and
/// `_`, `+`, `#`, `=`, `:`, `-`), or such a name that starts with `_`.
///
/// ```
/// use chess960_games::read::is_tag_name;
///
/// assert!(is_tag_name(b"WhiteRatingDiff") && is_tag_name(b"White:Team"));
/// assert!(!is_tag_name(b"") && !is_tag_name(b"-x") && !is_tag_name(b"Two words"));
/// ```
pub fn is_tag_name(name: &[u8]) -> bool {
    !name.is_empty() && tag_name_length(name) == name.len()
}

/// The length of the tag name `bytes` starts with (0 for none).
pub(super) fn tag_name_length(bytes: &[u8]) -> usize {
    match bytes.first() {
        Some(first) if first.is_ascii_alphanumeric() || *first == b'_' => bytes
            .iter()
            .position(|&byte| {
                !(byte.is_ascii_alphanumeric()
                    || matches!(byte, b'_' | b'+' | b'#' | b'=' | b':' | b'-'))
            })
            .unwrap_or(bytes.len()),
        _ => 0,
    }
}

/// A tag value, from the byte after its opening `"`: the value (escapes
/// still in it) and what follows the `]` that closes the pair. The value
/// ends at a `"` (not escaped) that a `]` follows, after blanks: the first
/// such after which the line ends, or holds a `;` remark or the next
/// pair's `[`; else the last. So a quote left unescaped inside a value
/// stays in it (`"Blitz "Friday" Open"`, `"Open [Group "A"] 2024"`), as
/// python-chess reads it, and two pairs on one line stay two.
pub(super) fn tag_value(value: &[u8]) -> Result<(&[u8], &[u8]), RecordError> {
    let mut from = 0;
    let mut quoted = false;
    let mut last = None;
    while let Some(end) = value
        .get(from..)
        .and_then(closing_quote)
        .map(|at| from + at)
    {
        quoted = true;
        if let Some(after) = trim_start(&value[end + 1..]).strip_prefix(b"]") {
            let next = trim_start(after);
            if matches!(next.first(), None | Some(b'[' | b';' | b'\r' | b'\n')) {
                return Ok((&value[..end], after));
            }
            last = Some((&value[..end], after));
        }
        from = end + 1;
    }
    last.ok_or(if quoted {
        RecordError::UnclosedBracket
    } else {
        RecordError::UnclosedQuote
    })
}

/// The index of the `"` that closes a tag value (escapes skipped).
pub(super) fn closing_quote(value: &[u8]) -> Option<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;
    use std::vec;

    /// Reads a line the general way, as `tag_section` does.
    fn general(line: &[u8]) -> (Result<(), RecordError>, Tags) {
        let mut tags = Tags::new();
        let mut bytes = tags.take_bytes();
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let result = parse_tag_line(line, &mut tags, &mut bytes);
        tags.put_bytes(bytes);
        (result, tags)
    }

    /// What follows a tag line in the buffer: the next line, nothing, a
    /// byte, or 32 bytes and more.
    const AFTER: [&[u8]; 4] = [
        b"[Event \"next\"]\n",
        b"",
        b"1",
        b"[Site \"x\"]\n[Date \"2026.11.25\"]\n[Round \"1\"]\n",
    ];

    /// Names beside the kept ones: dropped ones, near misses of kept ones,
    /// names too long for the fast way, and names with odd bytes (a zero
    /// byte after a kept name packs as the kept name).
    const OTHER_NAMES: [&str; 24] = [
        "Round",
        "Termination",
        "WhiteRatingDiff",
        "A",
        "_x9",
        "Whit",
        "WhiteEloX",
        "TimeContro",
        "TimeControl2",
        "TimeControL",
        "FENx",
        "Fen",
        "Fifteen_letters",
        "Sixteen_letters_",
        "Seventeen_letters",
        "Wh-te",
        "Wh\u{e9}",
        "",
        "Event\t",
        "Variant\0",
        "FEN\0",
        "Event\0\0",
        "Whit\0",
        "\0",
    ];

    /// The fast way agrees with the general way wherever it answers, and
    /// answers for every plain line with 32 bytes of buffer behind it.
    #[test]
    fn plain_tag_lines_read_as_the_general_rules_read_them() {
        let mut names: Vec<Vec<u8>> = TagName::ALL
            .iter()
            .map(|name| name.as_str().as_bytes().to_vec())
            .collect();
        for name in OTHER_NAMES {
            names.push(name.as_bytes().to_vec());
        }
        let mut values: Vec<Vec<u8>> = (0..40).map(|length| vec![b'a'; length]).collect();
        for special in [b'"', b'\\', b'\t', b'\r', 0x7F, 0xC3, b']', 0] {
            for at in [0, 1, 7, 8, 9, 15] {
                let mut value = vec![b'v'; 16];
                value[at] = special;
                values.push(value);
            }
        }
        let plain_name = |name: &[u8]| {
            (1..=15).contains(&name.len())
                && name
                    .iter()
                    .all(|&byte| byte.is_ascii_alphanumeric() || byte == b'_')
        };
        let plain_value = |value: &[u8]| {
            value
                .iter()
                .all(|&byte| (0x20..0x7F).contains(&byte) && !matches!(byte, b'"' | b'\\'))
        };
        let mut fast = 0;
        for name in &names {
            for value in &values {
                for (close, end) in [
                    ("\"]", "\n"),
                    ("\"]", "\r\n"),
                    ("\"]", "\r"),
                    ("\" ]", "\n"),
                    ("\"] ", "\n"),
                    ("\"", "\n"),
                ] {
                    for after in AFTER {
                        let mut line = b"[".to_vec();
                        line.extend_from_slice(name);
                        line.extend_from_slice(b" \"");
                        line.extend_from_slice(value);
                        line.extend_from_slice(close.as_bytes());
                        let text = line.clone();
                        line.extend_from_slice(end.as_bytes());
                        line.extend_from_slice(after);
                        let plain = plain_name(name)
                            && plain_value(value)
                            && close == "\"]"
                            && end.ends_with('\n');
                        let Some((kept, (from, to), length)) = plain_tag_line(&line) else {
                            assert!(
                                !(plain && after.len() >= 32),
                                "{:?}",
                                String::from_utf8_lossy(&line)
                            );
                            continue;
                        };
                        fast += 1;
                        assert!(plain, "{:?}", String::from_utf8_lossy(&line));
                        assert_eq!(length, text.len() + end.len());
                        let (result, expected) = general(&text);
                        assert_eq!(result, Ok(()));
                        let mut tags = Tags::new();
                        let mut bytes = tags.take_bytes();
                        if let Some(kept) = kept {
                            tags.push_ascii(&mut bytes, kept, &line, from, to);
                        }
                        tags.put_bytes(bytes);
                        assert_eq!(tags, expected, "{:?}", String::from_utf8_lossy(&line));
                        assert_eq!(kept, TagName::from_name(name));
                    }
                }
            }
        }
        assert!(fast > 1000, "{fast}");
    }
}
