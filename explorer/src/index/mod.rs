//! Indexing games into a db: each game replayed on the reading threads,
//! followed on the replayer's board (each indexed position's key and the
//! move played from it, the whole mainline coded, the tags read once),
//! then, on the calling thread, counted once (a game already in the db is
//! passed over) into a batch held in memory; each full batch written, on
//! a thread of its own while the next fills, in one transaction with its
//! games and their keys, so that a crash loses at most the two batches
//! in memory and a rerun completes the db.

pub(crate) mod batch;
pub(crate) mod known;

use crate::error::{Error, store};
use crate::index::batch::{Batch, SortRoom};
use crate::index::known::KnownGames;
use crate::model::game::GameInfo;
use crate::model::line::{Follow, Ply, Start};
use crate::model::score::encode_coded;
use crate::store::compact;
use crate::store::keys::KeyRuns;
use crate::store::records;
use crate::store::{self, GAMES, Settings};
use chess960_archive::{
    Archive, Collect, Game, Progress, Skip, Summary, follow_game, move_skip, replay_game_watched,
};
use chess960_games::read::{GameKind, Players, Seat};
use chess960_games::replay::ReplayError;
use cozy_chess::{Board, Move};
use redb::{Database, ReadableDatabase};
use std::collections::HashSet;
use std::ops::Range;
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
            batch_games: 100_000,
            batch_positions: 1 << 22,
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

/// One game as the reading threads hand it over, its bytes and
/// positions in its part's.
struct Indexed {
    info: GameInfo,
    /// Its record in the db (the game) and its line.
    record: Range<usize>,
    line: Range<usize>,
    /// Its tags and mainline ([`Score`](crate::model::score::Score)).
    text: Range<usize>,
    /// Each position (once, with the move last played from it).
    plies: Range<usize>,
}

/// What a reading thread hands over: its games, their bytes and
/// positions side by side (no allocation a game), and what it passed
/// over.
#[derive(Default)]
struct Part {
    games: Vec<Indexed>,
    bytes: Vec<u8>,
    plies: Vec<Ply>,
    /// The game being followed (its room kept from game to game).
    follow: Follow,
    skips: Vec<Skip>,
    other_kinds: u64,
    undecided: u64,
    not_the_player: u64,
    /// Games whose mainline could not be written (none, as the replayer
    /// found every move legal).
    broken: Vec<Error>,
}

struct Indexer {
    plies: usize,
    players: Option<Players>,
}

impl Collect for Indexer {
    type Part = Part;

    fn part(&self) -> Part {
        Part {
            games: Vec::with_capacity(PART_GAMES),
            bytes: Vec::with_capacity(PART_GAMES * 384),
            plies: Vec::with_capacity(PART_GAMES * self.plies.min(64)),
            ..Part::default()
        }
    }

    fn keeps_raw(&self) -> bool {
        true
    }

    fn spreads(&self) -> bool {
        true
    }

    fn is_full(&self, part: &Part) -> bool {
        part.games.len() >= PART_GAMES
    }

    fn reset(&self, part: &mut Part) {
        part.games.clear();
        part.bytes.clear();
        part.plies.clear();
        part.skips.clear();
        part.broken.clear();
        part.other_kinds = 0;
        part.undecided = 0;
        part.not_the_player = 0;
    }

