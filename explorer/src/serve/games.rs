//! The server's game routes: `GET /games` (a position's games, a page at
//! a time, as JSON with the total) and `GET /game/{id}` (one game: PGN as
//! `application/x-chess-pgn`, or JSON, its tags and moves in UCI and SAN,
//! with `Accept: application/json` or `?format=json`).

use super::{QUERY_TIMEOUT, Shared, reply};
use crate::explore::games_params::parse_games_query;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse as _, Response};
use std::sync::Arc;

/// Runs `work` on the db the query string `raw` names (`db`, else the
/// first answering `/lichess`), on a blocking thread in a turn of the
/// server's, within [`QUERY_TIMEOUT`].
async fn in_turn(
    shared: &Arc<Shared>,
    raw: &str,
    work: impl FnOnce(&crate::Explorer) -> Response + Send + 'static,
) -> Response {
    let turns = Arc::clone(&shared.turns);
    let explorer = match shared.explorer_of(raw) {
        Ok(explorer) => explorer,
        Err(refusal) => return *refusal,
    };
    let run = async move {
        let Ok(turn) = turns.acquire_owned().await else {
            return reply::unavailable("the server is shutting down");
        };
        let done = tokio::task::spawn_blocking(move || {
            let response = work(&explorer);
            drop(turn);
            response
        })
        .await;
        done.unwrap_or_else(|_| reply::internal("the query failed unexpectedly"))
    };
    tokio::time::timeout(QUERY_TIMEOUT, run)
        .await
        .unwrap_or_else(|_| {
            reply::unavailable(&format!(
                "no answer within {} s: the server is busy",
                QUERY_TIMEOUT.as_secs()
            ))
        })
}

/// `GET /games`: the games of a position, a page.
pub(super) async fn games(State(shared): State<Arc<Shared>>, uri: Uri) -> Response {
    let raw = uri.query().unwrap_or("");
    let search = match parse_games_query(raw) {
        Ok(search) => search,
        Err(error) => return reply::bad_request(error.parameter(), error.reason()),
    };
    in_turn(&shared, raw, move |explorer| {
        match explorer.games_at(&search) {
            Ok(page) => reply::json_of(&page),
            Err(error) => reply::query_error(&error),
        }
    })
    .await
}

/// `GET /game/{id}`: one game, PGN or JSON.
pub(super) async fn game(
    State(shared): State<Arc<Shared>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    let mut json = headers
        .get(header::ACCEPT)
        .and_then(|accept| accept.to_str().ok())
        .is_some_and(|accept| accept.contains("application/json"));
    for pair in uri.query().unwrap_or("").split('&') {
        match pair.split_once('=') {
            Some(("format", "json")) => json = true,
            Some(("format", "pgn")) => json = false,
            Some(("format", other)) => {
                return reply::bad_request("format", &format!("{other:?} is not pgn or json"));
            }
            _ => {}
        }
    }
    if id.is_empty() || id.len() > 64 {
        return reply::bad_request("id", "an id is 1 to 64 bytes long");
    }
    in_turn(
        &shared,
        uri.query().unwrap_or(""),
        move |explorer| match explorer.game(&id) {
            Ok(None) => reply::not_found_because(&format!("no game of id {id:?}")),
            Ok(Some(game)) if json => reply::json_of(&game),
            Ok(Some(game)) => {
                let mut response = (StatusCode::OK, game.pgn).into_response();
                let headers = response.headers_mut();
                headers.insert(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/x-chess-pgn"),
                );
                headers.insert(
                    header::ACCESS_CONTROL_ALLOW_ORIGIN,
                    HeaderValue::from_static("*"),
                );
                response
            }
            Err(error) => reply::internal(&format!("the database failed: {error}")),
        },
    )
    .await
}
