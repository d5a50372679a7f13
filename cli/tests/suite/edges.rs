//! Issue 15, the command's edges: echoed input stays one short line,
//! output and error streams that cannot be written end the command with
//! the right code, `convert` keeps a bounded part of a line, and a negative
//! count is named as such.

use crate::common::{failure, failure_with_input, run, run_in_shell, stdout};

/// The longest error line: every echoed token is cut to 20 characters,
/// clap's tips and lists of possible values make up the rest.
const SHORT: usize = 450;

#[test]
fn an_echoed_token_with_a_newline_stays_one_line() {
    assert_eq!(
        failure(&["dice", "die", "2\n3"]),
        "chess960: '2\\n3' is not a die face: write numbers such as 2-3-3-2-3\n"
    );
    let stderr = failure(&["random", "--exclude", "5\n18"]);
    assert!(
        stderr.starts_with("chess960: --exclude 5\\n18: "),
        "{stderr}"
    );
    for args in [
        &["dice", "die\n2", "3"][..],
        &["convert", "--to", "fen\nrank", "518"],
        &["random", "--count", "5\n"],
        &["dice", "one-coin", "T\nH"],
        &["5\n18"],
        &["show", "RNBQ\nKBNR"],
        &["--color", "al\nways", "518"],
        &["convert", "--from", "fritz9", "3\n59"],
    ] {
        let stderr = failure(args);
        assert!(stderr.len() < SHORT, "{args:?}: {stderr}");
    }
}

#[test]
fn a_huge_token_gives_a_short_line() {
    let huge = "7".repeat(100_000);
    let letters = "x".repeat(100_000);
    let with_newlines = "a\n".repeat(50_000);
    for args in [
        &["dice", "die", &huge][..],
        &["dice", "althofer-die", &letters],
        &["random", "--exclude", &letters],
        &["random", "--exclude", &huge],
        &["random", "--count", &huge],
        &["convert", "--to", &letters, "518"],
        &["convert", "--from", "fritz9", &letters],
        &[&with_newlines],
        &["show", &with_newlines],
        &[&letters, "--json"],
        &["518", &letters],
        &["dice", &letters, "1"],
        &["completions", &letters],
        &[&format!("--{letters}")],
    ] {
        let stderr = failure(args);
        assert!(
            stderr.len() < SHORT,
            "{}",
            &stderr[..SHORT.min(stderr.len())]
        );
    }
    assert!(failure(&["random", "--exclude", &huge]).contains("(100000 characters)"));
}

#[test]
fn an_unwritable_standard_error_changes_no_exit_code() {
    for (args, code) in [
        (&["960"][..], 2),
        (&["dice", "die", "2-3-9"], 2),
        (&["--no-such-option"], 2),
        (&["ranodm"], 2),
        (&["convert", "--keep-going", "x", "518", "y"], 2),
        (
            &["bbnnrkrq/pppppppp/8/8/8/8/PPPPPPPP/BBNNRKRQ w - - 0 1"],
            0,
        ),
        (
            &[
                "convert",
                "bbnnrkrq/pppppppp/8/8/8/8/PPPPPPPP/BBNNRKRQ w - - 0 1",
            ],
            0,
        ),
    ] {
        for redirect in ["2>/dev/full", "2>&-"] {
            let output = run_in_shell("", redirect, args, b"");
            assert_eq!(output.status.code(), Some(code), "{args:?} {redirect}");
        }
    }
}

#[test]
fn output_that_cannot_be_written_exits_1_with_a_message() {
    for args in [
        &["518"][..],
        &["--help"],
        &["--version"],
        &["show", "--help"],
        &["random", "-n", "3"],
        &["table"],
        &["convert", "518"],
        &["completions", "bash"],
        &["manpage"],
        &["dice", "--json", "die", "2-3-3-2-3"],
        &["book"],
        &["book", "--double", "--format", "pgn"],
        &["book", "--shuffle", "--seed", "x"],
    ] {
        let output = run_in_shell("", ">/dev/full", args, b"");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(
            String::from_utf8(output.stderr).unwrap(),
            "chess960: cannot write the output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
    // Neither output nor error writable: still exit 1, no panic.
    let output = run_in_shell("", ">/dev/full 2>/dev/full", &["--help"], b"");
    assert_eq!(output.status.code(), Some(1));
}

/// Rust's runtime opens /dev/null in place of a closed standard stream
/// before `main` runs, so `>&-` cannot be told from `>/dev/null` without
/// unsafe code (which the crate denies outside the module that maps files):
/// the output goes nowhere and the command ends as it would there, without
/// a panic.
#[test]
fn a_closed_standard_output_ends_as_with_dev_null() {
    for (args, code) in [(&["518"][..], 0), (&["960"], 2), (&["--help"], 0)] {
        let closed = run_in_shell("", ">&-", args, b"");
        let null = run_in_shell("", ">/dev/null", args, b"");
        assert_eq!(closed.status.code(), Some(code), "{args:?}");
        assert_eq!(closed.status.code(), null.status.code(), "{args:?}");
        assert_eq!(closed.stderr, null.stderr, "{args:?}");
    }
}

#[test]
fn help_and_version_exit_0_when_written() {
    assert!(stdout(&["--help"]).contains("Usage: chess960"));
    assert!(stdout(&["--version"]).starts_with("chess960 "));
    // A reader that stops early is no failure.
    let output = run_in_shell("", "| head -c 10 >/dev/null", &["table"], b"");
    assert_eq!(output.status.code(), Some(0));
}

/// A 50 MB line costs no more memory than a short one: under a 64 MiB
/// limit of address space, less than the line and the command's own
/// mapping (35 MB in a debug build, with the explorer's db and server)
/// together, the command reports the line and goes on.
#[test]
fn convert_bounds_a_line() {
    let mut input = vec![b'R'; 50 << 20];
    input.extend_from_slice(b"\n518\n");
    let output = run_in_shell("ulimit -v 65536;", "", &["convert", "--keep-going"], &input);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(output.stdout, b"518\n");
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "chess960: line 1 is longer than 4096 bytes (52428800): a start FEN has at most 90\n"
    );
    // A line of exactly 4096 bytes is read (and refused for what it says).
    let line = "R".repeat(4096);
    let stderr = failure_with_input(&["convert"], line.as_bytes());
    assert!(
        stderr.contains("but 4096 characters were given"),
        "{stderr}"
    );
    // Without a newline at the end, and without --keep-going.
    let stderr = failure_with_input(&["convert"], &input[..(50 << 20)]);
    assert!(stderr.starts_with("chess960: line 1 is longer than 4096 bytes"));
}

#[test]
fn a_negative_count_is_named() {
    for count in ["-1", "-5", "-0"] {
        let stderr = failure(&["random", "--count", count]);
        assert!(stderr.contains("a count is not negative"), "{stderr}");
    }
    assert!(failure(&["random", "-n", "-1"]).contains("a count is not negative"));
    assert!(failure(&["random", "-n", "x"]).contains("a count is a whole number"));
    assert_eq!(run(&["random", "-n", "0"]).stdout, b"");
}
