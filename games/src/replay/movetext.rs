//! The movetext of a record read into tokens: the moves of the main line
//! as written, with move numbers, comments, NAGs, side lines and escape
//! lines passed over, up to the result.

/// One token of the main line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Token<'a> {
    /// A move as written, its annotation marks (`+`, `#`, `!`, `?`) taken
    /// off; `at` is its offset in the record.
    Move { text: &'a [u8], at: usize },
    /// A null move: `--`, or `Z0`, `0000`, `@@@@` as other writers write
    /// it, marks and all.
    Null { at: usize },
}

/// The main line's tokens of one record's bytes (its tag section first).
///
/// Reads as writers write: move numbers in every form (`12.`, `12...`,
/// glued to the move or not, or none), `{...}` and `;` comments, `$n`
/// NAGs, `( ... )` side lines however nested, `%` escape lines, and the
/// result (`1-0`, `0-1`, `1/2-1/2`, `*`), which ends the line.
pub(crate) struct Tokens<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Tokens<'a> {
    /// The tokens of a record's movetext: its tag lines are passed over.
    pub(crate) fn of_record(record: &'a [u8]) -> Tokens<'a> {
        Tokens {
            bytes: record,
            at: movetext_start(record),
        }
    }
}

/// Where the movetext starts: after the leading tag lines (and any blank,
/// `%` or `;` comment lines among them).
fn movetext_start(record: &[u8]) -> usize {
    let mut at = 0;
    while at < record.len() {
        let line_end = memchr::memchr(b'\n', &record[at..]).map_or(record.len(), |n| at + n + 1);
        let line = &record[at..line_end];
        let first = line.iter().position(|b| !b.is_ascii_whitespace());
        match first.map(|i| line[i]) {
            None | Some(b'[' | b'%' | b';') => at = line_end,
            Some(_) => return at,
        }
    }
    at
}

/// Bytes that end a move token: white space (a vertical tab too) and
/// `{ } ( ) ; $`, as a table (the tokenizer's inner loop); and the first
/// bytes of Unicode's spaces in UTF-8 (`0xC2`, `0xE1`, `0xE2`, `0xE3`,
/// `0xEF`), which [`Tokens::word_end`] looks at again: they also start
/// `±`, `…` and `∞`, which belong to a word.
static ENDS_TOKEN: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        #[allow(clippy::cast_possible_truncation)]
        let b = byte as u8;
        table[byte] = is_space(b)
            || may_start_space(b)
            || matches!(b, b'{' | b'}' | b'(' | b')' | b';' | b'$');
        byte += 1;
    }
    table
};

fn ends_token(byte: u8) -> bool {
    ENDS_TOKEN[usize::from(byte)]
}

/// White space between tokens: ASCII's, and the vertical tab.
const fn is_space(byte: u8) -> bool {
    byte.is_ascii_whitespace() || byte == 0x0B
}

/// Whether `byte` may be the first byte of a Unicode space in UTF-8 (of
/// `±`, `…` and `∞` too): the bytes [`unicode_space`] looks at.
const fn may_start_space(byte: u8) -> bool {
    matches!(byte, 0xC2 | 0xE1 | 0xE2 | 0xE3 | 0xEF)
}

/// The length of the Unicode space that `bytes` starts with, in UTF-8, or
/// 0: a no-break space (`U+00A0`, `U+202F`, as text copied from a web page
/// or a word processor has them), the spaces of typography (`U+2000` to
/// `U+200A`, `U+205F`, `U+3000`, `U+1680`), line and paragraph separators,
/// and the invisible `U+200B` and `U+FEFF`. Each separates tokens as a
/// space does.
fn unicode_space(bytes: &[u8]) -> usize {
    match bytes {
        [0xC2, 0xA0, ..] => 2,
        [0xE2, 0x80, 0x80..=0x8B | 0xA8 | 0xA9 | 0xAF, ..]
        | [0xE2, 0x81, 0x9F, ..]
        | [0xE3, 0x80, 0x80, ..]
        | [0xE1, 0x9A, 0x80, ..]
        | [0xEF, 0xBB, 0xBF, ..] => 3,
        _ => 0,
    }
}

