//! A start position's full FEN and its bitboards, from the Scharnagl id,
//! by the chess libraries people already use: shakmaty
//! (`Board::chess960`) and cozy-chess (`Board::chess960_startpos`).
//!
//! Before measuring, every implementation is checked to give the same
//! output for all 960 ids, and the FEN's first rank to be
//! [`chess960::Position::as_str`], so the figures compare equal work.
//!
//! To add another implementation, write one function with the signature of
//! the others and add one `common::over_all` line to its group.

mod common;

use chess960::Position;
use common::Order;
use criterion::{Criterion, criterion_group, criterion_main};
use std::fmt::Write as _;

/// The full start FEN with X-FEN castling letters (`KQkq`), written into
/// `fen` by shakmaty.
fn fen_by_shakmaty(id: u16, fen: &mut String) {
    let board = shakmaty::Board::chess960(u32::from(id));
    let setup = shakmaty::Setup {
        castling_rights: board.rooks(),
        board,
        ..shakmaty::Setup::empty()
    };
    fen.clear();
    shakmaty::fen::Fen::try_from_setup(setup)
        .expect("a start position is representable as FEN")
        .append_to_string(fen);
}

/// The same FEN, written into `fen` by cozy-chess.
fn fen_by_cozy_chess(id: u16, fen: &mut String) {
    fen.clear();
    write!(
        fen,
        "{}",
        cozy_chess::Board::chess960_startpos(u32::from(id))
    )
    .expect("writing to a String cannot fail");
}

/// A position's bitboards, bit 0 = a1: pawns, knights, bishops, rooks,
/// queens, kings, then White's and Black's pieces.
type Bitboards = [u64; 8];

fn bitboards_by_shakmaty(id: u16) -> Bitboards {
    let (roles, colors) = shakmaty::Board::chess960(u32::from(id)).into_bitboards();
    [
        roles.pawn.0,
        roles.knight.0,
        roles.bishop.0,
        roles.rook.0,
        roles.queen.0,
        roles.king.0,
        colors.white.0,
        colors.black.0,
    ]
}

fn bitboards_by_cozy_chess(id: u16) -> Bitboards {
    use cozy_chess::{Color, Piece};
    let board = cozy_chess::Board::chess960_startpos(u32::from(id));
    [
        board.pieces(Piece::Pawn).0,
        board.pieces(Piece::Knight).0,
        board.pieces(Piece::Bishop).0,
        board.pieces(Piece::Rook).0,
        board.pieces(Piece::Queen).0,
        board.pieces(Piece::King).0,
        board.colors(Color::White).0,
        board.colors(Color::Black).0,
    ]
}

/// Panics unless every implementation agrees for every id, so that no
/// benchmark measures a wrong or different answer.
fn check_same_output() {
    let (mut by_shakmaty, mut by_cozy_chess) = (String::new(), String::new());
    for position in Position::all() {
        let id = position.id();
        fen_by_shakmaty(id, &mut by_shakmaty);
        fen_by_cozy_chess(id, &mut by_cozy_chess);
        assert_eq!(by_shakmaty, by_cozy_chess, "FEN of id {id}");
        let first_rank = by_shakmaty.split([' ', '/']).nth(7);
        assert_eq!(first_rank, Some(position.as_str()), "FEN of id {id}");
        assert_eq!(
            bitboards_by_shakmaty(id),
            bitboards_by_cozy_chess(id),
            "bitboards of id {id}"
        );
    }
}

fn fen(criterion: &mut Criterion) {
    check_same_output();
    let mut group = common::group(criterion, "fen");
    let mut fen = String::with_capacity(64);
    for order in Order::ALL {
        let ids = order.ids();
        common::over_all(&mut group, "shakmaty", order, &ids, |id| {
            fen_by_shakmaty(id, &mut fen);
            fen.len()
        });
        common::over_all(&mut group, "cozy_chess", order, &ids, |id| {
            fen_by_cozy_chess(id, &mut fen);
            fen.len()
        });
    }
    group.finish();
}

fn bitboards(criterion: &mut Criterion) {
    let mut group = common::group(criterion, "bitboards");
    for order in Order::ALL {
        let ids = order.ids();
        common::over_all(&mut group, "shakmaty", order, &ids, bitboards_by_shakmaty);
        common::over_all(
            &mut group,
            "cozy_chess",
            order,
            &ids,
            bitboards_by_cozy_chess,
        );
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = fen, bitboards
}
criterion_main!(benches);
