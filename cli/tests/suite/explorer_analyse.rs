//! `chess960 explorer analyse` and `evals`: an engine that cannot be used
//! is one line and exit 2; a bad import line is named (exit 2); an export
//! imports back the same; `explorer query` shows the `eval` column; with
//! Stockfish (where installed), a run, then a second that finds nothing.

use crate::common::{failure, run, stdout};
use std::path::{Path, PathBuf};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "chess960-cli-analyse-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A db of two games from start 518 (1. e4 e5, 1. e4 c5).
fn db(dir: &Path) -> String {
    let game = |id: &str, moves: &str| {
        format!(
            "[Site \"https://example.org/{id}\"]\n[Result \"1-0\"]\n[Variant \"Chess960\"]\n\
             [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[SetUp \"1\"]\n\n{moves} 1-0\n\n"
        )
    };
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, game("a1", "1. e4 e5") + &game("a2", "1. e4 c5")).unwrap();
    let db = dir.join("db");
    let output = run(&[
        "explorer",
        "index",
        pgn.to_str().unwrap(),
        "--db",
        db.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0));
    db.to_str().unwrap().to_owned()
}

#[test]
fn an_engine_that_cannot_be_used_is_one_line() {
    let dir = temp_dir("engine");
    let db = db(&dir);
    let with_engine = |engine: &str| {
        failure(&[
            "explorer",
            "analyse",
            "--db",
            &db,
            "--min-games",
            "1",
            "--engine",
            engine,
        ])
    };
    let error = with_engine("/bin/false");
    assert!(
        error.contains("/bin/false") && error.contains("uciok"),
        "{error}"
    );
    let missing = dir.join("no-such-engine");
    let error = with_engine(missing.to_str().unwrap());
    assert!(error.contains("cannot be started"), "{error}");
    let error = failure(&[
        "explorer", "analyse", "--db", &db, "--list", "--shard", "2/2",
    ]);
    assert!(error.contains("--shard"), "{error}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn imports_exports_and_the_eval_column() {
    let dir = temp_dir("import");
    let db = db(&dir);
    let file = dir.join("evals.jsonl");
    std::fs::write(
        &file,
        "{\"fen\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\",\"evals\":[{\"pvs\":[{\"cp\":-31,\"line\":\"c7c5 g1f3\"}],\"knodes\":5000,\"depth\":30}]}\n\
         {\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\",\"evals\":[{\"pvs\":[{\"mate\":7,\"line\":\"e2e5\"}],\"knodes\":1,\"depth\":1}]}\n",
    )
    .unwrap();
    let output = run(&[
        "explorer",
        "analyse",
        "--db",
        &db,
        "--import",
        file.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("line 2 skipped: no evaluation with a legal line"),
        "{stderr}"
    );
    assert!(
        stderr.contains("1 evaluation(s) stored, 1 line(s) skipped"),
        "{stderr}"
    );
    let table = stdout(&[
        "explorer",
        "query",
        "--db",
        &db,
        "--start",
        "518",
        "--top-games",
        "0",
        "--recent-games",
        "0",
    ]);
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].ends_with("\twinner\teval"), "{table}");
    assert!(
        lines[1].starts_with("total\t") && lines[1].ends_with('\t'),
        "{table}"
    );
    assert!(
        lines[2].starts_with("move\te2e4\t") && lines[2].ends_with("\t-0.31"),
        "{table}"
    );
    let exported = stdout(&["explorer", "evals", "--db", &db]);
    assert!(exported.starts_with("{\"fen\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha -\",\"evals\":[{\"pvs\":[{\"cp\":-31,\"line\":\"c7c5 g1f3\"}],\"knodes\":5000,\"depth\":30"), "{exported}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn stockfish_analyses_then_finds_nothing_left() {
    if !Path::new("/usr/games/stockfish").is_file() {
        eprintln!("skipped: /usr/games/stockfish is not installed (apt-get install stockfish)");
        return;
    }
    let dir = temp_dir("stockfish");
    let db = db(&dir);
    let args = [
        "explorer",
        "analyse",
        "--db",
        &db,
        "--min-games",
        "1",
        "--nodes",
        "5000",
        "--engines",
        "2",
    ];
    let output = run(&args);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("2 of 2 position(s) analysed, 0 skipped, engine time"),
        "{stderr}"
    );
    let output = run(&args);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("0 of 0 position(s) analysed"), "{stderr}");
    let json = stdout(&[
        "explorer", "query", "--db", &db, "--start", "518", "--format", "jsonl",
    ]);
    let answer: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(answer["eval"]["nodes"], 5000);
    assert!(
        answer["eval"]["engine"]
            .as_str()
            .unwrap()
            .starts_with("Stockfish")
    );
    assert!(answer["moves"][0]["eval"]["pvs"][0]["moves"].is_string());
    std::fs::remove_dir_all(&dir).ok();
}
