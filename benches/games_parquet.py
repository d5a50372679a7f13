#!/usr/bin/env python3
"""Benchmark of `chess960 games --format parquet` (a script, not a test:
run it by hand, on a machine otherwise idle). Issue 39's targets, on
lichess-like records of `benches/games_gen.py ... titles` compressed with
`zstd -10`:

  - the default columns into Parquet in at most 1.3x the time of
    `zstd -dc` of the same file (to /dev/null);
  - every column with the movetext (`--columns all`) in at most 2.5x;
  - the resident size at most 300 MB whatever the input's size, shown on
    SIZE_MB and on a file six times as large (the same frames repeated:
    zstd reads concatenated frames as one text);
  - and what keeping each record's bytes costs: `--columns white,opening`
    (the re-read tag) against `--columns white,white_elo`.

    cargo build --release -p chess960-cli
    python3 benches/games_parquet.py [SIZE_MB] [RUNS]     (defaults 500 and 5)

The cases run in turns (one run of each, RUNS times), so that a change of
the machine's speed falls on all of them; the medians and their ratios
to `zstd -dc` are printed. Inputs are made in BENCH_DIR (default: a new
temporary directory; set it to keep them between runs).
"""
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "benches"))
import games_gen  # noqa: E402
from peak import peak_kb  # noqa: E402

BINARY = os.environ.get("CHESS960_BINARY") or os.path.join(
    os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "chess960"
)


def timed(command, out):
    """Wall time and peak resident size (MB) of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    with open(out, "wb") as sink:
        result = subprocess.run(command, stdout=sink, stderr=subprocess.DEVNULL, check=False)
    seconds = time.perf_counter() - start
    if result.returncode not in (0,):
        sys.exit(f"{command}: exit {result.returncode}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before) / 1024


def peak_mb(command):
    """Peak resident size of `command` in MB, by GNU time."""
    return peak_kb(command) / 1024


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    if not os.path.exists(BINARY):
        sys.exit(f"{BINARY}: build it first (cargo build --release -p chess960-cli)")
    folder = os.environ.get("BENCH_DIR") or tempfile.mkdtemp(prefix="chess960-parquet-")
    os.makedirs(folder, exist_ok=True)
    text = os.path.join(folder, f"lichess-titles-{size}.pgn")
    packed = text + ".zst"
    games_gen.make(text, size, titles=True)
    if not os.path.exists(packed):
        subprocess.run(["zstd", "-q", "-10", "-T0", "-f", text, "-o", packed], check=True)
    large = os.path.join(folder, f"lichess-titles-{size}x6.pgn.zst")
    if not os.path.exists(large):
        with open(large, "wb") as out, open(packed, "rb") as one:
            frames = one.read()
            for _ in range(6):
                out.write(frames)
    out = os.path.join(folder, "out.parquet")
    games = [BINARY, "games", "--format", "parquet", "-o", out]
    cases = {
        "zstd -dc": ["zstd", "-dc", packed],
        "default columns": games + ["--games", packed],
        "all columns": games + ["--columns", "all", packed],
        "white,white_elo": games + ["--columns", "white,white_elo", packed],
        "white,opening": games + ["--columns", "white,opening", packed],
    }
    times = {name: [] for name in cases}
    for _ in range(runs):
        for name, command in cases.items():
            seconds, _ = timed(command, os.devnull)
            times[name].append(seconds)
    base = statistics.median(times["zstd -dc"])
    print(f"{os.path.getsize(packed) / 1e6:.0f} MB .zst, {os.path.getsize(text) / 1e6:.0f} MB of text; medians of {runs}")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:18} {median:8.2f} s  {median / base:5.2f}x zstd -dc")
    raw = statistics.median(times["white,opening"]) / statistics.median(times["white,white_elo"])
    print(f"keeping the bytes (white,opening / white,white_elo): {raw:.2f}x")
    for label, path in [(f"{size} MB", packed), (f"{size} MB x6", large)]:
        for columns in (["--games"], ["--columns", "all"]):
            mb = peak_mb(games + columns + [path])
            print(f"peak resident size, {label}, {' '.join(columns)}: {mb:.0f} MB")


if __name__ == "__main__":
    main()
