//! The games' texts: each game's tags as written and its whole mainline
//! (a [`Score`](crate::model::score::Score), a byte a move), numbered as
//! the games' records are and kept as they are, a block of a page at a
//! time, in a table of their own so that questions, which read the
//! records, read none of them.

use redb::TableDefinition;

/// Game number to blocks of texts (as the games' records).
pub(crate) const GAME_TEXTS: TableDefinition<'static, u64, &[u8]> =
    TableDefinition::new("game_texts");
