//! Indexing games into a db: each game replayed on the reading threads
//! (its first plies, each position's key and the move played from it),
//! then, on the calling thread, counted once (a game already in the db is
//! passed over) into a batch held in memory, and each batch written in
//! one transaction with its games and their keys, so that a crash loses
//! at most the batch being made and a rerun completes the db.

use crate::board::{pack, parse_uci};
use crate::entry::{Entry, Played};
use crate::error::{Error, store};
use crate::game::GameInfo;
use crate::key::PositionKey;
use crate::store::{self, GAME_KEYS, GAMES, POSITIONS, Settings};
use chess960_archive::{Archive, Collect, Game, Skip, Summary, move_skip, replay_game};
use chess960_games::read::{GameKind, Players};
use cozy_chess::{Board, Color};
use redb::{Database, ReadableTable, WriteTransaction};
use std::collections::HashMap;
use std::path::Path;

/// How to index.
///
/// ```
/// let options = chess960_explorer::IndexOptions::default();
/// assert_eq!(options.plies, 50);
/// ```
#[derive(Clone, Debug)]
pub struct IndexOptions {
    /// Plies indexed from each game (fixed when the db is made).
    pub plies: u32,
    /// A player's db: only their games, from their side (fixed when the
    /// db is made). Empty: every game.
    pub players: Vec<String>,
    /// A batch is written once it holds this many games...
    pub batch_games: usize,
    /// ... or this many positions (bounds the memory a batch takes).
    pub batch_positions: usize,
}

impl Default for IndexOptions {
    fn default() -> IndexOptions {
        IndexOptions {
            plies: 50,
            players: Vec::new(),
            batch_games: 50_000,
            batch_positions: 1 << 20,
        }
    }
}

/// What an indexing did.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct IndexSummary {
    /// The reading's summary: counts by kind, skips (unreadable records,
    /// moves that cannot be replayed, inputs cut short).
    pub reading: Summary,
    /// Games counted into the db.
    pub added: u64,
    /// Games passed over as already in the db (same id; without one, same
    /// tags and moves).
    pub duplicates: u64,
    /// Games of other variants, or whose FEN is no Chess960, double
    /// Chess960 or classical start under the ordinary rules.
    pub other_kinds: u64,
    /// Games without a decided result (`*`).
    pub undecided: u64,
    /// Games of a player's db that the player did not play.
    pub not_the_player: u64,
    /// Batches written.
    pub batches: u64,
}

/// One game as the reading threads hand it over.
struct Indexed {
    info: GameInfo,
    /// Each position (once, with the move last played from it), the
    /// move and the rating of the player to move.
    plies: Vec<(PositionKey, u16, Option<u16>)>,
}

#[derive(Default)]
struct Part {
    games: Vec<Indexed>,
    skips: Vec<Skip>,
    other_kinds: u64,
    undecided: u64,
    not_the_player: u64,
}

struct Indexer {
    plies: usize,
    players: Option<Players>,
}

impl Collect for Indexer {
    type Part = Part;

    fn part(&self) -> Part {
        Part::default()
    }

    fn keeps_raw(&self) -> bool {
        true
    }

    fn spreads(&self) -> bool {
        true
    }

    fn is_full(&self, part: &Part) -> bool {
        part.games.len() >= 4096
    }

