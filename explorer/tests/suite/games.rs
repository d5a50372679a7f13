//! Position search and game texts against shakmaty's replay of the same
//! games: every position lists exactly the games that reached it within
//! the plies (once each, newest first, then by id, with the move each
//! played), in one run (written on one thread or in parts on several),
//! in many (folded), indexed twice over and merged;
//! a game's moves are its whole mainline; its PGN reads back (shakmaty
//! replays its SAN from its FEN), tags needing escapes included; games
//! without a `Site` URL get ids that find them, and games seen from Black
//! (`Site` ending in `/black`) their own.

use crate::common::{TestGame, games, model, pgn, start_position, temp_dir};
use crate::counts::index_games;
use chess960_explorer::game::Outcome;
use chess960_explorer::query::Query;
use chess960_explorer::{Explorer, GamesQuery, IndexOptions, merge};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::collections::HashMap;
use std::path::Path;

pub(crate) const PLIES: usize = 8;

pub(crate) fn options(batch_games: usize) -> IndexOptions {
    IndexOptions {
        plies: u32::try_from(PLIES).unwrap(),
        batch_games,
        ..IndexOptions::default()
    }
}

/// For every position the model has: the games shakmaty's replay says
/// reached it (id and move, newest first, then by id); and the db's list.
pub(crate) fn check_lists(dir: &Path, all: &[TestGame]) -> usize {
    let explorer = Explorer::open(dir).unwrap();
    let model = model(all, PLIES, |_| true);
    let by_id: HashMap<&str, &TestGame> = all.iter().map(|g| (g.id.as_str(), g)).collect();
    let mut checked = 0;
    for (key, moves) in &model.positions {
        let (start, play) = &model.paths[key];
        let mut expected: Vec<(String, String, String, String)> = moves
            .iter()
            .flat_map(|(uci, played)| {
                played.games.iter().map(move |(id, _, when)| {
                    (when.clone(), id.clone(), uci.clone(), played.san.clone())
                })
            })
            .collect();
        // Newest first, then by id.
        expected.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let search = GamesQuery {
            query: Query {
                start: *start,
                play: play.clone(),
                ..Query::default()
            },
            limit: usize::MAX,
            ..GamesQuery::default()
        };
        let page = explorer.games_at(&search).unwrap();
        assert_eq!(page.total, expected.len() as u64, "{start:?} {play:?}");
        let got: Vec<(String, String, String)> = page
            .games
            .iter()
            .map(|g| (g.id.clone(), g.uci.clone(), g.san.clone()))
            .collect();
        let want: Vec<(String, String, String)> = expected
            .iter()
            .map(|(_, id, uci, san)| (id.clone(), uci.clone(), san.clone()))
            .collect();
        assert_eq!(got, want, "{start:?} {play:?}");
        for listed in &page.games {
            let game = by_id[listed.id.as_str()];
            assert_eq!(listed.result, game.result);
            assert_eq!(listed.white.rating, Some(game.white_elo));
        }
        // A page from an offset, and a filter (result) whose total
        // matches its listing.
        if expected.len() > 3 {
            let page = explorer
                .games_at(&GamesQuery {
                    limit: 2,
                    offset: 1,
                    ..search.clone()
                })
                .unwrap();
            assert_eq!(
                page.games.iter().map(|g| &g.id).collect::<Vec<_>>(),
                want[1..3].iter().map(|w| &w.0).collect::<Vec<_>>()
            );
            let draws = explorer
                .games_at(&GamesQuery {
                    result: Some(Outcome::Draw),
                    ..search.clone()
                })
                .unwrap();
            let want_draws = want
                .iter()
                .filter(|w| by_id[w.0.as_str()].result == "1/2-1/2")
                .count();
            assert_eq!(draws.total, want_draws as u64);
            assert_eq!(draws.games.len(), want_draws);
        }
        checked += 1;
    }
    checked
}

