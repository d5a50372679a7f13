//! A query string read into a [`Query`]: lichess's explorer parameters
//! (`fen` or `start`, `play`, `speeds`, `ratings`, `since`, `until`,
//! `moves`, `topGames`, `recentGames`, `variant`), each checked here, and
//! every fault a [`ParamError`] that names its parameter.
//!
//! This is how the server reads a request; the moves' legality and the
//! FEN's are the index's to judge ([`crate::Explorer::query`]).

use crate::model::query::{Month, Query, RatingGroup, Speed};
use chess960::{Color, Position};
use std::borrow::Cow;
use std::fmt;

/// The longest query string read, in bytes (4 KiB): a longer one is
/// refused whole, with the parameter named `query`.
///
/// ```
/// assert_eq!(chess960_explorer::params::MAX_QUERY_LEN, 4096);
/// ```
pub const MAX_QUERY_LEN: usize = 4096;

/// How many moves an answer lists when `moves` is not given (as lichess's
/// explorer): 12.
///
/// ```
/// let query = chess960_explorer::params::parse_query("start=518")?;
/// assert_eq!(query.moves, Some(chess960_explorer::params::DEFAULT_MOVES));
/// # Ok::<(), chess960_explorer::params::ParamError>(())
/// ```
pub const DEFAULT_MOVES: usize = 12;

/// How many top and recent games an answer lists when `topGames` or
/// `recentGames` is not given: 4.
///
/// ```
/// let query = chess960_explorer::params::parse_query("")?;
/// assert_eq!(query.top_games, chess960_explorer::params::DEFAULT_GAMES);
/// assert_eq!(query.recent_games, chess960_explorer::params::DEFAULT_GAMES);
/// # Ok::<(), chess960_explorer::params::ParamError>(())
/// ```
pub const DEFAULT_GAMES: usize = 4;

/// The most top or recent games an answer lists: a larger `topGames` or
/// `recentGames` is read as 4. Each run of a db keeps a position's 4 top
/// and 4 most recent games ([`KEPT_GAMES`](crate::model::entry::KEPT_GAMES)),
/// which hold the position's 4 best of either kind however the db was
/// written; a fifth could be missing from all of them.
///
/// ```
/// let query = chess960_explorer::params::parse_query("topGames=1000")?;
/// assert_eq!(query.top_games, chess960_explorer::params::MAX_GAMES);
/// assert_eq!(chess960_explorer::params::MAX_GAMES, 4);
/// # Ok::<(), chess960_explorer::params::ParamError>(())
/// ```
pub const MAX_GAMES: usize = crate::model::entry::KEPT_GAMES;

/// A parameter that could not be read: which one, and why.
///
/// ```
/// use chess960_explorer::params::parse_query;
///
/// let error = parse_query("speeds=blitz,slow").unwrap_err();
/// assert_eq!(error.parameter(), "speeds");
/// assert!(error.reason().contains("slow"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamError {
    parameter: &'static str,
    reason: String,
}

impl ParamError {
    /// An error in `parameter`, for `reason`.
    ///
    /// ```
    /// let error = chess960_explorer::params::ParamError::new("play", "not a move");
    /// assert_eq!(error.to_string(), "play: not a move");
    /// ```
    pub fn new(parameter: &'static str, reason: impl Into<String>) -> ParamError {
        ParamError {
            parameter,
            reason: reason.into(),
        }
    }

    /// The parameter's name, as the query string spells it (`query` for
    /// the whole query string).
    ///
    /// ```
    /// let error = chess960_explorer::params::parse_query("moves=many").unwrap_err();
    /// assert_eq!(error.parameter(), "moves");
    /// ```
    pub fn parameter(&self) -> &'static str {
        self.parameter
    }

    /// Why it was refused, in a sentence without the parameter's name.
    ///
    /// ```
    /// let error = chess960_explorer::params::parse_query("since=2024-13").unwrap_err();
    /// assert!(error.reason().contains("2024-13"));
    /// ```
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.parameter, self.reason)
    }
}

impl std::error::Error for ParamError {}

