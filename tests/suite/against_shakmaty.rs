//! Cross-checks with shakmaty, an independent move generator: its numbering
//! gives our ranks and boards; our FENs parse there in Chess960 castling
//! mode to the same board, castling rooks and paths; with the back ranks
//! cleared of all but king and rooks, the castling moves it generates are
//! the ones we declare; an attacker on each file forbids castling exactly
//! when our unattacked mask holds that file.

use crate::common;

use chess960::{
    Bitboards, CastlingSide, Color as OurColor, DoublePosition, FenStyle, Piece, Position,
};
use shakmaty::fen::Fen;
use shakmaty::{Bitboard, CastlingMode, Chess, Color, Move, Role, Setup, Square};

fn their_color(color: OurColor) -> Color {
    match color {
        OurColor::White => Color::White,
        OurColor::Black => Color::Black,
    }
}

fn their_side(side: CastlingSide) -> shakmaty::CastlingSide {
    match side {
        CastlingSide::ASide => shakmaty::CastlingSide::QueenSide,
        CastlingSide::HSide => shakmaty::CastlingSide::KingSide,
    }
}

fn their_position(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap()
}

fn square(index: u8) -> Square {
    Square::new(u32::from(index))
}

/// Our FEN in both styles parses in shakmaty with our castling rooks and
/// vacant squares, and with our bitboards.
fn check_fen_and_castling(double: DoublePosition) {
    for style in [FenStyle::XFen, FenStyle::Shredder] {
        let fen = double.fen(style);
        let chess = their_position(fen.as_str());
        let castles = shakmaty::Position::castles(&chess);
        for color in OurColor::ALL {
            for side in CastlingSide::ALL {
                let ours = double.castling(color, side);
                let theirs = (their_color(color), their_side(side));
                assert_eq!(
                    castles.rook(theirs.0, theirs.1),
                    Some(square(ours.uci(color).to_square().index())),
                    "{fen} {color} {side}"
                );
                assert_eq!(
                    u64::from(castles.path(theirs.0, theirs.1)),
                    ours.vacant_squares(color),
                    "{fen} {color} {side}"
                );
            }
        }
        check_bitboards(double.bitboards(), shakmaty::Position::board(&chess));
    }
}

fn check_bitboards(ours: Bitboards, board: &shakmaty::Board) {
    let roles = [
        (Piece::King, Role::King),
        (Piece::Queen, Role::Queen),
        (Piece::Rook, Role::Rook),
        (Piece::Bishop, Role::Bishop),
        (Piece::Knight, Role::Knight),
    ];
    for (piece, role) in roles {
        assert_eq!(ours.piece(piece), u64::from(board.by_role(role)), "{piece}");
    }
    assert_eq!(ours.pawns(), u64::from(board.by_role(Role::Pawn)));
    for color in OurColor::ALL {
        assert_eq!(
            ours.color(color),
            u64::from(board.by_color(their_color(color)))
        );
    }
    assert_eq!(ours.occupied(), u64::from(board.occupied()));
}

#[test]
fn all_960_fens_parse_in_shakmaty_with_our_castling_rooks_paths_and_bitboards() {
    for position in Position::all() {
        check_fen_and_castling(DoublePosition::from(position));
    }
}

#[test]
fn sample_of_double_fens_parse_in_shakmaty_with_our_castling_rooks_paths_and_bitboards() {
    for double in common::double_sample() {
        check_fen_and_castling(double);
    }
}

/// Shakmaty's board for each Scharnagl id: White's rank is ours, Black's
/// mirrors it, and the whole board is our FEN's first field.
#[test]
fn shakmatys_numbering_gives_our_ranks_and_boards() {
    for position in Position::all() {
        let theirs = shakmaty::Board::chess960(u32::from(position.id()));
        let their_fen = theirs.to_string();
        common::assert_white_rank_is_ours(&their_fen, position);
        // Black mirrors White.
        let black = their_fen.split('/').next().unwrap();
        assert_eq!(black, position.as_str().to_ascii_lowercase());

        let fen = position.fen(FenStyle::XFen);
        let board_field = fen.as_str().split(' ').next().unwrap();
        assert_eq!(theirs.board_fen().to_string(), board_field);
    }
}

