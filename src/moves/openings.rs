//! An opening explorer: how the games of each start went on, one row per
//! sequence of their first plies, with White's results and the players'
//! mean rating.

use super::replay::{MixHasher, Ply, Replay, san_line};
use crate::DoublePosition;
use crate::pgn::{Tags, Tally};
use core::fmt::Write as _;
use core::hash::BuildHasherDefault;
use cozy_chess::Board;
use std::collections::HashMap;
use std::string::String;
use std::vec::Vec;

/// The games of each start, by the sequence of their first plies.
///
/// ```
/// # #[cfg(feature = "moves")] {
/// use chess960::moves::{OpeningStats, Replayer};
/// use chess960::pgn::{GameKind, Reader};
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
/// assert_eq!((rows[0].uci(), rows[0].san(), rows[0].tally().games()), ("e2e4 e7e5".into(), vec!["e4".into(), "e5".into()], 2));
/// assert_eq!((rows[1].uci(), rows[1].tally().draws), ("d2d4".into(), 1));
/// # }
/// ```
#[derive(Clone, Debug, Default)]
pub struct OpeningStats {
    plies: usize,
    lines: Vec<Line>,
    /// Each line's place in `lines`, by the start's two ids and the plies'
    /// packed moves.
    index: HashMap<Vec<u16>, u32, BuildHasherDefault<MixHasher>>,
    /// Each line's place in `lines`, by a replayer's key of it.
    known: HashMap<u64, u32, BuildHasherDefault<MixHasher>>,
    key: Vec<u16>,
}

/// One sequence's moves and results.
#[derive(Clone, Debug)]
struct Line {
    start: DoublePosition,
    moves: Vec<Ply>,
    tally: Tally,
}

impl OpeningStats {
    /// An explorer of the first `plies` plies of each game (a shorter game
    /// counts with all its plies).
    ///
    /// ```
    /// assert_eq!(chess960::moves::OpeningStats::new(8).plies(), 8);
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
    /// [`Replayer::replay`]: super::Replayer::replay
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
        self.key.clear();
        self.key.extend([start.white().id(), start.black().id()]);
        self.key.extend(moves.iter().map(Ply::packed));
        if let Some(&line) = self.index.get(self.key.as_slice()) {
            return line as usize;
        }
        let line = self.lines.len();
        self.index
            .insert(self.key.clone(), u32::try_from(line).unwrap_or(u32::MAX));
        self.lines.push(Line {
            start,
            moves: moves.to_vec(),
            tally: Tally::default(),
        });
        line
    }

    /// Adds what another explorer of the same plies counted (the work of
    /// another thread).
    pub fn merge(&mut self, other: OpeningStats) {
        for line in other.lines {
            let mine = self.line_of(line.start, &line.moves);
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
        let mut rows: Vec<OpeningRow<'_>> =
            self.lines.iter().map(|line| OpeningRow { line }).collect();
        rows.sort_by_cached_key(|row| {
            (
                row.line.start.white().id(),
                row.line.start.black().id(),
                core::cmp::Reverse(row.line.tally.games()),
                row.uci(),
            )
        });
        rows
    }
}

/// One row of the explorer: a start, a sequence of plies, and the games
/// that began so.
#[derive(Clone, Copy, Debug)]
pub struct OpeningRow<'a> {
    line: &'a Line,
}

impl OpeningRow<'_> {
    /// The start (White's and Black's back ranks).
    pub fn start(&self) -> DoublePosition {
        self.line.start
    }

    /// The plies.
    pub fn moves(&self) -> &[Ply] {
        &self.line.moves
    }

    /// The plies in UCI, separated by single spaces, castling in Chess960
    /// notation (the king takes its rook) whatever the game's own.
    pub fn uci(&self) -> String {
        let mut text = String::new();
        for (i, ply) in self.line.moves.iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            // cozy-chess writes castling as the king taking its rook.
            let _ = write!(text, "{}", ply.cozy());
        }
        text
    }

    /// The plies in SAN.
    pub fn san(&self) -> Vec<String> {
        let start = self.line.start;
        let board = Board::double_chess960_startpos(
            u32::from(start.white().id()),
            u32::from(start.black().id()),
        );
        san_line(&board, &self.line.moves)
    }

    /// White's results and the mean rating of the games.
    pub fn tally(&self) -> &Tally {
        &self.line.tally
    }
}
