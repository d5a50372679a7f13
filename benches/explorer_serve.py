#!/usr/bin/env python3
"""Load on `chess960 explorer serve`, on loopback only, bounded.

    python3 benches/explorer_serve.py [MB] [REQUESTS] [CLIENTS]
    CHESS960_BINARY=path/to/chess960 python3 benches/explorer_serve.py ...   (another build)
    CHESS960_LIVE_ENGINE=/usr/games/stockfish python3 benches/explorer_serve.py ...
        (the server runs `--engine`, and a live analysis streams throughout
        the wrk rounds: the API's latency with an engine busy on one core)

    (defaults: 20 MB of games, 20000 requests, 8 clients)

1. Builds the release command, writes MB of lichess-shaped games with
   legal moves (`cargo bench --bench legal_games -- MB`), indexes them
   (`chess960 explorer index`) and serves the db on 127.0.0.1, a free port.
2. Collects the questions: positions reached in the db (the starts with
   games, then their most played moves, to 6 plies), each with and without
   filters, and one bad request in ten (an illegal move, an unknown speed,
   a bad month, a 5 KiB query string, an unknown path). Each question is
   asked once, alone, for the answer it must get.
3. CLIENTS threads, each on one kept-alive connection, send REQUESTS in
   all (questions drawn at random, seeded) and compare every answer, status
   and body, with the one it must get; the server's RSS is sampled every
   0.2 s. Latency here is Python's, client overhead included.
4. `wrk -t2 -cCLIENTS -d10s --latency`, twice, with a Lua script over the
   same questions gives the server's latency percentiles (Debian's `wrk`:
   apt-get install -y wrk) and its RSS after each round; its Lua counts
   the 5xx answers (must be 0).

Prints one summary; exits 1 on any wrong answer, 5xx or dropped connection.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Dict, List, Tuple

ROOT = Path(__file__).resolve().parents[1]
WORK = Path(os.environ.get("CHESS960_BENCH_DIR", ROOT / "target" / "bench-explorer-serve"))

LUA = r"""
local paths = {}
for line in io.lines(os.getenv("CHESS960_PATHS")) do paths[#paths + 1] = line end
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) math.randomseed(os.time() + #threads); fivexx = 0; other = 0 end
function request() return wrk.format("GET", paths[math.random(#paths)]) end
function response(status, headers, body)
  if status >= 500 then fivexx = fivexx + 1 elseif status ~= 200 and status ~= 400 and status ~= 404 then other = other + 1 end
end
function done(summary, latency, requests)
  local f, o = 0, 0
  for _, t in ipairs(threads) do f = f + t:get("fivexx"); o = o + t:get("other") end
  io.write(string.format("lua: 5xx %d, other statuses %d\n", f, o))
end
"""


def run(*args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    print("$", " ".join(args), file=sys.stderr)
    return subprocess.run(args, check=True, text=True, cwd=ROOT, **kw)  # type: ignore[call-overload]


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def fetch(conn: http.client.HTTPConnection, path: str) -> Tuple[int, bytes]:
    conn.request("GET", path)
    response = conn.getresponse()
    return response.status, response.read()


def questions(base: Tuple[str, int]) -> List[str]:
    """Positions reached (with and without filters) and bad requests."""
    conn = http.client.HTTPConnection(*base, timeout=10)
    good: List[str] = []
    frontier: List[Tuple[str, List[str]]] = []
    for start in range(960):
        status, body = fetch(conn, f"/lichess?start={start}&moves=4")
        answer = json.loads(body)
        if status == 200 and answer["white"] + answer["draws"] + answer["black"] > 0:
            frontier.append((f"start={start}", []))
    for depth in range(6):
        nxt: List[Tuple[str, List[str]]] = []
        for root, play in frontier:
            path = f"/lichess?variant=chess960&{root}" + (f"&play={','.join(play)}" if play else "")
            status, body = fetch(conn, path + "&moves=3")
            answer = json.loads(body)
            if status != 200 or answer["white"] + answer["draws"] + answer["black"] == 0:
                continue
            good.append(path)
            good.append(path + "&speeds=blitz,rapid&ratings=1600,1800,2000&topGames=4&recentGames=4")
            good.append(path + "&since=2024-01&until=2024-06&moves=12")
            for move in answer["moves"][:2]:
                nxt.append((root, play + [move["uci"]]))
        frontier = nxt[:400]
        if len(good) > 3000:
            break
    bad = [
        "/lichess?start=518&play=e2e5",
        "/lichess?start=518&play=e2e4,e2e4",
        "/lichess?speeds=slow",
        "/lichess?ratings=1650",
        "/lichess?since=2024-13",
        "/lichess?fen=not_a_fen",
        "/lichess?fen=" + "x" * 5000,
        "/nowhere",
        "/lichess?play=%ZZ",
        "/lichess?moves=-3",
    ]
    rng = random.Random(960)
    rng.shuffle(good)
    return good + bad * max(1, len(good) // 9 // len(bad))


def main() -> int:
    megabytes = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    total = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    clients = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    WORK.mkdir(parents=True, exist_ok=True)
    # CHESS960_BINARY: another build to measure (two builds in turns); the
    # db is then made by it each run.
    binary = os.environ.get("CHESS960_BINARY", "")
    if not binary:
        run("cargo", "build", "--release", "--locked", "-p", "chess960-cli", "--quiet")
        binary = str(ROOT / "target" / "release" / "chess960")
    pgn = WORK / f"legal-{megabytes}mb.pgn"
    if not pgn.exists():
        with open(pgn, "w") as out:
            run("cargo", "bench", "--locked", "--quiet", "--bench", "legal_games", "--", str(megabytes), stdout=out)
    db = WORK / f"db-{megabytes}mb"
    # A db left by an earlier build of another format is made again.
    probe = subprocess.run([binary, "explorer", "query", "--db", str(db)], capture_output=True)
    if db.exists() and (probe.returncode != 0 or os.environ.get("CHESS960_BINARY")):
        shutil.rmtree(db)
    if not db.exists():
        run(binary, "explorer", "index", "--db", str(db), str(pgn))
    engine = os.environ.get("CHESS960_LIVE_ENGINE", "")
    live_args = ["--engine", engine, "--nodes", "100000000000"] if engine else []
    server = subprocess.Popen(
        [binary, "explorer", "serve", "--db", str(db), "--bind", "127.0.0.1:0", *live_args],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        host, port = re.search(r"http://([\d.]+):(\d+)/", line).groups()  # type: ignore[union-attr]
        base = (host, int(port))
        paths = questions(base)
        conn = http.client.HTTPConnection(*base, timeout=10)
        expected: Dict[str, Tuple[int, bytes]] = {path: fetch(conn, path) for path in dict.fromkeys(paths)}
        statuses: Dict[int, int] = {}
        for status, _ in expected.values():
            statuses[status] = statuses.get(status, 0) + 1
        print(f"questions: {len(expected)} distinct ({statuses}); db {db.name}", file=sys.stderr)
        if any(status >= 500 for status in statuses):
            print("a 5xx answer while collecting the questions", file=sys.stderr)
            return 1

        # 2. The clients: every answer checked.
        samples: List[int] = []
        stop = threading.Event()

        def sample() -> None:
            while not stop.is_set():
                samples.append(rss_kib(server.pid))
                time.sleep(0.2)

        sampler = threading.Thread(target=sample)
        sampler.start()
        latencies: List[float] = []
        wrong: List[str] = []
        lock = threading.Lock()

        def client(seed: int, count: int) -> None:
            rng = random.Random(seed)
            conn = http.client.HTTPConnection(*base, timeout=10)
            mine: List[float] = []
            bad: List[str] = []
            for _ in range(count):
                path = rng.choice(paths)
                started = time.perf_counter()
                try:
                    got = fetch(conn, path)
                except (OSError, http.client.HTTPException) as error:
                    bad.append(f"{path[:80]}: {error!r}")
                    conn = http.client.HTTPConnection(*base, timeout=10)
                    continue
                mine.append(time.perf_counter() - started)
                if got != expected[path]:
                    bad.append(f"{path[:80]}: {got[0]} {got[1][:80]!r}")
            with lock:
                latencies.extend(mine)
                wrong.extend(bad)

        started = time.perf_counter()
        threads = [
            threading.Thread(target=client, args=(seed, total // clients + (seed < total % clients)))
            for seed in range(clients)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
        stop.set()
        sampler.join()
        latencies.sort()
        q = statistics.quantiles(latencies, n=100)
        print(f"python clients: {len(latencies)} requests by {clients} clients in {elapsed:.2f} s "
              f"({len(latencies) / elapsed:.0f}/s); wrong or dropped: {len(wrong)}; "
              f"latency p50 {q[49] * 1000:.2f} ms, p99 {q[98] * 1000:.2f} ms, max {latencies[-1] * 1000:.2f} ms")
        third = max(1, len(samples) // 3)
        print(f"server RSS: {samples[0] / 1024:.1f} MiB at the start, "
              f"{statistics.mean(samples[:third]) / 1024:.1f} MiB mean of the first third, "
              f"{statistics.mean(samples[-third:]) / 1024:.1f} MiB of the last third, "
              f"{max(samples) / 1024:.1f} MiB peak ({len(samples)} samples)")
        for line in wrong[:10]:
            print("  wrong:", line)

        # 3. wrk, for the server's latency (beside a live analysis with
        # CHESS960_LIVE_ENGINE).
        failed = bool(wrong)
        live_stop = threading.Event()
        live_events = [0]

        def analyse_live() -> None:
            while not live_stop.is_set():
                conn = http.client.HTTPConnection(*base, timeout=30)
                conn.request("GET", "/analysis?start=518&play=e2e4")
                response = conn.getresponse()
                while not live_stop.is_set():
                    line = response.fp.readline()
                    if not line:
                        break
                    if line.startswith(b"event: info"):
                        live_events[0] += 1
                conn.close()

        analyser = threading.Thread(target=analyse_live)
        if engine:
            analyser.start()
            time.sleep(1)
        if shutil.which("wrk"):
            with tempfile.TemporaryDirectory() as tmp:
                listed = Path(tmp) / "paths.txt"
                listed.write_text("\n".join(paths) + "\n")
                script = Path(tmp) / "explorer.lua"
                script.write_text(LUA)
                env = dict(os.environ, CHESS960_PATHS=str(listed))
                for round_ in (1, 2):
                    done = subprocess.run(
                        ["wrk", "-t2", f"-c{clients}", "-d10s", "--latency", "-s", str(script),
                         f"http://{host}:{port}"],
                        capture_output=True, text=True, env=env, check=False,
                    )
                    print(f"wrk, round {round_}:")
                    print(done.stdout.rstrip())
                    failed |= done.returncode != 0 or "lua: 5xx 0, other statuses 0" not in done.stdout
                    failed |= "Socket errors" in done.stdout
                    print(f"server RSS after wrk round {round_}: {rss_kib(server.pid) / 1024:.1f} MiB")
        else:
            print("wrk is not installed (apt-get install -y wrk): no wrk figures")
        if engine:
            live_stop.set()
            analyser.join()
            print(f"live analysis beside wrk: {live_events[0]} depths streamed")
        return 1 if failed else 0
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
