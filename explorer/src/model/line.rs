//! A game's line as the db keeps it: its start, the seats of a player's
//! db and the moves of its indexed plies; and the positions it reaches,
//! each once with the move last played from it (lichess's rule), which
//! the indexer counts and a question checks a single-game position by.

use crate::error::Error;
use crate::model::board::{pack, unpack};
use crate::model::codec::{get, get_as, get_byte, put};
use crate::model::key::{Pieces, PositionKey};
use cozy_chess::{Board, Color, Move};

/// Where a game starts.
///
/// ```
/// use chess960_explorer::line::Start;
///
/// assert_eq!(Start::Chess960(518).board(), Some(cozy_chess::Board::chess960_startpos(518)));
/// assert_eq!(Start::Chess960(960).board(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// A Chess960 start (0..=959).
    Chess960(u16),
    /// A double Chess960 start: White's and Black's.
    Double(u16, u16),
    /// The classical start of a standard game.
    Standard,
}

impl Start {
    /// The board of the start (`None` for a number above 959).
    pub fn board(self) -> Option<Board> {
        match self {
            Start::Chess960(id) if id < 960 => Some(Board::chess960_startpos(u32::from(id))),
            Start::Double(white, black) if white < 960 && black < 960 => Some(
                Board::double_chess960_startpos(u32::from(white), u32::from(black)),
            ),
            Start::Standard => Some(Board::default()),
            _ => None,
        }
    }
}

/// One position of a line: its key, the move last played from it and the
/// side that played it.
///
/// ```
/// use chess960_explorer::board::pack;
/// use chess960_explorer::key::PositionKey;
/// use chess960_explorer::line::{Line, Start};
///
/// let line = Line { start: Start::Chess960(518), seats: 0, moves: vec![pack("e2e4".parse().unwrap())] };
/// let [ply] = line.plies()?[..] else { panic!() };
/// assert_eq!(ply.key, PositionKey::of(&cozy_chess::Board::chess960_startpos(518)));
/// assert_eq!(ply.side, cozy_chess::Color::White);
/// # Ok::<(), chess960_explorer::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The position's key.
    pub key: PositionKey,
    /// The move (see [`pack`]).
    pub mv: u16,
    /// The side to move in the position.
    pub side: Color,
}

/// A game's start, the seats of a player's db and its indexed moves.
///
/// ```
/// use chess960_explorer::board::pack;
/// use chess960_explorer::key::PositionKey;
/// use chess960_explorer::line::{Line, Start};
///
/// let moves = ["g1f3", "g8f6", "f3g1", "f6g8", "e2e4"];
/// let line = Line {
///     start: Start::Standard,
///     seats: 0,
///     moves: moves.iter().map(|mv| pack(mv.parse().unwrap())).collect(),
/// };
/// // The start was met twice: it is counted once, with e2e4.
/// let plies = line.plies()?;
/// assert_eq!(plies.len(), 4);
/// let start = PositionKey::of(&cozy_chess::Board::default());
/// let ply = plies.iter().find(|ply| ply.key == start).unwrap();
/// assert_eq!(ply.mv, pack("e2e4".parse().unwrap()));
/// let mut bytes = Vec::new();
/// line.encode(&mut bytes);
/// assert_eq!(Line::decode(&bytes)?, line);
/// # Ok::<(), chess960_explorer::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The start.
    pub start: Start,
    /// A player's db: bit 0 the player had White, bit 1 Black; 0 in a db
    /// of every game.
    pub seats: u8,
    /// The moves played from the indexed positions, in order (see
    /// [`pack`]).
    pub moves: Vec<u16>,
}

