//! The engine on the page: `GET /analysis?fen|start&play` streams a live
//! analysis of the position as server-sent events (`info` at each new
//! depth, its lines as the page draws them, then `done`; `busy` when every
//! engine searches already; `error` when the engine failed).

use super::page_eval::PageEval;
use super::{Shared, reply};
use crate::analysis::live::{Live, LiveError};
use crate::explore::params;
use crate::model::eval::Eval;
use axum::extract::State;
use axum::http::Uri;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse as _, Response};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use tokio::sync::mpsc;

/// The events of one live analysis, as a stream for axum's [`Sse`]; when
/// dropped (the client went), its search is told to stop.
struct Events {
    events: mpsc::Receiver<Event>,
    stop: Arc<AtomicBool>,
}

impl futures_core::Stream for Events {
    type Item = Result<Event, std::convert::Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.events.poll_recv(cx).map(|event| event.map(Ok))
    }
}

impl Drop for Events {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Release);
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
    let (send, events) = mpsc::channel(8);
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = Arc::clone(&stop);
    tokio::task::spawn_blocking(move || search(&live, &board, &stopped, &send));
    Sse::new(Events { events, stop })
        .keep_alive(KeepAlive::default())
        .into_response()
}

/// Searches `board`'s position, sending each depth's lines, until the
/// node cap or until nobody listens (`stop`).
fn search(live: &Live, board: &cozy_chess::Board, stop: &AtomicBool, send: &mpsc::Sender<Event>) {
    let lines = |eval: &Eval| serde_json::to_string(&PageEval::of(eval, board)).unwrap_or_default();
    let result = live.analyse(&format!("{board:#}"), stop, |eval| {
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
