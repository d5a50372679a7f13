"""Game archives: the tables of `read_games`, `start_stats` and
`player_stats` against the `chess960 games` command's CSV, and in pyarrow,
Polars and DuckDB."""

from __future__ import annotations

import csv
import io
import math
import os
import threading
import time
from typing import Any, Callable, Dict, List, Optional

import duckdb
import polars as pl
import pyarrow as pa  # type: ignore[import-untyped]
import pytest

import chess960

from conftest import run_command


def command_rows(*args: str) -> List[Dict[str, str]]:
    """The command's CSV rows."""
    return list(csv.DictReader(io.StringIO(run_command("games", "--format", "csv", *args))))


def same(ours: Any, theirs: str, column: str) -> bool:
    """Whether a table's value equals the command's CSV cell."""
    if ours is None:
        return theirs == ""
    if isinstance(ours, float):
        places = 1 if column == "mean_elo" else 2 if column in ("elo", "elo_margin") else 4
        return theirs != "" and math.isclose(ours, float(theirs), abs_tol=0.6 * 10**-places)
    return str(ours) == theirs


def assert_table_matches(table: pa.Table, rows: List[Dict[str, str]]) -> None:
    assert table.column_names == list(rows[0].keys()) if rows else True
    ours = table.to_pylist()
    assert len(ours) == len(rows)
    for mine, theirs in zip(ours, rows):
        for column, value in mine.items():
            assert same(value, theirs[column], column), (column, value, theirs[column])


@pytest.fixture(scope="module")
def all_inputs(fixture_pgns: List[str], mixed_pgn: str) -> List[str]:
    return [*fixture_pgns, mixed_pgn]


def test_game_rows_match_the_command(all_inputs: List[str]) -> None:
    table = pa.table(chess960.read_games(all_inputs))
    rows = command_rows("--games", *all_inputs)
    assert len(rows) > 50
    assert_table_matches(table, rows)


def test_game_rows_with_one_thread_and_filters(all_inputs: List[str]) -> None:
    for args, options in [
        (["--start", "0-400"], {"start": "0-400"}),
        (["--min-elo", "2000"], {"min_elo": 2000}),
        (["--max-elo", "2000"], {"max_elo": 2000}),
        (["--player", "Alice"], {"player": "Alice"}),
        (["--player", "SF-nodes-1000", "--player", "Bob"], {"player": ["SF-nodes-1000", "Bob"]}),
    ]:
        table = pa.table(chess960.read_games(all_inputs, threads=1, **options))  # type: ignore[arg-type]
        assert_table_matches(table, command_rows("--games", *args, *all_inputs))


def test_start_stats_match_the_command(all_inputs: List[str]) -> None:
    stats = chess960.start_stats(all_inputs)
    assert_table_matches(pa.table(stats), command_rows("--stats", *all_inputs))
    summary = stats.summary
    assert summary["records"] == sum(summary["counts"].values())
    assert summary["counts"]["standard"] == 1


@pytest.mark.parametrize("players", [["SF-nodes-3000"], ["Alice"], ["SF-nodes-1000", "SF-nodes-2000"]])
def test_player_stats_match_the_command(all_inputs: List[str], players: List[str]) -> None:
    table = pa.table(chess960.player_stats(all_inputs, players))
    args = [arg for name in players for arg in ("--player", name)]
    rows = command_rows(*args, *all_inputs)
    assert rows[-1]["rank"] == "total"
    assert_table_matches(table, rows)


