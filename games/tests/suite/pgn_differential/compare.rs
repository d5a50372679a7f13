//! The independent side of the differential tests and the comparisons:
//! pgn-reader's view of each game (its tag pairs in order, its termination
//! marker), the start a game's tags give when shakmaty reads its `FEN`,
//! and the checks that our reader and `GameKind::classify` say the same.
//! Also a `Read` that hands out short reads, for buffer boundaries, and
//! the checks of records cut apart at their spans, as the parallel reading
//! of a large file cuts them. The fuzz target `pgn_differential` includes
//! this file by path.

use chess960_games::read::{GameKind, MAX_FEN_TAGS, Reader, Record, RecordError, TagName};
use pgn_reader::{Outcome, RawTag, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{Bitboard, Board, Color, File, Rank, Square};
use std::collections::HashSet;
use std::io::{BufReader, Read};
use std::ops::ControlFlow;

/// One game as pgn-reader reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct TheirGame {
    /// Every tag pair, in order, the value with its escapes undone.
    pub(crate) tags: Vec<(String, String)>,
    /// The last termination marker of the movetext (`1-0`, `0-1`,
    /// `1/2-1/2`, `*`), if any.
    pub(crate) outcome: Option<String>,
}

/// A game as the grammar wrote it, as pgn-reader should read it.
impl From<&super::grammar::Game> for TheirGame {
    fn from(game: &super::grammar::Game) -> TheirGame {
        TheirGame {
            tags: game.tags.clone(),
            outcome: game.result.map(str::to_owned),
        }
    }
}

/// A pgn-reader visitor that keeps the tag pairs and the result.
struct Collect;

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = TheirGame;
    type Output = TheirGame;

    fn begin_tags(&mut self) -> ControlFlow<TheirGame, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<TheirGame> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            unescape(value.as_bytes()),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<TheirGame, TheirGame> {
        ControlFlow::Continue(TheirGame {
            tags,
            outcome: None,
        })
    }

    fn outcome(&mut self, game: &mut TheirGame, outcome: Outcome) -> ControlFlow<TheirGame> {
        game.outcome = Some(outcome.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: TheirGame) -> TheirGame {
        game
    }
}

/// A tag value with its escapes undone by the PGN standard's rule (`\"`
/// is `"`, `\\` is `\`, a backslash before anything else stays), read
/// as UTF-8 (lossily). Not pgn-reader's `RawTag::decode`: version 0.29.0
/// reads `\\\"` (an escaped backslash, then an escaped quote) as `"`,
/// taking the second backslash of `\\` for the start of another escape
/// (`documented_differences` pins it down).
pub(crate) fn unescape(raw: &[u8]) -> String {
    let mut bytes = Vec::with_capacity(raw.len());
    let mut rest = raw;
    while let Some((&byte, after)) = rest.split_first() {
        if let (b'\\', Some(&next @ (b'\\' | b'"'))) = (byte, after.first()) {
            bytes.push(next);
            rest = &after[1..];
        } else {
            bytes.push(byte);
            rest = after;
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Every game pgn-reader finds in `input` (which must be PGN it reads
/// without error).
pub(crate) fn their_games(input: impl Read) -> Vec<TheirGame> {
    let mut reader = pgn_reader::Reader::build(input)
        .set_supported_tag_line_length(1 << 16)
        .finish();
    let mut games = Vec::new();
    while let Some(game) = reader
        .read_game(&mut Collect)
        .expect("pgn-reader reads the input")
    {
        games.push(game);
    }
    games
}

/// Every record our reader finds in `input`, from one buffer.
pub(crate) fn our_records(input: &[u8]) -> Vec<Record> {
    Reader::new(input).collect()
}

/// The start of a game as the independent side sees it, or why it has
/// none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Start {
    /// A start board: White's and Black's back ranks (capital letters),
    /// and whether the FEN keeps the start's rules (White to move, all
    /// four castling rights, no en passant square, counters 0 and 1).
    Board {
        white: String,
        black: String,
        exact: bool,
    },
    /// The FEN is no start position, or not a FEN.
    NoBoard,
    /// The `Variant` tag names another game.
    OtherVariant,
    /// Repeated `FEN` tags give different starts.
    ConflictingFens,
}

/// The 960 back ranks of Chess960 as shakmaty numbers them.
pub(crate) fn start_ranks() -> HashSet<String> {
    (0..960)
        .map(|id| row(&Board::chess960(id), Rank::First))
        .collect()
}

/// The pieces of one rank, `.` for an empty square.
fn row(board: &Board, rank: Rank) -> String {
    File::ALL
        .iter()
        .map(|&file| {
            board
                .piece_at(Square::from_coords(file, rank))
                .map_or('.', shakmaty::Piece::char)
        })
        .collect()
}

/// What a FEN read by shakmaty says beyond its board: whose move, the
/// castling rooks, the en passant square, the two counters.
type Rules = (Color, Bitboard, Option<Square>, u32, u32);

/// The start board of a FEN read by shakmaty, or `None`, with its rules.
fn fen_start(fen: &str, ranks: &HashSet<String>) -> Option<(Start, Rules)> {
    let setup = Fen::from_ascii(fen.as_bytes()).ok()?.into_setup();
    let rules = (
        setup.turn,
        setup.castling_rights,
        setup.ep_square,
        setup.halfmoves,
        setup.fullmoves.get(),
    );
    let board = &setup.board;
    let middle = [Rank::Third, Rank::Fourth, Rank::Fifth, Rank::Sixth];
    if row(board, Rank::Second) != "PPPPPPPP"
        || row(board, Rank::Seventh) != "pppppppp"
        || middle.iter().any(|&rank| row(board, rank) != "........")
    {
        return None;
    }
    let white = row(board, Rank::First);
    let black = row(board, Rank::Eighth);
    if !ranks.contains(&white)
        || black.bytes().any(|byte| byte.is_ascii_uppercase())
        || !ranks.contains(&black.to_ascii_uppercase())
    {
        return None;
    }
    let back_ranks = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth);
    let exact = setup.turn == Color::White
        && setup.castling_rights == board.rooks() & back_ranks
        && setup.ep_square.is_none()
        && setup.halfmoves == 0
        && setup.fullmoves.get() == 1;
    let start = Start::Board {
        white,
        black: black.to_ascii_uppercase(),
        exact,
    };
    Some((start, rules))
}

/// The first value of a tag among pgn-reader's tag pairs.
fn first<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(tag, _)| tag == name)
        .map(|(_, value)| value.as_str())
}

