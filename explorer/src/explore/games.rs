//! Position search and game texts: every game that reached a position
//! ([`Explorer::games_at`], [`Explorer::game_list`]), newest first, then by
//! id, filtered, a page at a time; and one game by its id
//! ([`Explorer::game`]) as PGN and as its moves. A position's games are
//! its list in each list table, merged from their heads, and its games
//! filed as singles, checked by replay. A list is read a window of games
//! at a time from each source, a window's records in one pass over their
//! blocks; [`GameList::next_row`] lends each game without allocating.

use crate::error::{Error, QueryError};
use crate::explore::{Explorer, Filter};
use crate::model::board::{self, san, unpack};
use crate::model::codec::hash128;
use crate::model::game::{GameInfo, GameView, Outcome, key_of_derived_id};
use crate::model::key::PositionKey;
use crate::model::line::Line;
use crate::model::query::{Month, Player, Query, Speed};
use crate::model::score::{Score, ScoreMove, start_fen};
use crate::store::lists::{ListCursor, ListTables, Listed};
use crate::store::records;
use cozy_chess::{Board, Color};
use serde::Serialize;
use std::collections::VecDeque;

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

/// One game of a position's list as [`GameList::next_row`] gives it: its
/// texts borrowed from the list (no allocation), its month as a
/// [`Month`]; [`GameRow::to_listed`] makes a [`ListedGame`] of it.
///
/// ```
/// use chess960_explorer::GameRow;
/// use chess960_explorer::query::{Month, Speed};
///
/// let row = GameRow {
///     id: "g1",
///     white: "Alice",
///     white_rating: Some(1500),
///     black: "Bob",
///     black_rating: None,
///     result: "1-0",
///     speed: Speed::Blitz,
///     month: Some(Month { year: 2024, month: 3 }),
///     when: 20_240_317_120_000,
///     uci: "e2e4",
///     san: "e4",
/// };
/// let listed = row.to_listed();
/// assert_eq!((listed.id.as_str(), listed.month.as_str()), ("g1", "2024-03"));
/// assert_eq!(listed.white.name, "Alice");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRow<'a> {
    /// Its id ([`Explorer::game`] gives it whole).
    pub id: &'a str,
    /// White's name.
    pub white: &'a str,
    /// White's rating.
    pub white_rating: Option<u16>,
    /// Black's name.
    pub black: &'a str,
    /// Black's rating.
    pub black_rating: Option<u16>,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// Its speed.
    pub speed: Speed,
    /// Its month, when known.
    pub month: Option<Month>,
    /// When, `YYYYMMDDhhmmss` (unknown parts 0): the list's order.
    pub when: u64,
    /// The move it played from the position, in UCI.
    pub uci: &'a str,
    /// The same in SAN.
    pub san: &'a str,
}

impl GameRow<'_> {
    /// The game as [`ListedGame`] owns it (its month `YYYY-MM`, empty
    /// when unknown).
    ///
    /// ```
    /// use chess960_explorer::GameRow;
    /// use chess960_explorer::query::Speed;
    ///
    /// let row = GameRow {
    ///     id: "g2",
    ///     white: "Alice",
    ///     white_rating: None,
    ///     black: "Bob",
    ///     black_rating: Some(1700),
    ///     result: "0-1",
    ///     speed: Speed::Rapid,
    ///     month: None,
    ///     when: 0,
    ///     uci: "g1f3",
    ///     san: "Nf3",
    /// };
    /// let listed = row.to_listed();
    /// assert_eq!(listed.month, "");
    /// assert_eq!(listed.black.rating, Some(1700));
    /// assert_eq!(listed.san, "Nf3");
    /// ```
    pub fn to_listed(self) -> ListedGame {
        ListedGame {
            id: self.id.to_owned(),
            white: Player {
                name: self.white.to_owned(),
                rating: self.white_rating,
            },
            black: Player {
                name: self.black.to_owned(),
                rating: self.black_rating,
            },
            result: self.result,
            speed: self.speed,
            month: self.month.map(|m| m.to_string()).unwrap_or_default(),
            when: self.when,
            uci: self.uci.to_owned(),
            san: self.san.to_owned(),
        }
    }
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
enum Feed {
    List(ListCursor),
    Alone(std::vec::IntoIter<Listed>),
}

/// The entries the first windows of all sources hold together at most,
/// each source's share of the newest (at least one): a page (its `limit`
/// when smaller).
const FIRST_WINDOWS: usize = 64;
/// A source's window at most.
const MAX_WINDOW: usize = 16384;
/// Each plan of windows spans this many times the entries of the last, up
/// to [`LAST_SPAN`], then [`ALL_WINDOWS`]: a long list's records soon read
/// many to a block.
const GROWTH: usize = 8;
/// A plan after one of this many spans [`ALL_WINDOWS`]: a list read that
/// far is likely read to its end (each block then read by fewer windows).
const LAST_SPAN: usize = 4096;
/// The entries the windows of all sources hold together at most (each
/// at least [`FIRST_WINDOWS`]).
const ALL_WINDOWS: usize = 1 << 17;