impl Line {
    /// Each position the line reached before a move, once, with the move
    /// last played from it, the position last left first; in a player's
    /// db, one for each seat.
    ///
    /// ```
    /// use chess960_explorer::board::pack;
    /// use chess960_explorer::line::{Line, Start};
    ///
    /// let moves = ["e2e4", "e7e5"].map(|mv| pack(mv.parse().unwrap())).to_vec();
    /// // A player's db where the player had White and Black: two keys a ply.
    /// assert_eq!(Line { start: Start::Standard, seats: 3, moves }.plies()?.len(), 4);
    /// // A move that is not legal where it stands is an error.
    /// let bad = Line { start: Start::Standard, seats: 0, moves: vec![pack("e2e5".parse().unwrap())] };
    /// assert!(bad.plies().is_err());
    /// # Ok::<(), chess960_explorer::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Corrupt`] when the start is out of range or a move is not
    /// legal where it stands.
    pub fn plies(&self) -> Result<Vec<Ply>, Error> {
        let board = self
            .start
            .board()
            .ok_or_else(|| Error::Corrupt("a game's start is out of range"))?;
        let mut walk = Walk::new(board);
        for &bits in &self.moves {
            let mv = unpack(bits)
                .filter(|&mv| walk.board.is_legal(mv))
                .ok_or_else(|| Error::Corrupt("a game's move is not legal"))?;
            walk.step(mv, self.seats);
        }
        let mut plies = walk.plies;
        last_of_each(&mut plies);
        Ok(plies)
    }

    /// Writes the line: the start, the seats, the moves (2 bytes each).
    pub fn encode(&self, out: &mut Vec<u8>) {
        encode_line(self.start, self.seats, &self.moves, out);
    }

    /// Reads what [`Line::encode`] wrote.
    ///
    /// # Errors
    ///
    /// [`Error::Corrupt`] for bytes it did not write.
    pub fn decode(mut input: &[u8]) -> Result<Line, Error> {
        let input = &mut input;
        let start = match get_byte(input)? {
            0 => Start::Chess960(get_as(input)?),
            1 => Start::Double(get_as(input)?, get_as(input)?),
            2 => Start::Standard,
            _ => return Err(Error::Corrupt("a game's start is unknown")),
        };
        let seats = get_byte(input)?;
        if seats > 3 {
            return Err(Error::Corrupt("a game's seats are unknown"));
        }
        let count = usize::try_from(get(input)?).unwrap_or(usize::MAX);
        if input.len() != count.saturating_mul(2) {
            return Err(Error::Corrupt("a game's moves do not fill its line"));
        }
        let moves = input
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        Ok(Line {
            start,
            seats,
            moves,
        })
    }
}

/// Writes a line of `start`, `seats` and `moves` ([`Line::encode`]).
fn encode_line(start: Start, seats: u8, moves: &[u16], out: &mut Vec<u8>) {
    match start {
        Start::Chess960(id) => {
            out.push(0);
            put(out, u64::from(id));
        }
        Start::Double(white, black) => {
            out.push(1);
            put(out, u64::from(white));
            put(out, u64::from(black));
        }
        Start::Standard => out.push(2),
    }
    out.push(seats);
    put(out, moves.len() as u64);
    for mv in moves {
        out.extend_from_slice(&mv.to_le_bytes());
    }
}

/// A game followed on the replayer's board ([`Follow::ply`] shown each
/// move before it is played): its indexed line and positions, as
/// [`Line::plies`] gives them, and its whole mainline coded (see
/// `move_code`), without a board of its own.
pub(crate) struct Follow {
    start: Start,
    seats: u8,
    /// Plies indexed.
    limit: usize,
    pieces: Pieces,
    plies: Vec<Ply>,
    moves: Vec<u16>,
    codes: Vec<u8>,
    /// Moves seen.
    seen: usize,
    /// A null move ended the indexed line.
    ended: bool,
    /// A move the coder refused (none: the replayer found each legal).
    broken: bool,
}

impl Default for Follow {
    fn default() -> Follow {
        Follow {
            start: Start::Standard,
            seats: 0,
            limit: 0,
            pieces: Pieces::default(),
            plies: Vec::new(),
            moves: Vec::new(),
            codes: Vec::new(),
            seen: 0,
            ended: false,
            broken: false,
        }
    }
}

impl Follow {
    /// Follows a game from `start`, its first `limit` plies indexed (or
    /// the same game again), forgetting the last (its room kept).
    pub(crate) fn begin(&mut self, start: Start, seats: u8, limit: usize) {
        self.start = start;
        self.seats = seats;
        self.limit = limit;
        self.plies.clear();
        self.moves.clear();
        self.codes.clear();
        self.seen = 0;
        self.ended = false;
        self.broken = false;
    }

