//! An evaluation as the page draws it, stored or live: each line's moves
//! in UCI and in SAN (played from the position), with `cp` or `mate` from
//! White's side, the depth, the knodes and the engine.

use crate::model::eval::{Eval, Score};
use serde::Serialize;

/// A line as the page draws it.
#[derive(Serialize)]
pub(super) struct PageLine {
    /// The moves in UCI (castling as the king taking its rook).
    moves: Vec<String>,
    /// The same in SAN.
    san: Vec<String>,
    #[serde(flatten)]
    score: Score,
}

/// An evaluation as the page draws it.
#[derive(Serialize)]
pub(super) struct PageEval {
    engine: String,
    depth: u32,
    knodes: u64,
    pvs: Vec<PageLine>,
}

impl PageEval {
    /// `eval` of the position of `board`, its lines in SAN too.
    pub(super) fn of(eval: &Eval, board: &cozy_chess::Board) -> PageEval {
        let sans = eval.san_lines(board);
        PageEval {
            engine: eval.engine.clone(),
            depth: eval.depth,
            knodes: eval.knodes,
            pvs: eval
                .pvs
                .iter()
                .zip(sans)
                .map(|(pv, san)| PageLine {
                    moves: pv
                        .moves
                        .split_ascii_whitespace()
                        .take(san.len())
                        .map(str::to_owned)
                        .collect(),
                    san,
                    score: pv.score,
                })
                .collect(),
        }
    }
}