/// What a source reads when its window runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// A window of this many, its share of a plan ([`GameList::plan`]);
    /// after a page's share (`true`), a head.
    Share(usize, bool),
    /// One game (its head: the next page may well not come).
    Head,
    /// Its share of a new plan.
    Plan,
}

/// A game of a window: its list entry and its record's fields, its
/// texts in the window's `text` (`texts`: where its id, white's and
/// black's names start, and where black's ends).
#[derive(Clone, Copy, Debug)]
struct Row {
    listed: Listed,
    when: u64,
    outcome: Outcome,
    speed: Speed,
    month: Option<Month>,
    white_elo: Option<u16>,
    black_elo: Option<u16>,
    cell: u8,
    texts: [usize; 4],
}

/// A row's place before its record is read.
const NO_ROW: Row = Row {
    listed: Listed {
        when: 0,
        game: 0,
        mv: 0,
    },
    when: 0,
    outcome: Outcome::Draw,
    speed: Speed::Classical,
    month: None,
    white_elo: None,
    black_elo: None,
    cell: 0,
    texts: [0; 4],
};

/// One source of a position's games, read a window at a time: its next
/// entries with their records (`rows`, in the list's order; the records
/// read in game-number order, in one pass), the games from `at` on still
/// to come.
struct Source {
    feed: Feed,
    /// Entries taken from the feed ahead of the window ([`GameList::skip_games`]
    /// looks at them without their records).
    ahead: VecDeque<Listed>,
    rows: Vec<Row>,
    text: String,
    at: usize,
    /// What the next window holds.
    next: Next,
    /// A window holds this many at most.
    max: usize,
}

impl Source {
    fn new(feed: Feed) -> Source {
        Source {
            feed,
            ahead: VecDeque::new(),
            rows: Vec::new(),
            text: String::new(),
            at: 0,
            next: Next::Plan,
            max: MAX_WINDOW,
        }
    }

    /// The feed's next entry.
    fn feed_next(&mut self, lists: &ListTables) -> Result<Option<Listed>, Error> {
        match &mut self.feed {
            Feed::List(cursor) => lists.next(cursor),
            Feed::Alone(games) => Ok(games.next()),
        }
    }

    /// The entry `ahead` places past the entry at hand, if any.
    fn look(&mut self, ahead: usize, lists: &ListTables) -> Result<Option<Listed>, Error> {
        let left = self.rows.len().saturating_sub(self.at);
        if let Some(row) = self.rows.get(self.at + ahead) {
            return Ok(Some(row.listed));
        }
        while self.ahead.len() <= ahead - left {
            let Some(listed) = self.feed_next(lists)? else {
                return Ok(None);
            };
            self.ahead.push_back(listed);
        }
        Ok(self.ahead.get(ahead - left).copied())
    }

    /// The entries left: its rows at hand, those taken ahead and its
    /// feed's.
    fn left(&self) -> usize {
        let feed = match &self.feed {
            Feed::List(cursor) => usize::try_from(cursor.left()).unwrap_or(usize::MAX),
            Feed::Alone(games) => games.len(),
        };
        (self.rows.len().saturating_sub(self.at))
            .saturating_add(self.ahead.len())
            .saturating_add(feed)
    }

    /// The entry at hand (its record read or not).
    fn peek(&mut self, lists: &ListTables) -> Result<Option<Listed>, Error> {
        if let Some(row) = self.rows.get(self.at) {
            return Ok(Some(row.listed));
        }
        if self.ahead.is_empty()
            && let Some(listed) = self.feed_next(lists)?
        {
            self.ahead.push_back(listed);
        }
        Ok(self.ahead.front().copied())
    }

    /// Passes over the entry at hand.
    fn pass(&mut self) {
        if self.at < self.rows.len() {
            self.at += 1;
        } else {
            self.ahead.pop_front();
        }
    }

    /// The row at hand, if read.
    fn row(&self) -> Option<&Row> {
        self.rows.get(self.at)
    }

    /// Text `at` (0 id, 1 white, 2 black) of `row`.
    fn text(&self, row: &Row, at: usize) -> &str {
        self.text
            .get(row.texts[at]..row.texts[at + 1])
            .unwrap_or_default()
    }

