#!/usr/bin/env python3
"""The guide's Dask recipe (docs/guide/python.md, "Past one machine") run
once on this machine: several archives, one `read_games` task per file on a
`dask.distributed.LocalCluster`, the tables combined on the client.

    .venv-ci/bin/python benches/python_dask.py [FILES] [SIZE_MB] [WORKERS]   (4, 50, cores)

Makes FILES lichess-like archives of SIZE_MB megabytes each with
benches/games_gen.py in BENCH_DIR (default: a new temporary directory), and
prints the wall time and throughput of the whole run, and of one process
reading the same files with `read_games` (all threads) for comparison.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from typing import List

from games_gen import make


def read_one(path: str) -> "object":
    """One task: one archive into a pyarrow table (one thread per task)."""
    import pyarrow as pa

    import chess960

    return pa.table(chess960.read_games(path, threads=1))


def main() -> None:
    import pyarrow as pa
    from dask.distributed import Client, LocalCluster

    import chess960

    files = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else (os.cpu_count() or 1)
    directory = os.environ.get("BENCH_DIR") or tempfile.mkdtemp(prefix="chess960-dask-")
    paths = []
    for index in range(files):
        path = os.path.join(directory, f"month-{index:02d}-{size}.pgn")
        # A different seed per file would need games_gen.py changes; the
        # same games in each file read just as fast.
        make(path, size)
        paths.append(path)
    total = sum(os.path.getsize(path) for path in paths)

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) as cluster, Client(
        cluster
    ) as client:
        client.submit(read_one, paths[0]).result()  # warm the workers' imports
        start = time.perf_counter()
        tables = client.gather(client.map(read_one, paths, pure=False))
        table = pa.concat_tables(tables)
        seconds = time.perf_counter() - start
    print(f"dask LocalCluster, {workers} workers x 1 thread, {files} files, {total / 1e6:.0f} MB: "
          f"{seconds:.2f} s, {total / seconds / 1e9:.2f} GB/s, {table.num_rows} rows")

    start = time.perf_counter()
    local = pa.table(chess960.read_games(paths))
    seconds = time.perf_counter() - start
    print(f"one process, read_games(all files), all threads: {seconds:.2f} s, "
          f"{total / seconds / 1e9:.2f} GB/s, {local.num_rows} rows")


if __name__ == "__main__":
    main()
