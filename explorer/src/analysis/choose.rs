//! Which positions to analyse: every position of a db that at least G
//! games reached (over all speeds, ratings and months) and that has no
//! evaluation at the settings asked or deeper, most played first.
//!
//! A position's games may be spread over every run, partly in entries
//! and partly as singles filed by their key's prefix. Runs are sorted by
//! prefix (an entry's key begins with it), so the runs are read side by
//! side, one prefix at a time: the entries of the prefix give their keys'
//! games; the singles of the prefix are replayed (only when the prefix
//! holds G games or more in all) to learn their keys. Memory holds one
//! prefix's games at a time, and the positions chosen.

use crate::error::{Error, store};
use crate::model::entry::{Entry, MoveEntry};
use crate::model::key::{PositionKey, capturable_en_passant};
use crate::store::evals::{self, EvalTable};
use crate::store::runs::{self, RUNS, RunReader};
use crate::store::{GAME_LINES, records};
use cozy_chess::{Board, Color};
use redb::ReadTransaction;
use std::collections::HashMap;

/// A position to analyse.
///
/// ```
/// use chess960_explorer::analysis::choose::Position;
///
/// let position = Position { key: 7, fen: "8/8/8/8/8/8/8/8 w - -".into(), games: 12 };
/// assert_eq!(position.games, 12);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Its key ([`PositionKey::of`], the key of every player's db).
    pub key: u128,
    /// Its FEN (Shredder-FEN, without move counters).
    pub fen: String,
    /// The games that reached it.
    pub games: u64,
}

/// The positions of the db `txn` reads that `min_games` games or more
/// reached, with no evaluation covering `nodes` and `multipv`
/// ([`Eval::covers`](crate::model::eval::Eval::covers)), most played
/// first (then by key).
pub(crate) fn positions(
    txn: &ReadTransaction,
    min_games: u64,
    nodes: u64,
    multipv: u32,
) -> Result<Vec<Position>, Error> {
    let lines = txn.open_table(GAME_LINES).map_err(store)?;
    let evals = evals::open(txn)?;
    let list = runs::list(&txn.open_table(RUNS).map_err(store)?)?;
    let mut heads = Vec::with_capacity(list.len());
    for (run, _) in list {
        let mut reader = RunReader::new(txn, run)?;
        let single = reader.next_single()?;
        let entry = reader.next_entry()?;
        heads.push(Head {
            reader,
            single,
            entry,
        });
    }
    let mut chosen: HashMap<u128, Position> = HashMap::new();
    // One prefix's keys: their games, and a game that reached each.
    let mut found: HashMap<u128, (u64, u64)> = HashMap::new();
    let mut singles: Vec<u64> = Vec::new();
    loop {
        let prefix = heads
            .iter()
            .flat_map(|head| {
                [
                    head.single.map(|(prefix, _)| prefix),
                    head.entry
                        .as_ref()
                        .map(|(key, _)| PositionKey(*key).prefix()),
                ]
            })
            .flatten()
            .min();
        let Some(prefix) = prefix else { break };
        found.clear();
        singles.clear();
        let mut total = 0u64;
        for head in &mut heads {
            while let Some((key, bytes)) = head
                .entry
                .take_if(|(key, _)| PositionKey(*key).prefix() == prefix)
            {
                let entry = Entry::decode(&bytes)?;
                let count: u64 = entry.moves.iter().map(MoveEntry::games).sum();
                let game = entry
                    .top
                    .first()
                    .or(entry.recent.first())
                    .map(|&(game, _)| game)
                    .or_else(|| entry.moves.iter().find_map(|m| m.single))
                    .ok_or_else(|| Error::Corrupt("an entry names no game"))?;
                let slot = found.entry(key).or_insert((0, game));
                slot.0 += count;
                total += count;
                head.entry = head.reader.next_entry()?;
            }
            while let Some((_, game)) = head.single.take_if(|(at, _)| *at == prefix) {
                singles.push(game);
                total += 1;
                head.single = head.reader.next_single()?;
            }
        }
        if total < min_games {
            continue;
        }
        for &game in &singles {
            for ply in records::line(&lines, game)?.plies()? {
                if ply.key.prefix() == prefix {
                    found.entry(ply.key.0).or_insert((0, game)).0 += 1;
                }
            }
        }
        for (&key, &(count, game)) in &found {
            if count < min_games {
                continue;
            }
            let (board_key, fen) = board_of(&lines, game, key)?;
            if covered(evals.as_ref(), board_key, nodes, multipv)? {
                continue;
            }
            chosen
                .entry(board_key)
                .and_modify(|position| position.games += count)
                .or_insert(Position {
                    key: board_key,
                    fen,
                    games: count,
                });
        }
    }
    let mut chosen: Vec<Position> = chosen.into_values().collect();
    chosen.sort_unstable_by(|a, b| b.games.cmp(&a.games).then(a.key.cmp(&b.key)));
    Ok(chosen)
}