/// The horizontal ellipsis (`U+2026`), written for a move number's dots.
const ELLIPSIS: [u8; 3] = [0xE2, 0x80, 0xA6];

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let bytes = self.bytes;
        loop {
            let byte = *bytes.get(self.at)?;
            match byte {
                b if is_space(b) => self.at += 1,
                b if may_start_space(b) && unicode_space(&bytes[self.at..]) > 0 => {
                    self.at += unicode_space(&bytes[self.at..]);
                }
                b'{' => self.at = skip_comment(bytes, self.at),
                b';' => self.at = line_end(bytes, self.at),
                b'%' if self.at == 0 || bytes[self.at - 1] == b'\n' => {
                    self.at = line_end(bytes, self.at);
                }
                b'(' => self.at = skip_variation(bytes, self.at),
                // An unmatched `)` or `}`: passed over, as readers do.
                b')' | b'}' => self.at += 1,
                b'$' => {
                    self.at += 1;
                    while bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
                        self.at += 1;
                    }
                }
                b'*' => {
                    self.at = bytes.len();
                    return None;
                }
                _ => {
                    let start = self.at;
                    let end = self.word_end(start);
                    let word = &bytes[start..end];
                    if matches!(word, b"1-0" | b"0-1" | b"1/2-1/2" | b"\xC2\xBD-\xC2\xBD") {
                        self.at = bytes.len();
                        return None;
                    }
                    // A null move as other writers write it (python-chess
                    // reads these too), marks and all: not a move number.
                    if is_null(without_marks(word)) {
                        self.at = end;
                        return Some(Token::Null { at: start });
                    }
                    // Annotations standing alone, passed over as python-chess
                    // passes them over: a move number's dots spaced off it
                    // (`3 . O-O`), marks (`e4 !`, `Qxf7 +`), evaluations
                    // (`+-`, `=`, `±`, `∞`, `~`), a novelty (`N`), the mark of
                    // an en passant capture (`exd6 e.p.`, `e.p.+`, `ep`), and
                    // a draw written short (`1/2`, `½`, `0.5-0.5`), which
                    // python-chess does not take for a result.
                    if (!word[0].is_ascii_alphanumeric()
                        || matches!(word[0], b'e' | b'N' | b'0' | b'1'))
                        && is_annotation(word)
                    {
                        self.at = end;
                        continue;
                    }
                    // Dots without their number, glued to the move (`...e5`,
                    // `…e5`).
                    if matches!(word[0], b'.' | 0xE2) {
                        let dots = dots(word);
                        self.at = end;
                        match self.word(start + dots, end) {
                            Some(token) => return Some(token),
                            None => continue,
                        }
                    }
                    if word.first().is_some_and(u8::is_ascii_digit) && !word.starts_with(b"0-0") {
                        // A move number, its dots, and whatever is glued
                        // to it (`12...e5`).
                        let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
                        let dots = dots(&word[digits..]);
                        if dots == 0 && digits == word.len() {
                            self.at = end;
                            continue;
                        }
                        self.at = end;
                        match self.word(start + digits + dots, end) {
                            Some(token) => return Some(token),
                            None => continue,
                        }
                    }
                    self.at = end;
                    if let Some(token) = self.word(start, end) {
                        return Some(token);
                    }
                }
            }
        }
    }
}

