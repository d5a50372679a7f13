//! The main line of a game replayed from its start with full legality:
//! each move as written found among the legal moves, and written back in
//! UCI in the notation of the game's board.

use super::error::{MoveError, MoveErrorKind, ReplayError};
use super::movetext::{Token, Tokens};
use super::san::{self, San, Unmatched};
use super::start::{Notation, start_board};
use crate::read::{GameKind, TagName, Tags, Variant};
use chess960::Position;
use core::fmt;
use core::hash::{BuildHasherDefault, Hasher};
use core::sync::atomic::{AtomicU32, Ordering};
use cozy_chess::{Board, Move};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::string::String;
use std::vec::Vec;

/// What sees each move of [`Replayer::replay_watched`] with its board.
type Watch<'a> = dyn FnMut(&Board, Move) + 'a;

/// Plies from the start whose moves the replayer remembers: the openings
/// of thousands of games from one start repeat, later moves rarely do.
const MEMO_PLIES: u32 = 4;

/// Plies the tree of lines holds at most before it is cleared: small
/// enough to stay in a core's cache, where a lookup costs less than
/// finding the move again.
const MEMO_NODES: usize = 1 << 12;

/// Starts whose boards the replayer keeps at most before it forgets them
/// (960 Chess960 starts, the classical one, and double Chess960 starts as
/// they come).
const MEMO_STARTS: usize = 1 << 12;

/// One move of a replayed game.
///
/// ```
/// # #[cfg(feature = "moves")] {
/// use chess960_games::replay::Replayer;
/// use chess960_games::read::{GameKind, Reader};
///
/// let pgn = "[Variant \"Chess960\"]\n[FEN \"brnbqnkr/pppppppp/8/8/8/8/PPPPPPPP/BRNBQNKR w HBhb - 0 1\"]\n\n1. Ne3 e6 2. O-O *\n";
/// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
/// let (record, raw) = reader.next_with_raw().unwrap();
/// let mut replayer = Replayer::new();
/// let game = replayer.replay(&GameKind::of(record), record.tags(), raw.unwrap(), None).unwrap();
/// assert_eq!(game.moves()[2].uci(), "g1h1"); // the king takes its rook
/// # }
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ply {
    mv: Move,
    uci: [u8; 5],
}

impl Ply {
    /// The move in UCI, in the notation of the game's board: `e2e4`,
    /// `e7e8q`, castling `e1h1` (Chess960) or `e1g1` (standard), `0000` for
    /// a null move.
    pub fn uci(&self) -> &str {
        san::uci_text(&self.uci)
    }

    /// Whether it is a null move (`--` in the movetext).
    pub fn is_null(&self) -> bool {
        self.mv.from == self.mv.to
    }

    /// The move as 16 bits: from-square (0 = a1 .. 63 = h8), to-square
    /// (castling: the rook's) shifted by 6, and promotion shifted by 12
    /// (0 none, 2 knight, 3 bishop, 4 rook, 5 queen); distinct for the
    /// distinct moves of one position.
    ///
    /// ```
    /// # #[cfg(feature = "moves")] {
    /// use chess960_games::read::{GameKind, Reader};
    /// use chess960_games::replay::Replayer;
    ///
    /// let pgn = "[Result \"*\"]\n\n1. e4 *\n";
    /// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
    /// let (record, raw) = reader.next_with_raw().unwrap();
    /// let mut replayer = Replayer::new();
    /// let game = replayer.replay(&GameKind::of(record), record.tags(), raw.unwrap(), None).unwrap();
    /// assert_eq!(game.moves()[0].packed(), 12 | 28 << 6); // e2 = 12, e4 = 28
    /// # }
    /// ```
    pub fn packed(&self) -> u16 {
        let promotion = self.mv.promotion.map_or(0, |p| p as u16 + 1);
        (self.mv.from as u16) | (self.mv.to as u16) << 6 | promotion << 12
    }

    pub(crate) fn cozy(&self) -> Move {
        self.mv
    }
}

impl fmt::Debug for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.uci())
    }
}

impl fmt::Display for Ply {
    /// The move in UCI.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.uci())
    }
}

/// A game's main line as [`Replayer::replay`] lends it.
#[derive(Debug)]
pub struct Replay<'a> {
    notation: Notation,
    moves: &'a [Ply],
    start: &'a Board,
    line: Option<u64>,
}

