//! Standard algebraic notation: a move as written (`Nbd7`, `exd6`,
//! `e8=Q`, `O-O-O`) read and found among the legal moves of a board, and a
//! legal move written back as SAN.

use cozy_chess::{
    BitBoard, Board, Color, File, Move, Piece, Rank, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_pawn_attacks, get_rook_moves,
};
use std::string::String;

/// A move as written, before it meets a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum San {
    /// `O-O` (`short`) or `O-O-O`, with the letter O or the digit 0.
    Castle { short: bool },
    /// A piece or pawn move: what moves (`None`: a pawn, unless both
    /// `from_file` and `from_rank` are given, when it is whatever stands
    /// there, as in `e2e4`), the hints, the target and the promotion.
    Normal {
        piece: Option<Piece>,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<Piece>,
    },
}

/// Why a move as written is no move of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unmatched {
    /// It is not SAN.
    Unreadable,
    /// No legal move fits it.
    Illegal,
    /// More than one legal move fits it.
    Ambiguous,
}

impl San {
    /// Reads a move as written, its annotation marks already taken off.
    pub(crate) fn parse(text: &[u8]) -> Option<San> {
        match text {
            b"O-O" | b"0-0" => return Some(San::Castle { short: true }),
            b"O-O-O" | b"0-0-0" => return Some(San::Castle { short: false }),
            _ => {}
        }
        let (piece, mut rest) = match text.split_first() {
            Some((&letter @ (b'N' | b'B' | b'R' | b'Q' | b'K'), rest)) => {
                (Some(piece_of(letter.to_ascii_lowercase())?), rest)
            }
            // A pawn's letter written (`Pe4`, `Pexd5`), as python-chess
            // reads it.
            Some((b'P', rest)) if rest.first().is_some_and(|b| (b'a'..=b'h').contains(b)) => {
                (None, rest)
            }
            _ => (None, text),
        };
        let mut promotion = None;
        if let [head @ .., letter] = rest {
            if let Some(promoted) = letter
                .is_ascii_alphabetic()
                .then(|| piece_of(letter.to_ascii_lowercase()))
                .flatten()
                .filter(|p| *p != Piece::Pawn)
            {
                promotion = Some(promoted);
                rest = head.strip_suffix(b"=").unwrap_or(head);
            }
        }
        let [hints @ .., file, rank] = rest else {
            return None;
        };
        let to = Square::new(file_of(*file)?, rank_of(*rank)?);
        let hints = hints
            .strip_suffix(b"x")
            .or_else(|| hints.strip_suffix(b"-"))
            .unwrap_or(hints);
        let (from_file, from_rank) = match *hints {
            [] => (None, None),
            [f] if file_of(f).is_some() => (file_of(f), None),
            [r] => (None, Some(rank_of(r)?)),
            [f, r] => (Some(file_of(f)?), Some(rank_of(r)?)),
            _ => return None,
        };
        if promotion.is_some() && piece.is_some() {
            return None;
        }
        Some(San::Normal {
            piece,
            from_file,
            from_rank,
            to,
            promotion,
        })
    }

