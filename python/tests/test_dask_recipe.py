"""The guide's Dask recipe (docs/guide/python.md, "Past one machine"), run
as written on three small archives: one Parquet file per archive, written in
parallel by `write_parquet` on a `LocalCluster`, then queried with DuckDB."""

from __future__ import annotations

import ast
import os
from typing import Any

import duckdb
import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]
import zstandard

import chess960

from conftest import ROOT, run_recipe

GAME = """\
[Event "Rated Chess960 game"]
[White "{white}"]
[Black "Bo"]
[Result "{result}"]
[TimeControl "{control}"]
[Termination "{termination}"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "{fen}"]

1. e4 e5 {result}

"""

FENS = [
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
]


def recipe() -> str:
    """The recipe's code block, as the guide shows it."""
    text = (ROOT / "docs" / "guide" / "python.md").read_text(encoding="utf-8")
    block = text.split("<!-- dask-recipe -->", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    ast.parse(block)
    return block


def test_the_dask_recipe_writes_a_folder_of_parquet_and_queries_it(tmp_path: Any) -> None:
    paths = []
    for month in range(1, 4):
        games = "".join(
            GAME.format(
                white=f"Ada {month}.{n}",
                result=("1-0", "0-1", "1/2-1/2")[n % 3],
                control=("180+2", "600+0", "-")[n % 3],
                termination=("Time forfeit", "Normal")[n % 2],
                fen=FENS[n % 2],
            )
            for n in range(50 * month)
        )
        path = tmp_path / f"lichess_db_chess960_rated_2024-0{month}.pgn.zst"
        path.write_bytes(zstandard.ZstdCompressor().compress(games.encode()))
        paths.append(str(path))
    done = run_recipe(recipe(), tmp_path)
    assert done.returncode == 0, done.stderr
    assert "300 games in 3 files" in done.stdout
    written = sorted(os.listdir(tmp_path / "parquet"))
    assert written == [f"lichess_db_chess960_rated_2024-0{month}.parquet" for month in range(1, 4)]
    # The folder holds what read_games reads, file by file.
    for path, name in zip(paths, written):
        # (`file`: the recipe's paths are relative to its folder.)
        ours = pa.table(chess960.read_games(path, columns="all")).drop(["file"])
        theirs = pq.read_table(tmp_path / "parquet" / name)
        assert theirs.column("file").unique().to_pylist() == [os.path.basename(path)]
        assert theirs.drop(["file"]).equals(ours)
    relation = duckdb.sql(f"select count(*) from '{tmp_path}/parquet/*.parquet'")
    assert relation is not None
    total = relation.fetchall()
    assert total == [(300,)]
    # The query's answer, against the same figures from read_games.
    blitz = [
        row
        for path in paths
        for row in pa.table(chess960.read_games(path, columns="white_id,base_seconds,termination")).to_pylist()
        if row["base_seconds"] == 180
    ]
    assert blitz and all(row["white_id"] in (0, 518) for row in blitz)
    line = done.stdout.strip().splitlines()[-1]
    for start in {row["white_id"] for row in blitz}:
        assert f"({start}," in line
