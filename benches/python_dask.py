#!/usr/bin/env python3
"""The guide's Dask recipe (docs/guide/python.md, "Past one machine") timed
on this machine: several archives, one `write_parquet` task per file on a
`dask.distributed.LocalCluster` writing a folder of Parquet, then a DuckDB
query over the folder.

    .venv-ci/bin/python benches/python_dask.py [FILES] [SIZE_MB] [WORKERS]   (4, 50, cores)

Makes FILES lichess-like archives of SIZE_MB megabytes each with
benches/games_gen.py in BENCH_DIR (default: a new temporary directory), and
prints the wall time and throughput of the Parquet folder's writing, of the
query, and of one process writing the same files one after the other with
all threads, for comparison.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from typing import Tuple

from games_gen import make


def to_parquet(job: Tuple[str, str]) -> int:
    """One task: one archive into one Parquet file (one thread per task)."""
    import chess960

    path, out = job
    return int(chess960.write_parquet(path, out, columns="all", threads=1)["matched"])


def main() -> None:
    import duckdb
    from dask.distributed import Client, LocalCluster

    import chess960

    files = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else (os.cpu_count() or 1)
    directory = os.environ.get("BENCH_DIR") or tempfile.mkdtemp(prefix="chess960-dask-")
    paths = []
    for index in range(files):
        path = os.path.join(directory, f"month-{index:02d}-{size}.pgn")
        make(path, size)
        paths.append(path)
    total = sum(os.path.getsize(path) for path in paths)
    folder = tempfile.mkdtemp(prefix="chess960-parquet-")
    jobs = [(path, os.path.join(folder, os.path.basename(path) + ".parquet")) for path in paths]

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) as cluster, Client(
        cluster
    ) as client:
        client.submit(to_parquet, jobs[0]).result()  # warm the workers' imports
        start = time.perf_counter()
        games = sum(client.gather(client.map(to_parquet, jobs, pure=False)))
        seconds = time.perf_counter() - start
    print(f"dask LocalCluster, {workers} workers x 1 thread, {files} files, {total / 1e6:.0f} MB "
          f"-> Parquet: {seconds:.2f} s, {total / seconds / 1e9:.2f} GB/s, {games} games")

    start = time.perf_counter()
    rows = duckdb.sql(
        f"select white_id, count(*) from '{folder}/*.parquet' group by 1"
    ).fetchall()
    print(f"DuckDB over the folder: {time.perf_counter() - start:.3f} s, {len(rows)} starts")

    start = time.perf_counter()
    for path, out in jobs:
        chess960.write_parquet(path, out, columns="all")
    seconds = time.perf_counter() - start
    print(f"one process, write_parquet file by file, all threads: {seconds:.2f} s, "
          f"{total / seconds / 1e9:.2f} GB/s")


if __name__ == "__main__":
    main()
