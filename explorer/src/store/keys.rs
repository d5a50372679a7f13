//! The games' keys, which keep a game from being counted twice and find
//! a game by its id. Each batch writes its games' keys as a run: a table
//! of its own of blocks of a page, each block's first key to the block
//! (its keys in order, each with its game's number). Writing a run
//! touches no page of the runs before it, where one table of random keys
//! had nearly every leaf rewritten by every batch. Two neighbouring runs
//! are folded into one while the newer holds at least half as many keys
//! as the older (or the older fewer than [`FOLD_BELOW`], or the db holds
//! more than [`MAX_KEY_RUNS`]), so each run holds more than twice the
//! keys of the next: a db holds about log2 of its games over a batch's,
//! and a look-up looks in each.

use crate::error::{Error, store};
use crate::model::codec::leaf_room;
use crate::store::runs::{list, next_run};
use redb::{
    Database, ReadOnlyTable, ReadTransaction, ReadableDatabase, ReadableTable, TableDefinition,
    WriteTransaction,
};

/// Key run number to the keys it holds.
pub(crate) const KEY_RUNS: TableDefinition<'static, u32, u64> =
    TableDefinition::new("game_key_runs");

/// A key (16 bytes, big-endian) and its game's number (8 bytes).
const PAIR_BYTES: usize = 24;

/// The pairs of a block: a page's room less the block's count (2 bytes).
const BLOCK_PAIRS: usize = (leaf_room(16) - 2) / PAIR_BYTES;

/// Keys below which a run is folded with the next whatever their sizes:
/// a fold of so few is quick, and a small db then holds one run (a table
/// takes a page or two, most of a small db).
const FOLD_BELOW: u64 = 1 << 14;

/// Runs a db holds at most once folded (each more than twice the next
/// keeps far fewer: 27 runs would take 2^27 batches).
const MAX_KEY_RUNS: usize = 24;

/// The table of key run `run`.
fn name(run: u32) -> String {
    format!("game-keys-{run}")
}

fn table(name: &str) -> TableDefinition<'_, u128, &'static [u8]> {
    TableDefinition::new(name)
}

/// A block's pairs' bytes, its length checked against its count.
fn pair_bytes(block: &[u8]) -> Result<&[u8], Error> {
    let corrupt = || Error::Corrupt("a block of game keys is cut or too long");
    let (count, pairs) = block.split_first_chunk::<2>().ok_or_else(corrupt)?;
    let count = usize::from(u16::from_le_bytes(*count));
    if pairs.len() != count * PAIR_BYTES || count == 0 {
        return Err(corrupt());
    }
    Ok(pairs)
}

/// The key and game of a pair's bytes.
fn pair(bytes: &[u8]) -> (u128, u64) {
    let (key, game) = bytes.split_at(16);
    (
        u128::from_be_bytes(key.try_into().unwrap_or_default()),
        u64::from_le_bytes(
            game.get(..8)
                .and_then(|g| g.try_into().ok())
                .unwrap_or_default(),
        ),
    )
}

/// The pairs of a block, checked: its count, then each key and number.
fn decode(block: &[u8]) -> Result<Vec<(u128, u64)>, Error> {
    let pairs: Vec<(u128, u64)> = pair_bytes(block)?
        .chunks_exact(PAIR_BYTES)
        .map(pair)
        .collect();
    if pairs.windows(2).any(|w| w[0].0 >= w[1].0) {
        return Err(Error::Corrupt("a block's game keys are out of order"));
    }
    Ok(pairs)
}

/// The number of key `key` in a block, if the block holds it: a binary
/// search of its bytes in place (a look-up decodes nothing; the block's
/// length is checked against its count).
fn search(block: &[u8], key: u128) -> Result<Option<u64>, Error> {
    let pairs = pair_bytes(block)?;
    let (mut low, mut high) = (0, pairs.len() / PAIR_BYTES);
    while low < high {
        let middle = low + (high - low) / 2;
        let (k, game) = pair(&pairs[middle * PAIR_BYTES..(middle + 1) * PAIR_BYTES]);
        match k.cmp(&key) {
            std::cmp::Ordering::Less => low = middle + 1,
            std::cmp::Ordering::Greater => high = middle,
            std::cmp::Ordering::Equal => return Ok(Some(game)),
        }
    }
    Ok(None)
}

