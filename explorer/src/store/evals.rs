//! The db's evaluations: a table of its own (`evals`), position key
//! (the key of every player's db, [`PositionKey::of`]) to the position's
//! FEN (without counters) and the deepest evaluation known
//! ([`Eval::deeper_than`]). A db without the table has
//! no evaluations; indexing never touches it; a merge keeps the deeper of
//! two.
//!
//! [`PositionKey::of`]: crate::model::key::PositionKey::of

use crate::error::{Error, store};
use crate::model::codec::{get_text, put_text};
use crate::model::eval::Eval;
use redb::{ReadTransaction, ReadableTable, TableDefinition, WriteTransaction};

/// Position key to evaluation.
pub(crate) const EVALS: TableDefinition<'static, u128, &[u8]> = TableDefinition::new("evals");

/// The table of evaluations opened for reading.
pub(crate) type EvalTable = redb::ReadOnlyTable<u128, &'static [u8]>;

/// The evaluations `txn` sees, `None` when the db has none.
pub(crate) fn open(txn: &ReadTransaction) -> Result<Option<EvalTable>, Error> {
    match txn.open_table(EVALS) {
        Ok(table) => Ok(Some(table)),
        Err(redb::TableError::TableDoesNotExist(_)) => Ok(None),
        Err(other) => Err(store(other)),
    }
}

/// The evaluation of position `key`.
pub(crate) fn get(
    table: &impl ReadableTable<u128, &'static [u8]>,
    key: u128,
) -> Result<Option<Eval>, Error> {
    match table.get(key).map_err(store)? {
        Some(bytes) => Ok(Some(decode(bytes.value())?.1)),
        None => Ok(None),
    }
}

/// A row's FEN and evaluation.
fn decode(mut bytes: &[u8]) -> Result<(String, Eval), Error> {
    let fen = get_text(&mut bytes)?;
    Ok((fen, Eval::decode(bytes)?))
}

/// Stores `eval` of position `key` (`fen`) unless the one stored is as
/// deep or deeper; gives whether it was stored.
pub(crate) fn put_if_deeper(
    table: &mut redb::Table<'_, u128, &'static [u8]>,
    key: u128,
    fen: &str,
    eval: &Eval,
) -> Result<bool, Error> {
    if let Some(old) = get(table, key)?
        && !eval.deeper_than(&old)
    {
        return Ok(false);
    }
    let mut bytes = Vec::with_capacity(256);
    put_text(&mut bytes, fen);
    eval.encode(&mut bytes);
    table.insert(key, bytes.as_slice()).map_err(store)?;
    Ok(true)
}

/// Stores each of `evals` (key, FEN, evaluation) in `txn` where it is
/// deeper; gives how many were stored.
pub(crate) fn put_all<'e>(
    txn: &WriteTransaction,
    evals: impl IntoIterator<Item = (u128, &'e str, &'e Eval)>,
) -> Result<u64, Error> {
    let mut table = txn.open_table(EVALS).map_err(store)?;
    let mut stored = 0;
    for (key, fen, eval) in evals {
        stored += u64::from(put_if_deeper(&mut table, key, fen, eval)?);
    }
    Ok(stored)
}

/// Calls `each` with every evaluation `txn` sees (key, FEN,
/// evaluation), in order of key.
pub(crate) fn each(
    txn: &ReadTransaction,
    mut each: impl FnMut(u128, String, Eval) -> Result<(), Error>,
) -> Result<(), Error> {
    let Some(table) = open(txn)? else {
        return Ok(());
    };
    for row in table.iter().map_err(store)? {
        let (key, bytes) = row.map_err(store)?;
        let (fen, eval) = decode(bytes.value())?;
        each(key.value(), fen, eval)?;
    }
    Ok(())
}

/// Adds a source db's evaluations (`read`) to the target's (`txn`),
/// the deeper kept; gives how many were stored.
pub(crate) fn merge(read: &ReadTransaction, txn: &WriteTransaction) -> Result<u64, Error> {
    let mut table = txn.open_table(EVALS).map_err(store)?;
    let mut stored = 0;
    each(read, |key, fen, eval| {
        stored += u64::from(put_if_deeper(&mut table, key, &fen, &eval)?);
        Ok(())
    })?;
    Ok(stored)
}
