//! `chess960 games --player`: the rows per start and the total against
//! python-chess's (`tests/fixtures/player_reference.tsv`, over an engine
//! match Stockfish played), in every format, with the filters, the plot
//! and bad names.

use crate::common::{failure, json_lines, run, run_with_input};
use std::fmt::Write as _;
use std::path::PathBuf;

const MATCH: &str = include_str!("../fixtures/engine_match.pgn");
const REFERENCE: &str = include_str!("../fixtures/player_reference.tsv");

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess960-player-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// python-chess's rows for one player of the engine match: the cells
/// after the case, file and names columns.
fn reference(names: &str) -> Vec<Vec<&'static str>> {
    REFERENCE
        .lines()
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .filter(|cells| cells[0] == "player" && cells[1] == "engine_match.pgn" && cells[2] == names)
        .map(|cells| cells[3..].to_vec())
        .collect()
}

/// Our cell printed with `places` decimals is python-chess's value rounded.
fn agrees(ours: &str, theirs: &str, places: i32) -> bool {
    if theirs.is_empty() || ours.is_empty() {
        return ours == theirs;
    }
    let (ours, theirs): (f64, f64) = (ours.parse().unwrap(), theirs.parse().unwrap());
    (ours - theirs).abs() <= 0.5 * 10f64.powi(-places) + 1e-9
}

/// Checks a TSV output of `--player` against python-chess's rows.
fn check_tsv(stdout: &str, names: &str) {
    let mut lines = stdout.lines();
    assert_eq!(
        lines.next().unwrap(),
        "white_id\tblack_id\trank\tgames\twhite_games\twins\tdraws\tlosses\tunknown\tscore\telo\telo_margin\tlos\tdraw_ratio\twhite_score\tblack_score\t\
         pairs\tunpaired\tptnml_ll\tptnml_ld\tptnml_wl_dd\tptnml_wd\tptnml_ww\tpenta_elo\tpenta_elo_margin\tnelo\tnelo_margin\tpenta_los\tllr\tllr_lower\tllr_upper\tsprt"
    );
    let expected = reference(names);
    let rows: Vec<Vec<&str>> = lines.map(|line| line.split('\t').collect()).collect();
    assert_eq!(rows.len(), expected.len());
    for (ours, theirs) in rows.iter().zip(&expected) {
        // id, black_id (the reference's total row says "total" in id).
        if theirs[0] == "total" {
            assert_eq!(&ours[..3], ["", "", "total"]);
        } else {
            assert_eq!(&ours[..2], &theirs[..2]);
        }
        // games, white_games, wins, draws, losses, unknown.
        assert_eq!(&ours[3..9], &theirs[2..8], "{ours:?}");
        // score, elo, margin, los, draw ratio, white and black scores.
        for (index, places) in [4, 2, 2, 4, 4, 4, 4].into_iter().enumerate() {
            assert!(
                agrees(ours[9 + index], theirs[8 + index], places),
                "{ours:?} column {}: {} against {}",
                9 + index,
                ours[9 + index],
                theirs[8 + index]
            );
        }
    }
}

#[test]
fn each_engine_s_rows_are_python_chess_s() {
    for (arg, names) in [
        ("sf-nodes-3000", "SF-nodes-3000"),
        ("SF-Nodes-2000", "sf-nodes-2000"),
    ] {
        let output = run_with_input(&["games", "--player", arg], MATCH.as_bytes());
        assert!(output.status.success(), "{}", text(&output.stderr));
        check_tsv(&text(&output.stdout), names);
    }
}

#[test]
fn the_summary_reads_as_a_match_result() {
    let output = run_with_input(&["games", "--player", "SF-nodes-3000"], MATCH.as_bytes());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(
            "player SF-nodes-3000: 44 games at Chess960 starts (22 as White): +24 =15 -5; \
             score 0.7159, Elo 160.56 +/- 89.79, LOS 99.98 %, draw ratio 34.09 %\n"
        ),
        "{stderr}"
    );
    // Both engines' names: every game is a self-game.
    let output = run_with_input(
        &[
            "games",
            "--player",
            "SF-nodes-3000",
            "--player",
            "SF-nodes-2000",
        ],
        MATCH.as_bytes(),
    );
    assert!(output.status.success());
    assert!(text(&output.stderr).contains("not counted: 44 self-game(s)"));
    let stdout = text(&output.stdout);
    assert_eq!(stdout.lines().count(), 2, "header and an empty total");
    assert!(
        stdout.ends_with(
            "\t\ttotal\t0\t0\t0\t0\t0\t0\t\t\t\t\t\t\t\t0\t0\t0\t0\t0\t0\t0\t\t\t\t\t\t\t\t\t\n"
        ),
        "{stdout:?}"
    );
}

