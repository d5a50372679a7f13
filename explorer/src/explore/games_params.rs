//! A search for a position's games read from a query string, as the
//! server's `/games` is asked: the parameters of a question
//! ([`parse_query`]) and `player`, `color`, `result`, `limit`, `offset`.

use crate::explore::games::GamesQuery;
use crate::explore::params::{MAX_QUERY_LEN, ParamError, decode, parse_query};
use crate::model::game::Outcome;

/// The most games a page holds.
pub const MAX_LIMIT: usize = 500;

/// The parameters of a search besides a question's.
const OURS: [&str; 4] = ["player", "result", "limit", "offset"];

/// The games a page holds when `limit` is not given.
pub const DEFAULT_LIMIT: usize = 50;

/// Reads a query string (without its `?`) into a [`GamesQuery`]: the
/// position and filters as [`parse_query`] reads them (`color` the
/// player's colour), `player` (a name, without case), `result` (`1-0`,
/// `0-1`, `1/2-1/2`), `limit` (1 to [`MAX_LIMIT`], default
/// [`DEFAULT_LIMIT`]) and `offset`.
///
/// ```
/// use chess960_explorer::games_params::parse_games_query;
///
/// let search = parse_games_query("start=518&play=e2e4&player=Alice&color=white&result=1-0&limit=20&offset=40")?;
/// assert_eq!((search.limit, search.offset, search.player.as_deref()), (20, 40, Some("Alice")));
/// let error = parse_games_query("start=518&limit=0").unwrap_err();
/// assert_eq!(error.parameter(), "limit");
/// assert_eq!(parse_games_query("result=2-0").unwrap_err().parameter(), "result");
/// # Ok::<(), chess960_explorer::params::ParamError>(())
/// ```
///
/// # Errors
///
/// A [`ParamError`] naming the first parameter that could not be read.
pub fn parse_games_query(raw: &str) -> Result<GamesQuery, ParamError> {
    if raw.len() > MAX_QUERY_LEN {
        return Err(ParamError::new(
            "query",
            format!(
                "the query string is {} bytes long, more than {MAX_QUERY_LEN}",
                raw.len()
            ),
        ));
    }
    let mut values: [Option<String>; 4] = Default::default();
    let mut rest = Vec::new();
    for pair in raw.split('&').filter(|pair| !pair.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let Some(at) = OURS.iter().position(|&ours| ours == name) else {
            rest.push(pair);
            continue;
        };
        let value = decode(value).map_err(|reason| ParamError::new(OURS[at], reason))?;
        if values[at].replace(value.into_owned()).is_some() {
            return Err(ParamError::new(OURS[at], "given more than once"));
        }
    }
    let query = parse_query(&rest.join("&"))?;
    let [player, result, limit, offset] = values;
    let number = |name: &'static str, text: Option<String>, default: usize, max: usize| {
        let Some(text) = text else {
            return Ok(default);
        };
        text.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (usize::from(name == "limit")..=max).contains(n))
            .ok_or_else(|| {
                ParamError::new(
                    name,
                    format!(
                        "{text:?} is not a number from {} to {max}",
                        usize::from(name == "limit")
                    ),
                )
            })
    };
    Ok(GamesQuery {
        query,
        player: player.filter(|name| !name.trim().is_empty()),
        result: match result.as_deref() {
            None | Some("") => None,
            Some(text) => Some(Outcome::of(text).ok_or_else(|| {
                ParamError::new("result", format!("{text:?} is not 1-0, 0-1 or 1/2-1/2"))
            })?),
        },
        limit: number("limit", limit, DEFAULT_LIMIT, MAX_LIMIT)?,
        offset: number("offset", offset, 0, 100_000_000)?,
    })
}