/// The start position with every back-rank piece but the king and the rooks
/// removed, so that both castlings are possible; `color` to move, all
/// castling rights. With `attacked_file`, the enemy aims a rook at that
/// file of `color`'s back rank: `color`'s pawn there is removed, and the
/// enemy's pawn on that file becomes the rook on the third (sixth) rank.
fn cleared(position: Position, color: OurColor, attacked_file: Option<u32>) -> Chess {
    let mut board = shakmaty::Board::chess960(u32::from(position.id()));
    for rank in [0, 7] {
        for file in 0..8 {
            let at = Square::new(rank * 8 + file);
            if !matches!(board.role_at(at), Some(Role::King | Role::Rook)) {
                board.discard_piece_at(at);
            }
        }
    }
    if let Some(file) = attacked_file {
        let (pawn_rank, enemy_pawn_rank, rook_rank) = match color {
            OurColor::White => (1, 6, 2),
            OurColor::Black => (6, 1, 5),
        };
        board.discard_piece_at(Square::new(pawn_rank * 8 + file));
        board.discard_piece_at(Square::new(enemy_pawn_rank * 8 + file));
        let enemy = their_color(color).other();
        board.set_piece_at(Square::new(rook_rank * 8 + file), enemy.rook());
    }
    let mut setup = Setup::empty();
    setup.castling_rights = board.rooks()
        & (Bitboard::from_rank(shakmaty::Rank::First)
            | Bitboard::from_rank(shakmaty::Rank::Eighth));
    setup.board = board;
    setup.turn = their_color(color);
    <Chess as shakmaty::FromSetup>::from_setup(setup, CastlingMode::Chess960).unwrap()
}

/// Castling moves as (side, king from, rook from), sorted.
fn castling_moves(chess: &Chess) -> Vec<(CastlingSide, u8, u8)> {
    let mut moves: Vec<_> = shakmaty::Position::legal_moves(chess)
        .into_iter()
        .filter_map(|m| match m {
            Move::Castle { king, rook } => {
                let side = if king < rook {
                    CastlingSide::HSide
                } else {
                    CastlingSide::ASide
                };
                Some((side, king as u8, rook as u8))
            }
            _ => None,
        })
        .collect();
    moves.sort_unstable();
    moves
}

/// Whether castling to `side` is possible with only the king and the rooks
/// on the back rank: the other rook may stand in the way (as in BBQNNRKR,
/// where the a-side rook on f1 blocks the h-side rook's target).
fn unblocked(position: Position, side: CastlingSide) -> bool {
    let other_rook = position.rook_files()[1 - side as usize];
    position.castling(side).vacant_files() & (1 << other_rook.index()) == 0
}

#[test]
fn castling_moves_generated_on_a_cleared_back_rank_are_the_ones_we_declare() {
    for position in Position::all() {
        for color in OurColor::ALL {
            let chess = cleared(position, color, None);
            let expected: Vec<_> = CastlingSide::ALL
                .into_iter()
                .filter(|&side| unblocked(position, side))
                .map(|side| {
                    let castling = position.castling(side);
                    let uci = castling.uci(color);
                    (side, uci.from_square().index(), uci.to_square().index())
                })
                .collect();
            assert_eq!(castling_moves(&chess), expected, "{position:?} {color}");

            for m in shakmaty::Position::legal_moves(&chess) {
                let Move::Castle { king, rook } = m else {
                    continue;
                };
                let side = if king < rook {
                    CastlingSide::HSide
                } else {
                    CastlingSide::ASide
                };
                let castling = position.castling(side);
                // Where shakmaty puts king and rook after the move.
                let after = shakmaty::Position::play(chess.clone(), m).unwrap();
                let board = shakmaty::Position::board(&after);
                let rank = u32::from(color.back_rank()) * 8;
                let king_to = Square::new(rank + u32::from(castling.king_to().index()));
                let rook_to = Square::new(rank + u32::from(castling.rook_to().index()));
                assert_eq!(board.role_at(king_to), Some(Role::King));
                assert_eq!(board.role_at(rook_to), Some(Role::Rook));
                // Shakmaty's UCI for the move, both ways.
                let chess960_uci = m.to_uci(CastlingMode::Chess960).to_string();
                assert_eq!(chess960_uci, castling.uci(color).to_string());
                assert_eq!(
                    position.castling_from_uci(color, chess960_uci.parse().unwrap()),
                    Some(castling)
                );
                if position == Position::STANDARD {
                    let standard_uci = m.to_uci(CastlingMode::Standard).to_string();
                    assert_eq!(
                        castling.uci_king_move(color).map(|m| m.to_string()),
                        Some(standard_uci)
                    );
                }
            }
        }
    }
}

#[test]
fn an_attacked_square_forbids_castling_exactly_where_our_mask_says() {
    for position in Position::all() {
        for color in OurColor::ALL {
            for file in 0..8 {
                let chess = cleared(position, color, Some(file));
                let generated: Vec<CastlingSide> = castling_moves(&chess)
                    .into_iter()
                    .map(|(side, _, _)| side)
                    .collect();
                let allowed: Vec<CastlingSide> = CastlingSide::ALL
                    .into_iter()
                    .filter(|&side| {
                        unblocked(position, side)
                            && position.castling(side).unattacked_files() & (1 << file) == 0
                    })
                    .collect();
                assert_eq!(generated, allowed, "{position:?} {color} file {file}");
            }
        }
    }
}