#[test]
fn csv_and_json_lines_carry_the_same_rows() {
    let tsv =
        text(&run_with_input(&["games", "--player", "SF-nodes-3000"], MATCH.as_bytes()).stdout);
    let csv = text(
        &run_with_input(
            &["games", "--player", "SF-nodes-3000", "--format", "csv"],
            MATCH.as_bytes(),
        )
        .stdout,
    );
    // No value holds a comma or a quote: CSV is TSV with commas.
    assert_eq!(csv, tsv.replace('\t', ","));
    let jsonl = text(
        &run_with_input(
            &["games", "--player", "SF-nodes-3000", "--format", "jsonl"],
            MATCH.as_bytes(),
        )
        .stdout,
    );
    let values = json_lines(&jsonl);
    assert_eq!(values.len(), tsv.lines().count() - 1);
    let double = &values[5];
    assert_eq!(
        (double["white_id"].as_u64(), double["black_id"].as_u64()),
        (Some(357), Some(623))
    );
    assert_eq!(double["rank"], "NRBBKRQN/RNQKRNBB");
    let total = values.last().unwrap();
    assert!(total["white_id"].is_null() && total["black_id"].is_null());
    assert_eq!(total["rank"], "total");
    assert_eq!(total["games"], 44);
    assert_eq!(total["elo"].as_f64(), Some(160.56));
    assert_eq!(total["elo_margin"].as_f64(), Some(89.79));
    let perfect = &values[0];
    assert_eq!(perfect["score"].as_f64(), Some(1.0));
    assert!(perfect["elo"].is_null() && perfect["elo_margin"].is_null());
}

/// A small archive made here: Ada plays as White and Black, under two
/// accounts, against herself once, plus games of others.
fn archive() -> String {
    let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
    let games = [
        ("Ada", "Bob", "1-0", "Titled Arena", 2100),
        ("Bob", "ada", "1-0", "Titled Arena", 2100),
        ("ADA_2", "Zoë", "1/2-1/2", "Rated Blitz", 1900),
        ("Zoë", "Ada", "0-1", "Rated Blitz", 2200),
        ("Ada", "Ada_2", "1-0", "Rated Blitz", 2000),
        ("Bob", "Zoë", "1-0", "Titled Arena", 2100),
        ("Adam", "Bob", "0-1", "Titled Arena", 2100),
    ];
    let mut pgn = String::new();
    for (white, black, result, event, elo) in games {
        let _ = write!(
            pgn,
            "[Event \"{event}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\
             [WhiteElo \"{elo}\"]\n[BlackElo \"{elo}\"]\n[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n\n1. e4 {result}\n\n"
        );
    }
    pgn
}

#[test]
fn player_and_filters_combine() {
    let pgn = archive();
    let total = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["games", "--player", "ada", "--player", "ada_2"];
        all.extend_from_slice(args);
        let output = run_with_input(&all, pgn.as_bytes());
        assert!(output.status.success(), "{}", text(&output.stderr));
        let stdout = text(&output.stdout);
        let last = stdout.lines().last().unwrap();
        last.split('\t')
            .skip(3)
            .take(6)
            .map(str::to_owned)
            .collect()
    };
    // games, white_games, wins, draws, losses, unknown: the self-game is out.
    assert_eq!(total(&[]), ["4", "2", "2", "1", "1", "0"]);
    assert_eq!(
        total(&["--event", "titled"]),
        ["2", "1", "1", "0", "1", "0"]
    );
    assert_eq!(
        total(&["--min-elo", "2100"]),
        ["3", "1", "2", "0", "1", "0"]
    );
    assert_eq!(
        total(&["--max-elo", "1000"]),
        ["0", "0", "0", "0", "0", "0"]
    );
    // --games lists the player's games, the self-game too.
    let output = run_with_input(
        &["games", "--games", "--player", "ADA", "--player", "Ada_2"],
        pgn.as_bytes(),
    );
    let stdout = text(&output.stdout);
    let players: Vec<&str> = stdout
        .lines()
        .skip(1)
        .map(|line| line.split('\t').nth(7).unwrap())
        .collect();
    assert_eq!(players, ["Ada", "Bob", "ADA_2", "Zoë", "Ada"]);
    assert!(text(&output.stderr).contains("not counted: 1 self-game(s)"));
}

