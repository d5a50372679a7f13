//! Whether an input is PGN at all: an input whose first 64 KiB of text
//! hold neither a tag pair nor a numbered move (random bytes, an image, a
//! README) is one skip, "not PGN", instead of thousands of unreadable
//! records.
//!
//! The rule: the input is not PGN when its text (decompressed), within
//! its first [`HEAD`] bytes (all of it, if shorter), holds something
//! other than whitespace, `;` remarks and `%` lines, and no line that
//! starts, after spaces and tabs
//! (and a byte order mark on the first line), with a tag pair's opening
//! (`[`, a tag name, spaces, then `"`) or with a
//! numbered move (a move number, its dots, then the start of a move in
//! SAN: `1. e4`, `12...Nf6`, `3. O-O`), as in movetext written without
//! tags. A PGN file with broken records still has tag pairs, and reads as
//! ever.

use std::io::{self, BufRead, Cursor, Read};

/// How many bytes of an input's text are looked at.
pub(crate) const HEAD: usize = 64 << 10;

/// The reason of an input's skip when it is not PGN.
pub(crate) fn reason() -> String {
    format!(
        "not PGN: its first {} KiB hold no tag pair ('[Name \"value\"]') and no numbered move ('1. e4') at a line's start; is it a PGN file?",
        HEAD >> 10
    )
}

/// Whether `head`, an input's first bytes, could be PGN (see the module's
/// rule).
pub(crate) fn is_pgn(head: &[u8]) -> bool {
    let head = &head[..head.len().min(HEAD)];
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    // Nothing but blank lines, `;` remarks and `%` lines: no game, as the
    // reader reads it.
    let remark = |line: &[u8]| matches!(line.first(), Some(b';' | b'%'));
    if head
        .split(|&byte| byte == b'\n')
        .all(|line| line.iter().all(u8::is_ascii_whitespace) || remark(line))
    {
        return true;
    }
    head.split(|&byte| byte == b'\n')
        .any(|line| opens_tag_pair(line) || opens_numbered_move(line))
}

/// The length of the spaces and tabs `bytes` starts with.
fn blanks(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .position(|byte| !matches!(byte, b' ' | b'\t'))
        .unwrap_or(bytes.len())
}

/// Whether a line starts with a move number, its dots and the start of a
/// move in SAN (a pawn's `e4` or `exd5`, a piece's `Nf3`, `Qxe5` or
/// `Rae1`, castling): `1. e4`, `12...Nf6`, `3.O-O`. A numbered list of
/// words (`1. Install`) is none.
fn opens_numbered_move(line: &[u8]) -> bool {
    let line = &line[blanks(line)..];
    let digits = line.iter().take_while(|byte| byte.is_ascii_digit()).count();
    let dots = line[digits..]
        .iter()
        .take_while(|&&byte| byte == b'.')
        .count();
    if digits == 0 || dots == 0 {
        return false;
    }
    let rest = &line[digits + dots..];
    let rest = &rest[blanks(rest)..];
    let file = |byte: u8| (b'a'..=b'h').contains(&byte);
    let rank = |byte: u8| (b'1'..=b'8').contains(&byte);
    match rest {
        [b'O' | b'0', b'-', b'O' | b'0', ..] => true,
        [pawn, next, ..] if file(*pawn) => rank(*next) || *next == b'x',
        [b'K' | b'Q' | b'R' | b'B' | b'N', next, ..] => file(*next) || rank(*next) || *next == b'x',
        _ => false,
    }
}

/// Whether a line starts with a tag pair's opening.
fn opens_tag_pair(line: &[u8]) -> bool {
    let line = &line[blanks(line)..];
    let Some(rest) = line.strip_prefix(b"[") else {
        return false;
    };
    let rest = &rest[blanks(rest)..];
    let name = rest
        .iter()
        .position(|byte| matches!(byte, b' ' | b'\t'))
        .unwrap_or(rest.len());
    let (name, rest) = rest.split_at(name);
    let gap = blanks(rest);
    chess960_games::read::is_tag_name(name) && gap > 0 && rest.get(gap) == Some(&b'"')
}

