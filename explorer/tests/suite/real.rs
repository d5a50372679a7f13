//! Real games: 438 games of lichess's archive of May 2025 (standard, all
//! from one start, as real archives crowd), indexed in batches and merged;
//! every position lists exactly the games shakmaty's replay of the file
//! says reached it, and every game comes back whole: its mainline, its
//! tags as written, in order, and a PGN that replays to the same moves.

use crate::common::{TestGame, temp_dir};
use crate::counts::index_games;
use crate::games::{check_lists, options, replay_pgn};
use chess960_explorer::query::Query;
use chess960_explorer::{Explorer, GamesQuery, merge};
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Position as _};

const FILE: &str = include_str!("../fixtures/lichess_2025-05_438.pgn");

/// A record's tags, in order, as written (no escapes in this file).
fn tags(record: &str) -> Vec<(String, String)> {
    record
        .lines()
        .filter_map(|line| line.strip_prefix('[')?.strip_suffix("\"]"))
        .map(|pair| {
            let (name, value) = pair.split_once(" \"").unwrap();
            (name.to_owned(), value.to_owned())
        })
        .collect()
}

/// The file's games, each replayed by shakmaty from its SAN (comments
/// and move numbers passed over).
fn real_games() -> Vec<(TestGame, Vec<(String, String)>)> {
    let mut out = Vec::new();
    for record in FILE.split("\n\n[Event ") {
        let record = if record.starts_with("[Event ") {
            record.to_owned()
        } else {
            format!("[Event {record}")
        };
        let tags = tags(&record);
        let tag = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
                .unwrap()
        };
        let (_, movetext) = record.split_once("\n\n").unwrap();
        let mut plain = String::new();
        let mut depth = 0;
        for c in movetext.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                c if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        let mut position = Chess::default();
        let mut uci = Vec::new();
        for token in plain.split_whitespace() {
            if token.ends_with('.') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
                continue;
            }
            let san: SanPlus = token.trim_end_matches(['!', '?']).parse().unwrap();
            let m = san.san.to_move(&position).unwrap();
            uci.push(m.to_uci(CastlingMode::Chess960).to_string());
            position.play_unchecked(m);
        }
        let site = tag("Site");
        let result: &'static str = match tag("Result").as_str() {
            "1-0" => "1-0",
            "0-1" => "0-1",
            "1/2-1/2" => "1/2-1/2",
            _ => "*",
        };
        let game = TestGame {
            id: site.rsplit('/').next().unwrap().to_owned(),
            start: None,
            white_elo: tag("WhiteElo").parse().unwrap(),
            black_elo: tag("BlackElo").parse().unwrap(),
            time_control: Box::leak(tag("TimeControl").into_boxed_str()),
            date: tag("UTCDate"),
            time: tag("UTCTime"),
            result,
            uci,
            pgn: format!("{}\n\n", record.trim_end()),
        };
        out.push((game, tags));
    }
    out
}

#[test]
fn a_real_month_lists_exactly_and_every_game_comes_back_whole() {
    let real = real_games();
    assert_eq!(real.len(), 438);
    let all: Vec<TestGame> = real.iter().map(|(game, _)| game.clone()).collect();
    let base = temp_dir("real");
    index_games(&all, &base.join("one"), &options(100));
    index_games(&all[..200], &base.join("a"), &options(64));
    index_games(&all[200..], &base.join("b"), &options(64));
    merge(&[base.join("a"), base.join("b")], base.join("merged")).unwrap();
    for db in ["one", "merged"] {
        let checked = check_lists(&base.join(db), &all);
        assert!(checked > 1000, "{db}: {checked} positions");
        let explorer = Explorer::open(base.join(db)).unwrap();
        // The start's own position lists every game that played a move
        // from it (5 of the month's games have none).
        let page = explorer
            .games_at(&GamesQuery {
                query: Query::default(),
                limit: 10,
                ..GamesQuery::default()
            })
            .unwrap();
        let played = all.iter().filter(|game| !game.uci.is_empty()).count();
        assert_eq!((page.total, played), (433, 433));
        for (game, written) in &real {
            let text = explorer.game(&game.id).unwrap().unwrap();
            let uci: Vec<&str> = text.moves.iter().map(|m| m.uci.as_str()).collect();
            assert_eq!(uci, game.uci, "{}", game.id);
            assert_eq!(replay_pgn(&text.pgn), game.uci, "{}", text.pgn);
            // Every tag as written, in the order written (the Seven Tag
            // Roster first, as PGN has it: this file writes it first too).
            assert_eq!(&text.tags, written, "{}", game.id);
        }
    }
    std::fs::remove_dir_all(&base).ok();
}
