//! A property test of the whole command (issue 15): arbitrary argument
//! lists, drawn from the command's own words and from random tokens (line
//! breaks, long runs, characters outside ASCII), with arbitrary standard
//! input. Every run ends with exit code 0, 1 or 2, never a panic or a
//! signal; says at most one line on standard error besides notes (one per
//! bad line with `convert --keep-going`), each line short; and stays within
//! 128 MiB of address space and 20 seconds.

use crate::common::{BINARY, feed};
use proptest::prelude::*;
use std::process::Command;

/// Words the command knows, and values its options take.
const VOCABULARY: &[&str] = &[
    "show",
    "convert",
    "random",
    "dice",
    "table",
    "tables",
    "book",
    "--double",
    "--sample",
    "--shuffle",
    "--start",
    "--white",
    "--castling",
    "pgn",
    "completions",
    "manpage",
    "help",
    "ranodm",
    "--json",
    "--ascii",
    "--color",
    "always",
    "never",
    "--to",
    "--from",
    "--keep-going",
    "--count",
    "-n",
    "--seed",
    "--exclude",
    "--format",
    "--help",
    "--version",
    "-h",
    "--",
    "-",
    "518",
    "0",
    "959",
    "960",
    "-1",
    "3",
    "SP518",
    "sp 518",
    "RNBQKBNR",
    "rnbqkbnr",
    "RNBQKBNQ",
    "die",
    "althofer-die",
    "optimised-die",
    "d8-d4-d6-d20",
    "two-coins",
    "one-coin-binary",
    "fourteen-cards",
    "2-3-3-2-3",
    "6-6-6",
    "THTTHHHHTT",
    "RcNfQaRNbRdegh",
    "fen",
    "shredder-fen",
    "rank",
    "double-id",
    "json",
    "jsonl",
    "csv",
    "fritz9",
    "one-based",
    "bash",
    "zsh",
    "fish",
    "kings",
    "krn",
    "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    "bbnnrkrq/pppppppp/8/8/8/8/PPPPPPPP/BBNNRKRQ w - - 0 1",
    "bbrkqrnn/pppppppp/8/8/8/8/PPPPPPPP/BBRKQRNN w FCfc -",
    "rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Kq e3 3 12",
];

/// Lines a file given to `convert` may hold.
const LINES: &[&str] = &[
    "518",
    " 0 ",
    "",
    "RNBQKBNR",
    "rkrnnqbb",
    "RNBQKBNé",
    "960",
    "x",
    "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    "bbnnrkrq/pppppppp/8/8/8/8/PPPPPPPP/BBNNRKRQ w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "\u{feff}518",
    "518\r",
];

/// A count the command would take a long time to draw (or a `--dir` that
/// would write manual pages somewhere): left out of the arguments.
fn harmless(token: &str) -> bool {
    let number = ["--count=", "-n=", "-n", "--count"]
        .iter()
        .find_map(|prefix| token.strip_prefix(prefix))
        .unwrap_or(token);
    number.parse::<u64>().map_or(true, |count| count <= 5000) && !token.starts_with("--d")
}

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::sample::select(VOCABULARY).prop_map(str::to_owned),
        1 => "\\PC{0,12}",
        1 => "[0-9a-hA-HKQRNBkqrnb\\n\\t /,\\-]{0,12}",
        1 => (prop::sample::select(&['R', 'é', '\n', '9', '-', '♔'][..]), 21..30_000_usize)
            .prop_map(|(character, count)| character.to_string().repeat(count)),
    ]
    .prop_filter("a harmless token", |token| harmless(token))
}

fn input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..512),
        (
            any::<bool>(),
            prop::collection::vec(prop::sample::select(LINES), 0..20)
        )
            .prop_map(|(bom, lines)| {
                let text = lines.join("\n");
                if bom { format!("\u{feff}{text}") } else { text }.into_bytes()
            }),
        (1_usize..100_000, any::<bool>()).prop_map(|(length, newline)| {
            let mut line = vec![b'R'; length];
            if newline {
                line.extend_from_slice(b"\n518\n");
            }
            line
        }),
    ]
}

/// What one run left: exit code (`None` for a signal) and standard error.
fn run(args: &[String], input: &[u8]) -> (Option<i32>, String) {
    let scratch = std::env::temp_dir();
    let output = feed(
        Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 131072; exec timeout -s KILL 20 \"$0\" \"$@\"")
            .arg(BINARY)
            .args(args)
            .current_dir(scratch)
            .env("NO_COLOR", "1"),
        input,
    );
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_run_ends_cleanly(
        args in prop::collection::vec(token(), 0..6),
        input in input(),
    ) {
        let (code, stderr) = run(&args, &input);
        prop_assert!(
            matches!(code, Some(0..=2)),
            "exit {code:?}: {}",
            &stderr[..stderr.len().min(500)]
        );
        prop_assert!(!stderr.contains("panicked"), "{stderr}");
        let said: Vec<&str> = stderr
            .lines()
            .filter(|line| !line.starts_with("chess960: note: "))
            .collect();
        for line in stderr.lines() {
            prop_assert!(line.len() <= 600, "a long line: {}", &line[..600]);
        }
        match code {
            Some(0) => prop_assert!(said.is_empty(), "{stderr}"),
            Some(2) if args.iter().any(|arg| arg == "--keep-going") => {
                prop_assert!(!said.is_empty());
                for line in &said {
                    prop_assert!(line.starts_with("chess960: "), "{stderr}");
                }
            }
            _ => {
                prop_assert_eq!(said.len(), 1, "{}", stderr);
                prop_assert!(said[0].starts_with("chess960: "), "{stderr}");
            }
        }
    }
}
