//! The rules of PGN the reader applies line by line (tag lines, movetext
//! lines, where a record ends), and the fast way through a record that lies
//! whole in one buffer. The reader falls back to its byte-wise way at a
//! buffer's end, and both ways give the same records.

use super::record::{MAX_TAG_LINE, RecordError};
use super::tags::{TagName, Tags};
use std::vec::Vec;

/// The byte order mark of UTF-8.
pub(super) const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// A record read whole from one buffer.
pub(super) struct Scanned {
    /// Its length: up to the next record's first byte.
    pub(super) length: usize,
    /// Its first error.
    pub(super) error: Option<RecordError>,
}

/// Reads the record that starts at `buffer[0]` (a `[` at a line start,
/// with no earlier state) into `tags`, if the buffer holds all of it and the
/// start of what follows it. `None` when it runs to the buffer's end: the
/// caller clears `tags` and reads it the byte-wise way, which knows what
/// the next buffer holds and where the input ends.
pub(super) fn record(buffer: &[u8], tags: &mut Tags) -> Option<Scanned> {
    let mut bytes = tags.take_bytes();
    let scanned = tag_section(buffer, tags, &mut bytes);
    tags.put_bytes(bytes);
    scanned
}

/// [`record`], with the tag values going into `bytes`.
fn tag_section(buffer: &[u8], tags: &mut Tags, bytes: &mut Vec<u8>) -> Option<Scanned> {
    let mut error = None;
    let mut has_event = false;
    let mut at = 0;
    loop {
        // A tag line starts at `at`.
        if let Some((name, value, length)) = plain_tag_line(&buffer[at..]) {
            let is_event = name == b"Event";
            if is_event && has_event {
                return Some(Scanned { length: at, error });
            }
            has_event |= is_event;
            if let Some(name) = TagName::from_name(name) {
                tags.push_raw(bytes, name, value, true);
            }
            at += length;
        } else {
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
                    return Some(Scanned { length: at, error });
                }
                has_event |= is_event;
                if let Err(broken) = parse_tag_line(line, tags, bytes) {
                    set_first(&mut error, broken);
                }
            }
            at = end + 1;
        }
        // The next line: another tag (indented or not), a `%` line, or
        // the movetext.
        loop {
            match *buffer.get(at)? {
                b'%' => at += memchr::memchr(b'\n', &buffer[at..])? + 1,
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
                    return Some(Scanned { length, error });
                }
                _ => {
                    let length = at + movetext(&buffer[at..], &mut error)?;
                    return Some(Scanned { length, error });
                }
            }
        }
    }
}

/// The bytes of a tag name: letters, digits and `_`.
const NAME_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte: u8 = 0;
    loop {
        table[byte as usize] = byte.is_ascii_alphanumeric() || byte == b'_';
        if byte == u8::MAX {
            break table;
        }
        byte += 1;
    }
};

/// A tag line in its common form, `[Name "value"]` and its line end, with
/// no escape, control byte or byte outside ASCII in the value: its name,
/// its value and its length with the line end, found in one pass. `None`
/// for any other line: the general rules read it.
#[inline]
fn plain_tag_line(line: &[u8]) -> Option<(&[u8], &[u8], usize)> {
    let mut at = 1;
    while NAME_BYTE[usize::from(*line.get(at)?)] {
        at += 1;
    }
    if at == 1 || line.get(at..at + 2)? != b" \"" {
        return None;
    }
    let start = at + 2;
    let mut end = start;
    loop {
        // Eight bytes at a time while none of them is special.
        while let Some(word) = line.get(end..end + 8) {
            let word = u64::from_le_bytes(word.try_into().ok()?);
            if special(word) || end > 4096 {
                break;
            }
            end += 8;
        }
        let byte = *line.get(end)?;
        if byte == b'"' {
            break;
        }
        if !(0x20..0x7F).contains(&byte) || byte == b'\\' || end > 4096 {
            return None;
        }
        end += 1;
    }
    let length = match line.get(end + 1..end + 3)? {
        [b']', b'\n'] => end + 3,
        [b']', b'\r'] if line.get(end + 3) == Some(&b'\n') => end + 4,
        _ => return None,
    };
    Some((&line[1..at], &line[start..end], length))
}

/// Whether any of eight bytes may end a plain tag value or make it not
/// plain: a quote, a backslash, a control byte, or a byte outside ASCII.
/// Exact when `false` (it may say `true` of a clean word, which the caller
/// then reads byte by byte).
#[inline]
fn special(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // A zero byte in `x` sets its high bit here (and may set others).
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let below_space = word.wrapping_sub(ONES * 0x20) & !word & HIGHS;
    let found = below_space
        | (word & HIGHS)
        | zero(word ^ (ONES * 0x7F))
        | zero(word ^ (ONES * u64::from(b'"')))
        | zero(word ^ (ONES * u64::from(b'\\')));
    found != 0
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
            } else if byte == b'[' || is_garbage(byte) {
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
    // One pass: a `;` before the line's end sends it the byte-wise way.
    let end = memchr::memchr2(b'\n', b';', rest)?;
    if rest[end] == b';' {
        return None;
    }
    let line = &rest[..end];
    let open = memchr::memrchr(b'{', line)
        .is_some_and(|open| memchr::memchr(b'}', &line[open..]).is_none());
    Some((end + 1, open))
}

/// Whether a byte cannot start a line of movetext: a control byte other
/// than whitespace, or a byte outside ASCII.
pub(super) fn is_garbage(byte: u8) -> bool {
    (byte < 0x20 && !matches!(byte, b'\t' | b'\n' | b'\r' | 0x0C)) || byte >= 0x7F
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

fn trim_start(bytes: &[u8]) -> &[u8] {
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
            tags.push_raw(bytes, name, value, false);
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