/// Writes one key run in a write transaction: keys in increasing order,
/// each with its game's number.
struct KeyRunWriter<'t> {
    table: redb::Table<'t, u128, &'static [u8]>,
    run: u32,
    block: Vec<u8>,
    first: u128,
    in_block: u16,
    last: Option<u128>,
    count: u64,
}

impl<'t> KeyRunWriter<'t> {
    /// A new run, numbered one past the db's last.
    fn new(txn: &'t WriteTransaction) -> Result<KeyRunWriter<'t>, Error> {
        let run = next_run(&txn.open_table(KEY_RUNS).map_err(store)?)?;
        Ok(KeyRunWriter {
            table: txn.open_table(table(&name(run))).map_err(store)?,
            run,
            block: Vec::with_capacity(2 + BLOCK_PAIRS * PAIR_BYTES),
            first: 0,
            in_block: 0,
            last: None,
            count: 0,
        })
    }

    /// Adds a key, greater than the one before, and its game's number.
    fn push(&mut self, key: u128, game: u64) -> Result<(), Error> {
        if self.last.is_some_and(|last| key <= last) {
            return Err(Error::Corrupt("a key run's keys are out of order"));
        }
        if usize::from(self.in_block) == BLOCK_PAIRS {
            self.close()?;
        }
        if self.in_block == 0 {
            self.first = key;
            self.block.extend_from_slice(&[0, 0]);
        }
        self.block.extend_from_slice(&key.to_be_bytes());
        self.block.extend_from_slice(&game.to_le_bytes());
        self.in_block += 1;
        self.last = Some(key);
        self.count += 1;
        Ok(())
    }

    fn close(&mut self) -> Result<(), Error> {
        if self.in_block > 0 {
            self.block[..2].copy_from_slice(&self.in_block.to_le_bytes());
            self.table
                .insert(self.first, self.block.as_slice())
                .map_err(store)?;
            self.block.clear();
            self.in_block = 0;
        }
        Ok(())
    }

    /// Writes the last block and files the run (a run of no keys is not
    /// kept).
    fn finish(mut self, txn: &WriteTransaction) -> Result<(), Error> {
        self.close()?;
        let (run, count) = (self.run, self.count);
        drop(self.table);
        if count == 0 {
            txn.delete_table(table(&name(run))).map_err(store)?;
            return Ok(());
        }
        txn.open_table(KEY_RUNS)
            .map_err(store)?
            .insert(run, count)
            .map_err(store)?;
        Ok(())
    }
}

/// Writes sorted, distinct `(key, game)` pairs as a new key run.
pub(crate) fn write_run(txn: &WriteTransaction, pairs: &[(u128, u64)]) -> Result<(), Error> {
    let mut writer = KeyRunWriter::new(txn)?;
    for &(key, game) in pairs {
        writer.push(key, game)?;
    }
    writer.finish(txn)
}

/// The key runs of a db, as a read transaction sees them.
pub(crate) struct KeyRuns {
    runs: Vec<ReadOnlyTable<u128, &'static [u8]>>,
    count: u64,
}

impl KeyRuns {
    /// Opens every key run.
    pub(crate) fn open(txn: &ReadTransaction) -> Result<KeyRuns, Error> {
        let mut runs = Vec::new();
        let mut count = 0u64;
        for (run, keys) in list(&txn.open_table(KEY_RUNS).map_err(store)?)? {
            runs.push(txn.open_table(table(&name(run))).map_err(store)?);
            count = count.saturating_add(keys);
        }
        Ok(KeyRuns { runs, count })
    }

