//! A move as about a byte, found without generating moves: which of the
//! mover's pieces moves (its place among them by square) and where to (its
//! place among the squares that piece reaches on the board as it stands,
//! legal or not), kept on a board of bitboards that only moves pieces.

use cozy_chess::{
    BitBoard, Board, Color, File, Move, Piece, Rank, Square, get_bishop_rays, get_king_moves,
    get_knight_moves, get_pawn_attacks, get_pawn_quiets, get_rook_rays,
};

/// The low nibble that says a second byte follows (the target's place
/// minus 15).
const MORE: u8 = 15;

/// A null move: two bytes no move writes (a second byte is at most 12: a
/// queen reaches at most 27 squares).
pub(crate) const NULL: [u8; 2] = [0xFF, 0xFF];

/// A move's code went wrong: the move is not one of the board's, or the
/// bytes name none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Unknown;

/// The pieces of a game as it goes, enough to code its moves: where each
/// piece stands, the rooks that may still castle, the square a pawn may
/// take en passant and the side to move.
#[derive(Clone, Debug)]
pub(crate) struct Coder {
    colors: [u64; 2],
    /// Each square's piece (`EMPTY`: none).
    squares: [u8; 64],
    castles: [u64; 2],
    en_passant: u64,
    side: Color,
}

/// A square without a piece.
const EMPTY: u8 = 6;

/// The squares below `square`.
fn below(square: Square) -> u64 {
    (1u64 << square as u32) - 1
}

/// The `n`th square (from 0, lowest first) of `set`.
fn nth(set: u64, n: usize) -> Option<Square> {
    BitBoard(set).iter().nth(n)
}

/// What coding a move needs of a board: the side to move, its squares
/// and the other side's, the rooks it may castle with and the square a
/// pawn may take en passant.
struct View {
    side: Color,
    ours: u64,
    theirs: u64,
    castles: u64,
    en_passant: u64,
}

impl View {
    /// The view of a board of cozy-chess's for a move of `piece` (the
    /// castling rooks for a king's only, the en passant square for a
    /// pawn's only: no other piece's targets need them).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn of(board: &Board, piece: Piece) -> View {
        let side = board.side_to_move();
        let castles = if piece == Piece::King {
            castling_rooks(board, side)
        } else {
            0
        };
        View {
            side,
            ours: board.colors(side).0,
            theirs: board.colors(!side).0,
            castles,
            en_passant: if piece == Piece::Pawn {
                en_passant_square(board, side)
            } else {
                0
            },
        }
    }

    /// The squares `piece` on `from` reaches, and whether each is four
    /// moves (a promotion).
    #[inline]
    fn targets(&self, piece: Piece, from: Square) -> (u64, bool) {
        let (side, ours, theirs) = (self.side, self.ours, self.theirs);
        let occupied = BitBoard(ours | theirs);
        match piece {
            Piece::Pawn => {
                let takes = get_pawn_attacks(from, side).0 & (theirs | self.en_passant);
                let pushes = get_pawn_quiets(from, side, occupied).0;
                (
                    takes | pushes,
                    from.rank() == Rank::Seventh.relative_to(side),
                )
            }
            Piece::Knight => (get_knight_moves(from).0 & !ours, false),
            Piece::Bishop => (get_bishop_rays(from).0 & !ours, false),
            Piece::Rook => (get_rook_rays(from).0 & !ours, false),
            Piece::Queen => (
                (get_bishop_rays(from).0 | get_rook_rays(from).0) & !ours,
                false,
            ),
            Piece::King => (get_king_moves(from).0 & !ours | self.castles, false),
        }
    }

    /// Writes move `mv` of `piece` (the piece on its from-square).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn put(&self, piece: Piece, mv: Move, out: &mut Vec<u8>) -> Result<(), Unknown> {
        let ours = self.ours;
        if ours & mv.from.bitboard().0 == 0 {
            return Err(Unknown);
        }
        let (set, promotes) = self.targets(piece, mv.from);
        if set & mv.to.bitboard().0 == 0 {
            return Err(Unknown);
        }
        let mut place = (set & below(mv.to)).count_ones() as usize;
        match (promotes, mv.promotion) {
            (false, None) => {}
            (true, Some(piece @ (Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen))) => {
                place = place * 4 + (piece as usize - Piece::Knight as usize);
            }
            _ => return Err(Unknown),
        }
        let piece = u8::try_from((ours & below(mv.from)).count_ones()).map_err(|_| Unknown)?;
        let place = u8::try_from(place).map_err(|_| Unknown)?;
        if place < MORE {
            out.push(piece << 4 | place);
        } else {
            out.extend([piece << 4 | MORE, place - MORE]);
        }
        Ok(())
    }
}

