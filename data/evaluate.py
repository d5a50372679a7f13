#!/usr/bin/env python3
"""Stockfish's evaluation of the 960 Chess960 start positions.

Writes `data/evals.tsv`, which `build.rs` compiles into `Position::eval`.
Python's standard library only; the engine is any UCI engine that knows
`UCI_Chess960` (Debian's `stockfish` package: `/usr/games/stockfish`).

Each start is searched `--runs` times, each run by a fresh engine state
(`ucinewgame`, a new hash table of its own size: 16, 32, 64 ... MiB), one
thread, to the same node limit; the table holds the mean of the runs.
Different hash sizes make a single-threaded search take different paths,
so the runs disagree as two independent measurements would.

    python3 data/evaluate.py                     # the table (resumes)
    python3 data/evaluate.py --jobs 1            # one engine at a time

The starts' FENs come from `chess960 table` (`--chess960` names the
command; by default it is built from this repository with cargo).

Every finished search is appended to `data/evals.partial.tsv` (one line a
search) at once, so a run that is stopped resumes where it was; the table
is written from that file when every search of every start is in it. The
repeatability pass searches every ninth start (107 starts) again with
other hash sizes and writes the standard deviation of the differences
into the table's header.

After a new table, `python3 data/bands.py --write` puts its provenance and
its count of starts in each 10 cp band into the guide (a test checks
them); `cargo build` then checks the file and compiles it in (`build.rs`,
`build/evals.rs`, which stop the build at a line that breaks a rule).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import os
import statistics
import subprocess
import sys
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent

def starts(command: list[str]) -> list[tuple[str, str]]:
    """(rank, Shredder-FEN) of every start by id, from `chess960 table`:
    the numbering lives once, in chess960-core."""
    text = subprocess.run(command + ["table"], check=True, capture_output=True, text=True).stdout
    lines = text.splitlines()
    header = lines[0].split("\t")
    rank_at, fen_at = header.index("rank"), header.index("shredder_fen")
    rows = [line.split("\t") for line in lines[1:]]
    assert [int(r[0]) for r in rows] == list(range(960)), "chess960 table: ids 0..959 in order"
    return [(r[rank_at], r[fen_at]) for r in rows]


class Engine:
    """One engine process, searching one position at a time."""

    def __init__(self, path: str, nice: int) -> None:
        self.proc = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            preexec_fn=(lambda: os.nice(nice)) if nice else None,
        )
        self.send("uci")
        self.name = ""
        for line in self.lines("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name ") :]

    def send(self, command: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def lines(self, until: str):
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine stopped")
            line = line.strip()
            yield line
            if line.startswith(until):
                return

    def search(self, fen: str, hash_mib: int, nodes: int) -> dict:
        for command in (
            "setoption name Threads value 1",
            f"setoption name Hash value {hash_mib}",
            "setoption name UCI_Chess960 value true",
            "setoption name UCI_ShowWDL value true",
            "ucinewgame",
            "isready",
        ):
            self.send(command)
        for _ in self.lines("readyok"):
            pass
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        last = None
        for line in self.lines("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words and "depth" in words and "upperbound" not in words and "lowerbound" not in words:
                last = words
        best = line.split()[1]
        assert last is not None, f"no score for {fen}"
        score = last[last.index("score") + 1 : last.index("score") + 3]
        if score[0] != "cp":
            raise RuntimeError(f"{fen}: a mate score {score}")
        wdl = last[last.index("wdl") + 1 : last.index("wdl") + 4] if "wdl" in last else ["", "", ""]
        return {
            "cp": int(score[1]),
            "wdl": wdl,
            "depth": int(last[last.index("depth") + 1]),
            "best": best,
        }

    def close(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=10)


def done_searches(partial: Path) -> dict:
    done = {}
    if partial.exists():
        for line in partial.read_text().splitlines():
            if not line or line.startswith("#"):
                continue
            f = line.split("\t")
            if len(f) != 9:
                continue  # a line cut short by a stop: searched again
            sp, hash_mib, nodes = int(f[0]), int(f[1]), int(f[2])
            done[(sp, hash_mib, nodes)] = {
                "cp": int(f[3]),
                "wdl": f[4:7],
                "depth": int(f[7]),
                "best": f[8],
            }
    return done


def run(args, jobs: list[tuple[int, int]], partial: Path) -> tuple[dict, str]:
    done = done_searches(partial)
    todo = [(sp, h) for sp, h in jobs if (sp, h, args.nodes) not in done]
    lock = threading.Lock()
    names = []
    local = threading.local()
    engines = []

    def work(item):
        sp, hash_mib = item
        if not hasattr(local, "engine"):
            local.engine = Engine(args.engine, args.nice)
            with lock:
                engines.append(local.engine)
                names.append(local.engine.name)
        result = local.engine.search(args.fens[sp], hash_mib, args.nodes)
        with lock:
            with partial.open("a") as out:
                out.write(
                    f"{sp}\t{hash_mib}\t{args.nodes}\t{result['cp']}\t"
                    + "\t".join(result["wdl"])
                    + f"\t{result['depth']}\t{result['best']}\n"
                )
            done[(sp, hash_mib, args.nodes)] = result
            finished = len(jobs) - len(todo) + work.count
            work.count += 1
            if work.count % 20 == 0:
                print(f"{finished + 1}/{len(jobs)} searches", file=sys.stderr, flush=True)

    work.count = 0
    print(f"{len(todo)} of {len(jobs)} searches to run on {args.jobs} engines", file=sys.stderr)
    began, cpu_before = datetime.datetime.now(datetime.timezone.utc), os.times()
    try:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            list(pool.map(work, todo))
    finally:
        for engine in engines:
            engine.close()
        # What this invocation cost, for the table's header: when, how many
        # searches, and the engines' CPU time (they are this process's
        # children, waited for by close()).
        cpu = os.times()
        seconds = (cpu.children_user + cpu.children_system) - (
            cpu_before.children_user + cpu_before.children_system
        )
        if work.count:
            with partial.open("a") as out:
                out.write(
                    f"# session\t{began.isoformat(timespec='seconds')}\t"
                    f"{datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds')}\t"
                    f"{work.count}\t{seconds:.0f}\n"
                )
    name = names[0] if names else Engine(args.engine, 0).name
    return done, name


def last_search(partial: Path) -> str:
    """The day the last session of searches ended (today without one)."""
    ends = [line.split("\t")[2][:10] for line in partial.read_text().splitlines() if line.startswith("# session\t")]
    return ends[-1] if ends else datetime.date.today().isoformat()


def searched(partial: Path) -> str:
    """When the searches ran and what they cost, from the partial file's
    session lines."""
    sessions = [
        line.rstrip("\n").split("\t")[1:]
        for line in partial.read_text().splitlines()
        if line.startswith("# session\t")
    ]
    if not sessions:
        return "searched: (no session recorded)"
    searches = sum(int(s[2]) for s in sessions)
    seconds = sum(float(s[3]) for s in sessions)
    return (
        f"searched: {sessions[0][0][:10]} to {sessions[-1][1][:10]}, {searches} searches in "
        f"{len(sessions)} session(s), {seconds / 3600:.1f} hours of engine CPU time "
        f"({seconds / searches:.2f} s a search)"
    )


def mean_row(done: dict, sp: int, hashes: list[int], nodes: int) -> dict:
    results = [done[(sp, h, nodes)] for h in hashes]
    cp = statistics.fmean(r["cp"] for r in results)
    wdl = ""
    if all(r["wdl"][0] for r in results):
        wdl = [round(statistics.fmean(int(r["wdl"][i]) for r in results)) for i in range(3)]
        wdl[1] = 1000 - wdl[0] - wdl[2]
    moves = [r["best"] for r in results]
    best = max(moves, key=lambda m: (moves.count(m), -moves.index(m)))
    return {
        "cp": cp,
        "wdl": wdl,
        "depth": min(r["depth"] for r in results),
        "best": best,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=1_000_000, help="node limit of each search")
    parser.add_argument("--runs", type=int, default=4, help="searches per start, averaged")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="engines side by side")
    parser.add_argument("--nice", type=int, default=19, help="the engines' niceness")
    parser.add_argument("--out", type=Path, default=HERE / "evals.tsv")
    parser.add_argument(
        "--chess960",
        default="cargo run --quiet --release -p chess960-cli --",
        help="the command that lists the starts (`chess960 table`)",
    )
    args = parser.parse_args()
    ranks, args.fens = zip(*starts(args.chess960.split()))

    partial = args.out.with_suffix(".partial.tsv")
    hashes = [16 << i for i in range(args.runs)]
    check_hashes = [16 * 3 << i for i in range(args.runs)]  # 48, 96, ...: none of the table's
    check_starts = list(range(0, 960, 9))

    # One whole pass over the starts after another, each followed by its
    # repeatability searches, so that a stopped run has whole passes:
    # `--runs 3` then writes the table from the first three.
    jobs = []
    for table_hash, check_hash in zip(hashes, check_hashes):
        jobs += [(sp, table_hash) for sp in range(960)]
        jobs += [(sp, check_hash) for sp in check_starts]
    done, name = run(args, jobs, partial)
    if any((sp, h, args.nodes) not in done for sp, h in jobs):
        sys.exit("some searches are missing; run again to resume")

    rows = {sp: mean_row(done, sp, hashes, args.nodes) for sp in range(960)}
    with args.out.open("w") as out:
        out.write(
            "# Stockfish's evaluation of the 960 Chess960 start positions, written by data/evaluate.py\n"
            f"# engine: {name} (UCI_Chess960 true, UCI_ShowWDL true)\n"
            f"# limit: {args.nodes} nodes a search, Threads 1, a fresh hash a search (ucinewgame)\n"
            f"# runs: {args.runs} searches a start with hashes {', '.join(map(str, hashes))} MiB; "
            "cp and wdl are their means, depth the least depth they reached, best the move most chose "
            "(the first search's on a tie)\n"
            f"# date: {last_search(partial)}\n"
            f"# {searched(partial)}\n"
            "# cp: centipawns from White's side, White to move; win draw loss: per mille, White's\n"
            "id\trank\tcp\twin\tdraw\tloss\tdepth\tbest\n"
        )
        for sp in range(960):
            r = rows[sp]
            wdl = "\t".join(map(str, r["wdl"])) if r["wdl"] else "\t\t"
            out.write(f"{sp}\t{ranks[sp]}\t{round(r['cp'])}\t{wdl}\t{r['depth']}\t{r['best']}\n")
    diffs = [
        mean_row(done, sp, check_hashes, args.nodes)["cp"] - rows[sp]["cp"] for sp in check_starts
    ]
    line = (
        f"# repeatability: {len(check_starts)} starts (every ninth id) searched again as above "
        f"with hashes {', '.join(map(str, check_hashes))} MiB: the differences of the means "
        f"have mean {statistics.fmean(diffs):+.2f} cp and standard deviation "
        f"{statistics.stdev(diffs):.2f} cp (largest {max(diffs, key=abs):+.2f} cp)\n"
    )
    text = args.out.read_text().splitlines(keepends=True)
    at = next(i for i, l in enumerate(text) if not l.startswith("#"))
    text.insert(at, line)
    args.out.write_text("".join(text))
    print(line, end="", file=sys.stderr)
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
