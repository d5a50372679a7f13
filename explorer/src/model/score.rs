//! A game's whole text as the db keeps it: its tags as the archive wrote
//! them and its mainline, about a byte a move (see `move_code`); and the
//! game written back as PGN, or as its moves in UCI and SAN.

use crate::error::Error;
use crate::model::board::{self, pack, unpack};
use crate::model::codec::{get, get_byte, get_text, put, put_bytes};
use crate::model::line::Start;
use crate::model::move_code::Coder;
use chess960::{DoublePosition, Fen, FenStyle, Position};

/// Tag names written as one byte (its place here, plus one); any other
/// name as 0 and its text.
const NAMES: [&str; 28] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "UTCDate",
    "UTCTime",
    "WhiteElo",
    "BlackElo",
    "WhiteRatingDiff",
    "BlackRatingDiff",
    "WhiteTitle",
    "BlackTitle",
    "Variant",
    "TimeControl",
    "ECO",
    "Opening",
    "Termination",
    "FEN",
    "SetUp",
    "Annotator",
    "PlyCount",
    "EventDate",
    "WhiteFideId",
    "BlackFideId",
    "BroadcastName",
];

/// A tag's value is written after a byte that says how: its text
/// (`TEXT`); the start's Shredder-FEN (1) or X-FEN (2); the value of the
/// tag `n` before it (`SAME + n - 1`, n up to 32: `UTCDate` after
/// `Date`); one of [`VALUES`] (`KNOWN + place`); or [`SITE`] and the rest
/// of the value as text (`SITE_REST`).
const TEXT: u8 = 0;
const SAME: u8 = 3;
const KNOWN: u8 = 64;
const SITE_REST: u8 = 128;

/// Values that tags of game archives repeat game after game.
const VALUES: [&str; 32] = [
    "?",
    "-",
    "1",
    "0",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "Chess960",
    "Normal",
    "Time forfeit",
    "Abandoned",
    "Rules infraction",
    "Unterminated",
    "Rated Chess960 game",
    "Casual Chess960 game",
    "Rated Bullet game",
    "Rated Blitz game",
    "Rated Rapid game",
    "Rated Classical game",
    "Rated UltraBullet game",
    "Rated Correspondence game",
    "Casual Bullet game",
    "Casual Blitz game",
    "Casual Rapid game",
    "Casual Classical game",
    "From Position",
    "Standard",
    "BOT",
    "GM",
    "IM",
    "FM",
];

/// A word's place in a list of up to 64 words, found by a table of 256
/// slots, each the place plus one (0: none) of the first word hashed to
/// it or after it: one comparison, most often none, for a word not there.
struct Places([u8; 256]);

impl Places {
    /// The slot a word starts looking in: its length and first and last
    /// bytes, mixed.
    #[allow(clippy::cast_possible_truncation)] // the low bits mix the length
    const fn slot(word: &[u8]) -> usize {
        let (first, last) = match word {
            [] => (0, 0),
            [one] => (*one, *one),
            [first, .., last] => (*first, *last),
        };
        let mixed = (word.len() as u32)
            .wrapping_mul(0x9E37)
            .wrapping_add((first as u32).wrapping_mul(0x85EB))
            .wrapping_add((last as u32).wrapping_mul(0xC2B3));
        (mixed ^ (mixed >> 8)) as usize & 255
    }

    /// The table of `words` (at most 64, so that most slots stay empty).
    #[allow(clippy::cast_possible_truncation)] // at most 64 places
    const fn of(words: &[&str]) -> Places {
        assert!(words.len() <= 64, "a table of at most 64 words");
        let mut slots = [0u8; 256];
        let mut place = 0;
        while place < words.len() {
            let mut slot = Places::slot(words[place].as_bytes());
            while slots[slot] != 0 {
                slot = (slot + 1) & 255;
            }
            slots[slot] = place as u8 + 1;
            place += 1;
        }
        Places(slots)
    }

    /// The place of `word` in `words` (the list the table was made of).
    fn find(&self, words: &[&str], word: &[u8]) -> Option<usize> {
        let mut slot = Places::slot(word);
        loop {
            let place = usize::from(self.0[slot]).checked_sub(1)?;
            if words[place].as_bytes() == word {
                return Some(place);
            }
            slot = (slot + 1) & 255;
        }
    }
}

