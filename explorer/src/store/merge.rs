//! Merging dbs made apart (a month each, on several machines) into one
//! that answers as one indexing of all their games would: each source's
//! games are numbered anew in the target (after the target's) and its
//! runs added as runs, its games' texts and lists as they were, in one
//! transaction a source; runs past the bound are then folded. Evaluations
//! are added too, the deeper kept where two dbs hold one position (also
//! from a source whose games the target has).

use crate::error::{Error, store};
use crate::model::entry::Entry;
use crate::model::game::GameInfo;
use crate::store::compact;
use crate::store::keys::{self, KeyRuns};
use crate::store::lists;
use crate::store::records::{self, Appender};
use crate::store::runs::{self, RUNS, RunReader, RunWriter};
use crate::store::texts::GAME_TEXTS;
use crate::store::{self, GAME_LINES, GAMES};
use redb::ReadableDatabase;
use std::path::Path;

/// The keys a merge writes as one key run at most (24 bytes each in
/// memory).
const KEY_CHUNK: usize = 1 << 20;

/// What a merge did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MergeSummary {
    /// Sources merged in.
    pub merged: usize,
    /// Sources passed over because all their games were in the target
    /// already (a merge run again).
    pub already: usize,
    /// Games added.
    pub games: u64,
    /// Positions of the sources added: entries and runs' singles.
    pub positions: u64,
}

/// Merges the dbs in folders `sources` into the db in folder `into` (made
/// if missing, with the sources' plies and players). A source whose games
/// are all in the target already is passed over, so a merge that was
/// stopped can be run again.
///
/// ```
/// use chess960_archive::Archive;
/// use chess960_explorer::{Explorer, IndexOptions, index, merge, query::Query};
///
/// let base = std::env::temp_dir().join(format!("explorer-doc-merge-{}", std::process::id()));
/// let game = |id: &str, result: &str| format!("[Site \"https://example.org/{id}\"]\n[Result \"{result}\"]\n\n1. e4 e5 {result}\n\n");
/// for (name, pgn) in [("a", game("g1", "1-0")), ("b", game("g2", "0-1"))] {
///     index(&Archive::new().reader(name, std::io::Cursor::new(pgn)), base.join(name), &IndexOptions::default())?;
/// }
/// let summary = merge(&[base.join("a"), base.join("b")], base.join("all"))?;
/// assert_eq!(summary.games, 2);
/// let answer = Explorer::open(base.join("all"))?.query(&Query::default())?;
/// assert_eq!((answer.white, answer.black), (1, 1));
/// # std::fs::remove_dir_all(&base).ok();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`Error::Overlap`] when a source shares some (not all) of its games
/// with the target, [`Error::Settings`] when the dbs were made with
/// other plies or players, and the errors of opening a db.
pub fn merge<P: AsRef<Path>>(sources: &[P], into: impl AsRef<Path>) -> Result<MergeSummary, Error> {
    let target_dir = into.as_ref();
    let mut summary = MergeSummary::default();
    for source in sources {
        let source = source.as_ref();
        let (from, settings) = store::open_read(source)?;
        let target = store::open_write(target_dir, &settings)?;
        let read = from.begin_read().map_err(store)?;
        let source_games = read.open_table(GAMES).map_err(store)?;
        let total = records::count(&source_games)?.0;
        // Which of the source's games the target has.
        let mut present = 0u64;
        {
            let target_read = target.begin_read().map_err(store)?;
            let keys = KeyRuns::open(&target_read)?;
            records::each(&source_games, |_, record| {
                let record = GameInfo::decode(record)?;
                if keys.find(record.key)?.is_some() {
                    present += 1;
                }
                Ok(())
            })?;
        }
        let txn = target.begin_write().map_err(store)?;
        let next = records::next_number(&txn.open_table(GAMES).map_err(store)?)?;
        if present > 0 && present == total {
            summary.already += 1;
            // Its evaluations still count (the deeper kept); runs and
            // key runs past the bound, left by a merge stopped before
            // its folds, are folded now.
            crate::store::evals::merge(&read, &txn)?;
            txn.commit().map_err(store)?;
            keys::settle(&target)?;
            compact::settle(&target)?;
            continue;
        }
        if present > 0 {
            return Err(Error::Overlap {
                path: source.to_owned(),
                games: present,
                of: total,
            });
        }
        // The source's game n is the target's next + n.
        let renumber = |game: u64| {
            game.checked_add(next)
                .ok_or_else(|| Error::Corrupt("a game's number overflows"))
        };
        {
            let mut games = txn.open_table(GAMES).map_err(store)?;
            let mut appender = Appender::new(&games)?;
            // The keys, sorted, as key runs of at most KEY_CHUNK each
            // (folded once committed).
            let mut pairs: Vec<(u128, u64)> = Vec::new();
            let write_pairs = |pairs: &mut Vec<(u128, u64)>| -> Result<(), Error> {
                pairs.sort_unstable();
                keys::write_run(&txn, pairs)?;
                pairs.clear();
                Ok(())
            };
            records::each(&source_games, |old, record| {
                let number = renumber(old)?;
                pairs.push((GameInfo::decode(record)?.key, number));
                if pairs.len() >= KEY_CHUNK {
                    write_pairs(&mut pairs)?;
                }
                appender.push(&mut games, number, record)?;
                summary.games += 1;
                Ok(())
            })?;
            write_pairs(&mut pairs)?;
            appender.finish(&mut games)?;
            // The lines and texts, each under its game's new number.
            for table in [GAME_LINES, GAME_TEXTS] {
                let source = read.open_table(table).map_err(store)?;
                let mut target = txn.open_table(table).map_err(store)?;
                let mut appender = Appender::new(&target)?;
                records::each(&source, |old, bytes| {
                    appender.push(&mut target, renumber(old)?, bytes)
                })?;
                appender.finish(&mut target)?;
            }
        }
        summary.positions += add_runs(&read, &txn, &renumber)?;
        lists::copy_tables(&read, &txn, &renumber)?;
        crate::store::evals::merge(&read, &txn)?;
        txn.commit().map_err(store)?;
        keys::settle(&target)?;
        compact::settle(&target)?;
        summary.merged += 1;
    }
    Ok(summary)
}

/// Adds the runs of a source (`read`) to the target's (`txn`) as new
/// runs, its games renumbered; gives how many singles and entries were
/// added.
fn add_runs(
    read: &redb::ReadTransaction,
    txn: &redb::WriteTransaction,
    renumber: &dyn Fn(u64) -> Result<u64, Error>,
) -> Result<u64, Error> {
    let next = runs::next_run(&txn.open_table(RUNS).map_err(store)?)?;
    let mut added = 0;
    let list = runs::list(&read.open_table(RUNS).map_err(store)?)?;
    let mut bytes = Vec::with_capacity(256);
    for ((run, _), number) in list.into_iter().zip(next..) {
        let mut reader = RunReader::new(read, run)?;
        let mut writer = RunWriter::new(txn, number)?;
        while let Some((prefix, game)) = reader.next_single()? {
            writer.push((prefix, renumber(game)?))?;
        }
        while let Some((key, value)) = reader.next_entry()? {
            let mut entry = Entry::decode(&value)?;
            for played in &mut entry.moves {
                played.single = played.single.map(renumber).transpose()?;
            }
            for (game, _) in entry.top.iter_mut().chain(entry.recent.iter_mut()) {
                *game = renumber(*game)?;
            }
            bytes.clear();
            entry.encode(&mut bytes);
            writer.push_entry(key, &bytes)?;
        }
        added += writer.finish(txn)?;
    }
    Ok(added)
}
