//! An opening explorer: how the games of each start went on, one row per
//! sequence of their first plies, with White's results and the players'
//! mean rating.

use super::starts::Tally;
use crate::read::Tags;
use crate::replay::write_chess960_uci;
use crate::replay::{MixHasher, Ply, Replay, write_san_line};
use chess960::DoublePosition;
use core::hash::{BuildHasherDefault, Hasher};
use cozy_chess::Board;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::string::String;
use std::vec::Vec;

/// The games of each start, by the sequence of their first plies.
///
/// ```
/// # #[cfg(feature = "moves")] {
/// use chess960_games::{replay::Replayer, stats::OpeningStats};
/// use chess960_games::read::{GameKind, Reader};
///
/// let pgn = "\
/// [Variant \"Chess960\"]\n[Result \"1-0\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. e4 e5 2. f4 1-0\n\n\
/// [Variant \"Chess960\"]\n[Result \"0-1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. e4 e5 2. d4 0-1\n\n\
/// [Variant \"Chess960\"]\n[Result \"1/2-1/2\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. d4 1/2-1/2\n";
/// let (mut stats, mut replayer) = (OpeningStats::new(2), Replayer::new());
/// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
/// while let Some((record, raw)) = reader.next_with_raw() {
///     let kind = GameKind::of(record);
///     let game = replayer.replay(&kind, record.tags(), raw.unwrap(), Some(stats.plies())).unwrap();
///     stats.add_replay(kind.chess960_start().unwrap(), &game, record.tags());
/// }
/// let rows = stats.rows();
/// assert_eq!(rows.len(), 2);
/// assert_eq!((rows[0].uci(), rows[0].san(), rows[0].tally().games()), ("e2e4 e7e5".into(), "e4 e5".into(), 2));
/// assert_eq!((rows[1].uci(), rows[1].tally().draws), ("d2d4".into(), 1));
/// # }
/// ```
#[derive(Clone, Debug, Default)]
pub struct OpeningStats {
    plies: usize,
    lines: Vec<Line>,
    /// The plies of every line, one after the other.
    moves: Vec<Ply>,
    /// Each line's place in `lines`, by the hash of its start and moves
    /// ([`line_hash`]); a line whose hash another line already holds is
    /// found in `clashes`.
    index: HashMap<u64, u32, BuildHasherDefault<IdentityHasher>>,
    /// The lines whose hash is another line's, by their start's two ids
    /// and their packed moves.
    clashes: HashMap<Vec<u16>, u32, BuildHasherDefault<MixHasher>>,
    /// Each line's place in `lines`, by a replayer's key of it.
    known: HashMap<u64, u32, BuildHasherDefault<MixHasher>>,
    /// The boards of the starts seen, by their place in `boards` (the
    /// rows' SAN is written from them).
    starts: HashMap<DoublePosition, u32, BuildHasherDefault<MixHasher>>,
    boards: Vec<Board>,
}

/// One sequence: its start, where its moves are, its results.
#[derive(Clone, Debug)]
struct Line {
    start: DoublePosition,
    /// Its start's board: `boards[board]` of the explorer.
    board: u32,
    /// Its plies: `moves[at..at + len]` of the explorer.
    at: usize,
    len: usize,
    hash: u64,
    tally: Tally,
}

/// The hash of a line: its start's ids and its packed moves, mixed.
fn line_hash(start: DoublePosition, moves: &[Ply]) -> u64 {
    let mut hasher = MixHasher::default();
    hasher.write_u64(u64::from(start.white().id()) << 16 | u64::from(start.black().id()));
    for ply in moves {
        hasher.write_u16(ply.packed());
    }
    hasher.finish()
}

/// A hasher for keys that are hashes already.
#[derive(Default)]
struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = word;
    }
}

impl OpeningStats {
    /// An explorer of the first `plies` plies of each game (a shorter game
    /// counts with all its plies).
    ///
    /// ```
    /// assert_eq!(chess960_games::stats::OpeningStats::new(8).plies(), 8);
    /// ```
    pub fn new(plies: usize) -> OpeningStats {
        OpeningStats {
            plies,
            ..OpeningStats::default()
        }
    }

