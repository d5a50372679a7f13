//! The games of each position that several games reached: for every
//! entry a batch writes (and every entry a fold makes of singles), the
//! list of its games, newest first, then by id, then by number, each with
//! its time (`YYYYMMDDhhmmss`) and the move it played there. A batch's
//! lists make one list table, never folded: a position's games are its
//! lists in every table, and its singles, found as a question finds them.
//! A list table is two tables: blocks of a page of small lists, keyed by
//! their first position; and the parts of the long lists ([`PART`] games
//! each), keyed by position and part, so that the first page of the
//! longest list reads one part.

use crate::error::{Error, store};
use crate::model::codec::{get, get_as, leaf_room, put};
use redb::{ReadTransaction, ReadableTable, TableDefinition, WriteTransaction};

/// List table number to the games its lists hold.
pub(crate) const LIST_TABLES: TableDefinition<'static, u32, u64> =
    TableDefinition::new("list_tables");

/// Games a part of a long list holds (a shorter list sits in a block).
pub(crate) const PART: usize = 512;

/// The bytes a block of lists may take.
const BLOCK_BYTES: usize = leaf_room(16);

/// One game of a position's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Listed {
    /// When it was played (`YYYYMMDDhhmmss`, unknown parts 0).
    pub(crate) when: u64,
    /// Its number.
    pub(crate) game: u64,
    /// The move it played from the position.
    pub(crate) mv: u16,
}

fn blocks_name(table: u32) -> String {
    format!("lists-{table}")
}

fn parts_name(table: u32) -> String {
    format!("list-parts-{table}")
}

fn blocks_table(name: &str) -> TableDefinition<'_, u128, &'static [u8]> {
    TableDefinition::new(name)
}

fn parts_table(name: &str) -> TableDefinition<'_, (u128, u32), &'static [u8]> {
    TableDefinition::new(name)
}

/// Writes games (in a list's order): the moves they played (a list of
/// their own, each game naming its by place), then each game's time (the
/// first whole, then each below the last), number (the first whole, then
/// the difference, zigzagged) and move.
fn encode(games: &[Listed], out: &mut Vec<u8>) {
    let mut moves: Vec<u16> = games.iter().map(|game| game.mv).collect();
    moves.sort_unstable();
    moves.dedup();
    put(out, moves.len() as u64);
    for &mv in &moves {
        put(out, u64::from(mv));
    }
    put(out, games.len() as u64);
    let (mut when, mut number) = (u64::MAX, 0u64);
    for (at, game) in games.iter().enumerate() {
        if at == 0 {
            put(out, game.when);
        } else {
            put(out, when.saturating_sub(game.when));
        }
        let step = game.game.wrapping_sub(number).cast_signed();
        put(out, (step << 1 ^ step >> 63).cast_unsigned());
        put(
            out,
            moves.binary_search(&game.mv).unwrap_or_default() as u64,
        );
        (when, number) = (game.when, game.game);
    }
}

/// Reads what [`encode`] wrote, appended to `out`.
fn decode(mut bytes: &[u8], out: &mut Vec<Listed>) -> Result<(), Error> {
    let bytes = &mut bytes;
    let count = get(bytes)?;
    if count > bytes.len() as u64 {
        return Err(Error::Corrupt("a list's moves run past its end"));
    }
    let moves = (0..count)
        .map(|_| get_as::<u16>(bytes))
        .collect::<Result<Vec<u16>, Error>>()?;
    let count = get(bytes)?;
    if count > bytes.len() as u64 {
        return Err(Error::Corrupt("a list's games run past its end"));
    }
    let (mut when, mut number) = (0u64, 0u64);
    for at in 0..count {
        let time = get(bytes)?;
        when = if at == 0 {
            time
        } else {
            when.checked_sub(time)
                .ok_or_else(|| Error::Corrupt("a list's times run below zero"))?
        };
        let step = get(bytes)?;
        let step = (step >> 1).cast_signed() ^ -(step & 1).cast_signed();
        number = number.wrapping_add(step.cast_unsigned());
        let mv = *moves
            .get(get_as::<usize>(bytes)?)
            .ok_or_else(|| Error::Corrupt("a list names a move it lacks"))?;
        out.push(Listed {
            when,
            game: number,
            mv,
        });
    }
    if !bytes.is_empty() {
        return Err(Error::Corrupt("a list has bytes past its games"));
    }
    Ok(())
}