    /// The keys held.
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// The number of the game of key `key`, if the db has it.
    pub(crate) fn find(&self, key: u128) -> Result<Option<u64>, Error> {
        for run in &self.runs {
            let Some((_, block)) = run
                .range(..=key)
                .map_err(store)?
                .next_back()
                .transpose()
                .map_err(store)?
            else {
                continue;
            };
            if let Some(game) = search(block.value(), key)? {
                return Ok(Some(game));
            }
        }
        Ok(None)
    }

    /// The numbers of the games whose keys lie in `low..=high`.
    pub(crate) fn numbers_in(&self, low: u128, high: u128) -> Result<Vec<u64>, Error> {
        let mut numbers = Vec::new();
        for run in &self.runs {
            // From the block that may hold `low` on.
            let from = match run.range(..=low).map_err(store)?.next_back() {
                Some(row) => row.map_err(store)?.0.value(),
                None => low,
            };
            if from > high {
                continue;
            }
            for row in run.range(from..=high).map_err(store)? {
                let pairs = decode(row.map_err(store)?.1.value())?;
                numbers.extend(
                    pairs
                        .iter()
                        .filter(|(key, _)| (low..=high).contains(key))
                        .map(|&(_, game)| game),
                );
            }
        }
        Ok(numbers)
    }

    /// Every key with its game's number, run by run.
    pub(crate) fn each(&self, mut f: impl FnMut(u128, u64)) -> Result<(), Error> {
        for run in &self.runs {
            for row in run.iter().map_err(store)? {
                for (key, game) in decode(row.map_err(store)?.1.value())? {
                    f(key, game);
                }
            }
        }
        Ok(())
    }
}

/// The pairs of a run's table, in order.
fn pairs(
    run: &ReadOnlyTable<u128, &'static [u8]>,
) -> Result<impl Iterator<Item = Result<(u128, u64), Error>>, Error> {
    Ok(run.iter().map_err(store)?.flat_map(|row| {
        let pairs = row
            .map_err(store)
            .and_then(|(_, block)| decode(block.value()));
        match pairs {
            Ok(pairs) => pairs.into_iter().map(Ok).collect::<Vec<_>>(),
            Err(error) => vec![Err(error)],
        }
    }))
}

/// Folds neighbouring key runs into one while the newer of two holds at
/// least half the older's keys or the older fewer than [`FOLD_BELOW`],
/// or the db holds more than [`MAX_KEY_RUNS`]: of such pairs, the one
/// of least size (so that a merge's many runs of one size fold as a
/// balanced tree). Each fold is a transaction of its own.
pub(crate) fn settle(db: &Database) -> Result<(), Error> {
    settle_below(db, FOLD_BELOW)
}

/// [`settle`], folding a run of fewer than `below` keys with the next.
fn settle_below(db: &Database, below: u64) -> Result<(), Error> {
    loop {
        let runs = list(
            &db.begin_read()
                .map_err(store)?
                .open_table(KEY_RUNS)
                .map_err(store)?,
        )?;
        let Some((older, newer)) = due(&runs, below) else {
            return Ok(());
        };
        fold(db, older, newer)?;
    }
}

/// The key runs to fold next, of `list` (each run and its keys, by
/// number), if any: of the neighbours of which the newer holds at least
/// half the older's keys, or the older fewer than `below`, the pair of
/// least size (a merge writes many runs of one size: folding the newest
/// pair each time would fold one run into a growing one, rewriting its
/// keys once a run); past [`MAX_KEY_RUNS`], the least pair of all.
fn due(list: &[(u32, u64)], below: u64) -> Option<(u32, u32)> {
    let size = |pair: &&[(u32, u64)]| pair[0].1.saturating_add(pair[1].1);
    let pair = list
        .windows(2)
        .filter(|pair| pair[1].1.saturating_mul(2) >= pair[0].1 || pair[0].1 < below)
        .min_by_key(size)
        .or_else(|| {
            (list.len() > MAX_KEY_RUNS)
                .then(|| list.windows(2).min_by_key(size))
                .flatten()
        })?;
    Some((pair[0].0, pair[1].0))
}

/// Folds key runs `older` and `newer` into a new run, in one transaction.
fn fold(db: &Database, older: u32, newer: u32) -> Result<(), Error> {
    let read = db.begin_read().map_err(store)?;
    let a = read.open_table(table(&name(older))).map_err(store)?;
    let b = read.open_table(table(&name(newer))).map_err(store)?;
    let txn = db.begin_write().map_err(store)?;
    {
        let mut writer = KeyRunWriter::new(&txn)?;
        let (mut a, mut b) = (pairs(&a)?.peekable(), pairs(&b)?.peekable());
        loop {
            // A key in both (no writer files one twice) keeps the older
            // run's game, so that a db so damaged can still be written to.
            if let (Some(Ok(x)), Some(Ok(y))) = (a.peek(), b.peek())
                && x.0 == y.0
            {
                b.next();
            }
            let take_a = match (a.peek(), b.peek()) {
                (None, None) => break,
                (Some(Ok(x)), Some(Ok(y))) => x.0 <= y.0,
                (Some(_), None) | (Some(Err(_)), _) => true,
                (None, Some(_)) | (_, Some(Err(_))) => false,
            };
            let next = if take_a { a.next() } else { b.next() };
            if let Some(pair) = next {
                let (key, game) = pair?;
                writer.push(key, game)?;
            }
        }
        writer.finish(&txn)?;
        let mut runs = txn.open_table(KEY_RUNS).map_err(store)?;
        runs.remove(older).map_err(store)?;
        runs.remove(newer).map_err(store)?;
    }
    txn.delete_table(table(&name(older))).map_err(store)?;
    txn.delete_table(table(&name(newer))).map_err(store)?;
    txn.commit().map_err(store)
}

#[cfg(test)]
mod tests {
    use super::*;
    use redb::backends::InMemoryBackend;
    use std::collections::BTreeMap;

