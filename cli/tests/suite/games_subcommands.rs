//! `chess960 games stats|list|extract|player|openings`: each subcommand
//! gives the bytes of its legacy flag form (standard output, standard
//! error, exit status, files written) over the fixtures; each `--help`
//! lists its own flags and no other; `games --help` is short; a file named
//! as a subcommand is still read (`./list`, `-- list`).

use crate::common::{run, run_with_input};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Output;

const ENGINE: &str = "tests/fixtures/engine_match.pgn";
const PAIRED: &str = "tests/fixtures/paired_match.pgn";
const BOOK: &str = "tests/fixtures/book_match.pgn";
const WRITERS: &str = "tests/fixtures/moves/writers.pgn";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "chess960-subcommands-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `args` with `OUT` standing for a file in `dir`, returning the run
/// and the bytes of every file it wrote there (then removed).
fn run_in(dir: &Path, args: &[&str]) -> (Output, Vec<(String, Vec<u8>)>) {
    let out = dir.join("out");
    let args: Vec<String> = args
        .iter()
        .map(|arg| arg.replace("OUT", out.to_str().unwrap()))
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run_with_input(&args, &std::fs::read(ENGINE).unwrap());
    let mut written: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            std::fs::remove_file(&path).unwrap();
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                bytes,
            )
        })
        .collect();
    written.sort();
    (output, written)
}

/// Each case: the words of the legacy form, those of the subcommand form
/// (both after `games`), and the words they share, after them.
const PAIRS: &[(&[&str], &[&str], &[&str])] = &[
    (&[], &["stats"], &[ENGINE]),
    (&[], &["stats"], &[]),
    (&["--stats"], &["stats"], &[ENGINE, BOOK]),
    (
        &[],
        &["stats"],
        &["--format", "csv", "--start", "0-500", ENGINE],
    ),
    (
        &[],
        &["stats"],
        &["--format", "parquet", "-o", "OUT", ENGINE],
    ),
    (
        &[],
        &["stats"],
        &["--plot", "OUT", "--min-elo", "1", ENGINE],
    ),
    (&["--games"], &["list"], &[ENGINE, PAIRED]),
    (&[], &["list"], &["--columns", "all", "--moves", WRITERS]),
    (
        &[],
        &["list"],
        &["--tag", "Round", "--format", "jsonl", BOOK],
    ),
    (
        &["--games"],
        &["list"],
        &["--format", "parquet", "--output", "OUT", ENGINE],
    ),
    (
        &["--games"],
        &["list"],
        &["--player", "SF-nodes-3000", ENGINE],
    ),
    (&["--pgn"], &["extract"], &[ENGINE]),
    (
        &["--pgn"],
        &["extract"],
        &["--start", "0-99", "--event", "match", ENGINE, PAIRED],
    ),
    (&["--player"], &["player"], &["SF-nodes-3000", ENGINE]),
    (
        &["--player"],
        &["player"],
        &["New", "--sprt", "0,5", "--elo-model", "logistic", PAIRED],
    ),
    (
        &["--player"],
        &["player"],
        &["New", "--player", "Base", "--format", "jsonl", PAIRED],
    ),
    (
        &["--player"],
        &["player"],
        &[
            "New", "--plot", "OUT", "--format", "parquet", "-o", "-", PAIRED,
        ],
    ),
    (&["--openings"], &["openings"], &["3", WRITERS]),
    (
        &["--openings"],
        &["openings"],
        &["2", "--player", "SF-nodes-2000", "--format", "csv", ENGINE],
    ),
    // Failures: the same message and status either way.
    (&[], &["list"], &["--columns", "bogus", ENGINE]),
    (&[], &["stats"], &["--start", "bogus", ENGINE]),
    (&["--games"], &["list"], &["--player", " ", ENGINE]),
    (&["--player"], &["player"], &["New", "--sprt", "5", PAIRED]),
    (&["--pgn"], &["extract"], &["no-such-file.pgn"]),
];