/// Writes one list table: lists pushed in order of position.
pub(crate) struct ListWriter<'t> {
    blocks: redb::Table<'t, u128, &'static [u8]>,
    parts: redb::Table<'t, (u128, u32), &'static [u8]>,
    number: u32,
    block: Vec<u8>,
    first: u128,
    last: Option<u128>,
    games: u64,
    bytes: Vec<u8>,
}

impl<'t> ListWriter<'t> {
    /// Starts the db's next list table in `txn`.
    pub(crate) fn new(txn: &'t WriteTransaction) -> Result<ListWriter<'t>, Error> {
        let number = match txn
            .open_table(LIST_TABLES)
            .map_err(store)?
            .last()
            .map_err(store)?
        {
            None => 0,
            Some((last, _)) => last
                .value()
                .checked_add(1)
                .ok_or_else(|| Error::Corrupt("a list table's number overflows"))?,
        };
        Ok(ListWriter {
            blocks: txn
                .open_table(blocks_table(&blocks_name(number)))
                .map_err(store)?,
            parts: txn
                .open_table(parts_table(&parts_name(number)))
                .map_err(store)?,
            number,
            block: Vec::with_capacity(BLOCK_BYTES),
            first: 0,
            last: None,
            games: 0,
            bytes: Vec::new(),
        })
    }

    /// Adds position `key`'s games, in a list's order (newest first, then
    /// by id, then by number); keys come in order.
    pub(crate) fn push(&mut self, key: u128, games: &[Listed]) -> Result<(), Error> {
        if self.last.is_some_and(|last| key <= last) {
            return Err(Error::Corrupt("a list table's positions are out of order"));
        }
        self.last = Some(key);
        self.games += games.len() as u64;
        self.bytes.clear();
        let parts = if games.len() <= PART {
            encode(games, &mut self.bytes);
            0
        } else {
            let mut part_bytes = Vec::new();
            for (at, part) in games.chunks(PART).enumerate() {
                part_bytes.clear();
                encode(part, &mut part_bytes);
                let at = u32::try_from(at).map_err(|_| Error::Corrupt("a list is too long"))?;
                self.parts
                    .insert((key, at), part_bytes.as_slice())
                    .map_err(store)?;
            }
            games.len().div_ceil(PART)
        };
        let needs = 16 + 10 + 10 + 10 + self.bytes.len();
        if !self.block.is_empty() && self.block.len() + needs > BLOCK_BYTES {
            self.close()?;
        }
        if self.block.is_empty() {
            self.first = key;
        }
        self.block.extend_from_slice(&key.to_be_bytes());
        put(&mut self.block, games.len() as u64);
        put(&mut self.block, parts as u64);
        put(&mut self.block, self.bytes.len() as u64);
        self.block.extend_from_slice(&self.bytes);
        Ok(())
    }

    fn close(&mut self) -> Result<(), Error> {
        if !self.block.is_empty() {
            self.blocks
                .insert(self.first, self.block.as_slice())
                .map_err(store)?;
            self.block.clear();
        }
        Ok(())
    }

    /// Writes the last block and files the table (a table of no list is
    /// removed).
    pub(crate) fn finish(mut self, txn: &WriteTransaction) -> Result<(), Error> {
        self.close()?;
        let (number, games) = (self.number, self.games);
        drop(self.blocks);
        drop(self.parts);
        if self.last.is_some() {
            txn.open_table(LIST_TABLES)
                .map_err(store)?
                .insert(number, games)
                .map_err(store)?;
        } else {
            txn.delete_table(blocks_table(&blocks_name(number)))
                .map_err(store)?;
            txn.delete_table(parts_table(&parts_name(number)))
                .map_err(store)?;
        }
        Ok(())
    }
}

/// One list of a block: its position, games, parts (0: in the block) and
/// the games' bytes when in the block.
struct BlockList<'a> {
    key: u128,
    total: u64,
    parts: u32,
    bytes: &'a [u8],
}