    fn db() -> Database {
        Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap()
    }

    /// Random keys, some sharing their high half.
    fn keys(state: &mut u64, count: usize) -> Vec<u128> {
        (0..count)
            .map(|at| {
                let high = crate::store::bits::xorshift(state);
                let low = crate::store::bits::xorshift(state);
                let high = if at % 9 == 0 { high & 0xFF } else { high };
                u128::from(high) << 64 | u128::from(low)
            })
            .collect()
    }

    fn run_sizes(db: &Database) -> Vec<u64> {
        let read = db.begin_read().unwrap();
        let runs = read.open_table(KEY_RUNS).unwrap();
        runs.iter()
            .unwrap()
            .map(|row| row.unwrap().1.value())
            .collect()
    }

    #[test]
    fn runs_find_every_key_and_fold_as_they_grow() {
        let db = db();
        let mut state = 0x0DDB_1A5E_5BAD_5EEDu64;
        let mut all: BTreeMap<u128, u64> = BTreeMap::new();
        let mut next_game = 0u64;
        // Batches as the indexer makes them: small first, then larger,
        // one of a single key, one past a block's pairs exactly.
        for size in [
            1,
            5,
            BLOCK_PAIRS,
            BLOCK_PAIRS + 1,
            40,
            900,
            3000,
            2,
            7000,
            30,
            1,
        ] {
            let mut batch: Vec<(u128, u64)> = keys(&mut state, size)
                .into_iter()
                .filter(|key| !all.contains_key(key))
                .map(|key| {
                    next_game += 1;
                    (key, next_game)
                })
                .collect();
            batch.sort_unstable();
            batch.dedup_by_key(|pair| pair.0);
            let txn = db.begin_write().unwrap();
            write_run(&txn, &batch).unwrap();
            txn.commit().unwrap();
            all.extend(batch.iter().copied());
            settle_below(&db, 0).unwrap();
            let sizes = run_sizes(&db);
            assert_eq!(sizes.iter().sum::<u64>(), all.len() as u64);
            assert!(
                sizes.windows(2).all(|w| w[0] > 2 * w[1]),
                "runs not folded: {sizes:?}"
            );
        }
        let read = db.begin_read().unwrap();
        let runs = KeyRuns::open(&read).unwrap();
        assert_eq!(runs.count(), all.len() as u64);
        for (&key, &game) in &all {
            assert_eq!(runs.find(key).unwrap(), Some(game));
        }
        for key in keys(&mut state, 2000) {
            assert_eq!(runs.find(key).unwrap(), all.get(&key).copied());
        }
        assert_eq!(runs.find(0).unwrap(), all.get(&0).copied());
        assert_eq!(runs.find(u128::MAX).unwrap(), all.get(&u128::MAX).copied());
        let mut seen = BTreeMap::new();
        runs.each(|key, game| {
            assert!(seen.insert(key, game).is_none());
        })
        .unwrap();
        assert_eq!(seen, all);
        // Ranges of one high half (as a derived id names), and others.
        let firsts: Vec<u128> = all.keys().copied().step_by(97).collect();
        for key in firsts {
            let high = key >> 64;
            for (low, top) in [
                (high << 64, high << 64 | u128::from(u64::MAX)),
                (key, key),
                (key.saturating_sub(1 << 100), key),
            ] {
                let mut got = runs.numbers_in(low, top).unwrap();
                got.sort_unstable();
                let want: Vec<u64> = all.range(low..=top).map(|(_, &game)| game).collect();
                let mut want = want;
                want.sort_unstable();
                assert_eq!(got, want);
            }
        }
        assert!(runs.numbers_in(5, 4).unwrap().is_empty());
    }