    fn game(&self, part: &mut Part, game: &Game<'_>) {
        let Some((start, seats)) = self.start_and_seats(part, game) else {
            return;
        };
        let tags = game.record().tags();
        let Some(tag_pairs) = game.tag_pairs() else {
            return;
        };
        let id = GameInfo::site_id(tags);
        // The tags as written (a value borrowed unless escaped), read once
        // for the game's facts and for its text.
        let mut pairs: Vec<(&[u8], std::borrow::Cow<'_, [u8]>)> = Vec::with_capacity(32);
        pairs.extend(tag_pairs.map(|pair| (pair.name_bytes(), pair.value_bytes())));
        // The whole mainline, followed on the replayer's board; a game
        // whose move past the indexed plies is not legal keeps the moves
        // before it.
        let mut limit = None;
        let info = loop {
            part.follow.begin(start, seats, self.plies);
            let mut watch = |board: &Board, mv: Move| part.follow.ply(board, mv);
            let skips = &mut part.skips;
            // The moves make the key of a game without an id only.
            let mut judge = |replayed: Result<Vec<&str>, ReplayError>| match replayed {
                Ok(moves) => Ok(GameInfo::of_pairs(tags, id, &pairs, &moves)),
                Err(ReplayError::Move(error))
                    if limit.is_none() && error.ply() as usize > self.plies =>
                {
                    Err(Some(error.ply() as usize - 1))
                }
                Err(error) => {
                    skips.push(move_skip(game, &error));
                    Err(None)
                }
            };
            let outcome = if id.is_some() {
                follow_game(game, limit, &mut watch, |plies| {
                    judge(plies.map(|_| Vec::new()))
                })
            } else {
                replay_game_watched(game, limit, &mut watch, |replay| match replay {
                    Ok(replay) => {
                        let moves = replay.moves();
                        judge(Ok(moves[..moves.len().min(self.plies)]
                            .iter()
                            .map(chess960_games::replay::Ply::uci)
                            .collect()))
                    }
                    Err(error) => judge(Err(error)),
                })
            };
            match outcome {
                Ok(info) => break info,
                Err(Some(legal)) => limit = Some(legal),
                Err(None) => return,
            }
        };
        let Some(info) = info else {
            part.undecided += 1;
            return;
        };
        if part.follow.is_broken() {
            part.broken
                .push(Error::Corrupt("a game's move could not be coded"));
            return;
        }
        let bytes = &mut part.bytes;
        let from = bytes.len();
        info.encode(bytes);
        let record = from..bytes.len();
        part.follow.encode_line(bytes);
        let line = record.end..bytes.len();
        encode_coded(
            start,
            pairs.len(),
            pairs.iter().map(|(name, value)| (*name, value.as_ref())),
            part.follow.codes(),
            bytes,
        );
        let text = line.end..bytes.len();
        let first = part.plies.len();
        part.follow.positions_into(&mut part.plies);
        part.games.push(Indexed {
            info,
            record,
            line,
            text,
            plies: first..part.plies.len(),
        });
    }
}

impl Indexer {
    /// The start of a game that is indexed, and the seats of the player
    /// of a player's db in it (0 in a db of every game); `None` for a
    /// game that is not (counted in `part`).
    fn start_and_seats(&self, part: &mut Part, game: &Game<'_>) -> Option<(Start, u8)> {
        let start = match *game.kind() {
            GameKind::Chess960(position) => Start::Chess960(position.id()),
            GameKind::DoubleChess960(start) => {
                Start::Double(start.white().id(), start.black().id())
            }
            GameKind::Standard => Start::Standard,
            // Counted and listed by the reading.
            GameKind::Unreadable(_) => return None,
            _ => {
                part.other_kinds += 1;
                return None;
            }
        };
        let seats = match &self.players {
            None => 0,
            Some(players) => match players.seat(game.record().tags()) {
                None => {
                    part.not_the_player += 1;
                    return None;
                }
                Some(Seat::White) => 1,
                Some(Seat::Black) => 2,
                Some(Seat::Both) => 3,
            },
        };
        Some((start, seats))
    }
}

/// Games a reading thread hands over at a time: their positions (about
/// 800 KB) are still near the core when the calling thread takes them
/// (parts of 4,096 games took 1,600 more page faults on 50 MB).
const PART_GAMES: usize = 512;

/// The calling thread's part: each game checked against the db and the
/// batches, numbered and added to the batch; a full batch handed to the
/// writing thread, which writes it while the next one fills.
struct Writer<'a> {
    /// The db as last committed (game keys).
    snapshot: redb::ReadTransaction,
    db: &'a Database,
    batch: Batch,
    /// The keys of the games of the batch being filled and of the one
    /// being written.
    filling: HashSet<u128>,
    writing: HashSet<u128>,
    /// Every game's key, the db's and the batches': only a game this may
    /// hold is looked for.
    known: KnownGames,
    /// To the writing thread.
    handoff: std::sync::mpsc::SyncSender<Batch>,
    /// From the writing thread: each batch written, emptied for reuse.
    recycled: std::sync::mpsc::Receiver<Batch>,
    next_game: u64,
    options: &'a IndexOptions,
    /// The positions of a full batch: the first batches are small, so
    /// that writing starts early beside the reading, then each twice the
    /// last, up to the options' bound.
    limit: usize,
    /// The inputs' size (when known) and the readers' counters: as the
    /// reading nears its end, batches shrink, so that little is left to
    /// write once it ends.
    total: Option<u64>,
    progress: Progress,
    /// The counters' bytes when this indexing began (an archive's
    /// counters may have counted an earlier reading).
    bytes_before: u64,
    /// Positions handed over so far.
    handed: u64,
    summary: IndexSummary,
}