    /// How many plies a sequence holds at most.
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// Counts one game from `start` whose first plies are `moves` (at most
    /// [`OpeningStats::plies`] of them are used), its result and ratings
    /// from its tags.
    pub fn add(&mut self, start: DoublePosition, moves: &[Ply], tags: &Tags) {
        let line = self.line_of(start, moves);
        self.lines[line].tally.add_tags(tags);
    }

    /// Counts one replayed game from `start` ([`Replayer::replay`] with a
    /// limit of [`OpeningStats::plies`]), as [`OpeningStats::add`] does:
    /// the faster way, since the replayer knows lines it has seen.
    ///
    /// [`Replayer::replay`]: crate::replay::Replayer::replay
    pub fn add_replay(&mut self, start: DoublePosition, replay: &Replay<'_>, tags: &Tags) {
        let key = replay.line().filter(|_| replay.plies() <= self.plies);
        let known = key.and_then(|key| self.known.get(&key).copied());
        let line = if let Some(line) = known {
            line as usize
        } else {
            let line = self.line_of(start, replay.moves());
            if let Some(key) = key {
                self.known
                    .insert(key, u32::try_from(line).unwrap_or(u32::MAX));
            }
            line
        };
        self.lines[line].tally.add_tags(tags);
    }

    /// The place of the line of `moves` from `start` in `lines`, added if
    /// it is new.
    fn line_of(&mut self, start: DoublePosition, moves: &[Ply]) -> usize {
        let moves = &moves[..moves.len().min(self.plies)];
        let hash = line_hash(start, moves);
        self.line_hashed(start, moves, hash)
    }

    /// [`OpeningStats::line_of`] with the line's hash known.
    fn line_hashed(&mut self, start: DoublePosition, moves: &[Ply], hash: u64) -> usize {
        let same = |line: &Line, all: &[Ply]| {
            line.start == start && packed_eq(&all[line.at..line.at + line.len], moves)
        };
        let line = self.lines.len();
        let place = u32::try_from(line).unwrap_or(u32::MAX);
        // One lookup of the hash: a new line takes its place at once.
        match self.index.entry(hash) {
            Entry::Vacant(free) => {
                free.insert(place);
            }
            Entry::Occupied(taken) if same(&self.lines[*taken.get() as usize], &self.moves) => {
                return *taken.get() as usize;
            }
            Entry::Occupied(_) => {
                let mut key = Vec::with_capacity(moves.len() + 2);
                key.extend([start.white().id(), start.black().id()]);
                key.extend(moves.iter().map(Ply::packed));
                match self.clashes.entry(key) {
                    Entry::Occupied(known) => return *known.get() as usize,
                    Entry::Vacant(free) => {
                        free.insert(place);
                    }
                }
            }
        }
        let boards = &mut self.boards;
        let board = *self.starts.entry(start).or_insert_with(|| {
            boards.push(Board::double_chess960_startpos(
                u32::from(start.white().id()),
                u32::from(start.black().id()),
            ));
            u32::try_from(boards.len() - 1).unwrap_or(u32::MAX)
        });
        self.lines.push(Line {
            start,
            board,
            at: self.moves.len(),
            len: moves.len(),
            hash,
            tally: Tally::default(),
        });
        self.moves.extend_from_slice(moves);
        line
    }

    /// Adds what another explorer of the same plies counted (the work of
    /// another thread).
    pub fn merge(&mut self, other: OpeningStats) {
        if self.lines.is_empty() && self.plies == other.plies {
            // Nothing counted here yet: the other's lines are these.
            *self = other;
            return;
        }
        let OpeningStats { lines, moves, .. } = other;
        for line in lines {
            let moves = &moves[line.at..line.at + line.len];
            let mine = self.line_hashed(line.start, moves, line.hash);
            self.lines[mine].tally.merge(&line.tally);
        }
    }

