#!/usr/bin/env python3
"""The engine analysis's speed: engines side by side against one alone,
the driver's own memory, and `/api/cloud-eval`'s latency on a warm db.

    python3 benches/explorer_analyse.py [POSITIONS] [NODES] [ENGINES] [TURNS]

    (defaults: 24 positions, 1,000,000 nodes, 2 engines, 3 turns)

1. Builds the release command, writes 10 MB of legal lichess-shaped games
   (`cargo bench --bench legal_games -- 10`), indexes them, and lists the
   POSITIONS most played positions (`explorer analyse --list`).
2. In turns, TURNS times: the positions analysed by one engine
   (`--positions FILE --engines 1`), then by ENGINES engines, each run's
   nodes (from its evaluations' knodes) over its wall time. One engine's
   run gives its own rate; the ratio asked for is ENGINES engines' nodes
   a second of wall time over ENGINES x that rate. The driver's peak
   resident size (VmHWM of the `chess960` process alone, the engines
   being processes of their own) and its own CPU time are read every
   50 ms; the CPU time of driver and engines together comes from wait4,
   so a run on a busy machine shows how much of the cores it got.
3. The evaluations imported into the db, served on 127.0.0.1 (a free
   port); `wrk -t1 -cC -d10s --latency` over `/api/cloud-eval` of every
   position analysed (and one in ten not analysed: a 404), twice with one
   connection, twice with four. TURNS 0 skips step 2 but for one run
   that makes the evaluations.

Prints one summary. Loopback only, bounded in time.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path
from typing import List, Tuple

ROOT = Path(__file__).resolve().parents[1]
WORK = Path(os.environ.get("CHESS960_BENCH_DIR", ROOT / "target" / "bench-explorer-analyse"))

LUA = r"""
local paths = {}
for line in io.lines(os.getenv("CHESS960_PATHS")) do paths[#paths + 1] = line end
function request() return wrk.format("GET", paths[math.random(#paths)]) end
"""


def run(*args: str, **kwargs: object) -> None:
    subprocess.run(list(args), check=True, **kwargs)  # type: ignore[call-overload]


def hwm_kib(pid: int) -> int:
    """The process's peak resident size so far (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """The process's own CPU time so far (user + system; 0 once gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def analyse(binary: str, positions: Path, nodes: int, engines: int, out: Path) -> Tuple[float, int, int, float, float]:
    """One run: wall seconds, nodes searched, the driver's peak KiB, the
    driver's own CPU seconds, and the CPU seconds of the driver and its
    engines together (wait4's, the engines being waited for)."""
    started = time.perf_counter()
    child = subprocess.Popen(
        [binary, "explorer", "analyse", "--positions", str(positions), "--nodes", str(nodes),
         "--multipv", "3", "--hash", "16", "--engines", str(engines), "--out", str(out)],
        stderr=subprocess.PIPE, text=True,
    )
    peak = 0
    driver = 0.0
    while True:
        peak = max(peak, hwm_kib(child.pid))
        driver = max(driver, cpu_seconds(child.pid))
        _, status, usage = os.wait4(child.pid, os.WNOHANG)
        if status or usage.ru_utime:
            break
        time.sleep(0.05)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    assert child.stderr is not None
    stderr = child.stderr.read()
    if child.returncode != 0:
        raise SystemExit(f"analyse failed: {stderr}")
    searched = 0
    for line in out.read_text().splitlines():
        searched += json.loads(line)["evals"][0]["knodes"] * 1000
    return wall, searched, peak, driver, usage.ru_utime + usage.ru_stime


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    engines = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    turns = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    WORK.mkdir(parents=True, exist_ok=True)
    binary = os.environ.get("CHESS960_BINARY", "")
    if not binary:
        run("cargo", "build", "--release", "--locked", "-p", "chess960-cli", "--quiet")
        binary = str(ROOT / "target" / "release" / "chess960")
    # CHESS960_BENCH_PGN: games of your own instead.
    pgn = Path(os.environ.get("CHESS960_BENCH_PGN", WORK / "legal-10mb.pgn"))
    if not pgn.exists():
        with open(pgn, "w") as out:
            run("cargo", "bench", "--locked", "--quiet", "--bench", "legal_games", "--", "10", stdout=out)
    db = WORK / "db"
    if db.exists():
        shutil.rmtree(db)
    run(binary, "explorer", "index", "--db", str(db), str(pgn), stderr=subprocess.DEVNULL)
    listed = subprocess.run(
        [binary, "explorer", "analyse", "--db", str(db), "--list", "--min-games", "2"],
        capture_output=True, text=True, check=True,
    ).stdout.splitlines()
    chosen = listed[:count]
    others = listed[count : count + max(1, count // 9)]
    positions = WORK / "positions.jsonl"
    positions.write_text("".join(line + "\n" for line in chosen))
    print(f"{len(chosen)} positions (of {len(listed)} reached by 2 games or more), {nodes:,} nodes, MultiPV 3", file=sys.stderr)

    ones: List[float] = []
    manys: List[float] = []
    seconds_one: List[float] = []
    peaks: List[int] = []
    evals = WORK / "evals.jsonl"
    for turn in range(turns):
        wall, searched, peak, _, cpu = analyse(binary, positions, nodes, 1, evals)
        ones.append(searched / wall)
        seconds_one.append(wall / len(chosen))
        peaks.append(peak)
        wall_t, searched_t, peak_t, driver_t, cpu_t = analyse(binary, positions, nodes, engines, evals)
        manys.append(searched_t / wall_t)
        peaks.append(peak_t)
        print(
            f"turn {turn + 1}: 1 engine {searched / wall / 1e3:,.0f} knodes/s ({wall / len(chosen):.2f} s a position); "
            f"{engines} engines {searched_t / wall_t / 1e3:,.0f} knodes/s of wall time, "
            f"ratio {searched_t / wall_t / (engines * searched / wall):.3f}; driver peak {peak} and {peak_t} KiB; "
            f"CPU used of the cores: 1 engine {cpu / wall:.2f} of 1, {engines} engines {cpu_t / wall_t:.2f} of {engines}; "
            f"knodes a CPU second {searched / cpu / 1e3:,.0f} and {searched_t / cpu_t / 1e3:,.0f}; "
            f"the driver's own CPU {driver_t:.2f} s of {wall_t:.1f} s",
            file=sys.stderr,
        )
    if turns == 0:
        analyse(binary, positions, nodes, engines, evals)

    # 3. cloud-eval on a warm db.
    run(binary, "explorer", "analyse", "--db", str(db), "--import", str(evals), stderr=subprocess.DEVNULL)
    server = subprocess.Popen(
        [binary, "explorer", "serve", "--db", str(db), "--bind", "127.0.0.1:0"],
        stdout=subprocess.PIPE, text=True,
    )
    latencies: List[str] = []
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        host, port = re.search(r"http://([\d.]+):(\d+)/", line).groups()  # type: ignore[union-attr]
        paths = [
            "/api/cloud-eval?multiPv=3&variant=chess960&fen=" + urllib.parse.quote(json.loads(row)["fen"].replace(" ", "_"))
            for row in chosen + others
        ]
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            handle.write("\n".join(paths) + "\n")
            path_file = handle.name
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
            handle.write(LUA)
            lua = handle.name
        for connections in (1, 1, 4, 4):
            done = subprocess.run(
                ["wrk", "-t1", f"-c{connections}", "-d10s", "--latency", "-s", lua, f"http://{host}:{port}"],
                capture_output=True, text=True, check=True, env={**os.environ, "CHESS960_PATHS": path_file},
            )
            p50 = re.search(r"50%\s+(\S+)", done.stdout)
            p99 = re.search(r"99%\s+(\S+)", done.stdout)
            rate = re.search(r"Requests/sec:\s+(\S+)", done.stdout)
            latencies.append(
                f"{connections} connection(s): p50 {p50.group(1) if p50 else '?'}, p99 {p99.group(1) if p99 else '?'}, "
                f"{rate.group(1) if rate else '?'} requests/s"
            )
    finally:
        server.terminate()
        server.wait(timeout=10)
    if ones:
        one = statistics.median(ones)
        many = statistics.median(manys)
        print(
            f"1 engine: median {one / 1e3:,.0f} knodes/s ({statistics.median(seconds_one):.2f} s for {nodes:,} nodes); "
            f"{engines} engines: median {many / 1e3:,.0f} knodes/s of wall time; ratio {many / (engines * one):.3f} "
            f"(asked: at least 0.9); driver peak RSS {max(peaks) / 1024:.1f} MiB (asked: at most 100)"
        )
    print("cloud-eval wrk: " + "; ".join(latencies))
    return 0


if __name__ == "__main__":
    sys.exit(main())
