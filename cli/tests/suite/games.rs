//! `chess960 games` end to end: generated PGN, plain and compressed,
//! rows and statistics checked against values computed here.

#![expect(
    clippy::cast_precision_loss,
    reason = "the mean ratings compared here are sums of a few thousand"
)]

use crate::common::{BINARY, feed, run, run_with_input};
use std::io::Write as _;
use std::path::{Path, PathBuf};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A scratch directory of this test binary.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess960-games-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// BBQNNRKR (id 0), RNBQKBNR (id 518) and RKRNNQBB (id 959).
const STARTS: [(u16, &str); 3] = [(0, "BBQNNRKR"), (518, "RNBQKBNR"), (959, "RKRNNQBB")];

fn game(event: &str, id_rank: &str, result: &str, elos: (u32, u32), white: &str) -> String {
    let lower = id_rank.to_lowercase();
    format!(
        "[Event \"{event}\"]\r\n[Site \"https://example.org/x\"]\r\n[White \"{white}\"]\r\n[Black \"b\"]\r\n\
         [Result \"{result}\"]\r\n[WhiteElo \"{}\"]\r\n[BlackElo \"{}\"]\r\n[TimeControl \"180+0\"]\r\n\
         [Variant \"Chess960\"]\r\n[SetUp \"1\"]\r\n[FEN \"{lower}/pppppppp/8/8/8/8/PPPPPPPP/{id_rank} w KQkq - 0 1\"]\r\n\r\n\
         1. e4 {{ [%clk 0:03:00] [%eval 0.17] }} 1... e5 {{ [%clk 0:03:00] }} {result}\r\n\r\n",
        elos.0, elos.1
    )
}

/// 60 games over three starts with known results, and the tally made here.
fn sample() -> (String, Vec<(u16, [u64; 3], f64)>) {
    let mut pgn = String::new();
    let mut tally = Vec::new();
    for (index, (id, rank)) in STARTS.into_iter().enumerate() {
        let mut counts = [0u64; 3];
        let mut elo_sum = 0u64;
        for game_number in 0..20u32 {
            let which = (game_number as usize * (index + 2)) % 3;
            let result = ["1-0", "1/2-1/2", "0-1"][which];
            counts[which] += 1;
            let elos = (1500 + game_number * 10, 1600 + game_number);
            elo_sum += u64::from(elos.0 + elos.1);
            let event = if game_number % 2 == 0 {
                "Rated Blitz"
            } else {
                "Titled Arena"
            };
            pgn.push_str(&game(event, rank, result, elos, "w"));
        }
        tally.push((id, counts, elo_sum as f64 / 40.0));
    }
    (pgn, tally)
}