/// The squares of the rooks `color` may castle with on `board`, as a set.
fn castling_rooks(board: &Board, color: Color) -> u64 {
    let rights = board.castle_rights(color);
    let rank = Rank::First.relative_to(color);
    [rights.short, rights.long]
        .into_iter()
        .flatten()
        .fold(0, |set, file| set | Square::new(file, rank).bitboard().0)
}

/// The square a pawn of `side` may take en passant on `board` (cozy-chess
/// marks every double step), as a set.
fn en_passant_square(board: &Board, side: Color) -> u64 {
    board.en_passant().map_or(0, |file| {
        Square::new(file, Rank::Sixth.relative_to(side))
            .bitboard()
            .0
    })
}

/// Writes move `mv` of `board` as [`Coder::put`] does on a coder that
/// followed the game to `board` (the same bytes), or a null move (its
/// from-square as its to-square) as [`NULL`]; the board is not played.
/// `piece` is the piece on its from-square (the caller's, who looked).
// Inlined, with `View::of` and `View::put`, into the indexer's move by
// move following (`Follow::ply`): as calls of their own they took about
// 150 instructions a move, and the index 2.5% more instructions in all
// (callgrind, 5 MB of spread games).
#[allow(clippy::inline_always)]
#[inline(always)]
pub(crate) fn put_on(
    board: &Board,
    piece: Option<Piece>,
    mv: Move,
    out: &mut Vec<u8>,
) -> Result<(), Unknown> {
    if mv.from == mv.to {
        out.extend(NULL);
        return Ok(());
    }
    let piece = piece.ok_or(Unknown)?;
    View::of(board, piece).put(piece, mv, out)
}

impl Coder {
    /// The coder of a game from `board`.
    pub(crate) fn new(board: &Board) -> Coder {
        let castles = [Color::White, Color::Black].map(|color| castling_rooks(board, color));
        let side = board.side_to_move();
        let en_passant = en_passant_square(board, side);
        let mut squares = [EMPTY; 64];
        for square in board.occupied() {
            squares[square as usize] = board.piece_on(square).map_or(EMPTY, |piece| piece as u8);
        }
        Coder {
            colors: [board.colors(Color::White).0, board.colors(Color::Black).0],
            squares,
            castles,
            en_passant,
            side,
        }
    }

    fn piece_on(&self, square: Square) -> Option<Piece> {
        Piece::ALL
            .get(usize::from(self.squares[square as usize]))
            .copied()
    }

    /// What coding a move needs of this board.
    fn view(&self) -> View {
        View {
            side: self.side,
            ours: self.colors[self.side as usize],
            theirs: self.colors[!self.side as usize],
            castles: self.castles[self.side as usize],
            en_passant: self.en_passant,
        }
    }

    /// The squares the piece on `from` reaches, and whether each is four
    /// moves (a promotion).
    fn targets(&self, from: Square) -> Option<(u64, bool)> {
        Some(self.view().targets(self.piece_on(from)?, from))
    }

    /// Writes move `mv` (castling as the king taking its rook) and plays
    /// it: one byte, or two for a target past the 15th.
    pub(crate) fn put(&mut self, mv: Move, out: &mut Vec<u8>) -> Result<(), Unknown> {
        let piece = self.piece_on(mv.from).ok_or(Unknown)?;
        self.view().put(piece, mv, out)?;
        self.play(mv);
        Ok(())
    }