#[test]
fn every_position_lists_exactly_the_games_that_reached_it() {
    let first = games(41, 500, 0);
    let second = games(43, 300, 500);
    let all: Vec<TestGame> = first.iter().chain(&second).cloned().collect();
    let base = temp_dir("lists");
    // On three threads, each batch in parts encoded apart; on one, the
    // batch's run and lists straight into their tables.
    for (threads, name) in [(3, "one"), (1, "single")] {
        let archive = chess960_archive::Archive::new()
            .threads(threads)
            .reader("games.pgn", std::io::Cursor::new(pgn(&all)));
        let summary =
            chess960_explorer::index(&archive, base.join(name), &options(10_000)).unwrap();
        assert_eq!(summary.reading.skipped, 0, "{:?}", summary.reading.skips);
    }
    // Many runs, folded past 16.
    index_games(&first, &base.join("two"), &options(17));
    index_games(&second, &base.join("two"), &options(17));
    index_games(&first, &base.join("two"), &options(17));
    index_games(&first, &base.join("a"), &options(40));
    index_games(&second, &base.join("b"), &options(40));
    merge(&[base.join("a"), base.join("b")], base.join("merged")).unwrap();
    let checked = check_lists(&base.join("one"), &all);
    assert!(checked > 800, "{checked}");
    assert_eq!(check_lists(&base.join("single"), &all), checked);
    assert_eq!(check_lists(&base.join("two"), &all), checked);
    assert_eq!(check_lists(&base.join("merged"), &all), checked);
    std::fs::remove_dir_all(&base).ok();
}

/// The moves of a PGN's movetext, replayed by shakmaty from its `FEN`
/// tag (the classical start without one): their UCI.
pub(crate) fn replay_pgn(pgn: &str) -> Vec<String> {
    let (tags, movetext) = pgn.split_once("\n\n").unwrap();
    let fen = tags
        .lines()
        .find_map(|line| line.strip_prefix("[FEN \""))
        .map(|rest| rest.trim_end_matches("\"]"));
    let mut position: Chess = match fen {
        None => Chess::default(),
        Some(fen) => fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Chess960)
            .unwrap(),
    };
    let mut out = Vec::new();
    for token in movetext.split_whitespace() {
        if token.ends_with('.') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
            continue;
        }
        let m = token.parse::<San>().unwrap().to_move(&position).unwrap();
        out.push(m.to_uci(CastlingMode::Chess960).to_string());
        position.play_unchecked(m);
    }
    out
}