    /// The one legal move of `board` this move as written names, castling
    /// as the king taking its own rook, as python-chess finds it: a castling
    /// is named by `O-O` and `O-O-O`, or square to square by the king's and
    /// its rook's squares (`e1h1`) or, with `standard_castling` (a standard
    /// game), the king's two-square move (`e1g1`); never by a move with a
    /// piece's letter (`Kg1`, `Kh1`), which goes to a square no piece of
    /// its side stands on.
    pub(crate) fn resolve(self, board: &Board, standard_castling: bool) -> Result<Move, Unmatched> {
        let us = board.side_to_move();
        match self {
            San::Castle { short } => {
                let rights = board.castle_rights(us);
                let rook = if short { rights.short } else { rights.long };
                let back = Rank::First.relative_to(us);
                let mv = Move {
                    from: board.king(us),
                    to: Square::new(rook.ok_or(Unmatched::Illegal)?, back),
                    promotion: None,
                };
                if board.is_legal(mv) {
                    Ok(mv)
                } else {
                    Err(Unmatched::Illegal)
                }
            }
            San::Normal {
                piece,
                from_file,
                from_rank,
                to,
                promotion,
            } => {
                // `e2e4`, `g1f3`: whatever stands on the square moves.
                let square_to_square =
                    piece.is_none() && from_file.is_some() && from_rank.is_some();
                if !square_to_square && board.colors(us).has(to) {
                    return Err(Unmatched::Illegal);
                }
                let mut from = board.colors(us);
                if let Some(file) = from_file {
                    from &= file.bitboard();
                }
                if let Some(rank) = from_rank {
                    from &= rank.bitboard();
                }
                // The pieces that could reach `to`, found from `to` itself:
                // each is checked with `is_legal` (its target holds no
                // piece of ours: no castling). `e2e4` takes the slower way
                // through every legal move.
                if let Some(sources) =
                    sources(board, piece, from_file.is_some(), to).filter(|_| !square_to_square)
                {
                    let mut found = None;
                    let mut count = 0;
                    for square in sources & from {
                        let mv = Move {
                            from: square,
                            to,
                            promotion,
                        };
                        if board.is_legal(mv) {
                            found = Some(mv);
                            count += 1;
                        }
                    }
                    return match (found, count) {
                        (Some(mv), 1) => Ok(mv),
                        (None, _) => Err(Unmatched::Illegal),
                        _ => Err(Unmatched::Ambiguous),
                    };
                }
                match piece {
                    Some(piece) => from &= board.pieces(piece),
                    None if from_file.is_some() && from_rank.is_some() => {}
                    None => {
                        from &= board.pieces(Piece::Pawn);
                        if from_file.is_none() {
                            from &= to.file().bitboard();
                        }
                    }
                }
                let mut found = None;
                let mut count = 0;
                board.generate_moves_for(from, |moves| {
                    for mv in moves {
                        // Square to square, a castling is the king onto its
                        // rook, or in a standard game onto its target too.
                        if mv.promotion == promotion
                            && (mv.to == to || target(board, mv, standard_castling) == to)
                        {
                            found = Some(mv);
                            count += 1;
                        }
                    }
                    count > 1
                });
                match (found, count) {
                    (Some(mv), 1) => Ok(mv),
                    (None, _) => Err(Unmatched::Illegal),
                    _ => Err(Unmatched::Ambiguous),
                }
            }
        }
    }
}

/// The squares of the side to move's pieces of the kind `piece` (`None`:
/// a pawn) that could move to `to` as the SAN names them (a pawn's capture
/// names its file: `named_file`), before legality; `None` when they are
/// looked for among every legal move instead (a pawn's push off the
/// board's edge).
// Inlined into its callers, `resolve` and `write`: as a call of its own,
// `--games --moves` took about 6% longer on one core (farm-bench, 15
// pairs, pinned).
#[allow(clippy::inline_always)]
#[inline(always)]
fn sources(board: &Board, piece: Option<Piece>, named_file: bool, to: Square) -> Option<BitBoard> {
    let us = board.side_to_move();
    let occupied = board.occupied();
    let reach = match piece {
        Some(Piece::Knight) => get_knight_moves(to),
        Some(Piece::Bishop) => get_bishop_moves(to, occupied),
        Some(Piece::Rook) => get_rook_moves(to, occupied),
        Some(Piece::Queen) => get_bishop_moves(to, occupied) | get_rook_moves(to, occupied),
        // A king's step; castling is written `O-O`.
        Some(Piece::King) => get_king_moves(to),
        Some(Piece::Pawn) => return None,
        None => {
            // A push: the square behind, or two behind from the fourth
            // rank; with a file named (`exd5`, but also `hh3`), a capture
            // too, as python-chess reads it.
            let back = if us == Color::White { -1 } else { 1 };
            let one = to.try_offset(0, back)?;
            let push = if board.occupied().has(one) {
                one.bitboard()
            } else if to.rank() == Rank::Fourth.relative_to(us) {
                one.try_offset(0, back)?.bitboard()
            } else {
                BitBoard::EMPTY
            };
            if named_file {
                push | get_pawn_attacks(to, !us)
            } else {
                push
            }
        }
    };
    let kind = piece.unwrap_or(Piece::Pawn);
    Some(reach & board.colored_pieces(us, kind))
}

