//! Where a large input may be cut so that its parts are read on several
//! cores: a likely record start, which the reading of the part before
//! confirms.

/// The offset in `bytes` of the first likely record start: the `[` of the
/// first line that starts with `[` right after a blank line (`\n\n[` or
/// `\n\r\n[`), as PGN's export format separates games.
///
/// Likely, not sure: a comment may hold a blank line and a `[`, and a tag
/// section may hold a blank line. A `Reader` started
/// there reads the same records as one started at the input's start if and
/// only if that one has a record starting exactly there, since a record's
/// reading depends on nothing before its first byte. So read the parts on
/// their own, then keep a part only where the reading of the part before
/// ended at a record whose offset is the part's start, and read again from
/// that record otherwise.
///
/// ```
/// use chess960_games::read::likely_record_start;
///
/// let pgn = b"1. e4 *\n\n[Event \"b\"]\n";
/// assert_eq!(likely_record_start(pgn), Some(9));
/// assert_eq!(likely_record_start(b"{ a comment\r\n\r\n[not a tag] }"), Some(15));
/// assert_eq!(likely_record_start(b"[Event \"a\"]\n[Site \"b\"]\n"), None);
/// ```
pub fn likely_record_start(bytes: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = memchr::memmem::find(&bytes[from..], b"\n[") {
        let newline = from + found;
        let before = &bytes[..newline];
        if before.ends_with(b"\n") || before.ends_with(b"\n\r") {
            return Some(newline + 1);
        }
        from = newline + 1;
    }
    None
}