/// The parameters a query string may hold; any other is passed over, as
/// lichess's explorer passes over what it does not know.
///
/// ```
/// use chess960_explorer::params::PARAMETERS;
///
/// assert!(PARAMETERS.contains(&"topGames"));
/// ```
pub const PARAMETERS: [&str; 14] = [
    "variant",
    "fen",
    "start",
    "play",
    "speeds",
    "ratings",
    "since",
    "until",
    "moves",
    "topGames",
    "recentGames",
    "color",
    "player",
    "history",
];

/// Reads a query string (without its `?`) into a [`Query`], as the
/// server's `/lichess` endpoint does.
///
/// - `variant`: `chess960` (also `fromPosition`, and `standard` or `chess`
///   for start 518's games, which are Chess960 games here); default
///   `chess960`.
/// - `fen`: the root position, X-FEN or Shredder-FEN (`_` may stand for a
///   space); or `start`: a start's number 0..=959 (or any way of naming a
///   start: `RNBQKBNR`, `SP-518`). Neither: start 518. Not both.
/// - `play`: moves from the root in UCI, comma-separated (castling as the
///   king taking its rook, `e1h1`); each is checked for form here, for
///   legality by the index.
/// - `speeds`: comma-separated (`ultraBullet`, `bullet`, `blitz`, `rapid`,
///   `classical`, `correspondence`); `ratings`: rating groups' lower
///   bounds, comma-separated (`1600,1800`); empty or absent: all.
/// - `since`, `until`: months, `YYYY-MM`.
/// - `moves` (default [`DEFAULT_MOVES`]), `topGames`, `recentGames`
///   (default [`DEFAULT_GAMES`], at most [`MAX_GAMES`]): counts.
/// - `color` (`white`, `black`): in a database of one player's games,
///   those the player had that colour in.
/// - `history` (`true`, `false`): the games a month, as lichess's
///   `history` (and each move's, a field of this explorer's own).
///
/// Percent-escapes and `+` for a space are decoded. A parameter given
/// twice, an empty number, text that is not UTF-8 and a query string over
/// [`MAX_QUERY_LEN`] bytes are refused. Unknown parameters are passed over.
///
/// ```
/// use chess960_explorer::params::parse_query;
///
/// let query = parse_query("variant=chess960&start=451&play=e2e4,e7e5&speeds=blitz,rapid&ratings=1600,1800&since=2024-01&moves=5")?;
/// assert_eq!(query.start, Some(451));
/// assert_eq!(query.play, ["e2e4", "e7e5"]);
/// assert_eq!(query.speeds.as_ref().map(Vec::len), Some(2));
/// assert_eq!(query.moves, Some(5));
///
/// let error = parse_query("play=e2e4,castle").unwrap_err();
/// assert_eq!((error.parameter(), error.reason()), ("play", "castle is not a move in UCI (e2e4, e7e8q)"));
/// # Ok::<(), chess960_explorer::params::ParamError>(())
/// ```
///
/// # Errors
///
/// A [`ParamError`] naming the first parameter that could not be read.
pub fn parse_query(query: &str) -> Result<Query, ParamError> {
    read(query).map(|(query, _player)| query)
}

/// Reads a query string as lichess's personal explorer is asked
/// (`/player`), of a database made from the games of `players` (as
/// [`crate::Explorer::players`] gives them): the parameters of
/// [`parse_query`], with `color` (`white` or `black`: the games the player
/// had that colour in; absent, both) and `player` (one of `players`, case
/// aside; absent, the database's). `modes` is passed over.
///
/// ```
/// use chess960::Color;
/// use chess960_explorer::params::parse_player_query;
///
/// let players = ["alice".to_owned()];
/// let query = parse_player_query("player=Alice&color=white&start=451", &players)?;
/// assert_eq!(query.color, Some(Color::White));
/// let error = parse_player_query("player=bob", &players).unwrap_err();
/// assert_eq!(error.parameter(), "player");
/// # Ok::<(), chess960_explorer::params::ParamError>(())
/// ```
///
/// # Errors
///
/// A [`ParamError`] naming the first parameter that could not be read.
pub fn parse_player_query(query: &str, players: &[String]) -> Result<Query, ParamError> {
    let (query, player) = read(query)?;
    if let Some(player) = player {
        let player = player.trim();
        if !players
            .iter()
            .any(|known| known.eq_ignore_ascii_case(player))
        {
            return Err(ParamError::new(
                "player",
                format!(
                    "{player} is not the player of this database ({})",
                    players.join(", ")
                ),
            ));
        }
    }
    Ok(query)
}

