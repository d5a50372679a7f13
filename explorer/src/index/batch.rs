//! A batch of games held in memory and its writing: every position each
//! game left, sorted by key once the batch is full, written as a new run
//! (a key of one game as a single, a key of several as an entry); the
//! games, their keys and the run committed in one transaction, then runs
//! folded together past their bound.

use crate::error::{Error, store};
use crate::model::entry::{Entry, KEPT_GAMES, Played};
use crate::model::game::GameInfo;
use crate::model::key::PositionKey;
use crate::model::line::Ply;
use crate::store::compact;
use crate::store::fold::Order;
use crate::store::keys;
use crate::store::lists::{ListWriter, Listed};
use crate::store::records::Appender;
use crate::store::runs::{self, RUNS, RunPart, RunWriter};
use crate::store::texts::GAME_TEXTS;
use crate::store::{GAME_LINES, GAMES};

/// The lists of a part of a run: each position of several games and its
/// games in a list's order.
type Lists = Vec<(u128, Vec<Listed>)>;

/// Where a position's list of games goes as it is encoded: the batch's
/// list table, or a part's lists kept in memory.
type FileList<'a> = dyn FnMut(u128, &[Listed]) -> Result<(), Error> + 'a;
use redb::{Database, WriteTransaction};
use std::ops::Range;

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

impl Seen {
    fn key(&self) -> u128 {
        u128::from(self.high) << 64 | u128::from(self.low)
    }

    fn prefix(&self) -> u64 {
        PositionKey(self.key()).prefix()
    }
}

/// The room the writing thread sorts a batch's positions into, and its
/// buckets' starts, kept from one batch to the next (made anew, the
/// half megabyte of starts alone was faulted in again for each batch).
#[derive(Default)]
pub(crate) struct SortRoom {
    sorted: Vec<Seen>,
    starts: Vec<usize>,
}

/// A game of the batch: its key and record, and its part in an entry but
/// for the move and the mover's rating.
struct BatchGame {
    key: u128,
    order: Order,
    /// Its id: a list of a position's games is in order of time, then id.
    id: String,
    /// Its record, its line, and its tags and mainline, in the batch's
    /// bytes.
    record: Range<usize>,
    line: Range<usize>,
    text: Range<usize>,
    played: Played,
    white_elo: Option<u16>,
    black_elo: Option<u16>,
}

/// Games counted but not yet written.
#[derive(Default)]
pub(crate) struct Batch {
    /// Every position each game left, in the order met.
    seen: Vec<Seen>,
    /// The games, numbered in a row from `first`.
    games: Vec<BatchGame>,
    first: u64,
    /// The games' records and texts, one after the other.
    bytes: Vec<u8>,
}

impl Batch {
    /// A batch with room for `positions` positions (and the games and
    /// bytes of about as many positions).
    pub(crate) fn with_positions(positions: usize) -> Batch {
        let mut batch = Batch::default();
        batch.reserve(positions);
        batch
    }

    /// Makes room for `positions` positions (and the games and bytes of
    /// about as many); an empty batch's room costs no copying.
    pub(crate) fn reserve(&mut self, positions: usize) {
        self.seen.reserve(positions.saturating_sub(self.seen.len()));
        self.games
            .reserve((positions / 32).saturating_sub(self.games.len()));
        self.bytes
            .reserve((positions * 8).saturating_sub(self.bytes.len()));
    }

    /// Empties a written batch, its room kept for the next.
    pub(crate) fn clear(&mut self) {
        self.seen.clear();
        self.games.clear();
        self.bytes.clear();
        self.first = 0;
    }

    /// Games in the batch.
    pub(crate) fn games(&self) -> usize {
        self.games.len()
    }

    /// Positions in the batch (one a game and key).
    pub(crate) fn positions(&self) -> usize {
        self.seen.len()
    }

