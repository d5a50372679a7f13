//! Asking a db: [`Explorer`] opens it read-only, finds the position of a
//! [`Query`] (a start or a FEN, then moves played) and adds up its
//! entry's groups that pass the filters.

use crate::board::{self, board_from_fen, parse_uci, san};
use crate::entry::{Entry, Played};
use crate::error::{Error, QueryError, store};
use crate::game::GameInfo;
use crate::key::PositionKey;
use crate::query::{Answer, GameRef, MoveRow, Query, RatingGroup, Speed};
use crate::records;
use crate::runs;
use crate::store::{self, GAMES, Settings};
use cozy_chess::{Board, Color};
use redb::{ReadOnlyDatabase, ReadableDatabase};
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
    runs: runs::RunTables,
    txn: redb::ReadTransaction,
    /// Dropped last: holds the file open, and locked against writers.
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
            runs: runs::RunTables::open(&txn)?,
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
        let mut entry = Entry::default();
        for key in keys {
            entry.merge(entry_of(&self.runs, games, key)?);
        }
        let filter = Filter::of(query);
        let info = |game: u64| -> Result<Option<GameInfo>, Error> {
            match records::get(games, game)? {
                Some(record) => Ok(Some(GameInfo::decode(&record)?)),
                None => Ok(None),
            }
        };
        let mut answer = Answer {
            white: 0,
            draws: 0,
            black: 0,
            moves: Vec::new(),
            top_games: Vec::new(),
            recent_games: Vec::new(),
            opening: None,
        };
        let mut rows = Vec::new();
        for played in &entry.moves {
            let mut total = crate::entry::Counts::default();
            for group in played
                .groups
                .iter()
                .filter(|g| filter.passes(g.cell, g.month))
            {
                total.add(&group.counts);
            }
            if total.games() == 0 {
                continue;
            }
            let Some(mv) = board::unpack(played.mv) else {
                return Err(Error::Corrupt("a move is unreadable").into());
            };
            let rated = total.games() - total.unrated.min(total.games());
            let uci = board::uci(mv);
            let game = match played.single {
                Some(game) if total.games() == 1 => info(game)?.map(|info| info.game_ref(&uci)),
                _ => None,
            };
            answer.white += total.white;
            answer.draws += total.draws;
            answer.black += total.black;
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
                },
            ));
        }
        rows.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.uci.cmp(&b.1.uci)));
        let take = query.moves.unwrap_or(usize::MAX);
        answer.moves = rows.into_iter().take(take).map(|(_, row)| row).collect();
        answer.top_games = pick(&entry.top, true, query.top_games, &filter, &info)?;
        answer.recent_games = pick(&entry.recent, false, query.recent_games, &filter, &info)?;
        Ok(answer)
    }
}

/// The games of position `key`: its entries in the runs, and the games
/// that reached it alone (filed in the runs by the key's prefix),
/// checked by replay.
fn entry_of(
    runs: &runs::RunTables,
    games: &impl redb::ReadableTable<u64, &'static [u8]>,
    key: PositionKey,
) -> Result<Entry, Error> {
    let mut entry = Entry::default();
    for part in runs.entries_at(key.0)? {
        entry.merge(Entry::decode(&part)?);
    }
    for game in runs.games_at(key.prefix())? {
        let record =
            records::get(games, game)?.ok_or(Error::Corrupt("a run names a game the db lacks"))?;
        let (info, line) = GameInfo::decode_record(&record)?;
        if let Some(ply) = line.plies()?.iter().find(|ply| ply.key == key) {
            entry.add(&Played::of(&info, ply, game));
        }
    }
    Ok(entry)
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

/// The games of a top or recent list that pass the filter, in order, at
/// most `count`.
fn pick(
    list: &[(u64, u16)],
    top: bool,
    count: usize,
    filter: &Filter,
    info: &dyn Fn(u64) -> Result<Option<GameInfo>, Error>,
) -> Result<Vec<GameRef>, QueryError> {
    let mut found = Vec::new();
    if count == 0 {
        return Ok(Vec::new());
    }
    for &(game, mv) in list {
        if let Some(info) = info(game)? {
            let cell = info.cell();
            let month = info.month.map_or(0, crate::query::Month::number);
            if filter.passes(cell, month) {
                found.push((mv, info));
            }
        }
    }
    if top {
        found.sort_by_key(|(_, info)| info.top_order());
    } else {
        found.sort_by_key(|(_, info)| info.recent_order());
    }
    Ok(found
        .into_iter()
        .take(count)
        .map(|(mv, info)| {
            let uci = board::unpack(mv).map(board::uci).unwrap_or_default();
            info.game_ref(&uci)
        })
        .collect())
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
            since: query.since.map_or(0, crate::query::Month::number),
            until: query.until.map_or(u32::MAX, crate::query::Month::number),
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
}