@pytest.mark.parametrize(
    ("sprt", "args"),
    [((0.0, 5.0), []), ((-5.0, 0.0), ["--alpha", "0.1", "--beta", "0.2", "--elo-model", "logistic"])],
)
def test_player_stats_with_an_sprt_match_the_command(
    fixture_pgns: List[str], sprt: tuple[float, float], args: List[str]
) -> None:
    options: Dict[str, Any] = {}
    flags = iter(args)
    for flag in flags:
        value = next(flags)
        options[flag[2:].replace("-", "_")] = value if flag == "--elo-model" else float(value)
    table = pa.table(chess960.player_stats(fixture_pgns, "SF-nodes-3000", sprt=sprt, **options))
    rows = command_rows("--player", "SF-nodes-3000", "--sprt", f"{sprt[0]},{sprt[1]}", *args, *fixture_pgns)
    assert rows[-1]["sprt"] in ("H0", "H1", "continue")
    assert_table_matches(table, rows)


def test_column_types_in_pyarrow_polars_and_duckdb(mixed_pgn: str) -> None:
    games = chess960.read_games(mixed_pgn).read_all()
    assert len(games) == 7 and games.num_rows == 7
    schema = pa.table(games).schema
    assert schema.field("number").type == pa.uint64()
    assert schema.field("white_id").type == pa.uint16()
    assert schema.field("white_elo").type == pa.uint32()
    assert schema.field("event").type == pa.string()
    frame = pl.DataFrame(games)
    assert frame.schema["white_id"] == pl.UInt16
    assert frame.schema["offset"] == pl.UInt64
    assert frame["kind"].to_list() == [
        "chess960", "double-chess960", "changed-rules", "standard", "other-variant", "not-a-start",
        "chess960",
    ]
    assert frame["detail"][6].startswith("no FEN")
    relation = duckdb.sql("select kind, white_id, white_elo from games order by number")
    assert relation is not None
    assert [str(t) for t in relation.types] == ["VARCHAR", "USMALLINT", "UINTEGER"]
    assert relation.fetchall()[0] == ("chess960", 0, 2100)
    stats = chess960.start_stats(mixed_pgn)
    total = duckdb.sql("select sum(games) from stats")
    assert total is not None
    assert total.fetchall() == [(3,)]  # changed rules: not counted
    assert pl.DataFrame(stats).schema["score"] == pl.Float64
    # The stream of a collected table can be taken more than once.
    assert pa.table(games).num_rows == pa.table(games).num_rows == 7


def test_bad_input_raises(tmp_path: Any, mixed_pgn: str) -> None:
    with pytest.raises(OSError):
        chess960.read_games(str(tmp_path / "missing.pgn"))
    with pytest.raises(ValueError):
        chess960.read_games(mixed_pgn, start="5-1000")
    with pytest.raises(ValueError):
        chess960.read_games(mixed_pgn, threads=0)
    with pytest.raises(ValueError):
        chess960.read_games([])
    with pytest.raises(ValueError):
        chess960.player_stats(mixed_pgn, " ")
    with pytest.raises(ValueError):
        chess960.player_stats(mixed_pgn, "Alice", sprt=(5.0, 0.0))
    with pytest.raises(ValueError):
        chess960.player_stats(mixed_pgn, "Alice", sprt=(0.0, 5.0), elo_model="bayes")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        chess960.read_games(5)  # type: ignore[arg-type]