/// Reads a query string as lichess's masters explorer is asked
/// (`/masters`): the parameters of [`parse_query`], with `since` and
/// `until` as years (`1952`, also `YYYY-MM`), `since` from its January and
/// `until` to its December; `speeds` and `ratings` are passed over (a
/// masters db has no such filters).
///
/// ```
/// use chess960_explorer::params::parse_masters_query;
///
/// let query = parse_masters_query("start=518&since=2000&until=2010&speeds=blitz")?;
/// assert_eq!(query.since.unwrap().to_string(), "2000-01");
/// assert_eq!(query.until.unwrap().to_string(), "2010-12");
/// assert!(query.speeds.is_none());
/// assert_eq!(parse_masters_query("since=20x0").unwrap_err().parameter(), "since");
/// # Ok::<(), chess960_explorer::params::ParamError>(())
/// ```
///
/// # Errors
///
/// A [`ParamError`] naming the first parameter that could not be read.
pub fn parse_masters_query(query: &str) -> Result<Query, ParamError> {
    let [since, until] = read_named(query, ["since", "until"])?;
    let rest: Vec<&str> = query
        .split('&')
        .filter(|pair| {
            let name = pair.split_once('=').map_or(*pair, |(name, _)| name);
            !matches!(name, "since" | "until" | "speeds" | "ratings")
        })
        .collect();
    let (mut query, _player) = read(&rest.join("&"))?;
    let year = |text: &str, parameter: &'static str, month: u8| -> Result<Month, ParamError> {
        let text = text.trim();
        if let Ok(month) = text.parse::<Month>() {
            return Ok(month);
        }
        match text.parse::<u16>() {
            Ok(year) if text.len() == 4 => Ok(Month { year, month }),
            _ => Err(ParamError::new(
                parameter,
                format!("{text} is not a year (YYYY)"),
            )),
        }
    };
    if let Some(since) = since.filter(|text| !text.trim().is_empty()) {
        query.since = Some(year(&since, "since", 1)?);
    }
    if let Some(until) = until.filter(|text| !text.trim().is_empty()) {
        query.until = Some(year(&until, "until", 12)?);
    }
    Ok(query)
}

/// Reads a query string: the query, and the `player` named.
fn read(query: &str) -> Result<(Query, Option<String>), ParamError> {
    let values = read_named(query, PARAMETERS)?;
    let [
        variant,
        fen,
        start,
        play,
        speeds,
        ratings,
        since,
        until,
        moves,
        top_games,
        recent_games,
        color,
        player,
        history,
    ] = values;
    if let Some(variant) = variant {
        check_variant(&variant)?;
    }
    let mut query = Query {
        moves: Some(DEFAULT_MOVES),
        top_games: DEFAULT_GAMES,
        recent_games: DEFAULT_GAMES,
        ..Query::default()
    };
    match (fen, start) {
        (Some(_), Some(_)) => {
            return Err(ParamError::new("start", "give fen or start, not both"));
        }
        (Some(fen), None) => query.fen = Some(read_fen(&fen)?),
        (None, Some(start)) => query.start = Some(read_start(&start)?),
        (None, None) => query.start = Some(Position::STANDARD.id()),
    }
    if let Some(play) = play {
        query.play = read_play(&play)?;
    }
    read_filters(&mut query, [speeds, ratings, since, until])?;
    if let Some(moves) = moves {
        query.moves = Some(read_count(&moves, "moves")?);
    }
    if let Some(top_games) = top_games {
        query.top_games = read_count(&top_games, "topGames")?.min(MAX_GAMES);
    }
    if let Some(recent_games) = recent_games {
        query.recent_games = read_count(&recent_games, "recentGames")?.min(MAX_GAMES);
    }
    if let Some(color) = color {
        query.color = match color.trim() {
            "" => None,
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            other => {
                return Err(ParamError::new(
                    "color",
                    format!("{other} is not a colour (white, black)"),
                ));
            }
        };
    }
    if let Some(history) = history {
        query.history = read_flag(&history, "history")?;
    }
    Ok((query, player))
}

