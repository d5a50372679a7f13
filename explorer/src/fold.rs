//! Adding to the entries of positions that several games reached: an
//! entry merged with the one the table holds, its top and recent games
//! trimmed by the games' orders, read from their records as needed.

use crate::entry::Entry;
use crate::error::{Error, store};
use crate::game::GameInfo;
use redb::ReadableTable;
use std::collections::HashMap;

/// The games whose orders (rating, date) trimming has needed, by number.
#[derive(Default)]
pub(crate) struct Orders {
    known: HashMap<u64, GameInfo>,
}

impl Orders {
    /// Remembers game `game`.
    pub(crate) fn insert(&mut self, game: u64, info: GameInfo) {
        self.known.insert(game, info);
    }

    /// Forgets every game.
    pub(crate) fn clear(&mut self) {
        self.known.clear();
    }

    /// How many games are remembered.
    pub(crate) fn len(&self) -> usize {
        self.known.len()
    }

    /// Keeps the entry's best top and recent games, reading the records
    /// it lacks from `games`.
    pub(crate) fn trim(
        &mut self,
        entry: &mut Entry,
        games: &impl ReadableTable<u64, &'static [u8]>,
    ) -> Result<(), Error> {
        if !entry.needs_trim() {
            return Ok(());
        }
        for &(game, _) in entry.top.iter().chain(&entry.recent) {
            if let std::collections::hash_map::Entry::Vacant(slot) = self.known.entry(game) {
                let record = games
                    .get(game)
                    .map_err(store)?
                    .ok_or(Error::Corrupt("an entry names a game the db lacks"))?;
                slot.insert(GameInfo::decode(record.value())?);
            }
        }
        let known = &self.known;
        entry.trim(
            |g| known.get(&g).map(GameInfo::top_order),
            |g| known.get(&g).map(GameInfo::recent_order),
        );
        Ok(())
    }
}

/// Adds `entry` to the entry of `key` in `positions` (looked up only when
/// `look_up`: a db's first batch finds nothing), trimmed, and writes it.
pub(crate) fn fold(
    positions: &mut redb::Table<'_, u128, &'static [u8]>,
    games: &impl ReadableTable<u64, &'static [u8]>,
    orders: &mut Orders,
    (key, mut entry): (u128, Entry),
    look_up: bool,
    bytes: &mut Vec<u8>,
) -> Result<(), Error> {
    if look_up {
        let old = positions
            .get(key)
            .map_err(store)?
            .map(|value| Entry::decode(value.value()))
            .transpose()?;
        if let Some(old) = old {
            entry.merge(old);
        }
    }
    orders.trim(&mut entry, games)?;
    bytes.clear();
    entry.encode(bytes);
    positions.insert(key, bytes.as_slice()).map_err(store)?;
    Ok(())
}
