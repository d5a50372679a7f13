#!/usr/bin/env python3
"""Position search and game PGNs, on legal lichess-shaped games spread
over all 960 starts and on the same amount crowded into one start (518,
as standard games all share one): `chess960 explorer index` (which now
keeps every game whole) against `chess960 games --games --moves`, both on
one core, in turns; the db's size against the input's `.zst`; the first
page of 50 games of the most played position and of positions reached by
one game, and one game's PGN (`explorer/benches/games_latency.rs`); and
every game of the busiest start listed as tsv to a file.

    python3 benches/explorer_games.py [SIZE_MB] [ROUNDS]   # 50 and 3 by default

The inputs are `cargo bench --bench legal_games -- SIZE_MB` and
`-- SIZE_MB 1` (every game from 518), written once into BENCH_DIR (/tmp by
default), with their `.zst` (`zstd -19`). Needs `target/release/chess960`
and the `zstd` command.
"""

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from explorer_speed import BINARY, ROOT, allocated, one_core, run, size_of  # noqa: E402


def inputs(bench, size):
    """The two inputs (spread, crowded) and their `.zst`, made once."""
    made = []
    for name, extra in [(f"legal{size}.pgn", []), (f"legal{size}-518.pgn", ["1"])]:
        pgn = bench / name
        if not pgn.exists() or pgn.stat().st_size == 0:
            with open(pgn, "wb") as out:
                subprocess.run(["cargo", "bench", "--bench", "legal_games", "--", str(size), *extra],
                               cwd=ROOT, stdout=out, check=True)
        zst = bench / (name + ".zst")
        if not zst.exists():
            subprocess.run(["zstd", "-q", "-19", "-T2", str(pgn), "-o", str(zst)], check=True)
        made.append((pgn, zst))
    return made


def main():
    args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    size = int(args[0]) if args else 50
    rounds = int(args[1]) if len(args) > 1 else 3
    bench = Path(os.environ.get("BENCH_DIR", "/tmp"))
    for pgn, zst in inputs(bench, size):
        megabytes = pgn.stat().st_size / 1e6
        db = bench / f"explorer-games-{pgn.stem}"
        games_times, index_times = [], []
        for _ in range(rounds):
            games_times.append(run(one_core([str(BINARY), "games", "--games", "--moves", str(pgn)]),
                                   {"CHESS960_GAMES_THREADS": "1"}))
            subprocess.run(["rm", "-rf", str(db)], check=True)
            index_times.append(run(one_core([str(BINARY), "explorer", "index", str(pgn), "--db", str(db),
                                             "--threads", "1"])))
        ratios = sorted(g / i for g, i in zip(games_times, index_times))
        print(f"input: {pgn} ({megabytes:.1f} MB plain, {zst.stat().st_size / 1e6:.2f} MB .zst), {rounds} rounds in turns")
        print(f"games --games --moves, one core: median {statistics.median(games_times):.2f} s; "
              f"explorer index, one core: median {statistics.median(index_times):.2f} s; "
              f"speed against --games --moves per round: median {statistics.median(ratios):.2f}x "
              f"({ratios[0]:.2f} to {ratios[-1]:.2f})")
        print(f"db size: {allocated(db) / 1e6:.2f} MB on disk = {allocated(db) / zst.stat().st_size:.2f}x the .zst "
              f"({size_of(db) / 1e6:.2f} MB apparent = {size_of(db) / zst.stat().st_size:.2f}x)")
        subprocess.run(["cargo", "bench", "-q", "-p", "chess960-explorer", "--bench", "games_latency", "--", str(db)],
                       cwd=ROOT, check=True)
        if not pgn.stem.endswith("-518"):
            continue
        # Every game of the crowded start, as tsv to a file.
        start = "518"
        listing = bench / "explorer-games-listing.tsv"
        times = []
        for _ in range(rounds):
            begun = time.perf_counter()
            with open(listing, "wb") as out:
                subprocess.run([str(BINARY), "explorer", "games", "--db", str(db), "--start", start,
                                "--format", "tsv"], stdout=out, check=True)
            times.append(time.perf_counter() - begun)
        with open(listing, encoding="utf-8") as text:
            count = sum(1 for _ in text) - 2
        median = statistics.median(times)
        print(f"every game of start {start} as tsv to a file: {count} games, median {median:.3f} s "
              f"({count / median / 1e6:.2f} million games/s)")
        listing.unlink()


if __name__ == "__main__":
    main()
