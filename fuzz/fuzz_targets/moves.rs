//! The replay of the games' moves (`chess960_games::replay`) against shakmaty's.
//!
//! Input: two bytes choosing White's and Black's start (a double Chess960
//! start when they differ), then bytes used twice. First as a game: each
//! byte picks a legal move (shakmaty generates them, in Chess960 mode), its
//! SAN as shakmaty writes it, dressed by the same byte in one of the ways
//! writers dress movetext (move numbers glued or not, `...`, clock and
//! engine comments, NAGs, `!?`, side lines with comments and parens, `;`
//! comments, line breaks); one byte in 16 instead replaces the move by
//! a word of the same bytes, which must then be read as shakmaty reads it
//! (the same move, or an error at that ply). Our replay gives exactly
//! shakmaty's UCI moves, in Chess960 notation. Then as movetext, any
//! bytes after a start's tags: the replay never panics, and a game it
//! replays is legal to shakmaty, move for move.
#![no_main]

use chess960_games::read::{GameKind, Reader};
use chess960_games::replay::{ReplayError, Replayer};
use libfuzzer_sys::fuzz_target;
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::fmt::Write as _;

/// Our replay of one record: the UCI moves, or the error.
fn ours(pgn: &str) -> Result<Vec<String>, ReplayError> {
    let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
    let (record, raw) = reader.next_with_raw().expect("one record");
    let kind = GameKind::of(record);
    let mut replayer = Replayer::new();
    let game = replayer.replay(&kind, record.tags(), raw.unwrap(), None)?;
    Ok(game
        .moves()
        .iter()
        .map(|ply| ply.uci().to_owned())
        .collect())
}

fuzz_target!(|data: &[u8]| {
    let [white, black, rest @ ..] = data else {
        return;
    };
    let (_, fen, mut position) = chess960_fuzz::start_of_bytes(*white, *black);
    let tags = format!("[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n\n");

    // A game from the bytes.
    let mut text = String::new();
    let mut expected = Vec::new();
    // Where our replay must stop instead, if a word that is no move of
    // shakmaty's was written: (ply, the word).
    let mut broken = None;
    for (ply, &byte) in rest.iter().enumerate() {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let number = ply / 2 + 1;
        let white_moves = ply % 2 == 0;
        match (white_moves, byte % 4) {
            (true, 0) => write!(text, "{number}."),
            (true, _) => write!(text, "{number}. "),
            (false, 0) => write!(text, "{number}... "),
            (false, _) => Ok(()),
        }
        .unwrap();
        // A word of the input's own bytes instead of the move, unless it is
        // a move number (digits) or a result, which every reader reads so.
        let word: String = rest[ply..]
            .iter()
            .take(1 + usize::from(byte / 16) % 7)
            .map(|&b| char::from(b"abcdefgh12345678NBRQKOx-=+#0"[usize::from(b) % 28]))
            .collect();
        let number_or_result =
            word.bytes().all(|b| b.is_ascii_digit()) || matches!(word.as_str(), "1-0" | "0-1");
        if byte % 16 == 15 && !number_or_result {
            text.push_str(&word);
            let theirs = word
                .trim_end_matches(['+', '#'])
                .parse::<San>()
                .ok()
                .and_then(|san| san.to_move(&position).ok());
            let Some(m) = theirs else {
                broken = Some((ply + 1, word));
                break;
            };
            expected.push(m.to_uci(CastlingMode::Chess960).to_string());
            position.play_unchecked(m);
        } else {
            let m = moves[usize::from(byte) % moves.len()];
            expected.push(m.to_uci(CastlingMode::Chess960).to_string());
            text.push_str(&SanPlus::from_move_and_play_unchecked(&mut position, m).to_string());
        }
        match byte / 32 {
            0 => text.push_str(" { [%clk 0:02:59] }"),
            1 => text.push_str("!?"),
            2 => text.push_str(" $14"),
            3 => text.push_str(" (1. a3 {x (y} (1. h3) h6) "),
            4 => text.push_str(" {+0.31/17 1.2s}\n"),
            5 => text.push_str(" ; rest of line\n"),
            _ => {}
        }
        text.push(' ');
    }
    text.push('*');
    let pgn = format!("{tags}{text}\n");
    match (ours(&pgn), broken) {
        (Ok(uci), None) => assert_eq!(uci, expected, "{pgn}"),
        (Err(ReplayError::Move(error)), Some((ply, word))) => {
            // Our reader may read a word shakmaty's does not (such as
            // `e2e4`); where both refuse, at the same ply.
            assert_eq!(usize::try_from(error.ply()).unwrap(), ply, "{pgn}: {word}");
        }
        (Ok(uci), Some((ply, word))) => {
            // We read a word shakmaty's SAN reader does not (a square-to-
            // square move, a lowercase promotion), or pass it over as an
            // annotation (no letter or digit in it and no `--` first, as
            // `+-` or `=`, or a novelty `N`), as python-chess does: the
            // moves before it agree, and every move we replayed is legal.
            let annotation = !word.starts_with("--")
                && (!word.bytes().any(|b| b.is_ascii_alphanumeric())
                    || word.trim_end_matches(['+', '#']) == "N");
            assert!(uci.len() >= ply || annotation, "{pgn}: {word}");
            assert_eq!(uci[..ply - 1], expected[..ply - 1], "{pgn}");
            assert_legal(&fen, &uci, &pgn);
        }
        (Err(error), _) => panic!("{pgn}: {error}"),
    }

    // Any bytes as movetext: no panic, and a replayed game is legal.
    let pgn = format!("{tags}{}\n", String::from_utf8_lossy(rest));
    if let Ok(uci) = ours(&pgn) {
        assert_legal(&fen, &uci, &pgn);
    }
});

/// Every move of `uci` is legal to shakmaty, in turn from `fen` (`0000`,
/// a null move, out of check).
fn assert_legal(fen: &str, uci: &[String], pgn: &str) {
    let mut replay: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap();
    for m in uci {
        if m == "0000" {
            replay = replay.swap_turn().expect(pgn);
            continue;
        }
        let m = m.parse::<UciMove>().unwrap().to_move(&replay).expect(pgn);
        replay.play_unchecked(m);
    }
}
