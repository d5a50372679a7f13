//! The tag pairs of a game record that say where it started and who played
//! it: a dozen names, each value unescaped once.

use std::string::String;

/// The tags the reader keeps; every other tag pair is checked for syntax
/// and dropped.
///
/// ```
/// use chess960_games::read::TagName;
///
/// assert_eq!(TagName::from_name(b"WhiteElo"), Some(TagName::WhiteElo));
/// assert_eq!(TagName::from_name(b"Opening"), None);
/// assert_eq!(TagName::Fen.as_str(), "FEN");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TagName {
    /// `Event`: the tournament or match.
    Event,
    /// `Site`: where it was played (a URL on servers).
    Site,
    /// `Date`: `YYYY.MM.DD`, with `??` for unknown parts.
    Date,
    /// `White`: White's player.
    White,
    /// `Black`: Black's player.
    Black,
    /// `Result`: `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result,
    /// `WhiteElo`: White's rating.
    WhiteElo,
    /// `BlackElo`: Black's rating.
    BlackElo,
    /// `TimeControl`: such as `180+2`.
    TimeControl,
    /// `Variant`: the rules (`Chess960`, `Crazyhouse`...).
    Variant,
    /// `SetUp`: `1` when the game starts from its `FEN` tag.
    SetUp,
    /// `FEN`: the start position (archives may repeat it).
    Fen,
}

impl TagName {
    /// Every tag the reader keeps, in the order of [`TagName`].
    pub const ALL: [TagName; 12] = [
        TagName::Event,
        TagName::Site,
        TagName::Date,
        TagName::White,
        TagName::Black,
        TagName::Result,
        TagName::WhiteElo,
        TagName::BlackElo,
        TagName::TimeControl,
        TagName::Variant,
        TagName::SetUp,
        TagName::Fen,
    ];

    /// The kept tag with this name (exact, case-sensitive as PGN is), or
    /// `None` for a tag the reader drops.
    ///
    /// ```
    /// use chess960_games::read::TagName;
    ///
    /// assert_eq!(TagName::from_name(b"FEN"), Some(TagName::Fen));
    /// assert_eq!(TagName::from_name(b"fen"), None);
    /// ```
    pub fn from_name(name: &[u8]) -> Option<TagName> {
        Some(match name {
            b"Event" => TagName::Event,
            b"Site" => TagName::Site,
            b"Date" => TagName::Date,
            b"White" => TagName::White,
            b"Black" => TagName::Black,
            b"Result" => TagName::Result,
            b"WhiteElo" => TagName::WhiteElo,
            b"BlackElo" => TagName::BlackElo,
            b"TimeControl" => TagName::TimeControl,
            b"Variant" => TagName::Variant,
            b"SetUp" => TagName::SetUp,
            b"FEN" => TagName::Fen,
            _ => return None,
        })
    }

    /// The name as PGN writes it.
    ///
    /// ```
    /// assert_eq!(chess960_games::read::TagName::TimeControl.as_str(), "TimeControl");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            TagName::Event => "Event",
            TagName::Site => "Site",
            TagName::Date => "Date",
            TagName::White => "White",
            TagName::Black => "Black",
            TagName::Result => "Result",
            TagName::WhiteElo => "WhiteElo",
            TagName::BlackElo => "BlackElo",
            TagName::TimeControl => "TimeControl",
            TagName::Variant => "Variant",
            TagName::SetUp => "SetUp",
            TagName::Fen => "FEN",
        }
    }
}

/// How many `FEN` tags of one record are kept; further ones are ignored.
pub const MAX_FEN_TAGS: usize = 4;

/// The kept tag values of one game, unescaped (`\"` is `"`, `\\` is `\`).
///
/// A repeated tag keeps its first value, except `FEN`: archives write one
/// per castling notation, so up to [`MAX_FEN_TAGS`] are kept and
/// `GameKind::classify` checks that they agree.
///
/// ```
/// use chess960_games::read::{TagName, Tags};
///
/// let mut tags = Tags::new();
/// tags.insert(TagName::White, "Smith, \"Bob\"");
/// tags.insert(TagName::WhiteElo, "2400");
/// assert_eq!(tags.get(TagName::White), Some("Smith, \"Bob\""));
/// assert_eq!(tags.elo(chess960::Color::White), Some(2400));
/// assert_eq!(tags.get(TagName::Black), None);
/// ```
///
/// Two sets are equal when they hold the same values, whatever the order
/// they were inserted in and whatever was [cleared](Tags::clear) before:
///
/// ```
/// use chess960_games::read::{TagName, Tags};
///
/// let (mut one, mut two) = (Tags::new(), Tags::new());
/// one.insert(TagName::Event, "Open");
/// one.insert(TagName::Site, "Here");
/// two.insert(TagName::Fen, "a");
/// two.clear();
/// two.insert(TagName::Site, "Here");
/// two.insert(TagName::Event, "Open");
/// assert_eq!(one, two);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Tags {
    text: String,
    /// Byte ranges into `text`, by `TagName` index (the first `FEN`).
    spans: [Option<(u32, u32)>; 12],
    /// Every kept `FEN` value.
    fens: [(u32, u32); MAX_FEN_TAGS],
    fen_count: u8,
}

