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
use shakmaty::{Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, Position as _, Square};
use std::collections::HashMap;

/// A position as shakmaty tells it apart.
type Described = (Board, Color, Bitboard, Option<Square>);

/// The start of White's and Black's bytes, for shakmaty and for us.
fn start(white: u8, black: u8) -> (Chess, cozy_chess::Board) {
    let id = |byte: u8| u32::from(byte) * 960 / 256;
    let rank = |byte: u8| {
        chess960::Position::from_id(u16::try_from(id(byte)).unwrap())
            .unwrap()
            .as_str()
            .to_owned()
    };
    let fen = format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1",
        rank(black).to_ascii_lowercase(),
        rank(white)
    );
    let theirs = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap();
    let ours = cozy_chess::Board::double_chess960_startpos(id(white), id(black));
    (theirs, ours)
}

fuzz_target!(|data: &[u8]| {
    let mut ours_to_theirs: HashMap<PositionKey, Described> = HashMap::new();
    let mut theirs_to_ours: HashMap<Described, PositionKey> = HashMap::new();
    for game in data.split(|&byte| byte == 255).take(16) {
        let [white, black, moves @ ..] = game else {
            continue;
        };
        let (mut theirs, mut ours) = start(*white, *black);
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
            let before = ours.clone();
            ours.play_unchecked(mv);
            pieces.step(&before, mv, &ours);
            theirs.play_unchecked(m);
        }
    }
});