impl Replay<'_> {
    /// The moves replayed, in order.
    pub fn moves(&self) -> &[Ply] {
        self.moves
    }

    /// How many plies were replayed.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// A key of the line, equal for every replay of the same replayer with
    /// the same start and the same moves as written, when the line was
    /// short enough to be remembered: the explorer counts by it.
    pub(crate) fn line(&self) -> Option<u64> {
        self.line
    }

    /// How castling is written in [`Ply::uci`].
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// The moves in SAN as this library writes them (`Nf3`, `exd6`,
    /// `O-O-O`, `e8=Q+`), whatever way the record wrote them.
    ///
    /// ```
    /// # #[cfg(feature = "moves")] {
    /// use chess960_games::replay::Replayer;
    /// use chess960_games::read::{GameKind, Reader};
    ///
    /// let pgn = "[Event \"x\"]\n\n1. e2e4 e7-e5 2. Ng1f3 Nb8c6 *\n";
    /// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
    /// let (record, raw) = reader.next_with_raw().unwrap();
    /// let mut replayer = Replayer::new();
    /// let game = replayer.replay(&GameKind::of(record), record.tags(), raw.unwrap(), None).unwrap();
    /// assert_eq!(game.san(), ["e4", "e5", "Nf3", "Nc6"]);
    /// # }
    /// ```
    pub fn san(&self) -> Vec<String> {
        let mut text = String::new();
        write_san_line(self.start, self.moves, &mut text);
        text.split(' ')
            .filter(|word| !word.is_empty())
            .map(String::from)
            .collect()
    }
}

/// Writes the SAN of `moves`, replayed from `start`, to `out`, separated
/// by single spaces (a null move `--`).
pub(crate) fn write_san_line(start: &Board, moves: &[Ply], out: &mut String) {
    let mut board = start.clone();
    for (i, ply) in moves.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if ply.is_null() {
            out.push_str("--");
            if let Some(next) = board.null_move() {
                board = next;
            }
        } else {
            san::write(&board, ply.mv, out);
            board.play_unchecked(ply.mv);
            san::write_check(&board, out);
        }
    }
}

/// Replays games, one after the other, reusing its buffers and what it
/// learnt of earlier games: the first moves of games from one start repeat,
/// and each is found among the legal moves once.
///
/// ```
/// # #[cfg(feature = "moves")] {
/// use chess960_games::replay::{Notation, Replayer};
/// use chess960_games::read::{GameKind, Reader};
///
/// let pgn = "[Event \"x\"]\n\n1. e4 {[%clk 0:03:00]} e5 (1... c5) 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O 1-0\n";
/// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
/// let (record, raw) = reader.next_with_raw().unwrap();
/// let mut replayer = Replayer::new();
/// let game = replayer.replay(&GameKind::of(record), record.tags(), raw.unwrap(), None).unwrap();
/// assert_eq!(game.notation(), Notation::Standard);
/// let uci: Vec<&str> = game.moves().iter().map(|ply| ply.uci()).collect();
/// assert_eq!(uci, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]);
/// # }
/// ```
#[derive(Debug)]
pub struct Replayer {
    moves: Vec<Ply>,
    start: Board,
    /// The lines seen from the starts the replayer knows by id: a tree
    /// whose nodes are plies, each found by its parent and the move as
    /// written, so that a line seen before is followed without a board.
    children: HashMap<(u32, u64), u32, BuildHasherDefault<MixHasher>>,
    /// The plies of the tree, by node (a root's is unused).
    nodes: Vec<Ply>,
    /// Each known start's root node, board and notation, by White's id,
    /// Black's id and whether the `Variant` tag says Chess960.
    roots: HashMap<(u16, u16, bool), Root, BuildHasherDefault<MixHasher>>,
    /// This replayer's number, and how often its tree was cleared: with a
    /// node, a line's key ([`Replay::line`]).
    id: u32,
    generation: u32,
}

/// A known start: its root node in the tree (of the tree's `generation`),
/// its board and its notation.
#[derive(Debug)]
struct Root {
    node: u32,
    generation: u32,
    board: Board,
    notation: Notation,
}

impl Default for Replayer {
    fn default() -> Replayer {
        Replayer::new()
    }
}

