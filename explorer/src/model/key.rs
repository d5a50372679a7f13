//! A position's key: a 128-bit Zobrist hash of the pieces, the side to
//! move, the castling rights by their rook's file (exact for Chess960,
//! where `KQkq` is not) and the en passant square only where a capture
//! there is legal; the move counters are not in it, so transpositions
//! meet. A player's db mixes in the player's colour.

use cozy_chess::{Board, Color, File, Move, Piece, Rank, Square};

/// A position's key in the db.
///
/// ```
/// use chess960_explorer::key::PositionKey;
///
/// // The classical start, as a standard game and as Chess960 start 518.
/// let standard = cozy_chess::Board::default();
/// let sp518 = cozy_chess::Board::chess960_startpos(518);
/// assert_eq!(PositionKey::of(&standard), PositionKey::of(&sp518));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PositionKey(pub u128);

/// The bits of a key that file a position one game reached: enough that
/// two positions of a db rarely share them (a question replays the few
/// games filed with its position's), few enough to keep the runs small.
pub const PREFIX_BITS: u32 = 40;

/// SplitMix64, the tables' fixed source of bits.
const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Entries: 2 colours x 6 pieces x 64 squares, then the side to move,
/// castling rights (2 colours x 8 files), en passant files (8) and the
/// player's colour (2).
const PIECES: usize = 2 * 6 * 64;
const SIDE: usize = PIECES;
const CASTLING: usize = SIDE + 1;
const EN_PASSANT: usize = CASTLING + 16;
const PLAYER: usize = EN_PASSANT + 8;
const SIZE: usize = PLAYER + 2;

/// The Zobrist table: 128 random bits an entry, from SplitMix64 seeded
/// with a fixed number, so every build and every machine agrees.
static TABLE: [u128; SIZE] = {
    let mut table = [0u128; SIZE];
    let mut state = 0x0C4E_5596_0000_0019_u64;
    let mut i = 0;
    while i < SIZE {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let high = splitmix(state);
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let low = splitmix(state);
        table[i] = (high as u128) << 64 | low as u128;
        i += 1;
    }
    table
};

impl PositionKey {
    /// The key of a board.
    ///
    /// ```
    /// use chess960_explorer::key::PositionKey;
    /// use cozy_chess::Board;
    ///
    /// // 1. Nf3 Nf6 2. Ng1 Ng8 comes back to the start (counters aside).
    /// let mut board = Board::default();
    /// for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     board.play(mv.parse().unwrap());
    /// }
    /// assert_eq!(PositionKey::of(&board), PositionKey::of(&Board::default()));
    /// ```
    pub fn of(board: &Board) -> PositionKey {
        PositionKey::with_pieces(board, pieces(board))
    }

    /// The key of `board` whose pieces hash to `pieces` (see
    /// [`Pieces`]): the rest (castling, side, en passant) is added.
    pub(crate) fn with_pieces(board: &Board, pieces: u128) -> PositionKey {
        let mut hash = pieces;
        for (c, color) in Color::ALL.into_iter().enumerate() {
            let rights = board.castle_rights(color);
            for file in [rights.short, rights.long].into_iter().flatten() {
                hash ^= TABLE[CASTLING + c * 8 + file as usize];
            }
        }
        if board.side_to_move() == Color::Black {
            hash ^= TABLE[SIDE];
        }
        if let Some(file) = capturable_en_passant(board) {
            hash ^= TABLE[EN_PASSANT + file as usize];
        }
        PositionKey(hash)
    }

    /// The key of a board in a player's db, seen from the player's side
    /// (`color`): the same position is kept apart for the games the
    /// player had White in and those they had Black in.
    ///
    /// ```
    /// use chess960_explorer::key::PositionKey;
    /// use cozy_chess::{Board, Color};
    ///
    /// let board = Board::default();
    /// assert_ne!(PositionKey::of_player(&board, Color::White), PositionKey::of_player(&board, Color::Black));
    /// assert_ne!(PositionKey::of_player(&board, Color::White), PositionKey::of(&board));
    /// ```
    pub fn of_player(board: &Board, color: Color) -> PositionKey {
        PositionKey::of(board).for_player(color)
    }