/// The values of the parameters `names` in a query string (without its
/// `?`), decoded, each `None` when absent; other parameters are passed
/// over. For endpoints with parameters of their own, read as
/// [`parse_query`] reads its.
///
/// ```
/// use chess960_explorer::params::read_named;
///
/// let [db, legal] = read_named("start=451&db=masters&legal=true", ["db", "legal"])?;
/// assert_eq!((db.as_deref(), legal.as_deref()), (Some("masters"), Some("true")));
/// assert_eq!(read_named("db=a&db=b", ["db"]).unwrap_err().parameter(), "db");
/// # Ok::<(), chess960_explorer::params::ParamError>(())
/// ```
///
/// # Errors
///
/// A [`ParamError`] naming a parameter given twice or not UTF-8 once
/// decoded (`query` for the whole string when it is over
/// [`MAX_QUERY_LEN`] bytes or a name cannot be decoded).
pub fn read_named<const N: usize>(
    query: &str,
    names: [&'static str; N],
) -> Result<[Option<String>; N], ParamError> {
    if query.len() > MAX_QUERY_LEN {
        return Err(ParamError::new(
            "query",
            format!(
                "the query string is {} bytes long, more than {MAX_QUERY_LEN}",
                query.len()
            ),
        ));
    }
    let mut values: [Option<String>; N] = std::array::from_fn(|_| None);
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let name = decode(name).map_err(|reason| ParamError::new("query", reason))?;
        let Some(index) = names.iter().position(|known| *known == name) else {
            continue;
        };
        let parameter = names[index];
        let value = decode(value).map_err(|reason| ParamError::new(parameter, reason))?;
        if values[index].replace(value.into_owned()).is_some() {
            return Err(ParamError::new(parameter, "given more than once"));
        }
    }
    Ok(values)
}

/// `true` or `false` (empty: false), as the flags `history` and `legal`
/// are given.
///
/// ```
/// use chess960_explorer::params::read_flag;
///
/// assert_eq!(read_flag("true", "legal"), Ok(true));
/// assert_eq!(read_flag("yes", "legal").unwrap_err().parameter(), "legal");
/// ```
///
/// # Errors
///
/// A [`ParamError`] naming `parameter` when `text` is neither.
pub fn read_flag(text: &str, parameter: &'static str) -> Result<bool, ParamError> {
    match text.trim() {
        "true" => Ok(true),
        "false" | "" => Ok(false),
        other => Err(ParamError::new(
            parameter,
            format!("{other} is not true or false"),
        )),
    }
}

/// The filters: `speeds`, `ratings`, `since`, `until`, in that order.
fn read_filters(query: &mut Query, filters: [Option<String>; 4]) -> Result<(), ParamError> {
    let [speeds, ratings, since, until] = filters;
    if let Some(speeds) = speeds {
        query.speeds = read_list(&speeds, "speeds", |word| {
            word.parse::<Speed>().map_err(|_| {
                format!(
                    "{word} is not a speed (ultraBullet, bullet, blitz, rapid, classical, correspondence)"
                )
            })
        })?;
    }
    if let Some(ratings) = ratings {
        query.ratings = read_list(&ratings, "ratings", |word| {
            word.parse::<RatingGroup>().map_err(|_| {
                format!(
                    "{word} is not a rating group (0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500, 2800)"
                )
            })
        })?;
    }
    if let Some(since) = since {
        query.since = Some(read_month(&since, "since")?);
    }
    if let Some(until) = until {
        query.until = Some(read_month(&until, "until")?);
    }
    Ok(())
}

/// Decodes one name or value of a query string: `+` is a space, `%XY` a
/// byte; the bytes must make UTF-8.
pub(crate) fn decode(text: &str) -> Result<Cow<'_, str>, String> {
    if !text.contains(['%', '+']) {
        return Ok(Cow::Borrowed(text));
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let byte = bytes
                    .get(i + 1..i + 3)
                    .and_then(|hex| std::str::from_utf8(hex).ok())
                    .and_then(|hex| u8::from_str_radix(hex, 16).ok())
                    .ok_or_else(|| "a % is not followed by two hexadecimal digits".to_owned())?;
                out.push(byte);
                i += 2;
            }
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8(out)
        .map(Cow::Owned)
        .map_err(|_| "the decoded text is not UTF-8".to_owned())
}

