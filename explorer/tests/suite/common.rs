//! Games for the tests, made and replayed by shakmaty (an independent
//! move generator), and the answers shakmaty's replay says a db must give.

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist128;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::PathBuf;

/// SplitMix64: the tests' games, the same on every run.
pub(crate) struct Rng(pub u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mixed = (self.0 ^ (self.0 >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        let mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        mixed ^ (mixed >> 31)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() >> 33).unwrap() % n
    }
}

/// One test game.
#[derive(Clone, Debug)]
pub(crate) struct TestGame {
    pub(crate) id: String,
    /// `None`: a standard game (no FEN).
    pub(crate) start: Option<u16>,
    pub(crate) white_elo: u16,
    pub(crate) black_elo: u16,
    pub(crate) time_control: &'static str,
    pub(crate) date: String,
    pub(crate) time: String,
    pub(crate) result: &'static str,
    /// The moves as UCI (Chess960: the king takes its rook) and SAN.
    pub(crate) uci: Vec<String>,
    pub(crate) pgn: String,
}

/// The start of a game, as shakmaty's position.
pub(crate) fn start_position(start: Option<u16>) -> Chess {
    match start {
        None => Chess::default(),
        Some(id) => {
            let rank = chess960::Position::from_id(id).unwrap().as_str().to_owned();
            let fen = format!(
                "{}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1",
                rank.to_ascii_lowercase()
            );
            fen.parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Chess960)
                .unwrap()
        }
    }
}

/// `count` games from a few starts (and some standard ones), whose
/// openings repeat and transpose (popular moves by position), with
/// random moves past the opening (which may repeat a position).
pub(crate) fn games(seed: u64, count: usize, first: usize) -> Vec<TestGame> {
    let mut rng = Rng(seed | 1);
    let starts = [Some(518), Some(0), Some(959), Some(312), None];
    let controls = ["15+0", "60+0", "180+2", "600+5", "1800+20", "-"];
    let mut out = Vec::with_capacity(count);
    for n in 0..count {
        let number = first + n;
        let start = starts[rng.below(starts.len())];
        let mut position = start_position(start);
        let white_elo = u16::try_from(800 + rng.below(2200)).unwrap();
        let black_elo = u16::try_from(800 + rng.below(2200)).unwrap();
        let plies = 4 + rng.below(40);
        let mut uci = Vec::new();
        let mut movetext = String::new();
        for ply in 0..plies {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let index = if ply < 8 {
                let hash = position.zobrist_hash::<Zobrist128>(EnPassantMode::Legal).0;
                let mut popular = Rng(u64::try_from(hash & u128::from(u64::MAX)).unwrap() | 1);
                (usize::try_from(popular.next() >> 33).unwrap() + [0, 0, 1, 2][rng.below(4)])
                    % moves.len()
            } else {
                rng.below(moves.len())
            };
            let m = moves[index];
            let mode = if start.is_some() {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            uci.push(m.to_uci(CastlingMode::Chess960).to_string());
            let _ = mode;
            let san = SanPlus::from_move_and_play_unchecked(&mut position, m);
            if ply % 2 == 0 {
                let _ = write!(movetext, "{}. ", ply / 2 + 1);
            }
            let _ = write!(movetext, "{san} {{ [%clk 0:01:00] }} ");
        }
        let result = ["1-0", "0-1", "1/2-1/2"][rng.below(3)];
        let time_control = controls[rng.below(controls.len())];
        let date = format!("2026.{:02}.{:02}", 9 + rng.below(3), 1 + rng.below(28));
        let time = format!(
            "{:02}:{:02}:{:02}",
            number / 3600 % 24,
            number / 60 % 60,
            number % 60
        );
        let id = format!("g{number:07}");
        let mut pgn = String::new();
        let _ = write!(
            pgn,
            "[Event \"Rated game\"]\n[Site \"https://example.org/{id}\"]\n[Date \"{date}\"]\n[White \"w{w}\"]\n[Black \"b{b}\"]\n[Result \"{result}\"]\n[UTCDate \"{date}\"]\n[UTCTime \"{time}\"]\n[WhiteElo \"{white_elo}\"]\n[BlackElo \"{black_elo}\"]\n[TimeControl \"{time_control}\"]\n",
            w = number % 7,
            b = number % 5,
        );
        if let Some(id) = start {
            let rank = chess960::Position::from_id(id).unwrap().as_str().to_owned();
            let _ = write!(
                pgn,
                "[Variant \"Chess960\"]\n[FEN \"{}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1\"]\n[SetUp \"1\"]\n",
                rank.to_ascii_lowercase()
            );
        }
        let _ = write!(pgn, "\n{movetext}{result}\n\n");
        out.push(TestGame {
            id,
            start,
            white_elo,
            black_elo,
            time_control,
            date,
            time,
            result,
            uci,
            pgn,
        });
    }
    out
}

/// The PGN of games.
pub(crate) fn pgn(games: &[TestGame]) -> String {
    games.iter().map(|game| game.pgn.as_str()).collect()
}

/// A fresh folder under the target's temporary directory.
pub(crate) fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "chess960-explorer-tests-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What shakmaty's replay says one move of one position must show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ModelMove {
    pub(crate) san: String,
    pub(crate) white: u64,
    pub(crate) draws: u64,
    pub(crate) black: u64,
    pub(crate) rating_sum: u64,
    /// The games, by id, with their mean rating and time.
    pub(crate) games: Vec<(String, u32, String)>,
}

/// Per position (shakmaty's 128-bit Zobrist hash, legal en passant), per
/// move (UCI, the king taking its rook): the model; and one way to reach
/// each position (start and UCI moves).
pub(crate) struct Model {
    pub(crate) positions: HashMap<u128, HashMap<String, ModelMove>>,
    pub(crate) paths: HashMap<u128, (Option<u16>, Vec<String>)>,
}

/// The model of `games`, indexed `plies` deep, keeping the games that
/// `keep` accepts.
pub(crate) fn model(games: &[TestGame], plies: usize, keep: impl Fn(&TestGame) -> bool) -> Model {
    let mut model = Model {
        positions: HashMap::new(),
        paths: HashMap::new(),
    };
    for game in games.iter().filter(|game| keep(game)) {
        let mut position = start_position(game.start);
        let mut last: HashMap<u128, (String, String, shakmaty::Color)> = HashMap::new();
        for (ply, text) in game.uci.iter().enumerate().take(plies) {
            let key = position.zobrist_hash::<Zobrist128>(EnPassantMode::Legal).0;
            model
                .paths
                .entry(key)
                .or_insert_with(|| (game.start.or(Some(518)), game.uci[..ply].to_vec()));
            let m = text.parse::<UciMove>().unwrap().to_move(&position).unwrap();
            let san = SanPlus::from_move(position.clone(), m).to_string();
            last.insert(key, (text.clone(), san, position.turn()));
            position.play_unchecked(m);
        }
        let mean = u32::midpoint(u32::from(game.white_elo), u32::from(game.black_elo));
        for (key, (uci, san, turn)) in last {
            let entry = model
                .positions
                .entry(key)
                .or_default()
                .entry(uci)
                .or_default();
            entry.san = san;
            match game.result {
                "1-0" => entry.white += 1,
                "0-1" => entry.black += 1,
                _ => entry.draws += 1,
            }
            entry.rating_sum += u64::from(if turn == shakmaty::Color::White {
                game.white_elo
            } else {
                game.black_elo
            });
            entry.games.push((
                game.id.clone(),
                mean,
                format!("{} {}", game.date, game.time),
            ));
        }
    }
    model
}
