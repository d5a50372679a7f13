//! Folding runs together: once a db holds more than [`MAX_RUNS`] runs,
//! the two neighbours of least size together become one (a question
//! looks in every run; a fold rewrites both). Where the folded run would
//! file [`CROWD`] games or more under the same prefix, they are told
//! apart by replaying them: a position of two games or more becomes an
//! entry, each game counted once; so a question replays a few games a run
//! at most. The two runs' entries of one position are added together.
//! The entries made of singles get their lists of games (lists written
//! before stay as they are).

use crate::error::{Error, store};
use crate::model::entry::{Entry, Played};
use crate::model::game::GameInfo;
use crate::model::line::Ply;
use crate::store::fold::Orders;
use crate::store::lists::{ListWriter, Listed};
use crate::store::records;
use crate::store::runs::{self, RUNS, RunReader, RunWriter, Single};
use crate::store::{GAME_LINES, GAMES};
use redb::{Database, ReadableDatabase, ReadableTable};
use std::collections::HashMap;

/// Games filed under the same prefix that a fold sorts out.
const CROWD: usize = 8;

/// Runs a db holds at most after a batch.
pub(crate) const MAX_RUNS: usize = 16;

/// Folds neighbouring runs together, the pair of least size first, while
/// the db holds more than [`MAX_RUNS`].
pub(crate) fn settle(db: &Database) -> Result<(), Error> {
    loop {
        let list = {
            let read = db.begin_read().map_err(store)?;
            let runs = read.open_table(RUNS).map_err(store)?;
            runs::list(&runs)?
        };
        if list.len() <= MAX_RUNS {
            return Ok(());
        }
        let Some(pair) = list
            .windows(2)
            .min_by_key(|pair| pair[0].1.saturating_add(pair[1].1))
        else {
            return Ok(());
        };
        let next = list
            .last()
            .and_then(|&(run, _)| run.checked_add(1))
            .ok_or_else(|| Error::Corrupt("a run's number overflows"))?;
        fold_runs(db, pair[0].0, pair[1].0, next)?;
    }
}

/// The game's record and positions, remembered for the next few asks;
/// the lines they are replayed from.
struct Replays<L> {
    known: HashMap<u64, (GameInfo, Vec<Ply>)>,
    lines: L,
}

impl<L: ReadableTable<u64, &'static [u8]>> Replays<L> {
    fn get(
        &mut self,
        games: &impl ReadableTable<u64, &'static [u8]>,
        game: u64,
    ) -> Result<&(GameInfo, Vec<Ply>), Error> {
        if self.known.len() > 4096 {
            self.known.clear();
        }
        if let std::collections::hash_map::Entry::Vacant(slot) = self.known.entry(game) {
            let record = records::get(games, game)?
                .ok_or_else(|| Error::Corrupt("a run names a game the db lacks"))?;
            let info = GameInfo::decode(&record)?;
            let plies = records::line(&self.lines, game)?.plies()?;
            slot.insert((info, plies));
        }
        self.known
            .get(&game)
            .ok_or_else(|| Error::Corrupt("a game was not remembered"))
    }
}

/// Writes runs `older` and `newer` as run `into`, in one transaction.
fn fold_runs(db: &Database, older: u32, newer: u32, into: u32) -> Result<(), Error> {
    let read = db.begin_read().map_err(store)?;
    let games = read.open_table(GAMES).map_err(store)?;
    let txn = db.begin_write().map_err(store)?;
    {
        let mut a = RunReader::new(&read, older)?;
        let mut b = RunReader::new(&read, newer)?;
        let mut writer = RunWriter::new(&txn, into)?;
        let mut replays = Replays {
            known: HashMap::new(),
            lines: read.open_table(GAME_LINES).map_err(store)?,
        };
        // Positions of several games found among the singles, and their
        // games' lists.
        let mut crowd: Vec<(u128, Entry)> = Vec::new();
        let mut lists: Lists = Vec::new();
        let (mut next_a, mut next_b) = (a.next_single()?, b.next_single()?);
        let mut group: Vec<Single> = Vec::new();
        loop {
            // The smaller of the two heads, in order of prefix.
            let take_a = match (next_a, next_b) {
                (None, None) => break,
                (Some(x), Some(y)) => x <= y,
                (Some(_), None) => true,
                (None, Some(_)) => false,
            };
            let single = if take_a {
                let single = next_a;
                next_a = a.next_single()?;
                single
            } else {
                let single = next_b;
                next_b = b.next_single()?;
                single
            };
            let Some(single) = single else { break };
            if group.first().is_some_and(|first| first.0 != single.0) {
                settle_group(
                    &group,
                    &mut writer,
                    &games,
                    &mut replays,
                    (&mut crowd, &mut lists),
                )?;
                group.clear();
            }
            group.push(single);
        }
        settle_group(
            &group,
            &mut writer,
            &games,
            &mut replays,
            (&mut crowd, &mut lists),
        )?;
        crowd.sort_unstable_by_key(|(key, _)| *key);
        fold_entries(&mut a, &mut b, crowd, &mut writer, &games)?;
        writer.finish(&txn)?;
        if !lists.is_empty() {
            lists.sort_unstable_by_key(|(key, _)| *key);
            let mut list_writer = ListWriter::new(&txn)?;
            for (key, games) in &lists {
                list_writer.push(*key, games)?;
            }
            list_writer.finish(&txn)?;
        }
        runs::remove(&txn, older)?;
        runs::remove(&txn, newer)?;
    }
    txn.commit().map_err(store)?;
    Ok(())
}

