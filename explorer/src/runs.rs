//! The db's runs: each batch writes one, two tables sorted by key. Its
//! entries: the positions that several of its games reached, each with
//! its entry. Its singles: the positions one game reached (most of them,
//! deep in a game), each filed by the high 64 bits of its key with the
//! game's number, nothing else (the rest of the key, the move and the
//! counts come from replaying the game's line), in blocks of a few
//! hundred (the high bits as differences, varints). Runs are folded
//! together past a bound, so a db holds a few, and a question looks in
//! each.

use crate::codec::{get, put};
use crate::error::{Error, store};
use redb::{ReadTransaction, ReadableTable, TableDefinition, WriteTransaction};

/// Run number to the singles and entries it holds.
pub(crate) const RUNS: TableDefinition<'static, u32, u64> = TableDefinition::new("runs");

/// A block is closed once it holds this many bytes.
const BLOCK_BYTES: usize = 1800;

/// A single-game position: the key's high 64 bits and the game's number.
pub(crate) type Single = (u64, u64);

/// The table of run `run`: the first high bits of each block to the
/// block.
fn name(run: u32) -> String {
    format!("singles-{run}")
}

fn table(name: &str) -> TableDefinition<'_, u64, &'static [u8]> {
    TableDefinition::new(name)
}

/// The table of run `run`'s entries: position key to entry.
fn entries_name(run: u32) -> String {
    format!("entries-{run}")
}

fn entries_table(name: &str) -> TableDefinition<'_, u128, &'static [u8]> {
    TableDefinition::new(name)
}

/// The runs of a db by number (a fold's run takes the next), with their
/// sizes.
pub(crate) fn list(runs: &impl ReadableTable<u32, u64>) -> Result<Vec<(u32, u64)>, Error> {
    let mut list = Vec::new();
    for row in runs.iter().map_err(store)? {
        let (run, count) = row.map_err(store)?;
        list.push((run.value(), count.value()));
    }
    Ok(list)
}

/// The number a new run takes: one past the last.
pub(crate) fn next_run(runs: &impl ReadableTable<u32, u64>) -> Result<u32, Error> {
    match runs.last().map_err(store)? {
        None => Ok(0),
        Some((run, _)) => run
            .value()
            .checked_add(1)
            .ok_or(Error::Corrupt("a run's number overflows")),
    }
}

/// Writes one run, its singles given sorted by high bits, its entries
/// by key.
pub(crate) struct RunWriter<'t> {
    table: redb::Table<'t, u64, &'static [u8]>,
    entries: redb::Table<'t, u128, &'static [u8]>,
    entry_count: u64,
    run: u32,
    block: Vec<u8>,
    first: u64,
    last: u64,
    count: u64,
}

