#!/usr/bin/env python3
"""One core against all cores: `chess960 games FILE` with one thread
(CHESS960_GAMES_THREADS=1) and with every core, in turns, on real-shaped
records (a script, not a test: run it by hand). Figures and how to read
them: benches/README.md, "All cores, in turns".

    python3 benches/games_cores.py [SIZE_MB] [PAIRS] [INPUT ...]

SIZE_MB (default 400) is each input's size, PAIRS (default 21) the runs
of each side. INPUT names which inputs to time (default all four):
  mix       files of engine games, match files, event files and
            lichess-like records, concatenated (benches/games_gen_engine.py mix);
  engine    TCEC-like engine games, a long comment on every move
            (benches/games_gen_engine.py engine);
  lichess   lichess-like records (benches/games_gen.py);
  fixtures  the committed real records (games/tests/fixtures/engine_match.pgn
            and player_archive.pgn) repeated;
  wc        no reader: one `wc -l` of the mix against two at once on the
            same file, the machine's own scaling of a pass over memory.

The inputs are generated once into BENCH_DIR/src (default: a new
temporary directory; set BENCH_DIR to keep them) and copied to
BENCH_DIR/run just before they are timed: a fresh copy's pages are in the
page cache as a file just written, the state the figures depend on (see
"the page cache" in benches/README.md). Set CHESS960 to time another
binary (default: target/release/chess960, built first).

Each pair runs one core and all cores, the first of the two alternating
from pair to pair; the output goes to a file. Printed for each side: the
median wall, user and system time (the kernel's accounting of the child,
os.wait4), then the ratio one core / all cores of the medians and the
median, min and max of the pairs' ratios, and the share of the cores
that other processes took meanwhile (from /proc/stat: a figure taken
while others compile is not the machine's). One core and all cores must
write the same bytes (checked once an input).
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INPUTS = ["mix", "engine", "lichess", "fixtures"]


def timed(command, env=None, out=None):
    """Wall, user and system seconds of one run of `command`."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=out or subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{' '.join(command)}: exit status {status}")
    return wall, usage.ru_utime, usage.ru_stime


def timed_together(commands):
    """Wall, user and system seconds of `commands` run at once (sums of the
    CPU times)."""
    start = time.perf_counter()
    processes = [subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for c in commands]
    user = system = 0.0
    for process in processes:
        _, _, usage = os.wait4(process.pid, 0)
        user += usage.ru_utime
        system += usage.ru_stime
    return time.perf_counter() - start, user, system