    /// Whether a row is at hand, reading the next window if need be: its
    /// entries (`wanted` at most: the games still to give, and a head),
    /// then their records in game-number order, one pass over their
    /// blocks; their texts then put in the list's order (read in it).
    fn ready(
        &mut self,
        explorer: &Explorer,
        scratch: &mut Scratch,
        wanted: usize,
    ) -> Result<bool, Error> {
        if self.at < self.rows.len() {
            return Ok(true);
        }
        self.rows.clear();
        self.text.clear();
        self.at = 0;
        let by_number = &mut scratch.by_number;
        by_number.clear();
        let (size, next) = match self.next {
            Next::Share(size, true) => (size, Next::Head),
            Next::Share(size, false) => (size, Next::Plan),
            Next::Head | Next::Plan => (1, Next::Plan),
        };
        while by_number.len() < size.min(wanted) {
            let next = match self.ahead.pop_front() {
                Some(listed) => Some(listed),
                None => self.feed_next(&explorer.lists)?,
            };
            let Some(listed) = next else { break };
            by_number.push((listed, by_number.len()));
        }
        if by_number.is_empty() {
            return Ok(false);
        }
        self.next = next;
        by_number.sort_unstable_by_key(|(listed, _)| listed.game);
        scratch.numbers.clear();
        scratch
            .numbers
            .extend(by_number.iter().map(|(listed, _)| listed.game));
        self.rows.resize(by_number.len(), NO_ROW);
        let (text, rows) = (&mut scratch.text, &mut self.rows);
        text.clear();
        let read = records::get_sorted(&explorer.games, &scratch.numbers, |at, record| {
            let record =
                record.ok_or_else(|| Error::Corrupt("a list names a game the db lacks"))?;
            let game = GameView::read(&mut &*record)?;
            let start = text.len();
            text.push_str(game.id);
            let white = text.len();
            text.push_str(game.white);
            let black = text.len();
            text.push_str(game.black);
            let (listed, place) = by_number[at];
            rows[place] = Row {
                listed,
                when: game.when,
                outcome: game.outcome,
                speed: game.speed,
                month: game.month,
                white_elo: game.white_elo,
                black_elo: game.black_elo,
                cell: game.cell(),
                texts: [start, white, black, text.len()],
            };
            Ok(())
        });
        if read.is_err() {
            self.rows.clear();
        }
        read?;
        for row in &mut self.rows {
            let start = self.text.len();
            self.text
                .push_str(text.get(row.texts[0]..row.texts[3]).unwrap_or_default());
            let first = row.texts[0];
            for at in &mut row.texts {
                *at = *at - first + start;
            }
        }
        Ok(true)
    }
}

/// What reading a window needs but keeps not: its entries by game number
/// (each with its place), the numbers, and their texts in that order.
#[derive(Default)]
struct Scratch {
    by_number: Vec<(Listed, usize)>,
    numbers: Vec<u64>,
    text: String,
}

/// The games of a position, one by one, in order, as filtered; its total
/// first ([`GameList::total`]). Each source's games are read a window at
/// a time (the first its share of a page, the next ones growing to
/// thousands), a window's records in one pass over the blocks they lie in.
///
/// ```
/// use chess960_archive::Archive;
/// use chess960_explorer::{Explorer, GamesQuery, IndexOptions, index};
///
/// let dir = std::env::temp_dir().join(format!("explorer-doc-list-{}", std::process::id()));
/// let game = |id: &str, date: &str| format!(
///     "[Site \"https://example.org/{id}\"]\n[UTCDate \"{date}\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n\n");
/// let pgn = game("g1", "2024.01.02") + &game("g2", "2024.03.04");
/// index(&Archive::new().reader("g.pgn", std::io::Cursor::new(pgn)), &dir, &IndexOptions::default())?;
/// let explorer = Explorer::open(&dir)?;
/// let list = explorer.game_list(&GamesQuery::default())?;
/// assert_eq!(list.total(), 2);
/// let ids: Vec<String> = list.map(|game| game.map(|game| game.id)).collect::<Result<_, _>>()?;
/// assert_eq!(ids, ["g2", "g1"]);
/// # drop(explorer);
/// # std::fs::remove_dir_all(&dir).ok();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct GameList<'e> {
    explorer: &'e Explorer,
    board: Board,
    sources: Vec<Source>,
    /// The sources with a game at hand, each with its game's time, a heap
    /// by their games' order (the next game's source first).
    heap: Vec<(u64, usize)>,
    /// The heap is to be made anew (games were passed over).
    stale: bool,
    /// The game last given is the heap's first: passed over before the
    /// next.
    given: bool,
    filter: Filter,
    player: Option<(String, Option<chess960::Color>)>,
    result: Option<Outcome>,
    total: Option<u64>,
    last: Option<u64>,
    /// The moves met so far in UCI and SAN (the position is one).
    named: Vec<(u16, String, String)>,
    /// The entries the first windows hold together.
    page: usize,
    /// The games still to give at most ([`GameList::expect_games`]): no
    /// window holds more.
    wanted: usize,
    /// The entries the next plan spans.
    span: usize,
    scratch: Scratch,
}

