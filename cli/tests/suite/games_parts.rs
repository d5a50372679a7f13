//! A large plain file read on several cores: cut into parts at likely
//! record starts, it must give exactly what one core gives (rows, records,
//! statistics, the summary, the exit status), whatever lies at the cuts:
//! comments with blank lines and `[`, CRLF, `;` and `%` lines, games with no
//! movetext, garbage, a comment longer than a part. The tests cut small
//! files into parts of a few dozen bytes (`CHESS960_GAMES_PART`) and set the
//! threads (`CHESS960_GAMES_THREADS`).

use crate::common::BINARY;
use std::fmt::Write as _;
use std::process::{Command, Output};

/// Ranks of a few starts (ids 0, 451, 518, 959).
const RANKS: [&str; 4] = ["BBQNNRKR", "BRNNKQRB", "RNBQKBNR", "RKRNNQBB"];

/// A small linear congruential generator: the inputs are the same on every
/// run and platform.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from((self.0 >> 33) % bound as u64).unwrap()
    }
}

fn fen(white: &str, black: &str) -> String {
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
        black.to_lowercase()
    )
}

/// One piece of an input: a game of some shape, or something odd between
/// games.
fn piece(rng: &mut Lcg, number: usize) -> String {
    let white = RANKS[rng.below(4)];
    let black = if rng.below(5) == 0 {
        RANKS[rng.below(4)]
    } else {
        white
    };
    let result = ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)];
    let player = ["Ada", "Bob", "ada", "Zoë"][rng.below(4)];
    let tags = format!(
        "[Event \"Game {number}\"]\n[White \"{player}\"]\n[Black \"Cy\"]\n[Result \"{result}\"]\n\
         [WhiteElo \"{}\"]\n[BlackElo \"1500\"]\n[Variant \"Chess960\"]\n[FEN \"{}\"]\n",
        1400 + rng.below(400),
        fen(white, black)
    );
    match rng.below(12) {
        0 => format!(
            "{tags}\n1. e4 {{ a comment\n\n[ not a tag ]\n\n[%clk 0:01:00] }} e5 {result}\n\n"
        ),
        1 => {
            format!("{tags}\n1. e4 ; a [comment] to the end\n%escaped [line]\n1... e5 {result}\n\n")
        }
        2 => format!("{tags}\n").replace('\n', "\r\n") + &format!("1. d4 {{ x }} {result}\r\n\r\n"),
        // No movetext: the next game's Event starts the next record.
        3 => tags,
        4 => format!(
            "{tags}\n1. e4 {{ {} }} {result}\n\n",
            "long comment\n\n[ 1 ]\n".repeat(60)
        ),
        5 => "\u{1}garbage line\n\n".to_owned(),
        6 => format!("{tags}\n1. e4 ( 1. d4 {{ [%eval 0.2] }} ) 1... e5 {result}\n\n"),
        // A comment left open: the next game's tags end it (a skip).
        7 => format!("{tags}\n1. e4 {{ never closed {result}\n\n"),
        8 => format!("[Event \"x\"]\n\n[Site \"a blank line in the tags\"]\n{tags}\n*\n\n"),
        9 => format!("{tags}\n1. e4 e5 2. Nf3 Nc6 {result}\n\n\n\n"),
        _ => {
            format!("{tags}\n1. e4 {{ [%clk 0:03:00] }} 1... e5 {{ [%clk 0:03:00] }} {result}\n\n")
        }
    }
}

fn input(seed: u64, pieces: usize) -> String {
    let mut rng = Lcg(seed);
    (0..pieces).map(|number| piece(&mut rng, number)).collect()
}

/// [`input`], written to `input-<seed>.pgn` in `dir`: the file's path.
fn input_file(dir: &std::path::Path, seed: u64, pieces: usize) -> String {
    let path = dir.join(format!("input-{seed}.pgn"));
    std::fs::write(&path, input(seed, pieces)).unwrap();
    path.to_str().unwrap().to_owned()
}

fn games(path: &str, args: &[&str], threads: usize, part: usize) -> Output {
    games_mapped(path, args, threads, part, None)
}

/// [`games`], plain files mapped `window` bytes at a time (`None`: the
/// default window; `Some(0)`: not mapped, `--no-mmap`).
fn games_mapped(
    path: &str,
    args: &[&str],
    threads: usize,
    part: usize,
    window: Option<usize>,
) -> Output {
    let mut command = Command::new(BINARY);
    command
        .arg("games")
        .args(args)
        .arg(path)
        .env("NO_COLOR", "1")
        .env("CHESS960_GAMES_THREADS", threads.to_string())
        .env("CHESS960_GAMES_PART", part.to_string());
    match window {
        Some(0) => {
            command.arg("--no-mmap");
        }
        Some(window) => {
            command.env("CHESS960_GAMES_WINDOW", window.to_string());
        }
        None => {}
    }
    command.output().unwrap()
}

