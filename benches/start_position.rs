//! A start position's full FEN and its bitboards, from the Scharnagl id:
//! this crate ([`Position::fen`], [`Position::bitboards`]) against the chess
//! libraries people already use, shakmaty (`Board::chess960`) and
//! cozy-chess (`Board::chess960_startpos`).
//!
//! - `fen`: X-FEN castling letters (`KQkq`), the notation all three write;
//!   ours both as its fixed 56-byte [`Fen`] (no allocation) and copied into
//!   the same reused `String` the peers write into;
//! - `fen_shredder`: Shredder-FEN (`HAha`), ours against cozy-chess `{:#}`;
//! - `bitboards`: the six piece and two colour bitboards.
//!
//! Before measuring, every implementation is checked to give the same
//! output for all 960 ids, and the FEN's first rank to be
//! [`Position::as_str`], so the figures compare equal work.
//!
//! To add another implementation, write one function with the signature of
//! the others and add one `common::over_all` line to its group.

mod common;

use chess960::{Colour, Fen, FenStyle, Piece, Position};
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

/// The Shredder-FEN (`HAha`), written into `fen` by cozy-chess's alternate
/// `Display`.
fn shredder_fen_by_cozy_chess(id: u16, fen: &mut String) {
    fen.clear();
    write!(
        fen,
        "{:#}",
        cozy_chess::Board::chess960_startpos(u32::from(id))
    )
    .expect("writing to a String cannot fail");
}

/// The FEN in `style` by this crate: a fixed 56-byte buffer, no allocation.
fn fen_by_chess960(id: u16, style: FenStyle) -> Fen {
    Position::from_id(id)
        .expect("the benches pass ids below 960")
        .fen(style)
}

/// The same FEN copied into `fen`, like the peers' output.
fn fen_by_chess960_into(id: u16, style: FenStyle, fen: &mut String) {
    fen.clear();
    fen.push_str(fen_by_chess960(id, style).as_str());
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

fn bitboards_by_chess960(id: u16) -> Bitboards {
    let board = Position::from_id(id)
        .expect("the benches pass ids below 960")
        .bitboards();
    [
        board.pawns(),
        board.piece(Piece::Knight),
        board.piece(Piece::Bishop),
        board.piece(Piece::Rook),
        board.piece(Piece::Queen),
        board.piece(Piece::King),
        board.colour(Colour::White),
        board.colour(Colour::Black),
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
    let mut by_chess960 = String::new();
    for position in Position::all() {
        let id = position.id();
        fen_by_shakmaty(id, &mut by_shakmaty);
        fen_by_cozy_chess(id, &mut by_cozy_chess);
        fen_by_chess960_into(id, FenStyle::XFen, &mut by_chess960);
        assert_eq!(by_shakmaty, by_cozy_chess, "FEN of id {id}");
        assert_eq!(by_chess960, by_shakmaty, "FEN of id {id}");
        let first_rank = by_shakmaty.split([' ', '/']).nth(7);
        assert_eq!(first_rank, Some(position.as_str()), "FEN of id {id}");
        shredder_fen_by_cozy_chess(id, &mut by_cozy_chess);
        fen_by_chess960_into(id, FenStyle::Shredder, &mut by_chess960);
        assert_eq!(by_chess960, by_cozy_chess, "Shredder-FEN of id {id}");
        let bitboards = bitboards_by_shakmaty(id);
        assert_eq!(
            bitboards,
            bitboards_by_cozy_chess(id),
            "bitboards of id {id}"
        );
        assert_eq!(bitboards, bitboards_by_chess960(id), "bitboards of id {id}");
    }
}

fn fen(criterion: &mut Criterion) {
    check_same_output();
    let mut group = common::group(criterion, "fen");
    let mut fen = String::with_capacity(64);
    for order in Order::ALL {
        let ids = order.ids();
        common::over_all(&mut group, "chess960", order, &ids, |id| {
            fen_by_chess960(id, FenStyle::XFen)
        });
        common::over_all(&mut group, "chess960_string", order, &ids, |id| {
            fen_by_chess960_into(id, FenStyle::XFen, &mut fen);
            fen.len()
        });
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

fn fen_shredder(criterion: &mut Criterion) {
    let mut group = common::group(criterion, "fen_shredder");
    let mut fen = String::with_capacity(64);
    for order in Order::ALL {
        let ids = order.ids();
        common::over_all(&mut group, "chess960", order, &ids, |id| {
            fen_by_chess960(id, FenStyle::Shredder)
        });
        common::over_all(&mut group, "chess960_string", order, &ids, |id| {
            fen_by_chess960_into(id, FenStyle::Shredder, &mut fen);
            fen.len()
        });
        common::over_all(&mut group, "cozy_chess", order, &ids, |id| {
            shredder_fen_by_cozy_chess(id, &mut fen);
            fen.len()
        });
    }
    group.finish();
}

fn bitboards(criterion: &mut Criterion) {
    let mut group = common::group(criterion, "bitboards");
    for order in Order::ALL {
        let ids = order.ids();
        common::over_all(&mut group, "chess960", order, &ids, bitboards_by_chess960);
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
    targets = fen, fen_shredder, bitboards
}
criterion_main!(benches);
