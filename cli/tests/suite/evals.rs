//! The starts' engine evaluations on the command line: `show`'s Eval line
//! and JSON `eval` object (none for a double start), `table`'s `eval_cp`
//! and `eval_best` columns and `--sort eval`, and `eval:MIN..MAX` in
//! `book --start`, `random --exclude` and `games --start`, each against
//! the library's `Position::eval`.

use crate::common::{failure, json_lines, run, stdout};
use chess960::{Eval, FenStyle, Position, PositionSet};
use serde_json::Value;

/// The starts whose evaluation is in `low..=high`, by a filter here.
fn between(low: i16, high: i16) -> Vec<Position> {
    Position::all()
        .filter(|p| (low..=high).contains(&p.eval().cp()))
        .collect()
}

#[test]
fn show_writes_the_eval_as_text_and_json() {
    for id in [0u16, 518, 959] {
        let position = Position::from_id(id).unwrap();
        let eval = position.eval();
        let text = stdout(&["show", "--ascii", &id.to_string()]);
        let line = text.lines().find(|line| line.starts_with("Eval ")).unwrap();
        assert!(
            line.starts_with(&format!("Eval          {:+} cp, ", eval.cp())),
            "{line}"
        );
        assert!(
            line.contains(&format!(", depth {}, best {} (", eval.depth(), eval.best())),
            "{line}"
        );
        assert!(line.contains(Eval::ENGINE), "{line}");
        assert!(line.contains(&format!("{} nodes", Eval::NODES)), "{line}");
        let json: Value =
            serde_json::from_str(&stdout(&["show", "--json", &id.to_string()])).unwrap();
        assert_eq!(json["eval"]["cp"], eval.cp());
        assert_eq!(json["eval"]["depth"], eval.depth());
        assert_eq!(json["eval"]["best"], eval.best().to_string());
        match eval.wdl() {
            Some(wdl) => {
                assert_eq!(json["eval"]["wdl"]["win"], wdl.win());
                assert_eq!(json["eval"]["wdl"]["draw"], wdl.draw());
                assert_eq!(json["eval"]["wdl"]["loss"], wdl.loss());
            }
            None => assert!(json["eval"]["wdl"].is_null()),
        }
    }
}

/// A pair's evaluation is not the sum of its starts': a double start shows
/// none, and neither side's object carries one.
#[test]
fn a_double_start_has_no_eval() {
    let double = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    let text = stdout(&["show", "--ascii", double]);
    assert!(
        text.contains(
            "Eval          none: a pair's evaluation is not the sum of its two starts'\n"
        ),
        "{text}"
    );
    assert!(!text.contains(" cp"), "{text}");
    let json: Value = serde_json::from_str(&stdout(&["show", "--json", double])).unwrap();
    assert!(json.get("eval").is_none());
    assert!(json["white"].get("eval").is_none());
    assert!(json["black"].get("eval").is_none());
    let converted = json_lines(&stdout(&["convert", "--to", "json", double, "518"]));
    assert!(converted[0]["white"].get("eval").is_none());
    assert_eq!(converted[1]["eval"]["cp"], Position::STANDARD.eval().cp());
}

#[test]
fn table_ends_with_the_eval_columns_and_sorts_by_them() {
    let tsv = stdout(&["table"]);
    let header: Vec<&str> = tsv.lines().next().unwrap().split('\t').collect();
    assert_eq!(header[10..], ["eval_cp", "eval_best"]);
    for (position, line) in Position::all().zip(tsv.lines().skip(1)) {
        let row: Vec<&str> = line.split('\t').collect();
        assert_eq!(row[10].parse::<i16>().unwrap(), position.eval().cp());
        assert_eq!(row[11], position.eval().best().to_string());
    }
    let sorted = stdout(&["table", "--sort", "eval"]);
    let rows: Vec<Vec<&str>> = sorted
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), 960);
    let keys: Vec<(i16, u16)> = rows
        .iter()
        .map(|row| (row[10].parse().unwrap(), row[0].parse().unwrap()))
        .collect();
    assert!(
        keys.windows(2).all(|pair| pair[0] < pair[1]),
        "by cp, then id"
    );
    let mut ids: Vec<u16> = keys.iter().map(|&(_, id)| id).collect();
    ids.sort_unstable();
    assert_eq!(ids, (0..960).collect::<Vec<u16>>());
    // The same order in every format; the ids order is the default.
    let json = json_lines(&stdout(&["table", "--sort", "eval", "--format", "jsonl"]));
    assert!(
        json.iter()
            .zip(&keys)
            .all(|(row, &(cp, id))| row["id"] == id && row["eval"]["cp"] == cp)
    );
    assert_eq!(stdout(&["table", "--sort", "id"]), tsv);
    assert!(failure(&["table", "--sort", "cp"]).contains("eval"));
}

#[test]
fn book_start_takes_an_eval_range() {
    for (range, low, high) in [
        ("eval:-15..15", -15, 15),
        ("eval:60..120", 60, 120),
        ("eval:..20", i16::MIN, 20),
    ] {
        let book = stdout(&["book", "--start", range]);
        let expected: Vec<String> = between(low, high)
            .into_iter()
            .map(|p| p.fen(FenStyle::XFen).to_string())
            .collect();
        assert_eq!(book.lines().collect::<Vec<_>>(), expected, "{range}");
        assert!(book.is_empty() || book.ends_with('\n'));
    }
    let error = failure(&["book", "--start", "eval:20..-20"]);
    assert!(error.contains("eval:20..-20 runs backwards"), "{error}");
}

#[test]
fn random_exclude_and_games_start_take_an_eval_range() {
    let allowed: PositionSet = between(-20, 49).into_iter().collect();
    let drawn = stdout(&[
        "random",
        "-n",
        "200",
        "--seed",
        "eval",
        "--exclude",
        "eval:50..,eval:..-21",
    ]);
    for line in drawn.lines() {
        let id: u16 = line.split(' ').next().unwrap().parse().unwrap();
        assert!(allowed.contains(Position::from_id(id).unwrap()), "{line}");
    }
    let error = failure(&["random", "--exclude", "eval:50"]);
    assert!(
        error.contains("--exclude eval:50: eval:MIN..MAX needs `..`"),
        "{error}"
    );
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/engine_match.pgn"
    );
    // Up to the median evaluation: about half the starts, never none.
    let mut cps: Vec<i16> = Position::all().map(|p| p.eval().cp()).collect();
    cps.sort_unstable();
    let median = cps[480];
    // `games` writes its summary on standard error.
    let by_range = run(&[
        "games",
        "--games",
        "--start",
        &format!("eval:..{median}"),
        fixture,
    ]);
    let set: PositionSet = between(i16::MIN, median).into_iter().collect();
    let by_ids = run(&["games", "--games", "--start", &set.to_string(), fixture]);
    assert!(by_range.status.success());
    assert_eq!(by_range, by_ids);
}
