//! Asking a db: [`Explorer`] opens it read-only, finds the position of a
//! [`Query`] (a start or a FEN, then moves played), adds up, run by run,
//! its entries' groups that pass the filters, and takes its top and
//! recent games from the heads of the runs' lists.

mod evals;
pub mod games;
pub mod games_params;
pub mod params;

use crate::error::{Error, QueryError, store};
use crate::model::board::{self, board_from_fen, parse_uci, san};
use crate::model::entry::{Entry, KEPT_GAMES, MoveEntry, Played};
use crate::model::game::GameInfo;
use crate::model::key::PositionKey;
use crate::model::query::{Answer, GameRef, HistoryRow, Month, MoveRow, Query, RatingGroup, Speed};
use crate::store::records;
use crate::store::runs;
use crate::store::{self, GAMES, Settings};
use cozy_chess::{Board, Color};
use redb::{ReadOnlyDatabase, ReadableDatabase};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// A db opened for questions: read-only, shared by threads
/// (`Send + Sync`). No writer can open the db while it is open, so one
/// view of it, its tables opened once, answers every [`Explorer::query`].
///
/// ```no_run
/// use chess960_explorer::{Explorer, query::Query};
///
/// let explorer = Explorer::open("db")?;
/// let answer = explorer.query(&Query { start: Some(518), play: vec!["e2e4".into()], ..Query::default() })?;
/// println!("{} games", answer.white + answer.draws + answer.black);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Explorer {
    /// The tables of `txn`: dropped before it.
    games: redb::ReadOnlyTable<u64, &'static [u8]>,
    /// The games' lines, texts, keys and the lists of positions' games.
    lines: redb::ReadOnlyTable<u64, &'static [u8]>,
    texts: redb::ReadOnlyTable<u64, &'static [u8]>,
    keys: crate::store::keys::KeyRuns,
    lists: crate::store::lists::ListTables,
    runs: runs::RunTables,
    /// The evaluations (`None`: the db has none).
    evals: Option<crate::store::evals::EvalTable>,
    txn: redb::ReadTransaction,
    /// Dropped after the tables and the transaction: holds the file open,
    /// and locked against writers.
    _db: ReadOnlyDatabase,
    settings: Settings,
    path: PathBuf,
}

impl std::fmt::Debug for Explorer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Explorer")
            .field("path", &self.path)
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

impl Explorer {
    /// Opens the db in folder `path` read-only.
    ///
    /// # Errors
    ///
    /// [`Error::Missing`] without a db there, [`Error::Busy`] while a
    /// writer has it, [`Error::Version`] for a db of another format.
    pub fn open(path: impl AsRef<Path>) -> Result<Explorer, Error> {
        let path = path.as_ref();
        let (db, settings) = store::open_read(path)?;
        let txn = db.begin_read().map_err(store)?;
        Ok(Explorer {
            games: txn.open_table(GAMES).map_err(store)?,
            lines: txn.open_table(crate::store::GAME_LINES).map_err(store)?,
            texts: txn
                .open_table(crate::store::texts::GAME_TEXTS)
                .map_err(store)?,
            keys: crate::store::keys::KeyRuns::open(&txn)?,
            lists: crate::store::lists::ListTables::open(&txn)?,
            runs: runs::RunTables::open(&txn)?,
            evals: crate::store::evals::open(&txn)?,
            txn,
            _db: db,
            settings,
            path: path.to_owned(),
        })
    }

    /// Whether the db holds one player's games (`--player`).
    pub fn is_player_db(&self) -> bool {
        !self.settings.players.is_empty()
    }

    /// The same as [`Explorer::is_player_db`].
    pub fn is_player(&self) -> bool {
        self.is_player_db()
    }

    /// The player names of a player's db (lowercased), else empty.
    pub fn players(&self) -> &[String] {
        &self.settings.players
    }

    /// Plies indexed from each game.
    pub fn plies(&self) -> u32 {
        self.settings.plies
    }

    /// Games in the db.
    ///
    /// # Errors
    ///
    /// When the store fails.
    pub fn games(&self) -> Result<u64, Error> {
        Ok(records::count(&self.games)?.0)
    }