    /// Writes a null move and plays it.
    pub(crate) fn put_null(&mut self, out: &mut Vec<u8>) {
        out.extend(NULL);
        self.play_null();
    }

    /// Reads a move [`Coder::put`] wrote from the front of `input`
    /// (`None`: a null move), without playing it.
    pub(crate) fn get(&self, input: &mut &[u8]) -> Result<Option<Move>, Unknown> {
        let (&first, rest) = input.split_first().ok_or(Unknown)?;
        *input = rest;
        let mut place = usize::from(first & 15);
        if place == usize::from(MORE) {
            let (&second, rest) = input.split_first().ok_or(Unknown)?;
            *input = rest;
            if [first, second] == NULL {
                return Ok(None);
            }
            place += usize::from(second);
        }
        let from = nth(self.colors[self.side as usize], usize::from(first >> 4)).ok_or(Unknown)?;
        let (set, promotes) = self.targets(from).ok_or(Unknown)?;
        let (to, promotion) = if promotes {
            let piece = Piece::ALL[Piece::Knight as usize + place % 4];
            (nth(set, place / 4).ok_or(Unknown)?, Some(piece))
        } else {
            (nth(set, place).ok_or(Unknown)?, None)
        };
        Ok(Some(Move {
            from,
            to,
            promotion,
        }))
    }

    fn take(&mut self, square: Square) {
        let clear = !square.bitboard().0;
        self.colors[0] &= clear;
        self.colors[1] &= clear;
        self.squares[square as usize] = EMPTY;
    }

    fn place(&mut self, piece: Piece, color: Color, square: Square) {
        self.colors[color as usize] |= square.bitboard().0;
        self.squares[square as usize] = piece as u8;
    }

    /// Plays `mv`, a move of the board (legal where it stands).
    pub(crate) fn play(&mut self, mv: Move) {
        let side = self.side;
        let Some(piece) = self.piece_on(mv.from) else {
            return;
        };
        let to_bit = mv.to.bitboard().0;
        let en_passant = std::mem::take(&mut self.en_passant);
        self.castles[side as usize] &= !mv.from.bitboard().0;
        self.castles[!side as usize] &= !to_bit;
        if piece == Piece::King {
            self.castles[side as usize] = 0;
        }
        if piece == Piece::King && self.colors[side as usize] & to_bit != 0 {
            // Castling: the king takes its rook.
            let rank = Rank::First.relative_to(side);
            let short = mv.to.file() > mv.from.file();
            let (king, rook) = if short {
                (File::G, File::F)
            } else {
                (File::C, File::D)
            };
            self.take(mv.from);
            self.take(mv.to);
            self.place(Piece::King, side, Square::new(king, rank));
            self.place(Piece::Rook, side, Square::new(rook, rank));
        } else {
            if piece == Piece::Pawn && en_passant & to_bit != 0 {
                // The pawn taken stands beside, on the mover's fifth rank.
                self.take(Square::new(mv.to.file(), Rank::Fifth.relative_to(side)));
            }
            self.take(mv.from);
            self.take(mv.to);
            self.place(mv.promotion.unwrap_or(piece), side, mv.to);
            if piece == Piece::Pawn && (mv.to as u8).abs_diff(mv.from as u8) == 16 {
                self.en_passant = Square::new(mv.from.file(), Rank::Third.relative_to(side))
                    .bitboard()
                    .0;
            }
        }
        self.side = !side;
    }

