//! Position search and game texts: every game that reached a position
//! ([`Explorer::games_at`], [`Explorer::game_list`]), newest first, then by
//! id, filtered, a page at a time; and one game by its id
//! ([`Explorer::game`]) as PGN and as its moves. A position's games are
//! its list in each list table, merged from their heads, and its games
//! filed as singles, checked by replay.

use crate::error::{Error, QueryError, store};
use crate::explore::{Explorer, Filter};
use crate::model::board::{self, san, unpack};
use crate::model::codec::hash128;
use crate::model::game::{GameInfo, Outcome, key_of_derived_id};
use crate::model::key::PositionKey;
use crate::model::line::Line;
use crate::model::query::{Player, Query, Speed};
use crate::model::score::{Score, ScoreMove, start_fen};
use crate::store::lists::{ListCursor, Listed};
use crate::store::records;
use cozy_chess::{Board, Color};
use serde::Serialize;

/// A search for the games of a position: the position and the filters of
/// a [`Query`] (its `color`, in a db of all games, the colour of
/// `player`), a player, a result, and the page.
///
/// ```
/// let search = chess960_explorer::GamesQuery::default();
/// assert_eq!((search.limit, search.offset), (50, 0));
/// ```
#[derive(Clone, Debug)]
pub struct GamesQuery {
    /// The position (start or FEN, moves played) and the filters of
    /// speed, rating and month; its `color` is the player's colour.
    pub query: Query,
    /// Only the games of this player (either colour, or `query.color`),
    /// compared without case.
    pub player: Option<String>,
    /// Only the games of this result.
    pub result: Option<Outcome>,
    /// Games to give at most.
    pub limit: usize,
    /// Games passed over first.
    pub offset: usize,
}

impl Default for GamesQuery {
    fn default() -> GamesQuery {
        GamesQuery {
            query: Query::default(),
            player: None,
            result: None,
            limit: 50,
            offset: 0,
        }
    }
}

/// One game of a position's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ListedGame {
    /// Its id ([`Explorer::game`] gives it whole).
    pub id: String,
    /// White.
    pub white: Player,
    /// Black.
    pub black: Player,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// Its speed.
    pub speed: Speed,
    /// Its month, `YYYY-MM` (empty when unknown).
    pub month: String,
    /// When, `YYYYMMDDhhmmss` (unknown parts 0): the list's order.
    pub when: u64,
    /// The move it played from the position, in UCI.
    pub uci: String,
    /// The same in SAN.
    pub san: String,
}

/// A page of a position's games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GamesPage {
    /// The games that pass the filters, all pages together.
    pub total: u64,
    /// The page's games, newest first, then by id.
    pub games: Vec<ListedGame>,
}

/// One game whole: its tags, its start and its mainline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameText {
    /// Its id.
    pub id: String,
    /// Its start's FEN (Shredder-FEN).
    pub fen: String,
    /// The tags as PGN writes them (the Seven Tag Roster first).
    pub tags: Vec<(String, String)>,
    /// The mainline, each move in UCI and SAN.
    pub moves: Vec<ScoreMove>,
    /// The game as PGN.
    pub pgn: String,
}

/// The text of `result`.
fn result_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::White => "1-0",
        Outcome::Black => "0-1",
        Outcome::Draw => "1/2-1/2",
    }
}

/// Where a position's games come from: a list, or the games filed as
/// singles (in a list's order).
enum Source {
    List(ListCursor),
    Alone(std::vec::IntoIter<Listed>),
}

/// The games of a position, one by one, in order, as filtered; its total
/// first ([`GameList::total`]).
pub struct GameList<'e> {
    explorer: &'e Explorer,
    board: Board,
    sources: Vec<Source>,
    /// Each source's next game and its record.
    heads: Vec<Option<(Listed, GameInfo)>>,
    filter: Filter,
    player: Option<(String, Option<chess960::Color>)>,
    result: Option<Outcome>,
    total: Option<u64>,
    last: Option<u64>,
    /// The moves met so far in UCI and SAN (the position is one).
    named: Vec<(u16, String, String)>,
}

