//! An engine's evaluation of a position: its lines (UCI moves, castling
//! as the king taking its rook, each with its score from White's side),
//! the depth and the thousands of nodes searched, and the engine and
//! settings that made it (so anyone can make it again); its bytes in the
//! db, and the order that says which of two is deeper.

use crate::error::Error;
use crate::model::codec::{get, get_as, get_byte, get_text, put, put_text};
use serde::{Deserialize, Serialize};

/// A line's score from White's side, as lichess's cloud evaluations give
/// it: centipawns, or mate in so many moves (negative: Black mates).
///
/// ```
/// use chess960_explorer::eval::Score;
///
/// assert_eq!(serde_json::to_string(&Score::Cp(18))?, r#"{"cp":18}"#);
/// assert_eq!(serde_json::to_string(&Score::Mate(-2))?, r#"{"mate":-2}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in so many moves.
    Mate(i32),
}

impl Score {
    /// The same score from the other side's view (an engine gives it from
    /// the side to move's).
    ///
    /// ```
    /// use chess960_explorer::eval::Score;
    ///
    /// assert_eq!(Score::Cp(30).flip(), Score::Cp(-30));
    /// ```
    #[must_use]
    pub fn flip(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(cp.saturating_neg()),
            Score::Mate(n) => Score::Mate(n.saturating_neg()),
        }
    }
}

impl std::fmt::Display for Score {
    /// As a player reads it: pawns from White's side (`+0.25`, `-1.50`),
    /// or mate (`#3`, `#-2`).
    ///
    /// ```
    /// use chess960_explorer::eval::Score;
    ///
    /// assert_eq!(Score::Cp(25).to_string(), "+0.25");
    /// assert_eq!(Score::Cp(-150).to_string(), "-1.50");
    /// assert_eq!(Score::Mate(-2).to_string(), "#-2");
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Score::Cp(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// One line: its moves, space-separated UCI, and its score. Serialized
/// as lichess's cloud evaluation writes a line (`moves`, then `cp` or
/// `mate`).
///
/// ```
/// use chess960_explorer::eval::{Pv, Score};
///
/// let pv = Pv { moves: "e2e4 e7e5".into(), score: Score::Cp(20) };
/// assert_eq!(serde_json::to_string(&pv)?, r#"{"moves":"e2e4 e7e5","cp":20}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pv {
    /// The moves, space-separated UCI (castling as the king taking its rook).
    pub moves: String,
    /// The score from White's side.
    #[serde(flatten)]
    pub score: Score,
}

/// An evaluation: the lines best first, depth, knodes and provenance.
///
/// Of two evaluations of one position the deeper ([`Eval::deeper_than`])
/// is kept: the one searched with more nodes (`nodes`, for an imported
/// one `knodes` x 1000); at equal nodes the one with more lines
/// (`multipv`); then the greater depth, then the more knodes.
///
/// ```
/// use chess960_explorer::eval::{Eval, Pv, Score};
///
/// let eval = Eval {
///     pvs: vec![Pv { moves: "e2e4".into(), score: Score::Cp(25) }],
///     depth: 20, knodes: 1000, engine: "Stockfish 16".into(), nodes: 1_000_000, multipv: 1, hash: 16,
/// };
/// let mut bytes = Vec::new();
/// eval.encode(&mut bytes);
/// assert_eq!(Eval::decode(&bytes)?, eval);
/// let deeper = Eval { nodes: 2_000_000, ..eval.clone() };
/// assert!(deeper.deeper_than(&eval) && !eval.deeper_than(&deeper));
/// assert!(eval.covers(1_000_000, 1) && !eval.covers(1_000_000, 3));
/// # Ok::<(), chess960_explorer::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Eval {
    /// The lines, best first.
    pub pvs: Vec<Pv>,
    /// The depth of the search (of its last `info` line).
    pub depth: u32,
    /// Thousands of nodes searched.
    pub knodes: u64,
    /// The engine's `id name` (empty for an imported evaluation).
    pub engine: String,
    /// The nodes asked for (`go nodes N`; for an imported evaluation,
    /// its knodes x 1000).
    pub nodes: u64,
    /// The lines asked for (`MultiPV`; for an imported one, its lines).
    pub multipv: u32,
    /// The hash table's MB (0 for an imported evaluation).
    pub hash: u32,
}

