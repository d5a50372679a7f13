//! A small grammar of well-formed PGN, driven by bytes (from proptest in
//! the test suite, from libFuzzer in `fuzz/fuzz_targets/pgn_differential.rs`,
//! which includes this file by path): every input it writes is PGN that
//! both readers must read alike, and it returns the tag pairs and results
//! it wrote, to check both readers against.
//!
//! What it writes: lichess-style and archive-style tag sections (one tag a
//! line, or two on one line; white space after a tag and before a tag
//! line other than the first; `%` escape lines
//! between them; values with
//! `\"` and `\\` escapes, non-ASCII letters, `[`, `]`, `{`, `;`), starts in
//! X-FEN and Shredder-FEN (outer or inner rook first), double starts,
//! starts with changed rules, positions that are no start, repeated and
//! conflicting `FEN` tags; movetext with moves, move numbers, NAGs, `{}`
//! comments (spanning lines, holding `{`, blank lines, `%` lines, `[%clk]`,
//! `[Event "x"]` after other text on the line), `;` comments, `%` lines,
//! nested variations, games without moves, a last game without movetext;
//! LF or CRLF line ends, an optional byte order mark, zero to two blank
//! lines between games.
//!
//! What it never writes (where the two readers legitimately differ, see
//! `pgn_differential`'s module doc): a game without tags, a tag section
//! followed directly by another one, a second `Event` tag in one section, a
//! blank line in movetext outside a comment, a comment line that starts
//! with `[` and a letter, a game's first tag line indented by white space
//! after another game, tag names or
//! values with extra spaces around them, bytes that are not UTF-8.

use shakmaty::{Board, File, Rank, Square};

/// The input's bytes, taken one at a time; zeros after its end.
pub(crate) struct Choices<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Choices<'a> {
    pub(crate) fn new(data: &'a [u8]) -> Choices<'a> {
        Choices { data, at: 0 }
    }

    fn byte(&mut self) -> u8 {
        let byte = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        byte
    }

    /// A number below `count` (at most 256).
    fn below(&mut self, count: usize) -> usize {
        usize::from(self.byte()) % count
    }

    fn pick<T: Copy>(&mut self, options: &[T]) -> T {
        options[self.below(options.len())]
    }

    /// True once in `count` times, about.
    fn one_in(&mut self, count: usize) -> bool {
        self.below(count) == 0
    }

    fn exhausted(&self) -> bool {
        self.at >= self.data.len()
    }
}

/// One generated game: its tag pairs in order (values as meant, escapes
/// undone) and the termination marker of its movetext (`None` for the last
/// game when it has no movetext).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Game {
    pub(crate) tags: Vec<(String, String)>,
    pub(crate) result: Option<&'static str>,
}

/// A generated input and what it holds.
#[derive(Clone, Debug)]
pub(crate) struct Generated {
    pub(crate) pgn: Vec<u8>,
    pub(crate) games: Vec<Game>,
}

/// At most this many games an input.
const MAX_GAMES: usize = 8;

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Characters of tag values and comments, escapes and non-ASCII included.
const TEXT: [&str; 24] = [
    "a", "Z", "k", "7", "0", " ", " ", ".", "-", ":", "/", "\"", "\\", "[", "]", "{", ";", "%",
    "é", "Ö", "ß", "½", "Ж", "x",
];

const NAMES: [&str; 20] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "WhiteElo",
    "BlackElo",
    "TimeControl",
    "Variant",
    "SetUp",
    "FEN",
    "FEN",
    "Opening",
    "ECO",
    "Termination",
    "Annotator",
    "White_Title",
    "PlyCount2",
];

const VARIANTS: [&str; 6] = [
    "Chess960",
    "Standard",
    "chess 960",
    "Crazyhouse",
    "Atomic",
    "From Position",
];

const NOT_STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "8/8/8/4k3/8/8/4K3/8 w - - 0 1",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRRK w - - 0 1",
    "not a fen",
];

const MOVES: [&str; 12] = [
    "e4", "Nf3", "O-O", "O-O-O", "exd5", "Qxf7#", "e8=Q+", "Bb5+", "0-0", "Kg1", "Rxa8", "h3",
];

const NAGS: [&str; 5] = ["$1", "$14", "!?", "?!", "!!"];