/// The variants this explorer answers for: its games are all Chess960.
fn check_variant(variant: &str) -> Result<(), ParamError> {
    match variant {
        "chess960" | "fromPosition" | "standard" | "chess" => Ok(()),
        _ => Err(ParamError::new(
            "variant",
            format!("{variant} is not a variant this explorer holds (chess960)"),
        )),
    }
}

/// The FEN with `_` read as a space, as analysis boards' links write it,
/// and X-FEN's castling letters written as Shredder-FEN's files; at most
/// 100 bytes (a FEN is under 90).
fn read_fen(fen: &str) -> Result<String, ParamError> {
    let fen = fen.trim().replace('_', " ");
    if fen.is_empty() {
        return Err(ParamError::new("fen", "empty"));
    }
    if fen.len() > 100 {
        return Err(ParamError::new("fen", "longer than any FEN"));
    }
    Ok(shredder_castling(&fen))
}

/// A FEN whose castling field's X-FEN letters (`K`, `Q`, `k`, `q`: the
/// outermost rook on that side of the king) are written as the files of
/// those rooks (`G`, `B`, `g`, `b`), as Shredder-FEN writes them: a
/// Chess960 position's `KQkq` names rooks that need not stand on the h
/// and a files. Left as it is where the board does not say (no king on
/// the back rank, no rook on that side, a malformed placement).
fn shredder_castling(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (Some(placement), Some(castling)) = (fields.first(), fields.get(2)) else {
        return fen.to_owned();
    };
    let rows: Vec<&str> = placement.split('/').collect();
    let (Some(black), Some(white)) = (
        rows.first().and_then(|r| back_rank(r)),
        rows.get(7).and_then(|r| back_rank(r)),
    ) else {
        return fen.to_owned();
    };
    let rook_file = |rank: &[u8; 8], king: u8, rook: u8, king_side: bool| -> Option<char> {
        let king_file = rank.iter().position(|&man| man == king)?;
        let mut files = (0..8).filter(|&file| rank[file] == rook);
        let file = if king_side {
            files.filter(|&file| file > king_file).max()
        } else {
            files.find(|&file| file < king_file)
        }?;
        Some(char::from(b"abcdefgh"[file]))
    };
    let written: String = castling
        .chars()
        .map(|letter| {
            let file = match letter {
                'K' => rook_file(&white, b'K', b'R', true).map(|file| file.to_ascii_uppercase()),
                'Q' => rook_file(&white, b'K', b'R', false).map(|file| file.to_ascii_uppercase()),
                'k' => rook_file(&black, b'k', b'r', true),
                'q' => rook_file(&black, b'k', b'r', false),
                _ => None,
            };
            file.unwrap_or(letter)
        })
        .collect();
    let mut out: Vec<&str> = fields.clone();
    out[2] = &written;
    out.join(" ")
}

/// A FEN row as its eight squares (`b' '` for an empty one), or `None`.
fn back_rank(row: &str) -> Option<[u8; 8]> {
    let mut rank = [b' '; 8];
    let mut file = 0;
    for byte in row.bytes() {
        if (b'1'..=b'8').contains(&byte) {
            file += usize::from(byte - b'0');
        } else {
            *rank.get_mut(file)? = byte;
            file += 1;
        }
    }
    (file == 8).then_some(rank)
}

/// A start's number, or any text that names a start.
fn read_start(start: &str) -> Result<u16, ParamError> {
    start
        .trim()
        .parse::<Position>()
        .map(Position::id)
        .map_err(|error| {
            ParamError::new(
                "start",
                format!("{start} is not a start (0..=959 or a back rank): {error}"),
            )
        })
}

/// The moves, in UCI, comma-separated; each checked for its form.
fn read_play(play: &str) -> Result<Vec<String>, ParamError> {
    if play.trim().is_empty() {
        return Ok(Vec::new());
    }
    play.split(',')
        .map(|word| {
            let word = word.trim();
            if is_uci(word) {
                Ok(word.to_owned())
            } else {
                Err(ParamError::new(
                    "play",
                    format!("{word} is not a move in UCI (e2e4, e7e8q)"),
                ))
            }
        })
        .collect()
}