/// Whether `mv` (legal on `board`) is a castling: the king onto its own
/// rook.
pub(crate) fn is_castling(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    mv.from == board.king(us) && board.colors(us).has(mv.to)
}

/// Where the moving piece is written to go: for a castling, the rook's
/// square, or the king's in standard castling.
pub(crate) fn target(board: &Board, mv: Move, standard_castling: bool) -> Square {
    if standard_castling && is_castling(board, mv) {
        let file = if mv.to.file() > mv.from.file() {
            File::G
        } else {
            File::C
        };
        Square::new(file, mv.to.rank())
    } else {
        mv.to
    }
}

/// Writes `mv` (legal on `board`) in SAN onto `out`, without its check
/// mark ([`write_check`] writes it from the board after the move).
pub(crate) fn write(board: &Board, mv: Move, out: &mut String) {
    let us = board.side_to_move();
    if is_castling(board, mv) {
        out.push_str(if mv.to.file() > mv.from.file() {
            "O-O"
        } else {
            "O-O-O"
        });
    } else {
        let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
        let capture = board.colors(!us).has(mv.to)
            || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
        if piece == Piece::Pawn {
            if capture {
                out.push(char::from(file_letter(mv.from.file())));
            }
        } else {
            out.push(char::from(piece_letter(piece)));
            // Others of the same kind that could go there too: those that
            // reach the square, each checked for legality.
            let mut rivals = BitBoard::EMPTY;
            let reaching = sources(board, Some(piece), false, mv.to).unwrap_or(BitBoard::EMPTY);
            for square in reaching & !mv.from.bitboard() {
                let rival = Move {
                    from: square,
                    to: mv.to,
                    promotion: None,
                };
                if board.is_legal(rival) {
                    rivals |= square.bitboard();
                }
            }
            if !rivals.is_empty() {
                if (rivals & mv.from.file().bitboard()).is_empty() {
                    out.push(char::from(file_letter(mv.from.file())));
                } else if (rivals & mv.from.rank().bitboard()).is_empty() {
                    out.push(char::from(rank_digit(mv.from.rank())));
                } else {
                    out.push(char::from(file_letter(mv.from.file())));
                    out.push(char::from(rank_digit(mv.from.rank())));
                }
            }
        }
        if capture {
            out.push('x');
        }
        out.push(char::from(file_letter(mv.to.file())));
        out.push(char::from(rank_digit(mv.to.rank())));
        if let Some(promotion) = mv.promotion {
            out.push('=');
            out.push(char::from(piece_letter(promotion)));
        }
    }
}

/// The mark of a move that gives check, from the board after it: `+`, or
/// `#` for mate; nothing without check.
pub(crate) fn write_check(after: &Board, out: &mut String) {
    if !after.checkers().is_empty() {
        out.push(if after.generate_moves(|_| true) {
            '+'
        } else {
            '#'
        });
    }
}

fn piece_of(letter: u8) -> Option<Piece> {
    Some(match letter {
        b'p' => Piece::Pawn,
        b'n' => Piece::Knight,
        b'b' => Piece::Bishop,
        b'r' => Piece::Rook,
        b'q' => Piece::Queen,
        b'k' => Piece::King,
        _ => return None,
    })
}

