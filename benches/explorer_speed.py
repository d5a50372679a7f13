#!/usr/bin/env python3
"""The explorer's speed, memory and size: `chess960 explorer index` against
`chess960 games --games --moves` on the same input, both pinned to one
core (taskset), and the index on two cores, timed in turns; the indexer's
peak memory; the db's size against the input's
`.zst`; then query latency on a warm db (`explorer/benches/query_latency.rs`)
of 20,000 games from the classical start written by python-chess (so that
the first positions hold thousands of games: the legal games spread over
960 starts hold a handful each), indexed in one run, then as 16 months
indexed one after the other (the most runs a db keeps).

    python3 benches/explorer_speed.py [SIZE_MB] [ROUNDS] [--no-zst]   # 20 and 3 by default

The input is `cargo bench --bench legal_games -- SIZE_MB` (legal games,
lichess-shaped, clock comments), written once into BENCH_DIR (/tmp by
default), and its `.zst` (`zstd -19`, as lichess's monthly files are
compressed) beside it. Needs `target/release/chess960` (`cargo build
--release -p chess960-cli`), the `zstd` command and, for the query
latency, python-chess (`chess`; run with `.venv-ci/bin/python`).
"""

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "chess960"


def run(args, env=None):
    """Runs a command line; its wall time."""
    start = time.perf_counter()
    done = subprocess.run(
        args,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=dict(os.environ, **(env or {})),
        check=False,
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} failed: {done.stderr.decode()}")
    return seconds


