//! What a db answers, position by position, against what shakmaty's
//! replay of the same games says: moves, SAN, results, mean ratings, top
//! and recent games, with and without filters.

use crate::common::{Model, TestGame, games, model, pgn, temp_dir};
use chess960_archive::Archive;
use chess960_explorer::query::{Month, Query, RatingGroup, Speed};
use chess960_explorer::{Explorer, IndexOptions, index};
use std::collections::HashMap;

pub(crate) fn index_games(games: &[TestGame], dir: &std::path::Path, options: &IndexOptions) {
    let archive = Archive::new().reader("games.pgn", std::io::Cursor::new(pgn(games)));
    let summary = index(&archive, dir, options).unwrap();
    assert_eq!(summary.reading.skipped, 0, "{:?}", summary.reading.skips);
}

/// Compares every position of the model with the db's answer to `query`
/// (its position fields filled from the model's path).
pub(crate) fn check(explorer: &Explorer, model: &Model, query: &Query, with_games: bool) -> usize {
    let mut checked = 0;
    for (key, moves) in &model.positions {
        let (start, play) = &model.paths[key];
        let query = Query {
            start: *start,
            play: play.clone(),
            top_games: 4,
            recent_games: 4,
            ..query.clone()
        };
        let answer = explorer.query(&query).unwrap();
        let got: HashMap<&str, _> = answer
            .moves
            .iter()
            .map(|row| (row.uci.as_str(), row))
            .collect();
        assert_eq!(
            got.len(),
            moves.len(),
            "{start:?} {play:?}: {answer:?} against {moves:?}"
        );
        let mut all_games = Vec::new();
        for (uci, expected) in moves {
            let row = got
                .get(uci.as_str())
                .unwrap_or_else(|| panic!("{start:?} {play:?}: no {uci}"));
            assert_eq!(
                (row.san.as_str(), row.white, row.draws, row.black),
                (
                    expected.san.as_str(),
                    expected.white,
                    expected.draws,
                    expected.black
                ),
                "{start:?} {play:?} {uci}"
            );
            let games = expected.white + expected.draws + expected.black;
            assert_eq!(
                row.average_rating,
                Some(u32::try_from(expected.rating_sum / games).unwrap())
            );
            if with_games {
                // The one game of a move played once (unfiltered).
                assert_eq!(
                    row.game.as_ref().map(|g| g.id.clone()),
                    (games == 1).then(|| expected.games[0].0.clone())
                );
            }
            all_games.extend(
                expected
                    .games
                    .iter()
                    .map(|(id, mean, when)| (id.clone(), *mean, when.clone(), uci.clone())),
            );
        }
        // Most played first.
        let counts: Vec<u64> = answer
            .moves
            .iter()
            .map(|m| m.white + m.draws + m.black)
            .collect();
        assert!(counts.windows(2).all(|w| w[0] >= w[1]));
        if with_games {
            let mut top = all_games.clone();
            top.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)));
            let top: Vec<(String, String)> = top.into_iter().take(4).map(|g| (g.0, g.3)).collect();
            let got: Vec<(String, String)> = answer
                .top_games
                .iter()
                .map(|g| (g.id.clone(), g.uci.clone()))
                .collect();
            assert_eq!(got, top, "{start:?} {play:?}");
            let mut recent = all_games;
            recent.sort_by(|a, b| b.2.cmp(&a.2));
            let recent: Vec<String> = recent.into_iter().take(4).map(|g| g.0).collect();
            let got: Vec<String> = answer.recent_games.iter().map(|g| g.id.clone()).collect();
            assert_eq!(got, recent, "{start:?} {play:?}");
        }
        checked += 1;
    }
    checked
}

