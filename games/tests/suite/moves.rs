//! The replay of the games' moves (`chess960_games::replay`) against shakmaty's
//! move generator: random legal games from every start written in SAN as
//! shakmaty writes it, dressed as real writers dress movetext; castling on
//! all 960 starts, both sides, both colours; the notation of a standard
//! game; the errors.

use chess960_games::read::{GameKind, Reader};
use chess960_games::{
    replay::{MoveErrorKind, NotReplayed, Notation, ReplayError, Replayer},
    stats::OpeningStats,
};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, CastlingSide, Chess, Position as _};
use std::fmt::Write as _;

/// A small generator of the test's own, so that the games are the same on
/// every run: xorshift64*.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        usize::try_from(x >> 33).unwrap() % n
    }
}

/// The one record of `pgn`, replayed: the UCI moves or the error.
fn replay(
    pgn: &str,
    limit: Option<usize>,
) -> Result<(Notation, Vec<String>, Vec<String>), ReplayError> {
    let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
    let (record, raw) = reader.next_with_raw().expect("one record");
    let kind = GameKind::of(record);
    let mut replayer = Replayer::new();
    let game = replayer.replay(&kind, record.tags(), raw.unwrap(), limit)?;
    let uci = game
        .moves()
        .iter()
        .map(|ply| ply.uci().to_owned())
        .collect();
    Ok((game.notation(), uci, game.san()))
}

fn start_fen(white: u16, black: u16, shredder: bool) -> String {
    let rank = |id: u16| chess960::Position::from_id(id).unwrap().as_str().to_owned();
    let (w, b) = (rank(white), rank(black).to_ascii_lowercase());
    let rights = if shredder {
        let rooks = |r: &str| -> String {
            let files: Vec<char> = r
                .char_indices()
                .filter(|(_, c)| c.eq_ignore_ascii_case(&'r'))
                .map(|(i, _)| char::from(b'a' + u8::try_from(i).unwrap()))
                .collect();
            format!("{}{}", files[1], files[0])
        };
        format!("{}{}", rooks(&w).to_ascii_uppercase(), rooks(&b))
    } else {
        "KQkq".to_owned()
    };
    format!("{b}/pppppppp/8/8/8/8/PPPPPPPP/{w} w {rights} - 0 1")
}