def generate(src, name, size_mb):
    path = os.path.join(src, f"{name}.pgn")
    if os.path.exists(path):
        return path
    print(f"generating {path}", flush=True)
    with open(path + ".tmp", "wb") as out:
        if name in ("mix", "engine"):
            command = [sys.executable, os.path.join(ROOT, "benches", "games_gen_engine.py"), name, str(size_mb)]
            subprocess.run(command, stdout=out, check=True)
        elif name == "lichess":
            command = [sys.executable, os.path.join(ROOT, "benches", "games_gen.py"), str(size_mb)]
            subprocess.run(command, stdout=out, check=True)
        else:
            unit = b""
            for fixture in ["engine_match.pgn", "player_archive.pgn"]:
                with open(os.path.join(ROOT, "games", "tests", "fixtures", fixture), "rb") as file:
                    unit += file.read().rstrip(b"\n") + b"\n\n"
            out.write(unit * (size_mb * 1_000_000 // len(unit) + 1))
    os.replace(path + ".tmp", path)
    return path


def fresh_copy(path, run_dir):
    """A copy written just now (the old copy removed first)."""
    target = os.path.join(run_dir, os.path.basename(path))
    if os.path.exists(target):
        os.remove(target)
    subprocess.run(["cp", path, target], check=True)
    for _ in range(2):
        subprocess.run(["cat", target], stdout=subprocess.DEVNULL, check=True)
    return target


def busy_seconds():
    """CPU seconds the whole machine spent busy so far (all processes)."""
    with open("/proc/stat") as file:
        fields = [int(x) for x in file.readline().split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def others(busy_before, wall_start, runs):
    """The share of the cores that other processes took during a case: the
    machine's busy time less the timed runs' own CPU time."""
    ours = sum(run[1] + run[2] for run in runs)
    wall = time.perf_counter() - wall_start
    return max(0.0, busy_seconds() - busy_before - ours) / (wall * os.cpu_count())


def load():
    with open("/proc/loadavg") as file:
        return " ".join(file.read().split()[:3])


def report(label, one, all_, size):
    def med(runs, at):
        return statistics.median(run[at] for run in runs)

    for side, runs in [("one core", one), ("all cores", all_)]:
        wall = med(runs, 0)
        print(
            f"  {side:<10} wall {wall * 1000:7.1f} ms ({size / wall / 1e9:5.2f} GB/s)"
            f"  user {med(runs, 1) * 1000:7.1f} ms  sys {med(runs, 2) * 1000:6.1f} ms"
            f"  cpu {statistics.median(r[1] + r[2] for r in runs) * 1000:7.1f} ms"
        )
    ratios = [a[0] / b[0] for a, b in zip(one, all_)]
    cpu = [(b[1] + b[2]) / (a[1] + a[2]) for a, b in zip(one, all_)]
    print(
        f"  {label}: one / all wall {med(one, 0) / med(all_, 0):.2f}x (medians);"
        f" pairs median {statistics.median(ratios):.2f}x, min {min(ratios):.2f}x, max {max(ratios):.2f}x;"
        f" all / one cpu {statistics.median(cpu):.2f}x"
    )


def main():
    args = sys.argv[1:]
    size_mb = int(args.pop(0)) if args and args[0].isdigit() else 400
    pairs = int(args.pop(0)) if args and args[0].isdigit() else 21
    names = args or INPUTS + ["wc"]
    work = os.environ.get("BENCH_DIR") or tempfile.mkdtemp()
    src, run_dir = os.path.join(work, "src"), os.path.join(work, "run")
    os.makedirs(src, exist_ok=True)
    os.makedirs(run_dir, exist_ok=True)
    binary = os.environ.get("CHESS960")
    if not binary:
        subprocess.run(["cargo", "build", "--release", "-p", "chess960-cli"], cwd=ROOT, check=True, stderr=subprocess.DEVNULL)
        target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
        binary = os.path.join(target, "release", "chess960")
    sources = {name: generate(src, name, size_mb) for name in (INPUTS if "wc" in names else names) if name in INPUTS}
    one_env = dict(os.environ, CHESS960_GAMES_THREADS="1")
    print(f"{os.cpu_count()} cores, load {load()}; {pairs} pairs a case; {binary}; files in {work}")

    for name in names:
        if name == "wc":
            path = fresh_copy(sources["mix"], run_dir)
            size = os.path.getsize(path)
            print(f"\nwc -l, one against two at once on {os.path.basename(path)} ({size / 1e6:.0f} MB), load {load()}")
            one, two = [], []
            busy, started = busy_seconds(), time.perf_counter()
            for index in range(pairs):
                steps = [lambda: one.append(timed(["wc", "-l", path])),
                         lambda: two.append(timed_together([["wc", "-l", path]] * 2))]
                for step in steps if index % 2 == 0 else steps[::-1]:
                    step()
            walls = [2 * a[0] / b[0] for a, b in zip(one, two)]
            print(
                f"  one: {statistics.median(r[0] for r in one) * 1000:.1f} ms; two at once:"
                f" {statistics.median(r[0] for r in two) * 1000:.1f} ms; twice the bytes in"
                f" {statistics.median(walls):.2f}x the speed (pairs median, min {min(walls):.2f}x, max {max(walls):.2f}x)"
            )
            print(f"  other processes took {others(busy, started, one + two):.0%} of the cores meanwhile")
            continue
        path = fresh_copy(sources[name], run_dir)
        size = os.path.getsize(path)
        print(f"\n{name}.pgn: {size / 1e6:.0f} MB, load {load()}")
        outputs = []
        for env in [one_env, None]:
            result = subprocess.run([binary, "games", path], capture_output=True, env=env, check=False)
            outputs.append((result.stdout, result.stderr, result.returncode))
        if outputs[0] != outputs[1]:
            sys.exit(f"{name}: one core and all cores wrote DIFFERENT bytes")
        one, all_ = [], []
        busy, started = busy_seconds(), time.perf_counter()
        with tempfile.TemporaryFile() as out:
            for index in range(pairs):
                steps = [lambda: one.append(timed([binary, "games", path], one_env, out)),
                         lambda: all_.append(timed([binary, "games", path], None, out))]
                for step in steps if index % 2 == 0 else steps[::-1]:
                    out.seek(0)
                    out.truncate()
                    step()
        report(name, one, all_, size)
        print(f"  other processes took {others(busy, started, one + all_):.0%} of the cores meanwhile")
    print(f"\nload at the end {load()}")


if __name__ == "__main__":
    main()
