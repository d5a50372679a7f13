//! The db's runs: each batch writes one, two tables sorted by key. Its
//! entries: the positions that several of its games reached, each with
//! its entry, in blocks of a page. Its singles: the positions one game
//! reached (most of them, deep in a game), each filed by its key's prefix
//! ([`PREFIX_BITS`] bits) with the game's number, nothing else (the rest
//! of the key, the move and the counts come from replaying the game's
//! line), in blocks of a page: the prefixes as Rice-coded differences,
//! the games as numbers of a block's width above its least. Runs are
//! folded together past a bound, so a db holds a few, and a question
//! looks in each.

use crate::error::{Error, store};
use crate::model::codec::{get, get_byte, leaf_room, put, varint_bytes};
use crate::model::key::PREFIX_BITS;
use crate::store::bits::{BitReader, BitWriter, rice_bits, width};
use redb::{ReadTransaction, ReadableTable, TableDefinition, WriteTransaction};

/// Run number to the singles and entries it holds.
pub(crate) const RUNS: TableDefinition<'static, u32, u64> = TableDefinition::new("runs");

/// A block's header at most: its count, Rice parameter, least game, game
/// width and count of marks.
const HEADER_BYTES: usize = 10 + 1 + 10 + 1 + 2;

/// A block marks every this many singles where its code starts, so that
/// a question decodes at most this many before its prefix.
const MARK_EVERY: usize = 64;

/// The bytes of a mark: the prefix above the block's first (5 bytes,
/// prefixes being 40 bits) and the bit its code starts at (2 bytes).
const MARK_BYTES: usize = 7;

/// The bits a block of singles may take, room left for a few more of one
/// prefix (a block never splits them) past the point it closes at.
const SINGLE_BITS: u64 = (8 * (leaf_room(8) - HEADER_BYTES - 64)) as u64;

/// The bytes an entries block may take.
const ENTRY_BYTES: usize = leaf_room(16);

/// The most a prefix can be.
const PREFIX_MAX: u64 = (1 << PREFIX_BITS) - 1;

/// A single-game position: the key's prefix and the game's number.
pub(crate) type Single = (u64, u64);

/// The table of run `run`: the first prefix of each block to the block.
fn name(run: u32) -> String {
    format!("singles-{run}")
}

fn table(name: &str) -> TableDefinition<'_, u64, &'static [u8]> {
    TableDefinition::new(name)
}

/// The table of run `run`'s entries: each block's first position key to
/// the block.
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
            .ok_or_else(|| Error::Corrupt("a run's number overflows")),
    }
}

/// The Rice parameter that codes the differences of `singles`' prefixes
/// in the fewest bits, of those near their mean and `guess`; with the
/// bits they take.
fn best_parameter(singles: &[Single], guess: u32) -> (u32, u64) {
    let span = match (singles.first(), singles.last()) {
        (Some(first), Some(last)) => last.0 - first.0,
        _ => 0,
    };
    let mean = span / (singles.len().max(2) as u64 - 1);
    let near = width(mean).saturating_sub(1);
    let tried = [guess, near.saturating_sub(1), near, near + 1].map(|k| k.min(PREFIX_BITS));
    // A difference's code takes its quotient, a stop bit and `k` bits
    // (`rice_bits`): the quotients summed in one pass for every `k`.
    let mut quotients = [0u64; 4];
    for pair in singles.windows(2) {
        let gap = pair[1].0 - pair[0].0;
        for (sum, k) in quotients.iter_mut().zip(tried) {
            *sum += gap >> k;
        }
    }
    let gaps = singles.len().saturating_sub(1) as u64;
    tried
        .into_iter()
        .zip(quotients)
        .map(|(k, sum)| (k, sum + gaps * (1 + u64::from(k))))
        .min_by_key(|&(k, bits)| (bits, k))
        .unwrap_or((guess, 0))
}

/// Where a run's blocks go: its tables, or memory (a part of a run
/// encoded on a thread of its own, then added to a run with
/// [`RunWriter::append`]).
enum Sink<'t> {
    Tables {
        singles: Box<redb::Table<'t, u64, &'static [u8]>>,
        entries: Box<redb::Table<'t, u128, &'static [u8]>>,
    },
    Memory(RunPart),
}