/// A random legal game from `fen`, its SAN dressed in the ways writers
/// write movetext, and shakmaty's UCI moves and SAN.
fn random_game(rng: &mut Rng, fen: &str, plies: usize) -> (String, Vec<String>, Vec<String>) {
    let mut position: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap();
    let (mut text, mut uci, mut sans) = (String::new(), Vec::new(), Vec::new());
    for ply in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Castling and promotions whenever they are legal, so that every
        // game has its share.
        let special: Vec<_> = moves
            .iter()
            .filter(|m| m.is_castle() || m.is_promotion() || m.is_en_passant())
            .collect();
        let m = if !special.is_empty() && rng.below(2) == 0 {
            *special[rng.below(special.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        uci.push(m.to_uci(CastlingMode::Chess960).to_string());
        let san = SanPlus::from_move_and_play_unchecked(&mut position, m).to_string();
        let number = ply / 2 + 1;
        match (ply % 2, rng.below(4)) {
            (0, 0) => write!(text, "{number}.{san}"),
            (0, _) => write!(text, "{number}. {san}"),
            (1, 0) => write!(text, "{number}... {san}"),
            (1, _) => write!(text, "{san}"),
            _ => unreachable!(),
        }
        .unwrap();
        match rng.below(8) {
            0 => text.push_str(" { [%clk 0:02:59] [%eval 0.31] }"),
            1 => text.push_str("!? $5"),
            2 => text.push_str(" (1. a3 { a side line (with) parens } h6 (1... h5)) "),
            3 => text.push_str(" {+0.31/17 1.2s, Stockfish 17: d4 Nf6 c4; \"quoted\" (x)}"),
            4 => text.push_str("\n; a rest-of-line comment\n"),
            _ => {}
        }
        text.push(' ');
        sans.push(san);
    }
    text.push('*');
    (text, uci, sans)
}

#[test]
fn random_games_replay_as_shakmaty_plays_them() {
    let mut rng = Rng(0x0960_0518_1234_5678);
    let mut replayed = 0;
    for game in 0..1200 {
        let white = u16::try_from(rng.below(960)).unwrap();
        let black = if game % 5 == 0 {
            u16::try_from(rng.below(960)).unwrap()
        } else {
            white
        };
        let fen = start_fen(white, black, game % 2 == 0);
        let plies = 40 + rng.below(200);
        let (movetext, expected_uci, expected_san) = random_game(&mut rng, &fen, plies);
        let pgn =
            format!("[Event \"g{game}\"]\n[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n\n{movetext}\n");
        let (notation, uci, san) = replay(&pgn, None).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
        assert_eq!(notation, Notation::Chess960);
        assert_eq!(uci, expected_uci, "{pgn}");
        assert_eq!(san, expected_san, "{pgn}");
        replayed += uci.len();
    }
    assert!(replayed > 100_000, "{replayed}");
}

/// A start with only kings, rooks and pawns left on it, so that every
/// castling is legal; its FEN with both sides' rights.
fn bare_start(id: u16, black_to_move: bool) -> String {
    let rank: String = chess960::Position::from_id(id)
        .unwrap()
        .as_str()
        .chars()
        .map(|c| if matches!(c, 'K' | 'R') { c } else { '1' })
        .collect();
    let squeeze = |r: &str| {
        let mut out = String::new();
        let mut empty = 0;
        for c in r.chars() {
            if c == '1' {
                empty += 1;
            } else {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(c);
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        out
    };
    let white = squeeze(&rank);
    let side = if black_to_move { 'b' } else { 'w' };
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} {side} KQkq - 0 1",
        white.to_ascii_lowercase()
    )
}

#[test]
fn castling_on_every_start_both_sides_both_colours() {
    // How many castlings leave the king where it stands (only the rook
    // moves), and how many the rook.
    let (mut king_stays, mut rook_stays, mut blocked) = (0, 0, 0);
    for id in 0..960 {
        for black in [false, true] {
            let fen = bare_start(id, black);
            let chess: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Chess960)
                .unwrap();
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                let san = if side == CastlingSide::KingSide {
                    "O-O"
                } else {
                    "O-O-O"
                };
                let number = if black { "1..." } else { "1." };
                let pgn = format!("[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n\n{number} {san} *\n");
                let Some(m) = chess
                    .legal_moves()
                    .into_iter()
                    .find(|m| m.castling_side() == Some(side))
                else {
                    // The other rook stands on this one's target square.
                    let error = replay(&pgn, None).unwrap_err();
                    assert!(error.to_string().ends_with("is not a legal move"), "{pgn}");
                    blocked += 1;
                    continue;
                };
                let expected = m.to_uci(CastlingMode::Chess960).to_string();
                let (_, uci, written) = replay(&pgn, None).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
                assert_eq!(uci, [expected], "{pgn}");
                assert_eq!(written, [SanPlus::from_move(chess.clone(), m).to_string()]);
                let (king, rook) = (m.from().unwrap(), m.to());
                let king_to = m.castling_side().unwrap().king_to_file();
                let rook_to = m.castling_side().unwrap().rook_to_file();
                king_stays += usize::from(king.file() == king_to);
                rook_stays += usize::from(rook.file() == rook_to);
            }
        }
    }
    // Starts with the king on g1 (or c1) castle by moving the rook alone.
    assert!(
        king_stays > 0 && rook_stays > 0,
        "{king_stays} {rook_stays}"
    );
    // Blocked only where the other rook stands on the rook's target.
    assert!(blocked < 960, "{blocked}");
}

#[test]
fn the_same_game_from_518_under_both_rules() {
    let moves = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O *";
    let chess960 = format!("[Variant \"Chess960\"]\n\n{moves}\n");
    let standard = format!("[Event \"x\"]\n\n{moves}\n");
    let (notation, uci, _) = replay(&chess960, None).unwrap();
    assert_eq!(notation, Notation::Chess960);
    assert_eq!((uci[6].as_str(), uci[9].as_str()), ("e1h1", "e8h8"));
    let (notation, uci, san) = replay(&standard, None).unwrap();
    assert_eq!(notation, Notation::Standard);
    assert_eq!((uci[6].as_str(), uci[9].as_str()), ("e1g1", "e8g8"));
    assert_eq!(san[6], "O-O");
    // A Chess960 start whose castling only Chess960 rules express needs no
    // Variant tag to be written so.
    let pgn = format!("[FEN \"{}\"]\n\n1. e4 *\n", start_fen(0, 0, true));
    assert_eq!(replay(&pgn, None).unwrap().0, Notation::Chess960);
}

