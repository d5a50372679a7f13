//! `chess960 book`: the books of Stockfish testing byte for byte (by their
//! published SHA-384 digests), every flag, the seeded sample and shuffle
//! against Python's `hashlib`, the errors; the match played from a book
//! (`benches/book_match.py`) read back; and streams that answer each line
//! at once through pipes and on a terminal.

use crate::common::{BINARY, failure, run, stdout};
use sha2::{Digest, Sha384};
use std::io::{Read as _, Write as _};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Base64 (RFC 4648, with padding) of `bytes`, as the digests are published.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut text = String::new();
    for chunk in bytes.chunks(3) {
        let mut word = [0_u8; 3];
        word[..chunk.len()].copy_from_slice(chunk);
        let bits = u32::from(word[0]) << 16 | u32::from(word[1]) << 8 | u32::from(word[2]);
        for index in 0..4 {
            if index <= chunk.len() {
                text.push(char::from(
                    ALPHABET[(bits >> (18 - 6 * index) & 63) as usize],
                ));
            } else {
                text.push('=');
            }
        }
    }
    text
}

fn sha384(bytes: &[u8]) -> String {
    base64(&Sha384::digest(bytes))
}

/// The digests the issue quotes for Stockfish testing's books.
const FRC_OPENINGS: &str = "JVruRrMKePsACyfEBbKEKWnGcZjIXSfvE6MuQ58PFmGPK9sdtzWl6ZzADd5AkoLY";
const DFRC_OPENINGS: &str = "tVLdpACDZRpO04KeF4+HX0r3NiD8KP2bB1+FOlfj16/UZAKh4QxraFHBGqc74WAy";

#[test]
fn base64_is_rfc_4648() {
    assert_eq!(base64(b""), "");
    assert_eq!(base64(b"f"), "Zg==");
    assert_eq!(base64(b"fo"), "Zm8=");
    assert_eq!(base64(b"foobar"), "Zm9vYmFy");
}

#[test]
fn the_default_book_is_frc_openings_epd() {
    let book = stdout(&["book"]);
    assert_eq!(sha384(book.as_bytes()), FRC_OPENINGS);
    assert_eq!(book.lines().count(), 960);
    assert_eq!(
        book.lines().nth(518),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    );
    // The same through --castling x-fen and --format epd said aloud.
    assert_eq!(
        stdout(&["book", "--castling", "x-fen", "--format", "epd"]),
        book
    );
}

#[test]
fn the_double_book_is_dfrc_openings_epd() {
    let book = stdout(&["book", "--double"]);
    assert_eq!(book.len(), 52_531_200);
    assert_eq!(sha384(book.as_bytes()), DFRC_OPENINGS);
    // Line white_id * 960 + black_id + 1: White 518, Black 959.
    assert_eq!(
        book.lines().nth(518 * 960 + 959),
        Some("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAca - 0 1")
    );
    assert_eq!(
        stdout(&["book", "--double", "--castling", "shredder"]).len(),
        book.len()
    );
}