/// Replayers made so far (each gets its number).
static REPLAYERS: AtomicU32 = AtomicU32::new(0);

impl Replayer {
    /// A replayer with nothing learnt yet.
    ///
    /// ```
    /// let replayer = chess960_games::replay::Replayer::new();
    /// # let _ = replayer;
    /// ```
    pub fn new() -> Replayer {
        Replayer {
            moves: Vec::new(),
            start: Board::default(),
            children: HashMap::default(),
            nodes: Vec::new(),
            roots: HashMap::default(),
            id: REPLAYERS.fetch_add(1, Ordering::Relaxed),
            generation: 0,
        }
    }

    /// Replays the main line of one record from its start: `kind` and
    /// `tags` as the reader gives them ([`GameKind::of`]), `record` its
    /// bytes as they stand ([`Reader::keep_raw`](crate::read::Reader::keep_raw)),
    /// at most `limit` plies (`None`: all). Moves past `limit` are not
    /// read, so a broken move there does not matter.
    ///
    /// The start: the `FEN` tag's position (a Chess960 or double Chess960
    /// start, with whatever castling rights it gives, or any legal
    /// position); without a `FEN`, the classical start. Games of other
    /// variants and unreadable records are not replayed.
    ///
    /// # Errors
    ///
    /// [`ReplayError::NotReplayed`] for a game that is not replayed, and
    /// [`ReplayError::Move`] for the first move that is unreadable,
    /// illegal or ambiguous, naming its ply and the move as written.
    pub fn replay(
        &mut self,
        kind: &GameKind,
        tags: &Tags,
        record: &[u8],
        limit: Option<usize>,
    ) -> Result<Replay<'_>, ReplayError> {
        let (notation, line, _) = self.replay_inner(kind, tags, record, limit, None, true)?;
        Ok(self.replayed_game(notation, line))
    }

    /// Replays as [`Replayer::replay`] does, showing `watch` each move
    /// with the board it is played on, before it is played (a null move
    /// as the side to move's king's square twice), so that a caller
    /// follows the game without a board of its own.
    ///
    /// ```
    /// # #[cfg(feature = "moves")] {
    /// use chess960_games::read::{GameKind, Reader};
    /// use chess960_games::replay::Replayer;
    ///
    /// let pgn = "[Result \"*\"]\n\n1. e4 e5 2. Nf3 -- *\n";
    /// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
    /// let (record, raw) = reader.next_with_raw().unwrap();
    /// let mut seen = Vec::new();
    /// let mut watch = |board: &cozy_chess::Board, mv: cozy_chess::Move| {
    ///     seen.push((board.side_to_move(), board.piece_on(mv.from), mv.from == mv.to));
    /// };
    /// let mut replayer = Replayer::new();
    /// let plies = replayer.replay_watched(&GameKind::of(record), record.tags(), raw.unwrap(), None, &mut watch)?.plies();
    /// assert_eq!(plies, 4);
    /// assert_eq!(seen[2], (cozy_chess::Color::White, Some(cozy_chess::Piece::Knight), false));
    /// assert_eq!(seen[3], (cozy_chess::Color::Black, Some(cozy_chess::Piece::King), true));
    /// # }
    /// # Ok::<(), chess960_games::replay::ReplayError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Replayer::replay`]; `watch` has seen the moves before the
    /// one that failed.
    pub fn replay_watched(
        &mut self,
        kind: &GameKind,
        tags: &Tags,
        record: &[u8],
        limit: Option<usize>,
        watch: &mut dyn FnMut(&Board, Move),
    ) -> Result<Replay<'_>, ReplayError> {
        let (notation, line, _) =
            self.replay_inner(kind, tags, record, limit, Some(watch), true)?;
        Ok(self.replayed_game(notation, line))
    }

    /// Replays as [`Replayer::replay_watched`] does, but keeps no list of
    /// the moves: `watch` alone sees them, and no move's UCI text is
    /// written (a caller that follows the board itself needs neither; the
    /// replay takes fewer steps a move). Gives the plies replayed.
    ///
    /// ```
    /// # #[cfg(feature = "moves")] {
    /// use chess960_games::read::{GameKind, Reader};
    /// use chess960_games::replay::Replayer;
    ///
    /// let pgn = "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    /// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
    /// let (record, raw) = reader.next_with_raw().unwrap();
    /// let mut captures = 0;
    /// let mut watch = |board: &cozy_chess::Board, mv: cozy_chess::Move| {
    ///     captures += usize::from(board.colors(!board.side_to_move()).has(mv.to));
    /// };
    /// let mut replayer = Replayer::new();
    /// let plies = replayer.follow(&GameKind::of(record), record.tags(), raw.unwrap(), Some(3), &mut watch)?;
    /// assert_eq!((plies, captures), (3, 0));
    /// # }
    /// # Ok::<(), chess960_games::replay::ReplayError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Replayer::replay_watched`].
    pub fn follow(
        &mut self,
        kind: &GameKind,
        tags: &Tags,
        record: &[u8],
        limit: Option<usize>,
        watch: &mut dyn FnMut(&Board, Move),
    ) -> Result<usize, ReplayError> {
        let (_, _, plies) = self.replay_inner(kind, tags, record, limit, Some(watch), false)?;
        Ok(plies)
    }

    /// The replay just made, of its notation and line.
    fn replayed_game(&self, notation: Notation, line: Option<u64>) -> Replay<'_> {
        Replay {
            notation,
            moves: &self.moves,
            start: &self.start,
            line,
        }
    }

    /// Replays a game (see [`Replayer::replay`]), keeping its moves in
    /// `self.moves` or not (`keep`: a watcher then must follow it); gives
    /// its notation, its line's key and its plies.
    fn replay_inner(
        &mut self,
        kind: &GameKind,
        tags: &Tags,
        record: &[u8],
        limit: Option<usize>,
        mut watch: Option<&mut Watch<'_>>,
        keep: bool,
    ) -> Result<(Notation, Option<u64>, usize), ReplayError> {
        let (start, notation, mut node) = self.start_of(kind, tags)?;
        self.moves.clear();
        let mut plies = 0usize;
        let standard = notation == Notation::Standard;
        // The board, made only when a move is not in the tree (or a
        // watcher sees every move, or no moves are kept to make it from).
        let mut board: Option<Board> = (watch.is_some() || !keep).then(|| start.clone());
        let limit = limit.unwrap_or(usize::MAX);
        for token in Tokens::of_record(record) {
            if plies >= limit {
                break;
            }
            plies += 1;
            let ply = u32::try_from(plies).unwrap_or(u32::MAX);
            let error = |at: usize, text: &[u8], kind| {
                let shown = &text[..text.len().min(32)];
                ReplayError::Move(MoveError {
                    ply,
                    at,
                    text: String::from_utf8_lossy(shown).into_owned(),
                    kind,
                })
            };
            let (text, at) = match token {
                Token::Move { text, at } => (text, at),
                Token::Null { at } => {
                    node = None;
                    let board = board.get_or_insert_with(|| replayed(&start, &self.moves));
                    let next = board
                        .null_move()
                        .ok_or_else(|| error(at, b"--", MoveErrorKind::NullInCheck))?;
                    let square = board.king(board.side_to_move());
                    let null = Move {
                        from: square,
                        to: square,
                        promotion: None,
                    };
                    if let Some(watch) = watch.as_mut() {
                        watch(board, null);
                    }
                    if keep {
                        self.moves.push(Ply {
                            mv: null,
                            uci: san::chess960_uci(null),
                        });
                    }
                    *board = next;
                    continue;
                }
            };
            let key = node
                .filter(|_| ply <= MEMO_PLIES)
                .and_then(|parent| Some((parent, packed(text, standard)?)));
            if let Some(&child) = key.and_then(|key| self.children.get(&key)) {
                let known = self.nodes[child as usize];
                if let Some(board) = board.as_mut() {
                    if let Some(watch) = watch.as_mut() {
                        watch(board, known.mv);
                    }
                    board.play_unchecked(known.mv);
                }
                if keep {
                    self.moves.push(known);
                }
                node = Some(child);
                continue;
            }
            let board = board.get_or_insert_with(|| replayed(&start, &self.moves));
            let mv = San::parse(text)
                .ok_or(Unmatched::Unreadable)
                .and_then(|san| san.resolve(board, standard))
                .map_err(|unmatched| error(at, text, error_kind(unmatched)))?;
            // The text of a move kept, or remembered in the tree (where
            // a replay that keeps its moves may find it).
            let played = Ply {
                mv,
                uci: if keep || key.is_some() {
                    san::uci(board, mv, standard)
                } else {
                    [0; 5]
                },
            };
            if let Some(watch) = watch.as_mut() {
                watch(board, mv);
            }
            board.play_unchecked(mv);
            if keep {
                self.moves.push(played);
            }
            node = key.map(|key| {
                let child = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
                self.nodes.push(played);
                self.children.insert(key, child);
                child
            });
        }
        let line = node.map(|node| {
            u64::from(self.id) << 48 | u64::from(self.generation & 0xFFFF) << 32 | u64::from(node)
        });
        self.start = start;
        Ok((notation, line, plies))
    }

    /// The start board of a game, its notation and, for a start known by
    /// its ids, the root of its tree.
    fn start_of(
        &mut self,
        kind: &GameKind,
        tags: &Tags,
    ) -> Result<(Board, Notation, Option<u32>), ReplayError> {
        let ids = match *kind {
            GameKind::Chess960(position) => (position.id(), position.id()),
            GameKind::DoubleChess960(start) => (start.white().id(), start.black().id()),
            GameKind::Standard => (Position::STANDARD.id(), Position::STANDARD.id()),
            _ => {
                let (board, notation) = start_board(kind, tags)?;
                return Ok((board, notation, None));
            }
        };
        // The start's board and notation follow from its ids and whether
        // the `Variant` tag says Chess960: known starts are looked up.
        let variant = Variant::from_name(tags.get(TagName::Variant).unwrap_or(""));
        let key = (ids.0, ids.1, variant == Variant::Chess960);
        if self.nodes.len() >= MEMO_NODES {
            // The tree is full: it starts again, and each start gets a new
            // root when it is next seen.
            self.children.clear();
            self.nodes.clear();
            self.generation = self.generation.wrapping_add(1);
        }
        if self.roots.len() >= MEMO_STARTS && !self.roots.contains_key(&key) {
            self.roots.clear();
        }
        let root = match self.roots.entry(key) {
            Entry::Occupied(known) => known.into_mut(),
            Entry::Vacant(new) => {
                let (board, notation) = start_board(kind, tags)?;
                new.insert(Root {
                    node: 0,
                    generation: self.generation.wrapping_sub(1),
                    board,
                    notation,
                })
            }
        };
        if root.generation != self.generation {
            root.node = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
            root.generation = self.generation;
            // A root's ply is never read.
            self.nodes.push(Ply {
                mv: Move {
                    from: cozy_chess::Square::A1,
                    to: cozy_chess::Square::A1,
                    promotion: None,
                },
                uci: *b"0000\0",
            });
        }
        Ok((root.board.clone(), root.notation, Some(root.node)))
    }
}