    /// Plays a null move.
    pub(crate) fn play_null(&mut self) {
        self.en_passant = 0;
        self.side = !self.side;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Random games from many starts (some played to their end: castling
    /// both ways, en passant, promotions): every legal move of every
    /// position codes to bytes of its own, and they read back to it.
    #[test]
    fn every_legal_move_codes_and_comes_back() {
        let mut state = 0x5DEE_CE66_D1CE_4E5Bu64;
        let (mut one, mut two, mut kinds) = (0usize, 0usize, [0usize; 4]);
        for id in (0..960).step_by(7).chain([518]) {
            let mut board = Board::chess960_startpos(id);
            let mut coder = Coder::new(&board);
            for _ in 0..300 {
                let mut all = Vec::new();
                board.generate_moves(|moves| {
                    all.extend(moves);
                    false
                });
                if all.is_empty() {
                    break;
                }
                let mut seen = std::collections::HashSet::new();
                for &mv in &all {
                    let mut bytes = Vec::new();
                    coder.clone().put(mv, &mut bytes).unwrap();
                    let mut on_board = Vec::new();
                    put_on(&board, board.piece_on(mv.from), mv, &mut on_board).unwrap();
                    assert_eq!(on_board, bytes, "{mv} coded on the board");
                    assert!(seen.insert(bytes.clone()), "{mv} codes apart");
                    let mut input = bytes.as_slice();
                    assert_eq!(coder.get(&mut input), Ok(Some(mv)));
                    assert!(input.is_empty());
                    if bytes.len() == 1 { one += 1 } else { two += 1 }
                }
                let pick = all[usize::try_from(xorshift(&mut state) % all.len() as u64).unwrap()];
                let piece = board.piece_on(pick.from).unwrap();
                if pick.promotion.is_some() {
                    kinds[0] += 1;
                } else if piece == Piece::King && board.colors(board.side_to_move()).has(pick.to) {
                    kinds[1] += 1;
                } else if piece == Piece::Pawn
                    && pick.from.file() != pick.to.file()
                    && board.piece_on(pick.to).is_none()
                {
                    kinds[2] += 1;
                }
                coder.put(pick, &mut Vec::new()).unwrap();
                board.play_unchecked(pick);
                if xorshift(&mut state).is_multiple_of(50)
                    && let Some(next) = board.null_move()
                {
                    let mut bytes = Vec::new();
                    let king = board.king(board.side_to_move());
                    let null = Move {
                        from: king,
                        to: king,
                        promotion: None,
                    };
                    put_on(&board, board.piece_on(null.from), null, &mut bytes).unwrap();
                    assert_eq!(bytes, NULL);
                    bytes.clear();
                    coder.put_null(&mut bytes);
                    assert_eq!(coder.get(&mut bytes.as_slice()), Ok(None));
                    board = next;
                    kinds[3] += 1;
                }
                assert_eq!(
                    coder.colors,
                    [board.colors(Color::White).0, board.colors(Color::Black).0]
                );
                for square in Square::ALL {
                    assert_eq!(coder.piece_on(square), board.piece_on(square));
                }
                assert_eq!(coder.side, board.side_to_move());
                for color in [Color::White, Color::Black] {
                    let rights = board.castle_rights(color);
                    let rooks = [rights.short, rights.long].into_iter().flatten();
                    let rooks: u64 = rooks
                        .map(|file| {
                            Square::new(file, Rank::First.relative_to(color))
                                .bitboard()
                                .0
                        })
                        .sum();
                    assert_eq!(coder.castles[color as usize], rooks);
                }
                if let Some(file) = board.en_passant() {
                    assert_eq!(
                        coder.en_passant,
                        Square::new(file, Rank::Sixth.relative_to(board.side_to_move()))
                            .bitboard()
                            .0
                    );
                }
            }
        }
        assert!(
            kinds.iter().all(|&n| n > 0),
            "promotions, castling, en passant, nulls: {kinds:?}"
        );
        assert!(one > 10 * two, "{one} moves a byte, {two} two");
    }

    #[test]
    fn moves_not_of_the_board_are_refused() {
        let board = Board::default();
        let coder = Coder::new(&board);
        for text in ["e2e5", "e7e5", "e1e2", "g1g3", "a2a3q"] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(
                coder.clone().put(mv, &mut Vec::new()),
                Err(Unknown),
                "{text}"
            );
            assert_eq!(
                put_on(&board, board.piece_on(mv.from), mv, &mut Vec::new()),
                Err(Unknown),
                "{text}"
            );
        }
        for bytes in [&[][..], &[0xFE][..], &[0x0F][..], &[0x0F, 40][..]] {
            assert!(coder.get(&mut &*bytes).is_err(), "{bytes:?}");
        }
    }
}