    /// Adds game `number` (its key; its record, line and text; its
    /// positions).
    pub(crate) fn add(
        &mut self,
        number: u64,
        info: GameInfo,
        [record, line, text]: [&[u8]; 3],
        plies: &[Ply],
    ) {
        // The move and the rating are each position's own.
        let any = Ply {
            key: PositionKey(0),
            mv: 0,
            side: cozy_chess::Color::White,
        };
        let played = Played::of(&info, plies.first().unwrap_or(&any), number);
        if self.games.is_empty() {
            self.first = number;
        }
        debug_assert_eq!(
            number,
            self.first + self.games.len() as u64,
            "numbered in a row"
        );
        let at = u32::try_from(self.games.len()).unwrap_or(u32::MAX);
        self.seen.extend(plies.iter().map(|ply| Seen {
            #[allow(clippy::cast_possible_truncation)] // the two halves
            high: (ply.key.0 >> 64) as u64,
            #[allow(clippy::cast_possible_truncation)]
            low: ply.key.0 as u64,
            game: at,
            mv: ply.mv,
            white: ply.side == cozy_chess::Color::White,
        }));
        let from = self.bytes.len();
        self.bytes.extend_from_slice(record);
        let record = from..self.bytes.len();
        self.bytes.extend_from_slice(line);
        let line = record.end..self.bytes.len();
        self.bytes.extend_from_slice(text);
        let text = line.end..self.bytes.len();
        self.games.push(BatchGame {
            key: info.key,
            order: info.top_order(),
            id: info.id,
            record,
            line,
            text,
            played,
            white_elo: info.white_elo,
            black_elo: info.black_elo,
        });
    }

    /// The number of the game that saw a position: the batch's games are
    /// numbered in a row (no need to look at the game).
    fn number(&self, seen: &Seen) -> u64 {
        self.first + u64::from(seen.game)
    }

