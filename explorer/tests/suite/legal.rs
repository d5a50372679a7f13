//! The legal moves a page is offered (`board::legal_moves`) against
//! shakmaty's move generator: in every position of random games from all
//! 960 starts (every twentieth played to its end) (castling, en passant and promotions
//! included), the same moves, in UCI (the king taking its rook) and SAN.

use crate::common::{Rng, start_position};
use chess960_explorer::board::{board_from_fen, legal_moves, parse_uci};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, EnPassantMode, Position};
use std::collections::BTreeMap;

#[test]
fn legal_moves_match_shakmatys() {
    let mut rng = Rng(0x5eed);
    let (mut positions, mut castles, mut promotions) = (0, 0, 0);
    for start in 0..960u16 {
        let mut position = start_position(Some(start));
        // Every start's opening; every twentieth start's game to its end.
        let plies = if start % 20 == 0 { 300 } else { 8 };
        // Until the fifty-move rule ends it (cozy-chess reads no FEN past it).
        for _ in 0..plies {
            if position.halfmoves() >= 100 {
                break;
            }
            let fen = Fen::from_position(&position, EnPassantMode::Legal).to_string();
            let board = board_from_fen(&fen).unwrap_or_else(|| panic!("{fen}"));
            let ours: BTreeMap<String, String> = legal_moves(&board)
                .into_iter()
                .map(|m| (m.uci, m.san))
                .collect();
            let moves = position.legal_moves();
            let theirs: BTreeMap<String, String> = moves
                .iter()
                .map(|m| {
                    (
                        m.to_uci(CastlingMode::Chess960).to_string(),
                        SanPlus::from_move(position.clone(), *m).to_string(),
                    )
                })
                .collect();
            assert_eq!(ours, theirs, "{fen}");
            positions += 1;
            castles += moves.iter().filter(|m| m.is_castle()).count();
            promotions += moves.iter().filter(|m| m.is_promotion()).count();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            position.play_unchecked(m);
        }
    }
    assert!(
        positions > 10_000 && castles > 100 && promotions > 10,
        "{positions} {castles} {promotions}"
    );
}

/// At the standard start's geometry the king's two-square move is offered
/// beside the king taking its rook, and both play the same move; elsewhere
/// only the king onto its rook.
#[test]
fn castling_targets() {
    let standard = board_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let moves = legal_moves(&standard);
    let short = moves.iter().find(|m| m.uci == "e1h1").unwrap();
    assert_eq!(
        (short.san.as_str(), short.king_to.as_deref()),
        ("O-O", Some("g1"))
    );
    let long = moves.iter().find(|m| m.uci == "e1a1").unwrap();
    assert_eq!(
        (long.san.as_str(), long.king_to.as_deref()),
        ("O-O-O", Some("c1"))
    );
    assert_eq!(parse_uci(&standard, "e1g1"), parse_uci(&standard, "e1h1"));
    // Start 0 (BBQNNRKR): the king on g1 castles onto f1's and h1's rooks.
    let chess960 = board_from_fen("bbqnnrkr/8/8/8/8/8/8/BBQNNRKR w HFhf - 0 1").unwrap();
    let moves = legal_moves(&chess960);
    assert!(moves.iter().all(|m| m.king_to.is_none()));
}
