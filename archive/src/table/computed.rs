//! The columns computed rather than read: what a reading thread keeps
//! from one row to the next for them ([`Computed`]).

use crate::collect::Game;

/// What a reading thread keeps from one row to the next for the columns
/// that are computed rather than read: one a part of the reading, made by
/// `Columns::computed`, filled by [`Computed::game`] before a row's
/// columns are read, and read by `Column::read` through `Row::computed`.
///
/// No column is computed yet: the replayed moves (`plies`, `moves`) will
/// keep their position cache and the current game's moves here.
///
/// ```
/// use chess960_archive::table::Columns;
///
/// let computed = Columns::default().computed();
/// # let _ = computed;
/// ```
#[derive(Debug, Default)]
pub struct Computed {
    _private: (),
}

impl Computed {
    /// Computes what the selected columns need from `game`, before its
    /// row is read (nothing yet).
    pub fn game(&mut self, game: &Game<'_>) {
        let _ = game;
    }
}