    /// The entry's part of position `seen`, of `game` (the batch's game it
    /// names).
    fn played(game: &BatchGame, seen: &Seen) -> Played {
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

    /// Writes the batch into `db` in one transaction, then folds runs
    /// (and key runs) together. The positions are sorted and encoded on
    /// `workers` threads, each a range of the keys (see
    /// [`Batch::encode_parts`]), then filed in order; with one worker, or
    /// one range, all on this thread, straight into the run's tables.
    pub(crate) fn write(
        &mut self,
        db: &Database,
        workers: usize,
        room: &mut SortRoom,
    ) -> Result<(), Error> {
        let seen = std::mem::take(&mut self.seen);
        let mut starts = std::mem::take(&mut room.starts);
        bucket_starts(&seen, &mut starts);
        let ranges = cut(&starts, workers);
        // The writer's room, kept from batch to batch: made anew each
        // time, its pages were zeroed and faulted in again for each
        // batch (3% to 10% of the time on 3 GB on one core, for 100 MB
        // more memory). What it held is not cleared: the spreading
        // writes each of its places.
        let mut sorted = std::mem::take(&mut room.sorted);
        sorted.resize(seen.len(), Seen::default());
        let txn = db.begin_write().map_err(store)?;
        let ranks = self.ranks();
        let number = runs::next_run(&txn.open_table(RUNS).map_err(store)?)?;
        let mut run = RunWriter::new(&txn, number)?;
        let mut lists = ListWriter::new(&txn)?;
        if let [range] = ranges.as_slice() {
            // One range: sorted and encoded on this thread, straight into
            // the run's tables (no copy of its blocks and lists in
            // memory first).
            self.write_games(&txn)?;
            sort_part(&seen, &starts, range.clone(), &mut sorted);
            self.encode(&sorted, &ranks, &mut run, &mut |key, games| {
                lists.push(key, games)
            })?;
        } else {
            let parts = self.encode_parts(&txn, (&seen, &starts), ranges, &mut sorted, &ranks)?;
            for (part, part_lists) in parts {
                run.append(&part)?;
                for (key, games) in part_lists {
                    lists.push(key, &games)?;
                }
            }
        }
        run.finish(&txn)?;
        lists.finish(&txn)?;
        room.sorted = sorted;
        room.starts = starts;
        // The room is kept for the next batch.
        self.seen = seen;
        txn.commit().map_err(store)?;
        keys::settle(db)?;
        compact::settle(db)
    }

    /// The batch's positions sorted and encoded on a thread a range
    /// (`ranges` of `starts`) into `sorted`, each range's blocks and lists
    /// in memory, in order, while this thread writes the games into `txn`.
    fn encode_parts(
        &self,
        txn: &WriteTransaction,
        (seen, starts): (&[Seen], &[usize]),
        ranges: Vec<Range<usize>>,
        sorted: &mut [Seen],
        ranks: &[u32],
    ) -> Result<Vec<(RunPart, Lists)>, Error> {
        let batch = self;
        std::thread::scope(|scope| -> Result<Vec<(RunPart, Lists)>, Error> {
            let mut jobs = Vec::new();
            let mut rest = sorted;
            for range in ranges {
                let (out, after) = rest.split_at_mut(starts[range.end] - starts[range.start]);
                rest = after;
                jobs.push(move || -> Result<(RunPart, Lists), Error> {
                    sort_part(seen, starts, range, out);
                    let mut run = RunWriter::part();
                    let mut lists = Vec::new();
                    batch.encode(out, ranks, &mut run, &mut |key, games| {
                        lists.push((key, games.to_vec()));
                        Ok(())
                    })?;
                    Ok((run.into_part()?, lists))
                });
            }
            let handles: Vec<_> = jobs.into_iter().map(|job| scope.spawn(job)).collect();
            let games = batch.write_games(txn);
            // Every thread joined (a panic of one is an error), then the
            // first error, if any.
            let parts: Vec<Result<(RunPart, Lists), Error>> = handles
                .into_iter()
                .map(|handle| {
                    handle
                        .join()
                        .unwrap_or(Err(Error::Corrupt("a writing thread panicked")))
                })
                .collect();
            games.and(parts.into_iter().collect())
        })
    }

    /// Writes the batch's games: their keys, records, lines and texts.
    fn write_games(&self, txn: &WriteTransaction) -> Result<(), Error> {
        let mut games = txn.open_table(GAMES).map_err(store)?;
        let mut lines = txn.open_table(GAME_LINES).map_err(store)?;
        let mut texts = txn.open_table(GAME_TEXTS).map_err(store)?;
        let mut appender = Appender::new(&games)?;
        let mut line_appender = Appender::new(&lines)?;
        let mut text_appender = Appender::new(&texts)?;
        let mut sorted: Vec<(u128, u64)> =
            self.games.iter().map(|g| (g.key, g.played.game)).collect();
        sorted.sort_unstable();
        keys::write_run(txn, &sorted)?;
        for game in &self.games {
            let record = &self.bytes[game.record.clone()];
            appender.push(&mut games, game.played.game, record)?;
            let line = &self.bytes[game.line.clone()];
            line_appender.push(&mut lines, game.played.game, line)?;
            let text = &self.bytes[game.text.clone()];
            text_appender.push(&mut texts, game.played.game, text)?;
        }
        text_appender.finish(&mut texts)?;
        line_appender.finish(&mut lines)?;
        appender.finish(&mut games)
    }

    /// The run's blocks of positions `seen` (sorted by key, whole
    /// prefixes): a key of one game as a single, of several as an entry
    /// and a list of its games.
    fn encode(
        &self,
        seen: &[Seen],
        ranks: &[u32],
        run: &mut RunWriter<'_>,
        lists: &mut FileList<'_>,
    ) -> Result<(), Error> {
        let mut bytes = Vec::with_capacity(256);
        // An entry's best games so far, with their orders.
        let mut top = Vec::with_capacity(KEPT_GAMES + 1);
        let mut recent = Vec::with_capacity(KEPT_GAMES + 1);
        let (mut scratch, mut listed) = (Vec::new(), Vec::new());
        for group in seen.chunk_by(|a, b| a.prefix() == b.prefix()) {
            let prefix = group[0].prefix();
            if let [one] = group {
                run.push((prefix, self.number(one)))?;
                continue;
            }
            // Keys of one prefix: each key's games together. A game
            // filed twice under this prefix (two of its positions
            // differ only below) goes whole to the entries, so that a
            // run files a game under a prefix once.
            let twin = |one: &Seen| group.iter().filter(|o| o.game == one.game).count() > 1;
            for same in group.chunk_by(|a, b| a.high == b.high && a.low == b.low) {
                if let [one] = same
                    && !twin(one)
                {
                    run.push((prefix, self.number(one)))?;
                    continue;
                }
                // An entry of the batch names its games only: as
                // `Entry::trim` leaves them, a few in the order met, more
                // the best by their orders, kept as they come. A game is
                // met once a key (a game's positions are each kept once),
                // so `trim`'s dropping of repeats never applies here.
                let mut entry = Entry::default();
                let few = same.len() <= KEPT_GAMES;
                top.clear();
                recent.clear();
                for seen in same {
                    let game = &self.games[seen.game as usize];
                    let played = Batch::played(game, seen);
                    entry.count(&played);
                    if few {
                        entry.top.push((played.game, played.mv));
                    } else {
                        let order = game.order;
                        offer(&mut top, order, (played.game, played.mv));
                        offer(&mut recent, (order.1, order.2), (played.game, played.mv));
                    }
                }
                if few {
                    entry.recent.clone_from(&entry.top);
                } else {
                    entry.top = top.iter().map(|&(_, game)| game).collect();
                    entry.recent = recent.iter().map(|&(_, game)| game).collect();
                }
                bytes.clear();
                entry.encode(&mut bytes);
                run.push_entry(same[0].key(), &bytes)?;
                self.list(same, ranks, &mut scratch, &mut listed);
                lists(same[0].key(), &listed)?;
            }
        }
        Ok(())
    }

    /// Each game's place in a list's order: newest first, then by id,
    /// then by number (each game's place, by its place in the batch).
    fn ranks(&self) -> Vec<u32> {
        let mut order: Vec<u32> =
            (0..u32::try_from(self.games.len()).unwrap_or(u32::MAX)).collect();
        order.sort_unstable_by(|&a, &b| {
            let (a, b) = (&self.games[a as usize], &self.games[b as usize]);
            (std::cmp::Reverse(a.order.1.0), a.id.as_str(), a.played.game).cmp(&(
                std::cmp::Reverse(b.order.1.0),
                b.id.as_str(),
                b.played.game,
            ))
        });
        let mut ranks = vec![0; order.len()];
        for (rank, &game) in order.iter().enumerate() {
            ranks[game as usize] = u32::try_from(rank).unwrap_or(u32::MAX);
        }
        ranks
    }

    /// The games of one position, in a list's order (`ranks`, of
    /// [`Batch::ranks`]), into `out`: sorted as words (a game's rank above
    /// its place in `same`), in `scratch`.
    fn list(&self, same: &[Seen], ranks: &[u32], scratch: &mut Vec<u64>, out: &mut Vec<Listed>) {
        scratch.clear();
        scratch.extend(
            same.iter()
                .enumerate()
                .map(|(at, seen)| u64::from(ranks[seen.game as usize]) << 32 | at as u64),
        );
        scratch.sort_unstable();
        out.clear();
        out.extend(scratch.iter().map(|&word| {
            let seen = &same[usize::try_from(word & u64::from(u32::MAX)).unwrap_or(0)];
            Listed {
                when: self.games[seen.game as usize].order.1.0,
                game: self.number(seen),
                mv: seen.mv,
            }
        }));
    }
}

/// Keeps `game` among the [`KEPT_GAMES`] best of `kept` (the least
/// order first; of equal orders, the one met first), as `Entry::trim`
/// keeps them.
fn offer<K: Ord + Copy>(kept: &mut Vec<(K, (u64, u16))>, order: K, game: (u64, u16)) {
    if kept.len() == KEPT_GAMES && kept.last().is_some_and(|&(last, _)| order >= last) {
        return;
    }
    let at = kept.partition_point(|&(other, _)| other <= order);
    kept.insert(at, (order, game));
    kept.truncate(KEPT_GAMES);
}

/// A position's bucket: its key's top 16 bits (keys are random).
fn bucket(seen: &Seen) -> usize {
    usize::try_from(seen.high >> 48).unwrap_or(0)
}

/// Where each bucket starts among the positions sorted (one past the
/// last bucket: the end), into `starts`.
fn bucket_starts(seen: &[Seen], starts: &mut Vec<usize>) {
    starts.clear();
    starts.resize((1 << 16) + 1, 0);
    for s in seen {
        starts[bucket(s) + 1] += 1;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
}

/// The buckets cut into at most `parts` ranges of about as many
/// positions each, together every bucket (none without positions, but
/// for a batch of none).
fn cut(starts: &[usize], parts: usize) -> Vec<Range<usize>> {
    let buckets = starts.len() - 1;
    let total = starts[buckets];
    let parts = parts.clamp(1, 64);
    let mut ranges = Vec::with_capacity(parts);
    let mut from = 0;
    for part in 1..parts {
        let goal = total * part / parts;
        let to = starts.partition_point(|&start| start < goal).min(buckets);
        if to > from && starts[to] > starts[from] {
            ranges.push(from..to);
            from = to;
        }
    }
    match ranges.last_mut() {
        // The buckets left hold nothing: the last range takes them.
        Some(last) if starts[buckets] == starts[from] => last.end = buckets,
        _ => ranges.push(from..buckets),
    }
    ranges
}

/// Sorts a bucket's positions by key: a few by insertion
/// ([`SMALL_BUCKET`]), more by the high halves (one word to compare),
/// then each run of equal high halves (most often one position's) by the
/// low ones. Against comparing both halves at once, 4 million random
/// positions in 65,536 buckets (about 60 a bucket) sort in about a sixth
/// less time (6 rounds each, by hand). Every one of these sorts is
/// stable: the positions come out of the spread in the order of their
/// games, and keep it among equal keys, so that the entries and lists of
/// a position of thousands of games read the batch's games in order, not
/// at random (50 MB of games from one start: 0.967 of the time, median
/// of 11 rounds in turns; spread over all starts, no change).
fn sort_bucket(bucket: &mut [Seen]) {
    if bucket.len() <= SMALL_BUCKET {
        insertion_sort(bucket);
        return;
    }
    bucket.sort_by_key(|s| s.high);
    for same in bucket.chunk_by_mut(|a, b| a.high == b.high) {
        if same.len() > 1 {
            same.sort_by_key(|s| s.low);
        }
    }
}

/// The most positions a bucket holds that is sorted by insertion: most
/// buckets hold a few, and the library's sort costs more than the sorting
/// there (writing 50 MB of games from one start: 1.5% fewer
/// instructions).
const SMALL_BUCKET: usize = 12;

/// Sorts a few positions by key, stably: each moved down past the keys
/// above it.
fn insertion_sort(bucket: &mut [Seen]) {
    for at in 1..bucket.len() {
        let moved = bucket[at];
        let mut to = at;
        while to > 0 && (bucket[to - 1].high, bucket[to - 1].low) > (moved.high, moved.low) {
            bucket[to] = bucket[to - 1];
            to -= 1;
        }
        bucket[to] = moved;
    }
}

/// Buckets spread together in the first of a sort's two passes.
const GROUP: usize = 256;

/// Sorts by key the positions of `seen` in buckets `range` into `out`
/// (as many as they are): spread into groups of [`GROUP`] buckets, then
/// each group into its buckets, then each bucket sorted. Each of the two
/// passes writes to a few hundred places at once, which stay in the
/// cache; one pass into 65,536 buckets wrote to a place of its own at
/// nearly every position of a large batch (`perf` gave the sort 553
/// samples against 805 on 50 MB of games from one start).
fn sort_part(seen: &[Seen], starts: &[usize], range: Range<usize>, out: &mut [Seen]) {
    let base = starts[range.start];
    let groups: Vec<Range<usize>> = range
        .clone()
        .step_by(GROUP)
        .map(|from| from..(from + GROUP).min(range.end))
        .collect();
    let mut next: Vec<usize> = groups
        .iter()
        .map(|group| starts[group.start] - base)
        .collect();
    for s in seen {
        let b = bucket(s);
        if range.contains(&b) {
            let group = (b - range.start) / GROUP;
            out[next[group]] = *s;
            next[group] += 1;
        }
    }
    let mut scratch: Vec<Seen> = Vec::new();
    let mut place = [0usize; GROUP];
    for group in groups {
        let from = starts[group.start] - base;
        let positions = &mut out[from..starts[group.end] - base];
        if positions.len() > 1 {
            scratch.clear();
            scratch.extend_from_slice(positions);
            for (at, b) in group.clone().enumerate() {
                place[at] = starts[b] - base - from;
            }
            for s in &scratch {
                let at = bucket(s) - group.start;
                positions[place[at]] = *s;
                place[at] += 1;
            }
        }
        for b in group {
            let bucket = &mut out[starts[b] - base..starts[b + 1] - base];
            // Most buckets of a batch hold one position or none.
            if bucket.len() > 1 {
                sort_bucket(bucket);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::game::Outcome;
    use crate::model::query::{Month, Speed};
    use crate::store::runs;
    use redb::backends::InMemoryBackend;

    /// Game `at` of a made-up batch: ratings, times and results out of
    /// the order the games come in.
    fn made_up(at: u64) -> GameInfo {
        let spread = |n: u64| (at * n) % 11;
        GameInfo {
            key: u128::from(at).wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835),
            id: format!("g{at}"),
            white: "w".into(),
            black: "b".into(),
            white_elo: (!at.is_multiple_of(5))
                .then(|| 1500 + 37 * u16::try_from(spread(7)).unwrap_or(0)),
            black_elo: (!at.is_multiple_of(3))
                .then(|| 1400 + 53 * u16::try_from(spread(5)).unwrap_or(0)),
            outcome: [Outcome::White, Outcome::Draw, Outcome::Black][(at % 3) as usize],
            speed: [Speed::Blitz, Speed::Rapid][(at % 2) as usize],
            month: Month::of_date("2026.10.01"),
            // Some games at the same time, so that their keys decide.
            when: 20_261_001_000_000 + spread(3) * 3_600,
        }
    }

    /// Game `game`'s move from the position of key `at` of the test.
    fn made_up_ply(at: usize, game: u64) -> Ply {
        Ply {
            // A bucket of its own for each key (the top 16 bits), so that
            // three workers take the keys in more than one range.
            key: PositionKey((at as u128 + 1) << 120 | 0xAAAA_u128 << 64),
            mv: u16::try_from(100 + at * 10 + usize::try_from(game % 3).unwrap_or(0)).unwrap_or(0),
            side: if game.is_multiple_of(2) {
                cozy_chess::Color::White
            } else {
                cozy_chess::Color::Black
            },
        }
    }

    /// The entries a batch writes, on one thread (straight into the
    /// run's tables) and on three (in parts, appended), are byte for byte
    /// those `Entry::add` and `Entry::trim` make of the same games: lists
    /// of 4 games or fewer in the order met, more the best 4 by order.
    #[test]
    fn a_batch_writes_the_entries_add_and_trim_make() {
        // Key `at` reached by the first `games[at]` of 9 games.
        let games = [2u64, 4, 5, 9];
        let orders: Vec<_> = (0..9).map(|game| made_up(game).top_order()).collect();
        let order = |game: u64| orders[usize::try_from(game).unwrap_or(0)];
        for workers in [1, 3] {
            let db = Database::builder()
                .create_with_backend(InMemoryBackend::new())
                .unwrap();
            let mut batch = Batch::default();
            for game in 0..9u64 {
                let plies: Vec<Ply> = (0..games.len())
                    .filter(|&at| game < games[at])
                    .map(|at| made_up_ply(at, game))
                    .collect();
                batch.add(game, made_up(game), [b"record", b"line", b"text"], &plies);
            }
            batch.write(&db, workers, &mut SortRoom::default()).unwrap();
            let read = redb::ReadableDatabase::begin_read(&db).unwrap();
            for (at, &count) in games.iter().enumerate() {
                let mut want = Entry::default();
                for game in 0..count {
                    want.add(&Played::of(&made_up(game), &made_up_ply(at, game), game));
                }
                want.trim(order, |game| (order(game).1, order(game).2));
                let mut bytes = Vec::new();
                want.encode(&mut bytes);
                let found = runs::entries_at(&read, made_up_ply(at, 0).key.0).unwrap();
                assert_eq!(found, vec![bytes], "{workers} workers, {count} games");
            }
        }
    }

    #[test]
    fn offer_keeps_what_trim_keeps() {
        let mut state = 0x0BAD_5EED_1234_5678u64;
        let mut next = || crate::store::bits::xorshift(&mut state);
        for round in 0..2_000 {
            let games = usize::try_from(next() % 12).unwrap_or(0);
            // Orders from a small range, so that some are equal (a game
            // is kept by its place then).
            let spread = if round % 2 == 0 { 4 } else { 1 << 20 };
            let played: Vec<(u64, (u64, u16))> = (0..games)
                .map(|at| (next() % spread, (at as u64 + 100, (next() % 500) as u16)))
                .collect();
            let mut kept = Vec::new();
            for &(order, game) in &played {
                offer(&mut kept, order, game);
            }
            let mut entry = Entry {
                top: played.iter().map(|&(_, game)| game).collect(),
                ..Entry::default()
            };
            let order_of = |game: u64| played.iter().find(|p| p.1.0 == game).map(|p| p.0);
            entry.trim(order_of, order_of);
            let ours: Vec<(u64, u16)> = if games <= KEPT_GAMES {
                played.iter().map(|&(_, game)| game).collect()
            } else {
                kept.iter().map(|&(_, game)| game).collect()
            };
            assert_eq!(ours, entry.top, "{played:?}");
        }
    }

    #[test]
    fn positions_sort_by_key_in_parts() {
        let mut state = 0x1234_5678_9ABC_DEF1u64;
        let mut next = || crate::store::bits::xorshift(&mut state);
        for (count, parts) in [
            (0, 1),
            (0, 3),
            (1, 2),
            (100, 1),
            (5000, 2),
            (5000, 7),
            (300_000, 2),
        ] {
            let seen: Vec<Seen> = (0..count)
                .map(|game| {
                    let high = next();
                    Seen {
                        // Some keys twice, some sharing their high half,
                        // some crowding one bucket, one key of a seventh
                        // of the games (as a start's own position).
                        high: match game % 5 {
                            _ if game % 7 == 0 => 0x0123_4567_89AB_CDEF,
                            0 => high & 0xFFFF_0000_0000_00FF,
                            1 => high & 0x0000_FFFF_FFFF_FFFF,
                            _ => high,
                        },
                        low: if game % 3 == 0 || game % 7 == 0 {
                            7
                        } else {
                            next()
                        },
                        game,
                        mv: 0,
                        white: false,
                    }
                })
                .collect();
            let mut starts = Vec::new();
            bucket_starts(&seen, &mut starts);
            let ranges = cut(&starts, parts);
            assert!(!ranges.is_empty() && ranges.len() <= parts);
            assert_eq!(ranges.first().map(|r| r.start), Some(0));
            assert_eq!(ranges.last().map(|r| r.end), Some(1 << 16));
            assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
            assert!(
                count == 0 || ranges.iter().all(|r| starts[r.end] > starts[r.start]),
                "a range without positions"
            );
            let mut sorted = vec![Seen::default(); seen.len()];
            let mut rest = sorted.as_mut_slice();
            for range in ranges {
                let (out, after) = rest.split_at_mut(starts[range.end] - starts[range.start]);
                rest = after;
                sort_part(&seen, &starts, range, out);
            }
            // By key, and equal keys in the order of their games.
            assert!(
                sorted
                    .windows(2)
                    .all(|w| (w[0].high, w[0].low, w[0].game) < (w[1].high, w[1].low, w[1].game))
            );
            let keys = |rows: &[Seen]| {
                let mut keys: Vec<_> = rows.iter().map(|s| (s.high, s.low, s.game)).collect();
                keys.sort_unstable();
                keys
            };
            assert_eq!(keys(&sorted), keys(&seen));
        }
    }
}