impl Writer<'_> {
    /// Counts the games of a part, each once.
    fn add(&mut self, part: &mut Part) -> Result<(), Error> {
        // The db's keys, opened when a game may be among them.
        let mut keys: Option<KeyRuns> = None;
        let coming = part.plies.len() as u64;
        let limit = self.limit.min(self.ending(coming));
        for game in part.games.drain(..) {
            let key = game.info.key;
            if self.known.may_hold(key)
                && (self.filling.contains(&key)
                    || self.writing.contains(&key)
                    || self.held(&mut keys)?.find(key)?.is_some())
            {
                self.summary.duplicates += 1;
                continue;
            }
            self.filling.insert(key);
            self.known.insert(key);
            if self.known.is_full() {
                self.known = known_games(
                    self.held(&mut keys)?,
                    &self.writing,
                    &self.filling,
                    self.known.capacity() * 2,
                )?;
            }
            let number = self.next_game;
            self.next_game += 1;
            self.summary.added += 1;
            self.batch.add(
                number,
                game.info,
                [
                    &part.bytes[game.record],
                    &part.bytes[game.line],
                    &part.bytes[game.text],
                ],
                &part.plies[game.plies],
            );
            if self.batch.games() >= self.options.batch_games || self.batch.positions() >= limit {
                self.hand_over()?;
                // The snapshot changed.
                keys = None;
            }
        }
        Ok(())
    }

    /// The db's keys as the snapshot holds them, opened once.
    fn held<'k>(&self, keys: &'k mut Option<KeyRuns>) -> Result<&'k KeyRuns, Error> {
        let opened = match keys.take() {
            Some(opened) => opened,
            None => KeyRuns::open(&self.snapshot)?,
        };
        Ok(keys.insert(opened))
    }

    /// The positions a batch may hold as the reading nears its end, when
    /// a part of `coming` positions is delivered: half those the rest of
    /// the inputs likely holds (by the positions a byte so far), but at
    /// least an eighth of those so far and [`LAST_BATCH`]; no bound
    /// while the inputs' size or the bytes read are unknown.
    fn ending(&self, coming: u64) -> usize {
        let read = self.progress.bytes().saturating_sub(self.bytes_before);
        let Some(total) = self.total.filter(|_| read > 0) else {
            return usize::MAX;
        };
        let positions = self.handed + self.batch.positions() as u64 + coming;
        #[allow(clippy::cast_precision_loss)] // an estimate
        let rest = total.saturating_sub(read) as f64 * positions as f64 / read as f64;
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let half = (rest / 2.0) as usize;
        // A batch costs a run, and a question looks in every run.
        let least = usize::try_from(positions / 8).unwrap_or(usize::MAX);
        half.max(least).max(LAST_BATCH)
    }

    /// Hands the batch to the writing thread once it has written the one
    /// before (whose games the snapshot then holds).
    fn hand_over(&mut self) -> Result<(), Error> {
        if self.batch.games() == 0 {
            return Ok(());
        }
        let batch = std::mem::take(&mut self.batch);
        let batch_positions = batch.positions() as u64;
        self.handoff
            .send(batch)
            .map_err(|_| Error::Corrupt("the writing thread stopped"))?;
        self.summary.batches += 1;
        self.handed += batch_positions;
        self.limit = self
            .limit
            .saturating_mul(2)
            .min(self.options.batch_positions);
        // The batch written before, emptied, if the writing thread gave
        // it back (its memory touched already); with room for the next
        // batch's positions at once (no copying as it grows), but no more
        // than the positions handed over so far.
        self.batch = self.recycled.try_recv().unwrap_or_default();
        self.batch.reserve(
            self.limit
                .min(usize::try_from(self.handed).unwrap_or(usize::MAX)),
        );
        // The writing thread took this batch: it has committed the last.
        self.snapshot = self.db.begin_read().map_err(store)?;
        // The set of the batch before is emptied for the next (its room
        // kept).
        std::mem::swap(&mut self.writing, &mut self.filling);
        self.filling.clear();
        Ok(())
    }
}