impl Position {
    /// The position of a FEN (its counters dropped), with no games
    /// known; `None` when it is not a legal position.
    ///
    /// ```
    /// use chess960_explorer::analysis::choose::Position;
    ///
    /// let position = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    /// assert_eq!(position.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -");
    /// assert!(Position::from_fen("8/8/8/8 w - -").is_none());
    /// ```
    pub fn from_fen(fen: &str) -> Option<Position> {
        let board = crate::model::board::board_from_fen(fen)?;
        Some(Position {
            key: PositionKey::of(&board).0,
            fen: fen_of(&board),
            games: 0,
        })
    }
}

/// One run's next single and next entry.
struct Head {
    reader: RunReader,
    single: Option<runs::Single>,
    entry: Option<(u128, Vec<u8>)>,
}

/// Whether the evaluation stored for `key` covers the search asked.
fn covered(evals: Option<&EvalTable>, key: u128, nodes: u64, multipv: u32) -> Result<bool, Error> {
    Ok(match evals {
        Some(table) => evals::get(table, key)?.is_some_and(|eval| eval.covers(nodes, multipv)),
        None => false,
    })
}

/// The key ([`PositionKey::of`]) and FEN (without counters) of position
/// `key` (as the db files it: in a player's db, from a seat), found by
/// replaying game `game`.
fn board_of(
    lines: &impl redb::ReadableTable<u64, &'static [u8]>,
    game: u64,
    key: u128,
) -> Result<(u128, String), Error> {
    let line = records::line(lines, game)?;
    let mut board = line
        .start
        .board()
        .ok_or_else(|| Error::Corrupt("a game's start is out of range"))?;
    for &bits in &line.moves {
        if let Some(found) = matches(&board, key) {
            return Ok((found, fen_of(&board)));
        }
        let mv = crate::model::board::unpack(bits)
            .filter(|&mv| board.is_legal(mv))
            .ok_or_else(|| Error::Corrupt("a game's move is not legal"))?;
        board.play_unchecked(mv);
    }
    Err(Error::Corrupt(
        "a game does not reach a position filed with it",
    ))
}

/// `board`'s key when `key` is its key, or its key from a seat.
fn matches(board: &Board, key: u128) -> Option<u128> {
    let of = PositionKey::of(board);
    [of, of.for_player(Color::White), of.for_player(Color::Black)]
        .contains(&PositionKey(key))
        .then_some(of.0)
}

/// A board's Shredder-FEN without its move counters, its en passant
/// square only where a capture there is legal (as lichess's evaluation
/// export writes it, and as the position's key counts it).
///
/// ```
/// use chess960_explorer::analysis::choose::fen_of;
/// use cozy_chess::Board;
///
/// assert_eq!(fen_of(&Board::default()), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -");
/// let mut board = Board::default();
/// board.play("e2e4".parse().unwrap());
/// assert_eq!(fen_of(&board), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha -");
/// ```
pub fn fen_of(board: &Board) -> String {
    let full = format!("{board:#}");
    let mut fields: Vec<&str> = full.split(' ').collect();
    fields.truncate(4);
    if capturable_en_passant(board).is_none()
        && let Some(square) = fields.get_mut(3)
    {
        *square = "-";
    }
    fields.join(" ")
}
