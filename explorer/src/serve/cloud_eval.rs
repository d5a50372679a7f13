//! `GET /api/cloud-eval?fen=FEN&multiPv=K&variant=chess960`: the db's
//! evaluation of a position in the shape of lichess's cloud evaluation
//! (`fen`, `knodes`, `depth`, `pvs` of `moves` and `cp` or `mate`), its
//! first K lines; a 404 with lichess's JSON error when the db holds none,
//! a 400 naming the parameter that cannot be read.

use super::{Shared, reply};
use crate::Explorer;
use crate::analysis::choose::fen_of;
use crate::explore::params;
use crate::model::eval::Pv;
use axum::extract::State;
use axum::http::Uri;
use axum::response::Response;
use serde::Serialize;
use std::sync::Arc;

/// lichess's answer when it has no evaluation.
const NONE: &str = "No cloud evaluation available for that position";

/// The answer, as lichess's cloud evaluation gives it.
#[derive(Serialize)]
struct CloudEval<'a> {
    fen: String,
    knodes: u64,
    depth: u32,
    pvs: &'a [Pv],
}

/// The handler.
pub(super) async fn cloud_eval(State(shared): State<Arc<Shared>>, uri: Uri) -> Response {
    let raw = uri.query().unwrap_or("");
    let explorer = match shared.explorer_of(raw) {
        Ok(explorer) => explorer,
        Err(refusal) => return *refusal,
    };
    let (query, lines) = match params::parse_cloud_eval(raw) {
        Ok(read) => read,
        Err(error) => return reply::bad_request(error.parameter(), error.reason()),
    };
    let board = match Explorer::position(&query) {
        Ok(board) => board,
        Err(error) => return reply::query_error(&error),
    };
    // One lookup in a B-tree: answered here, without a blocking thread.
    match explorer.eval(&query) {
        Ok(Some(eval)) => reply::json_of(&CloudEval {
            fen: fen_of(&board),
            knodes: eval.knodes,
            depth: eval.depth,
            pvs: &eval.pvs[..lines.min(eval.pvs.len())],
        }),
        Ok(None) => reply::not_found_because(NONE),
        Err(error) => reply::query_error(&error),
    }
}