fn piece_letter(piece: Piece) -> u8 {
    match piece {
        Piece::Pawn => b'P',
        Piece::Knight => b'N',
        Piece::Bishop => b'B',
        Piece::Rook => b'R',
        Piece::Queen => b'Q',
        Piece::King => b'K',
    }
}

fn file_of(letter: u8) -> Option<File> {
    (b'a'..=b'h')
        .contains(&letter)
        .then(|| File::index(usize::from(letter - b'a')))
}

fn rank_of(digit: u8) -> Option<Rank> {
    (b'1'..=b'8')
        .contains(&digit)
        .then(|| Rank::index(usize::from(digit - b'1')))
}

fn file_letter(file: File) -> u8 {
    b'a' + file as u8
}

fn rank_digit(rank: Rank) -> u8 {
    b'1' + rank as u8
}

/// The UCI text of `mv` (legal on `board`): castling as the king taking
/// its rook, or, with `standard_castling`, as the king's two-square move.
pub(crate) fn uci(board: &Board, mv: Move, standard_castling: bool) -> [u8; 5] {
    chess960_uci(Move {
        to: target(board, mv, standard_castling),
        ..mv
    })
}

/// The UCI text of `mv` as it stands (castling: the king takes its rook),
/// the fifth byte 0 without a promotion; `0000` for a null move (a move
/// from a square to itself, as the replay keeps one).
pub(crate) fn chess960_uci(mv: Move) -> [u8; 5] {
    if mv.from == mv.to {
        return *b"0000\0";
    }
    let mut text = [
        file_letter(mv.from.file()),
        rank_digit(mv.from.rank()),
        file_letter(mv.to.file()),
        rank_digit(mv.to.rank()),
        0,
    ];
    if let Some(promotion) = mv.promotion {
        text[4] = piece_letter(promotion).to_ascii_lowercase();
    }
    text
}

/// Appends the UCI text of `mv` as it stands ([`chess960_uci`]) to `out`.
pub(crate) fn write_chess960_uci(mv: Move, out: &mut String) {
    out.push_str(uci_text(&chess960_uci(mv)));
}

/// The text of UCI bytes from [`uci`] or [`chess960_uci`]: four letters,
/// or five with a promotion.
pub(crate) fn uci_text(uci: &[u8; 5]) -> &str {
    let length = if uci[4] == 0 { 4 } else { 5 };
    core::str::from_utf8(&uci[..length]).unwrap_or("0000")
}

/// Whether a side has castling rights that only Chess960 rules express:
/// a rook off the corner, or the king off the e-file.
pub(crate) fn has_chess960_castling(board: &Board) -> bool {
    [Color::White, Color::Black].into_iter().any(|color| {
        let rights = board.castle_rights(color);
        (rights.short.is_some() || rights.long.is_some())
            && (board.king(color).file() != File::E
                || rights.short.is_some_and(|f| f != File::H)
                || rights.long.is_some_and(|f| f != File::A))
    })
}

#[cfg(test)]
mod tests {
    use super::{San, Unmatched, write, write_check};
    use cozy_chess::{Board, File, Piece, Rank, Square};
    use std::string::{String, ToString};

    /// UCI appended to a buffer is `chess960_uci`'s text, for every pair of
    /// squares and promotion.
    #[test]
    fn uci_appended_is_chess960_uci() {
        for from in Square::ALL {
            for to in Square::ALL {
                for promotion in [None, Some(Piece::Queen), Some(Piece::Knight)] {
                    let mv = cozy_chess::Move {
                        from,
                        to,
                        promotion,
                    };
                    let mut text = String::new();
                    super::write_chess960_uci(mv, &mut text);
                    assert_eq!(text, super::uci_text(&super::chess960_uci(mv)));
                }
            }
        }
    }