/// The blocks of a part of a run, encoded in memory, in order.
#[derive(Default)]
pub(crate) struct RunPart {
    /// Each block of singles by its first prefix, and the last prefix.
    singles: Vec<(u64, Vec<u8>)>,
    last: Option<u64>,
    /// Each block of entries by its first key, and the last key.
    entries: Vec<(u128, Vec<u8>)>,
    entry_last: Option<u128>,
    count: u64,
    entry_count: u64,
}

/// Writes one run, its singles given sorted by prefix, its entries by
/// key.
pub(crate) struct RunWriter<'t> {
    sink: Sink<'t>,
    entry_count: u64,
    run: u32,
    /// The singles of the block being filled.
    block: Vec<Single>,
    /// The bits their differences take with Rice parameter `guess`.
    gap_bits: u64,
    /// The last block's parameter (a block's is near its neighbour's).
    guess: u32,
    /// Their least and greatest game.
    least: u64,
    most: u64,
    last: u64,
    count: u64,
    /// Whether the last prefix's block is closed (a part was appended):
    /// a prefix is never split between blocks.
    sealed: bool,
    /// The entries block being filled, its first key and the last key.
    entry_block: Vec<u8>,
    entry_first: u128,
    entry_last: Option<u128>,
}

impl RunWriter<'static> {
    /// Encodes a part of a run in memory.
    pub(crate) fn part() -> RunWriter<'static> {
        RunWriter::with(Sink::Memory(RunPart::default()), 0)
    }

    /// The part's blocks, the last ones closed.
    pub(crate) fn into_part(mut self) -> Result<RunPart, Error> {
        self.close()?;
        self.close_entries()?;
        match self.sink {
            Sink::Memory(mut part) => {
                part.count = self.count;
                part.entry_count = self.entry_count;
                part.last = (self.count > 0).then_some(self.last);
                part.entry_last = self.entry_last;
                Ok(part)
            }
            Sink::Tables { .. } => Err(Error::Corrupt("a run's tables are no part")),
        }
    }
}

