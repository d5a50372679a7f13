//! lichess's evaluation export format, one JSON object a line: `fen`
//! (without move counters) and `evals`, a list of `{pvs: [{cp|mate,
//! line}], knodes, depth}`. What this crate writes adds, to each of
//! `evals`, its provenance (`engine`, `nodes`, `multipv`, `hash`), which
//! lichess's readers pass over; a line without it (lichess's own file)
//! is read as an imported evaluation (see [`Eval`]).

use crate::analysis::choose::fen_of;
use crate::analysis::uci::legal_prefix;
use crate::model::board::board_from_fen;
use crate::model::eval::{Eval, Pv, Score};
use crate::model::key::PositionKey;
use serde::{Deserialize, Serialize};

/// One line of the export.
#[derive(Serialize, Deserialize)]
struct Record {
    fen: String,
    evals: Vec<Entry>,
}

/// One evaluation of a line.
#[derive(Serialize, Deserialize)]
struct Entry {
    pvs: Vec<Line>,
    knodes: u64,
    depth: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    engine: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    multipv: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hash: Option<u32>,
}

/// One line of an evaluation.
#[derive(Serialize, Deserialize)]
struct Line {
    #[serde(flatten)]
    score: Score,
    line: String,
}

/// The export's line for `eval` of the position of `fen`.
///
/// ```
/// use chess960_explorer::analysis::lichess::{read_line, write_line};
/// use chess960_explorer::eval::{Eval, Pv, Score};
///
/// let eval = Eval {
///     pvs: vec![Pv { moves: "e2e4 e7e5".into(), score: Score::Mate(3) }],
///     depth: 9, knodes: 20, engine: "E".into(), nodes: 20_000, multipv: 1, hash: 16,
/// };
/// let line = write_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", &eval);
/// assert!(line.starts_with(r#"{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -","evals":[{"pvs":[{"mate":3,"line":"e2e4 e7e5"}],"knodes":20,"depth":9"#));
/// let (key, fen, back) = read_line(&line).unwrap();
/// assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -");
/// assert_eq!(back, eval);
/// assert_eq!(key, chess960_explorer::key::PositionKey::of(&cozy_chess::Board::default()).0);
/// ```
pub fn write_line(fen: &str, eval: &Eval) -> String {
    let record = Record {
        fen: fen.to_owned(),
        evals: vec![Entry {
            pvs: eval
                .pvs
                .iter()
                .map(|pv| Line {
                    score: pv.score,
                    line: pv.moves.clone(),
                })
                .collect(),
            knodes: eval.knodes,
            depth: eval.depth,
            engine: Some(eval.engine.clone()),
            nodes: Some(eval.nodes),
            multipv: Some(eval.multipv),
            hash: Some(eval.hash),
        }],
    };
    // Strings and numbers always serialize.
    serde_json::to_string(&record).unwrap_or_default()
}

/// The position key, FEN (without counters, as this crate writes it) and
/// the deepest evaluation of one line of the
/// export; each line cut before its first illegal move (castling read
/// either way, written as the king taking its rook). An evaluation left
/// with no line is dropped.
///
/// # Errors
///
/// Why the line is unreadable: not JSON of the format, an illegal FEN, no
/// evaluation with a legal line.
pub fn read_line(text: &str) -> Result<(u128, String, Eval), String> {
    let record: Record =
        serde_json::from_str(text).map_err(|error| format!("not an evaluation: {error}"))?;
    let board = board_from_fen(&record.fen)
        .ok_or_else(|| format!("{:?} is not a legal position", record.fen))?;
    let mut best: Option<Eval> = None;
    for entry in record.evals {
        let pvs: Vec<Pv> = entry
            .pvs
            .into_iter()
            .filter_map(|line| {
                let words: Vec<String> = line
                    .line
                    .split_ascii_whitespace()
                    .map(str::to_owned)
                    .collect();
                let legal = legal_prefix(&board, &words);
                (!legal.is_empty()).then(|| Pv {
                    moves: legal.join(" "),
                    score: line.score,
                })
            })
            .collect();
        if pvs.is_empty() {
            continue;
        }
        let eval = Eval {
            multipv: entry
                .multipv
                .unwrap_or(u32::try_from(pvs.len()).unwrap_or(u32::MAX)),
            pvs,
            depth: entry.depth,
            knodes: entry.knodes,
            engine: entry.engine.unwrap_or_default(),
            nodes: entry.nodes.unwrap_or(entry.knodes.saturating_mul(1000)),
            hash: entry.hash.unwrap_or(0),
        };
        if best.as_ref().is_none_or(|kept| eval.deeper_than(kept)) {
            best = Some(eval);
        }
    }
    let eval = best.ok_or("no evaluation with a legal line")?;
    Ok((PositionKey::of(&board).0, fen_of(&board), eval))
}