    /// Move `mv` on `board`, the position before it (a null move: its
    /// from-square as its to-square). Inlined into the replay's watcher,
    /// its one caller, which calls it at every move.
    #[inline]
    pub(crate) fn ply(&mut self, board: &Board, mv: Move) {
        let piece = board.piece_on(mv.from);
        if crate::model::move_code::put_on(board, piece, mv, &mut self.codes).is_err() {
            self.broken = true;
        }
        let at = self.seen;
        self.seen += 1;
        if at >= self.limit || self.ended {
            return;
        }
        if mv.from == mv.to {
            self.ended = true;
            return;
        }
        if at == 0 {
            self.pieces = Pieces::of(board);
        }
        let packed = pack(mv);
        push_positions(
            &mut self.plies,
            self.pieces.key(board),
            packed,
            board.side_to_move(),
            self.seats,
        );
        self.moves.push(packed);
        if let Some(piece) = piece {
            self.pieces.play_piece(board, piece, mv);
        }
    }

    /// Whether a move could not be coded (none can, as the replayer
    /// found each legal).
    pub(crate) fn is_broken(&self) -> bool {
        self.broken
    }

    /// Writes the indexed line ([`Line::encode`]).
    pub(crate) fn encode_line(&self, out: &mut Vec<u8>) {
        encode_line(self.start, self.seats, &self.moves, out);
    }

    /// The whole mainline's codes.
    pub(crate) fn codes(&self) -> &[u8] {
        &self.codes
    }

    /// Adds the line's positions to `out`, as [`Line::plies`] gives them.
    pub(crate) fn positions_into(&mut self, out: &mut Vec<Ply>) {
        last_of_each(&mut self.plies);
        out.extend_from_slice(&self.plies);
    }
}

/// Adds the position `key` before move `packed` of `side`: one key a seat
/// of a player's db.
#[allow(clippy::inline_always)]
#[inline(always)]
fn push_positions(plies: &mut Vec<Ply>, key: PositionKey, packed: u16, side: Color, seats: u8) {
    if seats == 0 {
        plies.push(Ply {
            key,
            mv: packed,
            side,
        });
    } else {
        for (bit, seat) in [(1, Color::White), (2, Color::Black)] {
            if seats & bit != 0 {
                plies.push(Ply {
                    key: key.for_player(seat),
                    mv: packed,
                    side,
                });
            }
        }
    }
}

/// A board played on, its pieces' key followed move by move, and the
/// positions left so far.
struct Walk {
    board: Board,
    pieces: Pieces,
    plies: Vec<Ply>,
}

impl Walk {
    fn new(board: Board) -> Walk {
        Walk {
            pieces: Pieces::of(&board),
            board,
            plies: Vec::with_capacity(64),
        }
    }

    /// Adds the position before `mv` (one key a seat) and plays it.
    fn step(&mut self, mv: Move, seats: u8) {
        let side = self.board.side_to_move();
        let packed = pack(mv);
        let key = self.pieces.key(&self.board);
        push_positions(&mut self.plies, key, packed, side, seats);
        self.pieces.play(&self.board, mv);
        self.board.play_unchecked(mv);
    }
}

/// Each key once, with its last ply, latest first (in place).
fn last_of_each(plies: &mut Vec<Ply>) {
    plies.reverse();
    // An open-addressed set of the keys kept (their places), by their
    // low bits: on the stack for a game's usual length.
    let size = (plies.len() * 2).next_power_of_two().max(16);
    let mut stack = [u32::MAX; 256];
    let mut heap = Vec::new();
    let slots: &mut [u32] = if size <= stack.len() {
        &mut stack[..size]
    } else {
        heap.resize(size, u32::MAX);
        &mut heap
    };
    let mut kept = 0;
    for at in 0..plies.len() {
        let ply = plies[at];
        #[allow(clippy::cast_possible_truncation)] // the low bits pick the slot
        let mut slot = ply.key.0 as usize & (size - 1);
        loop {
            match slots[slot] {
                u32::MAX => {
                    slots[slot] = u32::try_from(kept).unwrap_or(u32::MAX);
                    plies[kept] = ply;
                    kept += 1;
                    break;
                }
                place if plies[place as usize].key == ply.key => break,
                _ => slot = (slot + 1) & (size - 1),
            }
        }
    }
    plies.truncate(kept);
}