    fn game(&self, part: &mut Part, game: &Game<'_>) {
        let start = match *game.kind() {
            GameKind::Chess960(position) => Board::chess960_startpos(u32::from(position.id())),
            GameKind::DoubleChess960(start) => Board::double_chess960_startpos(
                u32::from(start.white().id()),
                u32::from(start.black().id()),
            ),
            GameKind::Standard => Board::default(),
            // Counted and listed by the reading.
            GameKind::Unreadable(_) => return,
            _ => {
                part.other_kinds += 1;
                return;
            }
        };
        let tags = game.record().tags();
        let seats: Vec<Color> = match &self.players {
            None => Vec::new(),
            Some(players) => match players.seat(tags) {
                None => {
                    part.not_the_player += 1;
                    return;
                }
                Some(chess960_games::read::Seat::White) => vec![Color::White],
                Some(chess960_games::read::Seat::Black) => vec![Color::Black],
                Some(chess960_games::read::Seat::Both) => vec![Color::White, Color::Black],
            },
        };
        let Some(raw) = game.raw() else { return };
        replay_game(game, Some(self.plies), |replay| {
            let replay = match replay {
                Ok(replay) => replay,
                Err(error) => {
                    part.skips.push(move_skip(game, &error));
                    return;
                }
            };
            let moves: Vec<&str> = replay
                .moves()
                .iter()
                .map(chess960_games::replay::Ply::uci)
                .collect();
            let Some(info) = GameInfo::of(tags, raw, &moves) else {
                part.undecided += 1;
                return;
            };
            let mut board = start;
            let mut plies = Vec::with_capacity(moves.len() * seats.len().max(1));
            for ply in replay.moves() {
                if ply.is_null() {
                    break;
                }
                let Some(mv) = parse_uci(&board, ply.uci()) else {
                    break;
                };
                let rating = match board.side_to_move() {
                    Color::White => info.white_elo,
                    Color::Black => info.black_elo,
                };
                if seats.is_empty() {
                    plies.push((PositionKey::of(&board), pack(mv), rating));
                } else {
                    for &seat in &seats {
                        plies.push((PositionKey::of_player(&board, seat), pack(mv), rating));
                    }
                }
                board.play_unchecked(mv);
            }
            // A position met again keeps the move last played from it.
            let mut kept: Vec<(PositionKey, u16, Option<u16>)> = Vec::with_capacity(plies.len());
            for ply in plies.into_iter().rev() {
                if !kept.iter().any(|(key, _, _)| *key == ply.0) {
                    kept.push(ply);
                }
            }
            part.games.push(Indexed { info, plies: kept });
        });
    }
}

/// The writer's state between batches.
struct Writer<'a> {
    db: &'a Database,
    txn: Option<WriteTransaction>,
    /// The batch: entries by position.
    batch: Batch,
    /// The orders of the batch's games.
    orders: HashMap<u64, GameInfo>,
    batch_games: usize,
    next_game: u64,
    options: &'a IndexOptions,
    summary: IndexSummary,
}

/// The batch's transaction, begun when first needed.
fn begin<'t>(
    db: &Database,
    txn: &'t mut Option<WriteTransaction>,
) -> Result<&'t WriteTransaction, Error> {
    if txn.is_none() {
        *txn = Some(db.begin_write().map_err(store)?);
    }
    txn.as_ref().ok_or(Error::Corrupt("no transaction"))
}