impl<'a> Tokens<'a> {
    /// Where the word that starts at `start` ends: at white space (a
    /// Unicode space too), a comment, a side line, `;` or a NAG.
    fn word_end(&self, start: usize) -> usize {
        let bytes = self.bytes;
        let mut end = start;
        loop {
            while end < bytes.len() && !ends_token(bytes[end]) {
                end += 1;
            }
            // A byte that may start a Unicode space ends the word only
            // as one (`±` and `…` start with such bytes too).
            if end < bytes.len() && may_start_space(bytes[end]) && unicode_space(&bytes[end..]) == 0
            {
                end += 1;
                continue;
            }
            // A word is never empty: a lone first byte of a space ends
            // the input's text.
            return end.max(start + 1).min(bytes.len());
        }
    }

    /// The token of the word `start..end`, its annotation marks (and a
    /// glued en passant mark, `e.p.` or `ep`, with the marks before it)
    /// taken off; None when nothing is left (marks alone, or a move
    /// number's glued dots and marks): a move token is never empty.
    fn word(&self, start: usize, end: usize) -> Option<Token<'a>> {
        let text = without_marks(&self.bytes[start..end]);
        if is_null(text) {
            return Some(Token::Null { at: start });
        }
        let text = without_en_passant(text);
        (!text.is_empty()).then_some(Token::Move { text, at: start })
    }
}

/// The marks of an en passant capture, as writers write them.
const EN_PASSANT: [&[u8]; 4] = [b"e.p.", b"e.p", b"ep.", b"ep"];

/// A word without a glued en passant mark and the marks before it
/// (`exf6+e.p.` is `exf6`), where a rank's digit is left before them.
fn without_en_passant(word: &[u8]) -> &[u8] {
    // Every spelling of the mark ends with `p` or a dot.
    if !matches!(word.last(), Some(b'p' | b'.')) {
        return word;
    }
    EN_PASSANT
        .iter()
        .find_map(|mark| {
            let capture = without_marks(word.strip_suffix(*mark)?);
            capture
                .last()
                .is_some_and(u8::is_ascii_digit)
                .then_some(capture)
        })
        .unwrap_or(word)
}

/// Whether a word, its marks taken off, is a null move: `--`, `Z0`,
/// `0000`, `@@@@`.
fn is_null(word: &[u8]) -> bool {
    matches!(word, b"--" | b"Z0" | b"0000" | b"@@@@")
}

/// A word without the annotation marks (`+`, `#`, `!`, `?`) that end it.
fn without_marks(mut word: &[u8]) -> &[u8] {
    while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = word {
        word = rest;
    }
    word
}

/// The length of the dots (`.` and `…`) that `word` starts with.
fn dots(word: &[u8]) -> usize {
    let mut at = 0;
    loop {
        if word.get(at) == Some(&b'.') {
            at += 1;
        } else if word[at..].starts_with(&ELLIPSIS) {
            at += ELLIPSIS.len();
        } else {
            return at;
        }
    }
}

/// Whether a word standing alone is an annotation rather than a move: no
/// ASCII letter or digit in it (marks, dots, `+-`, `=`, `±`, `∞`, `~`,
/// `…`), save null moves (after dots too: `…@@@@`) and words that start
/// with `--` (`--*`, read as a move and refused); a novelty `N`; an en passant capture's
/// mark (`e.p.`, `ep`, `ep.`, `e.p`, with marks after it); or a draw
/// written short (`1/2`, `½`, `0.5-0.5`).
fn is_annotation(word: &[u8]) -> bool {
    // A null move after dots (`...--`, `…@@@@`) is one too.
    let after_dots = &word[dots(word)..];
    if after_dots.starts_with(b"--") || is_null(without_marks(after_dots)) {
        return false;
    }
    !word.iter().any(u8::is_ascii_alphanumeric)
        || matches!(
            without_marks(word),
            b"N" | b"e.p." | b"e.p" | b"ep." | b"ep" | b"1/2" | b"0.5-0.5"
        )
}

/// The offset after the `}` that closes the comment opened at `at` (the
/// end of the input if none does).
fn skip_comment(bytes: &[u8], at: usize) -> usize {
    memchr::memchr(b'}', &bytes[at..]).map_or(bytes.len(), |n| at + n + 1)
}