/// The start of a game from its tag pairs, derived here: the `Variant`
/// values below (the generated ones and the fixtures'), then the first
/// [`MAX_FEN_TAGS`] `FEN` tags read by shakmaty.
pub(crate) fn their_start(tags: &[(String, String)], ranks: &HashSet<String>) -> Start {
    match first(tags, "Variant") {
        None | Some("Standard" | "From Position" | "Chess960" | "chess 960") => {}
        Some("Crazyhouse" | "Atomic") => return Start::OtherVariant,
        Some(other) => panic!("a Variant value this test does not know: {other:?}"),
    }
    let fens: Vec<&str> = tags
        .iter()
        .filter(|(name, _)| name == "FEN")
        .take(MAX_FEN_TAGS)
        .map(|(_, value)| value.as_str())
        .collect();
    // No FEN: the classical start, for a Chess960 game too (python-chess
    // writes start 518 so and reads it back so).
    let Some((&fen, others)) = fens.split_first() else {
        return Start::Board {
            white: "RNBQKBNR".to_owned(),
            black: "RNBQKBNR".to_owned(),
            exact: true,
        };
    };
    // Repeated FENs agree when they give the same start with the same
    // rules, or when none gives a start.
    let start = fen_start(fen, ranks);
    if others.iter().any(|&other| fen_start(other, ranks) != start) {
        return Start::ConflictingFens;
    }
    start.map_or(Start::NoBoard, |(start, _)| start)
}

/// The start of a game by our `GameKind::classify`.
pub(crate) fn our_start(kind: GameKind) -> Start {
    let board = |exact: bool| {
        let start = kind.start().expect("a kind with a start board");
        Start::Board {
            white: start.white().as_str().to_owned(),
            black: start.black().as_str().to_owned(),
            exact,
        }
    };
    match kind {
        GameKind::Chess960(_) | GameKind::DoubleChess960(_) | GameKind::Standard => board(true),
        GameKind::ChangedRules { .. } => board(false),
        GameKind::NotAStart(_) => Start::NoBoard,
        GameKind::OtherVariant(_) => Start::OtherVariant,
        GameKind::Unreadable(RecordError::ConflictingFens) => Start::ConflictingFens,
        other => panic!("a kind a well-formed record cannot have: {other:?}"),
    }
}

