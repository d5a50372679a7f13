//! A start position's full FEN and its bitboards, from the Scharnagl id:
//! this crate ([`Position::fen`], [`Position::bitboards`]) against the chess
//! libraries people already use, shakmaty (`Board::chess960`) and
//! cozy-chess (`Board::chess960_startpos`).
//!
//! - `fen`: X-FEN castling letters (`KQkq`), the notation all three write;
//!   ours both as its fixed 56-byte [`Fen`] (no allocation) and copied into
//!   the same reused `String` the peers write into;
//! - `fen_shredder`: Shredder-FEN (`HAha`), ours against cozy-chess `{:#}`;
//! - `bitboards`: the six piece and two colour bitboards;
//! - `from_fen`: reading the start FEN back, ours ([`Position::from_fen`])
//!   against shakmaty (the `Fen` parsed, then a Chess960 `Chess` built) and
//!   cozy-chess (`Board::from_fen(.., true)`, Shredder-FEN only: its X-FEN
//!   reader takes only classical rook files), on the Shredder-FENs and the
//!   X-FENs of all 960; `chess960_spaced` is ours on the Shredder-FENs
//!   with two spaces between fields, which the fixed-offset fast path
//!   leaves to the board-at-fixed-offsets, fields-one-by-one reader;
//! - `identify_fen`: [`identify_fen`] on the same FENs, on their 4-field
//!   EPD form, and on the X-FENs without castling rights (TCEC's FRC
//!   without castling: the fields-one-by-one reader).
//!
//! Before measuring, every implementation is checked to give the same
//! output for all 960 ids, and the FEN's first rank to be
//! [`Position::as_str`], so the figures compare equal work.
//!
//! To add another implementation, write one function with the signature of
//! the others and add one `common::over_all` line to its group.

mod common;

use chess960::{Colour, Fen, FenError, FenStyle, Identification, Piece, Position, identify_fen};
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

/// The start position a FEN describes, read by this crate.
fn from_fen_by_chess960(fen: &str) -> Result<Position, FenError> {
    Position::from_fen(fen)
}

/// The same FEN read by shakmaty into a Chess960 game.
fn from_fen_by_shakmaty(fen: &str) -> Option<shakmaty::Chess> {
    fen.parse::<shakmaty::fen::Fen>()
        .ok()?
        .into_position(shakmaty::CastlingMode::Chess960)
        .ok()
}

/// The same Shredder-FEN read by cozy-chess.
fn from_fen_by_cozy_chess(fen: &str) -> Option<cozy_chess::Board> {
    cozy_chess::Board::from_fen(fen, true).ok()
}

/// The start and its departures, by this crate.
fn identify_by_chess960(fen: &str) -> Result<Identification, FenError> {
    identify_fen(fen)
}

/// The FEN of each id of `ids` in `style`, in that order.
fn fens(ids: &[u16], style: FenStyle) -> Vec<String> {
    ids.iter()
        .map(|&id| fen_by_chess960(id, style).to_string())
        .collect()
}

/// `fen` with two spaces between fields.
fn spaced(fen: &str) -> String {
    fen.replace(' ', "  ")
}

/// `fen` without castling rights.
fn no_castling(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[2] = "-";
    fields.join(" ")
}