    #[test]
    fn runs_written_in_one_transaction_are_numbered_apart() {
        // As a merge writes a large source's keys: several runs, then
        // folded once committed.
        let db = db();
        let mut state = 0xFEED_FACE_CAFE_BEEFu64;
        let mut all: Vec<(u128, u64)> = keys(&mut state, 5000).into_iter().zip(0..).collect();
        all.sort_unstable();
        all.dedup_by_key(|pair| pair.0);
        let txn = db.begin_write().unwrap();
        for chunk in all.chunks(1200) {
            let mut chunk = chunk.to_vec();
            chunk.sort_unstable();
            write_run(&txn, &chunk).unwrap();
        }
        txn.commit().unwrap();
        assert_eq!(run_sizes(&db).len(), all.len().div_ceil(1200));
        settle_below(&db, 0).unwrap();
        let sizes = run_sizes(&db);
        assert_eq!(sizes.iter().sum::<u64>(), all.len() as u64);
        assert!(sizes.windows(2).all(|w| w[0] > 2 * w[1]), "{sizes:?}");
        assert!(sizes.len() <= 2, "{sizes:?}");
        let read = db.begin_read().unwrap();
        let runs = KeyRuns::open(&read).unwrap();
        for &(key, game) in &all {
            assert_eq!(runs.find(key).unwrap(), Some(game));
        }
    }

    #[test]
    fn a_key_in_two_runs_keeps_the_older_s_game() {
        // No writer files a key twice; a db so damaged still folds.
        let db = db();
        for pairs in [
            [(3u128, 30u64), (5, 50), (9, 90)],
            [(1, 10), (5, 55), (7, 70)],
        ] {
            let txn = db.begin_write().unwrap();
            write_run(&txn, &pairs).unwrap();
            txn.commit().unwrap();
        }
        settle(&db).unwrap();
        assert_eq!(run_sizes(&db), [5]);
        let read = db.begin_read().unwrap();
        let runs = KeyRuns::open(&read).unwrap();
        let found: Vec<Option<u64>> = [1, 3, 5, 7, 9, 4].map(|key| runs.find(key).unwrap()).into();
        assert_eq!(
            found,
            [Some(10), Some(30), Some(50), Some(70), Some(90), None]
        );
    }