/// Writes a PGN input from `data`.
pub(crate) fn generate(data: &[u8]) -> Generated {
    let mut choices = Choices::new(data);
    let flags = choices.byte();
    let crlf = flags & 1 != 0;
    let mut out = String::new();
    if flags & 2 != 0 {
        out.push('\u{FEFF}');
    }
    if flags & 4 != 0 {
        out.push_str("% an escape line before the first game\n\n");
    }
    let mut games = Vec::new();
    while !choices.exhausted() && games.len() < MAX_GAMES {
        let last = choices.exhausted() || games.len() + 1 == MAX_GAMES;
        games.push(game(&mut choices, &mut out, last));
        match choices.below(4) {
            0 => {}
            1 | 2 => out.push('\n'),
            _ => out.push_str("\n\n"),
        }
    }
    if crlf {
        out = out.replace('\n', "\r\n");
    }
    Generated {
        pgn: out.into_bytes(),
        games,
    }
}

/// Writes one game (tags, a blank line, movetext, a newline).
fn game(choices: &mut Choices<'_>, out: &mut String, last: bool) -> Game {
    let result = choices.pick(&RESULTS);
    let count = 1 + choices.below(9);
    let mut tags: Vec<(String, String)> = Vec::new();
    let plan = Plan::draw(choices);
    for _ in 0..count {
        let name = choices.pick(&NAMES);
        if name == "Event" && tags.iter().any(|(name, _)| name == "Event") {
            continue;
        }
        let value = match name {
            "Result" => result.to_owned(),
            "Variant" => choices.pick(&VARIANTS).to_owned(),
            "SetUp" => "1".to_owned(),
            "WhiteElo" | "BlackElo" => {
                if choices.one_in(4) {
                    "?".to_owned()
                } else {
                    (1000 + choices.below(200) * 7).to_string()
                }
            }
            "FEN" => fen(choices, plan),
            _ => text(choices, 12),
        };
        tags.push((name.to_owned(), value));
    }
    let mut first = true;
    for (name, value) in &tags {
        if !first {
            match choices.below(12) {
                0 => out.push(' '),
                1 => out.push_str("\t "),
                2 => out.push_str("\n% between tags\n"),
                3 => out.push_str(" \t\n"),
                4 => out.push_str("\n  "),
                5 => out.push_str("\n\t"),
                _ => out.push('\n'),
            }
        }
        first = false;
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        out.push_str(&value.replace('\\', "\\\\").replace('"', "\\\""));
        out.push_str("\"]");
    }
    out.push('\n');
    if (last || choices.exhausted()) && choices.one_in(4) {
        return Game { tags, result: None };
    }
    if !choices.one_in(6) {
        out.push('\n');
    }
    let tokens = choices.below(24);
    movetext(choices, out, tokens, 0);
    if !out.ends_with('\n') {
        out.push(if choices.one_in(3) { '\n' } else { ' ' });
    }
    out.push_str(result);
    out.push('\n');
    Game {
        tags,
        result: Some(result),
    }
}

/// Up to `length` characters of tag value text.
fn text(choices: &mut Choices<'_>, length: usize) -> String {
    let length = choices.below(length + 1);
    (0..length).map(|_| choices.pick(&TEXT)).collect()
}

/// White's back rank of the start numbered `id` by shakmaty.
fn rank_of(id: usize) -> String {
    let board = Board::chess960(u32::try_from(id).expect("below 960"));
    File::ALL
        .iter()
        .map(|&file| {
            board
                .piece_at(Square::from_coords(file, Rank::First))
                .map_or('?', shakmaty::Piece::char)
        })
        .collect()
}

/// The start a game's `FEN` tags give: a position that is no start, or
/// White's and Black's start ids and a change of rules (0 to 14, 5 and up
/// for none).
#[derive(Clone, Copy)]
struct Plan {
    not_a_start: Option<&'static str>,
    white: usize,
    black: usize,
    change: usize,
}

impl Plan {
    fn draw(choices: &mut Choices<'_>) -> Plan {
        let not_a_start = choices.one_in(8).then(|| choices.pick(&NOT_STARTS));
        let white = usize::from(choices.byte()) * 4 % 960 + choices.below(4);
        let black = if choices.one_in(6) {
            (white + 1 + choices.below(200)) % 960
        } else {
            white
        };
        let change = choices.below(15);
        Plan {
            not_a_start,
            white,
            black,
            change,
        }
    }
}

