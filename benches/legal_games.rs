//! Writes lichess-shaped Chess960 games whose moves are legal: the input of
//! the moves benchmarks (`benches/moves_speed.py`).
//!
//! ```sh
//! cargo bench --bench legal_games -- 200 > legal.pgn   # about 200 MB
//! cargo bench --bench legal_games -- 200 1 > crowded.pgn   # every game from start 518
//! ```
//!
//! Each game starts from a random start (SP 518 one time in 960, as the
//! others), its tags as lichess writes them, its moves played at random by
//! shakmaty (a dev-dependency: it never ships) and written in SAN, each
//! followed by a `[%clk]` comment, all on one line. The first plies of the
//! games from one start follow a few popular lines, as players' openings
//! do (a move's popularity is fixed per position), so that the openings of
//! thousands of games repeat, as in real archives. Deterministic: the same
//! bytes on every run.

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};
use std::fmt::Write as _;
use std::io::Write as _;

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

/// Plies of a game's opening that follow popular lines.
const OPENING: usize = 12;

fn main() {
    let numbers: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|arg| arg.parse().ok())
        .collect();
    let megabytes = numbers.first().copied().unwrap_or(10);
    // A second number: the games crowd into that many starts (518 first,
    // then 0, 1, ...), as standard games all share one.
    let starts = numbers.get(1).copied().unwrap_or(960).clamp(1, 960);
    let size = megabytes * 1_000_000;
    let mut rng = Rng(0x0960_1234_5678_9ABC);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 20, stdout.lock());
    let (mut written, mut game) = (0u64, 0u64);
    let mut text = String::new();
    while written < size {
        game += 1;
        text.clear();
        let id = match u16::try_from(rng.below(usize::try_from(starts).unwrap())).unwrap() {
            0 if starts < 960 => 518,
            n if starts < 960 => n - 1,
            n => n,
        };
        let rank = chess960::Position::from_id(id).unwrap().as_str().to_owned();
        let fen = format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1",
            rank.to_ascii_lowercase()
        );
        let mut position: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Chess960)
            .unwrap();
        let (white_elo, black_elo) = (1200 + rng.below(1400), 1200 + rng.below(1400));
        let base: usize = [60, 180, 300, 600][rng.below(4)];
        let plies = 20 + rng.below(140);
        let mut movetext = String::new();
        let mut clock = [base, base];
        for ply in 0..plies {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let index = if ply < OPENING {
                // A popular line: the position decides which moves are
                // popular, a skewed draw picks one of them.
                let hash = position
                    .zobrist_hash::<shakmaty::zobrist::Zobrist64>(EnPassantMode::Legal)
                    .0;
                let mut popular = Rng(hash | 1);
                let rank = [0, 0, 0, 0, 1, 1, 2, 3][rng.below(8)];
                (usize::try_from(popular.next() >> 33).unwrap() + rank) % moves.len()
            } else {
                rng.below(moves.len())
            };
            let m = moves[index];
            let san = SanPlus::from_move_and_play_unchecked(&mut position, m);
            let turn = ply % 2;
            clock[turn] = clock[turn].saturating_sub(rng.below(12));
            let number = ply / 2 + 1;
            let dots = if turn == 0 { "." } else { "..." };
            let _ = write!(
                movetext,
                "{number}{dots} {san} {{ [%clk 0:{:02}:{:02}] }} ",
                clock[turn] / 60,
                clock[turn] % 60
            );
        }
        let result = match position.outcome() {
            shakmaty::Outcome::Known(outcome) => outcome.to_string(),
            shakmaty::Outcome::Unknown => ["1-0", "0-1", "1/2-1/2"][rng.below(3)].to_owned(),
        };
        let _ = write!(
            text,
            "[Event \"Rated Chess960 game\"]\n[Site \"https://lichess.org/{game:08x}\"]\n[Date \"2026.10.{day:02}\"]\n\
             [Round \"-\"]\n[White \"player{w}\"]\n[Black \"player{b}\"]\n[Result \"{result}\"]\n\
             [UTCDate \"2026.10.{day:02}\"]\n[UTCTime \"{h:02}:{m:02}:{s:02}\"]\n[WhiteElo \"{white_elo}\"]\n\
             [BlackElo \"{black_elo}\"]\n[WhiteRatingDiff \"+{wd}\"]\n[BlackRatingDiff \"-{bd}\"]\n\
             [Variant \"Chess960\"]\n[TimeControl \"{base}+0\"]\n[ECO \"?\"]\n[Termination \"Normal\"]\n\
             [FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{movetext}{result}\n\n",
            day = 1 + rng.below(31),
            w = rng.below(50_000),
            b = rng.below(50_000),
            h = rng.below(24),
            m = rng.below(60),
            s = rng.below(60),
            wd = rng.below(20),
            bd = rng.below(20),
        );
        out.write_all(text.as_bytes()).unwrap();
        written += text.len() as u64;
    }
    out.flush().unwrap();
}
