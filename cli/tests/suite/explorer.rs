//! `chess960 explorer index`, `query` and `merge`: the table and JSON of a
//! position, games counted once, dbs merged and indexed in two runs
//! answering as one, a killed indexer rerun, faults named in one line.

use crate::common::{BINARY, failure, run, stdout};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "chess960-cli-explorer-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A lichess-shaped Chess960 game from start 518 with `moves` (SAN).
fn game(id: &str, result: &str, white_elo: u32, black_elo: u32, moves: &str) -> String {
    format!(
        "[Event \"Rated Chess960 game\"]\n[Site \"https://example.org/{id}\"]\n[White \"w{id}\"]\n[Black \"b{id}\"]\n\
         [Result \"{result}\"]\n[UTCDate \"2026.10.0{day}\"]\n[UTCTime \"12:00:00\"]\n[WhiteElo \"{white_elo}\"]\n\
         [BlackElo \"{black_elo}\"]\n[TimeControl \"180+2\"]\n[Variant \"Chess960\"]\n\
         [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[SetUp \"1\"]\n\n{moves} {result}\n\n",
        day = id.len() % 9 + 1
    )
}

fn three_games() -> String {
    // The first two transpose: 1. e4 e5 2. Nf3 and 1. Nf3 e5 2. e4.
    game("aaaa0001", "1-0", 1500, 1700, "1. e4 e5 2. Nf3 Nc6")
        + &game("aaaa0002", "0-1", 1900, 2100, "1. Nf3 e5 2. e4 Nf6")
        + &game("aaaa0003", "1/2-1/2", 1200, 1200, "1. d4 d5")
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

/// Indexes files into a db; gives standard error.
fn index(files: &[&str], db: &Path) -> String {
    let mut args = vec!["explorer", "index"];
    args.extend_from_slice(files);
    args.extend_from_slice(&["--db", db.to_str().unwrap()]);
    let output = run(&args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stderr).unwrap()
}

fn query(db: &Path, extra: &[&str]) -> String {
    let mut args = vec!["explorer", "query", "--db", db.to_str().unwrap()];
    args.extend_from_slice(extra);
    stdout(&args)
}

#[test]
fn index_then_query_as_a_table() {
    let dir = temp_dir("table");
    let pgn = write(&dir, "games.pgn", &three_games());
    let db = dir.join("db");
    let summary = index(&[&pgn], &db);
    assert!(
        summary.contains("3 games indexed, 0 already in the db"),
        "{summary}"
    );
    let table = query(
        &db,
        &["--start", "518", "--top-games", "0", "--recent-games", "0"],
    );
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[0],
        "kind\tuci\tsan\tgames\twhite\tdraws\tblack\taverage_rating\tid\twhite_name\twhite_rating\tblack_name\tblack_rating\tspeed\tmonth\twinner\teval"
    );
    assert!(lines[1].starts_with("total\t\t\t3\t1\t1\t1\t"), "{table}");
    // Three moves, one game each, by UCI.
    assert!(
        lines[2].starts_with("move\td2d4\td4\t1\t0\t1\t0\t1200\t"),
        "{table}"
    );
    assert!(
        lines[3].starts_with("move\te2e4\te4\t1\t1\t0\t0\t1500\t"),
        "{table}"
    );
    assert!(
        lines[4].starts_with("move\tg1f3\tNf3\t1\t0\t0\t1\t1900\t"),
        "{table}"
    );
    // After the transposition: both games, Black to move.
    let after = query(
        &db,
        &[
            "--start",
            "518",
            "--play",
            "e2e4,e7e5,g1f3",
            "--top-games",
            "2",
        ],
    );
    let lines: Vec<&str> = after.lines().collect();
    assert!(lines[1].starts_with("total\t\t\t2\t1\t0\t1\t"), "{after}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("move\tb8c6\tNc6\t1\t1\t0\t0\t1700\t")),
        "{after}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("move\tg8f6\tNf6\t1\t0\t0\t1\t2100\t")),
        "{after}"
    );
    let top: Vec<&&str> = lines.iter().filter(|l| l.starts_with("top\t")).collect();
    assert_eq!(top.len(), 2);
    assert!(top[0].starts_with("top\tg8f6\t"), "{after}");
    assert!(
        top[0].contains("\taaaa0002\twaaaa0002\t1900\tbaaaa0002\t2100\tblitz\t2026-10\tblack"),
        "{after}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn query_as_json_csv_and_with_filters() {
    let dir = temp_dir("json");
    let pgn = write(&dir, "games.pgn", &three_games());
    let db = dir.join("db");
    index(&[&pgn], &db);
    let json: serde_json::Value = serde_json::from_str(&query(
        &db,
        &["--start", "518", "--play", "e2e4", "--format", "jsonl"],
    ))
    .unwrap();
    assert_eq!(
        (
            json["white"].as_u64(),
            json["draws"].as_u64(),
            json["black"].as_u64()
        ),
        (Some(1), Some(0), Some(0))
    );
    assert_eq!(json["moves"][0]["uci"], "e7e5");
    assert_eq!(json["moves"][0]["san"], "e5");
    assert_eq!(json["moves"][0]["averageRating"], 1700);
    assert_eq!(json["moves"][0]["game"]["id"], "aaaa0001");
    // The filters: no rapid games.
    let rapid = query(&db, &["--start", "518", "--speeds", "rapid"]);
    assert!(
        rapid
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("total\t\t\t0\t0\t0\t0"),
        "{rapid}"
    );
    let csv = query(
        &db,
        &[
            "--start",
            "518",
            "--format",
            "csv",
            "--top-games",
            "0",
            "--recent-games",
            "0",
        ],
    );
    assert!(
        csv.lines().nth(1).unwrap().starts_with("total,,,3,1,1,1,"),
        "{csv}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn games_already_in_the_db_are_not_counted_again() {
    let dir = temp_dir("again");
    let pgn = write(&dir, "games.pgn", &three_games());
    let db = dir.join("db");
    index(&[&pgn], &db);
    let before = query(&db, &["--start", "518"]);
    let summary = index(&[&pgn], &db);
    assert!(
        summary.contains("0 games indexed, 3 already in the db"),
        "{summary}"
    );
    assert_eq!(query(&db, &["--start", "518"]), before);
    std::fs::remove_dir_all(&dir).ok();
}

/// Many games, for the runs that must agree.
fn many_games(count: usize, first: usize) -> String {
    let lines = [
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5",
        "1. Nf3 e5 2. e4 Nc6 3. Bb5 a6",
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6",
        "1. c4 e5 2. Nc3 Nf6 3. g3 d5",
        "1. e4 c5 2. Nf3 d6 3. d4 cxd4",
    ];
    let mut text = String::new();
    for n in first..first + count {
        let result = ["1-0", "0-1", "1/2-1/2"][n % 3];
        let _ = write!(
            text,
            "{}",
            game(
                &format!("g{n:07}"),
                result,
                1000 + u32::try_from(n % 1500).unwrap(),
                1400,
                lines[n % lines.len()]
            )
        );
    }
    text
}

#[test]
fn two_runs_and_a_merge_answer_as_one_run() {
    let dir = temp_dir("merge");
    let a = write(&dir, "a.pgn", &many_games(40, 0));
    let b = write(&dir, "b.pgn", &many_games(30, 40));
    index(&[&a, &b], &dir.join("one"));
    index(&[&a], &dir.join("two"));
    index(&[&b], &dir.join("two"));
    index(&[&a], &dir.join("a"));
    index(&[&b], &dir.join("b"));
    let output = run(&[
        "explorer",
        "merge",
        dir.join("a").to_str().unwrap(),
        dir.join("b").to_str().unwrap(),
        "--into",
        dir.join("merged").to_str().unwrap(),
    ]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for play in ["", "e2e4", "e2e4,e7e5", "g1f3,e7e5,e2e4", "d2d4,d7d5,c2c4"] {
        let args = ["--start", "518", "--play", play, "--format", "jsonl"];
        let one = query(&dir.join("one"), &args);
        assert_eq!(query(&dir.join("two"), &args), one, "{play}");
        assert_eq!(query(&dir.join("merged"), &args), one, "{play}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_indexer_killed_midway_is_completed_by_a_rerun() {
    let dir = temp_dir("kill");
    let pgn = write(&dir, "games.pgn", &many_games(3000, 0));
    let db = dir.join("db");
    let mut child = Command::new(BINARY)
        .args(["explorer", "index", &pgn, "--db", db.to_str().unwrap()])
        .env("CHESS960_EXPLORER_BATCH", "25")
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(400));
    child.kill().unwrap();
    child.wait().unwrap();
    // The db opens and answers (whatever batches it holds), then a rerun
    // completes it.
    if db.join("explorer.redb").exists() {
        let output = run(&[
            "explorer",
            "query",
            "--db",
            db.to_str().unwrap(),
            "--start",
            "518",
        ]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            output.status.code() == Some(0) || stderr.contains("no explorer db"),
            "{stderr}"
        );
    }
    index(&[&pgn], &db);
    index(&[&pgn], &dir.join("whole"));
    let args = ["--start", "518", "--play", "e2e4", "--format", "jsonl"];
    assert_eq!(query(&db, &args), query(&dir.join("whole"), &args));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn faults_are_one_line_naming_them() {
    let dir = temp_dir("faults");
    let pgn = write(&dir, "games.pgn", &three_games());
    let db = dir.join("db");
    index(&[&pgn], &db);
    let db = db.to_str().unwrap();
    assert_eq!(
        failure(&[
            "explorer",
            "query",
            "--db",
            db,
            "--start",
            "518",
            "--play",
            "e2e4,e7e4"
        ]),
        "chess960: play: ply 2: e7e4 is not a legal move\n"
    );
    let fen = failure(&[
        "explorer",
        "query",
        "--db",
        db,
        "--fen",
        "8/8/8/8/8/8/8/8 w - - 0 1",
    ]);
    assert!(fen.starts_with("chess960: fen: "), "{fen}");
    let speeds = failure(&["explorer", "query", "--db", db, "--speeds", "fast"]);
    assert!(
        speeds.starts_with("chess960: --speeds: \"fast\" is not a speed"),
        "{speeds}"
    );
    let missing = failure(&[
        "explorer",
        "query",
        "--db",
        dir.join("none").to_str().unwrap(),
        "--start",
        "1",
    ]);
    assert!(missing.contains("no explorer db there"), "{missing}");
    // serve: several dbs need names, unique and well formed; an engine
    // that is none is named.
    for (args, says) in [
        (vec!["--db", db, "--db", db], "name each of several dbs"),
        (vec!["--db", &format!("a b={db}")], "is no db name"),
        (
            vec!["--db", &format!("x={db}"), "--db", &format!("x={db}")],
            "two dbs are named x",
        ),
        (
            vec!["--db", db, "--engine", "/nonexistent/engine"],
            "--engine /nonexistent/engine: cannot be started",
        ),
    ] {
        let mut all = vec!["explorer", "serve", "--bind", "127.0.0.1:0"];
        all.extend(args.iter().copied());
        let said = failure(&all);
        assert!(said.contains(says), "{all:?}: {said}");
    }
    let plies = run(&["explorer", "index", &pgn, "--db", db, "--plies", "9"]);
    assert_eq!(plies.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&plies.stderr).contains("the db indexes 50 plies a game, not 9")
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_zst_cut_short_adds_the_games_before_the_cut_and_names_the_byte() {
    let dir = temp_dir("cut");
    let compressed = zstd::encode_all(many_games(3000, 0).as_bytes(), 3).unwrap();
    let path = dir.join("games.pgn.zst");
    std::fs::write(&path, &compressed[..compressed.len() * 2 / 3]).unwrap();
    let db = dir.join("db");
    let output = run(&[
        "explorer",
        "index",
        path.to_str().unwrap(),
        "--db",
        db.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains(&format!(
            "skipped {}: input: reading stopped at byte",
            path.display()
        )),
        "{stderr}"
    );
    let total = query(&db, &["--start", "518", "--format", "jsonl"]);
    let json: serde_json::Value = serde_json::from_str(&total).unwrap();
    let games = json["white"].as_u64().unwrap()
        + json["draws"].as_u64().unwrap()
        + json["black"].as_u64().unwrap();
    assert!(games > 50 && games < 3000, "{games}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Names that hold a comma, a quote or a tab come out as each format
/// wants them: tsv turns a tab into a space and leaves the rest; csv
/// quotes the cell and doubles its quotes (RFC 4180); ratings and months
/// of every width are written whole.
#[test]
fn games_with_names_to_escape() {
    let dir = temp_dir("escape");
    let pgn = game("aaaa0001", "1-0", 1500, 1700, "1. e4 e5")
        .replace("[White \"waaaa0001\"]", "[White \"Doe, \\\"Jo\\\"\tJr\"]")
        .replace("[WhiteElo \"1500\"]", "[WhiteElo \"800\"]")
        .replace("[BlackElo \"1700\"]", "[BlackElo \"10250\"]")
        .replace("2026.10.09", "0999.03.01");
    let file = write(&dir, "names.pgn", &pgn);
    let db = dir.join("db");
    index(&[&file], &db);
    let games = |format: &str| {
        stdout(&[
            "explorer",
            "games",
            "--db",
            db.to_str().unwrap(),
            "--start",
            "518",
            "--format",
            format,
        ])
    };
    for (format, row) in [
        (
            "tsv",
            "game\t\taaaa0001\tDoe, \"Jo\" Jr\t800\tbaaaa0001\t10250\t1-0\tblitz\t0999-03\te2e4\te4",
        ),
        (
            "csv",
            "game,,aaaa0001,\"Doe, \"\"Jo\"\"\tJr\",800,baaaa0001,10250,1-0,blitz,0999-03,e2e4,e4",
        ),
    ] {
        let table = games(format);
        assert_eq!(table.lines().nth(2), Some(row), "{table}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `explorer games` lists a position's games (the two that transpose
/// into it), the newest first, the count first, in every format;
/// `explorer game` writes one as PGN, and an unknown id is one line.
#[test]
fn games_of_a_position_and_a_game_as_pgn() {
    let dir = temp_dir("games");
    let file = write(&dir, "three.pgn", &three_games());
    let db = dir.join("db");
    index(&[&file], &db);
    let db_arg = db.to_str().unwrap();
    let games = |extra: &[&str]| {
        let mut args = vec!["explorer", "games", "--db", db_arg, "--start", "518"];
        args.extend_from_slice(extra);
        stdout(&args)
    };
    let table = games(&["--play", "e2e4,e7e5,g1f3"]);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[0].split('\t').collect::<Vec<_>>()[..3],
        ["kind", "games", "id"]
    );
    assert!(lines[1].starts_with("total\t2\t"), "{table}");
    // aaaa0001 and aaaa0002: 2026.10.09 both (ids of 8), so by id.
    assert!(
        lines[2].starts_with("game\t\taaaa0001\twaaaa0001\t1500\t"),
        "{table}"
    );
    assert!(lines[2].ends_with("\tb8c6\tNc6"), "{table}");
    assert!(
        lines[3].contains("\taaaa0002\t") && lines[3].ends_with("\tg8f6\tNf6"),
        "{table}"
    );
    let csv = games(&[
        "--play",
        "e2e4,e7e5,g1f3",
        "--format",
        "csv",
        "--limit",
        "1",
        "--offset",
        "1",
    ]);
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(
        csv.lines().nth(2).unwrap().starts_with("game,,aaaa0002,"),
        "{csv}"
    );
    let jsonl = games(&["--result", "1/2-1/2", "--format", "jsonl"]);
    assert_eq!(jsonl.lines().next(), Some("{\"total\":1}"));
    assert!(jsonl.contains("\"id\":\"aaaa0003\""), "{jsonl}");
    let pgn = games(&[
        "--player",
        "Waaaa0002",
        "--color",
        "white",
        "--format",
        "pgn",
    ]);
    assert!(pgn.starts_with("% 1 games\n"), "{pgn}");
    assert!(pgn.contains("1. Nf3 e5 2. e4 Nf6 0-1"), "{pgn}");
    let one = stdout(&["explorer", "game", "--db", db_arg, "aaaa0001"]);
    assert!(
        one.starts_with(
            "[Event \"Rated Chess960 game\"]\n[Site \"https://example.org/aaaa0001\"]\n"
        ),
        "{one}"
    );
    assert!(one.ends_with("\n\n1. e4 e5 2. Nf3 Nc6 1-0\n"), "{one}");
    let json = stdout(&["explorer", "game", "--db", db_arg, "aaaa0003", "--json"]);
    assert!(json.contains("{\"uci\":\"d2d4\",\"san\":\"d4\"}"), "{json}");
    let error = failure(&["explorer", "game", "--db", db_arg, "nosuch"]);
    assert!(error.contains("no game of id \"nosuch\""), "{error}");
    let error = failure(&["explorer", "games", "--db", db_arg, "--result", "2-0"]);
    assert!(error.contains("--result"), "{error}");
    let error = failure(&["explorer", "games", "--db", db_arg, "--color", "white"]);
    assert!(error.contains("color"), "{error}");
    std::fs::remove_dir_all(&dir).ok();
}