    /// What the db holds: positions, the bytes of their entries (and of
    /// the runs that file single-game positions), games and the bytes of
    /// their records (keys aside).
    ///
    /// # Errors
    ///
    /// When the store fails.
    pub fn sizes(&self) -> Result<Sizes, Error> {
        let txn = &self.txn;
        let mut sizes = Sizes::default();
        runs::each_entry(txn, |bytes| {
            sizes.positions += 1;
            sizes.entry_bytes += bytes.len() as u64;
            let entry = Entry::decode(bytes)?;
            if entry.moves.len() == 1 && entry.moves[0].games() == 1 {
                sizes.single_game_positions += 1;
            }
            Ok(())
        })?;
        let (bytes, singles) = runs::sizes(txn)?;
        sizes.positions += singles;
        sizes.single_game_positions += singles;
        sizes.entry_bytes += bytes;
        (sizes.games, sizes.game_bytes) = records::count(&self.games)?;
        Ok(sizes)
    }

    /// The position a query names: its board (after the moves played).
    ///
    /// # Errors
    ///
    /// A [`QueryError`] naming `start`, `fen` or `play`.
    pub fn position(query: &Query) -> Result<Board, QueryError> {
        let mut board = match (query.start, &query.fen) {
            (Some(_), Some(_)) => {
                return Err(QueryError::parameter_error(
                    "fen",
                    "give a start or a FEN, not both",
                ));
            }
            (Some(start), None) => {
                if start > 959 {
                    return Err(QueryError::parameter_error(
                        "start",
                        format!("{start} is not a start (0..=959)"),
                    ));
                }
                Board::chess960_startpos(u32::from(start))
            }
            (None, Some(fen)) => board_from_fen(fen).ok_or_else(|| {
                QueryError::parameter_error("fen", format!("{fen:?} is not a legal position"))
            })?,
            (None, None) => Board::default(),
        };
        for (ply, text) in query.play.iter().enumerate() {
            let mv = parse_uci(&board, text).ok_or_else(|| {
                QueryError::parameter_error(
                    "play",
                    format!("ply {}: {text} is not a legal move", ply + 1),
                )
            })?;
            board.play_unchecked(mv);
        }
        Ok(board)
    }

    /// Answers a question: totals, the moves most played first (ties by
    /// UCI), the top-rated and recent games, of the games that pass the
    /// filters.
    ///
    /// # Errors
    ///
    /// A [`QueryError`] naming the parameter that is wrong, or
    /// [`QueryError::Db`] when the db fails.
    pub fn query(&self, query: &Query) -> Result<Answer, QueryError> {
        if let (Some(since), Some(until)) = (query.since, query.until)
            && since > until
        {
            return Err(QueryError::parameter_error(
                "until",
                format!("{until} is before since {since}"),
            ));
        }
        let board = Explorer::position(query)?;
        let games = &self.games;
        let keys: Vec<PositionKey> = if self.is_player_db() {
            match query.color {
                Some(chess960::Color::White) => vec![PositionKey::of_player(&board, Color::White)],
                Some(chess960::Color::Black) => vec![PositionKey::of_player(&board, Color::Black)],
                None => vec![
                    PositionKey::of_player(&board, Color::White),
                    PositionKey::of_player(&board, Color::Black),
                ],
            }
        } else {
            vec![PositionKey::of(&board)]
        };
        let filter = Filter::of(query);
        let mut tally = Tally {
            history: query.history,
            ..Tally::default()
        };
        let mut kept = Vec::new();
        let mut known = Known::default();
        let tables = (games, &self.lines);
        for key in keys {
            entry_of(
                &self.runs, tables, key, &filter, &mut tally, &mut kept, &mut known,
            )?;
        }
        let mut answer = Answer {
            white: 0,
            draws: 0,
            black: 0,
            moves: Vec::new(),
            top_games: Vec::new(),
            recent_games: Vec::new(),
            opening: None,
            history: None,
            eval: self.eval_of(&board)?,
        };
        let mut position_months = BTreeMap::new();
        let mut rows = Vec::new();
        for played in &tally.moves {
            let total = played.counts;
            if total.games() == 0 {
                continue;
            }
            let Some(mv) = board::unpack(played.mv) else {
                return Err(Error::Corrupt("a move is unreadable").into());
            };
            let rated = total.games() - total.unrated.min(total.games());
            let uci = board::uci(mv);
            let game = match played.single {
                Some(game) if total.games() == 1 => {
                    known.get(games, game)?.map(|info| info.game_ref(&uci))
                }
                _ => None,
            };
            answer.white += total.white;
            answer.draws += total.draws;
            answer.black += total.black;
            for (month, counts) in &played.months {
                let sum: &mut [u64; 3] = position_months.entry(*month).or_default();
                for (ours, theirs) in sum.iter_mut().zip(counts) {
                    *ours += theirs;
                }
            }
            rows.push((
                total.games(),
                MoveRow {
                    san: san(&board, mv),
                    uci,
                    average_rating: (rated > 0)
                        .then(|| u32::try_from(total.rating_sum / rated).unwrap_or(u32::MAX)),
                    white: total.white,
                    draws: total.draws,
                    black: total.black,
                    game,
                    opening: None,
                    history: query.history.then(|| history_rows(&played.months)),
                    eval: self.eval_after(&board, mv)?,
                },
            ));
        }
        rows.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.uci.cmp(&b.1.uci)));
        let take = query.moves.unwrap_or(usize::MAX);
        answer.moves = rows.into_iter().take(take).map(|(_, row)| row).collect();
        if query.history {
            answer.history = Some(history_rows(&position_months));
        }
        answer.top_games = known.pick(&kept, true, query.top_games, &filter, games)?;
        answer.recent_games = known.pick(&kept, false, query.recent_games, &filter, games)?;
        Ok(answer)
    }
}