/// Whether `word` has the form of a UCI move: two squares, then a
/// promotion's piece letter or nothing.
fn is_uci(word: &str) -> bool {
    let bytes = word.as_bytes();
    let square = |pair: &[u8]| matches!(pair, [b'a'..=b'h', b'1'..=b'8']);
    matches!(bytes.len(), 4 | 5)
        && square(&bytes[0..2])
        && square(&bytes[2..4])
        && bytes.get(4).is_none_or(|piece| b"qrbnk".contains(piece))
}

/// A comma-separated list read word by word; empty means all (`None`).
fn read_list<T>(
    text: &str,
    parameter: &'static str,
    read: impl Fn(&str) -> Result<T, String>,
) -> Result<Option<Vec<T>>, ParamError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    text.split(',')
        .map(|word| read(word.trim()).map_err(|reason| ParamError::new(parameter, reason)))
        .collect::<Result<Vec<T>, ParamError>>()
        .map(Some)
}

/// A month, `YYYY-MM`.
fn read_month(text: &str, parameter: &'static str) -> Result<Month, ParamError> {
    text.trim().parse::<Month>().map_err(|_| {
        ParamError::new(
            parameter,
            format!("{text} is not a month written YYYY-MM (2024-01)"),
        )
    })
}

/// A count: digits only, at most 999,999 read as such (larger as
/// 999,999).
fn read_count(text: &str, parameter: &'static str) -> Result<usize, ParamError> {
    let digits = text.trim();
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(ParamError::new(
            parameter,
            format!("{text} is not a count (0, 1, 2...)"),
        ));
    }
    Ok(digits.parse::<usize>().map_or(999_999, |n| n.min(999_999)))
}

/// The most lines `multiPv` asks for in [`parse_cloud_eval`].
pub const MAX_MULTI_PV: usize = 500;

/// Reads the query string of lichess's cloud evaluation
/// (`/api/cloud-eval`): `fen` (needed), `multiPv` (lines, 1 by default,
/// at most [`MAX_MULTI_PV`]) and `variant` (`chess960`, `standard` or
/// `fromPosition`); others are passed over. Gives the question (its FEN)
/// and the lines asked for.
///
/// ```
/// use chess960_explorer::params::parse_cloud_eval;
///
/// let (query, lines) = parse_cloud_eval("fen=bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR_w_HFhf_-_0_1&multiPv=3&variant=chess960")?;
/// assert_eq!((query.fen.as_deref(), lines), (Some("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"), 3));
/// assert_eq!(parse_cloud_eval("multiPv=2").unwrap_err().parameter(), "fen");
/// assert_eq!(parse_cloud_eval("fen=8/8/8/8/8/8/8/8_w_-_-&multiPv=0").unwrap_err().parameter(), "multiPv");
/// # Ok::<(), chess960_explorer::params::ParamError>(())
/// ```
///
/// # Errors
///
/// A [`ParamError`] naming the first parameter that could not be read.
pub fn parse_cloud_eval(query: &str) -> Result<(Query, usize), ParamError> {
    if query.len() > MAX_QUERY_LEN {
        return Err(ParamError::new("query", "the query string is too long"));
    }
    let (mut fen, mut lines, mut variant) = (None, None, None);
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let name = decode(name).map_err(|reason| ParamError::new("query", reason))?;
        let (slot, parameter) = match name.as_ref() {
            "fen" => (&mut fen, "fen"),
            "multiPv" => (&mut lines, "multiPv"),
            "variant" => (&mut variant, "variant"),
            _ => continue,
        };
        let value = decode(value).map_err(|reason| ParamError::new(parameter, reason))?;
        if slot.replace(value.into_owned()).is_some() {
            return Err(ParamError::new(parameter, "given more than once"));
        }
    }
    if let Some(variant) = variant {
        check_variant(&variant)?;
    }
    let fen = fen.ok_or_else(|| ParamError::new("fen", "missing: give the position's FEN"))?;
    let lines = match lines {
        None => 1,
        Some(text) => text
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|lines| (1..=MAX_MULTI_PV).contains(lines))
            .ok_or_else(|| {
                ParamError::new(
                    "multiPv",
                    format!("{text} is not a number of lines (1..={MAX_MULTI_PV})"),
                )
            })?,
    };
    let query = Query {
        fen: Some(read_fen(&fen)?),
        ..Query::default()
    };
    Ok((query, lines))
}