impl Writer<'_> {
    /// Counts the games of a part, each once.
    fn add(&mut self, games: Vec<Indexed>) -> Result<(), Error> {
        let mut games = games.into_iter().peekable();
        let mut bytes = Vec::with_capacity(64);
        while games.peek().is_some() {
            let mut full = false;
            {
                let txn = begin(self.db, &mut self.txn)?;
                let mut keys = txn.open_table(GAME_KEYS).map_err(store)?;
                let mut table = txn.open_table(GAMES).map_err(store)?;
                for game in games.by_ref() {
                    let key = game.info.key;
                    if keys.get(key).map_err(store)?.is_some() {
                        self.summary.duplicates += 1;
                        continue;
                    }
                    let number = self.next_game;
                    keys.insert(key, number).map_err(store)?;
                    bytes.clear();
                    game.info.encode(&mut bytes);
                    table.insert(number, bytes.as_slice()).map_err(store)?;
                    self.next_game += 1;
                    self.summary.added += 1;
                    self.batch_games += 1;
                    count(&mut self.batch, &self.orders, number, &game);
                    self.orders.insert(number, game.info);
                    if self.batch_games >= self.options.batch_games
                        || self.batch.len() >= self.options.batch_positions
                    {
                        full = true;
                        break;
                    }
                }
            }
            if full {
                self.flush()?;
            }
        }
        Ok(())
    }

    /// Writes the batch into the db and commits it with its games.
    fn flush(&mut self) -> Result<(), Error> {
        if self.txn.is_none() && self.batch.is_empty() {
            return Ok(());
        }
        let mut batch: Vec<(PositionKey, Pending)> = self.batch.drain().collect();
        batch.sort_unstable_by_key(|(key, _)| *key);
        let txn = begin(self.db, &mut self.txn)?;
        {
            let mut positions = txn.open_table(POSITIONS).map_err(store)?;
            let games = txn.open_table(GAMES).map_err(store)?;
            let mut bytes = Vec::with_capacity(256);
            // A db's first batch finds nothing to add to: no lookups.
            let empty = redb::ReadableTableMetadata::is_empty(&positions).map_err(store)?;
            for (key, mut pending) in batch {
                let key = key.0;
                let old = match &pending {
                    _ if empty => None,
                    Pending::One(played) => {
                        // Most positions are new and of one game: written
                        // at once, and read back only when the db had it.
                        bytes.clear();
                        Entry::encode_one(played, &mut bytes);
                        let before = positions
                            .insert(key, bytes.as_slice())
                            .map_err(store)?
                            .map(|value| Entry::decode(value.value()))
                            .transpose()?;
                        match before {
                            None => continue,
                            Some(old) => Some(old),
                        }
                    }
                    Pending::Many(_) => positions
                        .get(key)
                        .map_err(store)?
                        .map(|value| Entry::decode(value.value()))
                        .transpose()?,
                };
                let entry = match (old, &pending) {
                    (None, Pending::One(played)) => {
                        // A new position of one game: written as it came.
                        bytes.clear();
                        Entry::encode_one(played, &mut bytes);
                        positions.insert(key, bytes.as_slice()).map_err(store)?;
                        continue;
                    }
                    (None, _) => pending.entry(),
                    (Some(old), _) => {
                        let entry = pending.entry();
                        entry.merge(old);
                        entry
                    }
                };
                if entry.needs_trim() {
                    for &(game, _) in entry.top.iter().chain(&entry.recent) {
                        if let std::collections::hash_map::Entry::Vacant(slot) =
                            self.orders.entry(game)
                        {
                            let record = games
                                .get(game)
                                .map_err(store)?
                                .ok_or(Error::Corrupt("an entry names a game the db lacks"))?;
                            slot.insert(GameInfo::decode(record.value())?);
                        }
                    }
                    let orders = &self.orders;
                    entry.trim(
                        |g| orders.get(&g).map(GameInfo::top_order),
                        |g| orders.get(&g).map(GameInfo::recent_order),
                    );
                }
                bytes.clear();
                entry.encode(&mut bytes);
                positions.insert(key, bytes.as_slice()).map_err(store)?;
            }
        }
        if let Some(txn) = self.txn.take() {
            txn.commit().map_err(store)?;
        }
        self.orders.clear();
        self.batch_games = 0;
        self.summary.batches += 1;
        Ok(())
    }
}

/// Adds one game (number `number`) to the batch's entries.
fn count(batch: &mut Batch, orders: &HashMap<u64, GameInfo>, number: u64, game: &Indexed) {
    let cell = game.info.speed.index() * 10 + game.info.rating_group().index();
    let month = game.info.month.map_or(0, crate::query::Month::number);
    for &(key, mv, rating) in &game.plies {
        let played = Played {
            mv,
            cell,
            month,
            outcome: game.info.outcome,
            rating,
            game: number,
        };
        let pending = match batch.entry(key) {
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(Pending::One(played));
                continue;
            }
            std::collections::hash_map::Entry::Occupied(slot) => slot.into_mut(),
        };
        let entry = pending.entry();
        entry.add(&played);
        if entry.top.len() > 2 * crate::entry::KEPT_GAMES {
            // The batch's games are in `orders`, but for this one.
            let own = &game.info;
            let info = |g: u64| orders.get(&g).unwrap_or(own);
            entry.trim(|g| info(g).top_order(), |g| info(g).recent_order());
        }
    }
}

/// A hasher for position keys, which are random already: their low 64
/// bits.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u128(&mut self, value: u128) {
        let bytes = value.to_le_bytes();
        self.0 = u64::from_le_bytes([
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        ]);
    }
}

/// A position's games in the batch: one game (most positions) kept as it
/// came, or an entry.
enum Pending {
    One(Played),
    Many(Box<Entry>),
}

