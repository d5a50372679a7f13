//! `chess960 games --games --moves` and `--openings N` against python-chess:
//! 200 games as lichess, chess.com, cutechess-cli, TCEC and python-chess
//! write them (`fixtures/moves/make.py`), replayed move for move as
//! python-chess replays them, on one to three threads and small parts; the
//! explorer's counts as counted from python-chess's moves; bad moves.

use crate::common::{json_lines, run, run_with_input};
use std::collections::BTreeSet;
use std::process::Command;

const WRITERS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/moves/writers.pgn"
);
const MOVES: &str = include_str!("../fixtures/moves/writers_moves.tsv");
const OPENINGS: &str = include_str!("../fixtures/moves/writers_openings.tsv");

/// The command's output with `CHESS960_GAMES_THREADS` and `..._PART` set.
fn on_threads(args: &[&str], threads: &str, part: &str) -> (Option<i32>, String, String) {
    on_threads_with_input(args, threads, part, b"")
}

/// [`on_threads`] with `input` on standard input.
fn on_threads_with_input(
    args: &[&str],
    threads: &str,
    part: &str,
    input: &[u8],
) -> (Option<i32>, String, String) {
    let output = crate::common::feed(
        Command::new(crate::common::BINARY)
            .args(args)
            .env("CHESS960_GAMES_THREADS", threads)
            .env("CHESS960_GAMES_PART", part),
        input,
    );
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn moves_equal_python_chess_replay_on_every_writer() {
    let expected: Vec<(String, String, String)> = MOVES
        .lines()
        .skip(1)
        .map(|line| {
            let mut cells = line.splitn(3, '\t');
            let mut next = || cells.next().unwrap_or("").to_owned();
            (next(), next(), next())
        })
        .collect();
    assert_eq!(expected.len(), 200);
    // The file (on all cores in parts), the same compressed and on standard
    // input (streams whose records go to all cores in parts).
    let text = std::fs::read(WRITERS).unwrap();
    let packed =
        std::env::temp_dir().join(format!("chess960-moves-{}.pgn.zst", std::process::id()));
    std::fs::write(&packed, zstd::encode_all(&text[..], 3).unwrap()).unwrap();
    let packed_name = packed.to_string_lossy().into_owned();
    let cases = [
        (WRITERS, ("1", "0")),
        (WRITERS, ("2", "4096")),
        (WRITERS, ("3", "65536")),
        (packed_name.as_str(), ("1", "0")),
        (packed_name.as_str(), ("2", "4096")),
        (packed_name.as_str(), ("3", "1000")),
        ("-", ("2", "999")),
    ];
    for (input, (threads, part)) in cases {
        let stdin: &[u8] = if input == "-" { &text } else { b"" };
        let args = ["games", input, "--games", "--moves"];
        let (code, out, err) = on_threads_with_input(&args, threads, part, stdin);
        assert_eq!(code, Some(0), "{err}");
        let mut lines = out.lines();
        let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
        assert_eq!(&header[16..], ["plies", "moves"]);
        let rows: Vec<(String, String, String)> = lines
            .map(|line| {
                let cells: Vec<&str> = line.split('\t').collect();
                (
                    cells[1].to_owned(),
                    cells[16].to_owned(),
                    cells[17].to_owned(),
                )
            })
            .collect();
        assert_eq!(rows, expected, "{input}: threads {threads}, part {part}");
    }
    let _ = std::fs::remove_file(&packed);
}

#[test]
fn moves_in_json_lines_are_arrays_and_every_other_output_is_unchanged() {
    let out = String::from_utf8(
        run(&["games", WRITERS, "--games", "--moves", "--format", "jsonl"]).stdout,
    )
    .unwrap();
    let rows = json_lines(&out);
    let first = MOVES.lines().nth(1).unwrap();
    let uci: Vec<&str> = first.split('\t').nth(2).unwrap().split(' ').collect();
    assert_eq!(rows[0]["moves"], serde_json::json!(uci));
    assert_eq!(rows[0]["plies"], serde_json::json!(uci.len()));
    // Without --moves, the rows are the ones of --games.
    let plain = String::from_utf8(run(&["games", WRITERS, "--games"]).stdout).unwrap();
    let with: Vec<String> =
        String::from_utf8(run(&["games", WRITERS, "--games", "--moves"]).stdout)
            .unwrap()
            .lines()
            .map(|line| line.split('\t').take(16).collect::<Vec<_>>().join("\t"))
            .collect();
    assert_eq!(plain.lines().collect::<Vec<_>>(), with);
}

#[test]
fn the_explorer_equals_a_count_of_python_chess_moves() {
    let expected: BTreeSet<String> = OPENINGS.lines().skip(1).map(str::to_owned).collect();
    for (threads, part) in [("1", "0"), ("2", "8192")] {
        let (code, out, err) = on_threads(&["games", WRITERS, "--openings", "4"], threads, part);
        assert_eq!(code, Some(0), "{err}");
        let mut lines = out.lines();
        assert_eq!(
            lines.next().unwrap(),
            "white_id\tblack_id\trank\tmoves\tsan\tgames\twhite_wins\tdraws\tblack_wins\tunknown\tscore\tmean_elo"
        );
        let rows: Vec<Vec<&str>> = lines.map(|line| line.split('\t').collect()).collect();
        let ours: BTreeSet<String> = rows
            .iter()
            .map(|c| [c[0], c[1], c[3], c[5], c[6], c[7], c[8]].join("\t"))
            .collect();
        assert_eq!(ours, expected);
        // By start, then by games, most first.
        let keys: Vec<(u16, u16, std::cmp::Reverse<u64>)> = rows
            .iter()
            .map(|c| {
                let white: u16 = c[0].parse().unwrap();
                (
                    white,
                    c[1].parse().unwrap_or(white),
                    std::cmp::Reverse(c[5].parse().unwrap()),
                )
            })
            .collect();
        assert!(keys.windows(2).all(|w| w[0] <= w[1]));
        // The SAN column has as many plies as the moves.
        assert!(
            rows.iter()
                .all(|c| c[3].split(' ').count() == c[4].split(' ').count())
        );
    }
}

#[test]
fn a_bad_move_is_a_skip_that_names_the_game_the_byte_the_ply_and_the_move() {
    let good = "[Event \"a\"]\n[Result \"1-0\"]\n[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n1. e4 e5 2. d4 1-0\n\n";
    let bad = "[Event \"b\"]\n[Result \"1-0\"]\n[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n1. e4 e5 2. Kh8 1-0\n\n";
    let atomic = "[Event \"c\"]\n[Variant \"Atomic\"]\n\n1. e4 e5 2. Qh5 1-0\n\n";
    let input = format!("{good}{bad}{atomic}");
    let output = run_with_input(&["games", "--games", "--moves"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    let offset = good.len();
    assert!(
        stderr.contains(&format!(
            "skipped -: game 2 at byte {offset}: ply 3: Kh8 is not a legal move"
        )),
        "{stderr}"
    );
    let out = String::from_utf8(output.stdout).unwrap();
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(1)
        .map(|line| line.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), 3);
    assert_eq!((rows[0][16], rows[0][17]), ("3", "e2e4 e7e5 d2d4"));
    assert_eq!((rows[1][16], rows[1][17]), ("", ""));
    assert_eq!(
        (rows[2][3], rows[2][16], rows[2][17]),
        ("other-variant", "", "")
    );
    // The explorer reads the first two plies only: the bad third is not read.
    let output = run_with_input(&["games", "--openings", "2"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(
        out.contains("0\t\tBBQNNRKR\te2e4 e7e5\te4 e5\t2\t2\t0\t0\t0\t1.0000\t"),
        "{out}"
    );
    // --openings takes 1 or more plies, and no per-game options.
    assert_eq!(run(&["games", "--openings", "0"]).status.code(), Some(2));
    assert_eq!(
        run(&["games", "--openings", "2", "--moves"]).status.code(),
        Some(2)
    );
    // --moves implies --games, and goes with --columns and Parquet.
    let output = run_with_input(
        &["games", "--moves", "--columns", "number,white_id"],
        good.as_bytes(),
    );
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "number\twhite_id\tplies\tmoves\n1\t0\t3\te2e4 e7e5 d2d4\n"
    );
}

#[test]
fn skips_are_listed_in_input_order_whoever_found_them() {
    // Games 1 to 3 and 5 to 7 have a bad move; game 4 a broken tag.
    let mut input = String::new();
    for game in 1..=7 {
        if game == 4 {
            input += "[Event \"g4\"]\n[Result \"*\"\n\n1. e4 *\n\n";
        } else {
            input += "[Event \"g\"]\n[Result \"*\"]\n\n1. e4 Ke3 *\n\n";
        }
    }
    // On one thread, and on three, in parts of about one game.
    for (threads, part) in [("1", "0"), ("3", "64")] {
        let args = ["games", "--games", "--moves"];
        let (_, _, stderr) = on_threads_with_input(&args, threads, part, input.as_bytes());
        let games: Vec<&str> = stderr
            .lines()
            .filter_map(|line| line.split("game ").nth(1)?.split(' ').next())
            .collect();
        assert_eq!(
            games,
            ["1", "2", "3", "4", "5", "6", "7"],
            "{threads}: {stderr}"
        );
    }
}

#[test]
fn the_explorer_keeps_a_player_s_games_and_refuses_what_it_does_not_do() {
    let game = |white: &str, moves: &str| {
        format!(
            "[White \"{white}\"]\n[Black \"X\"]\n[Result \"1-0\"]\n[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n{moves} 1-0\n\n"
        )
    };
    let input = game("Ann", "1. e4 e5") + &game("Bob", "1. d4 d5") + &game("Ann", "1. f4 -- 2. --");
    let output = run_with_input(
        &["games", "--openings", "4", "--player", "Ann"],
        input.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(0));
    let out = String::from_utf8(output.stdout).unwrap();
    let moves: BTreeSet<&str> = out
        .lines()
        .skip(1)
        .map(|line| line.split('\t').nth(3).unwrap())
        .collect();
    // Bob's game is not counted; a null move is `0000`.
    assert_eq!(
        moves,
        BTreeSet::from(["e2e4 e7e5", "f2f4 0000 0000"]),
        "{out}"
    );
    for refused in [["--plot", "x.svg"], ["--sprt", "0,5"]] {
        let mut args = vec!["games", "--openings", "2", "--player", "Ann"];
        args.extend(refused);
        assert_eq!(
            run_with_input(&args, input.as_bytes()).status.code(),
            Some(2)
        );
    }
}

#[test]
fn a_move_s_control_characters_are_shown_escaped_and_too_many_plies_are_a_skip() {
    let input = "[Event \"esc\"]\n[Result \"*\"]\n\n1. e4 \u{1b}[31mRED *\n\n";
    let output = run_with_input(&["games", "--games", "--moves"], input.as_bytes());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("ply 2: \\u{1b}[31mRED is not a move in SAN"),
        "{stderr}"
    );
    assert!(!stderr.contains('\u{1b}'));
    let long = format!(
        "[Event \"long\"]\n[Result \"*\"]\n\n{} *\n\n",
        vec!["Nf3 Nf6 Ng1 Ng8"; 16_385].join(" ")
    );
    let output = run_with_input(&["games", "--moves", "--columns", "event"], long.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "event\tplies\tmoves\nlong\t\t\n"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains(
            "game 1 at byte 0: the game has 65540 plies, more than the 65535 a row holds"
        ),
        "{stderr}"
    );
}

#[test]
fn a_remark_before_the_first_game_and_movetext_without_tags_read_as_python_chess_reads_them() {
    // The UCI moves python-chess 1.11 replays from the same texts.
    let cases: [(&[u8], &[&str]); 3] = [
        (
            b"; an opening remark\n[Event \"x\"]\n\n1. e4 e5 *\n\n; between\n[Event \"y\"]\n\n1. d4 *\n",
            &["e2e4 e7e5", "d2d4"],
        ),
        (
            b"1. e4 e5 2. Nf3 Nc6 1-0\n\n1. d4 d5 0-1\n",
            &["e2e4 e7e5 g1f3 b8c6", "d2d4 d7d5"],
        ),
        (
            b"\xEF\xBB\xBF1. e4 e5 2. Nf3 Nc6 1-0\n\n1. d4 d5 0-1\n",
            &["e2e4 e7e5 g1f3 b8c6", "d2d4 d7d5"],
        ),
    ];
    for (input, expected) in cases {
        let output = run_with_input(&["games", "-", "--moves"], input);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{stderr}");
        let moves: Vec<String> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .skip(1)
            .map(|row| row.rsplit('\t').next().unwrap().to_owned())
            .collect();
        assert_eq!(moves, expected, "{}", String::from_utf8_lossy(input));
    }
    // A numbered list of words is still not PGN.
    let output = run_with_input(
        &["games", "-", "--games"],
        b"# Notes\n\n1. Install\n2. Run\n",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not PGN"));
}
