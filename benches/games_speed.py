#!/usr/bin/env python3
"""Benchmark of `chess960 games` at the speed of memory (a script, not a
test: run it by hand). Figures and how to read them: benches/README.md,
"Reading game records".

    python3 benches/games_speed.py [SIZE_MB] [RUNS]     (defaults 200 and 7)

Inputs, made in BENCH_DIR (default: a new temporary directory; set it to
keep the files between runs):
  fixtures.pgn  the committed real records (games/tests/fixtures/engine_match.pgn,
                an engine match Stockfish played, and player_archive.pgn)
                repeated to SIZE_MB megabytes;
  lichess.pgn   lichess-like records of benches/games_gen.py (clock
                comments on every move), SIZE_MB megabytes;
and each compressed with zstd (-10), gzip (-6), bzip2 (-9) and xz (-6).

Each case runs RUNS times; the median wall time is printed with the
throughput. Cases: statistics on one core (taskset -c 0) and on all cores
(and on one core with `--no-mmap`: read, not mapped) against
`grep -c '^\\[FEN'` and `wc -l`; `--games` and `--pgn` (every game, and
one start's) on all cores, with the check that one core and all cores
write the same bytes; each compressed file against its decompressor alone
writing to a file, and to /dev/null; the peak resident size at 20 MB and
20x that.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "benches"))
from peak import peak_kb  # noqa: E402


def run(command, **kwargs):
    return subprocess.run(command, check=False, **kwargs)


def median_seconds(command, runs, null=False):
    # Into a file, not /dev/null: GNU grep stops at its first match when
    # its output is /dev/null. `null`: into /dev/null all the same.
    times = []
    with tempfile.TemporaryFile() as out:
        for _ in range(runs):
            out.seek(0)
            out.truncate()
            start = time.perf_counter()
            target = subprocess.DEVNULL if null else out
            subprocess.run(command, stdout=target, stderr=subprocess.DEVNULL, check=False)
            times.append(time.perf_counter() - start)
    return statistics.median(times)




def make_inputs(work, size_mb):
    fixtures = os.path.join(work, "fixtures.pgn")
    if not os.path.exists(fixtures):
        unit = b""
        for name in ["engine_match.pgn", "player_archive.pgn"]:
            with open(os.path.join(ROOT, "games", "tests", "fixtures", name), "rb") as file:
                unit += file.read().rstrip(b"\n") + b"\n\n"
        with open(fixtures, "wb") as out:
            out.write(unit * (size_mb * 1_000_000 // len(unit) + 1))
    lichess = os.path.join(work, "lichess.pgn")
    if not os.path.exists(lichess):
        with open(lichess, "wb") as out:
            run([sys.executable, os.path.join(ROOT, "benches", "games_gen.py"), str(size_mb)], stdout=out)
    for path in [fixtures, lichess]:
        for ext, command in [
            ("zst", ["zstd", "-q", "-T0", "-10", "-c"]),
            ("gz", ["gzip", "-6", "-c"]),
            ("bz2", ["bzip2", "-9", "-c"]),
            ("xz", ["xz", "-6", "-T0", "-c"]),
        ]:
            target = f"{path}.{ext}"
            if not os.path.exists(target):
                with open(target, "wb") as out:
                    run(command + [path], stdout=out)
    return fixtures, lichess


def main():
    size_mb = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    work = os.environ.get("BENCH_DIR") or tempfile.mkdtemp()
    os.makedirs(work, exist_ok=True)
    run(["cargo", "build", "--release", "-p", "chess960-cli"], cwd=ROOT, stderr=subprocess.DEVNULL)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    binary = os.path.join(target, "release", "chess960")
    fixtures, lichess = make_inputs(work, size_mb)
    with open("/proc/loadavg") as file:
        load = " ".join(file.read().split()[:3])
    print(f"{os.cpu_count()} cores, load {load}; medians of {runs} runs; files in {work}")
    one_core = ["taskset", "-c", "0"]

    for path in [fixtures, lichess]:
        size = os.path.getsize(path)
        name = os.path.basename(path)
        print(f"\n{name}: {size / 1e6:.0f} MB")

        def line(label, seconds, base=None):
            ratio = f"  {base / seconds:.2f}x" if base else ""
            print(f"  {label:<44} {seconds * 1000:8.1f} ms {size / seconds / 1e9:6.2f} GB/s{ratio}")
            return seconds

        for _ in range(2):  # the page cache
            run(["cat", path], stdout=subprocess.DEVNULL)
        one = line("games, statistics, one core", median_seconds(one_core + [binary, "games", path], runs))
        line("games, statistics, one core, --no-mmap", median_seconds(one_core + [binary, "games", "--no-mmap", path], runs))
        line("games, statistics, all cores", median_seconds([binary, "games", path], runs), one)
        line("grep -c '^\\[FEN' (one core)", median_seconds(one_core + ["grep", "-c", "^\\[FEN", path], runs))
        line("wc -l (one core)", median_seconds(one_core + ["wc", "-l", path], runs))
        line("games --games (rows), all cores", median_seconds([binary, "games", "--games", path], runs))
        line("games --pgn (every game), one core", median_seconds(one_core + [binary, "games", "--pgn", path], runs))
        line("games --pgn (every game), all cores", median_seconds([binary, "games", "--pgn", path], runs))
        line("games --start 451 --pgn, all cores", median_seconds([binary, "games", "--start", "451", "--pgn", path], runs))
        # One core and all cores write the same bytes.
        for args in [[], ["--games"], ["--pgn"], ["--player", "Ada"]]:
            outputs = []
            for prefix in [one_core, []]:
                result = run(prefix + [binary, "games"] + args + [path], capture_output=True)
                outputs.append((result.stdout, result.stderr, result.returncode))
            same = "identical" if outputs[0] == outputs[1] else "DIFFERENT"
            print(f"  one core and all cores, games {' '.join(args) or '(statistics)'}: {same}")
        for ext, decompress in [("zst", ["zstd", "-dc"]), ("gz", ["gzip", "-dc"]), ("bz2", ["bzip2", "-dc"]), ("xz", ["xz", "-dc"])]:
            packed = f"{path}.{ext}"
            alone = median_seconds(decompress + [packed], runs)
            null = median_seconds(decompress + [packed], runs, null=True)
            ours = median_seconds([binary, "games", packed], runs)
            print(
                f"  .{ext:<4} {' '.join(decompress)} alone {alone * 1000:8.1f} ms"
                f" (to /dev/null {null * 1000:8.1f} ms);"
                f" chess960 games {ours * 1000:8.1f} ms: {ours / alone:.2f}x ({ours / null:.2f}x)"
            )

    # Memory: 20 MB and 20x as much (the fixtures, repeated).
    small = os.path.join(work, "small.pgn")
    large = os.path.join(work, "large.pgn")
    with open(fixtures, "rb") as file:
        head = file.read(20_000_000)
    with open(small, "wb") as out:
        out.write(head)
    with open(large, "wb") as out:
        for _ in range(20):
            out.write(head)
    run(["zstd", "-q", "-f", "-T0", "-3", large, "-o", large + ".zst"])
    print("\npeak resident size (KB), 20 MB -> 400 MB:")
    for label, args in [
        ("statistics, one core", one_core + [binary, "games"]),
        ("statistics, all cores", [binary, "games"]),
        ("--pgn, all cores", [binary, "games", "--pgn"]),
    ]:
        print(f"  {label:<24} {peak_kb(args + [small]):8d} -> {peak_kb(args + [large]):8d}")
    print(f"  {'statistics, .zst':<24} {'':8} -> {peak_kb([binary, 'games', large + '.zst']):8d}")


if __name__ == "__main__":
    main()