impl<'t> RunWriter<'t> {
    /// Starts run `run` in `txn`.
    pub(crate) fn new(txn: &'t WriteTransaction, run: u32) -> Result<RunWriter<'t>, Error> {
        let sink = Sink::Tables {
            singles: Box::new(txn.open_table(table(&name(run))).map_err(store)?),
            entries: Box::new(
                txn.open_table(entries_table(&entries_name(run)))
                    .map_err(store)?,
            ),
        };
        Ok(RunWriter::with(sink, run))
    }

    fn with(sink: Sink<'t>, run: u32) -> RunWriter<'t> {
        RunWriter {
            sink,
            entry_count: 0,
            run,
            block: Vec::with_capacity(1024),
            gap_bits: 0,
            guess: 20,
            least: 0,
            most: 0,
            last: 0,
            count: 0,
            sealed: false,
            entry_block: Vec::with_capacity(ENTRY_BYTES),
            entry_first: 0,
            entry_last: None,
        }
    }

    /// Adds the blocks of a part, whose singles and entries come after
    /// those pushed so far (the blocks being filled are closed first).
    pub(crate) fn append(&mut self, part: &RunPart) -> Result<(), Error> {
        if self.count > 0
            && let Some(&(first, _)) = part.singles.first()
            && first <= self.last
        {
            return Err(Error::Corrupt("a run's singles are out of order"));
        }
        if let (Some(last), Some(&(first, _))) = (self.entry_last, part.entries.first())
            && first <= last
        {
            return Err(Error::Corrupt("a run's entries are out of order"));
        }
        self.close()?;
        self.close_entries()?;
        for (first, bytes) in &part.singles {
            self.put_singles(*first, bytes)?;
        }
        for (first, bytes) in &part.entries {
            self.put_entries(*first, bytes)?;
        }
        if let Some(last) = part.last {
            self.last = last;
        }
        self.sealed = true;
        self.entry_last = part.entry_last.or(self.entry_last);
        self.count += part.count;
        self.entry_count += part.entry_count;
        Ok(())
    }

    /// Files a block of singles (or keeps it, in memory).
    fn put_singles(&mut self, first: u64, bytes: &[u8]) -> Result<(), Error> {
        match &mut self.sink {
            Sink::Tables { singles, .. } => {
                singles.insert(first, bytes).map_err(store)?;
            }
            Sink::Memory(part) => part.singles.push((first, bytes.to_vec())),
        }
        Ok(())
    }

    /// Files a block of entries (or keeps it, in memory).
    fn put_entries(&mut self, first: u128, bytes: &[u8]) -> Result<(), Error> {
        match &mut self.sink {
            Sink::Tables { entries, .. } => {
                entries.insert(first, bytes).map_err(store)?;
            }
            Sink::Memory(part) => part.entries.push((first, bytes.to_vec())),
        }
        Ok(())
    }

    /// The bits the block takes with `single` added, Rice parameter
    /// `guess` (at least those of the best parameter).
    fn bits_with(&self, (prefix, game): Single) -> u64 {
        let games = width(self.most.max(game) - self.least.min(game));
        let marks = (self.block.len() / MARK_EVERY * MARK_BYTES * 8) as u64;
        marks
            + self.gap_bits
            + rice_bits(prefix - self.last, self.guess)
            + (self.block.len() as u64 + 1) * u64::from(games)
    }

    /// Adds a single; its prefix is at least the last one's. Singles of
    /// equal prefix stay in one block. Inlined into the batch's encoding,
    /// which pushes a single at most positions; a full block takes the
    /// call.
    #[inline]
    pub(crate) fn push(&mut self, (prefix, game): Single) -> Result<(), Error> {
        if self.count > 0 && (prefix < self.last || self.sealed && prefix == self.last) {
            return Err(Error::Corrupt("a run's singles are out of order"));
        }
        if prefix > PREFIX_MAX {
            return Err(Error::Corrupt("a run's prefix is out of range"));
        }
        self.sealed = false;
        if self.block.is_empty() {
            (self.least, self.most, self.gap_bits) = (game, game, 0);
        } else {
            // As `bits_with`, its parts kept for the block that takes it.
            let gap = rice_bits(prefix - self.last, self.guess);
            let (least, most) = (self.least.min(game), self.most.max(game));
            let marks = (self.block.len() / MARK_EVERY * MARK_BYTES * 8) as u64;
            let bits = marks
                + self.gap_bits
                + gap
                + (self.block.len() as u64 + 1) * u64::from(width(most - least));
            if prefix == self.last || bits <= SINGLE_BITS {
                (self.least, self.most) = (least, most);
                self.gap_bits += gap;
            } else {
                self.push_past_full((prefix, game))?;
            }
        }
        self.block.push((prefix, game));
        self.last = prefix;
        self.count += 1;
        Ok(())
    }

    /// Adds a single to a block full by its last parameter: by its own,
    /// perhaps not; else the block is closed and the single starts the
    /// next.
    #[cold]
    #[inline(never)]
    fn push_past_full(&mut self, (prefix, game): Single) -> Result<(), Error> {
        self.block.push((prefix, game));
        let (best, bits) = best_parameter(&self.block, self.guess);
        self.block.pop();
        if best != self.guess {
            self.guess = best;
            self.gap_bits = bits - rice_bits(prefix - self.last, best);
        }
        if self.bits_with((prefix, game)) > SINGLE_BITS {
            self.close()?;
        }
        if self.block.is_empty() {
            (self.least, self.most, self.gap_bits) = (game, game, 0);
        } else {
            self.gap_bits += rice_bits(prefix - self.last, self.guess);
            self.least = self.least.min(game);
            self.most = self.most.max(game);
        }
        Ok(())
    }

    /// Adds the entry of position `key` (written by `Entry::encode`);
    /// keys come in order.
    pub(crate) fn push_entry(&mut self, key: u128, entry: &[u8]) -> Result<(), Error> {
        if self.entry_last.is_some_and(|last| key <= last) {
            return Err(Error::Corrupt("a run's entries are out of order"));
        }
        let length = entry.len() as u64;
        let needs = 16 + varint_bytes(length) + entry.len();
        if !self.entry_block.is_empty() && self.entry_block.len() + needs > ENTRY_BYTES {
            self.close_entries()?;
        }
        if self.entry_block.is_empty() {
            self.entry_first = key;
        }
        self.entry_block.extend_from_slice(&key.to_be_bytes());
        put(&mut self.entry_block, length);
        self.entry_block.extend_from_slice(entry);
        self.entry_last = Some(key);
        self.entry_count += 1;
        Ok(())
    }

    fn close_entries(&mut self) -> Result<(), Error> {
        if !self.entry_block.is_empty() {
            let block = std::mem::take(&mut self.entry_block);
            self.put_entries(self.entry_first, &block)?;
            self.entry_block = block;
            self.entry_block.clear();
        }
        Ok(())
    }

    /// Writes the block of singles: its count, Rice parameter, least game,
    /// games' width and count of marks, its marks, then each single's
    /// difference to the one before (Rice-coded) and game (above the
    /// least). A mark, every [`MARK_EVERY`] singles: the single's prefix
    /// above the first and the bit its difference starts at.
    fn close(&mut self) -> Result<(), Error> {
        let Some(&(first, _)) = self.block.first() else {
            return Ok(());
        };
        let (k, _) = best_parameter(&self.block, self.guess);
        let games = width(self.most - self.least);
        let mut bytes = Vec::with_capacity(leaf_room(8));
        put(&mut bytes, self.block.len() as u64);
        #[allow(clippy::cast_possible_truncation)] // at most 64 each
        bytes.extend([k as u8]);
        put(&mut bytes, self.least);
        #[allow(clippy::cast_possible_truncation)]
        bytes.push(games as u8);
        let mut bits = BitWriter::default();
        let mut marks = Vec::new();
        let mut previous = first;
        for (at, &(prefix, game)) in self.block.iter().enumerate() {
            // The first's prefix is the block's key.
            if at > 0 {
                // A mark past 2^16 bits (a block far past its page) is
                // left out: the singles after it are read from the last.
                if at % MARK_EVERY == 0
                    && let Ok(bit) = u16::try_from(bits.len())
                {
                    marks.push((prefix - first, bit));
                }
                bits.rice_fixed(prefix - previous, k, game - self.least, games);
            } else {
                bits.fixed(game - self.least, games);
            }
            previous = prefix;
        }
        put(&mut bytes, marks.len() as u64);
        for (above, bit) in marks {
            bytes.extend_from_slice(&above.to_le_bytes()[..5]);
            bytes.extend_from_slice(&bit.to_le_bytes());
        }
        bytes.extend(bits.finish());
        self.put_singles(first, &bytes)?;
        self.guess = k;
        self.block.clear();
        Ok(())
    }

    /// Writes the last blocks and files the run; gives its size.
    pub(crate) fn finish(mut self, txn: &WriteTransaction) -> Result<u64, Error> {
        if let Sink::Memory(_) = self.sink {
            return Err(Error::Corrupt("a part of a run is filed by appending it"));
        }
        self.close()?;
        self.close_entries()?;
        drop(self.sink);
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

/// The entries of a block in order: each position key and entry.
fn entries_of(mut bytes: &[u8]) -> impl Iterator<Item = Result<(u128, &[u8]), Error>> {
    std::iter::from_fn(move || {
        if bytes.is_empty() {
            return None;
        }
        let next = (|| {
            let (key, rest) = bytes
                .split_first_chunk::<16>()
                .ok_or_else(|| Error::Corrupt("an entries block ends in a key"))?;
            let mut rest = rest;
            let length = usize::try_from(get(&mut rest)?)
                .ok()
                .filter(|&length| length <= rest.len())
                .ok_or_else(|| Error::Corrupt("an entry runs past its block"))?;
            let (entry, after) = rest.split_at(length);
            bytes = after;
            Ok((u128::from_be_bytes(*key), entry))
        })();
        if next.is_err() {
            bytes = &[];
        }
        Some(next)
    })
}

/// The entries of position `key` in every run, as written.
#[cfg(test)]
pub(crate) fn entries_at(txn: &ReadTransaction, key: u128) -> Result<Vec<Vec<u8>>, Error> {
    RunTables::open(txn)?.entries_at(key)
}

/// A run's entries, opened for reading.
type EntriesTable = redb::ReadOnlyTable<u128, &'static [u8]>;
/// A run's blocks of singles, opened for reading.
type SinglesTable = redb::ReadOnlyTable<u64, &'static [u8]>;

/// Every run's two tables, opened once for many questions.
pub(crate) struct RunTables {
    runs: Vec<(EntriesTable, SinglesTable)>,
}

impl RunTables {
    /// Opens the tables of the runs `txn` sees.
    pub(crate) fn open(txn: &ReadTransaction) -> Result<RunTables, Error> {
        let listed = list(&txn.open_table(RUNS).map_err(store)?)?;
        let mut runs = Vec::with_capacity(listed.len());
        for (run, _) in listed {
            runs.push((
                txn.open_table(entries_table(&entries_name(run)))
                    .map_err(store)?,
                txn.open_table(table(&name(run))).map_err(store)?,
            ));
        }
        Ok(RunTables { runs })
    }

    /// The entries of position `key` in every run, as written.
    pub(crate) fn entries_at(&self, key: u128) -> Result<Vec<Vec<u8>>, Error> {
        let mut found = Vec::new();
        for (entries, _) in &self.runs {
            let Some(row) = entries.range(..=key).map_err(store)?.next_back() else {
                continue;
            };
            let block = row.map_err(store)?.1;
            for pair in entries_of(block.value()) {
                let (filed, entry) = pair?;
                if filed == key {
                    found.push(entry.to_vec());
                    break;
                }
            }
        }
        Ok(found)
    }

    /// The games of every run filed under prefix `prefix`.
    pub(crate) fn games_at(&self, prefix: u64) -> Result<Vec<u64>, Error> {
        let mut games = Vec::new();
        let mut singles = Vec::new();
        for (_, blocks) in &self.runs {
            let Some(row) = blocks.range(..=prefix).map_err(store)?.next_back() else {
                continue;
            };
            let (first, block) = row.map_err(store)?;
            singles.clear();
            decode(first.value(), block.value(), prefix, &mut singles)?;
            games.extend(
                singles
                    .iter()
                    .filter(|&&(filed, _)| filed == prefix)
                    .map(|&(_, game)| game),
            );
        }
        games.sort_unstable();
        games.dedup();
        Ok(games)
    }
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
            for pair in entries_of(row.map_err(store)?.1.value()) {
                each(pair?.1)?;
            }
        }
    }
    Ok(())
}

/// The singles of a block that starts at prefix `first` (written by
/// [`RunWriter::close`]), up to those of prefix `until`; from the last
/// mark before `until`, when it is not `u64::MAX` (what comes before is
/// left out).
fn decode(first: u64, mut bytes: &[u8], until: u64, out: &mut Vec<Single>) -> Result<(), Error> {
    let count = get(&mut bytes)?;
    let k = u32::from(get_byte(&mut bytes)?);
    let least = get(&mut bytes)?;
    let games = u32::from(get_byte(&mut bytes)?);
    let marks = usize::try_from(get(&mut bytes)?).unwrap_or(usize::MAX);
    if k > PREFIX_BITS || games > 64 || count > 8 * bytes.len() as u64 + 1 {
        return Err(Error::Corrupt("a block of singles has a bad header"));
    }
    let Some((marked, rest)) = marks
        .checked_mul(MARK_BYTES)
        .and_then(|length| bytes.split_at_checked(length))
    else {
        return Err(Error::Corrupt("a block's marks run past its end"));
    };
    let bytes = rest;
    // Where to start: the block's first single, or the last mark whose
    // prefix is below `until` (its difference is read and passed over).
    let mut start = (0u64, 0u64, first);
    if until != u64::MAX {
        for (at, mark) in marked.chunks_exact(MARK_BYTES).enumerate() {
            let mut above = [0u8; 8];
            above[..5].copy_from_slice(&mark[..5]);
            let prefix = first.saturating_add(u64::from_le_bytes(above));
            if prefix >= until {
                break;
            }
            let bit = u64::from(u16::from_le_bytes([mark[5], mark[6]]));
            start = ((at as u64 + 1) * MARK_EVERY as u64, bit, prefix);
        }
    }
    let (from, bit, mut prefix) = start;
    let Some(mut bits) = BitReader::at(bytes, bit) else {
        return Err(Error::Corrupt("a block's mark is past its end"));
    };
    for at in from..count {
        if at > 0 {
            let Some(gap) = bits.rice(k) else {
                return Err(Error::Corrupt("a block's prefixes run past its end"));
            };
            if at > from {
                let Some(next) = prefix.checked_add(gap) else {
                    return Err(Error::Corrupt("a block's prefixes run past its end"));
                };
                prefix = next;
            }
        }
        if prefix > PREFIX_MAX {
            return Err(Error::Corrupt("a run's prefix is out of range"));
        }
        if prefix > until {
            break;
        }
        let Some(game) = bits.fixed(games).and_then(|above| least.checked_add(above)) else {
            return Err(Error::Corrupt("a block's games run past its end"));
        };
        out.push((prefix, game));
    }
    Ok(())
}

/// The games of every run filed under prefix `prefix`.
#[cfg(test)]
pub(crate) fn games_at(txn: &ReadTransaction, prefix: u64) -> Result<Vec<u64>, Error> {
    RunTables::open(txn)?.games_at(prefix)
}

/// The singles of run `run` in order, a block at a time, and its entries
/// in order.
pub(crate) struct RunReader {
    blocks: redb::Range<'static, u64, &'static [u8]>,
    entries: redb::Range<'static, u128, &'static [u8]>,
    block: Vec<Single>,
    at: usize,
    entry_block: std::vec::IntoIter<(u128, Vec<u8>)>,
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
            entry_block: Vec::new().into_iter(),
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
            decode(first.value(), block.value(), u64::MAX, &mut self.block)?;
        }
        self.at += 1;
        Ok(Some(self.block[self.at - 1]))
    }

