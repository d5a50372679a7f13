//! The games' records, numbered in a row, kept a block of a page at a
//! time (redb fills a page half when rows come in order, so a row a game
//! took twice its bytes): each block keyed by its first game's number,
//! its records each a varint length and the bytes.

use crate::error::{Error, store};
use crate::model::codec::{get_as, leaf_room, put, varint_bytes};
use redb::ReadableTable;

/// A block holds at most this many bytes (one to a page), but for a
/// record larger alone.
const BLOCK_BYTES: usize = leaf_room(8);

/// Reads the records of a block.
fn records(mut bytes: &[u8]) -> impl Iterator<Item = Result<&[u8], Error>> {
    std::iter::from_fn(move || {
        if bytes.is_empty() {
            return None;
        }
        let record = get_as::<usize>(&mut bytes).and_then(|length| {
            if bytes.len() < length {
                return Err(Error::Corrupt("a game's record runs past its block"));
            }
            let (record, rest) = bytes.split_at(length);
            bytes = rest;
            Ok(record)
        });
        if record.is_err() {
            bytes = &[];
        }
        Some(record)
    })
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
                .ok_or(Error::Corrupt("a game's number overflows"))?;
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
            .ok_or(Error::Corrupt("a game's number overflows"))?;
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
            .ok_or(Error::Corrupt("a game's number overflows"))?;
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
}