/// The fewest positions a batch holds for shrinking near the end of the
/// reading (a batch costs a commit).
const LAST_BATCH: usize = 1 << 15;

/// A filter of the keys of the db's games (as `keys` holds them) and of
/// the batches', for at least `capacity` games.
fn known_games(
    keys: &KeyRuns,
    writing: &HashSet<u128>,
    filling: &HashSet<u128>,
    capacity: usize,
) -> Result<KnownGames, Error> {
    let held = usize::try_from(keys.count()).unwrap_or(usize::MAX);
    let mut known = KnownGames::with_capacity(capacity.max(held.saturating_mul(2)).max(1 << 14));
    keys.each(|key, _| known.insert(key))?;
    for &key in writing.iter().chain(filling) {
        known.insert(key);
    }
    Ok(known)
}

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
    let database = store::open_write(dir, &settings)?;
    let snapshot = redb::ReadableDatabase::begin_read(&database).map_err(store)?;
    let next_game = records::next_number(&snapshot.open_table(GAMES).map_err(store)?)?;
    let none = HashSet::new();
    // Sized for the games the inputs likely hold (a game of lichess's
    // takes about 1,000 bytes of PGN), so that a small input does not
    // touch megabytes; a filter that fills is made again, twice as large.
    let likely = archive.total_size().map_or(1 << 20, |bytes| {
        usize::try_from(bytes / 512).unwrap_or(usize::MAX)
    });
    let known = known_games(&KeyRuns::open(&snapshot)?, &none, &none, likely)?;
    let indexer = Indexer {
        plies: usize::try_from(options.plies).unwrap_or(usize::MAX),
        players: (!players.is_empty()).then_some(players),
    };
    let (handoff, batches) = std::sync::mpsc::sync_channel::<Batch>(0);
    let (recycle, recycled) = std::sync::mpsc::channel::<Batch>();
    let (outcome, written) = std::thread::scope(|scope| {
        let db = &database;
        // The writing thread: one batch at a time, on as many threads as
        // read; the first error ends it.
        let workers = archive.thread_count();
        // Named, so that `top` and `perf` tell it from the reading.
        let writing = std::thread::Builder::new()
            .name("index-writer".into())
            .spawn_scoped(scope, move || -> Result<(), Error> {
                let mut room = SortRoom::default();
                for mut batch in batches {
                    batch.write(db, workers, &mut room)?;
                    batch.clear();
                    // Given back for reuse; dropped if the reading is over.
                    let _ = recycle.send(batch);
                }
                Ok(())
            });
        let mut writer = Writer {
            known,
            snapshot,
            db,
            batch: Batch::with_positions(options.batch_positions.min(1 << 17)),
            filling: HashSet::new(),
            writing: HashSet::new(),
            handoff,
            recycled,
            next_game,
            options,
            limit: options.batch_positions.min(1 << 17),
            total: archive.total_size(),
            progress: archive.progress_counters().clone(),
            bytes_before: archive.progress_counters().bytes(),
            handed: 0,
            summary: IndexSummary::default(),
        };
        let outcome = read(archive, &indexer, &mut writer);
        // What was read is written (also when cancelled: a rerun goes on
        // from there), unless writing failed.
        let last = writer.hand_over();
        let summary = std::mem::take(&mut writer.summary);
        drop(writer);
        let written = match writing {
            Ok(handle) => handle
                .join()
                .unwrap_or(Err(Error::Corrupt("the writing thread panicked"))),
            Err(error) => Err(store(format!("the writing thread: {error}"))),
        };
        (
            outcome.and_then(|reading| last.map(|()| (reading, summary))),
            written,
        )
    });
    written?;
    // Runs past the bound, left by a writer stopped between a batch's
    // commit and its folds, are folded even when nothing was added.
    compact::settle(&database)?;
    let (reading, mut summary) = outcome?;
    summary.reading = reading;
    Ok(summary)
}

