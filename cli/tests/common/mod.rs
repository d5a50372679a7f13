//! Running the built `chess960` binary from the end-to-end tests.

#![allow(dead_code, unreachable_pub)]

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub const BINARY: &str = env!("CARGO_BIN_EXE_chess960");

/// Runs the binary with `args` and `input` on standard input, colour off.
pub fn run_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(BINARY)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        // The child may stop reading early, at the first bad line.
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

/// Runs the binary with `args` and nothing on standard input.
pub fn run(args: &[&str]) -> Output {
    run_with_input(args, b"")
}

/// Standard output of a run that must succeed with nothing on standard error.
pub fn stdout(args: &[&str]) -> String {
    let output = run(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty(), "{args:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// Standard error of a run that must fail with exit code 2, nothing on
/// standard output and exactly one line on standard error.
pub fn failure(args: &[&str]) -> String {
    failure_with_input(args, b"")
}

/// As [`failure`], with `input` on standard input.
pub fn failure_with_input(args: &[&str], input: &[u8]) -> String {
    let output = run_with_input(args, input);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("chess960: "), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.ends_with('\n'), "{args:?}: {stderr}");
    stderr
}

/// Runs the binary through `sh -c`, after the shell commands `before`
/// (such as `ulimit -v 32768;`) and with the redirections `redirect`
/// (such as `>/dev/full` or `2>&-`), colour off.
pub fn run_in_shell(before: &str, redirect: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{before} exec \"$0\" \"$@\" {redirect}"))
        .env("NO_COLOR", "1")
        .arg(BINARY)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}
