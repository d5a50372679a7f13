//! Indexing games into a db: each game replayed on the reading threads
//! (its first plies, each position's key and the move played from it),
//! then, on the calling thread, counted once (a game already in the db is
//! passed over) into a batch held in memory, and each batch written in
//! one transaction with its games and their keys, so that a crash loses
//! at most the batch being made and a rerun completes the db.

use crate::compact;
use crate::entry::{Entry, Played};
use crate::error::{Error, store};
use crate::fold::{Orders, fold};
use crate::game::GameInfo;
use crate::line::{Line, Ply, Start};
use crate::runs::{RUNS, RunWriter};
use crate::store::{self, GAME_KEYS, GAMES, POSITIONS, Settings};
use chess960_archive::{Archive, Collect, Game, Skip, Summary, move_skip, replay_game};
use chess960_games::read::{GameKind, Players, Seat};
use redb::{Database, ReadableTable, WriteTransaction};
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

/// One game as the reading threads hand it over.
struct Indexed {
    info: GameInfo,
    /// Its record in the db: the game and its line.
    record: Vec<u8>,
    /// Each position (once, with the move last played from it).
    plies: Vec<Ply>,
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
            GameKind::Chess960(position) => Start::Chess960(position.id()),
            GameKind::DoubleChess960(start) => Start::Double(start.white().id(), start.black().id()),
            GameKind::Standard => Start::Standard,
            // Counted and listed by the reading.
            GameKind::Unreadable(_) => return,
            _ => {
                part.other_kinds += 1;
                return;
            }
        };
        let tags = game.record().tags();
        let seats = match &self.players {
            None => 0,
            Some(players) => match players.seat(tags) {
                None => {
                    part.not_the_player += 1;
                    return;
                }
                Some(Seat::White) => 1,
                Some(Seat::Black) => 2,
                Some(Seat::Both) => 3,
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
            let packed = replay.moves().iter().map(chess960_games::replay::Ply::packed);
            let (line, plies) = Line::play(start, seats, packed);
            let mut record = Vec::with_capacity(96 + 2 * line.moves.len());
            info.encode_record(&line, &mut record);
            part.games.push(Indexed {
                info,
                record,
                plies,
            });
        });
    }
}

/// One position a game of the batch left: its key, the game (its place
/// in the batch), the move played from it and the side that played it.
#[derive(Clone, Copy, Default)]
struct Seen {
    high: u64,
    low: u64,
    game: u32,
    mv: u16,
    white: bool,
}

/// A game of the batch: its number, and its part in an entry but for the
/// move and the mover's rating.
struct BatchGame {
    played: Played,
    white_elo: Option<u16>,
    black_elo: Option<u16>,
}

/// The batch held in memory.
#[derive(Default)]
struct Batch {
    /// Every position each game left, in the order met.
    seen: Vec<Seen>,
    /// The batch's games.
    games: Vec<BatchGame>,
    /// The batch's games (and those read to trim entries).
    orders: Orders,
}

/// The writer's state between batches.
struct Writer<'a> {
    db: &'a Database,
    txn: Option<WriteTransaction>,
    batch: Batch,
    next_game: u64,
    options: &'a IndexOptions,
    summary: IndexSummary,
    /// Runs folded together.
    folds: u64,
}

impl Batch {
    /// Adds game `number`'s positions to the batch.
    fn note(&mut self, number: u64, game: Indexed) {
        let Some(first) = game.plies.first() else {
            return;
        };
        let at = u32::try_from(self.games.len()).unwrap_or(u32::MAX);
        self.seen.extend(game.plies.iter().map(|ply| Seen {
            high: ply.key.high(),
            #[allow(clippy::cast_possible_truncation)] // the low half
            low: ply.key.0 as u64,
            game: at,
            mv: ply.mv,
            white: ply.side == cozy_chess::Color::White,
        }));
        self.games.push(BatchGame {
            played: Played::of(&game.info, first, number),
            white_elo: game.info.white_elo,
            black_elo: game.info.black_elo,
        });
        self.orders.insert(number, game.info);
    }

