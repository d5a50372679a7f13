//! The explorer's position keys against shakmaty's boards: two positions
//! get the same key exactly when their pieces, side to move, castling
//! rights (by rook square) and en passant square where a capture is legal
//! are equal, as shakmaty tells them.
//!
//! Input: games split by a byte 255, each two bytes choosing White's and
//! Black's start (a double Chess960 start when they differ), then a byte
//! a move, picking one of shakmaty's legal moves (Chess960 mode). Every
//! position of every game is keyed by us, from scratch and step by step
//! as the indexer keys it (`Pieces`), and described by shakmaty; the two
//! partitions of the positions must be the same.
#![no_main]

use chess960_explorer::board::parse_uci;
use chess960_explorer::key::{Pieces, PositionKey};
use libfuzzer_sys::fuzz_target;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Bitboard, Board, CastlingMode, Color, EnPassantMode, Position as _, Square};
use std::collections::HashMap;

/// A position as shakmaty tells it apart.
type Described = (Board, Color, Bitboard, Option<Square>);

fuzz_target!(|data: &[u8]| {
    let mut ours_to_theirs: HashMap<PositionKey, Described> = HashMap::new();
    let mut theirs_to_ours: HashMap<Described, PositionKey> = HashMap::new();
    for game in data.split(|&byte| byte == 255).take(16) {
        let [white, black, moves @ ..] = game else {
            continue;
        };
        let ([white, black], _, mut theirs) = chess960_fuzz::start_of_bytes(*white, *black);
        let mut ours =
            cozy_chess::Board::double_chess960_startpos(u32::from(white), u32::from(black));
        let mut pieces = Pieces::of(&ours);
        for &byte in moves.iter().take(400) {
            let key = PositionKey::of(&ours);
            assert_eq!(pieces.key(&ours), key, "the key kept move by move");
            let described: Described = (
                theirs.board().clone(),
                theirs.turn(),
                theirs.castles().castling_rights(),
                theirs.ep_square(EnPassantMode::Legal),
            );
            let known = ours_to_theirs
                .entry(key)
                .or_insert_with(|| described.clone());
            assert!(
                *known == described,
                "one key, two positions: {}",
                Fen::from_position(&theirs, EnPassantMode::Legal)
            );
            let known = *theirs_to_ours.entry(described).or_insert(key);
            assert_eq!(
                known,
                key,
                "one position, two keys: {}",
                Fen::from_position(&theirs, EnPassantMode::Legal)
            );
            let legal = theirs.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[usize::from(byte) % legal.len()];
            let uci = UciMove::from_move(m, CastlingMode::Chess960).to_string();
            let mv = parse_uci(&ours, &uci).expect("legal to cozy-chess too");
            pieces.play(&ours, mv);
            ours.play_unchecked(mv);
            theirs.play_unchecked(m);
        }
    }
});
