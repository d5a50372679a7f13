//! The board a game is replayed from, and the notation its UCI moves are
//! written in: from the record's kind and its `FEN` tag.

use super::error::NotReplayed;
use super::san::has_chess960_castling;
use crate::read::{GameKind, TagName, Tags, Variant};
use cozy_chess::{Board, BoardBuilder, Color, File, Piece, Rank, Square};
use std::format;
use std::vec::Vec;

/// How castling is written in a game's UCI moves.
///
/// ```
/// # #[cfg(feature = "moves")] {
/// use chess960_games::replay::Notation;
///
/// assert_ne!(Notation::Chess960, Notation::Standard);
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// The king takes its own rook (`e1h1`), as engines write it with
    /// `UCI_Chess960`: Chess960 and double Chess960 games.
    Chess960,
    /// The king's two-square move (`e1g1`): a standard game.
    Standard,
}

/// The start board of a game and its notation.
///
/// A Chess960 game (its `Variant` tag) is written in Chess960 notation, and
/// so is any game whose start gives a castling right that only Chess960
/// rules can express (a rook off its corner or the king off the e-file):
/// python-chess decides the same way.
pub(crate) fn start_board(kind: &GameKind, tags: &Tags) -> Result<(Board, Notation), NotReplayed> {
    let board = match kind {
        GameKind::Chess960(position) => Board::chess960_startpos(u32::from(position.id())),
        GameKind::DoubleChess960(start) => Board::double_chess960_startpos(
            u32::from(start.white().id()),
            u32::from(start.black().id()),
        ),
        GameKind::Standard => Board::default(),
        GameKind::ChangedRules { .. } | GameKind::NotAStart(_) => {
            let fen = tags.fens().next().ok_or(NotReplayed::Fen)?;
            board_from_fen(fen).ok_or(NotReplayed::Fen)?
        }
        GameKind::OtherVariant(_) => return Err(NotReplayed::OtherVariant),
        GameKind::Unreadable(_) => return Err(NotReplayed::Unreadable),
    };
    let variant = Variant::from_name(tags.get(TagName::Variant).unwrap_or(""));
    let notation = if variant == Variant::Chess960 || has_chess960_castling(&board) {
        Notation::Chess960
    } else {
        Notation::Standard
    };
    Ok((board, notation))
}

/// A board from a FEN as software writes it: 4 to 6 fields (EPD's four
/// included), castling rights in X-FEN (`KQkq`: the outermost rook on that
/// side, or a file letter for an inner one) or Shredder-FEN (`HAha`), a
/// halfmove clock past 100 taken as 100. As python-chess reads such a
/// FEN, a castling right without its king and rook on the back rank, a
/// right named twice and an en passant square no pawn can take on are
/// passed over: they allow no move.
pub(crate) fn board_from_fen(fen: &str) -> Option<Board> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return None;
    }
    let halfmove = fields.get(4).map_or(Some(0), |f| f.parse::<u32>().ok())?;
    let fullmove = fields.get(5).map_or(Some(1), |f| f.parse::<u32>().ok())?;
    // The side to move is `w` or `b`, as python-chess has it (`W` is
    // refused there too).
    if !matches!(fields[1], "w" | "b") {
        return None;
    }
    let placement = format!("{} {} - - 0 1", fields[0], fields[1]);
    let plain = Board::from_fen(&placement, true).ok()?;
    let mut builder = BoardBuilder::from_board(&plain);
    if fields[2] != "-" {
        // White's letters, then Black's, at most two each, as python-chess
        // takes them.
        let field = fields[2].as_bytes();
        let white = field.iter().take_while(|b| b.is_ascii_uppercase()).count();
        let letter = |b: u8| matches!(b.to_ascii_lowercase(), b'a'..=b'h' | b'k' | b'q');
        if white > 2
            || field.len() - white > 2
            || !field.iter().all(|&b| letter(b))
            || !field[white..].iter().all(u8::is_ascii_lowercase)
        {
            return None;
        }
        for &letter in field {
            let color = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let Some((short, rook)) = castling_right(&plain, color, letter.to_ascii_lowercase())
            else {
                continue;
            };
            let rights = builder.castle_rights_mut(color);
            // Two rights of one side: the outermost rook's, as python-chess
            // keeps it.
            let slot = if short {
                &mut rights.short
            } else {
                &mut rights.long
            };
            *slot = Some(match *slot {
                Some(other) if short => other.max(rook),
                Some(other) => other.min(rook),
                None => rook,
            });
        }
    }
    builder.halfmove_clock = u8::try_from(halfmove.min(100)).ok()?;
    builder.fullmove_number = u16::try_from(fullmove.max(1)).ok()?;
    if fields[3] != "-" {
        let square: Square = fields[3].parse().ok()?;
        let mut with_square = builder.clone();
        with_square.en_passant = Some(square);
        if let Ok(board) = with_square.build() {
            return Some(board);
        }
    }
    // Rights the board still refuses are dropped, as python-chess drops
    // them: one side's, the other's, then both; a board refused for
    // another reason stays refused.
    builder.build().ok().or_else(|| {
        let without = |colors: &[Color]| {
            let mut fewer = builder.clone();
            for &color in colors {
                *fewer.castle_rights_mut(color) = cozy_chess::CastleRights::EMPTY;
            }
            fewer.build().ok()
        };
        without(&[Color::White])
            .or_else(|| without(&[Color::Black]))
            .or_else(|| without(&[Color::White, Color::Black]))
    })
}

