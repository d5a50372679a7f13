//! The server's JSON replies: an answer (with the position's FEN added),
//! and each kind of refusal as one object `{"error": ..., "parameter": ...}`.

use super::dbs::{Databases, Kind};
use super::page_eval::PageEval;
use crate::model::board::{self, LegalMove};
use crate::model::query::{Answer, Query};
use crate::{Explorer, QueryError};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse as _, Response};
use serde::Serialize;

/// Where a query's moves lead.
pub(super) struct Line {
    /// The position's FEN (Shredder-FEN).
    fen: String,
    /// The moves played, in SAN.
    sans: Vec<String>,
    /// Its legal moves, when asked for (`legal=true`: the page asks).
    legal: Option<Vec<LegalMove>>,
    /// The position.
    board: cozy_chess::Board,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    legal: Option<&'a [LegalMove]>,
    /// For the page: the stored evaluation's lines in SAN too.
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<PageEval>,
    /// For the page: whether the server analyses live.
    #[serde(skip_serializing_if = "Option::is_none")]
    live: Option<bool>,
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

/// 200: the answer, with `fen`, `playSan` and, for the page
/// (`legal=true`), `legal`, `engine` (the stored lines in SAN too) and
/// `live` (whether the server analyses live); at `/masters` in lichess's
/// masters shape (no recent games, no speeds).
pub(super) fn answer(
    answer: &Answer,
    line: Option<&Line>,
    kind: Kind,
    engine_on: bool,
) -> Response {
    let page = line.filter(|line| line.legal.is_some());
    let reply = WithLine {
        answer,
        fen: line.map(|line| line.fen.as_str()),
        play_san: line.map_or(&[], |line| &line.sans),
        legal: line.and_then(|line| line.legal.as_deref()),
        engine: page.and_then(|line| {
            answer
                .eval
                .as_ref()
                .map(|eval| PageEval::of(eval, &line.board))
        }),
        live: page.map(|_| engine_on),
    };
    let body = if kind == Kind::Masters {
        serde_json::to_value(&reply).and_then(|mut value| {
            masters_shape(&mut value);
            serde_json::to_vec(&value)
        })
    } else {
        serde_json::to_vec(&reply)
    };
    match body {
        Ok(body) => json(StatusCode::OK, body),
        Err(_) => internal("the answer could not be written as JSON"),
    }
}

/// 200: any value as JSON.
pub(super) fn json_of(value: &impl Serialize) -> Response {
    match serde_json::to_vec(value) {
        Ok(body) => json(StatusCode::OK, body),
        Err(_) => internal("the answer could not be written as JSON"),
    }
}

/// Lichess's masters explorer's shape: no `recentGames`, and games
/// without `speed` (the year and month stay).
fn masters_shape(value: &mut serde_json::Value) {
    let Some(object) = value.as_object_mut() else {
        return;
    };
    object.remove("recentGames");
    let strip = |game: &mut serde_json::Value| {
        if let Some(game) = game.as_object_mut() {
            game.remove("speed");
        }
    };
    if let Some(games) = object.get_mut("topGames").and_then(|g| g.as_array_mut()) {
        games.iter_mut().for_each(strip);
    }
    if let Some(moves) = object.get_mut("moves").and_then(|m| m.as_array_mut()) {
        for row in moves {
            if let Some(game) = row.get_mut("game") {
                strip(game);
            }
        }
    }
}

/// One db as `/dbs` lists it.
#[derive(Serialize)]
struct Listed<'a> {
    name: &'a str,
    kind: Kind,
    /// Its path (`/lichess`, `/masters`, `/player`).
    path: &'a str,
    /// A player's db: whose games.
    players: &'a [String],
    /// Games indexed (null when the db could not count them).
    games: Option<u64>,
}

/// 200: the dbs served, in order.
pub(super) fn databases(dbs: &Databases) -> Response {
    let listed: Vec<Listed<'_>> = dbs
        .iter()
        .map(|db| Listed {
            name: db.name(),
            kind: db.kind(),
            path: db.kind().path(),
            players: db.explorer().players(),
            games: db.explorer().games().ok(),
        })
        .collect();
    match serde_json::to_vec(&listed) {
        Ok(body) => json(StatusCode::OK, body),
        Err(_) => internal("the dbs could not be written as JSON"),
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
    not_found_because("no such page: ask / (the page), /lichess, /masters, /player or /dbs")
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

/// Where a query's moves lead: the position's FEN (Shredder-FEN), the
/// moves played in SAN, replayed as the index reads them
/// ([`Explorer::position`], [`board::parse_uci`]), and when `legal` its
/// legal moves; `None` where they cannot be (the index has refused the
/// query then).
pub(super) fn line_of(query: &Query, legal: bool) -> Option<Line> {
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
        legal: legal.then(|| board::legal_moves(&board)),
        board,
    })
}