/// The lists of a block, in order.
fn lists_of(mut bytes: &[u8]) -> impl Iterator<Item = Result<BlockList<'_>, Error>> {
    std::iter::from_fn(move || {
        if bytes.is_empty() {
            return None;
        }
        let next = (|| {
            let (key, rest) = bytes
                .split_first_chunk::<16>()
                .ok_or_else(|| Error::Corrupt("a block of lists ends in a key"))?;
            let mut rest = rest;
            let total = get(&mut rest)?;
            let parts = get_as::<u32>(&mut rest)?;
            let length = usize::try_from(get(&mut rest)?)
                .ok()
                .filter(|&length| length <= rest.len())
                .ok_or_else(|| Error::Corrupt("a list runs past its block"))?;
            let (list, after) = rest.split_at(length);
            bytes = after;
            Ok(BlockList {
                key: u128::from_be_bytes(*key),
                total,
                parts,
                bytes: list,
            })
        })();
        if next.is_err() {
            bytes = &[];
        }
        Some(next)
    })
}

type BlocksTable = redb::ReadOnlyTable<u128, &'static [u8]>;
type PartsTable = redb::ReadOnlyTable<(u128, u32), &'static [u8]>;

/// Every list table, opened once for many questions.
pub(crate) struct ListTables {
    tables: Vec<(BlocksTable, PartsTable)>,
}

/// One position's list in one table, read a part at a time.
pub(crate) struct ListCursor {
    table: usize,
    key: u128,
    parts: u32,
    next_part: u32,
    games: Vec<Listed>,
    at: usize,
    /// The games not yet given (as the list's block says).
    left: u64,
}

impl ListCursor {
    /// The games of the list not yet given (as its block says: a bound,
    /// not a promise).
    pub(crate) fn left(&self) -> u64 {
        self.left
    }
}

impl ListTables {
    /// Opens the list tables `txn` sees.
    pub(crate) fn open(txn: &ReadTransaction) -> Result<ListTables, Error> {
        let mut tables = Vec::new();
        let listed = match txn.open_table(LIST_TABLES) {
            Ok(table) => table,
            Err(redb::TableError::TableDoesNotExist(_)) => return Ok(ListTables { tables }),
            Err(other) => return Err(store(other)),
        };
        for row in listed.iter().map_err(store)? {
            let number = row.map_err(store)?.0.value();
            tables.push((
                txn.open_table(blocks_table(&blocks_name(number)))
                    .map_err(store)?,
                txn.open_table(parts_table(&parts_name(number)))
                    .map_err(store)?,
            ));
        }
        Ok(ListTables { tables })
    }

    /// Position `key`'s list in every table that has one, each at its
    /// first game.
    pub(crate) fn lists_at(&self, key: u128) -> Result<Vec<ListCursor>, Error> {
        let mut found = Vec::new();
        for (at, (blocks, _)) in self.tables.iter().enumerate() {
            let Some(row) = blocks.range(..=key).map_err(store)?.next_back() else {
                continue;
            };
            let block = row.map_err(store)?.1;
            for list in lists_of(block.value()) {
                let list = list?;
                if list.key != key {
                    continue;
                }
                let mut games = Vec::new();
                if list.parts == 0 {
                    decode(list.bytes, &mut games)?;
                }
                found.push(ListCursor {
                    table: at,
                    key,
                    parts: list.parts,
                    next_part: 0,
                    games,
                    at: 0,
                    left: list.total,
                });
                break;
            }
        }
        Ok(found)
    }

    /// The next game of a list, if any.
    pub(crate) fn next(&self, cursor: &mut ListCursor) -> Result<Option<Listed>, Error> {
        while cursor.at == cursor.games.len() {
            if cursor.next_part >= cursor.parts {
                return Ok(None);
            }
            let (_, parts) = self
                .tables
                .get(cursor.table)
                .ok_or_else(|| Error::Corrupt("a list's table is gone"))?;
            let part = parts
                .get((cursor.key, cursor.next_part))
                .map_err(store)?
                .ok_or_else(|| Error::Corrupt("a list's part is missing"))?;
            cursor.games.clear();
            cursor.at = 0;
            decode(part.value(), &mut cursor.games)?;
            cursor.next_part += 1;
        }
        cursor.at += 1;
        cursor.left = cursor.left.saturating_sub(1);
        Ok(Some(cursor.games[cursor.at - 1]))
    }
}