#[test]
fn the_plot_is_from_the_player_s_side() {
    let dir = scratch("plot");
    let path = dir.join("player.svg");
    let output = run_with_input(
        &[
            "games",
            "--player",
            "SF-nodes-2000",
            "--plot",
            path.to_str().unwrap(),
        ],
        MATCH.as_bytes(),
    );
    assert!(output.status.success());
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("SF-nodes-2000: score by Chess960 start position"));
    // 20 single starts (the two double starts are left out), each scored.
    assert_eq!(svg.matches("<circle").count(), 20);
    // The weaker engine's mean score over the 40 games from those starts
    // (+5 =14 -21: 12 / 40) is drawn dashed.
    assert!(svg.contains("mean score 0.300"), "{svg}");
    // A name that SVG must escape.
    let pgn = archive().replace("Ada", "A&lt;da");
    let output = run_with_input(
        &[
            "games",
            "--player",
            "a&lt;da",
            "--plot",
            path.to_str().unwrap(),
        ],
        pgn.as_bytes(),
    );
    assert!(output.status.success());
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("a&amp;lt;da: score"), "{svg}");
}

#[test]
fn a_blank_name_is_a_usage_error() {
    for name in ["", "   "] {
        let stderr = failure(&["games", "--player", name]);
        assert!(stderr.contains("--player needs a name"), "{stderr}");
    }
    let output = run(&["games", "--player"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn two_files_add_up() {
    let dir = scratch("files");
    let path = dir.join("match.pgn");
    std::fs::write(&path, MATCH).unwrap();
    let path = path.to_str().unwrap();
    let output = run(&["games", "--player", "SF-nodes-3000", path, path]);
    assert!(output.status.success());
    let stdout = text(&output.stdout);
    let total: Vec<&str> = stdout.lines().last().unwrap().split('\t').collect();
    assert_eq!(&total[3..9], ["88", "44", "48", "30", "10", "0"]);
    // The same score, more games: the same Elo, a narrower margin.
    assert_eq!(total[10], "160.56");
    assert!(total[11].parse::<f64>().unwrap() < 89.79 / 1.4);
}

const PAIRED: &str = include_str!("../fixtures/paired_match.pgn");

#[test]
fn a_paired_match_gives_fastchess_s_figures() {
    // paired_match.pgn: 11 pairs and one unpaired game, New against Base,
    // written by python-chess (start 518 without a FEN); its pentanomial
    // [1, 1, 6, 3, 0] counted by python-chess reading it back.
    let output = run_with_input(
        &[
            "games", "--player", "New", "--sprt", "0,5", "--format", "jsonl",
        ],
        PAIRED.as_bytes(),
    );
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let values = json_lines(&text(&output.stdout));
    let total = values.last().unwrap();
    assert_eq!(total["pairs"], 11);
    assert_eq!(total["unpaired"], 1);
    assert_eq!(total["pentanomial"], serde_json::json!([1, 1, 6, 3, 0]));
    for key in "penta_elo penta_elo_margin nelo nelo_margin penta_los llr".split(' ') {
        assert!(total[key].is_f64(), "{key}: {total}");
    }
    assert_eq!(total["llr_lower"].as_f64(), Some(-2.9444));
    assert_eq!(total["sprt"], "continue");
    // Start 518 holds two pairs: its row says so.
    let classical = values.iter().find(|row| row["white_id"] == 518).unwrap();
    assert_eq!(classical["pairs"], 2);
    assert!(
        stderr.contains("11 pairs, 1 unpaired; Ptnml(0-2): [1, 1, 6, 3, 0]; Elo: "),
        "{stderr}"
    );
    assert!(stderr.contains("; LLR: "), "{stderr}");
    assert!(
        stderr.contains(" (-2.94, 2.94) [0.00, 5.00]: continue\n"),
        "{stderr}"
    );
}

#[test]
fn pairs_are_found_within_each_file_and_in_parts_alike() {
    let dir = scratch("pairs");
    let (one, two) = (dir.join("one.pgn"), dir.join("two.pgn"));
    // The unpaired last game of one file never pairs with the next's first.
    let games: Vec<String> = PAIRED
        .split("[Event ")
        .skip(1)
        .map(|game| format!("[Event {game}"))
        .collect();
    assert_eq!(games.len(), 23);
    let (first, second) = games.split_at(games.len() / 2);
    std::fs::write(&one, first.concat()).unwrap();
    std::fs::write(&two, second.concat()).unwrap();
    let total = |args: &[&str], env: &[(&str, &str)]| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_chess960"));
        command
            .args(["games", "--player", "new", "--format", "jsonl"])
            .args(args);
        for (key, value) in env {
            command.env(key, value);
        }
        let output = command.output().unwrap();
        assert!(output.status.success(), "{}", text(&output.stderr));
        json_lines(&text(&output.stdout)).last().unwrap().clone()
    };
    let (one, two) = (one.to_str().unwrap(), two.to_str().unwrap());
    std::fs::write(dir.join("whole.pgn"), PAIRED).unwrap();
    let apart = total(&[one, two], &[]);
    assert_eq!(apart["games"], 23);
    assert_eq!(
        apart["pairs"].as_u64().unwrap() * 2 + apart["unpaired"].as_u64().unwrap(),
        23
    );
    // The split is between a pair's games (11 of 23): two more unpaired.
    assert_eq!(
        (apart["pairs"].as_u64(), apart["unpaired"].as_u64()),
        (Some(10), Some(3))
    );
    // One core or several, one file read in parts: the same pairs.
    for threads in ["1", "2", "3"] {
        let env = [
            ("CHESS960_GAMES_THREADS", threads),
            ("CHESS960_GAMES_PART", "1"),
        ];
        assert_eq!(total(&[one, two], &env), apart, "{threads} threads");
        let whole = total(&[&dir.join("whole.pgn").to_string_lossy()], &env);
        assert_eq!(
            (whole["pairs"].as_u64(), whole["unpaired"].as_u64()),
            (Some(11), Some(1))
        );
    }
}

#[test]
fn bad_sprt_settings_are_refused() {
    for (args, message) in [
        (&["--sprt", "5,0"][..], "5 is not below 0"),
        (
            &["--sprt", "0,nan"][..],
            "finite numbers, but this one is NaN",
        ),
        (
            &["--sprt", "0"][..],
            "--sprt takes ELO0,ELO1 (such as 0,5), not \"0\"",
        ),
        (
            &["--sprt", "0,5", "--alpha", "0"][..],
            "alpha is strictly between 0 and 1",
        ),
        (
            &["--sprt", "0,5", "--beta", "1.5"][..],
            "beta is strictly between 0 and 1",
        ),
        (
            &["--sprt", "0,5", "--alpha", "0.6", "--beta", "0.5"][..],
            "alpha + beta is below 1",
        ),
    ] {
        let mut all = vec!["games", "--player", "New"];
        all.extend_from_slice(args);
        let output = run_with_input(&all, PAIRED.as_bytes());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = text(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    // --sprt needs --player; -3,1 reads as bounds.
    assert!(
        !run_with_input(&["games", "--sprt", "0,5"], PAIRED.as_bytes())
            .status
            .success()
    );
    let output = run_with_input(
        &["games", "--player", "New", "--sprt", "-3,1"],
        PAIRED.as_bytes(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
}

/// One pair in each way a match writer spells a Chess960 start: cutechess-cli
/// (`fischerandom`, `SetUp` and the FEN), fastchess (`Chess960`, `SetUp`,
/// the FEN in Shredder style), a script that writes the FEN without `SetUp`,
/// and python-chess at the classical start (`Chess960`, no FEN): four
/// pairs, nothing unpaired, nothing skipped.
#[test]
fn every_writer_s_spelling_of_a_start_pairs() {
    let starts = [
        "[Variant \"fischerandom\"]\n[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n",
        "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w HFhf - 0 1\"]\n",
        "[Variant \"Chess960\"]\n[FEN \"bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w KQkq - 0 1\"]\n",
        "[Variant \"Chess960\"]\n",
    ];
    let mut pgn = String::new();
    for (index, start) in starts.iter().enumerate() {
        for (white, black, result) in [("New", "Base", "1-0"), ("Base", "New", "1/2-1/2")] {
            let _ = write!(
                pgn,
                "[Event \"match\"]\n[Round \"{index}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n{start}\n1. e4 e5 {result}\n\n"
            );
        }
    }
    let output = run_with_input(
        &["games", "--player", "New", "--format", "jsonl"],
        pgn.as_bytes(),
    );
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let values = json_lines(&text(&output.stdout));
    let ids: Vec<_> = values.iter().map(|row| row["white_id"].clone()).collect();
    assert_eq!(
        ids,
        serde_json::json!([0, 1, 2, 518, null])
            .as_array()
            .unwrap()
            .clone()
    );
    let total = values.last().unwrap();
    assert_eq!(
        (total["pairs"].clone(), total["unpaired"].clone()),
        (4.into(), 0.into())
    );
    // A win and a draw in each pair: 3/2 points, the WD bucket.
    assert_eq!(total["pentanomial"], serde_json::json!([0, 0, 0, 4, 0]));
    // The --games detail column says where 518 came from.
    let games = run_with_input(&["games", "--games"], pgn.as_bytes());
    let rows = text(&games.stdout);
    assert_eq!(
        rows.lines()
            .filter(|line| line.contains("python-chess"))
            .count(),
        2,
        "{rows}"
    );
}
