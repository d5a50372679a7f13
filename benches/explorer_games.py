#!/usr/bin/env python3
"""Position search and game PGNs, on legal lichess-shaped games spread
over all 960 starts and on the same amount crowded into one start (518,
as standard games all share one): `chess960 explorer index` (which now
keeps every game whole) against `chess960 games --games --moves`, both on
one core, in turns (each round in the other order from the one before);
the db's size against the input's `.zst`; the first page of 50 games of
the most played position and of positions reached by one game, and one
game's PGN (`explorer/benches/games_latency.rs`); and every game of the
busiest start listed as tsv to a file.

    python3 benches/explorer_games.py [SIZE_MB] [ROUNDS]   # 50 and 3 by default
    python3 benches/explorer_games.py 3000 2 --spread --no-zst
    python3 benches/explorer_games.py --real 5

The inputs are `cargo bench --bench legal_games -- SIZE_MB` and
`-- SIZE_MB 1` (every game from 518), written once into BENCH_DIR (/tmp by
default), with their `.zst` (`zstd -19`). `--spread` or `--crowded` takes
one of them only. `--no-zst`: the `.zst` is estimated from that of the
input's first 300 MB (`zstd -19` of 3 GB takes about 40 minutes here).
`--against PATH`: another build's index too, in the same turns (the
index of a build before stored games, say). `--real`: the committed month of real lichess games
(`games/tests/fixtures/lichess_2025-05_438.pgn`, 438 standard games, so
one start) instead. Needs `target/release/chess960` and the `zstd`
command.
"""

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from explorer_speed import BINARY, ROOT, allocated, one_core, run, size_of  # noqa: E402


PREFIX = 300_000_000


def zst_bytes(pgn, zst, whole):
    """The `.zst`'s bytes, made once: of the whole input, or (not whole)
    of its first 300 MB scaled to its size, an estimate."""
    if whole or pgn.stat().st_size <= PREFIX:
        if not zst.exists():
            subprocess.run(["zstd", "-q", "-19", "-T2", str(pgn), "-o", str(zst)], check=True)
        return zst.stat().st_size, ""
    prefix = zst.with_name(zst.name.replace(".zst", ".first300.zst"))
    if not prefix.exists():
        with open(pgn, "rb") as text:
            subprocess.run(["zstd", "-q", "-19", "-T2", "-", "-o", str(prefix)], input=text.read(PREFIX), check=True)
    return prefix.stat().st_size * pgn.stat().st_size / PREFIX, " (estimated from its first 300 MB's)"


def inputs(bench, size, which, whole):
    """The inputs asked (spread, crowded) and their `.zst`'s bytes, made once."""
    made = []
    for kind, name, extra in [("spread", f"legal{size}.pgn", []), ("crowded", f"legal{size}-518.pgn", ["1"])]:
        if kind not in which:
            continue
        pgn = bench / name
        if not pgn.exists() or pgn.stat().st_size == 0:
            with open(pgn, "wb") as out:
                subprocess.run(["cargo", "bench", "--bench", "legal_games", "--", str(size), *extra],
                               cwd=ROOT, stdout=out, check=True)
        made.append((pgn, *zst_bytes(pgn, bench / (name + ".zst"), whole)))
    return made


def main():
    args = [arg for arg in sys.argv[1:] if not arg.startswith("--") and not arg.startswith("/")]
    size = int(args[0]) if args else 50
    rounds = int(args[1]) if len(args) > 1 else 3
    flags = sys.argv[1:]
    bench = Path(os.environ.get("BENCH_DIR", "/tmp"))
    if "--real" in flags:
        rounds = int(args[0]) if args else 3
        real = ROOT / "games" / "tests" / "fixtures" / "lichess_2025-05_438.pgn"
        chosen = [(real, *zst_bytes(real, bench / (real.name + ".zst"), True))]
    else:
        which = [kind for kind in ["spread", "crowded"] if f"--{kind}" in flags] or ["spread", "crowded"]
        chosen = inputs(bench, size, which, "--no-zst" not in flags)
    for pgn, zst, estimated in chosen:
        megabytes = pgn.stat().st_size / 1e6
        db = bench / f"explorer-games-{pgn.stem}"
        games_times, index_times, other_times = [], [], []
        other = next((flags[i + 1] for i, flag in enumerate(flags[:-1]) if flag == "--against"), None)
        other_db = bench / f"explorer-games-{pgn.stem}-other"

        def index_other():
            subprocess.run(["rm", "-rf", str(other_db)], check=True)
            other_times.append(run(one_core([other, "explorer", "index", str(pgn), "--db", str(other_db),
                                             "--threads", "1"])))

        def list_games():
            games_times.append(run(one_core([str(BINARY), "games", "--games", "--moves", str(pgn)]),
                                   {"CHESS960_GAMES_THREADS": "1"}))

        def index_ours():
            subprocess.run(["rm", "-rf", str(db)], check=True)
            index_times.append(run(one_core([str(BINARY), "explorer", "index", str(pgn), "--db", str(db),
                                             "--threads", "1"])))

        for turn in range(rounds):
            # Each round in the other order from the one before, so that
            # no command always follows the same one.
            steps = ([index_other] if other else []) + [list_games, index_ours]
            for step in steps if turn % 2 == 0 else reversed(steps):
                step()
        subprocess.run(["rm", "-rf", str(other_db)], check=True)
        ratios = sorted(g / i for g, i in zip(games_times, index_times))
        print(f"input: {pgn} ({megabytes:.1f} MB plain, {zst / 1e6:.2f} MB .zst{estimated}), {rounds} rounds in turns")
        print(f"games --games --moves, one core: median {statistics.median(games_times):.2f} s; "
              f"explorer index, one core: median {statistics.median(index_times):.2f} s; "
              f"speed against --games --moves per round: median {statistics.median(ratios):.2f}x "
              f"({ratios[0]:.2f} to {ratios[-1]:.2f})")
        if other:
            others = sorted(g / i for g, i in zip(games_times, other_times))
            print(f"{other} index, one core: median {statistics.median(other_times):.2f} s; against --games --moves "
                  f"per round: median {statistics.median(others):.2f}x ({others[0]:.2f} to {others[-1]:.2f})")
        print(f"db size: {allocated(db) / 1e6:.2f} MB on disk = {allocated(db) / zst:.2f}x the .zst "
              f"({size_of(db) / 1e6:.2f} MB apparent = {size_of(db) / zst:.2f}x)")
        subprocess.run(["cargo", "bench", "-q", "-p", "chess960-explorer", "--bench", "games_latency", "--", str(db)],
                       cwd=ROOT, check=True)
        # Every game of the crowded start, as tsv to a file.
        if pgn.stem.endswith("-518"):
            start, where = "518", ["--start", "518"]
        elif "--real" in flags:
            start, where = "the classical start", ["--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
        else:
            continue
        listing = bench / "explorer-games-listing.tsv"
        times = []
        for _ in range(rounds):
            begun = time.perf_counter()
            with open(listing, "wb") as out:
                subprocess.run([str(BINARY), "explorer", "games", "--db", str(db), *where,
                                "--format", "tsv"], stdout=out, check=True)
            times.append(time.perf_counter() - begun)
        with open(listing, encoding="utf-8") as text:
            count = sum(1 for _ in text) - 2
        median = statistics.median(times)
        print(f"every game of {'start ' if start.isdigit() else ''}{start} as tsv to a file: {count} games, median {median:.3f} s "
              f"({count / median / 1e6:.2f} million games/s)")
        listing.unlink()


if __name__ == "__main__":
    main()
