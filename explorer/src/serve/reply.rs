//! The server's JSON replies: an answer (with the position's FEN added),
//! and each kind of refusal as one object `{"error": ..., "parameter": ...}`.

use crate::query::{Answer, Query};
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

/// An answer as lichess's explorer writes it, with one field more: `fen`,
/// the position asked about (Shredder-FEN), for clients that do not
/// replay moves themselves.
#[derive(Serialize)]
struct WithFen<'a> {
    #[serde(flatten)]
    answer: &'a Answer,
    fen: Option<String>,
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
fn json(status: StatusCode, body: Vec<u8>) -> Response {
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

/// 200: the answer, with `fen`.
pub(super) fn answer(answer: &Answer, fen: Option<String>) -> Response {
    match serde_json::to_vec(&WithFen { answer, fen }) {
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

/// The FEN (Shredder-FEN) of the position `query` asks about: its root
/// with its moves played, as the index reads them ([`Explorer::position`]).
pub(super) fn fen_after(query: &Query) -> Option<String> {
    Explorer::position(query)
        .ok()
        .map(|board| format!("{board:#}"))
}