    /// This key as a player's db keeps it for the player of `color`
    /// ([`PositionKey::of_player`] of the same board).
    ///
    /// ```
    /// use chess960_explorer::key::PositionKey;
    /// use cozy_chess::{Board, Color};
    ///
    /// let board = Board::default();
    /// assert_eq!(PositionKey::of(&board).for_player(Color::Black), PositionKey::of_player(&board, Color::Black));
    /// ```
    #[must_use]
    pub fn for_player(self, color: Color) -> PositionKey {
        PositionKey(self.0 ^ TABLE[PLAYER + color as usize])
    }

    /// The key's top [`PREFIX_BITS`] bits: how a position of one game is
    /// filed (the rest is checked by replaying the game).
    ///
    /// ```
    /// use chess960_explorer::key::{PREFIX_BITS, PositionKey};
    ///
    /// assert_eq!(PositionKey(5 << (128 - PREFIX_BITS) | 9).prefix(), 5);
    /// ```
    #[must_use]
    pub fn prefix(self) -> u64 {
        u64::try_from(self.0 >> (128 - PREFIX_BITS)).unwrap_or(u64::MAX)
    }

    /// The key as 16 bytes, big-endian (the db's keys).
    pub fn to_bytes(self) -> [u8; 16] {
        self.0.to_be_bytes()
    }

    /// The key of 16 bytes written by [`PositionKey::to_bytes`].
    pub fn from_bytes(bytes: [u8; 16]) -> PositionKey {
        PositionKey(u128::from_be_bytes(bytes))
    }
}

/// The part of a key that the pieces make.
fn pieces(board: &Board) -> u128 {
    let mut hash = 0u128;
    for (c, color) in Color::ALL.into_iter().enumerate() {
        let ours = board.colors(color);
        for (p, piece) in Piece::ALL.into_iter().enumerate() {
            for square in ours & board.pieces(piece) {
                hash ^= TABLE[(c * 6 + p) * 64 + square as usize];
            }
        }
    }
    hash
}

/// The keys of the positions of a game, each from the one before: only
/// the squares a move changes are hashed again.
///
/// ```
/// use chess960_explorer::key::{Pieces, PositionKey};
/// use cozy_chess::Board;
///
/// let mut board = Board::chess960_startpos(451);
/// let mut pieces = Pieces::of(&board);
/// for _ in 0..40 {
///     let mut moves = Vec::new();
///     board.generate_moves(|list| { moves.extend(list); false });
///     let Some(&mv) = moves.last() else { break };
///     pieces.play(&board, mv);
///     board.play(mv);
///     assert_eq!(pieces.key(&board), PositionKey::of(&board));
/// }
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Pieces(u128);

impl Pieces {
    /// The pieces' part of the key of `board`.
    pub fn of(board: &Board) -> Pieces {
        Pieces(pieces(board))
    }

    /// Follows move `mv`, legal on `before`, from the board before it
    /// alone: the piece leaves its square, a piece taken (en passant:
    /// beside) goes, the piece or its promotion arrives; castling (the
    /// king taking its rook) puts both on their castled squares.
    ///
    /// ```
    /// use chess960_explorer::key::{Pieces, PositionKey};
    /// use cozy_chess::Board;
    ///
    /// let mut board: Board = "4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 1".parse().unwrap();
    /// let mut pieces = Pieces::of(&board);
    /// for mv in ["e5d6", "e8d7", "e1h1"] {
    ///     let mv = mv.parse().unwrap();
    ///     pieces.play(&board, mv);
    ///     board.play(mv);
    ///     assert_eq!(pieces.key(&board), PositionKey::of(&board));
    /// }
    /// ```
    pub fn play(&mut self, before: &Board, mv: Move) {
        if let Some(piece) = before.piece_on(mv.from) {
            self.play_piece(before, piece, mv);
        }
    }

