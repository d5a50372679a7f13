//! The games' records, numbered in a row, kept a block of a page at a
//! time (redb fills a page half when rows come in order, so a row a game
//! took twice its bytes): each block keyed by its first game's number,
//! its records each a varint length and the bytes. Many games' records
//! are read in one pass over their blocks (`get_sorted`).

use crate::error::{Error, store};
use crate::model::codec::{get_as, leaf_room, put, varint_bytes};
use crate::model::line::Line;
use redb::ReadableTable;

/// A game's record (with its length) takes at least this many bytes: its
/// key, five values and three texts (a bound, for walking no block past
/// where a game could be; [`get_sorted`] reads games' records only).
const MIN_RECORD: usize = 16 + 5 + 3 + 1;

/// A block holds at most this many bytes (one to a page), but for a
/// record larger alone.
const BLOCK_BYTES: usize = leaf_room(8);

/// Reads the record at the front of a block's `bytes` (not empty).
fn split_record<'b>(bytes: &mut &'b [u8]) -> Result<&'b [u8], Error> {
    // A length of one or two bytes (most records), read here: a listing
    // walks blocks a record at a time.
    let length = match **bytes {
        [low, ref rest @ ..] if low < 0x80 => {
            *bytes = rest;
            usize::from(low)
        }
        [low, high, ref rest @ ..] if high < 0x80 => {
            *bytes = rest;
            usize::from(low & 0x7F) | usize::from(high) << 7
        }
        _ => get_as::<usize>(bytes)?,
    };
    if bytes.len() < length {
        return Err(Error::Corrupt("a game's record runs past its block"));
    }
    let (record, rest) = bytes.split_at(length);
    *bytes = rest;
    Ok(record)
}

/// Reads the records of a block.
fn records(mut bytes: &[u8]) -> impl Iterator<Item = Result<&[u8], Error>> {
    std::iter::from_fn(move || {
        if bytes.is_empty() {
            return None;
        }
        let record = split_record(&mut bytes);
        if record.is_err() {
            bytes = &[];
        }
        Some(record)
    })
}

/// The line of game `game` (its start and indexed moves), from the
/// lines' table: an error if the db lacks it.
pub(crate) fn line(
    lines: &impl ReadableTable<u64, &'static [u8]>,
    game: u64,
) -> Result<Line, Error> {
    let bytes = get(lines, game)?.ok_or_else(|| Error::Corrupt("a game's line is missing"))?;
    Line::decode(&bytes)
}

/// The record of game `game`, if the db has it.
pub(crate) fn get(
    games: &impl ReadableTable<u64, &'static [u8]>,
    game: u64,
) -> Result<Option<Vec<u8>>, Error> {
    let Some(row) = games.range(..=game).map_err(store)?.next_back() else {
        return Ok(None);
    };
    let (first, block) = row.map_err(store)?;
    let Some(skip) = game
        .checked_sub(first.value())
        .and_then(|n| usize::try_from(n).ok())
    else {
        return Ok(None);
    };
    let mut bytes = block.value();
    for _ in 0..skip {
        // Past the block's last record: a game the db lacks.
        if bytes.is_empty() {
            return Ok(None);
        }
        let length = get_as::<usize>(&mut bytes)?;
        // (No error made ahead: this loop is a question's busiest.)
        let Some(rest) = bytes.get(length..) else {
            return Err(Error::Corrupt("a game's record runs past its block"));
        };
        bytes = rest;
    }
    records(bytes)
        .next()
        .transpose()
        .map(|record| record.map(<[u8]>::to_vec))
}

/// A block [`get_sorted`] reads: its first game's number, its bytes, and
/// the game at `offset` (one past its last once walked to its end).
struct Reading<'t> {
    first: u64,
    block: redb::AccessGuard<'t, &'static [u8]>,
    game: u64,
    offset: usize,
    /// The games from this number up to `first` are known to be missing
    /// (`first` when the block was sought).
    missing_from: u64,
    /// No block starts after `first` up to this number (the number it
    /// was sought for).
    alone_to: u64,
    /// No block follows it.
    last: bool,
}