/// Panics unless every reader reads every start FEN as the start with the
/// same id, so that no benchmark measures a wrong answer or an error.
fn check_same_reading() {
    use shakmaty::Position as _;
    for position in Position::all() {
        let id = position.id();
        let expected_shakmaty = shakmaty::Board::chess960(u32::from(id));
        let expected_cozy = cozy_chess::Board::chess960_startpos(u32::from(id));
        for style in [FenStyle::XFen, FenStyle::Shredder] {
            let fen = fen_by_chess960(id, style).to_string();
            assert_eq!(from_fen_by_chess960(&fen), Ok(position), "{fen}");
            assert_eq!(from_fen_by_chess960(&spaced(&fen)), Ok(position));
            let found = identify_by_chess960(&fen).expect("a start FEN");
            assert!(
                found.is_exact() && found.single() == Some(position),
                "{fen}"
            );
            let epd = &fen[..fen.len() - 4];
            assert_eq!(identify_by_chess960(epd), Ok(found), "{epd}");
            let removed = identify_by_chess960(&no_castling(&fen)).expect("a start FEN");
            assert_eq!(removed.single(), Some(position));
            assert_eq!(removed.departures().to_string(), "castling rights removed");
            let chess = from_fen_by_shakmaty(&fen).expect("shakmaty reads a start FEN");
            assert_eq!(chess.board(), &expected_shakmaty, "{fen}");
            assert_eq!(chess.castles().castling_rights(), expected_shakmaty.rooks());
            if style == FenStyle::Shredder {
                let board = from_fen_by_cozy_chess(&fen).expect("cozy-chess reads a Shredder-FEN");
                assert!(board.same_position(&expected_cozy), "{fen}");
            }
        }
    }
}

fn from_fen(criterion: &mut Criterion) {
    check_same_reading();
    let mut group = common::group(criterion, "from_fen");
    for order in Order::ALL {
        let ids = order.ids();
        let shredder = fens(&ids, FenStyle::Shredder);
        let shredder: Vec<&str> = shredder.iter().map(String::as_str).collect();
        let x_fen = fens(&ids, FenStyle::XFen);
        let x_fen: Vec<&str> = x_fen.iter().map(String::as_str).collect();
        let spaced: Vec<String> = shredder.iter().map(|fen| spaced(fen)).collect();
        let spaced: Vec<&str> = spaced.iter().map(String::as_str).collect();
        common::over_all(
            &mut group,
            "chess960_shredder",
            order,
            &shredder,
            from_fen_by_chess960,
        );
        common::over_all(
            &mut group,
            "shakmaty_shredder",
            order,
            &shredder,
            from_fen_by_shakmaty,
        );
        common::over_all(
            &mut group,
            "cozy_chess_shredder",
            order,
            &shredder,
            from_fen_by_cozy_chess,
        );
        common::over_all(
            &mut group,
            "chess960_xfen",
            order,
            &x_fen,
            from_fen_by_chess960,
        );
        common::over_all(
            &mut group,
            "shakmaty_xfen",
            order,
            &x_fen,
            from_fen_by_shakmaty,
        );
        common::over_all(
            &mut group,
            "chess960_spaced",
            order,
            &spaced,
            from_fen_by_chess960,
        );
    }
    group.finish();
}

fn identify(criterion: &mut Criterion) {
    let mut group = common::group(criterion, "identify_fen");
    for order in Order::ALL {
        let ids = order.ids();
        let shredder = fens(&ids, FenStyle::Shredder);
        let shredder: Vec<&str> = shredder.iter().map(String::as_str).collect();
        let x_fen = fens(&ids, FenStyle::XFen);
        let epd: Vec<&str> = x_fen.iter().map(|fen| &fen[..fen.len() - 4]).collect();
        let removed: Vec<String> = x_fen.iter().map(|fen| no_castling(fen)).collect();
        let removed: Vec<&str> = removed.iter().map(String::as_str).collect();
        let x_fen: Vec<&str> = x_fen.iter().map(String::as_str).collect();
        common::over_all(
            &mut group,
            "chess960_shredder",
            order,
            &shredder,
            identify_by_chess960,
        );
        common::over_all(
            &mut group,
            "chess960_xfen",
            order,
            &x_fen,
            identify_by_chess960,
        );
        common::over_all(
            &mut group,
            "chess960_epd",
            order,
            &epd,
            identify_by_chess960,
        );
        common::over_all(
            &mut group,
            "chess960_no_castling",
            order,
            &removed,
            identify_by_chess960,
        );
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = fen, fen_shredder, bitboards, from_fen, identify
}
criterion_main!(benches);