/// A `FEN` tag value: the game's planned start (so that repeated tags
/// usually agree, one in ten times another plan) in a dialect drawn here:
/// X-FEN, or Shredder-FEN with the outer or the inner rook first.
fn fen(choices: &mut Choices<'_>, plan: Plan) -> String {
    let plan = if choices.one_in(10) {
        Plan::draw(choices)
    } else {
        plan
    };
    if let Some(fen) = plan.not_a_start {
        return fen.to_owned();
    }
    let (white, black) = (plan.white, plan.black);
    let (white, black) = (rank_of(white), rank_of(black).to_ascii_lowercase());
    let rooks = |rank: &str| -> Vec<char> {
        rank.char_indices()
            .filter(|&(_, piece)| piece.eq_ignore_ascii_case(&'r'))
            .map(|(file, _)| char::from(b'a' + u8::try_from(file).expect("a file")))
            .collect()
    };
    let (white_rooks, black_rooks) = (rooks(&white), rooks(&black));
    let shredder = |rooks: &[char], outer_first: bool| -> String {
        let (a, h) = (rooks[0], rooks[1]);
        if outer_first {
            [h, a].iter().collect()
        } else {
            [a, h].iter().collect()
        }
    };
    let mut castling = match choices.below(3) {
        0 => "KQkq".to_owned(),
        dialect => {
            let outer_first = dialect == 1;
            shredder(&white_rooks, outer_first).to_ascii_uppercase()
                + &shredder(&black_rooks, outer_first)
        }
    };
    let (mut turn, mut halfmoves, mut fullmoves) = ("w", 0, 1);
    match plan.change {
        0 => turn = "b",
        1 => "-".clone_into(&mut castling),
        2 => "Kq".clone_into(&mut castling),
        3 => halfmoves = 3,
        4 => fullmoves = 9,
        _ => {}
    }
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} {turn} {castling} - {halfmoves} {fullmoves}")
}

/// Writes `count` movetext tokens (moves, numbers, NAGs, comments,
/// variations up to two deep), each after a space or a newline.
fn movetext(choices: &mut Choices<'_>, out: &mut String, count: usize, depth: usize) {
    for index in 0..count {
        if !(out.is_empty() || out.ends_with('\n') || out.ends_with('(')) {
            out.push(if choices.one_in(6) { '\n' } else { ' ' });
        }
        match choices.below(16) {
            0..=4 => out.push_str(choices.pick(&MOVES)),
            5 | 6 => {
                let number = index / 2 + 1;
                out.push_str(&number.to_string());
                out.push_str(if choices.one_in(2) { "." } else { "..." });
            }
            7 => out.push_str(choices.pick(&NAGS)),
            8 => {
                out.push_str("{ [%clk 0:0");
                out.push_str(&choices.below(10).to_string());
                out.push_str(":00] }");
            }
            9 | 10 => comment(choices, out),
            11 => {
                out.push_str("; ");
                out.push_str(&text(choices, 10));
                out.push('\n');
            }
            12 => {
                if !out.is_empty() && !out.ends_with('\n') {
                    out.push('\n');
                }
                out.push('%');
                out.push_str(&text(choices, 10));
                out.push('\n');
            }
            _ if depth < 2 => {
                out.push('(');
                let inner = choices.below(6);
                movetext(choices, out, inner, depth + 1);
                out.push(')');
            }
            _ => out.push_str(choices.pick(&MOVES)),
        }
    }
}

/// A `{}` comment: text over one or more lines, blank lines, `%` lines,
/// `[%clk]`-like lines, and `[Event "x"]` after other text on its line.
fn comment(choices: &mut Choices<'_>, out: &mut String) {
    out.push('{');
    for _ in 0..=choices.below(5) {
        match choices.below(8) {
            0 => out.push_str("\n\n"),
            1 => out.push_str("\n[%eval 0.3]"),
            2 => out.push_str(" [Event \"x\"]\n [Site \"y\"] "),
            3 => out.push_str("\n% not an escape inside a comment"),
            4 => out.push_str("\n; nor is this a line comment\n"),
            5 => out.push_str("\n(1. e4)"),
            _ => {
                let text = text(choices, 12).replace('}', "(");
                // A comment line starting with `[` and a letter is the
                // next game's tag for our reader (an unclosed comment).
                if out.ends_with('\n') && text.starts_with('[') {
                    out.push(' ');
                }
                out.push_str(&text);
            }
        }
    }
    out.push('}');
}