#[cfg(test)]
mod tests {
    use super::{MAX_QUERY_LEN, decode, is_uci, parse_query};

    #[test]
    fn percent_escapes_and_plus_are_decoded() {
        assert_eq!(decode("a+b%20c%2Cd").unwrap(), "a b c,d");
        assert!(decode("%zz").is_err());
        assert!(decode("%4").is_err());
        assert!(decode("%ff").is_err());
        assert_eq!(decode("%C3%A9").unwrap(), "é");
    }

    #[test]
    fn history_is_a_flag() {
        assert!(parse_query("history=true").unwrap().history);
        assert!(!parse_query("history=false").unwrap().history);
        assert!(!parse_query("").unwrap().history);
    }

    #[test]
    fn uci_words() {
        for good in ["e2e4", "e7e8q", "b1a1", "h8h1n"] {
            assert!(is_uci(good), "{good}");
        }
        for bad in ["", "e2", "e2e9", "i2e4", "e2e4x", "e2e4qq", "O-O", "é2e4"] {
            assert!(!is_uci(bad), "{bad}");
        }
    }

    #[test]
    fn each_fault_names_its_parameter() {
        for (query, parameter) in [
            ("variant=atomic", "variant"),
            ("fen=", "fen"),
            ("start=960", "start"),
            ("start=1&fen=x", "start"),
            ("play=e2e4,,e7e5", "play"),
            ("history=yes", "history"),
            ("speeds=fast", "speeds"),
            ("ratings=1650", "ratings"),
            ("since=2024", "since"),
            ("until=24-01", "until"),
            ("moves=-1", "moves"),
            ("topGames=", "topGames"),
            ("recentGames=1e3", "recentGames"),
            ("moves=1&moves=2", "moves"),
            ("play=%e2", "play"),
        ] {
            let error = parse_query(query).unwrap_err();
            assert_eq!(error.parameter(), parameter, "{query}: {error}");
        }
        let long = "x".repeat(MAX_QUERY_LEN + 1);
        assert_eq!(parse_query(&long).unwrap_err().parameter(), "query");
    }

    #[test]
    fn x_fen_castling_is_written_as_files() {
        use super::shredder_castling;
        for (fen, want) in [
            (
                "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/BRNNKQRB w KQkq - 0 1",
                "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/BRNNKQRB w GBgb - 0 1",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            ),
            // Two rooks on one side: the outermost.
            (
                "4k3/8/8/8/8/8/8/R3K1RR w K - 0 1",
                "4k3/8/8/8/8/8/8/R3K1RR w H - 0 1",
            ),
            // Shredder-FEN, no rights, no rook there, a broken row: as given.
            (
                "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1",
                "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
                "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            ),
            (
                "4k3/8/8/8/8/8/8/4K33R w K - 0 1",
                "4k3/8/8/8/8/8/8/4K33R w K - 0 1",
            ),
            ("not a fen", "not a fen"),
        ] {
            assert_eq!(shredder_castling(fen), want, "{fen}");
        }
    }

    #[test]
    fn defaults_and_lenient_forms() {
        let query = parse_query("unknown=1&&speeds=&ratings=&play=").unwrap();
        assert_eq!(query.start, Some(518));
        assert!(query.fen.is_none() && query.play.is_empty());
        assert!(query.speeds.is_none() && query.ratings.is_none());
        let query = parse_query("start=RNBQKBNR&fen_unused=1").unwrap();
        assert_eq!(query.start, Some(518));
        let query =
            parse_query("fen=rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB_w_CAca_-_0_1").unwrap();
        assert_eq!(
            query.fen.as_deref(),
            Some("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1")
        );
        assert_eq!(
            parse_query("moves=99999999999999999999999").unwrap().moves,
            Some(999_999)
        );
    }
}
