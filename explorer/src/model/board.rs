//! Boards and moves as the explorer reads and writes them: a start or a
//! FEN, UCI moves played on it (castling as the king taking its rook, or
//! as the king's two-square move where that is unambiguous), the db's
//! 16-bit moves, and SAN.

use cozy_chess::{Board, Move, Piece, Square};

/// A move as 16 bits: from-square, to-square (castling: the rook's) and
/// promotion (0 none, else the piece's number + 1).
///
/// ```
/// use chess960_explorer::board::{pack, unpack};
///
/// let mv: cozy_chess::Move = "e7e8q".parse().unwrap();
/// assert_eq!(unpack(pack(mv)), Some(mv));
/// ```
pub fn pack(mv: Move) -> u16 {
    let promotion = mv.promotion.map_or(0, |p| p as u16 + 1);
    (mv.from as u16) | (mv.to as u16) << 6 | promotion << 12
}

/// The move of [`pack`] (`None` for bits it never writes).
pub fn unpack(bits: u16) -> Option<Move> {
    let promotion = match bits >> 12 {
        0 => None,
        p => Some(*Piece::ALL.get(usize::from(p - 1))?),
    };
    Some(Move {
        from: Square::index(usize::from(bits & 63)),
        to: Square::index(usize::from(bits >> 6 & 63)),
        promotion,
    })
}

/// A move in UCI as the explorer writes it: castling as the king taking
/// its rook.
pub fn uci(mv: Move) -> String {
    mv.to_string()
}

/// The legal move of `board` that the UCI `text` names: castling as the
/// king taking its rook (`e1h1`) or, where no such move is legal, as the
/// king's two-square move of a standard game (`e1g1`). `None` when no
/// legal move is named.
///
/// ```
/// use chess960_explorer::board::parse_uci;
/// use cozy_chess::Board;
///
/// let mut board = Board::default();
/// for mv in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
///     board.play(mv.parse().unwrap());
/// }
/// assert_eq!(parse_uci(&board, "e1g1").unwrap().to_string(), "e1h1");
/// assert_eq!(parse_uci(&board, "e1h1").unwrap().to_string(), "e1h1");
/// assert_eq!(parse_uci(&board, "e1e3"), None);
/// ```
pub fn parse_uci(board: &Board, text: &str) -> Option<Move> {
    let mv: Move = text.trim().parse().ok()?;
    if board.is_legal(mv) {
        return Some(mv);
    }
    castling_of_king_step(board, mv).filter(|&castle| board.is_legal(castle))
}

/// The castling move (king takes rook) that a king's two-square move
/// `e1g1`/`e1c1` stands for.
fn castling_of_king_step(board: &Board, mv: Move) -> Option<Move> {
    let color = board.side_to_move();
    if board.king(color) != mv.from || mv.from.rank() != mv.to.rank() || mv.promotion.is_some() {
        return None;
    }
    let (from, to) = (mv.from.file() as i8, mv.to.file() as i8);
    if (from - to).abs() != 2 {
        return None;
    }
    let rights = board.castle_rights(color);
    let rook = if to > from { rights.short } else { rights.long }?;
    Some(Move {
        from: mv.from,
        to: Square::new(rook, mv.from.rank()),
        promotion: None,
    })
}

/// A legal move as a board on a page takes it: from and to squares
/// (castling as the king onto its own rook), the promotion piece, UCI and
/// SAN; and for castling in the standard geometry (the king on the e-file,
/// the rook in its corner) the king's two-square target too.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LegalMove {
    /// In UCI, castling as the king taking its rook (`e1h1`).
    pub uci: String,
    /// In SAN.
    pub san: String,
    /// The square moved from (`e1`).
    pub from: String,
    /// The square moved to: for castling, the rook's.
    pub to: String,
    /// The piece promoted to (`q`, `r`, `b`, `n`), when a pawn promotes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<char>,
    /// For castling where the king stands on the e-file and the rook in
    /// its corner (as at the standard start), the king's two-square
    /// target (`g1`), which also plays this move (`kingTo` in JSON).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub king_to: Option<String>,
}

/// Every legal move of `board`, in UCI order.
///
/// ```
/// use chess960_explorer::board::legal_moves;
/// use cozy_chess::Board;
///
/// let moves = legal_moves(&Board::default());
/// assert_eq!(moves.len(), 20);
/// let knight = moves.iter().find(|m| m.uci == "g1f3").unwrap();
/// assert_eq!((knight.san.as_str(), knight.from.as_str(), knight.to.as_str()), ("Nf3", "g1", "f3"));
/// ```
pub fn legal_moves(board: &Board) -> Vec<LegalMove> {
    let mut moves = Vec::new();
    board.generate_moves(|list| {
        for mv in list {
            let castling = is_castling(board, mv);
            let king_to = castling
                .then(|| {
                    let standard = mv.from.file() == cozy_chess::File::E
                        && matches!(mv.to.file(), cozy_chess::File::A | cozy_chess::File::H);
                    let file = if mv.to.file() > mv.from.file() {
                        cozy_chess::File::G
                    } else {
                        cozy_chess::File::C
                    };
                    standard.then(|| Square::new(file, mv.from.rank()).to_string())
                })
                .flatten();
            moves.push(LegalMove {
                uci: uci(mv),
                san: san(board, mv),
                from: mv.from.to_string(),
                to: mv.to.to_string(),
                promotion: mv.promotion.map(char::from),
                king_to,
            });
        }
        false
    });
    moves.sort_by(|a, b| a.uci.cmp(&b.uci));
    moves
}

