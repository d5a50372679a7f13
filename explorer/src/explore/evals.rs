//! The evaluations a db holds, as questions read them: a position's
//! ([`Explorer::eval`]), the position a move leads to (beside each move of
//! an answer), and all of them ([`Explorer::each_eval`]).

use super::Explorer;
use crate::error::{Error, QueryError, store};
use crate::model::eval::Eval;
use crate::model::key::PositionKey;
use crate::model::query::Query;
use crate::store::evals;
use cozy_chess::{Board, Move};
use redb::ReadableTableMetadata as _;

impl Explorer {
    /// The evaluation of the position a query names (its start or FEN,
    /// then the moves played), when the db holds one.
    ///
    /// ```no_run
    /// use chess960_explorer::{Explorer, query::Query};
    ///
    /// let explorer = Explorer::open("db")?;
    /// if let Some(eval) = explorer.eval(&Query { start: Some(518), ..Query::default() })? {
    ///     println!("{:?} at depth {}", eval.pvs[0].score, eval.depth);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`QueryError`] naming `start`, `fen` or `play`, or
    /// [`QueryError::Db`] when the db fails.
    pub fn eval(&self, query: &Query) -> Result<Option<Eval>, QueryError> {
        let board = Explorer::position(query)?;
        Ok(self.eval_of(&board)?)
    }

    /// The evaluation of `board`, when the db holds one.
    pub(super) fn eval_of(&self, board: &Board) -> Result<Option<Eval>, Error> {
        match &self.evals {
            Some(table) => evals::get(table, PositionKey::of(board).0),
            None => Ok(None),
        }
    }

    /// The evaluation of the position `mv` leads to from `board`.
    pub(super) fn eval_after(&self, board: &Board, mv: Move) -> Result<Option<Eval>, Error> {
        if self.evals.is_none() {
            return Ok(None);
        }
        let mut next = board.clone();
        if next.try_play(mv).is_err() {
            return Ok(None);
        }
        self.eval_of(&next)
    }

    /// Evaluations in the db.
    ///
    /// # Errors
    ///
    /// When the store fails.
    pub fn eval_count(&self) -> Result<u64, Error> {
        match &self.evals {
            Some(table) => table.len().map_err(store),
            None => Ok(0),
        }
    }

    /// Calls `each` with every evaluation of the db, with its position's
    /// key and FEN (without counters), in order of key.
    ///
    /// # Errors
    ///
    /// When the store fails, or what `each` gives.
    pub fn each_eval(
        &self,
        each: impl FnMut(u128, String, Eval) -> Result<(), Error>,
    ) -> Result<(), Error> {
        evals::each(&self.txn, each)
    }
}
