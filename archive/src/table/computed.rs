//! The columns computed rather than read: what a reading thread keeps
//! from one row to the next for them ([`Computed`]): the replayed moves
//! of `plies` and `moves` (feature `moves`).

use crate::collect::Game;
#[cfg(feature = "moves")]
use crate::summary::Skip;

/// What a reading thread keeps from one row to the next for the columns
/// that are computed rather than read: one a part of the reading, made by
/// `Columns::computed`, filled by [`Computed::game`] before a row's
/// columns are read, and read by `Column::read` through `Row::computed`.
///
/// With the `plies` and `moves` columns (feature `moves`,
/// `Columns::with_moves`), each game's main line is replayed here, on
/// the reading thread's replayer; a game whose moves cannot be replayed
/// keeps its row, with no moves, and becomes a [`Skip`] that
/// [`Computed::take_skips`] hands over.
///
/// ```
/// use chess960_archive::table::Columns;
///
/// let computed = Columns::default().computed();
/// # let _ = computed;
/// ```
#[derive(Debug, Default)]
pub struct Computed {
    /// Whether the moves are replayed.
    #[cfg(feature = "moves")]
    replay: bool,
    /// The current game's plies, when replayed.
    #[cfg(feature = "moves")]
    plies: Option<u16>,
    /// Its moves in UCI, separated by single spaces.
    #[cfg(feature = "moves")]
    moves: String,
    /// The games whose moves could not be replayed, numbered within the part.
    #[cfg(feature = "moves")]
    skips: Vec<Skip>,
}

impl Computed {
    /// The state for columns that replay the moves (`replay`) or not.
    #[cfg_attr(not(feature = "moves"), allow(clippy::unused_self, unused_variables))]
    pub(crate) fn new(replay: bool) -> Computed {
        Computed {
            #[cfg(feature = "moves")]
            replay,
            ..Computed::default()
        }
    }

    /// Computes what the selected columns need from `game`, before its
    /// row is read: its replayed moves, with `plies` and `moves`.
    pub fn game(&mut self, game: &Game<'_>) {
        #[cfg(feature = "moves")]
        if self.replay {
            use chess960_games::read::GameKind;
            self.plies = None;
            self.moves.clear();
            // A record whose bytes were not kept is a skip already.
            if game.raw().is_none()
                || matches!(
                    game.kind(),
                    GameKind::Unreadable(_) | GameKind::OtherVariant(_)
                )
            {
                return;
            }
            let (plies, moves, skips) = (&mut self.plies, &mut self.moves, &mut self.skips);
            crate::moves::replay_game(game, None, |replay| match replay {
                // More plies than the `plies` column holds (no game played
                // under the rules is that long): a skip, no moves.
                Ok(line) if u16::try_from(line.plies()).is_err() => skips.push(Skip {
                    input: game.input().to_owned(),
                    number: Some(game.number()),
                    offset: game.offset(),
                    reason: format!(
                        "the game has {} plies, more than the {} a row holds",
                        line.plies(),
                        u16::MAX
                    ),
                }),
                Ok(line) => {
                    *plies = u16::try_from(line.plies()).ok();
                    for (i, ply) in line.moves().iter().enumerate() {
                        if i > 0 {
                            moves.push(' ');
                        }
                        moves.push_str(ply.uci());
                    }
                }
                Err(error) => skips.push(crate::moves::move_skip(game, &error)),
            });
        }
        #[cfg(not(feature = "moves"))]
        let _ = game;
    }

    /// The current game's plies, when replayed (`None`: not replayed, or
    /// its moves could not be).
    #[cfg(feature = "moves")]
    pub(crate) fn plies(&self) -> Option<u16> {
        self.plies
    }

    /// The current game's moves in UCI, separated by single spaces.
    #[cfg(feature = "moves")]
    pub(crate) fn moves(&self) -> &str {
        &self.moves
    }

    /// The games of the part whose moves could not be replayed, each a
    /// [`Skip`] numbered within the part (the caller adds
    /// [`Batch::base`](crate::Batch::base)), taken out.
    #[cfg(feature = "moves")]
    pub fn take_skips(&mut self) -> Vec<Skip> {
        std::mem::take(&mut self.skips)
    }
}