    /// [`Pieces::play`] for a move of `piece`, the piece on its
    /// from-square.
    pub(crate) fn play_piece(&mut self, before: &Board, piece: Piece, mv: Move) {
        let side = before.side_to_move();
        let entry = |color: Color, piece: Piece, square: Square| {
            TABLE[(color as usize * 6 + piece as usize) * 64 + square as usize]
        };
        let mut hash = self.0 ^ entry(side, piece, mv.from);
        if piece == Piece::King && before.colors(side).has(mv.to) {
            let rank = Rank::First.relative_to(side);
            let (king, rook) = if mv.to.file() > mv.from.file() {
                (File::G, File::F)
            } else {
                (File::C, File::D)
            };
            hash ^= entry(side, Piece::Rook, mv.to)
                ^ entry(side, Piece::King, Square::new(king, rank))
                ^ entry(side, Piece::Rook, Square::new(rook, rank));
        } else {
            if before.colors(!side).has(mv.to) {
                if let Some(taken) = before.piece_on(mv.to) {
                    hash ^= entry(!side, taken, mv.to);
                }
            } else if piece == Piece::Pawn && mv.from.file() != mv.to.file() {
                hash ^= entry(
                    !side,
                    Piece::Pawn,
                    Square::new(mv.to.file(), mv.from.rank()),
                );
            }
            hash ^= entry(side, mv.promotion.unwrap_or(piece), mv.to);
        }
        self.0 = hash;
    }

    /// The key of `board`, whose pieces these are.
    pub fn key(self, board: &Board) -> PositionKey {
        PositionKey::with_pieces(board, self.0)
    }
}

/// The en passant file of a board when a pawn of the side to move can
/// legally take there: else `None`, so that a double step no pawn can
/// answer leaves the same position as a single one would.
///
/// ```
/// use chess960_explorer::key::capturable_en_passant;
/// use cozy_chess::{Board, File};
///
/// let mut board = Board::default();
/// board.play("e2e4".parse().unwrap());
/// assert_eq!(board.en_passant(), Some(File::E)); // cozy-chess marks every double step
/// assert_eq!(capturable_en_passant(&board), None);
/// let board: Board = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1".parse().unwrap();
/// assert_eq!(capturable_en_passant(&board), Some(File::E));
/// ```
pub fn capturable_en_passant(board: &Board) -> Option<File> {
    let file = board.en_passant()?;
    let color = board.side_to_move();
    let target = Square::new(file, Rank::Sixth.relative_to(color));
    let from_rank = Rank::Fifth.relative_to(color).bitboard();
    let pawns = board.colored_pieces(color, Piece::Pawn) & file.adjacent() & from_rank;
    pawns
        .into_iter()
        .any(|from| {
            board.is_legal(Move {
                from,
                to: target,
                promotion: None,
            })
        })
        .then_some(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random games from every start, to their end (castling both ways,
    /// en passant, promotions, captures of rooks that could castle): the
    /// key followed move by move is the key of the board each time.
    #[test]
    fn pieces_followed_move_by_move_equal_the_board_s() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut kinds = [0usize; 3];
        for id in 0..960 {
            let mut board = Board::chess960_startpos(id);
            let mut pieces = Pieces::of(&board);
            for _ in 0..200 {
                let mut all = Vec::new();
                board.generate_moves(|moves| {
                    all.extend(moves);
                    false
                });
                // Captures and promotions first, half the time.
                let lively: Vec<Move> = all
                    .iter()
                    .copied()
                    .filter(|mv| {
                        board.colors(!board.side_to_move()).has(mv.to)
                            || mv.promotion.is_some()
                            || (board.piece_on(mv.from) == Some(Piece::Pawn)
                                && mv.from.file() != mv.to.file())
                    })
                    .collect();
                let from = if !lively.is_empty() && next() % 2 == 0 {
                    &lively
                } else {
                    &all
                };
                let Some(&mv) =
                    from.get(usize::try_from(next() % from.len().max(1) as u64).unwrap())
                else {
                    break;
                };
                let piece = board.piece_on(mv.from);
                if piece == Some(Piece::King) && board.colors(board.side_to_move()).has(mv.to) {
                    kinds[0] += 1;
                } else if piece == Some(Piece::Pawn)
                    && mv.from.file() != mv.to.file()
                    && board.piece_on(mv.to).is_none()
                {
                    kinds[1] += 1;
                } else if mv.promotion.is_some() {
                    kinds[2] += 1;
                }
                pieces.play(&board, mv);
                board.play_unchecked(mv);
                assert_eq!(pieces.key(&board), PositionKey::of(&board), "{id}: {mv}");
            }
        }
        assert!(
            kinds.iter().all(|&n| n > 0),
            "castling, en passant, promotions: {kinds:?}"
        );
    }
}
