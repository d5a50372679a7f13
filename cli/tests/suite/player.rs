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
        "white_id\tblack_id\trank\tgames\twhite_games\twins\tdraws\tlosses\tunknown\tscore\telo\telo_margin\tlos\tdraw_ratio\twhite_score\tblack_score"
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
        stdout.ends_with("\t\ttotal\t0\t0\t0\t0\t0\t0\t\t\t\t\t\t\t\n"),
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