/// Asserts that our records and pgn-reader's games are the same games in
/// the same order, each read without error, with the same kept tags, the
/// same result and the same start.
pub(crate) fn assert_same_games(ours: &[Record], theirs: &[TheirGame], ranks: &HashSet<String>) {
    assert_eq!(
        ours.len(),
        theirs.len(),
        "games: ours {ours:#?}\ntheirs {theirs:#?}"
    );
    for (record, their) in ours.iter().zip(theirs) {
        let number = record.number();
        assert_eq!(record.error(), None, "record {number}: {record:?}");
        let tags = record.tags();
        for name in TagName::ALL {
            assert_eq!(
                tags.get(name),
                first(&their.tags, name.as_str()),
                "record {number}, tag {}",
                name.as_str()
            );
        }
        let their_fens: Vec<&str> = their
            .tags
            .iter()
            .filter(|(name, _)| name == "FEN")
            .take(MAX_FEN_TAGS)
            .map(|(_, value)| value.as_str())
            .collect();
        assert_eq!(
            tags.fens().collect::<Vec<_>>(),
            their_fens,
            "record {number}"
        );
        if let (Some(result), Some(outcome)) = (tags.get(TagName::Result), &their.outcome) {
            assert_eq!(
                chess960_games::stats::Outcome::from_tag(Some(result)).as_str(),
                outcome,
                "record {number}: the Result tag and the movetext's marker"
            );
        }
        assert_eq!(
            our_start(GameKind::classify(tags)),
            their_start(&their.tags, ranks),
            "record {number}: {:?}",
            tags.fens().collect::<Vec<_>>()
        );
    }
}

/// A `Read` that hands out 1 to `longest` bytes a call, the lengths drawn
/// from `seed` (SplitMix64).
pub(crate) struct ShortReads<'a> {
    data: &'a [u8],
    state: u64,
    longest: usize,
}

impl<'a> ShortReads<'a> {
    pub(crate) fn new(data: &'a [u8], seed: u64, longest: usize) -> ShortReads<'a> {
        ShortReads {
            data,
            state: seed,
            longest: longest.max(1),
        }
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Read for ShortReads<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let wanted = usize::try_from(self.next() % self.longest as u64).unwrap_or(0) + 1;
        let count = wanted.min(buffer.len()).min(self.data.len());
        buffer[..count].copy_from_slice(&self.data[..count]);
        self.data = &self.data[count..];
        Ok(count)
    }
}

/// The buffer capacities the chunk checks use.
pub(crate) const CAPACITIES: [usize; 5] = [1, 2, 3, 7, 64];

/// Asserts that our reader gives the same records (number, offset, tags,
/// error) through a buffer of `capacity` bytes, and through short reads
/// of 1 to `longest` bytes drawn from `seed`, as from one buffer.
pub(crate) fn assert_same_records_in_pieces(
    input: &[u8],
    whole: &[Record],
    capacity: usize,
    seed: u64,
    longest: usize,
) {
    let small: Vec<Record> = Reader::new(BufReader::with_capacity(capacity, input)).collect();
    assert_eq!(small, whole, "a buffer of {capacity} bytes");
    let short: Vec<Record> = Reader::new(BufReader::with_capacity(
        capacity.max(longest),
        ShortReads::new(input, seed, longest),
    ))
    .collect();
    assert_eq!(
        short, whole,
        "short reads of 1 to {longest} bytes, seed {seed}"
    );
}

/// Records cut apart, as the parallel reading of a large file cuts it:
/// each record's own bytes (`Reader::raw`, its span) read alone give that
/// one game in both readers, and reading from any record's offset gives
/// the rest of the games in both, our records with the same tags, errors
/// and lengths, their offsets and numbers shifted.
pub(crate) fn assert_cuts_agree(pgn: &[u8]) {
    let ours = our_records(pgn);
    let theirs = their_games(pgn);
    let mut reader = Reader::new(pgn).keep_raw();
    let mut index = 0;
    while let Some(record) = reader.next_record().cloned() {
        let offset = usize::try_from(record.offset()).unwrap();
        let length = usize::try_from(record.length()).unwrap();
        let span = &pgn[offset..offset + length];
        assert_eq!(reader.raw(), Some(span), "record {}", record.number());
        let alone = our_records(span);
        assert_eq!(alone.len(), 1, "record {}", record.number());
        assert_eq!(
            (alone[0].tags(), alone[0].error(), alone[0].length()),
            (record.tags(), record.error(), record.length())
        );
        assert_eq!(their_games(span), [theirs[index].clone()]);

        let rest = our_records(&pgn[offset..]);
        assert_eq!(rest.len(), ours.len() - index);
        for (cut, whole) in rest.iter().zip(&ours[index..]) {
            assert_eq!(cut.number() + index as u64, whole.number());
            assert_eq!(cut.offset() + offset as u64, whole.offset());
            assert_eq!(
                (cut.tags(), cut.error(), cut.length()),
                (whole.tags(), whole.error(), whole.length())
            );
        }
        assert_eq!(their_games(&pgn[offset..]), theirs[index..]);
        index += 1;
    }
    assert_eq!(index, ours.len());
}
