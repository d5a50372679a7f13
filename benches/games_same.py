#!/usr/bin/env python3
"""Do two builds of `chess960 games` write the same bytes? (a script, not
a test: run it by hand, for instance before and after a change of the
archive engine).

    python3 benches/games_same.py OLD_BINARY NEW_BINARY [SIZE_MB]   (default 50)

Inputs, made in BENCH_DIR (default: a new temporary directory) as
benches/games_speed.py makes them: the committed fixtures repeated to
SIZE_MB, lichess-like records of SIZE_MB, each also as .zst, .gz, .bz2 and
.xz. For every input, plain, compressed and on standard input, and for
--stats, --games, --pgn and --player (one of the generated players, and
the fixtures' engine), on one core and on two, with and without memory
maps: standard output, standard error and the exit status of both builds
must be equal. Prints each case and a last line `N passed, N failed`.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import games_speed  # noqa: E402


def outcome(binary, args, env, stdin=None):
    with open(stdin, "rb") if stdin else open(os.devnull, "rb") as source:
        done = subprocess.run([binary, "games", *args], stdin=source, capture_output=True,
                              env=env, check=False)
    return done.returncode, done.stdout, done.stderr


def main():
    old, new = sys.argv[1], sys.argv[2]
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    work = os.environ.get("BENCH_DIR") or tempfile.mkdtemp()
    games_speed.make_inputs(work, size)
    modes = [[], ["--games"], ["--pgn"], ["--games", "--format", "jsonl"],
             ["--player", "player7"], ["--player", "Stockfish"], ["--start", "0-99", "--games"]]
    passed = failed = 0
    for name in ["fixtures", "lichess"]:
        for suffix in ["", ".zst", ".gz", ".bz2", ".xz", " (stdin)", " (twice)"]:
            path = os.path.join(work, name + ".pgn" + suffix.split(" ")[0])
            for mode in modes:
                for threads in ["1", "2"]:
                    for mmap in [[], ["--no-mmap"]]:
                        if suffix == " (stdin)":
                            args, stdin = [*mode, *mmap], os.path.join(work, name + ".pgn")
                        elif suffix == " (twice)":
                            plain = os.path.join(work, name + ".pgn")
                            args, stdin = [plain, plain + ".zst", *mode, *mmap], None
                        else:
                            args, stdin = [path, *mode, *mmap], None
                        env = dict(os.environ, CHESS960_GAMES_THREADS=threads)
                        same = outcome(old, args, env, stdin) == outcome(new, args, env, stdin)
                        passed += same
                        failed += not same
                        label = f"{name}{suffix} {' '.join(mode) or '--stats'} threads={threads} {' '.join(mmap)}"
                        print(("same     " if same else "DIFFERS  ") + label, flush=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