/// The version of an evaluation's bytes.
const BYTES_VERSION: u8 = 1;

impl Eval {
    /// Each line's moves in SAN, played from `board` (a line stops at a
    /// move `board` cannot play: a stored line is legal from its own
    /// position).
    ///
    /// ```
    /// use chess960_explorer::eval::{Eval, Pv, Score};
    ///
    /// let eval = Eval {
    ///     pvs: vec![Pv { moves: "g1f3 d7d5".into(), score: Score::Cp(20) }],
    ///     depth: 12, knodes: 20, engine: "Stockfish".into(), nodes: 20_000, multipv: 1, hash: 16,
    /// };
    /// assert_eq!(eval.san_lines(&cozy_chess::Board::default()), [["Nf3", "d5"]]);
    /// ```
    pub fn san_lines(&self, board: &cozy_chess::Board) -> Vec<Vec<String>> {
        self.pvs
            .iter()
            .map(|pv| {
                let mut board = board.clone();
                let mut sans = Vec::new();
                for text in pv.moves.split_ascii_whitespace() {
                    let Some(mv) = crate::model::board::parse_uci(&board, text) else {
                        break;
                    };
                    sans.push(crate::model::board::san(&board, mv));
                    board.play_unchecked(mv);
                }
                sans
            })
            .collect()
    }

    /// Its place in the order "deeper": nodes, lines, depth, knodes.
    fn rank(&self) -> (u64, u32, u32, u64) {
        (self.nodes, self.multipv, self.depth, self.knodes)
    }

    /// Whether it is deeper than `other` (see [`Eval`]).
    #[must_use]
    pub fn deeper_than(&self, other: &Eval) -> bool {
        self.rank() > other.rank()
    }

    /// Whether it is at least as deep as a search of `nodes` nodes and
    /// `multipv` lines would be: such a search need not run.
    #[must_use]
    pub fn covers(&self, nodes: u64, multipv: u32) -> bool {
        (self.nodes, self.multipv) >= (nodes, multipv)
    }

    /// Appends its bytes.
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.push(BYTES_VERSION);
        put(out, self.nodes);
        put(out, u64::from(self.multipv));
        put(out, u64::from(self.hash));
        put(out, u64::from(self.depth));
        put(out, self.knodes);
        put_text(out, &self.engine);
        put(out, self.pvs.len() as u64);
        for pv in &self.pvs {
            let (tag, value) = match pv.score {
                Score::Cp(cp) => (0u8, cp),
                Score::Mate(n) => (1u8, n),
            };
            out.push(tag);
            // Zigzag: small magnitudes of either sign take few bytes.
            put(out, u64::from((value << 1 ^ (value >> 31)).cast_unsigned()));
            put_text(out, &pv.moves);
        }
    }

    /// Reads the bytes written by [`Eval::encode`].
    ///
    /// # Errors
    ///
    /// [`Error::Corrupt`] when they are not an evaluation's.
    pub fn decode(mut input: &[u8]) -> Result<Eval, Error> {
        let input = &mut input;
        if get_byte(input)? != BYTES_VERSION {
            return Err(Error::Corrupt("an evaluation has an unknown version"));
        }
        let nodes = get(input)?;
        let multipv = get_as(input)?;
        let hash = get_as(input)?;
        let depth = get_as(input)?;
        let knodes = get(input)?;
        let engine = get_text(input)?;
        let count: usize = get_as(input)?;
        if count > input.len() {
            return Err(Error::Corrupt("an evaluation's lines run past its end"));
        }
        let mut pvs = Vec::with_capacity(count);
        for _ in 0..count {
            let tag = get_byte(input)?;
            let zig: u32 = get_as(input)?;
            let value = (zig >> 1).cast_signed() ^ -(zig & 1).cast_signed();
            let score = match tag {
                0 => Score::Cp(value),
                1 => Score::Mate(value),
                _ => return Err(Error::Corrupt("an evaluation's score is unreadable")),
            };
            pvs.push(Pv {
                moves: get_text(input)?,
                score,
            });
        }
        Ok(Eval {
            pvs,
            depth,
            knodes,
            engine,
            nodes,
            multipv,
            hash,
        })
    }
}