def test_progress_callback(mixed_pgn: str) -> None:
    calls: List[tuple[int, Optional[int], bool]] = []
    games = chess960.read_games(
        mixed_pgn, progress=lambda done, total, final: calls.append((done, total, final))
    )
    assert calls == []  # nothing is read before the games are consumed
    pa.table(games)
    assert calls[-1][2] is True
    assert calls[-1][0] == calls[-1][1] == os.path.getsize(mixed_pgn)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize(
    "consume",
    [
        lambda pipe: chess960.read_games(pipe).read_all(),
        lambda pipe: pa.table(chess960.read_games(pipe)),
        lambda pipe: pa.RecordBatchReader.from_stream(chess960.read_games(pipe)).read_next_batch(),
        lambda pipe: pl.DataFrame(chess960.read_games(pipe)),
        chess960.start_stats,
    ],
    ids=["read_all", "pyarrow.table", "RecordBatchReader", "polars", "start_stats"],
)
def test_ctrl_c_cancels_a_read(tmp_path: Any, consume: Callable[[str], Any]) -> None:
    """A read that never ends (a pipe kept open) stops on KeyboardInterrupt,
    whoever consumes it."""
    import _thread

    pipe = str(tmp_path / "games.pgn")
    os.mkfifo(pipe)
    opened = threading.Event()
    release = threading.Event()

    def writer() -> None:
        with open(pipe, "w", encoding="utf-8") as out:
            opened.set()
            out.write('[Event "x"]\n[Result "*"]\n\n*\n\n')
            out.flush()
            release.wait(30)

    def interrupt() -> None:
        opened.wait(10)
        time.sleep(0.3)
        _thread.interrupt_main()

    # Python's own Ctrl-C handler, even where the suite was started with
    # SIGINT ignored (in the background of a shell without job control),
    # where `interrupt_main` would do nothing.
    import signal

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    threads = [threading.Thread(target=writer), threading.Thread(target=interrupt)]
    for thread in threads:
        thread.start()
    started = time.monotonic()
    try:
        # read_all and the statistics raise KeyboardInterrupt; a consumer of
        # the C stream raises its own error with the interrupt's text.
        with pytest.raises((KeyboardInterrupt, pa.ArrowInvalid, pl.exceptions.ComputeError)) as raised:
            consume(pipe)
        assert "KeyboardInterrupt" in f"{raised.type.__name__}: {raised.value}"
        assert time.monotonic() - started < 10
    finally:
        release.set()
        for thread in threads:
            thread.join()
        signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("suffix", ["gz", "bz2", "xz"])
def test_compressed_inputs_read_as_the_plain_one(tmp_path: Any, mixed_pgn: str, suffix: str) -> None:
    import bz2
    import gzip
    import lzma

    packed = tmp_path / f"mixed.pgn.{suffix}"
    with open(mixed_pgn, "rb") as plain:
        data = plain.read()
    compress: Dict[str, Callable[[bytes], bytes]] = {
        "gz": gzip.compress,
        "bz2": bz2.compress,
        "xz": lzma.compress,
    }
    packed.write_bytes(compress[suffix](data))
    ours = pa.table(chess960.read_games(str(packed))).drop(["file"])
    theirs = pa.table(chess960.read_games(mixed_pgn)).drop(["file"])
    assert ours.equals(theirs)


def test_an_empty_selection_is_an_empty_table(mixed_pgn: str) -> None:
    games = chess960.read_games(mixed_pgn, start="959").read_all()
    assert len(games) == 0
    assert pa.table(games).num_rows == 0
    assert pl.DataFrame(games).height == 0
    assert duckdb.sql("select count(*) from games").fetchall() == [(0,)]  # type: ignore[union-attr]
    assert games.summary["matched"] == 0 and games.summary["records"] == 7
    assert pa.table(chess960.read_games(mixed_pgn, start="959")).num_rows == 0
    assert pl.DataFrame(chess960.read_games(mixed_pgn, start="959")).height == 0


def test_other_threads_run_while_reading(mixed_pgn: str, tmp_path: Any) -> None:
    """The GIL is released during the read: a Python thread keeps counting."""
    big = tmp_path / "big.pgn"
    with open(mixed_pgn, encoding="utf-8") as plain:
        text = plain.read()
    big.write_text(text * 20000, encoding="utf-8")
    ticks = 0
    done = threading.Event()

    def count() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    try:
        started = time.monotonic()
        games = chess960.read_games(str(big), threads=1).read_all()
        elapsed = time.monotonic() - started
    finally:
        done.set()
        counter.join()
    assert len(games) == 140000
    if elapsed > 0.05:
        assert ticks > 5


def test_progress_true_reports_on_standard_error(mixed_pgn: str, capsys: pytest.CaptureFixture[str]) -> None:
    chess960.read_games(mixed_pgn, progress=True).read_all()
    assert "chess960:" in capsys.readouterr().err