impl std::fmt::Debug for GameList<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameList")
            .field("total", &self.total)
            .finish_non_exhaustive()
    }
}

/// Whether `name` (a player's) is `lower` (lower case) without case.
fn same_name(name: &str, lower: &str) -> bool {
    if name.is_ascii() {
        name.eq_ignore_ascii_case(lower)
    } else {
        name.to_lowercase() == lower
    }
}

impl GameList<'_> {
    /// The games that pass the filters (with a player, counted by a pass
    /// over every game of the position; else from its entries).
    pub fn total(&self) -> u64 {
        self.total.unwrap_or(0)
    }

    /// Whether the game of heap entry `a` (a time and a source) comes
    /// before `b`'s: newer first, then by id, then by number (then by
    /// source: a game met twice).
    fn before(&self, (when_a, a): (u64, usize), (when_b, b): (u64, usize)) -> bool {
        if when_a != when_b {
            return when_a > when_b;
        }
        let (Some(source_a), Some(source_b)) = (self.sources.get(a), self.sources.get(b)) else {
            return false;
        };
        let (Some(row_a), Some(row_b)) = (source_a.row(), source_b.row()) else {
            return source_a.row().is_some();
        };
        source_a
            .text(row_a, 0)
            .cmp(source_b.text(row_b, 0))
            .then(row_a.listed.game.cmp(&row_b.listed.game))
            .then(a.cmp(&b))
            .is_lt()
    }

    /// Restores the heap below place `at`.
    fn sift_down(&mut self, mut at: usize) {
        loop {
            let mut child = 2 * at + 1;
            if child >= self.heap.len() {
                return;
            }
            if child + 1 < self.heap.len() && self.before(self.heap[child + 1], self.heap[child]) {
                child += 1;
            }
            if !self.before(self.heap[child], self.heap[at]) {
                return;
            }
            self.heap.swap(child, at);
            at = child;
        }
    }

    /// Source `at`'s row at hand, reading its next window if need be (a
    /// new plan first when it is due).
    fn ready(&mut self, at: usize) -> Result<bool, Error> {
        if self
            .sources
            .get(at)
            .is_some_and(|source| source.at >= source.rows.len() && source.next == Next::Plan)
        {
            self.plan(self.span.min(self.wanted.saturating_add(1)), false)?;
            self.span = if self.span >= LAST_SPAN {
                ALL_WINDOWS
            } else {
                self.span * GROWTH
            };
        }
        match self.sources.get_mut(at) {
            None => Ok(false),
            Some(source) => source.ready(
                self.explorer,
                &mut self.scratch,
                self.wanted.saturating_add(1),
            ),
        }
    }

    /// Sizes each source's next window to its share of the next `span`
    /// entries of all sources, newest first (seen without their records):
    /// those past its rows at hand (at least one). A page's plan (`page`)
    /// is followed by heads.
    fn plan(&mut self, span: usize, page: bool) -> Result<(), Error> {
        let lists = &self.explorer.lists;
        // Spanning every entry left: each its own.
        let left: Vec<usize> = self.sources.iter().map(Source::left).collect();
        if left
            .iter()
            .fold(0usize, |all, &left| all.saturating_add(left))
            <= span
        {
            for (source, left) in self.sources.iter_mut().zip(left) {
                let rows = source.rows.len().saturating_sub(source.at);
                source.next = Next::Share(left.saturating_sub(rows).clamp(1, source.max), page);
            }
            return Ok(());
        }
        let mut shares = vec![0; self.sources.len()];
        // Each source's next entry, the newest first (then the first
        // source).
        let mut next = std::collections::BinaryHeap::new();
        for (at, source) in self.sources.iter_mut().enumerate() {
            if let Some(listed) = source.look(0, lists)? {
                next.push((listed.when, std::cmp::Reverse(at)));
            }
        }
        for _ in 0..span {
            let Some((_, std::cmp::Reverse(at))) = next.pop() else {
                break;
            };
            shares[at] += 1;
            if let Some(listed) = self.sources[at].look(shares[at], lists)? {
                next.push((listed.when, std::cmp::Reverse(at)));
            }
        }
        for (source, share) in self.sources.iter_mut().zip(shares) {
            let left = source.rows.len().saturating_sub(source.at);
            source.next = Next::Share(share.saturating_sub(left).clamp(1, source.max), page);
        }
        Ok(())
    }

    /// Makes the heap anew: every source at its next game.
    fn rebuild(&mut self) -> Result<(), Error> {
        self.heap.clear();
        self.given = false;
        for at in 0..self.sources.len() {
            if self.ready(at)?
                && let Some(row) = self.sources[at].row()
            {
                self.heap.push((row.listed.when, at));
            }
        }
        for at in (0..self.heap.len() / 2).rev() {
            self.sift_down(at);
        }
        self.stale = false;
        Ok(())
    }

    /// Moves the first source of the heap on to its next game.
    fn advance(&mut self) -> Result<(), Error> {
        let Some(&(_, first)) = self.heap.first() else {
            return Ok(());
        };
        if let Some(source) = self.sources.get_mut(first) {
            source.at += 1;
        }
        let ready = self.ready(first);
        match self.sources[first].row() {
            Some(row) if matches!(ready, Ok(true)) => self.heap[0].0 = row.listed.when,
            _ => {
                self.heap.swap_remove(0);
            }
        }
        self.sift_down(0);
        ready.map(|_| ())
    }

    /// Whether a game passes the filters.
    fn passes(&self, source: &Source, row: &Row) -> bool {
        if !self
            .filter
            .passes(row.cell, row.month.map_or(0, Month::number))
            || self.result.is_some_and(|r| r != row.outcome)
        {
            return false;
        }
        match &self.player {
            None => true,
            Some((name, color)) => {
                let white = same_name(source.text(row, 1), name);
                let black = same_name(source.text(row, 2), name);
                match color {
                    None => white || black,
                    Some(chess960::Color::White) => white,
                    Some(chess960::Color::Black) => black,
                }
            }
        }
    }

    /// Move `mv` of the position in UCI and SAN: its place in `named`.
    fn name(&mut self, mv: u16) -> Result<usize, Error> {
        if let Some(at) = self.named.iter().position(|named| named.0 == mv) {
            return Ok(at);
        }
        let legal = unpack(mv)
            .filter(|&legal| self.board.is_legal(legal))
            .ok_or_else(|| Error::Corrupt("a list's move is not legal"))?;
        self.named
            .push((mv, board::uci(legal), san(&self.board, legal)));
        Ok(self.named.len() - 1)
    }

    /// The next game that passes the filters, borrowed from the list (as
    /// [`GameList::next_game`] gives it, without its allocations: what a
    /// listing of millions wants).
    ///
    /// ```
    /// use chess960_archive::Archive;
    /// use chess960_explorer::{Explorer, GamesQuery, IndexOptions, index};
    ///
    /// let dir = std::env::temp_dir().join(format!("explorer-doc-rows-{}", std::process::id()));
    /// let game = |id: &str, date: &str, moves: &str| format!(
    ///     "[Site \"https://example.org/{id}\"]\n[UTCDate \"{date}\"]\n[Result \"1-0\"]\n\n{moves} 1-0\n\n");
    /// let pgn = game("g1", "2024.01.02", "1. e4 e5") + &game("g2", "2024.03.04", "1. d4 d5");
    /// index(&Archive::new().reader("g.pgn", std::io::Cursor::new(pgn)), &dir, &IndexOptions::default())?;
    /// let explorer = Explorer::open(&dir)?;
    /// let mut list = explorer.game_list(&GamesQuery::default())?;
    /// let mut rows = Vec::new();
    /// while let Some(row) = list.next_row()? {
    ///     rows.push(format!("{} {} {}", row.id, row.san, row.month.unwrap()));
    /// }
    /// assert_eq!(rows, ["g2 d4 2024-03", "g1 e4 2024-01"]);
    /// # drop(explorer);
    /// # std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the db fails.
    pub fn next_row(&mut self) -> Result<Option<GameRow<'_>>, Error> {
        if self.stale {
            self.rebuild()?;
        } else if self.given {
            self.given = false;
            self.advance()?;
        }
        loop {
            let Some(&(_, at)) = self.heap.first() else {
                return Ok(None);
            };
            let Some(&row) = self.sources.get(at).and_then(Source::row) else {
                return Ok(None);
            };
            // A game met twice (a player's two keys) is given once.
            if self.last == Some(row.listed.game) {
                self.advance()?;
                continue;
            }
            self.last = Some(row.listed.game);
            if !self.passes(&self.sources[at], &row) {
                self.advance()?;
                continue;
            }
            self.given = true;
            self.wanted = self.wanted.saturating_sub(1);
            let named = self.name(row.listed.mv)?;
            let source = &self.sources[at];
            let (_, uci, san) = &self.named[named];
            return Ok(Some(GameRow {
                id: source.text(&row, 0),
                white: source.text(&row, 1),
                white_rating: row.white_elo,
                black: source.text(&row, 2),
                black_rating: row.black_elo,
                result: result_text(row.outcome),
                speed: row.speed,
                month: row.month,
                when: row.when,
                uci,
                san,
            }));
        }
    }

    /// The next game that passes the filters.
    ///
    /// # Errors
    ///
    /// When the db fails.
    pub fn next_game(&mut self) -> Result<Option<ListedGame>, Error> {
        Ok(self.next_row()?.map(GameRow::to_listed))
    }

    /// Sizes the windows of the games to come for `count` games at most
    /// (a page: a caller that stops there reads few records past it);
    /// games past them are still given, read in smaller windows.
    ///
    /// ```
    /// use chess960_archive::Archive;
    /// use chess960_explorer::{Explorer, GamesQuery, IndexOptions, index};
    ///
    /// let dir = std::env::temp_dir().join(format!("explorer-doc-expect-{}", std::process::id()));
    /// let game = |id: &str, date: &str| format!(
    ///     "[Site \"https://example.org/{id}\"]\n[UTCDate \"{date}\"]\n[Result \"1-0\"]\n\n1. d4 d5 1-0\n\n");
    /// let pgn = game("g1", "2024.01.02") + &game("g2", "2024.03.04");
    /// index(&Archive::new().reader("g.pgn", std::io::Cursor::new(pgn)), &dir, &IndexOptions::default())?;
    /// let explorer = Explorer::open(&dir)?;
    /// let mut list = explorer.game_list(&GamesQuery::default())?;
    /// list.expect_games(1);
    /// assert_eq!(list.next_row()?.unwrap().id, "g2");
    /// // One more all the same.
    /// assert_eq!(list.next_row()?.unwrap().id, "g1");
    /// assert!(list.next_row()?.is_none());
    /// # drop(explorer);
    /// # std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expect_games(&mut self, count: usize) {
        self.wanted = count;
    }

    /// Passes over up to `count` games that pass the filters, as as many
    /// calls of [`GameList::next_row`] would (without a filter, most
    /// without reading their records: only games of the same time in two
    /// sources need their ids); gives how many it passed over.
    ///
    /// ```
    /// use chess960_archive::Archive;
    /// use chess960_explorer::{Explorer, GamesQuery, IndexOptions, index};
    ///
    /// let dir = std::env::temp_dir().join(format!("explorer-doc-skip-{}", std::process::id()));
    /// let game = |id: &str, date: &str| format!(
    ///     "[Site \"https://example.org/{id}\"]\n[UTCDate \"{date}\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n");
    /// let pgn = game("g1", "2024.01.02") + &game("g2", "2024.03.04") + &game("g3", "2024.02.01");
    /// index(&Archive::new().reader("g.pgn", std::io::Cursor::new(pgn)), &dir, &IndexOptions::default())?;
    /// let explorer = Explorer::open(&dir)?;
    /// let mut list = explorer.game_list(&GamesQuery::default())?;
    /// assert_eq!(list.skip_games(1)?, 1);
    /// assert_eq!(list.next_row()?.unwrap().id, "g3");
    /// assert_eq!(list.skip_games(5)?, 1);
    /// assert!(list.next_row()?.is_none());
    /// # drop(explorer);
    /// # std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the db fails.
    pub fn skip_games(&mut self, count: usize) -> Result<usize, Error> {
        let mut passed = 0;
        if count == 0 {
            return Ok(0);
        }
        if self.player.is_some() || self.result.is_some() || !self.filter.passes_all() {
            // Games passed over are not the games wanted.
            let wanted = std::mem::replace(&mut self.wanted, usize::MAX);
            while passed < count && self.next_row()?.is_some() {
                passed += 1;
            }
            self.wanted = wanted;
            return Ok(passed);
        }
        if self.given && !self.stale {
            if let Some(source) = self
                .heap
                .first()
                .and_then(|&(_, at)| self.sources.get_mut(at))
            {
                source.pass();
            }
            self.given = false;
        }
        self.stale = true;
        let lists = &self.explorer.lists;
        while passed < count {
            // The newest entry at hand; of the same time, the first by id.
            let mut best: Option<(usize, Listed)> = None;
            let mut tied = false;
            for (at, source) in self.sources.iter_mut().enumerate() {
                let Some(listed) = source.peek(lists)? else {
                    continue;
                };
                match best {
                    Some((_, newest)) if listed.when < newest.when => {}
                    Some((_, newest)) if listed.when == newest.when => tied = true,
                    _ => (best, tied) = (Some((at, listed)), false),
                }
            }
            let Some((mut at, mut listed)) = best else {
                break;
            };
            if tied {
                (at, listed) = self.first_of(listed.when)?;
            }
            self.sources[at].pass();
            if self.last == Some(listed.game) {
                continue;
            }
            self.last = Some(listed.game);
            passed += 1;
        }
        // The next page's windows.
        self.plan(self.page, true)?;
        Ok(passed)
    }

    /// Of the sources whose entry at hand is of time `when`, the first by
    /// id, then by number, then by source; with its entry.
    fn first_of(&mut self, when: u64) -> Result<(usize, Listed), Error> {
        let mut first: Option<(String, u64, usize, Listed)> = None;
        for at in 0..self.sources.len() {
            let source = &mut self.sources[at];
            let Some(listed) = source.peek(&self.explorer.lists)? else {
                continue;
            };
            if listed.when != when {
                continue;
            }
            let id = if let Some(row) = source.row() {
                source.text(row, 0).to_owned()
            } else {
                let record = records::get(&self.explorer.games, listed.game)?
                    .ok_or_else(|| Error::Corrupt("a list names a game the db lacks"))?;
                GameView::read(&mut record.as_slice())?.id.to_owned()
            };
            let key = (id, listed.game, at, listed);
            if first
                .as_ref()
                .is_none_or(|best| (&key.0, key.1, key.2) < (&best.0, best.1, best.2))
            {
                first = Some(key);
            }
        }
        first
            .map(|(_, _, at, listed)| (at, listed))
            .ok_or_else(|| Error::Corrupt("a list's entry is gone"))
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
        let mut list = self.open_list(search, MAX_WINDOW)?;
        list.total = Some(if list.player.is_some() {
            let mut again = self.open_list(search, MAX_WINDOW)?;
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
    /// Each source's window holds `most` games at most (1: one at a time,
    /// as the tests compare).
    fn open_list(&self, search: &GamesQuery, most: usize) -> Result<GameList<'_>, QueryError> {
        let query = &search.query;
        let board = Explorer::position(query)?;
        let mut sources = Vec::new();
        for key in self.search_keys(&board, query.color) {
            for cursor in self.lists.lists_at(key.0)? {
                sources.push(Source::new(Feed::List(cursor)));
            }
            let mut alone = Vec::new();
            let games = self.runs.games_at(key.prefix())?;
            records::get_sorted(&self.games, &games, |at, record| {
                let record =
                    record.ok_or_else(|| Error::Corrupt("a run names a game the db lacks"))?;
                let info = GameInfo::decode(record)?;
                let line = records::line(&self.lines, games[at])?;
                if let Some(ply) = line.plies()?.iter().find(|ply| ply.key == key) {
                    alone.push((
                        std::cmp::Reverse(info.when),
                        info.id,
                        Listed {
                            when: info.when,
                            game: games[at],
                            mv: ply.mv,
                        },
                    ));
                }
                Ok(())
            })?;
            alone.sort_unstable_by(|a, b| (a.0, &a.1, a.2.game).cmp(&(b.0, &b.1, b.2.game)));
            let alone: Vec<Listed> = alone.into_iter().map(|(_, _, listed)| listed).collect();
            sources.push(Source::new(Feed::Alone(alone.into_iter())));
        }
        // All windows together at most ALL_WINDOWS (the first about a
        // page: GameList::plan).
        let max = (ALL_WINDOWS / sources.len().max(1))
            .clamp(FIRST_WINDOWS, MAX_WINDOW)
            .min(most.max(1));
        for source in &mut sources {
            source.max = max;
        }
        let mut list = GameList {
            explorer: self,
            board,
            sources,
            heap: Vec::new(),
            stale: true,
            given: false,
            filter: Filter::of(query),
            player: search
                .player
                .as_ref()
                .map(|name| (name.trim().to_lowercase(), query.color)),
            result: search.result,
            total: None,
            last: None,
            named: Vec::new(),
            page: search.limit.clamp(1, FIRST_WINDOWS),
            wanted: usize::MAX,
            span: FIRST_WINDOWS * GROWTH,
            scratch: Scratch::default(),
        };
        list.plan(list.page, true)?;
        list.rebuild()?;
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
        if search.limit > 0 {
            list.skip_games(search.offset)?;
        }
        list.expect_games(search.limit);
        while games.len() < search.limit {
            let Some(game) = list.next_game()? else { break };
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
        if let Some(number) = self.keys.find(hash128(format!("id\n{id}").as_bytes()))? {
            numbers.push(number);
        }
        if let Some(high) = key_of_derived_id(id) {
            let low = u128::from(high) << 64;
            numbers.extend(self.keys.numbers_in(low, low | u128::from(u64::MAX))?);
        }
        for number in numbers {
            let record = records::get(&self.games, number)?
                .ok_or_else(|| Error::Corrupt("a game's key names a game the db lacks"))?;
            let info = GameInfo::decode(&record)?;
            if info.id == id {
                return Ok(Some((number, info, records::line(&self.lines, number)?)));
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
        let text = records::get(&self.texts, number)?
            .ok_or_else(|| Error::Corrupt("a game's text is missing"))?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::{IndexOptions, index};
    use crate::store::lists::PART;
    use chess960_archive::Archive;
    use std::fmt::Write as _;

    /// `count` games from the standard start: their ids out of their
    /// order, five days and two times (many games of the same time, in
    /// every batch), six first moves, three results.
    fn pgn(count: usize) -> String {
        let openings = [
            "1. e4 e5",
            "1. d4 d5",
            "1. Nf3 Nf6",
            "1. c4 c5",
            "1. e4 c5",
            "1. g3 g6",
        ];
        let results = ["1-0", "0-1", "1/2-1/2"];
        let mut pgn = String::new();
        for n in 0..count {
            let result = results[n % 3];
            let time = if n % 4 == 0 {
                "[UTCTime \"12:00:01\"]\n"
            } else {
                ""
            };
            let _ = write!(
                pgn,
                "[Site \"https://example.org/g{:05}\"]\n[White \"w{}\"]\n[Black \"b{}\"]\n\
                 [Result \"{result}\"]\n[UTCDate \"2024.01.{:02}\"]\n{time}\n{} {result}\n\n",
                n * 7919 % 100_000,
                n % 7,
                n % 11,
                1 + n % 5,
                openings[n % 6],
            );
        }
        pgn
    }

    /// Every game of `list`, as `next_game` gives them.
    fn all(mut list: GameList<'_>) -> Vec<ListedGame> {
        let mut games = Vec::new();
        while let Some(game) = list.next_game().unwrap() {
            games.push(game);
        }
        games
    }

    #[test]
    fn windows_list_as_one_game_at_a_time_does() {
        let dir = std::env::temp_dir().join(format!("explorer-windows-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let count = 2200;
        let options = IndexOptions {
            batch_games: 700,
            ..IndexOptions::default()
        };
        index(
            &Archive::new().reader("g.pgn", std::io::Cursor::new(pgn(count))),
            &dir,
            &options,
        )
        .unwrap();
        let explorer = Explorer::open(&dir).unwrap();
        let all_games = GamesQuery {
            limit: usize::MAX,
            ..GamesQuery::default()
        };
        let windows = explorer.open_list(&all_games, MAX_WINDOW).unwrap();
        // Several lists, of several parts each.
        assert!(windows.sources.len() >= 4, "{}", windows.sources.len());
        let listed = all(windows);
        let one_by_one = all(explorer.open_list(&all_games, 1).unwrap());
        assert_eq!(listed.len(), count);
        assert!(count / 4 > PART);
        assert_eq!(listed, one_by_one);
        // Windows sized for a few games give the rest all the same.
        let mut few = explorer.open_list(&all_games, MAX_WINDOW).unwrap();
        few.expect_games(3);
        assert_eq!(all(few), listed);
        // Newest first, then by id.
        let mut sorted = listed.clone();
        sorted.sort_by(|a, b| b.when.cmp(&a.when).then_with(|| a.id.cmp(&b.id)));
        assert_eq!(listed, sorted);
        // From an offset (passed over without records but for games of
        // the same time), and filtered (passed over game by game).
        let draws = GamesQuery {
            result: Some(Outcome::Draw),
            ..all_games.clone()
        };
        let listed_draws = all(explorer.open_list(&draws, 1).unwrap());
        assert_eq!(listed_draws.len(), count / 3);
        for offset in [
            0,
            1,
            49,
            50,
            63,
            64,
            65,
            511,
            512,
            513,
            700,
            1401,
            count - 1,
            count,
            count + 9,
        ] {
            for (search, listed) in [(&all_games, &listed), (&draws, &listed_draws)] {
                let mut list = explorer.open_list(search, MAX_WINDOW).unwrap();
                let passed = list.skip_games(offset).unwrap();
                assert_eq!(passed, offset.min(listed.len()), "{offset}");
                // A page, more games passed over, then the rest.
                let mut rest = Vec::new();
                for _ in 0..50 {
                    rest.extend(list.next_game().unwrap());
                }
                let passed = list.skip_games(17).unwrap();
                let after = all(list);
                let from = offset.min(listed.len());
                let page_end = (from + 50).min(listed.len());
                assert_eq!(rest, listed[from..page_end], "{offset}");
                assert_eq!(passed, 17.min(listed.len() - page_end), "{offset}");
                assert_eq!(after, listed[page_end + passed..], "{offset}");
            }
        }
        // As games_at pages them.
        let page = explorer
            .games_at(&GamesQuery {
                limit: 50,
                offset: 600,
                ..GamesQuery::default()
            })
            .unwrap();
        assert_eq!(page.total, count as u64);
        assert_eq!(page.games, listed[600..650]);
        drop(explorer);
        std::fs::remove_dir_all(&dir).ok();
    }
}