#[test]
fn stats_per_start_are_the_tally_made_here() {
    let (pgn, tally) = sample();
    let output = run_with_input(&["games"], pgn.as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let mut lines = stdout.lines();
    assert_eq!(
        lines.next(),
        Some(
            "white_id\tblack_id\trank\tgames\twhite_wins\tdraws\tblack_wins\tunknown\tscore\tci_low\tci_high\tmean_elo"
        )
    );
    for ((id, [wins, draws, losses], mean), line) in tally.iter().zip(lines) {
        let cells: Vec<&str> = line.split('\t').collect();
        assert_eq!(cells[0], id.to_string());
        assert_eq!(cells[1], "");
        assert_eq!(
            &cells[3..8],
            [
                (wins + draws + losses).to_string(),
                wins.to_string(),
                draws.to_string(),
                losses.to_string(),
                "0".into()
            ]
        );
        let score = (*wins as f64 + *draws as f64 / 2.0) / 20.0;
        assert_eq!(cells[8], format!("{score:.4}"));
        assert_eq!(cells[11], format!("{mean:.1}"));
        let (low, high): (f64, f64) = (cells[9].parse().unwrap(), cells[10].parse().unwrap());
        assert!(low <= score && score <= high && low < high);
    }
    assert!(text(&output.stderr).contains("60 records read (60 chess960)"));
}

#[test]
fn filters_pick_games_by_event_rating_and_time_control() {
    let (pgn, _) = sample();
    let count = |args: &[&str]| {
        let mut all = vec!["games", "--games"];
        all.extend_from_slice(args);
        let output = run_with_input(&all, pgn.as_bytes());
        text(&output.stdout).lines().count() - 1
    };
    assert_eq!(count(&[]), 60);
    assert_eq!(count(&["--event", "titled"]), 30);
    assert_eq!(count(&["--variant", "960"]), 60);
    assert_eq!(count(&["--variant", "atomic"]), 0);
    // White's ratings are 1500..1690, Black's 1600..1619.
    assert_eq!(count(&["--min-elo", "1600"]), 3 * 10);
    assert_eq!(count(&["--max-elo", "1540"]), 0);
    assert_eq!(count(&["--time-control", "180+0"]), 60);
    assert_eq!(count(&["--time-control", "180"]), 0);
}

#[test]
fn rows_per_game_in_three_formats() {
    let pgn = format!(
        "\u{FEFF}{}{}",
        game(
            "A, \\\"quoted\\\"",
            "BBQNNRKR",
            "1-0",
            (1, 2),
            "Smith, \\\"Bob\\\""
        ),
        "[Event \"double\"]\n[Result \"0-1\"]\n[FEN \"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQca - 0 1\"]\n\n*\n"
    );
    let tsv = run_with_input(&["games", "--games"], pgn.as_bytes());
    let rows: Vec<Vec<String>> = text(&tsv.stdout)
        .lines()
        .map(|line| line.split('\t').map(str::to_owned).collect())
        .collect();
    assert_eq!(
        rows[0][..6],
        ["file", "number", "offset", "kind", "white_id", "black_id"]
    );
    assert_eq!(
        rows[1][..8],
        ["-", "1", "3", "chess960", "0", "", "1-0", "Smith, \"Bob\""]
    );
    assert_eq!(
        rows[2][..7],
        [
            "-",
            "2",
            &(3 + game(
                "A, \\\"quoted\\\"",
                "BBQNNRKR",
                "1-0",
                (1, 2),
                "Smith, \\\"Bob\\\""
            )
            .len())
            .to_string(),
            "double-chess960",
            "518",
            "959",
            "0-1"
        ]
    );
    let csv = run_with_input(&["games", "--games", "--format", "csv"], pgn.as_bytes());
    assert!(text(&csv.stdout).contains(",\"Smith, \"\"Bob\"\"\",b,1,2,,\"A, \"\"quoted\"\"\","));
    let jsonl = run_with_input(&["games", "--games", "--format", "jsonl"], pgn.as_bytes());
    let first: serde_json::Value =
        serde_json::from_str(text(&jsonl.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["white"], "Smith, \"Bob\"");
    assert_eq!(first["white_id"], 0);
    assert_eq!(first["black_id"], serde_json::Value::Null);
    assert_eq!(first["white_elo"], 1);
}

fn compress(kind: &str, bytes: &[u8]) -> Vec<u8> {
    match kind {
        "zst" => zstd::encode_all(bytes, 3).unwrap(),
        "gz" => {
            let mut encoder =
                flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            encoder.write_all(bytes).unwrap();
            encoder.finish().unwrap()
        }
        "bz2" => {
            let mut encoder = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            encoder.write_all(bytes).unwrap();
            encoder.finish().unwrap()
        }
        "xz" => {
            let mut encoder = liblzma::write::XzEncoder::new(Vec::new(), 1);
            encoder.write_all(bytes).unwrap();
            encoder.finish().unwrap()
        }
        _ => bytes.to_vec(),
    }
}

#[test]
fn compressed_inputs_are_told_by_content_and_read_on_all_cores() {
    let (pgn, _) = sample();
    let dir = scratch("compressed");
    let plain = run_with_input(&["games"], pgn.as_bytes());
    let mut paths = Vec::new();
    for kind in ["pgn", "zst", "gz", "bz2", "xz"] {
        // Misleading names: the content decides.
        let path = dir.join(format!("games-{kind}.txt"));
        std::fs::write(&path, compress(kind, pgn.as_bytes())).unwrap();
        let output = run(&["games", path.to_str().unwrap()]);
        assert!(output.status.success(), "{kind}: {}", text(&output.stderr));
        assert_eq!(output.stdout, plain.stdout, "{kind}");
        paths.push(path);
    }
    // Five files at once: every count five times.
    let mut args = vec!["games".to_owned()];
    args.extend(paths.iter().map(|p| p.to_str().unwrap().to_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run(&args);
    assert!(output.status.success());
    let line = text(&output.stdout).lines().nth(1).unwrap().to_owned();
    let cells: Vec<&str> = line.split('\t').collect();
    assert_eq!(cells[3], "100");
    assert!(text(&output.stderr).contains("300 records read"));
}

#[test]
fn a_truncated_zstd_file_is_a_reported_skip_and_exit_status_2() {
    // Several zstd blocks of 128 KiB, so that some decode before the cut:
    // games that differ (names from a linear congruential sequence).
    let mut seed = 1u64;
    let pgn: String = (0..3000)
        .map(|_| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            game("e", "RKRNNQBB", "1-0", (1, 1), &format!("{seed:x}"))
        })
        .collect();
    let dir = scratch("truncated");
    let whole = compress("zst", pgn.as_bytes());
    let path = dir.join("cut.pgn.zst");
    std::fs::write(&path, &whole[..whole.len() / 2]).unwrap();
    let output = run(&["games", "--games", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("skipped"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // Rows up to the cut were written.
    assert!(text(&output.stdout).lines().count() > 1);
}

#[test]
fn bad_records_are_listed_with_number_and_offset() {
    let good = game("ok", "RKRNNQBB", "1-0", (1, 1), "w");
    let bad = "[Event \"no quote]\n\n1. e4 *\n\n";
    let garbage = "\u{1}\u{2}garbage\n\n";
    let pgn = format!("{good}{bad}{garbage}{good}");
    let output = run_with_input(&["games"], pgn.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(&format!("game 2 at byte {}", good.len())),
        "{stderr}"
    );
    assert!(
        stderr.contains("closing") || stderr.contains("ends with '\"'"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("game 3 at byte {}", good.len() + bad.len())),
        "{stderr}"
    );
    assert!(
        stderr.contains("4 records read (2 chess960, 2 unreadable)"),
        "{stderr}"
    );
    // Nothing of a progress bar when standard error is not a terminal.
    assert!(!stderr.contains('\r'));
}

#[test]
fn a_missing_file_is_a_skip_not_a_crash() {
    let output = run(&["games", "/nonexistent/games.pgn"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("cannot open it"));
}

#[test]
fn the_plot_is_an_svg_with_a_point_per_start() {
    let (pgn, _) = sample();
    let dir = scratch("plot");
    let path: &Path = &dir.join("plot.svg");
    let output = run_with_input(&["games", "--plot", path.to_str().unwrap()], pgn.as_bytes());
    assert!(output.status.success());
    let svg = std::fs::read_to_string(path).unwrap();
    assert!(svg.starts_with("<svg"));
    assert_eq!(svg.matches("<circle").count(), 3);
    assert!(svg.trim_end().ends_with("</svg>"));
}

/// The outputs recorded from the command before its archive engine moved
/// into `chess960-archive` (commit c2be94e): standard output, standard
/// error and exit status of `chess960 games` on the fixtures, on one
/// thread and on two in small parts, are still those bytes
/// (`tests/fixtures/golden/`, each file its arguments, then the rest).
#[test]
fn outputs_are_the_recorded_ones() {
    let mut checked = 0;
    for entry in std::fs::read_dir("tests/fixtures/golden").unwrap() {
        let path = entry.unwrap().path();
        let recorded = std::fs::read(&path).unwrap();
        let first = recorded.iter().position(|&byte| byte == b'\n').unwrap();
        let line = std::str::from_utf8(&recorded[..first]).unwrap();
        let args: Vec<&str> = line.strip_prefix("args: ").unwrap().split(' ').collect();
        for (threads, part) in [("1", "0"), ("2", "100"), ("3", "4096")] {
            let mut command = std::process::Command::new(BINARY);
            command
                .arg("games")
                .args(&args)
                .env("NO_COLOR", "1")
                .env("CHESS960_GAMES_THREADS", threads);
            if part != "0" {
                command.env("CHESS960_GAMES_PART", part);
            }
            let output = feed(&mut command, b"");
            let mut now = format!(
                "{line}\nexit: {}\n--- stdout\n",
                output.status.code().unwrap()
            )
            .into_bytes();
            now.extend_from_slice(&output.stdout);
            now.extend_from_slice(b"--- stderr\n");
            now.extend_from_slice(&output.stderr);
            assert!(
                now == recorded,
                "{} on {threads} thread(s):\n{}",
                path.display(),
                String::from_utf8_lossy(&now)
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 24);
}