impl PartialEq for Tags {
    fn eq(&self, other: &Tags) -> bool {
        TagName::ALL
            .iter()
            .all(|&name| self.get(name) == other.get(name))
            && self.fens().eq(other.fens())
    }
}

impl Eq for Tags {}

impl Tags {
    /// No tags.
    ///
    /// ```
    /// assert_eq!(chess960_games::read::Tags::new().fens().count(), 0);
    /// ```
    pub fn new() -> Tags {
        Tags::default()
    }

    /// Removes every value, keeping the allocation.
    ///
    /// ```
    /// use chess960_games::read::{TagName, Tags};
    ///
    /// let mut tags = Tags::new();
    /// tags.insert(TagName::Event, "Rated Chess960 game");
    /// tags.clear();
    /// assert_eq!(tags, Tags::new());
    /// ```
    pub fn clear(&mut self) {
        self.text.clear();
        self.spans = [None; 12];
        self.fen_count = 0;
    }

    /// Adds a value already unescaped. A repeated tag keeps its first value
    /// (`FEN`: its first [`MAX_FEN_TAGS`] values); returns whether the value
    /// was kept.
    ///
    /// ```
    /// use chess960_games::read::{TagName, Tags};
    ///
    /// let mut tags = Tags::new();
    /// assert!(tags.insert(TagName::Event, "first"));
    /// assert!(!tags.insert(TagName::Event, "second"));
    /// assert_eq!(tags.get(TagName::Event), Some("first"));
    /// ```
    pub fn insert(&mut self, name: TagName, value: &str) -> bool {
        let span = self.span_for(name);
        if span.is_none() {
            return false;
        }
        let start = self.text.len();
        self.text.push_str(value);
        self.record_from(name, start, self.text.len());
        true
    }

    /// The text as bytes, to add values with [`Tags::push_raw`] and give
    /// back with [`Tags::put_bytes`]: one check of the text per record.
    pub(crate) fn take_bytes(&mut self) -> std::vec::Vec<u8> {
        core::mem::take(&mut self.text).into_bytes()
    }