static NAME_PLACES: Places = Places::of(&NAMES);
static VALUE_PLACES: Places = Places::of(&VALUES);

/// The start of the `Site` of most games of lichess's archives.
const SITE: &str = "https://lichess.org/";

/// The Seven Tag Roster, in its order, and the value of one missing.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// A game's tags as written and its whole mainline.
///
/// ```
/// use chess960_explorer::line::Start;
/// use chess960_explorer::score::Score;
///
/// let score = Score {
///     tags: vec![("White".into(), "a \"b\"".into()), ("Result".into(), "1-0".into())],
///     moves: ["e2e4", "e7e5", "g1f3"].iter().map(|m| chess960_explorer::board::pack(m.parse().unwrap())).collect(),
/// };
/// let mut bytes = Vec::new();
/// score.encode(Start::Standard, &mut bytes)?;
/// assert_eq!(Score::decode(Start::Standard, &bytes)?, score);
/// let pgn = score.pgn(Start::Standard)?;
/// assert!(pgn.contains("[White \"a \\\"b\\\"\"]"));
/// assert!(pgn.ends_with("1. e4 e5 2. Nf3 1-0\n"));
/// # Ok::<(), chess960_explorer::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// The tags, names and values (unescaped) in the order written.
    pub tags: Vec<(String, String)>,
    /// The mainline's moves (see [`pack`]; a null move has its from-square
    /// as its to-square).
    pub moves: Vec<u16>,
}

/// One move of a game's mainline, as [`Score::mainline`] gives it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ScoreMove {
    /// In UCI (castling as the king taking its rook; `0000` a null move).
    pub uci: String,
    /// In SAN (`--` a null move).
    pub san: String,
}

/// The start's FEN, Shredder-FEN (castling by the rooks' files).
///
/// ```
/// use chess960_explorer::line::Start;
/// use chess960_explorer::score::start_fen;
///
/// assert_eq!(start_fen(Start::Chess960(518)).unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
/// ```
pub fn start_fen(start: Start) -> Option<String> {
    fen_of(start, FenStyle::Shredder).map(|fen| fen.as_str().to_owned())
}

/// The start's FEN in `style` (the chess960 crate's, written without a
/// board: the indexer asks it game after game).
fn fen_of(start: Start, style: FenStyle) -> Option<Fen> {
    match start {
        Start::Chess960(id) => Position::from_id(id).ok().map(|p| p.fen(style)),
        Start::Double(white, black) => {
            let white = Position::from_id(white).ok()?;
            let black = Position::from_id(black).ok()?;
            Some(DoublePosition::new(white, black).fen(style))
        }
        Start::Standard => Some(Position::STANDARD.fen(style)),
    }
}

/// Which of the start's Shredder-FEN (0) and X-FEN (1) `value` is.
fn start_fen_place(start: Start, value: &[u8]) -> Option<usize> {
    [FenStyle::Shredder, FenStyle::XFen]
        .into_iter()
        .position(|style| fen_of(start, style).is_some_and(|fen| fen.as_str().as_bytes() == value))
}

/// The X-FEN of a start (`KQkq` for its four rights).
fn start_xfen(start: Start) -> Option<String> {
    fen_of(start, FenStyle::XFen).map(|fen| fen.as_str().to_owned())
}

/// Writes a score as [`Score::encode`] does, from its `count` tags and
/// its moves as they come (the indexer's: no score made).
pub(crate) fn encode_parts<'a>(
    start: Start,
    count: usize,
    tags: impl Iterator<Item = (&'a str, &'a str)>,
    moves: &[u16],
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    let board = start
        .board()
        .ok_or_else(|| Error::Corrupt("a game's start is out of range"))?;
    let mut coder = Coder::new(&board);
    let mut written = Vec::with_capacity(moves.len() + moves.len() / 8);
    for &bits in moves {
        if is_null(bits) {
            coder.put_null(&mut written);
            continue;
        }
        let mv = unpack(bits).ok_or_else(|| Error::Corrupt("a game's move is unreadable"))?;
        coder
            .put(mv, &mut written)
            .map_err(|_| Error::Corrupt("a game's move is not legal"))?;
    }
    encode_coded(
        start,
        count,
        tags.map(|(name, value)| (name.as_bytes(), value.as_bytes())),
        &written,
        out,
    );
    Ok(())
}

