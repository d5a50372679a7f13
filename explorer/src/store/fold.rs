//! Trimming an entry's top and recent games by the games' orders (mean
//! rating, date), remembered, or read from their records as needed.

use crate::error::Error;
use crate::model::entry::Entry;
use crate::model::game::GameInfo;
use crate::store::records;
use redb::ReadableTable;
use std::collections::HashMap;

/// A game's place among the top-rated ([`GameInfo::top_order`]), which
/// holds its place among the recent too.
pub(crate) type Order = (std::cmp::Reverse<u16>, std::cmp::Reverse<u64>, u128);

/// Games remembered at most (about 100 MB), then forgotten all at once.
const REMEMBERED: usize = 1 << 20;

/// The orders (rating, date) of the games trimming has needed, by number.
#[derive(Default)]
pub(crate) struct Orders {
    known: HashMap<u64, Order>,
}

impl Orders {
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
        // Room for every game of the lists, so none is forgotten midway.
        if self.known.len() + entry.top.len() + entry.recent.len() > REMEMBERED {
            self.known.clear();
        }
        for &(game, _) in entry.top.iter().chain(&entry.recent) {
            if let std::collections::hash_map::Entry::Vacant(slot) = self.known.entry(game) {
                let record = records::get(games, game)?
                    .ok_or_else(|| Error::Corrupt("an entry names a game the db lacks"))?;
                slot.insert(GameInfo::decode(&record)?.top_order());
            }
        }
        let known = &self.known;
        entry.trim(
            |g| known.get(&g).copied(),
            |g| known.get(&g).map(|order| (order.1, order.2)),
        );
        Ok(())
    }
}