impl Pending {
    /// The entry, made from the one game if need be.
    fn entry(&mut self) -> &mut Entry {
        if let Pending::One(played) = *self {
            let mut entry = Entry::default();
            entry.add(&played);
            *self = Pending::Many(Box::new(entry));
        }
        match self {
            Pending::Many(entry) => entry,
            Pending::One(_) => unreachable!("made an entry above"),
        }
    }
}

/// The batch: entries by position.
type Batch = HashMap<PositionKey, Pending, std::hash::BuildHasherDefault<KeyHasher>>;

/// Indexes the games of `archive` (its inputs, filter and threads) into
/// the db in folder `db`, made if missing.
///
/// ```
/// use chess960_archive::Archive;
/// use chess960_explorer::{Explorer, IndexOptions, index, query::Query};
///
/// let dir = std::env::temp_dir().join(format!("explorer-doc-index-{}", std::process::id()));
/// let pgn = "[Site \"https://example.org/g1\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n";
/// let archive = Archive::new().reader("g.pgn", std::io::Cursor::new(pgn));
/// let summary = index(&archive, &dir, &IndexOptions::default())?;
/// assert_eq!(summary.added, 1);
/// let answer = Explorer::open(&dir)?.query(&Query { play: vec!["e2e4".into()], ..Query::default() })?;
/// assert_eq!((answer.white, answer.moves[0].san.as_str()), (1, "e5"));
/// # std::fs::remove_dir_all(&dir).ok();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`Error::Busy`] when another process has the db, [`Error::Settings`]
/// when it was made with other plies or players, [`Error::Version`],
/// store failures, and [`Error::Cancelled`] when the archive's reading
/// was cancelled (the batches written until then stay).
pub fn index(
    archive: &Archive,
    db: impl AsRef<Path>,
    options: &IndexOptions,
) -> Result<IndexSummary, Error> {
    let dir = db.as_ref();
    let mut players = Players::new();
    for name in &options.players {
        players.add(name);
    }
    let settings = Settings {
        plies: options.plies,
        players: players.names().map(str::to_owned).collect(),
    };
    let mut database = store::open_write(dir, &settings)?;
    let next_game = {
        let txn = redb::ReadableDatabase::begin_read(&database).map_err(store)?;
        let games = txn.open_table(GAMES).map_err(store)?;
        games
            .last()
            .map_err(store)?
            .map_or(0, |(number, _)| number.value() + 1)
    };
    let indexer = Indexer {
        plies: usize::try_from(options.plies).unwrap_or(usize::MAX),
        players: (!players.is_empty()).then_some(players),
    };
    let mut writer = Writer {
        db: &database,
        txn: None,
        batch: Batch::default(),
        orders: HashMap::new(),
        batch_games: 0,
        next_game,
        options,
        summary: IndexSummary::default(),
    };
    let mut failed: Option<Error> = None;
    let mut skips = Vec::new();
    let result = archive.collect(&indexer, |batch| {
        let part = std::mem::take(batch.part);
        writer.summary.other_kinds += part.other_kinds;
        writer.summary.undecided += part.undecided;
        writer.summary.not_the_player += part.not_the_player;
        skips.extend(part.skips.into_iter().map(|mut skip| {
            skip.number = skip.number.map(|number| number + batch.base);
            skip
        }));
        writer.add(part.games).map_err(|error| {
            let shown = error.to_string();
            failed = Some(error);
            std::io::Error::other(shown)
        })
    });
    let mut reading = match result {
        Ok(summary) => summary,
        Err(chess960_archive::Error::Deliver(error)) => {
            return Err(failed.unwrap_or_else(|| store(error)));
        }
        Err(chess960_archive::Error::Cancelled(summary)) => {
            // What was read is written: a rerun goes on from there.
            writer.flush()?;
            let _ = summary;
            return Err(Error::Cancelled);
        }
        Err(other) => return Err(store(other)),
    };
    writer.flush()?;
    reading.skip_in_order(skips, archive.inputs());
    let mut summary = std::mem::take(&mut writer.summary);
    drop(writer);
    if summary.batches > 1 {
        store::compact(&mut database)?;
    }
    summary.reading = reading;
    Ok(summary)
}