/// The first [`HEAD`] bytes of `text` (fewer at its end), and `text`
/// again from its start. A read error is given back by the returned
/// reader, after the bytes read before it.
pub(crate) fn peek(mut text: Box<dyn BufRead + Send>) -> (Vec<u8>, Box<dyn BufRead + Send>) {
    let mut head = Vec::with_capacity(HEAD);
    let error = loop {
        if head.len() >= HEAD {
            break None;
        }
        match text.fill_buf() {
            Ok([]) => break None,
            Ok(bytes) => {
                let take = bytes.len().min(HEAD - head.len());
                head.extend_from_slice(&bytes[..take]);
                text.consume(take);
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => break Some(error),
        }
    };
    let again: Box<dyn BufRead + Send> = match error {
        None => Box::new(Cursor::new(head.clone()).chain(text)),
        Some(error) => Box::new(Cursor::new(head.clone()).chain(Failing(Some(error)))),
    };
    (head, again)
}

/// A reader that fails once with an error, then ends.
struct Failing(Option<io::Error>);

impl Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        self.0.take().map_or(Ok(0), Err)
    }
}

impl BufRead for Failing {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.0.take().map_or(Ok(&[]), Err)
    }

    fn consume(&mut self, _: usize) {}
}

#[cfg(test)]
mod tests {
    use super::{HEAD, is_pgn, peek};
    use std::io::{BufRead, Read};

    #[test]
    fn pgn_and_not_pgn() {
        assert!(is_pgn(b""));
        assert!(is_pgn(b" \r\n\n"));
        // A byte order mark alone (an empty export of a Windows program).
        assert!(is_pgn(b"\xEF\xBB\xBF"));
        assert!(is_pgn(b"\xEF\xBB\xBF\r\n"));
        assert!(is_pgn(b"\xEF\xBB\xBF; exported by a club tool\r\n%x\n\n"));
        assert!(is_pgn(b"[White:Team \"x\"]\n"));
        assert!(is_pgn(b"\xEF\xBB\xBF[Event \"x\"]\n"));
        assert!(is_pgn(b"garbage\n  \t[ Site  \"x\"]\n"));
        assert!(is_pgn(b"[Event \"broken\n\n1. e4 *\n"));
        // Movetext without tags: a numbered move at a line's start.
        assert!(is_pgn(b"1. e4 e5 2. Nf3 *\n"));
        assert!(is_pgn(
            b"\xEF\xBB\xBF1. e4 e5 2. Nf3 Nc6 1-0\n\n1. d4 d5 0-1\n"
        ));
        assert!(is_pgn(b"  12...Nf6 13.O-O *\n"));
        assert!(is_pgn(b"1.Qxe5 *\n"));
        assert!(is_pgn(b"1. 0-0-0 *\n"));
        assert!(!is_pgn(b"# Read me\n\n1. Install it\n2. Run it\n"));
        assert!(!is_pgn(b"1. a plan\n2. x\n3 e4\ne4 e5\n"));
        assert!(!is_pgn(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"));
        assert!(!is_pgn(
            b"[Event\"no space\"]\n[ \"no name\"]\n[Name value]\n"
        ));
        // Only the first 64 KiB count.
        let mut late = vec![b'x'; HEAD];
        late.extend_from_slice(b"\n[Event \"late\"]\n");
        assert!(!is_pgn(&late));
    }

    #[test]
    fn peek_gives_the_whole_text_back() {
        let text: Vec<u8> = (0..HEAD * 2 + 7)
            .map(|at| u8::try_from(at % 251).unwrap())
            .collect();
        let reader = std::io::BufReader::with_capacity(1000, std::io::Cursor::new(text.clone()));
        let (head, mut again) = peek(Box::new(reader));
        assert_eq!(head, text[..HEAD]);
        let mut read = Vec::new();
        again.read_to_end(&mut read).unwrap();
        assert_eq!(read, text);
        assert!(again.fill_buf().unwrap().is_empty());
    }
}