#[test]
fn a_game_comes_back_whole_as_pgn_and_moves() {
    let mut all = games(47, 120, 0);
    // Tags PGN must escape, and games without a Site URL.
    for game in all.iter_mut().step_by(7) {
        game.pgn = game
            .pgn
            .replace("[White \"w", "[White \"a \\\"quoted\\\" \\\\ w");
    }
    let mut without: Vec<TestGame> = all.iter().skip(100).cloned().collect();
    for game in &mut without {
        game.pgn = game
            .pgn
            .replace("[Site \"https://example.org/", "[Site \"Club ");
    }
    let dir = temp_dir("texts");
    index_games(&all[..100], &dir, &options(30));
    index_games(&without, &dir, &options(30));
    let explorer = Explorer::open(&dir).unwrap();
    for game in &all[..100] {
        let text = explorer.game(&game.id).unwrap().unwrap();
        let uci: Vec<&str> = text.moves.iter().map(|m| m.uci.as_str()).collect();
        assert_eq!(uci, game.uci, "{}", game.id);
        assert_eq!(replay_pgn(&text.pgn), game.uci, "{}", text.pgn);
        let roster: Vec<&str> = text.tags.iter().take(7).map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            roster,
            ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
        );
        assert!(text.pgn.contains(&format!("[Result \"{}\"]", game.result)));
        assert!(text.pgn.trim_end().ends_with(game.result));
        if game.start.is_some() {
            assert!(text.pgn.contains("[Variant \"Chess960\"]"));
            let fen = text
                .tags
                .iter()
                .find(|(n, _)| n == "FEN")
                .map(|(_, v)| v.clone())
                .unwrap();
            let position: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Chess960)
                .unwrap();
            assert_eq!(position, start_position(game.start));
        }
        // The tags as written, escapes undone, read back by the games
        // crate's reader.
        let mut reader = chess960_games::read::Reader::new(text.pgn.as_bytes());
        let record = reader.next().unwrap();
        let white = record
            .tags()
            .get(chess960_games::read::TagName::White)
            .unwrap()
            .to_owned();
        let written = game.pgn.lines().find(|l| l.starts_with("[White ")).unwrap();
        let unescaped = written[8..written.len() - 2]
            .replace("\\\\", "\u{1}")
            .replace("\\\"", "\"")
            .replace('\u{1}', "\\");
        assert_eq!(white, unescaped);
    }
    // Games without an id: a derived id, the same one each run, that
    // finds the game.
    let start = Query {
        start: Some(518),
        ..Query::default()
    };
    let page = explorer
        .games_at(&GamesQuery {
            query: start,
            limit: usize::MAX,
            ..GamesQuery::default()
        })
        .unwrap();
    let derived: Vec<&str> = page
        .games
        .iter()
        .map(|g| g.id.as_str())
        .filter(|id| !id.starts_with('g'))
        .collect();
    assert!(!derived.is_empty());
    for id in derived {
        assert_eq!(id.len(), 11);
        let text = explorer.game(id).unwrap().unwrap();
        assert!(text.pgn.contains("[Site \"Club g"), "{}", text.pgn);
    }
    assert!(explorer.game("nosuchgame").unwrap().is_none());
    drop(explorer);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_player_s_games_from_a_position() {
    let all = games(53, 300, 0);
    let dir = temp_dir("player-search");
    index_games(&all, &dir, &options(10_000));
    let explorer = Explorer::open(&dir).unwrap();
    let search = |player: &str, color| GamesQuery {
        query: Query {
            start: Some(518),
            color,
            ..Query::default()
        },
        player: Some(player.to_owned()),
        limit: usize::MAX,
        ..GamesQuery::default()
    };
    // Standard games start from 518 too.
    let from_518: Vec<&TestGame> = all
        .iter()
        .filter(|g| g.start.is_none_or(|s| s == 518))
        .collect();
    let white = explorer
        .games_at(&search("W3", Some(chess960::Color::White)))
        .unwrap();
    let want = from_518
        .iter()
        .filter(|g| g.pgn.contains("[White \"w3\"]"))
        .count();
    assert!(want > 0);
    assert_eq!((white.total, white.games.len()), (want as u64, want));
    let either = explorer.games_at(&search("b2", None)).unwrap();
    let want = from_518
        .iter()
        .filter(|g| g.pgn.contains("[Black \"b2\"]"))
        .count();
    assert_eq!(either.total, want as u64);
    // A colour without a player, in a db of all games, is refused.
    let error = explorer
        .games_at(&GamesQuery {
            query: Query {
                color: Some(chess960::Color::White),
                ..Query::default()
            },
            ..GamesQuery::default()
        })
        .unwrap_err();
    assert_eq!(error.parameter(), "color");
    drop(explorer);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn games_seen_from_black_keep_their_own_ids() {
    // Lichess's address of a game seen from Black ends in `/black`: the
    // id is the game's, so two such games are two games, and the same
    // game without the suffix is one of them.
    let game = |site: &str, moves: &str| {
        format!(
            "[Event \"e\"]\n[Site \"{site}\"]\n[Date \"2026.01.02\"]\n[White \"w\"]\n\
             [Black \"b\"]\n[Result \"1-0\"]\n\n{moves} 1-0\n\n"
        )
    };
    let pgn = [
        game("https://lichess.org/AAAA0001/black", "1. e4 e5"),
        game("https://lichess.org/BBBB0002/black", "1. d4 d5"),
        game("https://lichess.org/AAAA0001", "1. e4 e5"),
        game("https://lichess.org/CCCC0003/white#3", "1. c4"),
    ]
    .concat();
    let dir = temp_dir("black-ids");
    let archive = chess960_archive::Archive::new().reader("sides.pgn", std::io::Cursor::new(pgn));
    let summary = chess960_explorer::index(&archive, &dir, &options(10_000)).unwrap();
    assert_eq!((summary.added, summary.duplicates), (3, 1));
    let explorer = Explorer::open(&dir).unwrap();
    for (id, first) in [("AAAA0001", "e4"), ("BBBB0002", "d4"), ("CCCC0003", "c4")] {
        let text = explorer.game(id).unwrap().unwrap();
        assert!(
            text.pgn.contains(&format!("1. {first}")),
            "{id}: {}",
            text.pgn
        );
    }
    assert!(explorer.game("black").unwrap().is_none());
    drop(explorer);
    std::fs::remove_dir_all(&dir).ok();
}