/// Writes the entries of two runs and of the crowd, in order of keys;
/// entries of one key are added together.
fn fold_entries(
    a: &mut RunReader,
    b: &mut RunReader,
    crowd: Vec<(u128, Entry)>,
    writer: &mut RunWriter<'_>,
    games: &impl ReadableTable<u64, &'static [u8]>,
) -> Result<(), Error> {
    let mut orders = Orders::default();
    let mut crowd = crowd.into_iter();
    let (mut next_a, mut next_b, mut next_c) = (a.next_entry()?, b.next_entry()?, crowd.next());
    let mut bytes = Vec::new();
    loop {
        let Some(key) = [
            next_a.as_ref().map(|(key, _)| *key),
            next_b.as_ref().map(|(key, _)| *key),
            next_c.as_ref().map(|(key, _)| *key),
        ]
        .into_iter()
        .flatten()
        .min() else {
            return Ok(());
        };
        let mut found = Vec::with_capacity(2);
        if next_a.as_ref().is_some_and(|(k, _)| *k == key) {
            found.extend(next_a.take());
            next_a = a.next_entry()?;
        }
        if next_b.as_ref().is_some_and(|(k, _)| *k == key) {
            found.extend(next_b.take());
            next_b = b.next_entry()?;
        }
        let mut entry = match next_c.take() {
            Some((k, entry)) if k == key => {
                next_c = crowd.next();
                entry
            }
            other => {
                next_c = other;
                // One run's entry alone: written as it was.
                if let [(_, one)] = found.as_slice() {
                    writer.push_entry(key, one)?;
                    continue;
                }
                Entry::default()
            }
        };
        for (_, part) in &found {
            entry.merge(Entry::decode(part)?);
        }
        orders.trim(&mut entry, games)?;
        bytes.clear();
        entry.encode(&mut bytes);
        writer.push_entry(key, &bytes)?;
    }
}

/// Positions of several games and their games, in a list's order.
type Lists = Vec<(u128, Vec<Listed>)>;

/// Writes singles of one prefix: a few, as they were; a crowd, each
/// replayed to its whole key, and a key of two games or more made an
/// entry (`crowd`) and a list of its games (`lists`, in a list's order).
fn settle_group(
    group: &[Single],
    writer: &mut RunWriter<'_>,
    games: &impl ReadableTable<u64, &'static [u8]>,
    replays: &mut Replays<impl ReadableTable<u64, &'static [u8]>>,
    (crowd, lists): (&mut Vec<(u128, Entry)>, &mut Lists),
) -> Result<(), Error> {
    if group.len() < CROWD {
        for &single in group {
            writer.push(single)?;
        }
        return Ok(());
    }
    let mut keyed: Vec<(u128, u64)> = Vec::with_capacity(group.len());
    for &(prefix, game) in group {
        let (_, plies) = replays.get(games, game)?;
        let ply = plies
            .iter()
            .find(|ply| ply.key.prefix() == prefix)
            .ok_or_else(|| Error::Corrupt("a run files a position its game never reached"))?;
        keyed.push((ply.key.0, game));
    }
    keyed.sort_unstable();
    for same in keyed.chunk_by(|a, b| a.0 == b.0) {
        let key = same[0].0;
        if let [(_, game)] = same {
            writer.push((group[0].0, *game))?;
            continue;
        }
        let mut entry = Entry::default();
        let mut list = Vec::with_capacity(same.len());
        for &(_, game) in same {
            let (info, plies) = replays.get(games, game)?;
            let ply = plies
                .iter()
                .find(|ply| ply.key.0 == key)
                .ok_or_else(|| Error::Corrupt("a game lost a position"))?;
            entry.add(&Played::of(info, ply, game));
            list.push((
                std::cmp::Reverse(info.when),
                info.id.clone(),
                Listed {
                    when: info.when,
                    game,
                    mv: ply.mv,
                },
            ));
        }
        crowd.push((key, entry));
        list.sort_unstable_by(|a, b| (a.0, &a.1, a.2.game).cmp(&(b.0, &b.1, b.2.game)));
        lists.push((key, list.into_iter().map(|(_, _, listed)| listed).collect()));
    }
    Ok(())
}