#[test]
fn promotions_en_passant_and_marks() {
    // `e.p.` after an en passant capture is passed over, as python-chess
    // passes it over.
    for marked in ["exd6 e.p.", "exd6"] {
        let pgn = format!(
            "[FEN \"4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. {marked} Kd7 2. b8=N+ Kxd6 3. Nc6?! Kxc6 1/2-1/2\n"
        );
        let (_, uci, san) = replay(&pgn, None).unwrap();
        assert_eq!(uci, ["e5d6", "e8d7", "b7b8n", "d7d6", "b8c6", "d6c6"]);
        assert_eq!(san, ["exd6", "Kd7", "b8=N+", "Kxd6", "Nc6", "Kxc6"]);
    }
    let mate = "[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    assert_eq!(replay(mate, None).unwrap().2[3], "Qh4#");
}

#[test]
fn escape_lines_in_side_lines_and_marks_standing_alone() {
    // The moves python-chess 1.11 replays from the same movetext.
    let cases: [(&str, &[&str]); 3] = [
        (
            "1. e4 (1. d4\n% (\nd5) e5 2. Nf3 Nc6 *",
            &["e2e4", "e7e5", "g1f3", "b8c6"],
        ),
        (
            "1. e4 ! e5 ?! 2. Nf3 !! Nc6 ?? 3. Bc4 !? Nf6 ? 4. Ng5 + Nxe4 # *",
            &[
                "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "f3g5", "f6e4",
            ],
        ),
        (
            "1. e4 d5 2. e5 f5 3. exf6 e.p.+ *",
            &["e2e4", "d7d5", "e4e5", "f7f5", "e5f6"],
        ),
    ];
    for (movetext, expected) in cases {
        let pgn = format!("[Event \"x\"]\n\n{movetext}\n");
        assert_eq!(replay(&pgn, None).unwrap().1, expected, "{movetext}");
    }
}