/// Writes a score as [`Score::encode`] does, from its `count` tags and
/// its moves already coded (see `move_code`; the indexer's, coded on the
/// replayer's board).
pub(crate) fn encode_coded<'a>(
    start: Start,
    count: usize,
    tags: impl Iterator<Item = (&'a [u8], &'a [u8])>,
    codes: &[u8],
    out: &mut Vec<u8>,
) {
    put_tags(start, count, tags, out);
    put(out, codes.len() as u64);
    out.extend_from_slice(codes);
}

/// Writes a score's `count` tags.
fn put_tags<'a>(
    start: Start,
    count: usize,
    tags: impl Iterator<Item = (&'a [u8], &'a [u8])>,
    out: &mut Vec<u8>,
) {
    put(out, count as u64);
    let mut earlier = Earlier::default();
    for (name, value) in tags {
        if let Some(at) = NAME_PLACES.find(&NAMES, name) {
            out.push(u8::try_from(at + 1).unwrap_or(0));
        } else {
            out.push(0);
            put_bytes(out, name);
        }
        put_value(start, value, &earlier, out);
        earlier.push(value);
    }
}

/// The values written before, the last 32 of them, newest first when
/// looked through; and a mark of every value's length and last byte
/// (all written, so it only ever lets more through), so that most values,
/// written for the first time, are not looked for.
#[derive(Default)]
struct Earlier<'a> {
    values: [&'a [u8]; 32],
    count: usize,
    marks: u64,
}

impl<'a> Earlier<'a> {
    /// The mark of a value: a bit of 64, by its length and last byte.
    fn mark(value: &[u8]) -> u64 {
        let last = usize::from(value.last().copied().unwrap_or(0));
        1 << ((value.len() * 31 + last) & 63)
    }

    fn push(&mut self, value: &'a [u8]) {
        self.values[self.count % 32] = value;
        self.count += 1;
        self.marks |= Earlier::mark(value);
    }

    /// How many values back (0: the last one) `value` was written, among
    /// the last 32.
    fn find(&self, value: &[u8]) -> Option<usize> {
        if self.marks & Earlier::mark(value) == 0 {
            return None;
        }
        (0..self.count.min(32)).find(|&back| {
            let before = self.values[(self.count - 1 - back) % 32];
            // Lengths and last bytes first: most values differ there.
            before.len() == value.len() && before.last() == value.last() && before == value
        })
    }
}

/// Writes a tag's value: a byte that says how, then what it needs.
fn put_value(start: Start, value: &[u8], earlier: &Earlier<'_>, out: &mut Vec<u8>) {
    if let Some(at) = VALUE_PLACES.find(&VALUES, value) {
        out.push(KNOWN + u8::try_from(at).unwrap_or(0));
        return;
    }
    if !value.is_empty()
        && let Some(back) = earlier.find(value)
    {
        out.push(SAME + u8::try_from(back).unwrap_or(0));
        return;
    }
    if value.len() > 40
        && value.contains(&b'/')
        && let Some(at) = start_fen_place(start, value)
    {
        out.push(u8::try_from(at + 1).unwrap_or(0));
        return;
    }
    if let Some(rest) = value.strip_prefix(SITE.as_bytes()) {
        out.push(SITE_REST);
        put_bytes(out, rest);
        return;
    }
    out.push(TEXT);
    put_bytes(out, value);
}

/// Reads what [`put_value`] wrote, after the tags `earlier`.
fn get_value(
    start: Start,
    earlier: &[(String, String)],
    input: &mut &[u8],
) -> Result<String, Error> {
    let range = || Error::Corrupt("a game's start is out of range");
    Ok(match get_byte(input)? {
        TEXT => get_text(input)?,
        1 => start_fen(start).ok_or_else(range)?,
        2 => start_xfen(start).ok_or_else(range)?,
        SITE_REST => format!("{SITE}{}", get_text(input)?),
        code if (SAME..SAME + 32).contains(&code) => earlier
            .len()
            .checked_sub(usize::from(code - SAME) + 1)
            .and_then(|at| earlier.get(at))
            .map(|(_, value)| value.clone())
            .ok_or_else(|| Error::Corrupt("a tag's value names a tag before the first"))?,
        code if code >= KNOWN => (*VALUES
            .get(usize::from(code - KNOWN))
            .ok_or_else(|| Error::Corrupt("a tag's value is unknown"))?)
        .to_owned(),
        _ => return Err(Error::Corrupt("a tag's value is unknown")),
    })
}