    /// How many distinct sequences were counted.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether no game was counted.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The rows: by start (White's id, then Black's), then by games, most
    /// first, then by the moves in UCI.
    pub fn rows(&self) -> Vec<OpeningRow<'_>> {
        // Each ply's place in UCI's order, one word a ply, line by line.
        let order: Vec<u16> = self.moves.iter().map(uci_order).collect();
        let order = |line: &Line| &order[line.at..line.at + line.len];
        // A line's key holds its start, its games (most first) and its
        // first four plies' order, so that most comparisons are of keys.
        let mut keyed: Vec<(u128, u32)> = self
            .lines
            .iter()
            .zip(0..)
            .map(|(line, index)| {
                let start = line.start;
                let games = u32::try_from(line.tally.games()).unwrap_or(u32::MAX);
                let mut first = 0u64;
                for slot in 0..4 {
                    // A missing ply (a shorter line) sorts first.
                    let word = order(line).get(slot).map_or(0, |word| u64::from(*word) + 1);
                    first = first << 16 | word;
                }
                let key = u128::from(start.white().id()) << 112
                    | u128::from(start.black().id()) << 96
                    | u128::from(u32::MAX - games) << 64
                    | u128::from(first);
                (key, index)
            })
            .collect();
        keyed.sort_unstable_by(|(key_a, a), (key_b, b)| {
            let (a, b) = (&self.lines[*a as usize], &self.lines[*b as usize]);
            key_a
                .cmp(key_b)
                .then_with(|| b.tally.games().cmp(&a.tally.games()))
                .then_with(|| order(a).cmp(order(b)))
        });
        keyed
            .into_iter()
            .map(|(_, index)| {
                let line = &self.lines[index as usize];
                OpeningRow {
                    line,
                    moves: &self.moves[line.at..line.at + line.len],
                    board: &self.boards[line.board as usize],
                }
            })
            .collect()
    }
}

/// A word that sorts plies as their UCI texts sort (`e7e8` before
/// `e7e8n`): squares by file then rank, a promotion's letter last. Runs
/// of them sort as the texts joined by spaces.
fn uci_order(ply: &Ply) -> u16 {
    // A null move, `0000`, sorts first.
    if ply.is_null() {
        return 0;
    }
    let mv = ply.cozy();
    let square = |square: cozy_chess::Square| square.file() as u16 * 8 + square.rank() as u16;
    let promotion = match mv.promotion {
        None => 0,
        Some(cozy_chess::Piece::Bishop) => 1,
        Some(cozy_chess::Piece::Knight) => 2,
        Some(cozy_chess::Piece::Queen) => 3,
        Some(_) => 4,
    };
    (square(mv.from) << 6 | square(mv.to)) << 3 | promotion
}

/// Whether two runs of plies are the same moves.
fn packed_eq(a: &[Ply], b: &[Ply]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a.packed() == b.packed())
}

/// One row of the explorer: a start, a sequence of plies, and the games
/// that began so.
#[derive(Clone, Copy, Debug)]
pub struct OpeningRow<'a> {
    line: &'a Line,
    moves: &'a [Ply],
    board: &'a Board,
}