/// Whether a move is castling: the king takes its own rook.
fn is_castling(board: &Board, mv: Move) -> bool {
    board.piece_on(mv.from) == Some(Piece::King) && board.colors(board.side_to_move()).has(mv.to)
}

/// The SAN of a legal move (`Nf3`, `exd6`, `O-O-O`, `e8=Q+`, `Qh4#`).
///
/// ```
/// use chess960_explorer::board::san;
/// use cozy_chess::Board;
///
/// let board = Board::default();
/// assert_eq!(san(&board, "g1f3".parse().unwrap()), "Nf3");
/// ```
pub fn san(board: &Board, mv: Move) -> String {
    let mut out = String::with_capacity(8);
    let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    if is_castling(board, mv) {
        out.push_str(if mv.to.file() > mv.from.file() {
            "O-O"
        } else {
            "O-O-O"
        });
    } else if piece == Piece::Pawn {
        let capture = mv.from.file() != mv.to.file();
        if capture {
            out.push(char::from(mv.from.file()));
            out.push('x');
        }
        out.push_str(&mv.to.to_string());
        if let Some(promotion) = mv.promotion {
            out.push('=');
            out.push(char::from(promotion).to_ascii_uppercase());
        }
    } else {
        out.push(char::from(piece).to_ascii_uppercase());
        // Others of the same kind that reach the square.
        let mut others = Vec::new();
        board.generate_moves(|moves| {
            if moves.piece == piece && moves.from != mv.from && moves.to.has(mv.to) {
                others.push(moves.from);
            }
            false
        });
        if !others.is_empty() {
            let same_file = others.iter().any(|s| s.file() == mv.from.file());
            let same_rank = others.iter().any(|s| s.rank() == mv.from.rank());
            if !same_file {
                out.push(char::from(mv.from.file()));
            } else if !same_rank {
                out.push(char::from(mv.from.rank()));
            } else {
                out.push_str(&mv.from.to_string());
            }
        }
        if board.colors(!board.side_to_move()).has(mv.to) {
            out.push('x');
        }
        out.push_str(&mv.to.to_string());
    }
    let mut after = board.clone();
    after.play_unchecked(mv);
    if !after.checkers().is_empty() {
        let mut any = false;
        after.generate_moves(|_| {
            any = true;
            true
        });
        out.push(if any { '+' } else { '#' });
    }
    out
}

/// A board from a FEN: Shredder-FEN (`HAha`) or X-FEN (`KQkq`), 4 to 6
/// fields; `None` when it is no legal position.
///
/// ```
/// use chess960_explorer::board::board_from_fen;
///
/// assert!(board_from_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1").is_some());
/// assert!(board_from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").is_some());
/// assert!(board_from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_none());
/// // X-FEN of a double Chess960 start: `KQkq` name each side's outer rook.
/// let double = board_from_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1").unwrap();
/// assert_eq!(format!("{double:#}"), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAhf - 0 1");
/// ```
pub fn board_from_fen(fen: &str) -> Option<Board> {
    let mut fields: Vec<String> = fen.split_ascii_whitespace().map(str::to_owned).collect();
    match fields.len() {
        4 => fields.extend(["0".to_owned(), "1".to_owned()]),
        5 => fields.push("1".to_owned()),
        6 => {}
        _ => return None,
    }
    fields[2] = shredder_castling(&fields[0], &fields[2])?;
    Board::from_fen(&fields.join(" "), true).ok()
}

/// The castling field in Shredder-FEN: `K`/`Q` (X-FEN) become the file of
/// the outermost rook on that side of the king on its back rank; file
/// letters stay.
fn shredder_castling(placement: &str, field: &str) -> Option<String> {
    if field == "-" {
        return Some(field.to_owned());
    }
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != 8 {
        return None;
    }
    // The back rank's pieces by file, for White (row 8) and Black (row 1).
    let rank = |row: &str| -> Option<[u8; 8]> {
        let mut squares = [b'.'; 8];
        let mut file = 0usize;
        for byte in row.bytes() {
            if byte.is_ascii_digit() {
                file += usize::from(byte - b'0');
            } else {
                *squares.get_mut(file)? = byte;
                file += 1;
            }
        }
        (file == 8).then_some(squares)
    };
    let white = rank(rows[7])?;
    let black = rank(rows[0])?;
    let mut out = String::new();
    for letter in field.chars() {
        let (squares, king, rook, upper) = if letter.is_ascii_uppercase() {
            (&white, b'K', b'R', true)
        } else {
            (&black, b'k', b'r', false)
        };
        let file = match letter.to_ascii_lowercase() {
            side @ ('k' | 'q') => {
                let king_file = squares.iter().position(|&b| b == king)?;
                let rooks = squares
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| b == rook)
                    .map(|(f, _)| f);
                if side == 'k' {
                    rooks.filter(|&f| f > king_file).max()?
                } else {
                    rooks.filter(|&f| f < king_file).min()?
                }
            }
            file @ 'a'..='h' => usize::from(file as u8 - b'a'),
            _ => return None,
        };
        let name = char::from(b'a' + u8::try_from(file).ok()?);
        out.push(if upper {
            name.to_ascii_uppercase()
        } else {
            name
        });
    }
    Some(out)
}