#[test]
fn output_to_a_file_is_the_same_book() {
    let path = std::env::temp_dir().join(format!("chess960-book-{}.epd", std::process::id()));
    let path_text = path.to_str().unwrap();
    assert_eq!(stdout(&["book", "-o", path_text]), "");
    assert_eq!(sha384(&std::fs::read(&path).unwrap()), FRC_OPENINGS);
    assert_eq!(
        stdout(&["book", "--output", path_text, "--start", "518"]),
        ""
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    );
    std::fs::remove_file(&path).unwrap();
    // A full disk: exit 1, one line naming the file.
    let output = run(&["book", "-o", "/dev/full"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "chess960: cannot write the output: No space left on device (os error 28) (/dev/full)\n"
    );
    // A directory that does not exist: exit 1, one line naming the file.
    let output = run(&["book", "-o", "/nonexistent-dir/book.epd"]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("chess960: cannot create /nonexistent-dir/book.epd: "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1);
}

/// The ids of an EPD book's lines, read by `chess960 convert` (White's
/// start; `convert` reads each FEN back).
fn ids(book: &str) -> Vec<String> {
    let output = crate::common::run_with_input(&["convert", "--to", "id"], book.as_bytes());
    assert!(output.status.success());
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn start_and_exclude_take_the_set_grammar() {
    assert_eq!(
        ids(&stdout(&["book", "--start", "0-2,518,RKRNNQBB,SP7"])),
        ["0", "1", "2", "7", "518", "959"]
    );
    let chess959 = stdout(&["book", "--exclude", "518"]);
    assert_eq!(chess959.lines().count(), 959);
    assert!(!chess959.contains("/RNBQKBNR "));
    assert_eq!(
        ids(&stdout(&["book", "--start", "0-9", "--exclude", "1-8"])),
        ["0", "9"]
    );
    // Double: both starts in --start, neither in --exclude.
    let double = stdout(&["book", "--double", "--start", "0-2", "--exclude", "1"]);
    // `convert` writes a start whose sides agree as one id.
    assert_eq!(ids(&double), ["0", "0 2", "2 0", "2"]);
}

#[test]
fn white_and_black_choose_a_side_in_a_double_book() {
    let book = stdout(&["book", "--double", "--white", "518", "--black", "0-1,959"]);
    assert_eq!(ids(&book), ["518 0", "518 1", "518 959"]);
    assert_eq!(
        book.lines().next(),
        Some("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1")
    );
    assert_eq!(
        stdout(&["book", "--double", "--white", "5"])
            .lines()
            .count(),
        960
    );
    let black = stdout(&["book", "--double", "--black", "5", "--start", "0-9"]);
    assert_eq!(ids(&black).len(), 10);
    assert!(
        ids(&black)
            .iter()
            .all(|pair| pair.ends_with(" 5") || pair == "5")
    );
    // X-FEN in a double book on request.
    assert_eq!(
        stdout(&[
            "book",
            "--double",
            "--white",
            "518",
            "--black",
            "0",
            "--castling",
            "x-fen"
        ]),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    );
}

#[test]
fn shredder_castling_in_a_single_book() {
    let book = stdout(&["book", "--castling", "shredder"]);
    assert_eq!(book.lines().count(), 960);
    assert_eq!(
        book.lines().nth(518),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
    );
    assert_eq!(
        ids(&book),
        (0..960).map(|id| id.to_string()).collect::<Vec<_>>()
    );
}

#[test]
fn a_pgn_book_is_one_game_a_start_that_games_reads() {
    let book = stdout(&["book", "--format", "pgn", "--start", "0,518"]);
    let expected = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"2\"]\n\
                    [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n\
                    [SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n*\n\n";
    assert!(book.ends_with(expected), "{book}");
    assert_eq!(book.matches("[Variant \"Chess960\"]").count(), 2);
    // `chess960 games` finds both starts.
    let output =
        crate::common::run_with_input(&["games", "--games", "--format", "jsonl"], book.as_bytes());
    let games = String::from_utf8(output.stdout).unwrap();
    assert_eq!(games.lines().count(), 2, "{games}");
    assert!(games.contains("\"white_id\":518"), "{games}");
    assert!(games.contains("\"white_id\":0"), "{games}");
    let double = stdout(&[
        "book", "--double", "--format", "pgn", "--white", "1", "--black", "2",
    ]);
    assert!(
        double.contains("[FEN \"bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w HFhe - 0 1\"]"),
        "{double}"
    );
}

#[test]
fn a_sample_is_pinned_against_python_hashlib() {
    // Python: the procedure of `seeded_sample` with hashlib.sha256 gives,
    // for seed "x" over ids 0..960, places 477, 207, 15 in that order.
    let shuffled = ids(&stdout(&[
        "book",
        "--sample",
        "3",
        "--seed",
        "x",
        "--shuffle",
    ]));
    assert_eq!(shuffled, ["477", "207", "15"]);
    let sample = ids(&stdout(&["book", "--sample", "3", "--seed", "x"]));
    assert_eq!(sample, ["15", "207", "477"]);
    assert_eq!(
        ids(&stdout(&[
            "book",
            "--sample",
            "8",
            "--seed",
            "Gauntlet 2026-11-25",
            "--shuffle"
        ])),
        ["283", "810", "118", "43", "264", "418", "579", "113"]
    );
    // Double: the pair indices 125747 and 902091.
    assert_eq!(
        ids(&stdout(&[
            "book",
            "--double",
            "--sample",
            "2",
            "--seed",
            "book-match-2026-11-25",
            "--shuffle"
        ])),
        ["130 947", "939 651"]
    );
    // A sample of a selection samples its lines.
    let picked = ids(&stdout(&[
        "book", "--start", "100-109", "--sample", "10", "--seed", "s",
    ]));
    assert_eq!(
        picked,
        (100..110).map(|id| id.to_string()).collect::<Vec<_>>()
    );
}

#[test]
fn a_shuffle_is_a_permutation_that_a_sample_begins() {
    let shuffled = stdout(&["book", "--shuffle", "--seed", "42"]);
    let mut lines: Vec<&str> = shuffled.lines().collect();
    let first: Vec<&str> = lines[..50].to_vec();
    assert_ne!(shuffled, stdout(&["book"]));
    lines.sort_unstable();
    let mut book: Vec<String> = stdout(&["book"]).lines().map(str::to_owned).collect();
    book.sort_unstable();
    assert_eq!(lines, book);
    let sample = stdout(&["book", "--shuffle", "--sample", "50", "--seed", "42"]);
    assert_eq!(sample.lines().collect::<Vec<_>>(), first);
    // Another seed, another order; the same seed, the same.
    assert_ne!(stdout(&["book", "--shuffle", "--seed", "43"]), shuffled);
    assert_eq!(stdout(&["book", "--shuffle", "--seed", "42"]), shuffled);
}

#[test]
fn a_sample_has_distinct_lines_in_book_order() {
    let sample = stdout(&["book", "--double", "--sample", "1000", "--seed", "gauntlet"]);
    let lines: Vec<&str> = sample.lines().collect();
    assert_eq!(lines.len(), 1000);
    let pairs = ids(&sample);
    let numbers: Vec<u32> = pairs
        .iter()
        .map(|pair| {
            let (white, black) = pair.split_once(' ').unwrap_or((pair, pair));
            white.parse::<u32>().unwrap() * 960 + black.parse::<u32>().unwrap()
        })
        .collect();
    assert!(
        numbers.windows(2).all(|two| two[0] < two[1]),
        "book order, no repeat"
    );
    // All of a set: the whole set, in book order.
    assert_eq!(
        stdout(&["book", "--start", "0-9", "--sample", "10", "--seed", "z"]),
        stdout(&["book", "--start", "0-9"])
    );
}

#[test]
fn mistakes_are_one_line_and_exit_2() {
    for (args, says) in [
        (&["book", "--start", "960"][..], "--start"),
        (&["book", "--start", "0-9x"], "item 1"),
        (&["book", "--start", ""], "no start positions given"),
        (&["book", "--exclude", "9-1"], "runs backwards"),
        (&["book", "--exclude", "1,,2"], "item 2 is empty"),
        (&["book", "--double", "--white", "XYZ"], "--white"),
        (&["book", "--double", "--black", "x1"], "--black"),
        (
            &["book", "--white", "518"],
            "--white chooses a side's starts in a double Chess960 book",
        ),
        (&["book", "--black", "518"], "--black chooses"),
        (&["book", "--sample", "3"], "--seed"),
        (&["book", "--shuffle"], "--seed"),
        (
            &["book", "--seed", "x"],
            "--seed fixes --sample or --shuffle",
        ),
        (
            &["book", "--sample", "961", "--seed", "x"],
            "--sample 961: the book has only 960 starts",
        ),
        (
            &["book", "--start", "5", "--sample", "2", "--seed", "x"],
            "the book has only 1 start",
        ),
        (&["book", "--sample", "0", "--seed", "x"], "at least 1"),
        (
            &["book", "--sample", "-3", "--seed", "x"],
            "a sample is a whole number",
        ),
        (&["book", "--sample", "many", "--seed", "x"], "whole number"),
        (
            &["book", "--start", "5", "--exclude", "5"],
            "the book is empty",
        ),
        (
            &[
                "book",
                "--double",
                "--white",
                "1",
                "--black",
                "2",
                "--exclude",
                "2",
            ],
            "the book is empty",
        ),
        (&["book", "--castling", "kqkq"], "--castling"),
        (&["book", "--format", "fen"], "--format"),
        (&["book", "--double", "--double"], "--double"),
    ] {
        let stderr = failure(args);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    let huge = "9".repeat(100_000);
    assert!(failure(&["book", "--start", &huge]).len() < 450);
}

#[test]
fn every_game_of_the_book_match_starts_on_its_book_line() {
    let pgn = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/book_match.pgn"),
    )
    .unwrap();
    let tag = |game: &str, name: &str| {
        let start = game.find(&format!("[{name} \""))? + name.len() + 3;
        Some(game[start..start + game[start..].find("\"]")?].to_owned())
    };
    let games: Vec<&str> = pgn.split("\n\n[Event ").collect();
    assert_eq!(games.len(), 12);
    for game in &games {
        let command = tag(game, "Book").unwrap();
        let words: Vec<&str> = command.split(' ').collect();
        assert_eq!(words[0], "chess960");
        let book = stdout(&words[1..]);
        let line: usize = tag(game, "BookLine").unwrap().parse().unwrap();
        assert_eq!(
            book.lines().nth(line - 1),
            tag(game, "FEN").as_deref(),
            "{command} line {line}"
        );
    }
    // `chess960 games` reads every game at its start: the sampled ids.
    let output =
        crate::common::run_with_input(&["games", "--games", "--format", "jsonl"], pgn.as_bytes());
    assert!(output.status.success());
    let rows = String::from_utf8(output.stdout).unwrap();
    assert_eq!(rows.lines().count(), 12);
    for id in ["391", "631", "947", "954"] {
        assert_eq!(
            rows.matches(&format!("\"white_id\":{id},")).count(),
            2,
            "{id}: {rows}"
        );
    }
    // The tester's question: how did the 4000-node setting score?
    let output =
        crate::common::run_with_input(&["games", "--player", "SF-nodes-4000"], pgn.as_bytes());
    assert!(output.status.success());
    let table = String::from_utf8(output.stdout).unwrap();
    assert!(table.contains("\ttotal\t12\t6\t"), "{table}");
}

/// Talks to `command` line by line: writes each input line and waits (at
/// most 20 s) for the text that answers it before writing the next, as an
/// engine-testing harness talks to a helper through pipes.
fn converse(command: &mut Command, exchanges: &[(&str, &str)]) {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (sender, receiver) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut buffer = [0_u8; 4096];
        while let Ok(count) = stdout.read(&mut buffer) {
            if count == 0 || sender.send(buffer[..count].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut seen = String::new();
    for (line, answer) in exchanges {
        stdin.write_all(format!("{line}\n").as_bytes()).unwrap();
        stdin.flush().unwrap();
        while !seen.contains(answer) {
            let chunk = receiver
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("no answer to {line:?} yet: {seen:?}"));
            seen.push_str(&String::from_utf8_lossy(&chunk));
        }
        seen = seen.split_off(seen.find(answer).unwrap() + answer.len());
    }
    drop(stdin);
    child.wait().unwrap();
    reader.join().unwrap();
}

/// Inputs and the answers `convert --to fen` writes, none found in the
/// input itself (a terminal echoes it).
const EXCHANGES: [(&str, &str); 4] = [
    ("518", "/RNBQKBNR w KQkq - 0 1"),
    ("0", "/BBQNNRKR w KQkq - 0 1"),
    ("RKRNNQBB", "/RKRNNQBB w KQkq - 0 1"),
    ("SP 1", "/BQNBNRKR w KQkq - 0 1"),
];

#[test]
fn convert_answers_each_line_through_pipes_before_the_next() {
    converse(
        Command::new(BINARY).args(["convert", "--to", "fen"]),
        &EXCHANGES,
    );
}

#[test]
fn convert_answers_each_line_on_a_terminal() {
    // `script` runs the command on a pseudo-terminal: its standard output
    // is a terminal, line by line.
    converse(
        Command::new("script")
            .args([
                "-q",
                "-e",
                "-c",
                &format!("{BINARY} convert --to fen"),
                "/dev/null",
            ])
            .env("TERM", "dumb"),
        &EXCHANGES,
    );
}

#[test]
fn buffered_output_keeps_its_place_among_the_errors() {
    // Standard output and error into one pipe: each bad line's message
    // comes after the answers to the lines before it.
    let output = crate::common::run_in_shell(
        "",
        "2>&1",
        &["convert", "--keep-going", "--to", "id"],
        b"518\nxx\n0\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n959\n",
    );
    assert_eq!(output.status.code(), Some(2));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert_eq!(lines[0], "518");
    assert!(lines[1].starts_with("chess960: line 2: "), "{text}");
    assert_eq!(lines[2], "0");
    assert!(
        lines[3].starts_with("chess960: note: line 4 is start position 518"),
        "{text}"
    );
    assert_eq!(&lines[4..], ["518", "959"], "{text}");
}