/// Every position of 1,500 games (12 plies deep, small batches so that
/// entries are merged across batches) answers as shakmaty's replay says:
/// written on one thread (each batch's run and lists straight into their
/// tables) and on three (each batch in parts, encoded apart and
/// appended).
#[test]
fn answers_match_shakmatys_replay() {
    let games = games(11, 1500, 0);
    let model = model(&games, 12, |_| true);
    for threads in [1, 3] {
        let dir = temp_dir(&format!("counts-{threads}"));
        let options = IndexOptions {
            plies: 12,
            batch_games: 97,
            ..IndexOptions::default()
        };
        let archive = Archive::new()
            .threads(threads)
            .reader("games.pgn", std::io::Cursor::new(pgn(&games)));
        let summary = index(&archive, &dir, &options).unwrap();
        assert_eq!(summary.reading.skipped, 0, "{:?}", summary.reading.skips);
        let explorer = Explorer::open(&dir).unwrap();
        assert_eq!(explorer.games().unwrap(), 1500);
        let checked = check(&explorer, &model, &Query::default(), true);
        assert!(checked > 1000, "{threads} threads: {checked}");
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// Filters by speed, rating group and month count the games they name.
#[test]
fn filters_count_what_they_name() {
    let games = games(13, 600, 0);
    let dir = temp_dir("filters");
    let options = IndexOptions {
        plies: 6,
        ..IndexOptions::default()
    };
    index_games(&games, &dir, &options);
    let explorer = Explorer::open(&dir).unwrap();
    let speed = |game: &TestGame| Speed::of_time_control(game.time_control).unwrap();
    let group = |game: &TestGame| {
        RatingGroup::of(u32::midpoint(
            u32::from(game.white_elo),
            u32::from(game.black_elo),
        ))
    };
    let month = |game: &TestGame| Month::of_date(&game.date).unwrap();
    let blitz_rapid = Query {
        speeds: Some(vec![Speed::Blitz, Speed::Rapid]),
        ..Query::default()
    };
    let model_speed = model(&games, 6, |g| {
        matches!(speed(g), Speed::Blitz | Speed::Rapid)
    });
    assert!(check(&explorer, &model_speed, &blitz_rapid, false) > 50);
    let ratings = Query {
        ratings: Some(vec!["1600".parse().unwrap(), "2200".parse().unwrap()]),
        ..Query::default()
    };
    let model_ratings = model(&games, 6, |g| [1600, 2200].contains(&group(g).lower()));
    assert!(check(&explorer, &model_ratings, &ratings, false) > 50);
    let months = Query {
        since: Some("2026-10".parse().unwrap()),
        until: Some("2026-10".parse().unwrap()),
        ..Query::default()
    };
    let model_months = model(&games, 6, |g| month(g).to_string() == "2026-10");
    assert!(check(&explorer, &model_months, &months, false) > 50);
    // A position whose games the filter leaves out: no moves.
    let none = Query {
        speeds: Some(vec![Speed::Correspondence]),
        since: Some("2030-01".parse().unwrap()),
        ..Query::default()
    };
    let answer = explorer
        .query(&Query {
            start: Some(518),
            ..none
        })
        .unwrap();
    assert!(answer.moves.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

/// Bad questions name their parameter.
#[test]
fn bad_questions_name_their_parameter() {
    let games = games(17, 20, 0);
    let dir = temp_dir("bad-questions");
    index_games(&games, &dir, &IndexOptions::default());
    let explorer = Explorer::open(&dir).unwrap();
    let ask = |query: Query| explorer.query(&query).unwrap_err();
    let error = ask(Query {
        start: Some(518),
        play: vec!["e2e4".into(), "e7e4".into()],
        ..Query::default()
    });
    assert_eq!(error.parameter(), "play");
    assert_eq!(error.to_string(), "play: ply 2: e7e4 is not a legal move");
    let error = ask(Query {
        fen: Some("8/8/8/8/8/8/8/8 w - - 0 1".into()),
        ..Query::default()
    });
    assert_eq!(error.parameter(), "fen");
    assert_eq!(
        ask(Query {
            start: Some(960),
            ..Query::default()
        })
        .parameter(),
        "start"
    );
    let error = ask(Query {
        since: Some("2026-11".parse().unwrap()),
        until: Some("2026-10".parse().unwrap()),
        ..Query::default()
    });
    assert_eq!(error.parameter(), "until");
    std::fs::remove_dir_all(&dir).ok();
}

/// A position given by FEN answers as the same position reached by moves;
/// standard castling (`e1g1`) is read as the king taking its rook.
#[test]
fn fen_and_moves_reach_the_same_entry() {
    let games = games(19, 400, 0);
    let dir = temp_dir("fen");
    index_games(&games, &dir, &IndexOptions::default());
    let explorer = Explorer::open(&dir).unwrap();
    let by_start = explorer
        .query(&Query {
            start: Some(518),
            ..Query::default()
        })
        .unwrap();
    let by_fen = explorer
        .query(&Query {
            fen: Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into()),
            ..Query::default()
        })
        .unwrap();
    assert_eq!(by_start, by_fen);
    assert!(by_start.white + by_start.draws + by_start.black > 0);
    std::fs::remove_dir_all(&dir).ok();
}

/// A player's db holds their games only, from their side: as White and
/// as Black apart, both together when no colour is asked.
#[test]
fn a_players_db_counts_their_games_from_their_side() {
    let games = games(59, 400, 0);
    let dir = temp_dir("player");
    let options = IndexOptions {
        plies: 6,
        players: vec!["W3".into(), "b4".into()],
        ..IndexOptions::default()
    };
    let archive = Archive::new().reader("games.pgn", std::io::Cursor::new(pgn(&games)));
    let summary = index(&archive, &dir, &options).unwrap();
    let white = |g: &TestGame| g.pgn.contains("[White \"w3\"]");
    let black = |g: &TestGame| g.pgn.contains("[Black \"b4\"]");
    let theirs = games.iter().filter(|g| white(g) || black(g)).count();
    assert_eq!(usize::try_from(summary.added).unwrap(), theirs);
    assert_eq!(
        usize::try_from(summary.not_the_player).unwrap(),
        games.len() - theirs
    );
    let explorer = Explorer::open(&dir).unwrap();
    assert!(explorer.is_player_db());
    assert_eq!(explorer.players(), ["w3", "b4"]);
    let as_white = Query {
        color: Some(chess960::Color::White),
        ..Query::default()
    };
    assert!(check(&explorer, &model(&games, 6, white), &as_white, false) > 20);
    let as_black = Query {
        color: Some(chess960::Color::Black),
        ..Query::default()
    };
    assert!(check(&explorer, &model(&games, 6, black), &as_black, false) > 20);
    // A game of w3 against b4 counts on both sides; no colour: both.
    let both = explorer
        .query(&Query {
            start: Some(518),
            ..Query::default()
        })
        .unwrap();
    let white_518 = explorer
        .query(&Query {
            start: Some(518),
            ..as_white.clone()
        })
        .unwrap();
    let black_518 = explorer
        .query(&Query {
            start: Some(518),
            ..as_black.clone()
        })
        .unwrap();
    assert_eq!(both.white, white_518.white + black_518.white);
    std::fs::remove_dir_all(&dir).ok();
}

/// Double Chess960 games count from their start; games of other
/// variants and without a result are counted in the summary only.
#[test]
fn double_chess960_counts_other_variants_do_not() {
    let game = |tags: &str, moves: &str| format!("{tags}[Result \"1-0\"]\n\n{moves} 1-0\n\n");
    let double = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1";
    let pgn = game(
        &format!("[Variant \"Chess960\"]\n[FEN \"{double}\"]\n"),
        "1. g3 f5",
    ) + &game("[Variant \"Atomic\"]\n", "1. e4 e5")
        + &game("[Site \"https://example.org/s1\"]\n", "1. e4 e5")
        + "[Site \"https://example.org/s2\"]\n[Result \"*\"]\n\n1. d4 *\n\n";
    let dir = temp_dir("double");
    let summary = index(
        &Archive::new().reader("g.pgn", std::io::Cursor::new(pgn)),
        &dir,
        &IndexOptions::default(),
    )
    .unwrap();
    assert_eq!(
        (summary.added, summary.other_kinds, summary.undecided),
        (2, 1, 1)
    );
    let explorer = Explorer::open(&dir).unwrap();
    let answer = explorer
        .query(&Query {
            fen: Some(double.into()),
            ..Query::default()
        })
        .unwrap();
    assert_eq!(
        (
            answer.white,
            answer.moves.len(),
            answer.moves[0].san.as_str()
        ),
        (1, 1, "g3")
    );
    let standard = explorer
        .query(&Query {
            start: Some(518),
            ..Query::default()
        })
        .unwrap();
    assert_eq!(
        (standard.white, standard.moves[0].uci.as_str()),
        (1, "e2e4")
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A position a game reaches twice counts once for it, with the move last
/// played from it.
#[test]
fn a_repeated_position_counts_once_with_the_last_move() {
    let pgn = "[Site \"https://example.org/r1\"]\n[Result \"0-1\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 0-1\n\n";
    let dir = temp_dir("repeated");
    let summary = index(
        &Archive::new().reader("g.pgn", std::io::Cursor::new(pgn)),
        &dir,
        &IndexOptions::default(),
    )
    .unwrap();
    assert_eq!(summary.added, 1);
    let explorer = Explorer::open(&dir).unwrap();
    let start = explorer
        .query(&Query {
            start: Some(518),
            ..Query::default()
        })
        .unwrap();
    let moves: Vec<(&str, u64)> = start
        .moves
        .iter()
        .map(|m| (m.uci.as_str(), m.black))
        .collect();
    assert_eq!(moves, [("e2e4", 1)]);
    // After 1. Nf3: Black played Nf6 there (twice, counted once).
    let after = explorer
        .query(&Query {
            start: Some(518),
            play: vec!["g1f3".into()],
            ..Query::default()
        })
        .unwrap();
    let moves: Vec<(&str, u64)> = after
        .moves
        .iter()
        .map(|m| (m.uci.as_str(), m.black))
        .collect();
    assert_eq!(moves, [("g8f6", 1)]);
    std::fs::remove_dir_all(&dir).ok();
}

/// One explorer serves many threads.
#[test]
fn an_explorer_is_shared_by_threads() {
    fn shared<T: Send + Sync>(_: &T) {}
    let games = games(61, 50, 0);
    let dir = temp_dir("threads");
    index_games(&games, &dir, &IndexOptions::default());
    let explorer = Explorer::open(&dir).unwrap();
    shared(&explorer);
    let alone = explorer
        .query(&Query {
            start: Some(518),
            ..Query::default()
        })
        .unwrap();
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                let answer = explorer
                    .query(&Query {
                        start: Some(518),
                        ..Query::default()
                    })
                    .unwrap();
                assert_eq!(answer, alone);
            });
        }
    });
    std::fs::remove_dir_all(&dir).ok();
}