/// Reads the archive into the writer; the reading's summary, skips in
/// order.
fn read(archive: &Archive, indexer: &Indexer, writer: &mut Writer<'_>) -> Result<Summary, Error> {
    let mut failed: Option<Error> = None;
    let mut skips = Vec::new();
    let result = archive.collect(indexer, |batch| {
        // The part is emptied and given back for reuse (`Indexer::reset`).
        let part = &mut *batch.part;
        writer.summary.other_kinds += part.other_kinds;
        writer.summary.undecided += part.undecided;
        writer.summary.not_the_player += part.not_the_player;
        if let Some(error) = part.broken.drain(..).next() {
            let shown = error.to_string();
            failed = Some(error);
            return Err(std::io::Error::other(shown));
        }
        skips.extend(part.skips.drain(..).map(|mut skip| {
            skip.number = skip.number.map(|number| number + batch.base);
            skip
        }));
        writer.add(part).map_err(|error| {
            let shown = error.to_string();
            failed = Some(error);
            std::io::Error::other(shown)
        })
    });
    match result {
        Ok(mut reading) => {
            reading.skip_in_order(skips, archive.inputs());
            Ok(reading)
        }
        Err(chess960_archive::Error::Deliver(error)) => Err(failed.unwrap_or_else(|| store(error))),
        Err(chess960_archive::Error::Cancelled(_)) => Err(Error::Cancelled),
        Err(other) => Err(store(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use redb::backends::InMemoryBackend;

    #[test]
    fn known_games_hold_the_db_s_and_the_batches_keys() {
        let db = Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap();
        // Two runs of keys.
        let all: Vec<u128> = (0..3000u64)
            .map(|game| u128::from(game).wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835))
            .collect();
        for half in all.chunks(2000) {
            let txn = db.begin_write().unwrap();
            let mut pairs: Vec<(u128, u64)> = half.iter().map(|&key| (key, 0)).collect();
            pairs.sort_unstable();
            crate::store::keys::write_run(&txn, &pairs).unwrap();
            txn.commit().unwrap();
        }
        let read = db.begin_read().unwrap();
        let keys = KeyRuns::open(&read).unwrap();
        assert_eq!(keys.count(), 3000);
        let writing: HashSet<u128> = [1, 2].into();
        let filling: HashSet<u128> = [3].into();
        let known = known_games(&keys, &writing, &filling, 5).unwrap();
        assert!(known.capacity() >= 1 << 14);
        for key in all {
            assert!(known.may_hold(key));
        }
        assert!([1, 2, 3].iter().all(|&key| known.may_hold(key)));
        assert!(!known.is_full());
    }
}