impl std::fmt::Debug for GameList<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameList")
            .field("total", &self.total)
            .finish_non_exhaustive()
    }
}

impl GameList<'_> {
    /// The games that pass the filters (with a player, counted by a pass
    /// over every game of the position; else from its entries).
    pub fn total(&self) -> u64 {
        self.total.unwrap_or(0)
    }

    /// Source `at`'s next game, with its record.
    fn load(&mut self, at: usize) -> Result<(), Error> {
        let next = match &mut self.sources[at] {
            Source::List(cursor) => self.explorer.lists.next(cursor)?,
            Source::Alone(games) => games.next(),
        };
        self.heads[at] = match next {
            None => None,
            Some(listed) => {
                let record = records::get(&self.explorer.games, listed.game)?
                    .ok_or(Error::Corrupt("a list names a game the db lacks"))?;
                Some((listed, GameInfo::decode(&record)?))
            }
        };
        Ok(())
    }

    /// Whether a game passes the filters.
    fn passes(&self, info: &GameInfo) -> bool {
        if !self.filter.passes_game(info) || self.result.is_some_and(|r| r != info.outcome) {
            return false;
        }
        match &self.player {
            None => true,
            Some((name, color)) => {
                let white = info.white.to_lowercase() == *name;
                let black = info.black.to_lowercase() == *name;
                match color {
                    None => white || black,
                    Some(chess960::Color::White) => white,
                    Some(chess960::Color::Black) => black,
                }
            }
        }
    }

    /// Move `mv` of the position in UCI and SAN.
    fn name(&mut self, mv: u16) -> Result<(String, String), Error> {
        if let Some((_, uci, san)) = self.named.iter().find(|named| named.0 == mv) {
            return Ok((uci.clone(), san.clone()));
        }
        let legal = unpack(mv)
            .filter(|&legal| self.board.is_legal(legal))
            .ok_or(Error::Corrupt("a list's move is not legal"))?;
        let named = (board::uci(legal), san(&self.board, legal));
        self.named.push((mv, named.0.clone(), named.1.clone()));
        Ok(named)
    }

    /// The next game in order, passing the filters or not.
    fn next_any(&mut self) -> Result<Option<(Listed, GameInfo)>, Error> {
        loop {
            let mut best: Option<usize> = None;
            for (at, head) in self.heads.iter().enumerate() {
                let Some((listed, info)) = head else { continue };
                let better = match best.and_then(|b| self.heads[b].as_ref()) {
                    None => true,
                    Some((other, other_info)) => {
                        (
                            std::cmp::Reverse(listed.when),
                            info.id.as_str(),
                            listed.game,
                        ) < (
                            std::cmp::Reverse(other.when),
                            other_info.id.as_str(),
                            other.game,
                        )
                    }
                };
                if better {
                    best = Some(at);
                }
            }
            let Some(at) = best else { return Ok(None) };
            let taken = self.heads[at].take();
            self.load(at)?;
            let Some(taken) = taken else { continue };
            // A game met twice (a player's two keys) is given once.
            if self.last == Some(taken.0.game) {
                continue;
            }
            self.last = Some(taken.0.game);
            return Ok(Some(taken));
        }
    }

    /// The next game that passes the filters.
    ///
    /// # Errors
    ///
    /// When the db fails.
    pub fn next_game(&mut self) -> Result<Option<ListedGame>, Error> {
        while let Some((listed, info)) = self.next_any()? {
            if !self.passes(&info) {
                continue;
            }
            let (uci, san) = self.name(listed.mv)?;
            return Ok(Some(ListedGame {
                id: info.id,
                white: Player {
                    name: info.white,
                    rating: info.white_elo,
                },
                black: Player {
                    name: info.black,
                    rating: info.black_elo,
                },
                result: result_text(info.outcome),
                speed: info.speed,
                month: info.month.map(|m| m.to_string()).unwrap_or_default(),
                when: info.when,
                uci,
                san,
            }));
        }
        Ok(None)
    }
}

