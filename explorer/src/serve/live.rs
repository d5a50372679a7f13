//! The engine on the page: `GET /analysis?fen|start&play` streams a live
//! analysis of the position as server-sent events (`info` at each new
//! depth, then `done`; `busy` when every engine searches already; `error`
//! when the engine failed), and the stored or live lines in the shape the
//! page draws (each line's moves in UCI and SAN, with `cp` or `mate`).

use super::{Shared, reply};
use crate::analysis::live::{Live, LiveError};
use crate::explore::params;
use crate::model::eval::{Eval, Score};
use axum::extract::State;
use axum::http::Uri;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse as _, Response};
use serde::Serialize;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::sync::mpsc;

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

/// The events of one live analysis, as a stream for axum's [`Sse`].
struct Events(mpsc::Receiver<Event>);

impl futures_core::Stream for Events {
    type Item = Result<Event, std::convert::Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0.poll_recv(cx).map(|event| event.map(Ok))
    }
}

/// An event named `name` with `data`.
fn event(name: &str, data: &str) -> Event {
    Event::default().event(name).data(data)
}

/// `GET /analysis`.
pub(super) async fn analysis(State(shared): State<Arc<Shared>>, uri: Uri) -> Response {
    let Some(live) = shared.live.clone() else {
        return reply::not_found_because(
            "this server runs no engine: start it with --engine PATH for live analysis",
        );
    };
    let query = match params::parse_query(uri.query().unwrap_or("")) {
        Ok(query) => query,
        Err(error) => return reply::bad_request(error.parameter(), error.reason()),
    };
    let board = match crate::Explorer::position(&query) {
        Ok(board) => board,
        Err(error) => return reply::query_error(&error),
    };
    let (send, receive) = mpsc::channel(8);
    tokio::task::spawn_blocking(move || search(&live, &board, &send));
    Sse::new(Events(receive))
        .keep_alive(KeepAlive::default())
        .into_response()
}

/// Searches `board`'s position, sending each depth's lines, until the
/// node cap or until nobody listens.
fn search(live: &Live, board: &cozy_chess::Board, send: &mpsc::Sender<Event>) {
    let lines = |eval: &Eval| serde_json::to_string(&PageEval::of(eval, board)).unwrap_or_default();
    let result = live.analyse(&format!("{board:#}"), |eval| {
        send.blocking_send(event("info", &lines(eval))).is_ok()
    });
    let last = match result {
        Ok(eval) => {
            let _ = send.blocking_send(event("info", &lines(&eval)));
            event("done", "")
        }
        Err(LiveError::Busy) => event(
            "busy",
            &format!(
                "every live engine ({}) is busy; try again shortly",
                live.engines()
            ),
        ),
        Err(error) => event("error", &error.to_string()),
    };
    let _ = send.blocking_send(last);
}
