#!/usr/bin/env python3
"""The speed of the games' moves: `chess960 games --openings 8` against
`--stats`, and `--games --moves` in MB/s, on one core and on all, timed in
turns; and python-chess's `read_game` on the same bytes.

    python3 benches/moves_speed.py [SIZE_MB] [ROUNDS]   # 200 and 5 by default

The input is `cargo bench --bench legal_games -- SIZE_MB` (legal games,
lichess-shaped, clock comments, written once into BENCH_DIR, /tmp by
default). Each round runs every command once, in turn, so that a drift of
the machine's speed touches them all; the medians are printed, and the
ratios against `--stats` are the medians of the rounds' ratios. python-chess
(the `chess` package; run this script with a Python that has it, such as
`.venv-ci/bin/python` after `bash python/run-tests.sh`) reads the first
5 MB only: it replays about a megabyte a second.
"""

import io
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "chess960"


def timed(args, threads):
    env = dict(os.environ, CHESS960_GAMES_THREADS=str(threads))
    start = time.perf_counter()
    subprocess.run([str(BINARY), *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    return time.perf_counter() - start


def python_chess_rate(path, megabytes=5):
    try:
        import chess.pgn
    except ImportError:
        return None
    with open(path, "rb") as f:
        data = f.read(megabytes * 1_000_000)
    data = data[: data.rfind(b"\n\n[Event ") + 2]
    text = io.StringIO(data.decode())
    start = time.perf_counter()
    plies = 0
    while (game := chess.pgn.read_game(text)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.uci(move)
            board.push(move)
            plies += 1
    seconds = time.perf_counter() - start
    return len(data), seconds, plies


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    bench = Path(os.environ.get("BENCH_DIR", "/tmp"))
    subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "chess960-cli"], cwd=ROOT, check=True)
    path = bench / f"legal_games_{size}.pgn"
    if not path.exists():
        with open(path, "wb") as out:
            subprocess.run(["cargo", "bench", "--quiet", "--bench", "legal_games", "--", str(size)],
                           cwd=ROOT, stdout=out, check=True)
    packed = path.with_suffix(".pgn.zst")
    if not packed.exists():
        subprocess.run(["zstd", "-q", "-10", "-T0", str(path), "-o", str(packed)], check=True)
    megabytes = path.stat().st_size / 1e6
    commands = {
        "--stats": [],
        "--openings 8": ["--openings", "8"],
        "--games": ["--games"],
        "--games --moves": ["--games", "--moves"],
    }
    cores = os.cpu_count() or 1
    inputs = {"plain": path, ".zst": packed}
    times = {(kind, name, threads): [] for kind in inputs for name in commands for threads in (1, cores)}
    for _ in range(rounds):
        for kind, file in inputs.items():
            for threads in (1, cores):
                for name, args in commands.items():
                    times[(kind, name, threads)].append(timed(["games", str(file), *args], threads))
    print(f"{megabytes:.0f} MB of legal lichess-shaped games ({path.name}; `.zst`: zstd -10), "
          f"medians of {rounds} rounds in turns; MB/s of the text\n")
    print(f"| input | command | one core | x --stats | {cores} cores | x --stats |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for kind in inputs:
        for name in commands:
            cells = []
            for threads in (1, cores):
                own = times[(kind, name, threads)]
                median = statistics.median(own)
                ratios = [a / b for a, b in zip(own, times[(kind, "--stats", threads)])]
                cells += [f"{median:.2f} s ({megabytes / median:.0f} MB/s)", f"{statistics.median(ratios):.2f}x"]
            print(f"| {kind} | `{name}` | " + " | ".join(cells) + " |")
    times = {(name, threads): times[("plain", name, threads)] for name in commands for threads in (1, cores)}
    measured = python_chess_rate(path)
    if measured is None:
        print("\npython-chess is not installed here: no comparison")
        return
    size_pc, seconds, plies = measured
    ours = statistics.median(times[("--games --moves", 1)]) * size_pc / path.stat().st_size
    print(
        f"\npython-chess read_game + board.uci on the first {size_pc / 1e6:.1f} MB: {seconds:.1f} s "
        f"({size_pc / 1e6 / seconds:.2f} MB/s, {plies} plies); `--games --moves` on one core at its median rate "
        f"takes {ours:.3f} s for those bytes: {seconds / ours:.0f}x faster"
    )


if __name__ == "__main__":
    main()