    #[test]
    fn reads_every_form() {
        let e4 = Square::new(File::E, Rank::Fourth);
        let normal = |piece, from_file, from_rank, promotion| San::Normal {
            piece,
            from_file,
            from_rank,
            to: e4,
            promotion,
        };
        assert_eq!(San::parse(b"e4"), Some(normal(None, None, None, None)));
        // A pawn's letter, as python-chess reads it.
        assert_eq!(San::parse(b"Pe4"), San::parse(b"e4"));
        assert_eq!(San::parse(b"Pdxe4"), San::parse(b"dxe4"));
        assert_eq!(San::parse(b"P4"), None);
        assert_eq!(
            San::parse(b"Nge4"),
            Some(normal(Some(Piece::Knight), Some(File::G), None, None))
        );
        assert_eq!(
            San::parse(b"R1xe4"),
            Some(normal(Some(Piece::Rook), None, Some(Rank::First), None))
        );
        assert_eq!(
            San::parse(b"Qd3-e4"),
            Some(normal(
                Some(Piece::Queen),
                Some(File::D),
                Some(Rank::Third),
                None
            ))
        );
        assert_eq!(
            San::parse(b"dxe4=Q"),
            Some(normal(None, Some(File::D), None, Some(Piece::Queen)))
        );
        assert_eq!(
            San::parse(b"e4n"),
            Some(normal(None, None, None, Some(Piece::Knight)))
        );
        assert_eq!(San::parse(b"0-0-0"), Some(San::Castle { short: false }));
        for bad in [&b"e9"[..], b"Z4", b"", b"Nxe4=Q", b"abce4", b"Pxe4", b"x"] {
            assert_eq!(San::parse(bad), None, "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn resolves_and_writes_back() {
        let board: Board = "r3k2r/1P6/8/3pP3/8/8/8/R3K1NR w KQkq d6 0 1"
            .parse()
            .unwrap();
        let resolve = |text: &str| San::parse(text.as_bytes()).unwrap().resolve(&board, false);
        let mut written = String::new();
        for (text, san) in [
            ("exd6", "exd6"),
            ("O-O-O", "O-O-O"),
            ("bxa8=Q", "bxa8=Q+"),
            ("Ne2", "Ne2"),
            ("Kf2", "Kf2"),
        ] {
            written.clear();
            let mv = resolve(text).unwrap();
            write(&board, mv, &mut written);
            let mut after = board.clone();
            after.play_unchecked(mv);
            write_check(&after, &mut written);
            assert_eq!(written, san);
        }
        assert_eq!(
            resolve("O-O").map(|m| m.to.to_string()),
            Err(Unmatched::Illegal)
        );
        assert_eq!(resolve("b8=Q").unwrap().to.to_string(), "b8");
        assert_eq!(resolve("b8"), Err(Unmatched::Illegal));
        assert_eq!(resolve("Kg1"), Err(Unmatched::Illegal));
        assert_eq!(resolve("Ra2").unwrap().from.to_string(), "a1");
        // A pawn's push with its file named, as python-chess reads it.
        let start = Board::default();
        let push = San::parse(b"hh3").unwrap().resolve(&start, false).unwrap();
        assert_eq!(
            (push.from.to_string(), push.to.to_string()),
            ("h2".into(), "h3".into())
        );
        assert_eq!(San::parse(b"h3").unwrap().resolve(&start, false), Ok(push));
        assert_eq!(
            San::parse(b"gh3").unwrap().resolve(&start, false),
            Err(Unmatched::Illegal)
        );
        let two_rooks: Board = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1".parse().unwrap();
        assert_eq!(
            San::parse(b"Rd1").unwrap().resolve(&two_rooks, false),
            Err(Unmatched::Ambiguous)
        );
        written.clear();
        write(
            &two_rooks,
            San::parse(b"Rad1")
                .unwrap()
                .resolve(&two_rooks, false)
                .unwrap(),
            &mut written,
        );
        assert_eq!(written, "Rad1");
    }
}