/// The same standard output, standard error and exit status.
fn assert_same(output: &Output, expected: &Output, context: &str) {
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&expected.stdout),
        "{context}"
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(&expected.stderr),
        "{context}"
    );
    assert_eq!(output.status.code(), expected.status.code(), "{context}");
}

/// On one core a plain file is read through memory maps of a few MiB
/// (records lie across them) unless `--no-mmap` is given; whatever the
/// window, the output is what `read` gives, and what standard input (never
/// mapped) gives. Parts on several cores (read, not mapped, whatever the
/// window) give it too.
#[test]
fn mapped_windows_of_any_size_read_what_read_reads() {
    let dir = std::env::temp_dir().join(format!("chess960-windows-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let modes: [&[&str]; 3] = [&[], &["--games"], &["--pgn"]];
    for seed in 7..=9 {
        let path = &input_file(&dir, seed, 120);
        for args in modes {
            let read = games_mapped(path, args, 1, 1 << 30, Some(0));
            assert!(!read.stdout.is_empty(), "{args:?}");
            let stdin = Command::new(BINARY)
                .arg("games")
                .args(args)
                .env("NO_COLOR", "1")
                .stdin(std::fs::File::open(path).unwrap())
                .output()
                .unwrap();
            // `--games` names the file in its first column (`-` here).
            if !args.contains(&"--games") {
                assert_eq!(
                    String::from_utf8_lossy(&stdin.stdout),
                    String::from_utf8_lossy(&read.stdout),
                    "seed {seed}, {args:?}, standard input"
                );
            }
            for (threads, part, window) in [
                (1, 1 << 30, None),
                (1, 1 << 30, Some(1)),
                (1, 1 << 30, Some(7)),
                (1, 1 << 30, Some(64)),
                (1, 1 << 30, Some(4093)),
                (2, 301, Some(5)),
                (2, 301, Some(100)),
                (3, 1000, Some(0)),
                (2, 4096, None),
            ] {
                let mapped = games_mapped(path, args, threads, part, window);
                let context = format!(
                    "seed {seed}, {args:?}, {threads} threads, part {part}, window {window:?}"
                );
                assert_same(&mapped, &read, &context);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn parts_on_several_cores_give_what_one_core_gives() {
    let dir = std::env::temp_dir().join(format!("chess960-parts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let modes: [&[&str]; 5] = [
        &[],
        &["--games", "--format", "jsonl"],
        &["--pgn"],
        &["--player", "ada", "--format", "csv"],
        &["--pgn", "--start", "451,518"],
    ];
    for seed in 1..=6 {
        let path = &input_file(&dir, seed, 150);
        for args in modes {
            let one = games(path, args, 1, 1 << 30);
            assert!(
                !one.stdout.is_empty() || args.contains(&"--start"),
                "{args:?}"
            );
            // Any count of threads is taken (at most 256 run).
            let counts = [
                (2, 64),
                (2, 301),
                (3, 1000),
                (4, 4096),
                (2, 20_000),
                (usize::MAX, 301),
            ];
            for (threads, part) in counts {
                let many = games(path, args, threads, part);
                let context = format!("seed {seed}, {args:?}, {threads} threads, parts of {part}");
                assert_same(&many, &one, &context);
                // Parts read with `read` instead of the one shared map.
                let read = games_mapped(path, args, threads, part, Some(0));
                assert_same(&read, &one, &format!("{context}, --no-mmap"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_comment_longer_than_many_parts_is_read_once() {
    // A game whose comment holds what looks like game starts after blank
    // lines, over dozens of parts: only the part reading that began before
    // it counts, and the later parts are read again from the true record.
    let mut text = input(7, 20);
    text.push_str("[Event \"long\"]\n[Result \"1-0\"]\n\n1. e4 {\n");
    for line in 0..400 {
        writeln!(text, "\n[ {line} looks like a tag but for its space ]").unwrap();
    }
    text.push_str("} 1-0\n\n");
    text.push_str(&input(8, 20));
    let path = std::env::temp_dir().join(format!("chess960-parts-long-{}.pgn", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    let path_text = path.to_str().unwrap();
    for args in [&["--games"][..], &["--pgn"][..], &[][..]] {
        let one = games(path_text, args, 1, 1 << 30);
        let many = games(path_text, args, 2, 100);
        assert_eq!(many.stdout, one.stdout, "{args:?}");
        assert_eq!(many.stderr, one.stderr, "{args:?}");
        let read = games_mapped(path_text, args, 2, 100, Some(0));
        assert_eq!(read.stdout, one.stdout, "{args:?}, --no-mmap");
        assert_eq!(read.stderr, one.stderr, "{args:?}, --no-mmap");
    }
    let _ = std::fs::remove_file(&path);
}