impl OpeningRow<'_> {
    /// The start (White's and Black's back ranks).
    pub fn start(&self) -> DoublePosition {
        self.line.start
    }

    /// The plies.
    pub fn moves(&self) -> &[Ply] {
        self.moves
    }

    /// The plies in UCI, separated by single spaces, castling in Chess960
    /// notation (the king takes its rook) whatever the game's own, a null
    /// move `0000`.
    pub fn uci(&self) -> String {
        let mut text = String::with_capacity(self.moves.len() * 5);
        self.write_uci(&mut text);
        text
    }

    /// Appends [`OpeningRow::uci`] to `out` (a buffer used again row
    /// after row).
    ///
    /// ```
    /// # #[cfg(feature = "moves")] {
    /// use chess960_games::{replay::Replayer, stats::OpeningStats};
    /// use chess960_games::read::{GameKind, Reader};
    ///
    /// let pgn = "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. e4 e5 2. Nf3 *\n";
    /// let (mut stats, mut replayer) = (OpeningStats::new(3), Replayer::new());
    /// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
    /// let (record, raw) = reader.next_with_raw().unwrap();
    /// let kind = GameKind::of(record);
    /// let game = replayer.replay(&kind, record.tags(), raw.unwrap(), Some(3)).unwrap();
    /// stats.add_replay(kind.chess960_start().unwrap(), &game, record.tags());
    /// let (mut uci, mut san) = (String::new(), String::new());
    /// for row in stats.rows() {
    ///     row.write_uci(&mut uci);
    ///     row.write_san(&mut san);
    /// }
    /// assert_eq!((uci.as_str(), san.as_str()), ("e2e4 e7e5 e1f3", "e4 e5 Nf3"));
    /// # }
    /// ```
    pub fn write_uci(&self, out: &mut String) {
        for (i, ply) in self.moves.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            write_chess960_uci(ply.cozy(), out);
        }
    }

    /// The plies in SAN, separated by single spaces (a null move `--`).
    pub fn san(&self) -> String {
        let mut text = String::with_capacity(self.moves.len() * 4);
        self.write_san(&mut text);
        text
    }

    /// Appends [`OpeningRow::san`] to `out` (a buffer used again row
    /// after row; [`OpeningRow::write_uci`] shows both).
    pub fn write_san(&self, out: &mut String) {
        write_san_line(self.board, self.moves, out);
    }

    /// White's results and the mean rating of the games.
    pub fn tally(&self) -> &Tally {
        &self.line.tally
    }
}

#[cfg(test)]
mod tests {
    use super::OpeningStats;
    use crate::read::{GameKind, Reader};
    use crate::replay::Replayer;
    use chess960::DoublePosition;
    use std::vec::Vec;

    /// A null move is `0000` in UCI and `--` in SAN, as `Ply::uci` and
    /// the movetext have it.
    #[test]
    fn a_null_move_is_0000() {
        let pgn = "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. f4 -- 2. -- f5 *\n";
        let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
        let (record, raw) = reader.next_with_raw().unwrap();
        let kind = GameKind::of(record);
        let mut replayer = Replayer::new();
        let replay = replayer
            .replay(&kind, record.tags(), raw.unwrap(), None)
            .unwrap();
        let uci: Vec<&str> = replay.moves().iter().map(crate::replay::Ply::uci).collect();
        assert_eq!(uci, ["f2f4", "0000", "0000", "f7f5"]);
        let mut stats = OpeningStats::new(4);
        stats.add_replay(kind.chess960_start().unwrap(), &replay, record.tags());
        let rows = stats.rows();
        assert_eq!(rows[0].uci(), "f2f4 0000 0000 f7f5");
        assert_eq!(rows[0].san(), "f4 -- -- f5");
    }

    /// Two lines given one hash (as a clash of two real hashes would) stay
    /// two lines, each found again.
    #[test]
    fn lines_whose_hashes_clash_stay_apart() {
        let pgn = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n";
        let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
        let mut replayer = Replayer::new();
        let mut lines = Vec::new();
        while let Some((record, raw)) = reader.next_with_raw() {
            let kind = GameKind::of(record);
            let replay = replayer.replay(&kind, record.tags(), raw.unwrap(), None);
            lines.push(replay.unwrap().moves().to_vec());
        }
        let start = DoublePosition::from(chess960::Position::STANDARD);
        let mut stats = OpeningStats::new(2);
        let first = stats.line_hashed(start, &lines[0], 7);
        let second = stats.line_hashed(start, &lines[1], 7);
        assert_ne!(first, second);
        assert_eq!(stats.line_hashed(start, &lines[0], 7), first);
        assert_eq!(stats.line_hashed(start, &lines[1], 7), second);
        assert_eq!(stats.len(), 2);
        let mut merged = OpeningStats::new(2);
        merged.merge(stats);
        assert_eq!(merged.len(), 2);
    }
}
