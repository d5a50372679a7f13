//! The games' moves on the reading threads (feature `moves`): each thread
//! replays with a [`Replayer`] of its own, which remembers the openings it
//! has seen; a move that cannot be replayed becomes a [`Skip`]; and the
//! opening explorer, [`Archive::openings`].

use crate::archive::Archive;
use crate::collect::{Collect, Game};
use crate::error::Error;
use crate::summary::{Skip, Summary};
use chess960::DoublePosition;
use chess960_games::read::GameKind;
use chess960_games::{
    replay::{Replay, ReplayError, Replayer},
    stats::OpeningStats,
};
use std::cell::RefCell;

thread_local! {
    /// The replayer of this reading thread.
    static REPLAYER: RefCell<Replayer> = RefCell::new(Replayer::new());
}

/// Replays the main line of `game` (at most `limit` plies; `None`: all)
/// on this thread's replayer, and hands the result to `f`. For a
/// [`Collect`]or whose [`keeps_raw`](Collect::keeps_raw) is true (the
/// replay reads the record's bytes; without them the result is
/// [`NotReplayed::NoBytes`](chess960_games::replay::NotReplayed::NoBytes)).
///
/// ```
/// use chess960_archive::{Archive, Collect, Game, replay_game};
///
/// /// Each game's plies in UCI.
/// struct Uci;
/// impl Collect for Uci {
///     type Part = Vec<String>;
///     fn part(&self) -> Vec<String> {
///         Vec::new()
///     }
///     fn keeps_raw(&self) -> bool {
///         true
///     }
///     fn game(&self, part: &mut Vec<String>, game: &Game<'_>) {
///         replay_game(game, None, |replay| match replay {
///             Ok(line) => part.push(line.moves().iter().map(|ply| ply.uci()).collect::<Vec<_>>().join(" ")),
///             Err(error) => part.push(error.to_string()),
///         });
///     }
/// }
///
/// let pgn = "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n1. g3 g6 2. Qxh7 *\n";
/// let mut rows = Vec::new();
/// Archive::new().reader("a.pgn", std::io::Cursor::new(pgn)).collect(&Uci, |batch| {
///     rows.append(batch.part);
///     Ok(())
/// })?;
/// assert_eq!(rows, ["ply 3: Qxh7 is not a legal move"]);
/// # Ok::<(), chess960_archive::Error>(())
/// ```
pub fn replay_game<R>(
    game: &Game<'_>,
    limit: Option<usize>,
    f: impl FnOnce(Result<Replay<'_>, ReplayError>) -> R,
) -> R {
    replay_on(game, limit, None, f)
}

/// A move and the board it is played on, as a watcher sees them.
type Watch<'a> =
    dyn FnMut(&chess960_games::cozy_chess::Board, chess960_games::cozy_chess::Move) + 'a;

/// Replays `game` on this thread's replayer, watched or not.
fn replay_on<R>(
    game: &Game<'_>,
    limit: Option<usize>,
    watch: Option<&mut Watch<'_>>,
    f: impl FnOnce(Result<Replay<'_>, ReplayError>) -> R,
) -> R {
    let Some(raw) = game.raw() else {
        return f(Err(ReplayError::NotReplayed(
            chess960_games::replay::NotReplayed::NoBytes,
        )));
    };
    REPLAYER.with(|replayer| {
        let mut replayer = replayer.borrow_mut();
        let tags = game.record().tags();
        f(match watch {
            None => replayer.replay(game.kind(), tags, raw, limit),
            Some(watch) => replayer.replay_watched(game.kind(), tags, raw, limit, watch),
        })
    })
}

/// Replays as [`replay_game`] does, showing `watch` each move with the
/// board it is played on, before it is played
/// ([`Replayer::replay_watched`]); then hands the result to `f`.
///
/// ```
/// use chess960_archive::{Archive, Collect, Game, replay_game_watched};
///
/// /// The plies on which a piece was taken.
/// struct Captures;
/// impl Collect for Captures {
///     type Part = Vec<usize>;
///     fn part(&self) -> Vec<usize> {
///         Vec::new()
///     }
///     fn keeps_raw(&self) -> bool {
///         true
///     }
///     fn game(&self, part: &mut Vec<usize>, game: &Game<'_>) {
///         let mut ply = 0;
///         let mut watch = |board: &chess960_games::cozy_chess::Board, mv: chess960_games::cozy_chess::Move| {
///             ply += 1;
///             if board.colors(!board.side_to_move()).has(mv.to) {
///                 part.push(ply);
///             }
///         };
///         replay_game_watched(game, None, &mut watch, |replay| assert!(replay.is_ok()));
///     }
/// }
///
/// let pgn = "[Result \"*\"]\n\n1. e4 d5 2. exd5 Qxd5 *\n";
/// let mut plies = Vec::new();
/// Archive::new().reader("a.pgn", std::io::Cursor::new(pgn)).collect(&Captures, |batch| {
///     plies.append(batch.part);
///     Ok(())
/// })?;
/// assert_eq!(plies, [3, 4]);
/// # Ok::<(), chess960_archive::Error>(())
/// ```
pub fn replay_game_watched<R>(
    game: &Game<'_>,
    limit: Option<usize>,
    watch: &mut Watch<'_>,
    f: impl FnOnce(Result<Replay<'_>, ReplayError>) -> R,
) -> R {
    replay_on(game, limit, Some(watch), f)
}

/// Follows `game` as [`replay_game_watched`] does, but keeps no list of
/// its moves ([`Replayer::follow`](chess960_games::replay::Replayer::follow)):
/// `watch` alone sees them; `f` is handed the plies replayed.
///
/// ```
/// use chess960_archive::{Archive, Collect, Game, follow_game};
///
/// /// Each game's plies and the knight moves among them.
/// struct Knights;
/// impl Collect for Knights {
///     type Part = Vec<(usize, usize)>;
///     fn part(&self) -> Vec<(usize, usize)> {
///         Vec::new()
///     }
///     fn keeps_raw(&self) -> bool {
///         true
///     }
///     fn game(&self, part: &mut Vec<(usize, usize)>, game: &Game<'_>) {
///         let mut knights = 0;
///         let mut watch = |board: &chess960_games::cozy_chess::Board, mv: chess960_games::cozy_chess::Move| {
///             knights += usize::from(board.piece_on(mv.from) == Some(chess960_games::cozy_chess::Piece::Knight));
///         };
///         let plies = follow_game(game, None, &mut watch, |plies| plies.unwrap_or(0));
///         part.push((plies, knights));
///     }
/// }
///
/// let pgn = "[Result \"*\"]\n\n1. Nf3 d5 2. Nc3 Nf6 *\n";
/// let mut games = Vec::new();
/// Archive::new().reader("a.pgn", std::io::Cursor::new(pgn)).collect(&Knights, |batch| {
///     games.append(batch.part);
///     Ok(())
/// })?;
/// assert_eq!(games, [(4, 3)]);
/// # Ok::<(), chess960_archive::Error>(())
/// ```
pub fn follow_game<R>(
    game: &Game<'_>,
    limit: Option<usize>,
    watch: &mut Watch<'_>,
    f: impl FnOnce(Result<usize, ReplayError>) -> R,
) -> R {
    let Some(raw) = game.raw() else {
        return f(Err(ReplayError::NotReplayed(
            chess960_games::replay::NotReplayed::NoBytes,
        )));
    };
    REPLAYER.with(|replayer| {
        f(replayer
            .borrow_mut()
            .follow(game.kind(), game.record().tags(), raw, limit, watch))
    })
}

/// The skip that a game whose moves could not be replayed makes: its
/// input, its number within the part (the caller adds
/// [`Batch::base`](crate::Batch::base)), its offset and the error.
///
/// ```
/// use chess960_games::replay::{NotReplayed, ReplayError};
/// use chess960_archive::{Archive, Collect, Game, Skip, move_skip};
///
/// struct Skips;
/// impl Collect for Skips {
///     type Part = Vec<Skip>;
///     fn part(&self) -> Vec<Skip> {
///         Vec::new()
///     }
///     fn game(&self, part: &mut Vec<Skip>, game: &Game<'_>) {
///         part.push(move_skip(game, &ReplayError::NotReplayed(NotReplayed::NoBytes)));
///     }
/// }
/// let mut skips = Vec::new();
/// Archive::new().reader("a.pgn", std::io::Cursor::new("[Event \"e\"]\n\n*\n")).collect(&Skips, |batch| {
///     skips.append(batch.part);
///     Ok(())
/// })?;
/// assert!(skips[0].to_string().starts_with("a.pgn: game 1 at byte 0: the record is too long"));
/// # Ok::<(), chess960_archive::Error>(())
/// ```
pub fn move_skip(game: &Game<'_>, error: &ReplayError) -> Skip {
    Skip {
        input: game.input().to_owned(),
        number: Some(game.number()),
        offset: game.offset(),
        reason: error.to_string(),
    }
}

/// What [`Archive::openings`] found: the explorer, and the reading's
/// [`Summary`] (whose skips include the games whose first plies could not
/// be replayed).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Openings {
    /// The games of each start by their first plies.
    pub stats: OpeningStats,
    /// Counts by kind, the games that passed the filter, the skips.
    pub summary: Summary,
}

/// The explorer's collector: each selected Chess960 game's first plies.
struct Explorer {
    plies: usize,
}

/// One part of the explorer's work.
struct ExplorerPart {
    stats: OpeningStats,
    skips: Vec<Skip>,
}

/// Sequences a part holds before it is delivered (bounds its memory).
const PART_LINES: usize = 1 << 16;

impl Collect for Explorer {
    type Part = ExplorerPart;

    fn part(&self) -> ExplorerPart {
        ExplorerPart {
            stats: OpeningStats::new(self.plies),
            skips: Vec::new(),
        }
    }

    fn keeps_raw(&self) -> bool {
        true
    }

    fn is_full(&self, part: &ExplorerPart) -> bool {
        part.stats.len() >= PART_LINES
    }

    fn game(&self, part: &mut ExplorerPart, game: &Game<'_>) {
        let start = match *game.kind() {
            GameKind::Chess960(position) => DoublePosition::from(position),
            GameKind::DoubleChess960(start) => start,
            _ => return,
        };
        replay_game(game, Some(self.plies), |replay| match replay {
            Ok(line) => part.stats.add_replay(start, &line, game.record().tags()),
            Err(error) => part.skips.push(move_skip(game, &error)),
        });
    }
}

impl Archive {
    /// The opening explorer: for each start (a double Chess960 game's two),
    /// the selected games by the sequence of their first `plies` plies (a
    /// shorter game with all of its), with White's results and the mean
    /// rating (feature `moves`). Only those plies are replayed: a broken
    /// move later in a game does not matter; a broken one among them makes
    /// the game a skip naming the ply and the move. The games counted are
    /// those of [`Archive::statistics`]' per-start table.
    ///
    /// ```
    /// use chess960_archive::Archive;
    ///
    /// let game = |result, moves| format!(
    ///     "[Variant \"Chess960\"]\n[Result \"{result}\"]\n\
    ///      [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n{moves} {result}\n\n");
    /// let pgn = game("1-0", "1. e4 e5 2. Nc3") + &game("0-1", "1. e4 e5 2. f4") + &game("1-0", "1. e4 Kxh8");
    /// let found = Archive::new().reader("a.pgn", std::io::Cursor::new(pgn)).openings(2)?;
    /// let rows = found.stats.rows();
    /// assert_eq!((rows[0].uci(), rows[0].tally().games()), ("e2e4 e7e5".to_owned(), 2));
    /// assert_eq!(found.summary.skipped, 1);
    /// assert!(found.summary.skips[0].to_string().ends_with("a.pgn: game 3 at byte 245: ply 2: Kxh8 is not a legal move"));
    /// # Ok::<(), chess960_archive::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Archive::collect`]: [`Error::Cancelled`] when cancelled.
    pub fn openings(&self, plies: usize) -> Result<Openings, Error> {
        let mut stats = OpeningStats::new(plies);
        let mut skips = Vec::new();
        let explorer = Explorer { plies };
        let result = self.collect(&explorer, |batch| {
            let part = std::mem::replace(&mut batch.part.stats, OpeningStats::new(plies));
            stats.merge(part);
            skips.extend(batch.part.skips.drain(..).map(|mut skip| {
                skip.number = skip.number.map(|number| number + batch.base);
                skip
            }));
            Ok(())
        });
        let add_skips = |summary: &mut Summary, skips: Vec<Skip>| {
            summary.skip_in_order(skips, self.inputs());
        };
        match result {
            Ok(mut summary) => {
                add_skips(&mut summary, skips);
                Ok(Openings { stats, summary })
            }
            Err(Error::Cancelled(mut summary)) => {
                add_skips(&mut summary, skips);
                Err(Error::Cancelled(summary))
            }
            Err(error) => Err(error),
        }
    }
}