impl<'t> Reading<'t> {
    fn new(
        (first, block): (
            redb::AccessGuard<'t, u64>,
            redb::AccessGuard<'t, &'static [u8]>,
        ),
        missing_from: Option<u64>,
        alone_to: u64,
    ) -> Reading<'t> {
        let first = first.value();
        Reading {
            first,
            block,
            game: first,
            offset: 0,
            missing_from: missing_from.unwrap_or(first).min(first),
            alone_to,
            last: false,
        }
    }
}

/// Calls `each` with the place in `numbers` and the record of every game
/// of `numbers` (`None`: the db lacks it), in the order of `numbers`,
/// reading each block they lie in once when they come in ascending order
/// (repeats allowed; any order is read right, but more slowly). A block is
/// sought with `range` only when the next number is in neither the block
/// at hand nor the next one.
pub(crate) fn get_sorted<'t>(
    games: &'t impl ReadableTable<u64, &'static [u8]>,
    numbers: &[u64],
    mut each: impl FnMut(usize, Option<&[u8]>) -> Result<(), Error>,
) -> Result<(), Error> {
    use std::ops::Bound;
    let mut reading: Option<Reading<'t>> = None;
    // The blocks after `reading`'s (when it was come to from this range,
    // or its end was walked to).
    let mut ahead: Option<redb::Range<'t, u64, &'static [u8]>> = None;
    for (at, &game) in numbers.iter().enumerate() {
        loop {
            let Some(block) = reading.as_mut() else {
                // Seek the block that would hold it.
                ahead = None;
                match games.range(..=game).map_err(store)?.next_back() {
                    None => {
                        each(at, None)?;
                        break;
                    }
                    Some(row) => {
                        reading = Some(Reading::new(row.map_err(store)?, None, game));
                        continue;
                    }
                }
            };
            if game < block.first {
                if game >= block.missing_from {
                    each(at, None)?;
                    break;
                }
                // Before the blocks read: sought anew.
                reading = None;
                continue;
            }
            if game < block.game {
                // Before the record at hand: walked to from the start.
                (block.game, block.offset) = (block.first, 0);
            }
            let bytes = block.block.value();
            let mut rest = bytes.get(block.offset..).unwrap_or_default();
            if game > block.alone_to
                && !block.last
                && game - block.game > (rest.len() / MIN_RECORD) as u64
            {
                // Past the block's end (were its records of the least
                // size): sought, not walked to.
                reading = None;
                continue;
            }
            while block.game < game && !rest.is_empty() {
                split_record(&mut rest)?;
                block.game += 1;
            }
            block.offset = bytes.len() - rest.len();
            if !rest.is_empty() {
                each(at, Some(split_record(&mut rest)?))?;
                break;
            }
            // Past the block's end: in the next block if anywhere near,
            // else sought.
            let end = block.game;
            if block.last || game <= block.alone_to {
                each(at, None)?;
                break;
            }
            if game - end > end - block.first {
                reading = None;
                continue;
            }
            let first = block.first;
            let range = match &mut ahead {
                Some(range) => range,
                None => ahead.insert(
                    games
                        .range((Bound::Excluded(first), Bound::Unbounded))
                        .map_err(store)?,
                ),
            };
            match range.next() {
                Some(row) => reading = Some(Reading::new(row.map_err(store)?, Some(end), 0)),
                None => {
                    if let Some(block) = reading.as_mut() {
                        block.last = true;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Calls `each` with every game's number and record, in order.
pub(crate) fn each(
    games: &impl ReadableTable<u64, &'static [u8]>,
    mut each: impl FnMut(u64, &[u8]) -> Result<(), Error>,
) -> Result<(), Error> {
    for row in games.iter().map_err(store)? {
        let (first, block) = row.map_err(store)?;
        let mut number = first.value();
        for record in records(block.value()) {
            each(number, record?)?;
            number = number
                .checked_add(1)
                .ok_or_else(|| Error::Corrupt("a game's number overflows"))?;
        }
    }
    Ok(())
}

/// The games and the bytes of their records.
pub(crate) fn count(games: &impl ReadableTable<u64, &'static [u8]>) -> Result<(u64, u64), Error> {
    let (mut count, mut bytes) = (0, 0);
    each(games, |_, record| {
        count += 1;
        bytes += record.len() as u64;
        Ok(())
    })?;
    Ok((count, bytes))
}

/// The number after the db's last game (0 for none).
pub(crate) fn next_number(games: &impl ReadableTable<u64, &'static [u8]>) -> Result<u64, Error> {
    let Some((first, block)) = games.last().map_err(store)? else {
        return Ok(0);
    };
    let mut next = first.value();
    for record in records(block.value()) {
        record?;
        next = next
            .checked_add(1)
            .ok_or_else(|| Error::Corrupt("a game's number overflows"))?;
    }
    Ok(next)
}

/// Appends records, numbered in a row, to the games table of a write
/// transaction; the db's last block is filled up first.
pub(crate) struct Appender {
    first: u64,
    next: u64,
    block: Vec<u8>,
}

impl Appender {
    /// Starts after the db's last game.
    pub(crate) fn new(games: &impl ReadableTable<u64, &'static [u8]>) -> Result<Appender, Error> {
        let next = next_number(games)?;
        let mut appender = Appender {
            first: next,
            next,
            block: Vec::with_capacity(BLOCK_BYTES),
        };
        if let Some((first, block)) = games.last().map_err(store)?
            && block.value().len() < BLOCK_BYTES
        {
            appender.first = first.value();
            appender.block.extend_from_slice(block.value());
        }
        Ok(appender)
    }

    /// Adds game `game`'s record: the next number, else a new block.
    pub(crate) fn push(
        &mut self,
        games: &mut redb::Table<'_, u64, &'static [u8]>,
        game: u64,
        record: &[u8],
    ) -> Result<(), Error> {
        let needs = varint_bytes(record.len() as u64) + record.len();
        if game != self.next || self.block.len() + needs > BLOCK_BYTES {
            self.close(games)?;
            self.first = game;
        }
        put(&mut self.block, record.len() as u64);
        self.block.extend_from_slice(record);
        self.next = game
            .checked_add(1)
            .ok_or_else(|| Error::Corrupt("a game's number overflows"))?;
        Ok(())
    }

    fn close(&mut self, games: &mut redb::Table<'_, u64, &'static [u8]>) -> Result<(), Error> {
        if !self.block.is_empty() {
            games
                .insert(self.first, self.block.as_slice())
                .map_err(store)?;
            self.block.clear();
        }
        Ok(())
    }

    /// Writes the last block.
    pub(crate) fn finish(
        mut self,
        games: &mut redb::Table<'_, u64, &'static [u8]>,
    ) -> Result<(), Error> {
        self.close(games)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use redb::{
        Database, ReadableDatabase, ReadableTableMetadata, TableDefinition,
        backends::InMemoryBackend,
    };

    /// A table of records, as the db's games table is.
    const GAMES: TableDefinition<'static, u64, &[u8]> = TableDefinition::new("games");

    #[test]
    fn records_read_back_and_missing_games_are_none() {
        let db = Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap();
        // Games 10 to 509 (blocks of a page), then 600 to 609.
        let record = |game: u64| -> Vec<u8> {
            #[allow(clippy::cast_possible_truncation)] // bytes of a pattern
            (0..(game % 97) * 3).map(|b| (b ^ game) as u8).collect()
        };
        let numbers: Vec<u64> = (10..510).chain(600..610).collect();
        let txn = db.begin_write().unwrap();
        {
            let mut games = txn.open_table(GAMES).unwrap();
            let mut appender = Appender::new(&games).unwrap();
            for &game in &numbers {
                appender.push(&mut games, game, &record(game)).unwrap();
            }
            appender.finish(&mut games).unwrap();
        }
        txn.commit().unwrap();
        let read = db.begin_read().unwrap();
        let games = read.open_table(GAMES).unwrap();
        assert!(games.len().unwrap() > 2, "several blocks");
        for &game in &numbers {
            assert_eq!(get(&games, game).unwrap(), Some(record(game)), "{game}");
        }
        for game in [0, 9, 510, 511, 599, 610, 10_000, u64::MAX] {
            assert_eq!(get(&games, game).unwrap(), None, "{game}");
        }
        assert_eq!(next_number(&games).unwrap(), 610);
        assert_eq!(count(&games).unwrap().0, numbers.len() as u64);
    }

    /// What [`get_sorted`] gives for `numbers`, checked against [`get`]
    /// one by one: every place once, in order.
    fn check_sorted(games: &impl ReadableTable<u64, &'static [u8]>, numbers: &[u64]) {
        let mut called = Vec::new();
        get_sorted(games, numbers, |at, record| {
            assert_eq!(
                record.map(<[u8]>::to_vec),
                get(games, numbers[at]).unwrap(),
                "{}",
                numbers[at]
            );
            called.push(at);
            Ok(())
        })
        .unwrap();
        assert_eq!(called, (0..numbers.len()).collect::<Vec<_>>());
    }

    #[test]
    fn records_read_in_one_pass_as_one_by_one() {
        let db = Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap();
        // Games 10 to 2009 (blocks of a page), 2100 to 2109, and 5000.
        let record = |game: u64| -> Vec<u8> {
            #[allow(clippy::cast_possible_truncation)] // bytes of a pattern
            (0..(game % 89) * 2).map(|b| (b ^ game) as u8).collect()
        };
        let txn = db.begin_write().unwrap();
        {
            let mut games = txn.open_table(GAMES).unwrap();
            let mut appender = Appender::new(&games).unwrap();
            for game in (10..2010).chain(2100..2110).chain([5000]) {
                appender.push(&mut games, game, &record(game)).unwrap();
            }
            appender.finish(&mut games).unwrap();
        }
        txn.commit().unwrap();
        let read = db.begin_read().unwrap();
        let games = read.open_table(GAMES).unwrap();
        let firsts: Vec<u64> = games
            .iter()
            .unwrap()
            .map(|row| row.unwrap().0.value())
            .collect();
        assert!(firsts.len() > 10, "many blocks");
        // Every game; each block's first, last and the one before it.
        check_sorted(&games, &(0..5100).collect::<Vec<_>>());
        let mut edges: Vec<u64> = firsts
            .iter()
            .flat_map(|&first| [first.saturating_sub(1), first, first + 1])
            .collect();
        edges.sort_unstable();
        edges.dedup();
        check_sorted(&games, &edges);
        // Sparse (sought), dense (walked), repeats, missing games between
        // blocks, past the last and at the ends of the numbers.
        let mut state = 7u64;
        for round in 0..200u64 {
            let spread = [3, 40, 400, 6000][usize::try_from(round % 4).unwrap()];
            let mut numbers: Vec<u64> = (0..=round % 70)
                .map(|_| crate::store::bits::xorshift(&mut state) % spread)
                .collect();
            numbers.extend([0, 9, 2010, 2099, 2110, 4999, 5000, 5001, u64::MAX]);
            numbers.sort_unstable();
            check_sorted(&games, &numbers);
            // Out of order: still right.
            numbers.reverse();
            check_sorted(&games, &numbers);
        }
        check_sorted(&games, &[]);
        check_sorted(&games, &[u64::MAX, 0, 5000, 10, 5000]);
    }

    #[test]
    fn a_broken_block_is_an_error_not_a_panic() {
        let db = Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap();
        let txn = db.begin_write().unwrap();
        {
            let mut games = txn.open_table(GAMES).unwrap();
            // Game 10 of 2 bytes, then game 11 claiming 50 bytes of 1.
            games.insert(10, [2, 1, 2, 50, 7].as_slice()).unwrap();
        }
        txn.commit().unwrap();
        let read = db.begin_read().unwrap();
        let games = read.open_table(GAMES).unwrap();
        let mut got = Vec::new();
        let result = get_sorted(&games, &[10, 11, 12], |at, record| {
            got.push((at, record.map(<[u8]>::to_vec)));
            Ok(())
        });
        assert!(matches!(result, Err(Error::Corrupt(_))), "{result:?}");
        assert_eq!(got, [(0, Some(vec![1, 2]))]);
        // An error of the caller's stops the pass.
        let result = get_sorted(&games, &[9, 10], |_, _| Err(Error::Corrupt("stop")));
        assert!(matches!(result, Err(Error::Corrupt("stop"))));
    }
}