def peak_rss(args):
    """The peak RSS in MB of one run, measured with /usr/bin/time when it exists."""
    if not Path("/usr/bin/time").exists():
        return None
    done = subprocess.run(
        ["/usr/bin/time", "-f", "%M", str(BINARY), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=False,
    )
    last = done.stderr.decode().strip().splitlines()[-1]
    return int(last) / 1024


def classical_games(path, count=20_000, seed=5):
    """`count` random games from the classical start, their first 8 plies
    from a few popular moves, as PGN (python-chess)."""
    import random

    import chess
    import chess.pgn

    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as out:
        for number in range(count):
            board = chess.Board()
            game = chess.pgn.Game()
            game.headers["Site"] = f"https://example.org/c{number:07}"
            game.headers["Result"] = rng.choice(["1-0", "0-1", "1/2-1/2"])
            game.headers["WhiteElo"] = str(rng.randrange(1000, 2700))
            game.headers["BlackElo"] = str(rng.randrange(1000, 2700))
            game.headers["TimeControl"] = rng.choice(["60+0", "180+2", "600+5"])
            game.headers["UTCDate"] = f"2026.{rng.randrange(1, 13):02}.{rng.randrange(1, 29):02}"
            node = game
            for ply in range(rng.randrange(10, 60)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                moves.sort(key=lambda m: m.uci())
                move = moves[rng.randrange(min(3, len(moves)))] if ply < 8 else rng.choice(moves)
                node = node.add_variation(move)
                board.push(move)
            out.write(str(game) + "\n\n")


def size_of(path):
    """Apparent bytes of the files of a folder (redb's file is sparse)."""
    return sum(p.stat().st_size for p in Path(path).rglob("*") if p.is_file())


def allocated(path):
    """Bytes of disk the files of a folder take."""
    return sum(p.stat().st_blocks * 512 for p in Path(path).rglob("*") if p.is_file())


def one_core(args):
    """The command pinned to core 0 (taskset), where taskset exists."""
    return (["taskset", "-c", "0"] if shutil.which("taskset") else []) + args


def main():
    args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    # --no-zst: no `.zst` made (zstd -19 of 3 GB takes about 40 minutes
    # here), so no size against it.
    no_zst = "--no-zst" in sys.argv[1:]
    size = int(args[0]) if args else 20
    rounds = int(args[1]) if len(args) > 1 else 3
    bench = Path(os.environ.get("BENCH_DIR", "/tmp"))
    pgn = bench / f"legal{size}.pgn"
    if not pgn.exists() or pgn.stat().st_size == 0:
        with open(pgn, "wb") as out:
            subprocess.run(["cargo", "bench", "--bench", "legal_games", "--", str(size)], cwd=ROOT, stdout=out, check=True)
    zst = bench / f"legal{size}.pgn.zst"
    if not zst.exists() and not no_zst:
        subprocess.run(["zstd", "-q", "-19", "-T2", str(pgn), "-o", str(zst)], check=True)
    megabytes = pgn.stat().st_size / 1e6
    db = bench / f"explorer-bench-{size}"
    games_times, one_times, two_times = [], [], []
    # In turns: --games --moves and the index on one core, the index on two.
    for _ in range(rounds):
        games_times.append(run(one_core([str(BINARY), "games", "--games", "--moves", str(pgn)]),
                               {"CHESS960_GAMES_THREADS": "1"}))
        subprocess.run(["rm", "-rf", str(db)], check=True)
        one_times.append(run(one_core([str(BINARY), "explorer", "index", str(pgn), "--db", str(db), "--threads", "1"])))
        subprocess.run(["rm", "-rf", str(db)], check=True)
        two_times.append(run([str(BINARY), "explorer", "index", str(pgn), "--db", str(db), "--threads", "2"]))
    games_median = statistics.median(games_times)
    one_median, two_median = statistics.median(one_times), statistics.median(two_times)
    ratios = sorted(g / i for g, i in zip(games_times, one_times))
    speedups = sorted(o / t for o, t in zip(one_times, two_times))
    zst_text = f"{zst.stat().st_size / 1e6:.2f} MB .zst" if zst.exists() else "no .zst"
    print(f"input: {pgn} ({megabytes:.1f} MB plain, {zst_text}), {rounds} rounds in turns")
    print(f"games --games --moves, one core: median {games_median:.2f} s ({megabytes / games_median:.1f} MB/s)")
    print(f"explorer index, one core: median {one_median:.2f} s ({megabytes / one_median:.1f} MB/s); "
          f"speed against --games --moves per round: median {statistics.median(ratios):.2f}x "
          f"({ratios[0]:.2f} to {ratios[-1]:.2f})")
    print(f"explorer index, two cores: median {two_median:.2f} s; against one core per round: "
          f"median {statistics.median(speedups):.2f}x ({speedups[0]:.2f} to {speedups[-1]:.2f})")
    if zst.exists():
        print(f"db size: {allocated(db) / 1e6:.2f} MB on disk = {allocated(db) / zst.stat().st_size:.2f}x the .zst "
              f"({size_of(db) / 1e6:.2f} MB apparent = {size_of(db) / zst.stat().st_size:.2f}x)")
    else:
        print(f"db size: {allocated(db) / 1e6:.2f} MB on disk ({size_of(db) / 1e6:.2f} MB apparent)")
    subprocess.run(["rm", "-rf", str(db)], check=True)
    rss = peak_rss(["explorer", "index", str(pgn), "--db", str(db), "--threads", "2"])
    if rss is not None:
        print(f"explorer index peak RSS (two cores): {rss:.0f} MB")
    classical = bench / "explorer-classical.pgn"
    if not classical.exists():
        classical_games(classical)
    deep = bench / "explorer-bench-classical"
    subprocess.run(["rm", "-rf", str(deep)], check=True)
    run([str(BINARY), "explorer", "index", str(classical), "--db", str(deep)])
    subprocess.run(
        ["cargo", "bench", "-q", "-p", "chess960-explorer", "--bench", "query_latency", "--", str(deep)],
        cwd=ROOT,
        check=True,
    )
    # The same games added month by month: 16 files indexed one after the
    # other into one db, which then holds the most runs a db keeps (16).
    months = bench / "explorer-months"
    subprocess.run(["rm", "-rf", str(months)], check=True)
    months.mkdir()
    records = classical.read_text(encoding="utf-8").split("\n\n[Event ")
    records = [records[0]] + ["[Event " + record for record in records[1:]]
    for month in range(16):
        part = records[month * len(records) // 16:(month + 1) * len(records) // 16]
        path = months / f"month{month:02}.pgn"
        path.write_text("\n\n".join(part).strip() + "\n\n", encoding="utf-8")
        run([str(BINARY), "explorer", "index", str(path), "--db", str(months / "db")])
    print("the same games indexed as 16 months, one after the other:")
    subprocess.run(
        ["cargo", "bench", "-q", "-p", "chess960-explorer", "--bench", "query_latency", "--", str(months / "db")],
        cwd=ROOT,
        check=True,
    )


if __name__ == "__main__":
    main()