/// Whether `bits` is a null move.
fn is_null(bits: u16) -> bool {
    bits & 63 == bits >> 6 & 63
}

impl Score {
    /// Writes the score: the tags (a known name as a byte; a value as
    /// text, or as a byte: the start's `FEN`, a value written in a tag
    /// before, a common one), then the moves, a byte each.
    ///
    /// # Errors
    ///
    /// [`Error::Corrupt`] when a move is not legal where it stands.
    pub fn encode(&self, start: Start, out: &mut Vec<u8>) -> Result<(), Error> {
        encode_parts(
            start,
            self.tags.len(),
            self.tags
                .iter()
                .map(|(name, value)| (name.as_str(), value.as_str())),
            &self.moves,
            out,
        )
    }

    /// Reads what [`Score::encode`] wrote for a game from `start`.
    ///
    /// # Errors
    ///
    /// [`Error::Corrupt`] for bytes it did not write.
    pub fn decode(start: Start, mut input: &[u8]) -> Result<Score, Error> {
        let input = &mut input;
        let count = get(input)?;
        if count > input.len() as u64 {
            return Err(Error::Corrupt("a game's tags run past its record"));
        }
        let mut tags = Vec::with_capacity(usize::try_from(count).unwrap_or(0));
        for _ in 0..count {
            let name = match get_byte(input)? {
                0 => get_text(input)?,
                code => (*NAMES
                    .get(usize::from(code) - 1)
                    .ok_or_else(|| Error::Corrupt("a tag's name is unknown"))?)
                .to_owned(),
            };
            let value = get_value(start, &tags, input)?;
            tags.push((name, value));
        }
        let count = get(input)?;
        if count != input.len() as u64 {
            return Err(Error::Corrupt("a game's moves do not fill its record"));
        }
        let mut board = start
            .board()
            .ok_or_else(|| Error::Corrupt("a game's start is out of range"))?;
        let mut coder = Coder::new(&board);
        let mut moves = Vec::with_capacity(input.len());
        while !input.is_empty() {
            let unknown = |_| Error::Corrupt("a game's move is unknown");
            let Some(mv) = coder.get(input).map_err(unknown)? else {
                let king = board.king(board.side_to_move()) as u16;
                moves.push(king | king << 6);
                board = board
                    .null_move()
                    .ok_or_else(|| Error::Corrupt("a null move in check"))?;
                coder.play_null();
                continue;
            };
            if !board.is_legal(mv) {
                return Err(Error::Corrupt("a game's move is not legal"));
            }
            moves.push(pack(mv));
            board.play_unchecked(mv);
            coder.play(mv);
        }
        Ok(Score { tags, moves })
    }

    /// The value of tag `name`, if written.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// The mainline from `start`, each move in UCI and SAN.
    ///
    /// # Errors
    ///
    /// [`Error::Corrupt`] when a move is not legal where it stands.
    pub fn mainline(&self, start: Start) -> Result<Vec<ScoreMove>, Error> {
        let mut board = start
            .board()
            .ok_or_else(|| Error::Corrupt("a game's start is out of range"))?;
        let mut out = Vec::with_capacity(self.moves.len());
        for &bits in &self.moves {
            if is_null(bits) {
                out.push(ScoreMove {
                    uci: "0000".to_owned(),
                    san: "--".to_owned(),
                });
                board = board
                    .null_move()
                    .ok_or_else(|| Error::Corrupt("a null move in check"))?;
                continue;
            }
            let mv = unpack(bits)
                .filter(|&mv| board.is_legal(mv))
                .ok_or_else(|| Error::Corrupt("a game's move is not legal"))?;
            out.push(ScoreMove {
                uci: board::uci(mv),
                san: board::san(&board, mv),
            });
            board.play_unchecked(mv);
        }
        Ok(out)
    }