    /// The next entry (key and bytes), if any.
    pub(crate) fn next_entry(&mut self) -> Result<Option<(u128, Vec<u8>)>, Error> {
        loop {
            if let Some(next) = self.entry_block.next() {
                return Ok(Some(next));
            }
            let Some(row) = self.entries.next() else {
                return Ok(None);
            };
            let block = row.map_err(store)?.1;
            let pairs = entries_of(block.value())
                .map(|pair| pair.map(|(key, entry)| (key, entry.to_vec())))
                .collect::<Result<Vec<_>, Error>>()?;
            self.entry_block = pairs.into_iter();
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
            decode(first.value(), block.value(), u64::MAX, &mut singles)?;
            count += singles.len() as u64;
        }
    }
    Ok((bytes, count))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::bits::xorshift;
    use redb::{Database, ReadableDatabase, backends::InMemoryBackend};

    #[test]
    fn the_best_parameter_codes_the_differences_in_the_fewest_bits_tried() {
        let mut state = 0x0123_4567_89AB_CDEFu64;
        for count in [0u64, 1, 2, 3, 50, 900] {
            for spread in [1u64, 1 << 8, 1 << 20, PREFIX_MAX] {
                let mut prefixes: Vec<u64> =
                    (0..count).map(|_| xorshift(&mut state) % spread).collect();
                prefixes.sort_unstable();
                let singles: Vec<Single> = prefixes.iter().map(|&prefix| (prefix, 0)).collect();
                for guess in [0, 7, 25, PREFIX_BITS] {
                    // Each difference coded one by one, at every parameter.
                    let bits = |k: u32| -> u64 {
                        singles
                            .windows(2)
                            .map(|pair| rice_bits(pair[1].0 - pair[0].0, k))
                            .sum()
                    };
                    let (k, cost) = best_parameter(&singles, guess);
                    assert_eq!(cost, bits(k));
                    let mean =
                        singles.last().map_or(0, |last| last.0 - singles[0].0) / (count.max(2) - 1);
                    let near = width(mean).saturating_sub(1);
                    for other in [guess, near.saturating_sub(1), near, near + 1] {
                        let other = other.min(PREFIX_BITS);
                        assert!(
                            (cost, k) <= (bits(other), other),
                            "{count} {spread} {guess}"
                        );
                    }
                }
            }
        }
    }