    /// Gives back the text taken by [`Tags::take_bytes`].
    pub(crate) fn put_bytes(&mut self, bytes: std::vec::Vec<u8>) {
        // `push_raw` adds UTF-8 only: the error arm is never taken.
        self.text = String::from_utf8(bytes)
            .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned());
    }

    /// Adds a raw PGN tag value (between the quotes, escapes still in it)
    /// to bytes taken by [`Tags::take_bytes`]: unescapes `\"` and `\\`,
    /// reads UTF-8, or ISO 8859-1 (the PGN standard's character set) when
    /// the bytes are not UTF-8 ([`Tags::push_ascii`] is the fast way for
    /// a plain ASCII value).
    pub(crate) fn push_raw(&mut self, bytes: &mut std::vec::Vec<u8>, name: TagName, raw: &[u8]) {
        if self.span_for(name).is_none() {
            return;
        }
        let start = bytes.len();
        Tags::push_decoded(bytes, raw);
        self.record_from(name, start, bytes.len());
    }

    /// Adds the value `line[start..end]`, ASCII without a backslash. A
    /// value of up to 32 bytes with 32 bytes of `line` from its start is
    /// copied as those 32 bytes, cut back to the value: one fixed-size
    /// move instead of a call to copy a few bytes.
    #[inline]
    pub(crate) fn push_ascii(
        &mut self,
        bytes: &mut std::vec::Vec<u8>,
        name: TagName,
        line: &[u8],
        start: usize,
        end: usize,
    ) {
        if self.span_for(name).is_none() {
            return;
        }
        let at = bytes.len();
        let length = end - start;
        match line.get(start..start + 32) {
            Some(padded) if length <= 32 => {
                let padded: &[u8; 32] = padded.try_into().unwrap_or(&[0; 32]);
                bytes.extend_from_slice(padded);
                bytes.truncate(at + length);
            }
            _ => bytes.extend_from_slice(&line[start..end]),
        }
        self.record_from(name, at, at + length);
    }

    /// Adds a raw value that may hold escapes or bytes outside ASCII.
    pub(super) fn push_decoded(bytes: &mut std::vec::Vec<u8>, raw: &[u8]) {
        if !raw.contains(&b'\\') && core::str::from_utf8(raw).is_ok() {
            bytes.extend_from_slice(raw);
        } else {
            let mut plain = std::vec::Vec::with_capacity(raw.len());
            let mut escaped = false;
            for &byte in raw {
                if escaped {
                    if byte != b'"' && byte != b'\\' {
                        plain.push(b'\\');
                    }
                    plain.push(byte);
                    escaped = false;
                } else if byte == b'\\' {
                    escaped = true;
                } else {
                    plain.push(byte);
                }
            }
            if escaped {
                plain.push(b'\\');
            }
            if core::str::from_utf8(&plain).is_ok() {
                bytes.extend_from_slice(&plain);
            } else {
                let mut utf8 = [0; 4];
                for &byte in &plain {
                    bytes.extend_from_slice(char::from(byte).encode_utf8(&mut utf8).as_bytes());
                }
            }
        }
    }

    /// Whether a value of `name` would be kept: `Some(())` if so.
    #[inline]
    fn span_for(&self, name: TagName) -> Option<()> {
        match name {
            TagName::Fen => (usize::from(self.fen_count) < MAX_FEN_TAGS).then_some(()),
            _ => self.spans[name as usize].is_none().then_some(()),
        }
    }

    #[inline]
    fn record_from(&mut self, name: TagName, start: usize, end: usize) {
        let span = (
            u32::try_from(start).unwrap_or(u32::MAX),
            u32::try_from(end).unwrap_or(u32::MAX),
        );
        if name == TagName::Fen {
            self.fens[usize::from(self.fen_count)] = span;
            self.fen_count += 1;
        }
        if self.spans[name as usize].is_none() {
            self.spans[name as usize] = Some(span);
        }
    }

    /// The value of a tag (the first `FEN`), if the record has it.
    ///
    /// ```
    /// use chess960_games::read::{TagName, Tags};
    ///
    /// let mut tags = Tags::new();
    /// tags.insert(TagName::Result, "1-0");
    /// assert_eq!(tags.get(TagName::Result), Some("1-0"));
    /// ```
    pub fn get(&self, name: TagName) -> Option<&str> {
        self.spans[name as usize].map(|span| self.slice(span))
    }

    /// Every kept `FEN` value, in the order of the record.
    ///
    /// ```
    /// use chess960_games::read::{TagName, Tags};
    ///
    /// let mut tags = Tags::new();
    /// tags.insert(TagName::Fen, "a");
    /// tags.insert(TagName::Fen, "b");
    /// assert_eq!(tags.fens().collect::<Vec<_>>(), ["a", "b"]);
    /// ```
    pub fn fens(&self) -> impl Iterator<Item = &str> + '_ {
        self.fens[..usize::from(self.fen_count)]
            .iter()
            .map(|&span| self.slice(span))
    }

    /// A player's rating from `WhiteElo` or `BlackElo`: digits only, else
    /// `None` (lichess writes `?` for none).
    ///
    /// ```
    /// use chess960::Color;
    /// use chess960_games::read::{TagName, Tags};
    ///
    /// let mut tags = Tags::new();
    /// tags.insert(TagName::BlackElo, "?");
    /// assert_eq!(tags.elo(Color::Black), None);
    /// ```
    pub fn elo(&self, color: chess960::Color) -> Option<u32> {
        let name = match color {
            chess960::Color::White => TagName::WhiteElo,
            chess960::Color::Black => TagName::BlackElo,
        };
        let text = self.get(name)?;
        // Trimmed only when it needs to be (the common value is digits).
        let digits = |text: &str| {
            let bytes = text.as_bytes();
            bytes.first().is_some_and(u8::is_ascii_digit)
                && bytes.last().is_some_and(u8::is_ascii_digit)
        };
        let text = if digits(text) { text } else { text.trim() };
        if text.is_empty() {
            return None;
        }
        text.bytes().try_fold(0_u32, |rating, byte| {
            if byte.is_ascii_digit() {
                rating.checked_mul(10)?.checked_add(u32::from(byte - b'0'))
            } else {
                None
            }
        })
    }

    fn slice(&self, (start, end): (u32, u32)) -> &str {
        self.text
            .get(start as usize..end as usize)
            .unwrap_or_default()
    }
}