/// The games of position `key` that pass `filter`, added to `tally`: its
/// entries in the runs, and the games that reached it alone (filed in the
/// runs by the key's prefix), checked by replay. The lists of kept games
/// go to `kept`, one for each run's entry and one for the games replayed
/// (whose records go to `known`).
fn entry_of(
    runs: &runs::RunTables,
    (games, lines): (
        &impl redb::ReadableTable<u64, &'static [u8]>,
        &impl redb::ReadableTable<u64, &'static [u8]>,
    ),
    key: PositionKey,
    filter: &Filter,
    tally: &mut Tally,
    kept: &mut Vec<Kept>,
    known: &mut Known,
) -> Result<(), Error> {
    for part in runs.entries_at(key.0)? {
        let mut part = Entry::decode(&part)?;
        kept.push(Kept {
            in_order: part.moves.iter().map(MoveEntry::games).sum::<u64>() > KEPT_GAMES as u64,
            top: std::mem::take(&mut part.top),
            recent: std::mem::take(&mut part.recent),
        });
        tally.add(&part, filter);
    }
    let mut alone = Entry::default();
    for game in runs.games_at(key.prefix())? {
        let record = records::get(games, game)?
            .ok_or_else(|| Error::Corrupt("a run names a game the db lacks"))?;
        let info = GameInfo::decode(&record)?;
        let line = records::line(lines, game)?;
        if let Some(ply) = line.plies()?.iter().find(|ply| ply.key == key) {
            alone.add(&Played::of(&info, ply, game));
            known.games.insert(game, Some(info));
        }
    }
    tally.add(&alone, filter);
    kept.push(Kept {
        in_order: false,
        top: alone.top,
        recent: alone.recent,
    });
    Ok(())
}

/// A position's moves as a question counts them: the games of each that
/// pass its filter, from all the entries added.
#[derive(Default)]
struct Tally {
    /// By move.
    moves: Vec<Counted>,
    /// Whether to count each move's games a month too.
    history: bool,
}

/// One move's games in a [`Tally`].
struct Counted {
    mv: u16,
    counts: crate::model::entry::Counts,
    /// The game, when one entry alone has the move, played by one game.
    single: Option<u64>,
    /// White's wins, draws and Black's wins by month number (months
    /// known only), when the question asks for its history.
    months: BTreeMap<u32, [u64; 3]>,
}