    /// Singles sorted by prefix, clustered and spread, some sharing a
    /// prefix, with games small (and, if `wild`, of any size, and a
    /// crowd of one prefix); entries of every size.
    fn sample(seed: u64, count: usize, wild: bool) -> (Vec<Single>, Vec<(u128, Vec<u8>)>) {
        let mut state = seed;
        let mut singles: Vec<Single> = (0..count)
            .map(|i| {
                let prefix = if i % 7 == 0 {
                    xorshift(&mut state) % 1000
                } else {
                    xorshift(&mut state) & PREFIX_MAX
                };
                let game = if wild && i % 5 == 0 {
                    xorshift(&mut state)
                } else {
                    xorshift(&mut state) % 100_000
                };
                (prefix, game)
            })
            .collect();
        // Crowds of one prefix, as a fold may leave them.
        singles.extend((0..if wild { 30 } else { 7 }).map(|game| (PREFIX_MAX, game)));
        singles.sort_unstable_by_key(|&(prefix, _)| prefix);
        let mut entries: Vec<(u128, Vec<u8>)> = (0..count / 10)
            .map(|i| {
                let key = u128::from(xorshift(&mut state)) << 64 | u128::from(xorshift(&mut state));
                let length = match i % 50 {
                    0 => 9000,
                    1 => 4060,
                    _ => usize::try_from(xorshift(&mut state) % 300).unwrap(),
                };
                #[allow(clippy::cast_possible_truncation)]
                (key, (0..length).map(|b| (b * 31 + i) as u8).collect())
            })
            .collect();
        entries.sort_unstable_by_key(|(key, _)| *key);
        entries.dedup_by_key(|(key, _)| *key);
        (singles, entries)
    }