impl<'t> RunWriter<'t> {
    /// Starts run `run` in `txn`.
    pub(crate) fn new(txn: &'t WriteTransaction, run: u32) -> Result<RunWriter<'t>, Error> {
        Ok(RunWriter {
            table: txn.open_table(table(&name(run))).map_err(store)?,
            entries: txn
                .open_table(entries_table(&entries_name(run)))
                .map_err(store)?,
            entry_count: 0,
            run,
            block: Vec::with_capacity(2 * BLOCK_BYTES),
            first: 0,
            last: 0,
            count: 0,
        })
    }

    /// Adds a single; its high bits are at least the last one's. Singles
    /// of equal high bits stay in one block.
    pub(crate) fn push(&mut self, (high, game): Single) -> Result<(), Error> {
        if self.count > 0 && high < self.last {
            return Err(Error::Corrupt("a run's singles are out of order"));
        }
        if !self.block.is_empty() && self.block.len() >= BLOCK_BYTES && high != self.last {
            self.close()?;
        }
        if self.block.is_empty() {
            self.first = high;
            self.last = high;
        }
        put(&mut self.block, high - self.last);
        put(&mut self.block, game);
        self.last = high;
        self.count += 1;
        Ok(())
    }

    /// Adds the entry of position `key` (written by `Entry::encode`).
    pub(crate) fn push_entry(&mut self, key: u128, entry: &[u8]) -> Result<(), Error> {
        self.entries.insert(key, entry).map_err(store)?;
        self.entry_count += 1;
        Ok(())
    }

    fn close(&mut self) -> Result<(), Error> {
        self.table
            .insert(self.first, self.block.as_slice())
            .map_err(store)?;
        self.block.clear();
        Ok(())
    }

    /// Writes the last block and files the run; gives its size.
    pub(crate) fn finish(mut self, txn: &WriteTransaction) -> Result<u64, Error> {
        if !self.block.is_empty() {
            self.close()?;
        }
        drop(self.table);
        drop(self.entries);
        let size = self.count + self.entry_count;
        if size > 0 {
            let mut runs = txn.open_table(RUNS).map_err(store)?;
            runs.insert(self.run, size).map_err(store)?;
        } else {
            txn.delete_table(table(&name(self.run))).map_err(store)?;
            txn.delete_table(entries_table(&entries_name(self.run)))
                .map_err(store)?;
        }
        Ok(size)
    }
}

/// Removes run `run`.
pub(crate) fn remove(txn: &WriteTransaction, run: u32) -> Result<(), Error> {
    txn.open_table(RUNS)
        .map_err(store)?
        .remove(run)
        .map_err(store)?;
    txn.delete_table(table(&name(run))).map_err(store)?;
    txn.delete_table(entries_table(&entries_name(run)))
        .map_err(store)?;
    Ok(())
}

/// The entries of position `key` in every run, as written.
pub(crate) fn entries_at(txn: &ReadTransaction, key: u128) -> Result<Vec<Vec<u8>>, Error> {
    let runs = txn.open_table(RUNS).map_err(store)?;
    let mut found = Vec::new();
    for (run, _) in list(&runs)? {
        let entries = txn
            .open_table(entries_table(&entries_name(run)))
            .map_err(store)?;
        if let Some(entry) = entries.get(key).map_err(store)? {
            found.push(entry.value().to_vec());
        }
    }
    Ok(found)
}

/// Calls `each` with every entry of every run (a db's sizes).
pub(crate) fn each_entry(
    txn: &ReadTransaction,
    mut each: impl FnMut(&[u8]) -> Result<(), Error>,
) -> Result<(), Error> {
    let runs = txn.open_table(RUNS).map_err(store)?;
    for (run, _) in list(&runs)? {
        let entries = txn
            .open_table(entries_table(&entries_name(run)))
            .map_err(store)?;
        for row in entries.iter().map_err(store)? {
            each(row.map_err(store)?.1.value())?;
        }
    }
    Ok(())
}

/// The singles of a block that starts at `first`.
fn decode(first: u64, mut bytes: &[u8], out: &mut Vec<Single>) -> Result<(), Error> {
    let mut high = first;
    while !bytes.is_empty() {
        high = high
            .checked_add(get(&mut bytes)?)
            .ok_or(Error::Corrupt("a run's key overflows"))?;
        out.push((high, get(&mut bytes)?));
    }
    Ok(())
}

/// The games of every run filed under high bits `high`.
pub(crate) fn games_at(txn: &ReadTransaction, high: u64) -> Result<Vec<u64>, Error> {
    let runs = txn.open_table(RUNS).map_err(store)?;
    let mut games = Vec::new();
    let mut singles = Vec::new();
    for (run, _) in list(&runs)? {
        let blocks = txn.open_table(table(&name(run))).map_err(store)?;
        let Some(row) = blocks.range(..=high).map_err(store)?.next_back() else {
            continue;
        };
        let (first, block) = row.map_err(store)?;
        singles.clear();
        decode(first.value(), block.value(), &mut singles)?;
        games.extend(
            singles
                .iter()
                .filter(|&&(filed, _)| filed == high)
                .map(|&(_, game)| game),
        );
    }
    games.sort_unstable();
    games.dedup();
    Ok(games)
}

/// The singles of run `run` in order, a block at a time, and its entries
/// in order.
pub(crate) struct RunReader {
    blocks: redb::Range<'static, u64, &'static [u8]>,
    entries: redb::Range<'static, u128, &'static [u8]>,
    block: Vec<Single>,
    at: usize,
}

impl RunReader {
    /// Reads run `run` as `txn` sees it.
    pub(crate) fn new(txn: &ReadTransaction, run: u32) -> Result<RunReader, Error> {
        let blocks = txn.open_table(table(&name(run))).map_err(store)?;
        let entries = txn
            .open_table(entries_table(&entries_name(run)))
            .map_err(store)?;
        Ok(RunReader {
            blocks: blocks.range::<u64>(..).map_err(store)?,
            entries: entries.range::<u128>(..).map_err(store)?,
            block: Vec::new(),
            at: 0,
        })
    }

    /// The next single, if any.
    pub(crate) fn next_single(&mut self) -> Result<Option<Single>, Error> {
        while self.at == self.block.len() {
            let Some(row) = self.blocks.next() else {
                return Ok(None);
            };
            let (first, block) = row.map_err(store)?;
            self.block.clear();
            self.at = 0;
            decode(first.value(), block.value(), &mut self.block)?;
        }
        self.at += 1;
        Ok(Some(self.block[self.at - 1]))
    }

    /// The next entry (key and bytes), if any.
    pub(crate) fn next_entry(&mut self) -> Result<Option<(u128, Vec<u8>)>, Error> {
        match self.entries.next() {
            None => Ok(None),
            Some(row) => {
                let (key, entry) = row.map_err(store)?;
                Ok(Some((key.value(), entry.value().to_vec())))
            }
        }
    }
}

/// The bytes and singles of every run's blocks (a db's sizes).
pub(crate) fn sizes(txn: &ReadTransaction) -> Result<(u64, u64), Error> {
    let runs = txn.open_table(RUNS).map_err(store)?;
    let (mut bytes, mut count) = (0u64, 0u64);
    let mut singles = Vec::new();
    for (run, _) in list(&runs)? {
        let blocks = txn.open_table(table(&name(run))).map_err(store)?;
        for row in blocks.iter().map_err(store)? {
            let (first, block) = row.map_err(store)?;
            bytes += block.value().len() as u64;
            singles.clear();
            decode(first.value(), block.value(), &mut singles)?;
            count += singles.len() as u64;
        }
    }
    Ok((bytes, count))
}