impl Tally {
    /// Adds the games of `entry` that pass `filter`.
    fn add(&mut self, entry: &Entry, filter: &Filter) {
        for played in &entry.moves {
            let mut counts = crate::model::entry::Counts::default();
            let mut months = BTreeMap::new();
            for group in played
                .groups
                .iter()
                .filter(|g| filter.passes(g.cell, g.month))
            {
                counts.add(&group.counts);
                if self.history && group.month != 0 {
                    let month: &mut [u64; 3] = months.entry(group.month).or_default();
                    month[0] += group.counts.white;
                    month[1] += group.counts.draws;
                    month[2] += group.counts.black;
                }
            }
            match self.moves.binary_search_by_key(&played.mv, |m| m.mv) {
                Ok(at) => {
                    let ours = &mut self.moves[at];
                    ours.counts.add(&counts);
                    ours.single = None;
                    for (month, theirs) in months {
                        let sum: &mut [u64; 3] = ours.months.entry(month).or_default();
                        for (ours, theirs) in sum.iter_mut().zip(theirs) {
                            *ours += theirs;
                        }
                    }
                }
                Err(at) => self.moves.insert(
                    at,
                    Counted {
                        mv: played.mv,
                        counts,
                        single: played.single,
                        months,
                    },
                ),
            }
        }
    }
}

/// The rows of a history: every month from the first of `months` to the
/// last, those without games as zeros.
fn history_rows(months: &BTreeMap<u32, [u64; 3]>) -> Vec<HistoryRow> {
    let (Some((&first, _)), Some((&last, _))) = (months.first_key_value(), months.last_key_value())
    else {
        return Vec::new();
    };
    (first..=last)
        .filter_map(|number| {
            let [white, draws, black] = months.get(&number).copied().unwrap_or_default();
            Some(HistoryRow {
                month: Month::from_number(number)?.to_string(),
                white,
                draws,
                black,
            })
        })
        .collect()
}

/// The top and recent games one run's entry keeps (with their moves). An
/// entry of more than [`KEPT_GAMES`] games was trimmed, so its lists are in
/// order ([`GameInfo::top_order`], [`GameInfo::recent_order`]); the lists
/// of fewer games hold them all, in any order.
struct Kept {
    top: Vec<(u64, u16)>,
    recent: Vec<(u64, u16)>,
    in_order: bool,
}

impl Kept {
    /// The top games (`top`) or the recent ones.
    fn list(&self, top: bool) -> &[(u64, u16)] {
        if top { &self.top } else { &self.recent }
    }
}

/// The games a question has read, by number (`None`: the db lacks it).
#[derive(Default)]
struct Known {
    games: HashMap<u64, Option<GameInfo>>,
}

impl Known {
    /// Game `game`, read from `games` the first time.
    fn get(
        &mut self,
        games: &impl redb::ReadableTable<u64, &'static [u8]>,
        game: u64,
    ) -> Result<Option<&GameInfo>, Error> {
        if let std::collections::hash_map::Entry::Vacant(slot) = self.games.entry(game) {
            let info = match records::get(games, game)? {
                Some(record) => Some(GameInfo::decode(&record)?),
                None => None,
            };
            slot.insert(info);
        }
        Ok(self.games.get(&game).and_then(Option::as_ref))
    }