    fn db() -> Database {
        Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap()
    }

    /// Writes run 0 and checks its size.
    fn write(db: &Database, singles: &[Single], entries: &[(u128, Vec<u8>)]) {
        write_in_parts(db, singles, entries, 1);
    }

    /// Writes run 0 in `parts` parts, each of whole prefixes, the first
    /// pushed to the run, the others encoded apart and appended; checks
    /// its size.
    fn write_in_parts(
        db: &Database,
        singles: &[Single],
        entries: &[(u128, Vec<u8>)],
        parts: usize,
    ) {
        fn fill(writer: &mut RunWriter<'_>, singles: &[Single], entries: &[(u128, Vec<u8>)]) {
            for &single in singles {
                writer.push(single).unwrap();
            }
            for (key, entry) in entries {
                writer.push_entry(*key, entry).unwrap();
            }
        }
        // Cut where the prefix changes, near each share.
        let mut cuts = vec![0];
        for part in 1..parts {
            let mut at = (singles.len() * part / parts).max(*cuts.last().unwrap());
            while at > 0 && at < singles.len() && singles[at].0 == singles[at - 1].0 {
                at += 1;
            }
            cuts.push(at);
        }
        cuts.push(singles.len());
        let entry_cut = |part: usize| entries.len() * part / parts;
        let txn = db.begin_write().unwrap();
        let mut writer = RunWriter::new(&txn, 0).unwrap();
        fill(&mut writer, &singles[..cuts[1]], &entries[..entry_cut(1)]);
        for part in 1..parts {
            let mut apart = RunWriter::part();
            fill(
                &mut apart,
                &singles[cuts[part]..cuts[part + 1]],
                &entries[entry_cut(part)..entry_cut(part + 1)],
            );
            writer.append(&apart.into_part().unwrap()).unwrap();
        }
        let size = writer.finish(&txn).unwrap();
        assert_eq!(size, (singles.len() + entries.len()) as u64);
        txn.commit().unwrap();
    }

