//! The server's JSON replies: an answer (with the position's FEN added),
//! and each kind of refusal as one object `{"error": ..., "parameter": ...}`.

use crate::model::board;
use crate::model::query::{Answer, Query};
use crate::{Explorer, QueryError};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse as _, Response};
use serde::Serialize;

/// Which endpoint asked: the answers have one shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Endpoint {
    /// `/lichess`: every player's games.
    Lichess,
    /// `/player`: one player's games.
    Player,
}

/// Where a query's moves lead.
pub(super) struct Line {
    /// The position's FEN (Shredder-FEN).
    fen: String,
    /// The moves played, in SAN.
    sans: Vec<String>,
}

/// An answer as lichess's explorer writes it, with two fields more, for
/// clients that do not replay moves themselves: `fen`, the position asked
/// about (Shredder-FEN), and `playSan`, the `play` moves in SAN.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WithLine<'a> {
    #[serde(flatten)]
    answer: &'a Answer,
    fen: Option<&'a str>,
    play_san: &'a [String],
}

/// A refusal: why, and which parameter (when one is to blame).
#[derive(Serialize)]
struct Refusal<'a> {
    error: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    parameter: Option<&'a str>,
}

/// A JSON body with `status`, readable from any origin (as lichess's
/// explorer answers), never cached.
pub(super) fn json(status: StatusCode, body: Vec<u8>) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A refusal with `status`.
fn refusal(status: StatusCode, error: &str, parameter: Option<&str>) -> Response {
    // Serializing strings into a Vec cannot fail.
    let body = serde_json::to_vec(&Refusal { error, parameter }).unwrap_or_default();
    json(status, body)
}

/// 200: the answer, with `fen` and `playSan`.
pub(super) fn answer(answer: &Answer, line: Option<&Line>) -> Response {
    let reply = WithLine {
        answer,
        fen: line.map(|line| line.fen.as_str()),
        play_san: line.map_or(&[], |line| &line.sans),
    };
    match serde_json::to_vec(&reply) {
        Ok(body) => json(StatusCode::OK, body),
        Err(_) => internal("the answer could not be written as JSON"),
    }
}

/// 400: `parameter` could not be read, for `reason`.
pub(super) fn bad_request(parameter: &str, reason: &str) -> Response {
    refusal(StatusCode::BAD_REQUEST, reason, Some(parameter))
}

/// The index's refusal: 400 naming the parameter it blames; 500 when the
/// database failed (not the question's fault).
pub(super) fn query_error(error: &QueryError) -> Response {
    match error {
        QueryError::Parameter { parameter, reason } => bad_request(parameter, reason),
        _ => internal(&format!("the database failed: {error}")),
    }
}

/// 404: no such path.
pub(super) fn not_found() -> Response {
    not_found_because("no such page: ask / (the page), /lichess or /player")
}

/// 404 with a reason.
pub(super) fn not_found_because(reason: &str) -> Response {
    refusal(StatusCode::NOT_FOUND, reason, None)
}

/// 503: no answer in time, or the server stopping.
pub(super) fn unavailable(reason: &str) -> Response {
    refusal(StatusCode::SERVICE_UNAVAILABLE, reason, None)
}

/// 500: a fault of the server's (a bug: never expected).
pub(super) fn internal(reason: &str) -> Response {
    refusal(StatusCode::INTERNAL_SERVER_ERROR, reason, None)
}

/// Where a query's moves lead: the position's FEN (Shredder-FEN) and the
/// moves played in SAN, replayed as the index reads them
/// ([`Explorer::position`], [`board::parse_uci`]); `None` where they
/// cannot be (the index has refused the query then).
pub(super) fn line_of(query: &Query) -> Option<Line> {
    let root = Query {
        play: Vec::new(),
        ..query.clone()
    };
    let mut board = Explorer::position(&root).ok()?;
    let mut sans = Vec::with_capacity(query.play.len());
    for text in &query.play {
        let mv = board::parse_uci(&board, text)?;
        sans.push(board::san(&board, mv));
        board.try_play(mv).ok()?;
    }
    Some(Line {
        fen: format!("{board:#}"),
        sans,
    })
}