    /// The top (`top`) or recent games of the lists that pass the filter,
    /// best first, at most `count`: the lists in order are merged from
    /// their heads, so that a question reads a few records a run rather
    /// than all those kept.
    fn pick(
        &mut self,
        kept: &[Kept],
        top: bool,
        count: usize,
        filter: &Filter,
        games: &impl redb::ReadableTable<u64, &'static [u8]>,
    ) -> Result<Vec<GameRef>, QueryError> {
        type Order = (std::cmp::Reverse<u16>, std::cmp::Reverse<u64>, u128);
        let order = |info: &GameInfo| -> Order {
            if top {
                info.top_order()
            } else {
                let (when, key) = info.recent_order();
                (std::cmp::Reverse(0), when, key)
            }
        };
        // Past the games each run keeps, the answer would depend on how
        // the db was written (its runs, folds and merges).
        let count = count.min(crate::model::entry::KEPT_GAMES);
        if count == 0 {
            return Ok(Vec::new());
        }
        // The lists in order, each from its next game; the others' games,
        // all of them, as one list sorted here.
        let mut heads: Vec<std::slice::Iter<'_, (u64, u16)>> = Vec::new();
        let mut rest: Vec<(Order, u64, u16)> = Vec::new();
        for one in kept {
            if one.in_order {
                heads.push(one.list(top).iter());
                continue;
            }
            for &(game, mv) in one.list(top) {
                if let Some(info) = self.get(games, game)?
                    && filter.passes_game(info)
                {
                    rest.push((order(info), game, mv));
                }
            }
        }
        rest.sort_unstable();
        rest.reverse();
        let mut next: Vec<Option<(Order, u64, u16)>> = Vec::with_capacity(heads.len());
        let mut found: Vec<(u64, u16)> = Vec::new();
        while found.len() < count {
            // Each list's next game that passes the filter.
            next.resize(heads.len(), None);
            for (head, slot) in heads.iter_mut().zip(next.iter_mut()) {
                while slot.is_none() {
                    let Some(&(game, mv)) = head.next() else {
                        break;
                    };
                    if let Some(info) = self.get(games, game)?
                        && filter.passes_game(info)
                    {
                        *slot = Some((order(info), game, mv));
                    }
                }
            }
            let best_head = next
                .iter()
                .enumerate()
                .filter_map(|(at, slot)| slot.map(|slot| (slot, at)))
                .min();
            let best = match (best_head, rest.last()) {
                (Some((head, at)), other) if other.is_none_or(|other| head < *other) => {
                    next[at] = None;
                    head
                }
                (_, Some(&other)) => {
                    rest.pop();
                    other
                }
                (_, None) => break,
            };
            if !found.iter().any(|&(game, _)| game == best.1) {
                found.push((best.1, best.2));
            }
        }
        let mut shown = Vec::with_capacity(found.len());
        for (game, mv) in found {
            if let Some(info) = self.get(games, game)? {
                let uci = board::unpack(mv).map(board::uci).unwrap_or_default();
                shown.push(info.game_ref(&uci));
            }
        }
        Ok(shown)
    }
}

/// What a db holds ([`Explorer::sizes`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Sizes {
    /// Positions as filed: entries and runs' singles (a position with an
    /// entry and singles in runs, or singles in several runs, counts for
    /// each).
    pub positions: u64,
    /// Those that one game reached: runs' singles and entries of one game.
    pub single_game_positions: u64,
    /// The bytes of the entries and of the runs' blocks.
    pub entry_bytes: u64,
    /// Games.
    pub games: u64,
    /// The bytes of their records.
    pub game_bytes: u64,
}

/// The filters of a query, as cells (speed x rating group) and months.
struct Filter {
    cells: [bool; 60],
    since: u32,
    until: u32,
}

impl Filter {
    fn of(query: &Query) -> Filter {
        let mut cells = [false; 60];
        for speed in Speed::ALL {
            if query.speeds.as_ref().is_some_and(|s| !s.contains(&speed)) {
                continue;
            }
            for index in 0..10u8 {
                let Some(group) = RatingGroup::from_index(index) else {
                    continue;
                };
                if query.ratings.as_ref().is_some_and(|r| !r.contains(&group)) {
                    continue;
                }
                cells[usize::from(speed.index() * 10 + index)] = true;
            }
        }
        Filter {
            cells,
            since: query.since.map_or(0, crate::model::query::Month::number),
            until: query
                .until
                .map_or(u32::MAX, crate::model::query::Month::number),
        }
    }

    /// Whether games of this cell and month count (a game of unknown
    /// month only when no month bounds are given).
    fn passes(&self, cell: u8, month: u32) -> bool {
        let in_months = if month == 0 {
            self.since == 0 && self.until == u32::MAX
        } else {
            (self.since..=self.until).contains(&month)
        };
        in_months && self.cells.get(usize::from(cell)).copied().unwrap_or(false)
    }

    /// Whether every game counts (no speed, rating or month left out).
    fn passes_all(&self) -> bool {
        self.cells.iter().all(|&cell| cell) && self.since == 0 && self.until == u32::MAX
    }

    /// Whether game `info` counts.
    fn passes_game(&self, info: &GameInfo) -> bool {
        self.passes(
            info.cell(),
            info.month.map_or(0, crate::model::query::Month::number),
        )
    }
}