    #[test]
    fn runs_read_back_as_written() {
        for (seed, count, parts) in [
            (1, 0, 1),
            (2, 1, 1),
            (3, 40, 1),
            (4, 25_000, 1),
            (1, 0, 3),
            (2, 1, 2),
            (3, 40, 4),
            (4, 25_000, 2),
            (5, 25_000, 7),
        ] {
            let (singles, entries) = sample(seed, count, true);
            let db = db();
            write_in_parts(&db, &singles, &entries, parts);
            let read = db.begin_read().unwrap();
            let mut reader = RunReader::new(&read, 0).unwrap();
            let mut back = Vec::new();
            while let Some(single) = reader.next_single().unwrap() {
                back.push(single);
            }
            assert_eq!(back, singles);
            let mut back = Vec::new();
            while let Some(entry) = reader.next_entry().unwrap() {
                back.push(entry);
            }
            assert_eq!(back, entries);
            for &(prefix, _) in singles.iter().step_by(97) {
                let mut games: Vec<u64> = singles
                    .iter()
                    .filter(|s| s.0 == prefix)
                    .map(|s| s.1)
                    .collect();
                games.sort_unstable();
                games.dedup();
                assert_eq!(games_at(&read, prefix).unwrap(), games);
                // Between two prefixes filed (from the marks, too).
                let next = prefix + 1;
                let games: Vec<u64> = singles
                    .iter()
                    .filter(|s| s.0 == next)
                    .map(|s| s.1)
                    .collect();
                assert_eq!(games_at(&read, next).unwrap().len(), games.len());
            }
            assert_eq!(games_at(&read, PREFIX_MAX).unwrap().len(), 30);
            for (key, entry) in entries.iter().step_by(7) {
                assert_eq!(entries_at(&read, *key).unwrap(), vec![entry.clone()]);
                assert!(
                    entries_at(&read, key + 1).unwrap().is_empty()
                        || entries.iter().any(|(k, _)| *k == key + 1)
                );
            }
            assert_eq!(sizes(&read).unwrap().1, singles.len() as u64);
        }
    }