/// Copies the list tables of a source db (`read`) into the target's
/// (`txn`), each as a new table, the games renumbered by `renumber`
/// (which keeps their order); gives the games listed.
pub(crate) fn copy_tables(
    read: &ReadTransaction,
    txn: &WriteTransaction,
    renumber: &dyn Fn(u64) -> Result<u64, Error>,
) -> Result<u64, Error> {
    let source = ListTables::open(read)?;
    let mut copied = 0;
    for (at, (blocks, _)) in source.tables.iter().enumerate() {
        let mut writer = ListWriter::new(txn)?;
        for row in blocks.iter().map_err(store)? {
            let block = row.map_err(store)?.1;
            for list in lists_of(block.value()) {
                let list = list?;
                let mut cursor = ListCursor {
                    table: at,
                    key: list.key,
                    parts: list.parts,
                    next_part: 0,
                    games: Vec::new(),
                    at: 0,
                    left: list.total,
                };
                if list.parts == 0 {
                    decode(list.bytes, &mut cursor.games)?;
                }
                let mut games = Vec::with_capacity(usize::try_from(list.total).unwrap_or(0));
                while let Some(mut game) = source.next(&mut cursor)? {
                    game.game = renumber(game.game)?;
                    games.push(game);
                }
                copied += games.len() as u64;
                writer.push(list.key, &games)?;
            }
        }
        writer.finish(txn)?;
    }
    Ok(copied)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::bits::xorshift;
    use redb::{Database, ReadableDatabase, backends::InMemoryBackend};

    #[test]
    fn lists_read_back_as_written() {
        let db = Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap();
        let mut state = 3u64;
        let mut written: Vec<(u128, Vec<Listed>)> = Vec::new();
        for i in 0..400u128 {
            let length = match i % 100 {
                0 => 3 * PART + 7,
                1 => PART,
                2 => PART + 1,
                _ => 2 + usize::try_from(xorshift(&mut state) % 30).unwrap(),
            };
            let mut when = 20_240_501_000_000u64;
            let games: Vec<Listed> = (0..length)
                .map(|_| {
                    when -= xorshift(&mut state) % 5000;
                    #[allow(clippy::cast_possible_truncation)]
                    Listed {
                        when,
                        game: xorshift(&mut state) % 1_000_000,
                        mv: (xorshift(&mut state) % 4096) as u16,
                    }
                })
                .collect();
            written.push((i * 0x1_0000_0000_0000_0000_0001 + 5, games));
        }
        let txn = db.begin_write().unwrap();
        let mut writer = ListWriter::new(&txn).unwrap();
        for (key, games) in &written {
            writer.push(*key, games).unwrap();
        }
        assert!(writer.push(0, &written[0].1).is_err());
        writer.finish(&txn).unwrap();
        txn.commit().unwrap();
        let read = db.begin_read().unwrap();
        let tables = ListTables::open(&read).unwrap();
        for (key, games) in &written {
            let mut lists = tables.lists_at(*key).unwrap();
            assert_eq!(lists.len(), 1);
            let mut back = Vec::new();
            while let Some(game) = tables.next(&mut lists[0]).unwrap() {
                back.push(game);
            }
            assert_eq!(&back, games);
            assert!(tables.lists_at(key + 1).unwrap().is_empty());
        }
    }

    #[test]
    fn broken_lists_are_errors_not_panics() {
        let games = [
            Listed {
                when: 20,
                game: 5,
                mv: 7,
            },
            Listed {
                when: 10,
                game: 2,
                mv: 9,
            },
        ];
        let mut bytes = Vec::new();
        encode(&games, &mut bytes);
        let mut back = Vec::new();
        decode(&bytes, &mut back).unwrap();
        assert_eq!(back, games);
        let mut state = 11u64;
        for _ in 0..3000 {
            let mut broken = bytes.clone();
            let at = usize::try_from(xorshift(&mut state)).unwrap() % broken.len();
            #[allow(clippy::cast_possible_truncation)]
            {
                broken[at] = xorshift(&mut state) as u8;
            }
            broken.truncate(usize::try_from(xorshift(&mut state)).unwrap() % (broken.len() + 1));
            back.clear();
            let _ = decode(&broken, &mut back);
            assert!(back.len() <= broken.len());
        }
        assert!(lists_of(&[0xFF; 20]).any(|list| list.is_err()));
    }
}
