"""Benchmark of `chess960 book` and of the streaming commands: the median
wall time of several runs of each command with standard output to a file,
its peak resident memory, and its `write` calls counted by `strace -f -c -e trace=write`. The figures
are in benches/README-book.md.

Usage, from the repository root (strace and GNU time from `apt-get install
strace time`):

    cargo build --release
    python3 benches/book_streams.py target/release/chess960 [BASELINE] [RUNS]

BASELINE, if given, is another build of the command (such as one from
before the output was buffered) run on the same commands for a ratio.
"""

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time


def commands(dfrc):
    """Each benchmark: a name, the arguments, and the file fed to stdin."""
    return [
        ("book (960 lines)", ["book"], None),
        ("book --double (921,600 lines)", ["book", "--double"], None),
        ("book --double --format pgn", ["book", "--double", "--format", "pgn"], None),
        ("book --double --shuffle --seed s", ["book", "--double", "--shuffle", "--seed", "s"], None),
        ("book --double --sample 1000 --seed s",
         ["book", "--double", "--sample", "1000", "--seed", "s"], None),
        ("convert < DFRC book (921,600 lines)", ["convert"], dfrc),
        ("random -n 1000000 --seed s", ["random", "-n", "1000000", "--seed", "s"], None),
        ("random -n 1000000", ["random", "-n", "1000000"], None),
        ("table", ["table"], None),
    ]


def timed(binary, args, stdin_path, out_path):
    """Wall time in seconds of one run."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        subprocess.run([binary, *args], stdin=stdin, stdout=out,
                       stderr=subprocess.DEVNULL, check=True)
        elapsed = time.perf_counter() - start
    if stdin_path:
        stdin.close()
    return elapsed


def peak_memory(binary, args, stdin_path, out_path):
    """Peak resident memory in MiB of one run, by GNU time (`time -f %M`):
    the child's own, not the Python parent's it was forked from."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    with open(out_path, "wb") as out:
        result = subprocess.run(["/usr/bin/time", "-f", "%M", binary, *args], stdin=stdin,
                                stdout=out, stderr=subprocess.PIPE, text=True, check=True)
    if stdin_path:
        stdin.close()
    return int(result.stderr.strip().splitlines()[-1]) / 1024


def writes(binary, args, stdin_path, out_path):
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    with open(out_path, "wb") as out:
        result = subprocess.run(
            ["strace", "-f", "-c", "-e", "trace=write", binary, *args],
            stdin=stdin, stdout=out, stderr=subprocess.PIPE, text=True, check=True)
    if stdin_path:
        stdin.close()
    match = re.search(r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?write\s*$",
                      result.stderr, re.M)
    return int(match.group(1)) if match else None


def main():
    binary = sys.argv[1]
    baseline = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] != "-" else None
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    with tempfile.TemporaryDirectory() as tmp:
        dfrc = os.path.join(tmp, "dfrc.epd")
        out = os.path.join(tmp, "out")
        with open(dfrc, "wb") as file:
            subprocess.run([binary, "book", "--double"], stdout=file, check=True)
        print(f"{runs} runs each, median wall time; write calls by strace")
        header = "| command | median | peak memory | write calls |"
        if baseline:
            header += " baseline median | baseline writes | ratio |"
        print(header)
        print("|" + " --- |" * (header.count("|") - 1))
        for name, args, stdin in commands(dfrc):
            median = statistics.median(timed(binary, args, stdin, out) for _ in range(runs))
            memory = peak_memory(binary, args, stdin, out)
            row = (f"| `{name}` | {median:.3f} s | {memory:.1f} MiB |"
                   f" {writes(binary, args, stdin, out)} |")
            if baseline:
                try:
                    base = [timed(baseline, args, stdin, out) for _ in range(runs)]
                    base_median = statistics.median(base)
                    row += (f" {base_median:.3f} s | {writes(baseline, args, stdin, out)} |"
                            f" {base_median / median:.1f}x |")
                except subprocess.CalledProcessError:
                    row += " - | - | - |"
            print(row, flush=True)


if __name__ == "__main__":
    main()