/// `history=true`: every position's games a month, and each move's, as
/// shakmaty's replay counts them (every month from the first to the last,
/// months without games as zeros), under a filter too.
#[test]
fn history_matches_shakmatys_replay() {
    let games = games(23, 600, 0);
    let dir = temp_dir("history");
    let options = IndexOptions {
        plies: 8,
        batch_games: 61,
        ..IndexOptions::default()
    };
    index_games(&games, &dir, &options);
    let explorer = Explorer::open(&dir).unwrap();
    let by_id: HashMap<&str, &crate::common::TestGame> =
        games.iter().map(|game| (game.id.as_str(), game)).collect();
    for speeds in [None, Some(vec![Speed::Blitz, Speed::Rapid])] {
        let keep = |game: &crate::common::TestGame| {
            speeds.is_none() || matches!(game.time_control, "180+2" | "600+5")
        };
        let model = model(&games, 8, keep);
        let mut checked = 0;
        for (key, moves) in &model.positions {
            let (start, play) = &model.paths[key];
            let query = Query {
                start: *start,
                play: play.clone(),
                speeds: speeds.clone(),
                history: true,
                ..Query::default()
            };
            let answer = explorer.query(&query).unwrap();
            let mut position = std::collections::BTreeMap::<String, [u64; 3]>::new();
            for (uci, expected) in moves {
                let mut months = std::collections::BTreeMap::<String, [u64; 3]>::new();
                for (id, _, _) in &expected.games {
                    let game = by_id[id.as_str()];
                    let month = game.date[..7].replace('.', "-");
                    let column = match game.result {
                        "1-0" => 0,
                        "1/2-1/2" => 1,
                        _ => 2,
                    };
                    months.entry(month.clone()).or_default()[column] += 1;
                    position.entry(month).or_default()[column] += 1;
                }
                let row = answer.moves.iter().find(|row| &row.uci == uci).unwrap();
                assert_eq!(
                    rows(row.history.as_ref().unwrap()),
                    filled(&months),
                    "{start:?} {play:?} {uci}"
                );
            }
            assert_eq!(
                rows(answer.history.as_ref().unwrap()),
                filled(&position),
                "{start:?} {play:?}"
            );
            checked += 1;
        }
        assert!(checked > 100, "{checked}");
    }
    // Without `history`, no history.
    let answer = explorer.query(&Query::default()).unwrap();
    assert!(answer.history.is_none() && answer.moves.iter().all(|row| row.history.is_none()));
    std::fs::remove_dir_all(&dir).ok();
}

/// A history's rows as (month, white, draws, black).
fn rows(history: &[chess960_explorer::query::HistoryRow]) -> Vec<(String, [u64; 3])> {
    history
        .iter()
        .map(|row| (row.month.clone(), [row.white, row.draws, row.black]))
        .collect()
}

/// Every month from the first to the last of `months` (all in 2026 here),
/// those missing as zeros.
fn filled(months: &std::collections::BTreeMap<String, [u64; 3]>) -> Vec<(String, [u64; 3])> {
    let number = |month: &str| month[5..7].parse::<u32>().unwrap();
    let (Some(first), Some(last)) = (months.keys().next(), months.keys().last()) else {
        return Vec::new();
    };
    (number(first)..=number(last))
        .map(|m| {
            let month = format!("2026-{m:02}");
            let counts = months.get(&month).copied().unwrap_or_default();
            (month, counts)
        })
        .collect()
}
