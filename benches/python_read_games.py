#!/usr/bin/env python3
"""Benchmark of the Python package's `read_games` (a script, not a test: run
it by hand with the package, pyarrow and python-chess installed, e.g. in the
virtual environment `bash python/run-tests.sh` makes):

    .venv-ci/bin/python benches/python_read_games.py [SIZE_MB] [RUNS]   (200, 5)

Input: a lichess-like archive of benches/games_gen.py, SIZE_MB megabytes,
made in BENCH_DIR (default: a new temporary directory; set it to keep the
file between runs), and one a tenth of its size.

Cases, each run RUNS times in a fresh interpreter (median wall time):
  read_games(path, threads=1) into a pyarrow table, pinned to one core
  (taskset -c 0 where there is one): GB/s;
  the same with all threads;
  python-chess's `chess.pgn.read_headers` loop over the first tenth of the
  file (timed, then scaled to the whole);
  the peak resident size at a tenth of SIZE_MB and at SIZE_MB, and the
  same less the table's own bytes: flat when the reading itself takes no
  more memory as the input grows;
  the `Games` stream consumed batch by batch (pyarrow's RecordBatchReader,
  every column with the movetext, nothing kept): its time and peak
  resident size at a tenth of SIZE_MB and at SIZE_MB, which stays flat
  whatever the size (shown with SIZE_MB=3000);
  write_parquet of every column: its time and peak resident size.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from games_gen import make

READ = """
import resource, sys, time
import pyarrow as pa
import chess960
path, threads = sys.argv[1], sys.argv[2]
start = time.perf_counter()
table = pa.table(chess960.read_games(path, threads=None if threads == "all" else int(threads)))
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(seconds, table.num_rows, table.nbytes, peak)
"""

STREAM = """
import resource, sys, time
import pyarrow as pa
import chess960
path = sys.argv[1]
start = time.perf_counter()
reader = pa.RecordBatchReader.from_stream(chess960.read_games(path, columns="all"))
rows = batches = 0
for batch in reader:
    rows += batch.num_rows
    batches += 1
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(seconds, rows, batches, peak)
"""

PARQUET = """
import os, resource, sys, tempfile, time
import chess960
path = sys.argv[1]
out = os.path.join(tempfile.mkdtemp(), "games.parquet")
start = time.perf_counter()
summary = chess960.write_parquet(path, out, columns="all")
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(seconds, summary["matched"], os.path.getsize(out), peak)
os.remove(out)
"""

HEADERS = """
import sys, time
import chess.pgn
path, limit = sys.argv[1], int(sys.argv[2])
games = 0
start = time.perf_counter()
with open(path, encoding="utf-8") as handle:
    while handle.tell() < limit and chess.pgn.read_headers(handle) is not None:
        games += 1
    done = handle.tell()
print(time.perf_counter() - start, games, done)
"""


def pinned(command: list[str]) -> list[str]:
    return (["taskset", "-c", "0"] if shutil.which("taskset") else []) + command


def runs(command: list[str], count: int) -> list[list[float]]:
    results = []
    for _ in range(count):
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        results.append([float(value) for value in out.split()])
    return results


def main() -> None:
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    directory = os.environ.get("BENCH_DIR") or tempfile.mkdtemp(prefix="chess960-py-")
    big = os.path.join(directory, f"lichess-{size}.pgn")
    small = os.path.join(directory, f"lichess-{max(size // 10, 1)}.pgn")
    make(big, size)
    make(small, max(size // 10, 1))
    length = os.path.getsize(big)
    python = sys.executable
    print(f"input: {big}, {length / 1e6:.0f} MB; {count} runs each, medians")

    one = runs(pinned([python, "-c", READ, big, "1"]), count)
    seconds = statistics.median(r[0] for r in one)
    print(f"read_games threads=1 (one core) -> pyarrow: {seconds:.3f} s, "
          f"{length / seconds / 1e9:.2f} GB/s, {int(one[0][1])} rows, table {one[0][2] / 1e6:.0f} MB")
    every = runs([python, "-c", READ, big, "all"], count)
    seconds_all = statistics.median(r[0] for r in every)
    print(f"read_games all threads ({os.cpu_count()} cores) -> pyarrow: {seconds_all:.3f} s, "
          f"{length / seconds_all / 1e9:.2f} GB/s")

    limit = length // 10
    headers = runs(pinned([python, "-c", HEADERS, big, str(limit)]), max(count // 2, 1))
    head_seconds = statistics.median(r[0] for r in headers)
    head_bytes = headers[0][2]
    scaled = head_seconds * length / head_bytes
    print(f"python-chess read_headers loop: {head_seconds:.2f} s for {head_bytes / 1e6:.0f} MB "
          f"({int(headers[0][1])} games), {head_bytes / head_seconds / 1e6:.1f} MB/s; "
          f"scaled to the whole file {scaled:.0f} s: read_games threads=1 is {scaled / seconds:.0f}x faster")

    for path in (small, big):
        result = runs(pinned([python, "-c", READ, path, "1"]), 1)[0]
        print(f"peak RSS at {os.path.getsize(path) / 1e6:.0f} MB: {result[3] / 1e6:.0f} MB; "
              f"less the table ({result[2] / 1e6:.0f} MB): {(result[3] - result[2]) / 1e6:.0f} MB")

    for path in (small, big):
        size = os.path.getsize(path)
        result = runs([python, "-c", STREAM, path], 1)[0]
        print(f"Games streamed batch by batch, every column, at {size / 1e6:.0f} MB: "
              f"{result[0]:.2f} s, {size / result[0] / 1e9:.2f} GB/s, {int(result[1])} rows in "
              f"{int(result[2])} batches; peak RSS {result[3] / 1e6:.0f} MB")
    result = runs([python, "-c", PARQUET, big], 1)[0]
    print(f"write_parquet every column at {length / 1e6:.0f} MB: {result[0]:.2f} s, "
          f"{length / result[0] / 1e9:.2f} GB/s, {int(result[1])} games, file {result[2] / 1e6:.0f} MB; "
          f"peak RSS {result[3] / 1e6:.0f} MB")


if __name__ == "__main__":
    main()
