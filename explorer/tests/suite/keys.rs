//! Our keys partition positions exactly as shakmaty's 128-bit Zobrist
//! hashes (castling by rook square, en passant only where legal) do.

use crate::common::{games, start_position};
use chess960_explorer::board::parse_uci;
use chess960_explorer::key::PositionKey;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist128;
use shakmaty::{EnPassantMode, Position};
use std::collections::HashMap;

fn cozy_start(start: Option<u16>) -> cozy_chess::Board {
    start.map_or_else(cozy_chess::Board::default, |id| {
        cozy_chess::Board::chess960_startpos(u32::from(id))
    })
}

/// Every position of 2,000 games: two positions have the same key exactly
/// when shakmaty's hashes agree (transpositions meet, starts meet, a
/// double step no pawn can take is no en passant square).
#[test]
fn keys_partition_positions_as_shakmaty_does() {
    let mut ours_to_theirs: HashMap<PositionKey, u128> = HashMap::new();
    let mut theirs_to_ours: HashMap<u128, PositionKey> = HashMap::new();
    let mut positions = 0;
    for game in games(7, 2000, 0) {
        let mut theirs = start_position(game.start);
        let mut ours = cozy_start(game.start);
        for text in &game.uci {
            let hash = theirs.zobrist_hash::<Zobrist128>(EnPassantMode::Legal).0;
            let key = PositionKey::of(&ours);
            assert_eq!(*ours_to_theirs.entry(key).or_insert(hash), hash, "{game:?}");
            assert_eq!(*theirs_to_ours.entry(hash).or_insert(key), key, "{game:?}");
            positions += 1;
            let m = text.parse::<UciMove>().unwrap().to_move(&theirs).unwrap();
            theirs.play_unchecked(m);
            let mv = parse_uci(&ours, text).expect("legal for cozy-chess too");
            ours.play_unchecked(mv);
        }
    }
    assert!(positions > 20_000);
    // Transpositions and repeated positions met: fewer keys than positions.
    assert!(ours_to_theirs.len() < positions);
}

/// En passant enters the key only when a capture is legal: a pinned pawn
/// cannot take, so the position equals the one without the square.
#[test]
fn en_passant_only_when_a_capture_is_legal() {
    let board = |fen: &str| cozy_chess::Board::from_fen(fen, false).unwrap();
    // Black's d4 pawn is pinned along the fourth rank after e2e4.
    let pinned = board("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
    let without = board("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
    assert_eq!(PositionKey::of(&pinned), PositionKey::of(&without));
    let free = board("8/8/8/8/3pP3/8/8/k3K3 b - e3 0 1");
    let free_without = board("8/8/8/8/3pP3/8/8/k3K3 b - - 0 1");
    assert_ne!(PositionKey::of(&free), PositionKey::of(&free_without));
}

/// Castling rights are told by the rook's file: two Chess960 positions
/// with the same pieces but rights on different rooks differ.
#[test]
fn castling_rights_by_rook_file() {
    let a = cozy_chess::Board::from_fen("1r2k1r1/8/8/8/8/8/8/RR2K3 w Bb - 0 1", true).unwrap();
    let b = cozy_chess::Board::from_fen("1r2k1r1/8/8/8/8/8/8/RR2K3 w Ab - 0 1", true).unwrap();
    assert_ne!(PositionKey::of(&a), PositionKey::of(&b));
    // Rights on one rook or on none differ too.
    let none = cozy_chess::Board::from_fen("1r2k1r1/8/8/8/8/8/8/RR2K3 w b - 0 1", true).unwrap();
    assert_ne!(PositionKey::of(&a), PositionKey::of(&none));
}
