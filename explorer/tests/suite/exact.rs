//! A db answers the same however its games came in: in one run, in two,
//! twice over, or in dbs made apart and merged.

use crate::common::{TestGame, games, model, temp_dir};
use crate::counts::index_games;
use chess960_explorer::query::{Answer, Query};
use chess960_explorer::{Explorer, IndexOptions, merge};
use std::path::Path;

/// Every position the games reach (8 plies deep), asked with top and
/// recent games, and its games listed, as JSON.
pub(crate) fn answers(dir: &Path, games: &[TestGame]) -> Vec<String> {
    let explorer = Explorer::open(dir).unwrap();
    let model = model(games, 8, |_| true);
    let mut keys: Vec<_> = model.paths.keys().copied().collect();
    keys.sort_unstable();
    keys.iter()
        .map(|key| {
            let (start, play) = &model.paths[key];
            let answer: Answer = explorer
                .query(&Query {
                    start: *start,
                    play: play.clone(),
                    // More than the 4 each run keeps: read as 4, so that
                    // the games given do not depend on how the db was
                    // written (runs, folds, merges).
                    top_games: 15,
                    recent_games: 15,
                    ..Query::default()
                })
                .unwrap();
            assert!(answer.top_games.len() <= 4 && answer.recent_games.len() <= 4);
            // And every game of the position, in order (position search).
            let listed = explorer
                .games_at(&chess960_explorer::GamesQuery {
                    query: Query {
                        start: *start,
                        play: play.clone(),
                        ..Query::default()
                    },
                    limit: usize::MAX,
                    ..chess960_explorer::GamesQuery::default()
                })
                .unwrap();
            format!(
                "{}\n{}",
                serde_json::to_string(&answer).unwrap(),
                serde_json::to_string(&listed).unwrap()
            )
        })
        .collect()
}

fn options() -> IndexOptions {
    IndexOptions {
        plies: 8,
        batch_games: 53,
        ..IndexOptions::default()
    }
}

#[test]
fn one_run_two_runs_repeated_runs_and_merges_answer_alike() {
    let first = games(23, 700, 0);
    let second = games(29, 500, 700);
    let all: Vec<TestGame> = first.iter().chain(&second).cloned().collect();
    let base = temp_dir("exact");
    index_games(&all, &base.join("one"), &options());
    index_games(&first, &base.join("two"), &options());
    index_games(&second, &base.join("two"), &options());
    // The second file again, and the first: nothing more is counted.
    index_games(&second, &base.join("two"), &options());
    index_games(&first, &base.join("two"), &options());
    index_games(&first, &base.join("a"), &options());
    index_games(&second, &base.join("b"), &options());
    let summary = merge(&[base.join("a"), base.join("b")], base.join("merged")).unwrap();
    assert_eq!((summary.merged, summary.games), (2, 1200));
    // A merge run again passes over the dbs already in.
    let again = merge(&[base.join("a"), base.join("b")], base.join("merged")).unwrap();
    assert_eq!((again.merged, again.already, again.games), (0, 2, 0));
    let one = answers(&base.join("one"), &all);
    assert!(one.len() > 1000);
    assert_eq!(answers(&base.join("two"), &all), one);
    assert_eq!(answers(&base.join("merged"), &all), one);
    // Merging into a db that has some of the games is refused.
    let error = merge(&[base.join("one")], base.join("a")).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("700 of its 1200 games are already in the target db"),
        "{error}"
    );
    std::fs::remove_dir_all(&base).ok();
}

/// Games without an id are told apart by their tags and moves.
#[test]
fn games_without_id_are_deduplicated_by_tags_and_moves() {
    let games = games(31, 100, 0);
    let without: Vec<TestGame> = games
        .iter()
        .map(|game| TestGame {
            pgn: game
                .pgn
                .replace("[Site \"https://example.org/", "[Site \"Club "),
            ..game.clone()
        })
        .collect();
    let dir = temp_dir("no-id");
    let archive = |games: &[TestGame]| {
        chess960_archive::Archive::new()
            .reader("x.pgn", std::io::Cursor::new(crate::common::pgn(games)))
    };
    let first = chess960_explorer::index(&archive(&without), &dir, &options()).unwrap();
    assert_eq!((first.added, first.duplicates), (100, 0));
    let second = chess960_explorer::index(&archive(&without), &dir, &options()).unwrap();
    assert_eq!((second.added, second.duplicates), (0, 100));
    std::fs::remove_dir_all(&dir).ok();
}

/// A game a batch: each batch files its positions as a run of its own, so
/// runs are folded together, over and over (past 16), and positions many
/// games share (the first plies of one start) are sorted out of crowded
/// runs into entries by replaying their games; the db answers as one
/// batch, and as shakmaty's replay says.
#[test]
fn runs_folded_game_by_game_answer_as_one_batch() {
    let all = games(37, 400, 0);
    let starts: Vec<TestGame> = all
        .into_iter()
        .filter(|game| game.start == Some(518))
        .take(70)
        .collect();
    assert!(starts.len() >= 60, "{}", starts.len());
    let base = temp_dir("folds");
    let one_a_batch = IndexOptions {
        batch_games: 1,
        ..options()
    };
    index_games(&starts, &base.join("folded"), &one_a_batch);
    index_games(
        &starts,
        &base.join("one"),
        &IndexOptions {
            batch_games: 1000,
            ..options()
        },
    );
    let one = answers(&base.join("one"), &starts);
    assert!(one.len() > 100, "{}", one.len());
    assert_eq!(answers(&base.join("folded"), &starts), one);
    let explorer = Explorer::open(base.join("folded")).unwrap();
    let model = model(&starts, 8, |_| true);
    let checked = crate::counts::check(&explorer, &model, &Query::default(), true);
    assert!(checked > 100, "{checked}");
    // The db's first position: every game, all in its entry.
    let answer = explorer
        .query(&Query {
            start: Some(518),
            ..Query::default()
        })
        .unwrap();
    assert_eq!(
        answer.white + answer.draws + answer.black,
        starts.len() as u64
    );
    std::fs::remove_dir_all(&base).ok();
}