/// The kind of error a move that `San::resolve` did not match is.
fn error_kind(unmatched: Unmatched) -> MoveErrorKind {
    match unmatched {
        Unmatched::Unreadable => MoveErrorKind::Unreadable,
        Unmatched::Illegal => MoveErrorKind::Illegal,
        Unmatched::Ambiguous => MoveErrorKind::Ambiguous,
    }
}

/// The board after `moves` from `start`.
fn replayed(start: &Board, moves: &[Ply]) -> Board {
    let mut board = start.clone();
    for ply in moves {
        if ply.is_null() {
            if let Some(next) = board.null_move() {
                board = next;
            }
        } else {
            board.play_unchecked(ply.mv);
        }
    }
    board
}

/// A move as written (at most 7 bytes) and the notation, as one word.
fn packed(text: &[u8], standard: bool) -> Option<u64> {
    if text.len() > 7 {
        return None;
    }
    let mut bytes = [0u8; 8];
    bytes[..text.len()].copy_from_slice(text);
    bytes[7] = u8::from(standard);
    Some(u64::from_le_bytes(bytes))
}

/// A hasher for keys that are already well mixed (Zobrist hashes) or
/// short: one multiplication a word.
#[derive(Default)]
pub(crate) struct MixHasher(u64);

impl Hasher for MixHasher {
    /// The high bits, the best mixed by the multiplications, folded onto
    /// the low ones, which pick a table's bucket.
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 32
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517C_C1B7_2722_0A95);
    }

    fn write_u16(&mut self, word: u16) {
        self.write_u64(u64::from(word));
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}