#[test]
fn null_moves_en_passant_marks_and_unicode_spaces_as_python_chess_reads_them() {
    // The moves python-chess 1.11 replays from the same records: null
    // moves with marks glued to them or glued to their number (a mark
    // once made `0000!` a move number, and the moves after it went to the
    // wrong side), en passant marks glued in every spelling, and Unicode's
    // other spaces between words and at a line's start.
    let cases: [(&str, &[&str]); 8] = [
        (
            "\n1. e4 e5\n\u{a0}2. Nf3\n\u{2026}Nc6 3. Bb5 *",
            &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"],
        ),
        (
            "[FEN \"3qk3/8/8/8/8/8/8/3QK3 w - - 0 1\"]\n\n1. Qc1 0000! 2. Qc7 Qg5 *",
            &["d1c1", "0000", "c1c7", "d8g5"],
        ),
        (
            "\n1. e4 e5 2. Nf3 0000? *",
            &["e2e4", "e7e5", "g1f3", "0000"],
        ),
        (
            "\n1. e4 e5 2.Z0 Nc6 3. Nf3 Z0! 4. Nc3 --+ 5. d3 2...0000 6. d4 \u{2026}@@@@ 7. d5 *",
            &[
                "e2e4", "e7e5", "0000", "b8c6", "g1f3", "0000", "b1c3", "0000", "d2d3", "0000",
                "d3d4", "0000", "d4d5",
            ],
        ),
        (
            "\n1. e4 a6 2. e5 d5 3. exd6e.p Nf6 4. d4 h6 5. d5 e5 6. dxe6ep Bxe6 *",
            &[
                "e2e4", "a7a6", "e4e5", "d7d5", "e5d6", "g8f6", "d2d4", "h7h6", "d4d5", "e7e5",
                "d5e6", "c8e6",
            ],
        ),
        (
            "\n1. e4 d5 2. e5 f5 3. exf6+e.p. Nxf6 *",
            &["e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "g8f6"],
        ),
        (
            "\n1. e4 d5 2. e5 f5 3. exf6 ep. Nxf6 *",
            &["e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "g8f6"],
        ),
        (
            "\n1.\u{202f}e4\u{2009}e5 2.\u{3000}Nf3\u{2007}Nc6\u{200b}3. Bb5\u{feff}a6 *",
            &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"],
        ),
    ];
    for (rest, expected) in cases {
        let pgn = format!("[Event \"x\"]\n{rest}\n");
        assert_eq!(replay(&pgn, None).unwrap().1, expected, "{rest}");
    }
}

#[test]
fn evaluations_unicode_dots_pawn_letters_and_short_draws_as_python_chess_reads_them() {
    // The moves python-chess 1.11 replays from the same movetext: the
    // annotations it passes over, a pawn's letter, Unicode dots and
    // spaces, and a draw written short, which it passes over too.
    let cases: [(&str, &[&str]); 13] = [
        (
            "1. e4 a6 2. e5 d5 3. exd6e.p. *",
            &["e2e4", "a7a6", "e4e5", "d7d5", "e5d6"],
        ),
        (
            "1. e4 a6 2. e5 d5 3. exd6 ep *",
            &["e2e4", "a7a6", "e4e5", "d7d5", "e5d6"],
        ),
        (
            "1. e4 a6 2. e5 d5 3. exd6e.p.+ Kd7 *",
            &["e2e4", "a7a6", "e4e5", "d7d5", "e5d6", "e8d7"],
        ),
        (
            "1. e4 1\u{2026} e5 2. Nf3 \u{2026}Nc6 3\u{2026} *",
            &["e2e4", "e7e5", "g1f3", "b8c6"],
        ),
        (
            "1. e4 e5 2. Nf3 +- Nc6 -+ 3. Bc4 +/- Bc5 -/+ 4. c3 += Nf6 =+ *",
            &[
                "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "c2c3", "g8f6",
            ],
        ),
        (
            "1. e4 = e5 \u{b1} 2. Nf3 \u{2213} Nc6 N 3. Bb5 \u{221e} a6 =/\u{221e} 4. Ba4 *",
            &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4"],
        ),
        (
            "1. Pe4 e5 2. Nf3 Pd6 3. Pd4 Pexd4 *",
            &["e2e4", "e7e5", "g1f3", "d7d6", "d2d4", "e5d4"],
        ),
        (
            "1. e4\u{b}e5 2.\u{a0}Nf3\u{a0}Nc6 *",
            &["e2e4", "e7e5", "g1f3", "b8c6"],
        ),
        ("1. e4 e5 1/2", &["e2e4", "e7e5"]),
        ("1. e4 e5 2. Nf3 0.5-0.5", &["e2e4", "e7e5", "g1f3"]),
        ("1. e4 e5 2. Nf3 \u{bd}", &["e2e4", "e7e5", "g1f3"]),
        (
            "1. e4 e5 2. Nf3 1/2 Nc6 3. Bb5 *",
            &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"],
        ),
        (
            "1. e4 ~ e5 <=> 2. Nf3 ^ Nc6 >> 3. Bb5 & a6 \u{d7} *",
            &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"],
        ),
    ];
    for (movetext, expected) in cases {
        let pgn = format!("[Event \"x\"]\n\n{movetext}\n");
        assert_eq!(replay(&pgn, None).unwrap().1, expected, "{movetext}");
    }
    // A null move is still one (python-chess: `e2e4 0000 d2d4`). A word
    // with a letter or a digit is read as a move, never passed over:
    // `=e5` is unreadable here, where python-chess finds `e5` inside it.
    let null = "[Event \"x\"]\n\n1. e4 -- 2. d4 *\n";
    assert_eq!(replay(null, None).unwrap().1, ["e2e4", "0000", "d2d4"]);
    let glued = "[Event \"x\"]\n\n1. e4 =e5 *\n";
    assert!(replay(glued, None).is_err());
}

#[test]
fn castling_and_square_to_square_moves_as_python_chess_finds_them() {
    // What python-chess 1.11 replays as White's fourth move after
    // 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 (None: it refuses the move), in a
    // standard game and from SP 518 under Chess960 rules: castling is
    // `O-O` or square to square, never a king's move with its letter.
    let standard = "[Event \"x\"]\n\n";
    let chess960 = "[Variant \"Chess960\"]\n\
        [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n";
    let cases: [(&str, &str, Option<&str>); 16] = [
        (standard, "O-O", Some("e1g1")),
        (standard, "Kg1", None),
        (standard, "Kh1", None),
        (standard, "e1g1", Some("e1g1")),
        (standard, "e1h1", Some("e1g1")),
        (standard, "Ke1g1", None),
        (standard, "Ke1h1", None),
        (standard, "Kf1", Some("e1f1")),
        (chess960, "O-O", Some("e1h1")),
        (chess960, "Kg1", None),
        (chess960, "Kh1", None),
        (chess960, "e1g1", None),
        (chess960, "e1h1", Some("e1h1")),
        (chess960, "Ke1g1", None),
        (chess960, "Ke1h1", None),
        (chess960, "Kf1", Some("e1f1")),
    ];
    for (head, written, expected) in cases {
        let pgn = format!("{head}1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. {written} *\n");
        let found = replay(&pgn, None).ok().map(|(_, uci, _)| uci[6].clone());
        assert_eq!(found.as_deref(), expected, "{written} in {head}");
    }
    // A piece's move square to square, as python-chess reads it.
    let (_, uci, _) = replay("[Event \"x\"]\n\n1. g1f3 b8c6 2. b1c3 *\n", None).unwrap();
    assert_eq!(uci, ["g1f3", "b8c6", "b1c3"]);
    assert!(replay("[Event \"x\"]\n\n1. g1f3 b8c6 2. Ng1f3 *\n", None).is_err());
}

#[test]
fn bad_moves_name_the_ply_and_the_move() {
    let kind = |pgn: &str| match replay(pgn, None) {
        Err(ReplayError::Move(error)) => (error.ply(), error.text().to_owned(), error.kind()),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        kind("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n"),
        (3, "Ke3".into(), MoveErrorKind::Illegal)
    );
    assert_eq!(
        kind("[FEN \"4k3/8/8/8/8/8/4K3/R6R w - - 0 1\"]\n\n1. Rd1 *\n"),
        (1, "Rd1".into(), MoveErrorKind::Ambiguous)
    );
    assert_eq!(
        kind("[Event \"x\"]\n\n1. e4 Zz9 *\n"),
        (2, "Zz9".into(), MoveErrorKind::Unreadable)
    );
    assert_eq!(
        kind("[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4+ 3. -- *\n"),
        (5, "--".into(), MoveErrorKind::NullInCheck)
    );
    // A null move out of check is replayed, as `0000`.
    let (_, uci, san) = replay("[Event \"x\"]\n\n1. e4 -- 2. d4 *\n", None).unwrap();
    assert_eq!(
        (uci, san),
        (
            vec!["e2e4".into(), "0000".into(), "d2d4".into()],
            vec!["e4".into(), "--".into(), "d4".into()]
        )
    );
    // A limit: what comes after is not read.
    assert_eq!(
        replay("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n", Some(2))
            .unwrap()
            .1,
        ["e2e4", "e7e5"]
    );
    // Games that are not replayed.
    for (pgn, reason) in [
        (
            "[Variant \"Atomic\"]\n\n1. e4 *\n",
            NotReplayed::OtherVariant,
        ),
        (
            "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n",
            NotReplayed::Fen,
        ),
    ] {
        assert_eq!(
            replay(pgn, None).unwrap_err(),
            ReplayError::NotReplayed(reason)
        );
    }
    // A game from a position that is no start.
    let pgn = "[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 40\"]\n\n40. O-O-O Kf7 *\n";
    assert_eq!(replay(pgn, None).unwrap().1, ["e1c1", "e8f7"]);
}

#[test]
fn the_explorer_counts_sequences_per_start() {
    let mut rng = Rng(7);
    let mut stats = OpeningStats::new(4);
    let mut expected = std::collections::HashMap::<(u16, Vec<String>), u64>::new();
    let mut replayer = Replayer::new();
    let mut pgn = String::new();
    for game in 0..400 {
        let id = u16::try_from(rng.below(3)).unwrap();
        let fen = start_fen(id, id, false);
        // Few distinct openings: the first two plies are one of a handful.
        let mut small = Rng(u64::try_from(rng.below(4)).unwrap() + 1);
        let plies = 2 + rng.below(4);
        let (movetext, uci, _) = random_game(&mut small, &fen, plies);
        let result = ["1-0", "0-1", "1/2-1/2", "*"][game % 4];
        let _ = write!(
            pgn,
            "[Variant \"Chess960\"]\n[Result \"{result}\"]\n[FEN \"{fen}\"]\n\n{movetext}\n\n"
        );
        *expected
            .entry((id, uci.into_iter().take(4).collect()))
            .or_default() += 1;
    }
    let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
    while let Some((record, raw)) = reader.next_with_raw() {
        let kind = GameKind::of(record);
        let game = replayer
            .replay(&kind, record.tags(), raw.unwrap(), Some(4))
            .unwrap();
        stats.add(kind.chess960_start().unwrap(), game.moves(), record.tags());
    }
    let rows = stats.rows();
    assert_eq!(rows.len(), expected.len());
    for row in &rows {
        let moves: Vec<String> = row
            .uci()
            .split(' ')
            .filter(|m| !m.is_empty())
            .map(str::to_owned)
            .collect();
        assert_eq!(
            Some(&row.tally().games()),
            expected.get(&(row.start().white().id(), moves))
        );
    }
    // By start, then games (most first), then the UCI text.
    assert!(rows.windows(2).all(|w| {
        let key = |r: &chess960_games::stats::OpeningRow<'_>| {
            (
                r.start().white().id(),
                std::cmp::Reverse(r.tally().games()),
                r.uci(),
            )
        };
        key(&w[0]) < key(&w[1])
    }));
}

/// One move of shakmaty's replay: in UCI (standard notation), and the
/// position before it: the pieces (FEN's first field), whether White
/// moves, the square the move leaves.
#[derive(Debug, PartialEq)]
struct TheirMove {
    uci: String,
    pieces: String,
    white: bool,
    from: String,
}

/// shakmaty's replay of a game as pgn-reader reads it: its moves, or the
/// first move it cannot play.
struct TheirReplay;

impl pgn_reader::Visitor for TheirReplay {
    type Tags = ();
    type Movetext = (Chess, Vec<TheirMove>);
    type Output = Result<Vec<TheirMove>, String>;

    fn begin_tags(&mut self) -> std::ops::ControlFlow<Self::Output, ()> {
        std::ops::ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, (): ()) -> std::ops::ControlFlow<Self::Output, Self::Movetext> {
        std::ops::ControlFlow::Continue((Chess::default(), Vec::new()))
    }

    fn san(
        &mut self,
        (position, moves): &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> std::ops::ControlFlow<Self::Output> {
        match san_plus.san.to_move(position) {
            Ok(mv) => {
                moves.push(TheirMove {
                    uci: mv.to_uci(CastlingMode::Standard).to_string(),
                    pieces: position.board().to_string(),
                    white: position.turn() == shakmaty::Color::White,
                    from: mv
                        .from()
                        .map(|square| square.to_string())
                        .unwrap_or_default(),
                });
                position.play_unchecked(mv);
                std::ops::ControlFlow::Continue(())
            }
            Err(_) => std::ops::ControlFlow::Break(Err(san_plus.to_string())),
        }
    }

    fn end_game(&mut self, (_, moves): Self::Movetext) -> Self::Output {
        Ok(moves)
    }
}

/// Real games: the first 438 games of lichess's open database of May 2025
/// (standard chess, clock and evaluation comments, promotions, both
/// castlings), replayed as shakmaty replays them from pgn-reader's reading.
#[test]
fn real_lichess_games_replay_as_shakmaty_replays_them() {
    let pgn = include_bytes!("../fixtures/lichess_2025-05_438.pgn");
    let mut theirs = pgn_reader::Reader::new(&pgn[..]);
    let mut reader = Reader::new(&pgn[..]).keep_raw();
    let mut replayer = Replayer::new();
    let (mut games, mut plies) = (0, 0);
    while let Some((record, raw)) = reader.next_with_raw() {
        let kind = GameKind::of(record);
        let game = replayer.replay(&kind, record.tags(), raw.unwrap(), None);
        let game = game.unwrap_or_else(|error| panic!("game {}: {error}", games + 1));
        let ours: Vec<String> = game
            .moves()
            .iter()
            .map(|ply| ply.uci().to_owned())
            .collect();
        let their = theirs
            .read_game(&mut TheirReplay)
            .unwrap()
            .unwrap()
            .map(|moves| moves.into_iter().map(|mv| mv.uci).collect::<Vec<_>>());
        assert_eq!(
            (game.notation(), Ok(&ours)),
            (Notation::Standard, their.as_ref()),
            "game {}",
            games + 1
        );
        games += 1;
        plies += ours.len();
    }
    assert!(theirs.read_game(&mut TheirReplay).unwrap().is_none());
    assert_eq!(games, 438);
    assert!(plies > 25_000, "{plies} plies");
}

/// The replay watched: each real game's moves shown with the board they
/// are played on, equal to shakmaty's positions, whether the replayer
/// knew the opening (its tree) or not, watched or not in turn on one
/// replayer; and the lines watched equal those not watched.
#[test]
fn a_watched_replay_shows_each_move_on_shakmaty_s_board() {
    let pgn = include_bytes!("../fixtures/lichess_2025-05_438.pgn");
    let mut theirs = pgn_reader::Reader::new(&pgn[..]);
    let mut reader = Reader::new(&pgn[..]).keep_raw();
    let mut replayer = Replayer::new();
    let mut shown = 0;
    while let Some((record, raw)) = reader.next_with_raw() {
        let kind = GameKind::of(record);
        let their: Vec<(String, bool, String)> = theirs
            .read_game(&mut TheirReplay)
            .unwrap()
            .unwrap()
            .expect("shakmaty plays every move")
            .into_iter()
            .map(|mv| (mv.pieces, mv.white, mv.from))
            .collect();
        let mut seen = Vec::new();
        let mut watch = |board: &cozy_chess::Board, mv: cozy_chess::Move| {
            let fen = board.to_string();
            seen.push((
                fen.split(' ').next().unwrap().to_owned(),
                board.side_to_move() == cozy_chess::Color::White,
                mv.from.to_string(),
            ));
        };
        let watched: Vec<String> = replayer
            .replay_watched(&kind, record.tags(), raw.unwrap(), None, &mut watch)
            .unwrap()
            .moves()
            .iter()
            .map(|ply| ply.uci().to_owned())
            .collect();
        let plain: Vec<String> = replayer
            .replay(&kind, record.tags(), raw.unwrap(), None)
            .unwrap()
            .moves()
            .iter()
            .map(|ply| ply.uci().to_owned())
            .collect();
        assert_eq!(watched, plain);
        assert_eq!(seen, their);
        shown += seen.len();
    }
    assert!(shown > 25_000, "{shown} moves shown");
}

/// A followed replay (`Replayer::follow`) shows the moves a watched one
/// shows, on the same boards, and counts them, to a limit or not, and
/// fails where it fails; and the lines it leaves in the replayer's tree
/// give a later replay that keeps its moves the UCI a replayer that never
/// followed gives.
#[test]
fn a_followed_replay_shows_what_a_watched_one_shows() {
    let pgn = include_bytes!("../fixtures/lichess_2025-05_438.pgn");
    let broken = b"[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";
    let mut reader = Reader::new(&pgn[..]).keep_raw();
    let mut last = Reader::new(&broken[..]).keep_raw();
    let (mut following, mut watching, mut fresh) =
        (Replayer::new(), Replayer::new(), Replayer::new());
    let mut games = 0;
    while let Some((record, raw)) = reader.next_with_raw().or_else(|| last.next_with_raw()) {
        let (kind, raw) = (GameKind::of(record), raw.unwrap());
        for limit in [None, Some(3), Some(40)] {
            let mut followed = Vec::new();
            let plies = following.follow(&kind, record.tags(), raw, limit, &mut |board, mv| {
                followed.push((board.to_string(), mv));
            });
            let mut watched = Vec::new();
            let replay = watching
                .replay_watched(&kind, record.tags(), raw, limit, &mut |board, mv| {
                    watched.push((board.to_string(), mv));
                })
                .map(|replay| replay.plies());
            assert_eq!(plies, replay);
            assert_eq!(followed, watched);
        }
        let uci = |replayer: &mut Replayer| -> Option<Vec<String>> {
            let replay = replayer.replay(&kind, record.tags(), raw, None).ok()?;
            Some(
                replay
                    .moves()
                    .iter()
                    .map(|ply| ply.uci().to_owned())
                    .collect(),
            )
        };
        assert_eq!(uci(&mut following), uci(&mut fresh));
        games += 1;
    }
    assert_eq!(games, 439);
}