    /// The tags to write: the Seven Tag Roster first (a missing one as
    /// `?`), then the others as written; for a start other than the
    /// classical one, `Variant`, `FEN` and `SetUp` where missing.
    pub fn pgn_tags(&self, start: Start) -> Vec<(String, String)> {
        let mut tags: Vec<(String, String)> = ROSTER
            .iter()
            .map(|&(name, missing)| {
                (
                    name.to_owned(),
                    self.tag(name).unwrap_or(missing).to_owned(),
                )
            })
            .collect();
        tags.extend(
            self.tags
                .iter()
                .filter(|(name, _)| !ROSTER.iter().any(|&(roster, _)| roster == name))
                .cloned(),
        );
        if start != Start::Standard {
            for (name, value) in [
                ("Variant", "Chess960".to_owned()),
                ("FEN", start_xfen(start).unwrap_or_default()),
                ("SetUp", "1".to_owned()),
            ] {
                if self.tag(name).is_none() {
                    tags.push((name.to_owned(), value));
                }
            }
        }
        tags
    }

    /// The game as PGN: its tags ([`Score::pgn_tags`], `"` and `\`
    /// escaped), a blank line, the mainline in SAN from `start` with move
    /// numbers, and the result, lines cut before 80 characters.
    ///
    /// # Errors
    ///
    /// [`Error::Corrupt`] when a move is not legal where it stands.
    pub fn pgn(&self, start: Start) -> Result<String, Error> {
        let mut out = String::with_capacity(512 + 8 * self.moves.len());
        for (name, value) in self.pgn_tags(start) {
            out.push('[');
            out.push_str(&name);
            out.push_str(" \"");
            for c in value.chars() {
                match c {
                    '"' | '\\' => {
                        out.push('\\');
                        out.push(c);
                    }
                    // One line a tag: breaks and tabs as spaces.
                    c if c.is_control() => out.push(' '),
                    c => out.push(c),
                }
            }
            out.push_str("\"]\n");
        }
        out.push('\n');
        let black_first = start
            .board()
            .is_some_and(|board| board.side_to_move() == cozy_chess::Color::Black);
        let mut tokens = Vec::with_capacity(self.moves.len() * 3 / 2 + 2);
        for (ply, one) in self.mainline(start)?.into_iter().enumerate() {
            let ply = ply + usize::from(black_first);
            if ply % 2 == 0 {
                tokens.push(format!("{}.", ply / 2 + 1));
            } else if tokens.is_empty() {
                tokens.push(format!("{}...", ply / 2 + 1));
            }
            tokens.push(one.san);
        }
        tokens.push(self.tag("Result").unwrap_or("*").to_owned());
        let mut width = 0;
        for token in tokens {
            if width > 0 && width + 1 + token.len() > 79 {
                out.push('\n');
                width = 0;
            } else if width > 0 {
                out.push(' ');
                width += 1;
            }
            width += token.len();
            out.push_str(&token);
        }
        out.push('\n');
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A start's FENs are cozy-chess's Shredder-FEN of its board and the
    /// same with `KQkq` for four rights (what earlier builds wrote and a
    /// db's texts name by place): every start, the classical one and
    /// double starts of every white start.
    #[test]
    fn start_fens_are_cozy_chess_s() {
        let cozy = |start: Start| {
            let board = start.board().unwrap();
            let shredder = format!("{board:#}");
            let mut fields: Vec<&str> = shredder.split(' ').collect();
            if fields[2].len() == 4 {
                fields[2] = "KQkq";
            }
            let xfen = fields.join(" ");
            (shredder, xfen)
        };
        let mut starts = vec![Start::Standard];
        for id in 0..960u16 {
            starts.push(Start::Chess960(id));
            starts.push(Start::Double(id, (id * 37 + 11) % 960));
            starts.push(Start::Double(id, id));
        }
        for start in starts {
            let (shredder, xfen) = cozy(start);
            assert_eq!(
                start_fen(start).as_deref(),
                Some(shredder.as_str()),
                "{start:?}"
            );
            assert_eq!(
                start_xfen(start).as_deref(),
                Some(xfen.as_str()),
                "{start:?}"
            );
            assert_eq!(
                start_fen_place(start, shredder.as_bytes()),
                Some(0),
                "{start:?}"
            );
            assert_eq!(
                start_fen_place(start, xfen.as_bytes()),
                Some(usize::from(xfen != shredder))
            );
        }
        for start in [Start::Chess960(960), Start::Double(0, 960)] {
            assert_eq!(start_fen(start), None);
            assert_eq!(start_fen_place(start, b"x"), None);
        }
    }

    /// Every known name and value is found at its place; a word of
    /// another list, a near miss or an empty word is not.
    #[test]
    fn known_words_are_found_at_their_place_and_no_other_word_is() {
        for (at, name) in NAMES.iter().enumerate() {
            assert_eq!(
                NAME_PLACES.find(&NAMES, name.as_bytes()),
                Some(at),
                "{name}"
            );
        }
        for (at, value) in VALUES.iter().enumerate() {
            assert_eq!(
                VALUE_PLACES.find(&VALUES, value.as_bytes()),
                Some(at),
                "{value}"
            );
        }
        for word in [
            "",
            "event",
            "Events",
            "Even",
            "WhiteElo2",
            "Rated Blitz gam",
            "1-1",
            "**",
            "?!",
            "Rated",
        ] {
            assert_eq!(NAME_PLACES.find(&NAMES, word.as_bytes()), None, "{word}");
            assert_eq!(VALUE_PLACES.find(&VALUES, word.as_bytes()), None, "{word}");
        }
        assert_eq!(NAME_PLACES.find(&NAMES, b"Normal"), None);
        assert_eq!(VALUE_PLACES.find(&VALUES, b"Event"), None);
    }

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Values repeated near and far (past the 32 a value may name back),
    /// empty ones and known ones: read back as written, and each repeat
    /// within 32 written as a byte.
    #[test]
    fn repeated_values_read_back_as_written() {
        let mut state = 5u64;
        for round in 0..300 {
            let count = usize::try_from(xorshift(&mut state) % 90).unwrap();
            let pool = 1 + xorshift(&mut state) % if round % 2 == 0 { 4 } else { 60 };
            let tags: Vec<(String, String)> = (0..count)
                .map(|at| {
                    let value = match xorshift(&mut state) % pool {
                        0 => String::new(),
                        1 => "1-0".to_owned(),
                        n => format!("value {n}"),
                    };
                    (format!("Tag{at}"), value)
                })
                .collect();
            let score = Score {
                tags,
                moves: vec![pack("e2e4".parse().unwrap())],
            };
            let mut bytes = Vec::new();
            score.encode(Start::Standard, &mut bytes).unwrap();
            assert_eq!(Score::decode(Start::Standard, &bytes).unwrap(), score);
            // Every value that repeats one of the 32 before it is a byte:
            // the texts written are those of first values only.
            let firsts: usize = (0..score.tags.len())
                .filter(|&at| {
                    let value = &score.tags[at].1;
                    value != "1-0"
                        && (value.is_empty()
                            || !score.tags[at.saturating_sub(32)..at]
                                .iter()
                                .any(|(_, v)| v == value))
                })
                .map(|at| score.tags[at].1.len() + 1)
                .sum();
            let names: usize = score.tags.iter().map(|(name, _)| name.len() + 2).sum();
            assert!(
                bytes.len() <= 8 + names + firsts + score.tags.len(),
                "{round}"
            );
        }
    }

    #[test]
    fn broken_bytes_are_errors_not_panics() {
        let score = Score {
            tags: vec![
                ("FEN".into(), start_xfen(Start::Chess960(3)).unwrap()),
                ("Odd".into(), "x".into()),
            ],
            moves: vec![pack("b2b3".parse().unwrap())],
        };
        let mut bytes = Vec::new();
        score.encode(Start::Chess960(3), &mut bytes).unwrap();
        assert_eq!(Score::decode(Start::Chess960(3), &bytes).unwrap(), score);
        assert!(bytes.len() < 20, "the FEN is a byte");
        for cut in 0..bytes.len() {
            assert!(Score::decode(Start::Chess960(3), &bytes[..cut]).is_err());
        }
        let mut state = 9u64;
        for _ in 0..2000 {
            let mut broken = bytes.clone();
            let at = usize::try_from(xorshift(&mut state)).unwrap() % broken.len();
            #[allow(clippy::cast_possible_truncation)]
            {
                broken[at] = xorshift(&mut state) as u8;
            }
            let _ = Score::decode(Start::Chess960(3), &broken);
        }
    }
}