/// The offset after the end of the line `at` stands in.
fn line_end(bytes: &[u8], at: usize) -> usize {
    memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |n| at + n + 1)
}

/// The offset after the `)` that closes the side line opened at `at`,
/// its comments and nested side lines included.
fn skip_variation(bytes: &[u8], mut at: usize) -> usize {
    let mut depth = 0usize;
    while at < bytes.len() {
        match bytes[at] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return at + 1;
                }
            }
            b'{' => {
                at = skip_comment(bytes, at);
                continue;
            }
            b';' => {
                at = line_end(bytes, at);
                continue;
            }
            // An escape line inside a side line: its brackets count for
            // nothing.
            b'%' if at == 0 || bytes[at - 1] == b'\n' => {
                at = line_end(bytes, at);
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::{Token, Tokens};
    use std::borrow::ToOwned;
    use std::string::String;
    use std::vec::Vec;

    fn moves(record: &str) -> Vec<String> {
        Tokens::of_record(record.as_bytes())
            .map(|token| match token {
                Token::Move { text, .. } => String::from_utf8_lossy(text).into_owned(),
                Token::Null { .. } => "--".to_owned(),
            })
            .collect()
    }

    #[test]
    fn every_form_of_movetext() {
        let record = "[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n\
            1. e4 { [%clk 0:03:00] } 1... e5!? $1 2.Nf3 (2. f4 {a (b} exf4 (2... d5)) 2...Nc6+\n\
            ; a comment\n%escaped 3. xx\n3. O-O-O# -- 0-0 4... Qxe1?? 1/2-1/2 5. h4\n";
        assert_eq!(
            moves(record),
            ["e4", "e5", "Nf3", "Nc6", "O-O-O", "--", "0-0", "Qxe1"]
        );
        assert_eq!(moves("[A \"b\"]\n\n1.e4 e5 *\n2. d4"), ["e4", "e5"]);
        assert_eq!(moves("[A \"b\"]\n\n12...Kh8 13 Rg1 0-1"), ["Kh8", "Rg1"]);
        assert_eq!(moves("[A \"b\"]\n\n1. e4 {unclosed"), ["e4"]);
        assert_eq!(moves("[A \"b\"]\n\n1. e4 (unclosed d4"), ["e4"]);
        assert_eq!(moves("[A \"b\"]\n\n) } 1. e4"), ["e4"]);
        assert_eq!(
            moves("[A \"b\"]\n\n3 . O-O 3 ... exd6 e.p. *"),
            ["O-O", "exd6"]
        );
        assert_eq!(
            moves("[A \"b\"]\n\n1. e4 0000 2. Z0 @@@@ ...Nf6 *"),
            ["e4", "--", "--", "--", "Nf6"]
        );
        assert_eq!(moves(""), Vec::<String>::new());
    }

    #[test]
    fn escape_lines_in_side_lines_and_marks_standing_alone() {
        // A `%` line inside a side line: its `(` does not count.
        assert_eq!(
            moves("[A \"b\"]\n\n1. e4 (1. d4\n% (\nd5) e5 2. Nf3 Nc6 *"),
            ["e4", "e5", "Nf3", "Nc6"]
        );
        // Annotation marks as words of their own are no moves.
        assert_eq!(
            moves("[A \"b\"]\n\n1. e4 ! e5 ?! 2. Nf3 !! Nc6 ?? 3. Bc4 !? Nf6 ? 4. Qxf7 + #\n*"),
            ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Qxf7"]
        );
        assert_eq!(
            moves("[A \"b\"]\n\n1. exf6 e.p.+ 1... gxf6 e.p.# 2. 3.+ ...! d4 *"),
            ["exf6", "gxf6", "d4"]
        );
    }

    #[test]
    fn evaluations_unicode_spaces_and_short_draws() {
        assert_eq!(
            moves(
                "[A \"b\"]\n\n1. e4\u{a0}\u{b1}\u{a0}e5 +- 2.\u{b}Nf3 N ep 2\u{2026} Nc6 \u{bd} 3. d4"
            ),
            ["e4", "e5", "Nf3", "Nc6", "d4"]
        );
        assert_eq!(moves("[A \"b\"]\n\n1. e4 -- -+ --*"), ["e4", "--", "--*"]);
        assert_eq!(
            moves(
                "[A \"b\"]\n\n1. exd6e.p.+ e.p. 1/2 2. d4 ~ <=> ^ >> & ' \" \u{d7} 0.5-0.5 d5 1-0 e4"
            ),
            ["exd6", "d4", "d5"]
        );
        // A `0xC2` that starts no no-break space is part of its word; a
        // lone one at the end is a word without a letter, passed over.
        let words: Vec<&[u8]> = Tokens::of_record(b"[A \"b\"]\n\ne4\xC2\xB1x \xC2")
            .map(|token| match token {
                Token::Move { text, .. } => text,
                Token::Null { .. } => b"--",
            })
            .collect();
        assert_eq!(words, [&b"e4\xC2\xB1x"[..]]);
    }

    /// Null moves with marks or glued to their number, en passant marks
    /// glued in every spelling, and Unicode's other spaces, as python-chess
    /// 1.11 reads them.
    #[test]
    fn null_moves_en_passant_marks_and_spaces_in_every_spelling() {
        assert_eq!(
            moves(
                "[A \"b\"]\n\n1. Qc1 0000! 2. Qc7 Qg5 Z0+ @@@@# --! 3.Z0 3...0000 4\u{2026}@@@@ 5.-- \u{2026}@@@@ ...-- *"
            ),
            [
                "Qc1", "--", "Qc7", "Qg5", "--", "--", "--", "--", "--", "--", "--", "--", "--"
            ]
        );
        assert_eq!(
            moves("[A \"b\"]\n\n1. exf6ep exf6e.p exf6 ep. exf6+e.p. exf6e.p.+ exf6 e.p *"),
            ["exf6", "exf6", "exf6", "exf6", "exf6", "exf6"]
        );
        // `ep` comes off a word that ends with a rank's digit before it
        // (`Re1ep` is `Re1`, as python-chess reads it); any other word
        // that ends so is read as written, and refused by the replay.
        assert_eq!(moves("[A \"b\"]\n\n1. Nep Kep *"), ["Nep", "Kep"]);
        for space in [
            "\u{202f}", "\u{2009}", "\u{2007}", "\u{3000}", "\u{200b}", "\u{feff}", "\u{2002}",
            "\u{205f}", "\u{1680}", "\u{2028}",
        ] {
            assert_eq!(
                moves(&std::format!(
                    "[A \"b\"]\n\n1.{space}e4{space}e5 2. Nf3{space}*"
                )),
                ["e4", "e5", "Nf3"],
                "{space:?}"
            );
        }
        // Bytes that start a space but end the text start no space.
        for end in [&b"\xE2"[..], b"\xE2\x80", b"\xEF\xBB", b"\xE3"] {
            let mut record = b"[A \"b\"]\n\ne4 d5".to_vec();
            record.extend_from_slice(end);
            let words: Vec<&[u8]> = Tokens::of_record(&record)
                .map(|token| match token {
                    Token::Move { text, .. } => text,
                    Token::Null { .. } => b"--",
                })
                .collect();
            assert_eq!(words.len(), 2, "{end:?}");
        }
    }

    #[test]
    fn offsets_point_at_the_moves() {
        let record = b"[A \"b\"]\n\n1. e4 e5\n";
        let ats: Vec<usize> = Tokens::of_record(record)
            .map(|token| match token {
                Token::Move { at, .. } | Token::Null { at } => at,
            })
            .collect();
        assert_eq!(ats, [12, 15]);
    }
}
