#!/usr/bin/env python3
"""Two commands timed in turns (A B A B ...), for a before-and-after of
`chess960 games` or a comparison with another program (a script, not a
test: run it by hand). Each pair's ratio A/B is taken, so that a drift of
the machine's speed touches both sides of a pair alike.

    python3 benches/games_turns.py PAIRS 'COMMAND A' 'COMMAND B'

The commands are split as a shell splits words (no shell runs them);
their output goes to /dev/null. Prints the median wall time of each, and
the median, lowest and highest of the ratios A/B, with the median user and
system CPU time of each (from the kernel's accounting of the finished
process). One warm-up run of each comes first.
"""
import os
import shlex
import statistics
import subprocess
import sys
import time


def timed(command):
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen(command, stdout=null, stderr=null)
        _, _, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - start, usage.ru_utime, usage.ru_stime


def main():
    pairs = int(sys.argv[1])
    a, b = shlex.split(sys.argv[2]), shlex.split(sys.argv[3])
    timed(a)
    timed(b)
    runs = {"A": [], "B": []}
    for _ in range(pairs):
        runs["A"].append(timed(a))
        runs["B"].append(timed(b))
    for name, command in [("A", a), ("B", b)]:
        wall = statistics.median(run[0] for run in runs[name])
        user = statistics.median(run[1] for run in runs[name])
        system = statistics.median(run[2] for run in runs[name])
        print(f"{name}: median wall {wall * 1000:.1f} ms, user {user * 1000:.1f} ms, "
              f"system {system * 1000:.1f} ms: {' '.join(command)}")
    ratios = [x[0] / y[0] for x, y in zip(runs["A"], runs["B"])]
    print(f"A/B wall time, {pairs} pairs: median {statistics.median(ratios):.3f}, "
          f"lowest {min(ratios):.3f}, highest {max(ratios):.3f}")


if __name__ == "__main__":
    main()