impl Iterator for GameList<'_> {
    type Item = Result<ListedGame, Error>;

    fn next(&mut self) -> Option<Result<ListedGame, Error>> {
        self.next_game().transpose()
    }
}

impl Explorer {
    /// The position's keys: in a player's db, those of the player's
    /// colour (both without one).
    fn search_keys(&self, board: &Board, color: Option<chess960::Color>) -> Vec<PositionKey> {
        if !self.is_player_db() {
            return vec![PositionKey::of(board)];
        }
        match color {
            Some(chess960::Color::White) => vec![PositionKey::of_player(board, Color::White)],
            Some(chess960::Color::Black) => vec![PositionKey::of_player(board, Color::Black)],
            None => vec![
                PositionKey::of_player(board, Color::White),
                PositionKey::of_player(board, Color::Black),
            ],
        }
    }

    /// Every game that reached the position of `search` within the
    /// indexed plies (transpositions too, a game once), newest first,
    /// then by id, as filtered; `limit` and `offset` are not applied.
    ///
    /// # Errors
    ///
    /// A [`QueryError`] naming the parameter at fault (`color` without
    /// a player in a db of all games), or [`QueryError::Db`].
    pub fn game_list(&self, search: &GamesQuery) -> Result<GameList<'_>, QueryError> {
        let query = &search.query;
        if let (Some(since), Some(until)) = (query.since, query.until)
            && since > until
        {
            return Err(QueryError::parameter_error(
                "until",
                format!("{until} is before since {since}"),
            ));
        }
        if query.color.is_some() && search.player.is_none() && !self.is_player_db() {
            return Err(QueryError::parameter_error(
                "color",
                "a colour needs a player (or a player's db)",
            ));
        }
        let mut list = self.open_list(search)?;
        list.total = Some(if list.player.is_some() {
            let mut again = self.open_list(search)?;
            let mut count = 0;
            while again.next_game()?.is_some() {
                count += 1;
            }
            count
        } else {
            let answer = self.query(&Query {
                moves: Some(0),
                top_games: 0,
                recent_games: 0,
                ..query.clone()
            })?;
            match search.result {
                None => answer.white + answer.draws + answer.black,
                Some(Outcome::White) => answer.white,
                Some(Outcome::Draw) => answer.draws,
                Some(Outcome::Black) => answer.black,
            }
        });
        Ok(list)
    }

    /// The games of `search`'s position, each source at its first game;
    /// no total.
    fn open_list(&self, search: &GamesQuery) -> Result<GameList<'_>, QueryError> {
        let query = &search.query;
        let board = Explorer::position(query)?;
        let mut sources = Vec::new();
        for key in self.search_keys(&board, query.color) {
            for cursor in self.lists.lists_at(key.0)? {
                sources.push(Source::List(cursor));
            }
            let mut alone = Vec::new();
            for game in self.runs.games_at(key.prefix())? {
                let record = records::get(&self.games, game)?
                    .ok_or(Error::Corrupt("a run names a game the db lacks"))?;
                let (info, line) = GameInfo::decode_record(&record)?;
                if let Some(ply) = line.plies()?.iter().find(|ply| ply.key == key) {
                    alone.push((
                        std::cmp::Reverse(info.when),
                        info.id,
                        Listed {
                            when: info.when,
                            game,
                            mv: ply.mv,
                        },
                    ));
                }
            }
            alone.sort_unstable_by(|a, b| (a.0, &a.1, a.2.game).cmp(&(b.0, &b.1, b.2.game)));
            let alone: Vec<Listed> = alone.into_iter().map(|(_, _, listed)| listed).collect();
            sources.push(Source::Alone(alone.into_iter()));
        }
        let heads = vec![None; sources.len()];
        let mut list = GameList {
            explorer: self,
            board,
            sources,
            heads,
            filter: Filter::of(query),
            player: search
                .player
                .as_ref()
                .map(|name| (name.trim().to_lowercase(), query.color)),
            result: search.result,
            total: None,
            last: None,
            named: Vec::new(),
        };
        for at in 0..list.heads.len() {
            list.load(at)?;
        }
        Ok(list)
    }

    /// A page of the games that reached the position of `search`
    /// ([`Explorer::game_list`]): the total, then `limit` games from
    /// `offset`.
    ///
    /// ```
    /// use chess960_archive::Archive;
    /// use chess960_explorer::{Explorer, GamesQuery, IndexOptions, index, query::Query};
    ///
    /// let dir = std::env::temp_dir().join(format!("explorer-doc-games-{}", std::process::id()));
    /// let game = |id: &str, date: &str, moves: &str| format!(
    ///     "[Site \"https://example.org/{id}\"]\n[UTCDate \"{date}\"]\n[Result \"1-0\"]\n\n{moves} 1-0\n\n");
    /// let pgn = game("g1", "2024.01.02", "1. e4 e5 2. Nf3 Nc6") + &game("g2", "2024.03.04", "1. Nf3 e5 2. e4 Nc6");
    /// index(&Archive::new().reader("g.pgn", std::io::Cursor::new(pgn)), &dir, &IndexOptions::default())?;
    /// let explorer = Explorer::open(&dir)?;
    /// let mut search = GamesQuery::default();
    /// search.query.play = vec!["e2e4".into(), "e7e5".into(), "g1f3".into()];
    /// let page = explorer.games_at(&search)?;
    /// // Both games reached it (one by transposition) and played on, the newest first.
    /// assert_eq!(page.total, 2);
    /// assert_eq!(page.games.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(), ["g2", "g1"]);
    /// assert_eq!(explorer.game("g1")?.unwrap().moves.len(), 4);
    /// assert_eq!(page.games[0].san, "Nc6");
    /// # drop(explorer);
    /// # std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Explorer::game_list`].
    pub fn games_at(&self, search: &GamesQuery) -> Result<GamesPage, QueryError> {
        let mut list = self.game_list(search)?;
        let mut games = Vec::with_capacity(search.limit.min(1000));
        let mut passed = 0;
        while games.len() < search.limit {
            let Some(game) = list.next_game()? else { break };
            if passed < search.offset {
                passed += 1;
                continue;
            }
            games.push(game);
        }
        Ok(GamesPage {
            total: list.total(),
            games,
        })
    }

    /// The number of the game of id `id`, if the db has it.
    fn number_of(&self, id: &str) -> Result<Option<(u64, GameInfo, Line)>, Error> {
        let mut numbers = Vec::new();
        if let Some(number) = self
            .keys
            .get(hash128(format!("id\n{id}").as_bytes()))
            .map_err(store)?
        {
            numbers.push(number.value());
        }
        if let Some(high) = key_of_derived_id(id) {
            let low = u128::from(high) << 64;
            for row in self
                .keys
                .range(low..=low | u128::from(u64::MAX))
                .map_err(store)?
            {
                numbers.push(row.map_err(store)?.1.value());
            }
        }
        for number in numbers {
            let record = records::get(&self.games, number)?
                .ok_or(Error::Corrupt("a game's key names a game the db lacks"))?;
            let (info, line) = GameInfo::decode_record(&record)?;
            if info.id == id {
                return Ok(Some((number, info, line)));
            }
        }
        Ok(None)
    }

    /// The game of id `id` whole (`None`: the db has no such game): its
    /// tags, its moves from its start in UCI and SAN, and its PGN.
    ///
    /// # Errors
    ///
    /// When the db fails.
    pub fn game(&self, id: &str) -> Result<Option<GameText>, Error> {
        let Some((number, info, line)) = self.number_of(id)? else {
            return Ok(None);
        };
        let text =
            records::get(&self.texts, number)?.ok_or(Error::Corrupt("a game's text is missing"))?;
        let score = Score::decode(line.start, &text)?;
        Ok(Some(GameText {
            id: info.id,
            fen: start_fen(line.start).unwrap_or_default(),
            tags: score.pgn_tags(line.start),
            moves: score.mainline(line.start)?,
            pgn: score.pgn(line.start)?,
        }))
    }
}