    /// Folds `list` (each run and its keys, by number) as `settle` would,
    /// until none is due; the keys the folds rewrote.
    fn folds(list: &mut Vec<(u32, u64)>, below: u64) -> u64 {
        let mut rewritten = 0;
        while let Some((older, newer)) = due(list, below) {
            let keys: u64 = list
                .iter()
                .filter(|(run, _)| [older, newer].contains(run))
                .map(|&(_, keys)| keys)
                .sum();
            let next = list.iter().map(|&(run, _)| run).max().unwrap_or(0) + 1;
            list.retain(|(run, _)| ![older, newer].contains(run));
            list.push((next, keys));
            rewritten += keys;
        }
        rewritten
    }

    #[test]
    fn runs_of_one_size_fold_as_a_balanced_tree() {
        // As a merge writes a large source: 16 runs of one size fold
        // into one, each key rewritten 4 times (log2 16), not up to 15.
        let mut list: Vec<(u32, u64)> = (0..16).map(|run| (run, 100)).collect();
        assert_eq!(folds(&mut list, 0), 6400);
        assert_eq!(list.len(), 1);
        let mut list: Vec<(u32, u64)> = (0..100).map(|run| (run, 1 << 20)).collect();
        let rewritten = folds(&mut list, FOLD_BELOW);
        assert!(rewritten <= (8 * 100) << 20, "{rewritten}");
        assert!(list.windows(2).all(|w| w[0].1 > 2 * w[1].1), "{list:?}");
        // Batches as the indexer writes them, 2,000 of 50,000 keys, each
        // folded once committed: each key rewritten about log2 of the
        // batches' count times, about that many runs left.
        let (mut list, mut rewritten) = (Vec::new(), 0);
        for run in 0..2000u32 {
            let next = list.iter().map(|&(run, _)| run + 1).max().unwrap_or(run);
            list.push((next, 50_000));
            rewritten += folds(&mut list, FOLD_BELOW);
            assert!(list.windows(2).all(|w| w[0].1 > 2 * w[1].1), "{list:?}");
        }
        assert!(rewritten <= 12 * 2000 * 50_000, "{rewritten}");
        assert!(list.len() <= 11, "{list:?}");
    }

    #[test]
    fn runs_of_few_keys_fold_into_one() {
        let db = db();
        let mut state = 0x5EED_0FF0_1DAB_BA5Eu64;
        let mut count = 0u64;
        for size in [3000, 10, 200, 5000, 1] {
            let mut pairs: Vec<(u128, u64)> = keys(&mut state, size).into_iter().zip(0..).collect();
            pairs.sort_unstable();
            pairs.dedup_by_key(|pair| pair.0);
            count += pairs.len() as u64;
            let txn = db.begin_write().unwrap();
            write_run(&txn, &pairs).unwrap();
            txn.commit().unwrap();
            settle(&db).unwrap();
            assert_eq!(run_sizes(&db), [count]);
        }
    }

    #[test]
    fn a_run_out_of_order_or_a_broken_block_is_an_error() {
        let db = db();
        let txn = db.begin_write().unwrap();
        assert!(matches!(
            write_run(&txn, &[(5, 1), (5, 2)]),
            Err(Error::Corrupt(_))
        ));
        drop(txn);
        let txn = db.begin_write().unwrap();
        write_run(&txn, &[]).unwrap();
        txn.commit().unwrap();
        assert!(run_sizes(&db).is_empty());
        for bytes in [&[][..], &[1], &[1, 0, 9], &[0, 0], &[2, 0, 1, 2, 3]] {
            assert!(matches!(decode(bytes), Err(Error::Corrupt(_))));
            assert!(matches!(search(bytes, 7), Err(Error::Corrupt(_))));
        }
        let mut two = vec![2, 0];
        for key in [9u128, 3] {
            two.extend_from_slice(&key.to_be_bytes());
            two.extend_from_slice(&1u64.to_le_bytes());
        }
        assert!(matches!(decode(&two), Err(Error::Corrupt(_))));
    }
}