    /// The entry's part of a position the batch saw.
    fn played(&self, seen: &Seen) -> Played {
        let game = &self.games[seen.game as usize];
        Played {
            mv: seen.mv,
            rating: if seen.white {
                game.white_elo
            } else {
                game.black_elo
            },
            ..game.played
        }
    }

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
        while games.peek().is_some() {
            let mut full = false;
            {
                let txn = begin(self.db, &mut self.txn)?;
                let mut keys = txn.open_table(GAME_KEYS).map_err(store)?;
                let mut table = txn.open_table(GAMES).map_err(store)?;
                for game in games.by_ref() {
                    let key = game.info.key;
                    let before = keys
                        .insert(key, self.next_game)
                        .map_err(store)?
                        .map(|old| old.value());
                    if let Some(old) = before {
                        // The db has the game: its number is put back.
                        keys.insert(key, old).map_err(store)?;
                        self.summary.duplicates += 1;
                        continue;
                    }
                    let number = self.next_game;
                    table.insert(number, game.record.as_slice()).map_err(store)?;
                    self.next_game += 1;
                    self.summary.added += 1;
                    self.batch.note(number, game);
                    if self.batch.games.len() >= self.options.batch_games
                        || self.batch.seen.len() >= self.options.batch_positions
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

    /// Writes the batch into the db and commits it with its games: the
    /// positions that several of its games reached into the entries table,
    /// those of one game as a new run; then folds runs together as they
    /// grow.
    fn flush(&mut self) -> Result<(), Error> {
        if self.txn.is_none() && self.batch.seen.is_empty() {
            return Ok(());
        }
        let mut seen = std::mem::take(&mut self.batch.seen);
        let batch = &mut self.batch;
        sort_seen(&mut seen);
        let txn = begin(self.db, &mut self.txn)?;
        {
            let mut positions = txn.open_table(POSITIONS).map_err(store)?;
            let games = txn.open_table(GAMES).map_err(store)?;
            // A db's first batch finds nothing to add to: no lookups.
            let look_up = !redb::ReadableTableMetadata::is_empty(&positions).map_err(store)?;
            let number = {
                let runs = txn.open_table(RUNS).map_err(store)?;
                runs.last()
                    .map_err(store)?
                    .map_or(0, |(run, _)| run.value() + 1)
            };
            let mut run = RunWriter::new(txn, number)?;
            let mut bytes = Vec::with_capacity(256);
            let mut at = 0;
            while at < seen.len() {
                let high = seen[at].high;
                let end = at + seen[at..].iter().take_while(|s| s.high == high).count();
                let group = &seen[at..end];
                at = end;
                if let [one] = group {
                    run.push((high, batch.games[one.game as usize].played.game))?;
                    continue;
                }
                // Keys of equal high bits: each key's games together.
                let mut from = 0;
                while from < group.len() {
                    let low = group[from].low;
                    let to = from + group[from..].iter().take_while(|s| s.low == low).count();
                    let same = &group[from..to];
                    // A game filed twice under these high bits (two of its
                    // positions differ only below) goes whole to the
                    // entries, so that a run files a game under them once.
                    let twin = |one: &Seen| {
                        group
                            .iter()
                            .filter(|other| other.game == one.game)
                            .count()
                            > 1
                    };
                    if let [one] = same
                        && !twin(one)
                    {
                        run.push((high, batch.games[one.game as usize].played.game))?;
                    } else {
                        let mut entry = Entry::default();
                        for seen in same {
                            entry.add(&batch.played(seen));
                        }
                        let key = u128::from(high) << 64 | u128::from(low);
                        fold(&mut positions, &games, &mut batch.orders, (key, entry), look_up, &mut bytes)?;
                    }
                    from = to;
                }
            }
            run.finish(txn)?;
        }
        drop(seen);
        if let Some(txn) = self.txn.take() {
            txn.commit().map_err(store)?;
        }
        self.batch.orders.clear();
        self.batch.games.clear();
        self.summary.batches += 1;
        self.folds += compact::settle(self.db)?;
        Ok(())
    }
}

/// Sorts a batch's positions by key: counted into buckets by the top 16
/// bits (keys are random), then each bucket sorted.
fn sort_seen(seen: &mut Vec<Seen>) {
    let order = |s: &Seen| (s.high, s.low);
    if seen.len() < 1 << 16 {
        seen.sort_unstable_by_key(order);
        return;
    }
    let bucket = |s: &Seen| usize::try_from(s.high >> 48).unwrap_or(0);
    let mut starts = vec![0usize; (1 << 16) + 1];
    for s in seen.iter() {
        starts[bucket(s) + 1] += 1;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    let mut next = starts.clone();
    let mut sorted = vec![Seen::default(); seen.len()];
    for s in seen.iter() {
        let b = bucket(s);
        sorted[next[b]] = *s;
        next[b] += 1;
    }
    for pair in starts.windows(2) {
        sorted[pair[0]..pair[1]].sort_unstable_by_key(order);
    }
    *seen = sorted;
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
        next_game,
        options,
        summary: IndexSummary::default(),
        folds: 0,
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
    let writer_folds = writer.folds;
    drop(writer);
    // Runs folded together leave free pages: given back.
    if writer_folds > 0 {
        store::compact(&mut database)?;
    }
    summary.reading = reading;
    Ok(summary)
}