    #[test]
    fn blocks_fill_their_pages() {
        let (singles, entries) = sample(5, 100_000, false);
        let db = db();
        write(&db, &singles, &entries);
        let read = db.begin_read().unwrap();
        let blocks = read.open_table(table(&name(0))).unwrap();
        let lengths: Vec<usize> = blocks
            .iter()
            .unwrap()
            .map(|row| row.unwrap().1.value().len())
            .collect();
        // Every block but the last is over nine tenths of its page, none
        // over it (a crowd of one prefix may take a block past it).
        assert!(lengths.len() > 10);
        for &length in &lengths[..lengths.len() - 1] {
            assert!(length > leaf_room(8) * 9 / 10, "{length}");
            assert!(length <= leaf_room(8), "{length}");
        }
    }

    #[test]
    fn out_of_order_and_broken_blocks_are_errors() {
        let db = db();
        let txn = db.begin_write().unwrap();
        let mut writer = RunWriter::new(&txn, 0).unwrap();
        writer.push((5, 1)).unwrap();
        assert!(writer.push((4, 1)).is_err());
        assert!(writer.push((PREFIX_MAX + 1, 1)).is_err());
        writer.push_entry(9, b"x").unwrap();
        assert!(writer.push_entry(9, b"y").is_err());
        // A part whose singles or entries come before the run's.
        let mut apart = RunWriter::part();
        apart.push((5, 2)).unwrap();
        assert!(writer.append(&apart.into_part().unwrap()).is_err());
        let mut apart = RunWriter::part();
        apart.push_entry(8, b"z").unwrap();
        assert!(writer.append(&apart.into_part().unwrap()).is_err());
        let mut apart = RunWriter::part();
        apart.push((6, 2)).unwrap();
        apart.push_entry(10, b"z").unwrap();
        writer.append(&apart.into_part().unwrap()).unwrap();
        assert!(writer.push((5, 3)).is_err());
        assert!(writer.push((6, 3)).is_err());
        assert!(writer.push_entry(10, b"w").is_err());
        drop(writer);
        drop(txn);
        let (singles, _) = sample(6, 3000, true);
        let mut out = Vec::new();
        let mut state = 7;
        // Cut or changed bytes of a real block: an error or singles,
        // never a panic.
        let mut bytes = Vec::new();
        put(&mut bytes, 3);
        bytes.extend([4, 0, 8, 0]);
        let mut bits = BitWriter::default();
        for &(prefix, game) in &singles[..3] {
            bits.rice(prefix & 0xFF, 4);
            bits.fixed(game & 0xFF, 8);
        }
        bytes.extend(bits.finish());
        for _ in 0..2000 {
            let mut broken = bytes.clone();
            let at = usize::try_from(xorshift(&mut state)).unwrap() % broken.len();
            #[allow(clippy::cast_possible_truncation)]
            {
                broken[at] = xorshift(&mut state) as u8;
            }
            broken.truncate(usize::try_from(xorshift(&mut state)).unwrap() % (broken.len() + 1));
            out.clear();
            let _ = decode(PREFIX_MAX - 3, &broken, u64::MAX, &mut out);
            assert!(out.len() <= 8 * broken.len() + 1);
        }
        assert!(decode(0, &[0xFF; 12], u64::MAX, &mut out).is_err());
        assert!(entries_of(&[1; 20]).any(|pair| pair.is_err()));
    }
}