#[test]
fn each_subcommand_gives_the_bytes_of_its_legacy_form() {
    let dir = scratch("pairs");
    for (legacy, subcommand, rest) in PAIRS {
        let legacy: Vec<&str> = ["games"]
            .iter()
            .chain(*legacy)
            .chain(*rest)
            .copied()
            .collect();
        let subcommand: Vec<&str> = ["games"]
            .iter()
            .chain(*subcommand)
            .chain(*rest)
            .copied()
            .collect();
        let (old, old_files) = run_in(&dir, &legacy);
        let (new, new_files) = run_in(&dir, &subcommand);
        assert_eq!(old.status.code(), new.status.code(), "{subcommand:?}");
        assert!(
            old.stdout == new.stdout,
            "{subcommand:?}: standard output differs"
        );
        assert_eq!(
            String::from_utf8_lossy(&old.stderr),
            String::from_utf8_lossy(&new.stderr),
            "{subcommand:?}"
        );
        assert!(old_files == new_files, "{subcommand:?}: files differ");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The long options a `--help` lists.
fn flags(args: &[&str]) -> BTreeSet<String> {
    let output = run(args);
    assert_eq!(output.status.code(), Some(0), "{args:?}");
    let help = String::from_utf8(output.stdout).unwrap();
    help.lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let line = line.strip_prefix("-o, ").unwrap_or(line);
            let line = line.strip_prefix("-h, ").unwrap_or(line);
            let flag = line.strip_prefix("--")?;
            let end = flag
                .find(|c: char| !(c.is_ascii_lowercase() || c == '-'))
                .unwrap_or(flag.len());
            Some(flag[..end].to_owned())
        })
        .collect()
}

#[test]
fn each_subcommand_s_help_lists_its_own_flags_and_no_other() {
    let shared = [
        "start",
        "min-elo",
        "max-elo",
        "event",
        "variant",
        "time-control",
        "output",
        "no-mmap",
        "help",
    ];
    let own: [(&str, &[&str]); 5] = [
        ("stats", &["format", "plot"]),
        ("list", &["format", "columns", "moves", "tag", "player"]),
        ("extract", &["player"]),
        (
            "player",
            &[
                "format",
                "plot",
                "player",
                "sprt",
                "alpha",
                "beta",
                "elo-model",
            ],
        ),
        ("openings", &["format", "player"]),
    ];
    for (name, own) in own {
        let expected: BTreeSet<String> = shared
            .iter()
            .chain(own)
            .map(|flag| (*flag).to_owned())
            .collect();
        for help in ["--help", "-h"] {
            assert_eq!(flags(&["games", name, help]), expected, "{name} {help}");
        }
    }
}

#[test]
fn games_help_is_short_and_names_the_subcommands() {
    let output = run(&["games", "--help"]);
    assert_eq!(output.status.code(), Some(0));
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(help.lines().count() <= 20, "{help}");
    for name in ["stats", "list", "extract", "player", "openings"] {
        assert!(
            help.lines().any(|line| line.trim_start().starts_with(name)),
            "{name}: {help}"
        );
    }
    assert_eq!(
        flags(&["games", "--help"]),
        BTreeSet::from(["help".to_owned()])
    );
    assert!(help.contains("./stats"), "{help}");
}

#[test]
fn a_file_named_as_a_subcommand_is_read_as_dot_slash_or_after_dashes() {
    let dir = scratch("named");
    std::fs::copy(ENGINE, dir.join("list")).unwrap();
    let path = std::fs::canonicalize(ENGINE).unwrap();
    let expected = run(&["games", "stats", path.to_str().unwrap()]);
    assert_eq!(expected.status.code(), Some(0));
    for args in [["games", "./list"], ["games", "--"]] {
        let mut command = std::process::Command::new(crate::common::BINARY);
        command.current_dir(&dir).args(args).env("NO_COLOR", "1");
        if args[1] == "--" {
            command.arg("list");
        }
        let output = crate::common::feed(&mut command, b"");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(output.stdout, expected.stdout, "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn completions_and_manual_pages_know_the_subcommands() {
    let names = ["stats", "list", "extract", "player", "openings"];
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = run(&["completions", shell]);
        let script = String::from_utf8(output.stdout).unwrap();
        for name in names {
            assert!(script.contains(name), "{shell}: {name}");
        }
    }
    let dir = scratch("man");
    let output = run(&["manpage", "--dir", dir.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0));
    let games = std::fs::read_to_string(dir.join("chess960-games.1")).unwrap();
    for name in names {
        assert!(
            games.contains(&format!("chess960\\-games\\-{name}(1)")),
            "{name}"
        );
        let page = std::fs::read_to_string(dir.join(format!("chess960-games-{name}.1"))).unwrap();
        assert!(page.contains("\\-\\-start"), "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
