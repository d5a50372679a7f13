//! All 960 positions cross-checked against two independent implementations
//! from crates.io: shakmaty and cozy-chess.

use chess960::Position;

/// White's back rank out of a FEN's piece placement: its last field before
/// the first space, after the last `/`.
fn white_rank(fen: &str) -> String {
    let placement = fen.split(' ').next().unwrap();
    placement.rsplit('/').next().unwrap().to_owned()
}

#[test]
fn shakmaty_agrees_on_all_960() {
    for position in Position::all() {
        let board = shakmaty::Board::chess960(u32::from(position.id()));
        let fen = board.to_string();
        assert_eq!(white_rank(&fen), position.as_str(), "id {}", position.id());
        // Black mirrors White.
        let black = fen.split('/').next().unwrap();
        assert_eq!(black, position.as_str().to_ascii_lowercase());
    }
}

#[test]
fn cozy_chess_agrees_on_all_960() {
    for position in Position::all() {
        let board = cozy_chess::Board::chess960_startpos(u32::from(position.id()));
        let fen = board.to_string();
        assert_eq!(white_rank(&fen), position.as_str(), "id {}", position.id());
        assert_eq!(
            white_rank(&fen).parse::<Position>(),
            Ok(position),
            "id {}",
            position.id()
        );
    }
}