/// The castling right one letter of a FEN gives `color`: which side
/// (`true`: the h-side) and its rook's file.
fn castling_right(board: &Board, color: Color, letter: u8) -> Option<(bool, File)> {
    let back = Rank::First.relative_to(color);
    let king = board.king(color);
    if king.rank() != back {
        return None;
    }
    let rooks = board.colored_pieces(color, Piece::Rook) & back.bitboard();
    let files = rooks.into_iter().map(Square::file);
    let rook = match letter {
        b'k' => files.filter(|&f| f > king.file()).max()?,
        b'q' => files.filter(|&f| f < king.file()).min()?,
        b'a'..=b'h' => {
            let file = File::index(usize::from(letter - b'a'));
            rooks.has(Square::new(file, back)).then_some(file)?
        }
        _ => return None,
    };
    Some((rook > king.file(), rook))
}

#[cfg(test)]
mod tests {
    use super::board_from_fen;
    use std::format;

    #[test]
    fn fens_in_every_dialect() {
        let xfen = board_from_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
        let shredder = board_from_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
        assert_eq!(xfen, shredder);
        assert_eq!(xfen, Some(cozy_chess::Board::chess960_startpos(0)));
        let epd = board_from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
        assert_eq!(epd, Some(cozy_chess::Board::default()));
        // An inner rook named by its file.
        let inner = board_from_fen("4k2r/8/8/8/8/8/8/RR2K2R w Bk - 0 1").unwrap();
        assert_eq!(
            inner.castle_rights(cozy_chess::Color::White).long,
            Some(cozy_chess::File::B)
        );
        // Rights without their rook, or named twice, allow no move.
        assert_eq!(
            board_from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
            board_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        );
        let twice = board_from_fen("4k3/8/8/8/8/8/8/4KR1R w KF - 0 1").unwrap();
        assert_eq!(
            twice.castle_rights(cozy_chess::Color::White).short,
            Some(cozy_chess::File::H)
        );
        // Of two rights on one side, the outermost rook's, in either order.
        for rights in ["CA", "AC"] {
            let both = board_from_fen(&format!("4k3/8/8/8/8/8/8/R1R1K3 w {rights} - 0 1")).unwrap();
            assert_eq!(
                both.castle_rights(cozy_chess::Color::White).long,
                Some(cozy_chess::File::A)
            );
        }
        // Castling fields python-chess refuses.
        for field in ["KKH", "kK", "KQkqk", "K-"] {
            let fen = format!("r3k2r/8/8/8/8/8/8/R3K2R w {field} - 0 1");
            assert!(board_from_fen(&fen).is_none(), "{field}");
        }
        // An en passant square no pawn can take on.
        assert_eq!(
            board_from_fen("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
            board_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        );
        assert!(board_from_fen("4k3/8/8/8/8/8/8/4K3 w X - 0 1").is_none());
        assert!(board_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0").is_some());
        assert!(board_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 200 1").is_some());
        assert!(board_from_fen("nonsense").is_none());
        // The side to move as python-chess reads it: `w` or `b` only.
        assert!(board_from_fen("4k3/8/8/8/8/8/8/4K3 W - - 0 1").is_none());
        assert!(board_from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").is_some());
    }
}
