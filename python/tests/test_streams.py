"""Inputs as Python users hold them (bytes paths, os.PathLike, binary files,
decompressing streams), bad arguments, and the `Games` stream: batches
handed out while the archive is still being read, read once, its
`requested_schema`, and pyarrow, Polars and DuckDB consuming it."""

from __future__ import annotations

import gzip
import io
import pathlib
import subprocess
import sys
import threading
from typing import Any, Dict, List, Tuple

import duckdb
import polars as pl
import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]
import pytest
import zstandard

import chess960

from conftest import MIXED_PGN

DATA = MIXED_PGN.encode()


def rows_without_file(source: Any) -> List[Dict[str, Any]]:
    """The rows of a table or stream, less the `file` column."""
    table: pa.Table = pa.table(source)
    return table.drop(["file"]).to_pylist()  # type: ignore[no-any-return]


def test_every_kind_of_input_reads_as_the_path(mixed_pgn: str, tmp_path: Any) -> None:
    expected = rows_without_file(chess960.read_games(mixed_pgn))
    assert len(expected) == 7
    gz = tmp_path / "mixed.pgn.gz"
    gz.write_bytes(gzip.compress(DATA))
    with open(mixed_pgn, "rb") as binary:
        inputs: List[Any] = [
            pathlib.Path(mixed_pgn),
            mixed_pgn.encode(),
            io.BytesIO(DATA),
            io.BytesIO(gzip.compress(DATA)),  # compressed bytes in memory: told by content
            gzip.open(io.BytesIO(gzip.compress(DATA))),  # a decompressing stream
            zstandard.ZstdDecompressor().stream_reader(
                io.BytesIO(zstandard.ZstdCompressor().compress(DATA))
            ),
            binary,
            open(gz, "rb"),
        ]
        for single in inputs:
            assert rows_without_file(chess960.read_games(single, threads=1)) == expected, single
    # Mixed in one list, in order; the names are the paths, the files'
    # `name`s, or `<stream N>` (N: the place in the list, from 1).
    with open(mixed_pgn, "rb") as binary:
        mixed: List[Any] = [io.BytesIO(DATA), pathlib.Path(mixed_pgn), binary, mixed_pgn.encode()]
        table = pa.table(chess960.read_games(mixed))
    assert table.num_rows == 28
    assert table.column("file").unique().to_pylist() == ["<stream 1>", mixed_pgn]


def test_start_and_player_stats_take_file_objects(mixed_pgn: str) -> None:
    ours = pa.table(chess960.start_stats(io.BytesIO(DATA)))
    assert ours.equals(pa.table(chess960.start_stats(mixed_pgn)))
    mine = pa.table(chess960.player_stats([io.BytesIO(DATA)], "Alice"))
    assert mine.equals(pa.table(chess960.player_stats(mixed_pgn, "Alice")))


def test_text_files_and_other_objects_are_type_errors(mixed_pgn: str) -> None:
    with open(mixed_pgn, encoding="utf-8") as text:
        with pytest.raises(TypeError, match='text mode.*"rb"'):
            chess960.read_games(text)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="text mode"):
        chess960.read_games(io.StringIO(MIXED_PGN))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not int"):
        chess960.read_games([mixed_pgn, 5])  # type: ignore[list-item]

    class Texty:
        """A file-like object whose read gives str."""

        def read(self, size: int = -1) -> str:
            return MIXED_PGN

    with pytest.raises(OSError, match=r"<stream 1>: input: .*str, not bytes"):
        pa.table(chess960.read_games(Texty()))  # type: ignore[arg-type]


def test_a_missing_path_is_an_error_at_once(tmp_path: Any) -> None:
    missing = tmp_path / "missing.pgn"
    with pytest.raises(FileNotFoundError, match="missing.pgn"):
        chess960.read_games(missing)
    with pytest.raises(FileNotFoundError):
        chess960.read_games([bytes(missing)])


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"min_elo": -1}, "min_elo is a rating from 0 to 4294967295, not -1"),
        ({"max_elo": 2**40}, "max_elo is a rating"),
        ({"threads": -2}, r"threads is 1 or more \(None: all cores\), not -2"),
        ({"threads": 0}, "threads is 1 or more"),
    ],
)
def test_bad_numbers_are_value_errors_naming_the_argument(
    mixed_pgn: str, arguments: Dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        chess960.read_games(mixed_pgn, **arguments)
    with pytest.raises(ValueError, match=message):
        chess960.start_stats(mixed_pgn, **arguments)
    with pytest.raises(ValueError, match=message):
        chess960.player_stats(mixed_pgn, "Alice", **arguments)
    with pytest.raises(TypeError, match="min_elo is an int, not str"):
        chess960.read_games(mixed_pgn, min_elo="2000")  # type: ignore[arg-type]


def test_a_stream_is_read_once_and_its_summary_comes_at_the_end(mixed_pgn: str) -> None:
    games = chess960.read_games(mixed_pgn)
    assert games.summary is None
    assert "not read yet" in repr(games)
    assert games.column_names[:3] == ["file", "number", "offset"]
    # Asking for the schema, or for a stream without reading it, reads nothing.
    assert pa.schema(games).names == games.column_names
    pa.RecordBatchReader.from_stream(games)
    table = pa.table(games)
    assert table.num_rows == 7
    summary = games.summary
    assert summary is not None and summary["records"] == 7
    with pytest.raises(pa.ArrowInvalid, match="already read"):
        pa.table(games)
    with pytest.raises(ValueError, match="already read"):
        games.read_all()


def test_requested_schema_is_honoured_or_refused(mixed_pgn: str) -> None:
    schema = pa.schema(chess960.read_games(mixed_pgn))
    assert pa.table(chess960.read_games(mixed_pgn), schema=schema).num_rows == 7
    other = schema.set(0, pa.field("file", pa.large_string()))
    with pytest.raises(ValueError, match="column 0: the table has file .*the request file"):
        pa.table(chess960.read_games(mixed_pgn), schema=other)
    with pytest.raises(ValueError, match="requested_schema has 1 columns"):
        pa.table(chess960.read_games(mixed_pgn), schema=pa.schema([schema.field(0)]))
    stats = chess960.start_stats(mixed_pgn)
    with pytest.raises(ValueError, match="column 0"):
        pa.table(stats, schema=pa.schema([("x", pa.int8())] * len(stats.column_names)))


class SlowArchive(io.RawIOBase):
    """A binary stream of `copies` copies of the mixed archive, made as it is
    read, that counts the bytes handed out."""

    def __init__(self, copies: int) -> None:
        self.left = copies
        self.given = 0
        self.pending = b""
        self.lock = threading.Lock()

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        with self.lock:
            while len(self.pending) < max(size, 1) and self.left > 0:
                self.pending += DATA * 16
                self.left -= 16
            chunk, self.pending = self.pending[:size], self.pending[size:]
            self.given += len(chunk)
            return chunk


def test_batches_come_while_the_archive_is_still_being_read() -> None:
    """The first batch arrives long before the input's end, and the readers
    stop when the consumer goes away: memory stays bounded."""
    copies = 60_000  # 420,000 games, about 100 MB, never made whole
    archive = SlowArchive(copies)
    reader = pa.RecordBatchReader.from_stream(chess960.read_games(archive))
    first = reader.read_next_batch()
    assert first.num_rows > 0
    total = len(DATA) * copies
    assert archive.given < total / 2
    reader.close()
    del reader
    given = archive.given
    assert given < total


def test_polars_and_duckdb_consume_the_stream(mixed_pgn: str) -> None:
    frame = pl.DataFrame(chess960.read_games([mixed_pgn, io.BytesIO(DATA)]))
    assert frame.height == 14
    assert frame.schema["white_elo"] == pl.UInt32
    games = chess960.read_games(mixed_pgn)
    assert duckdb.sql("select count(*) from games where kind = 'chess960'").fetchall() == [(2,)]  # type: ignore[union-attr]
    assert games.summary is not None
    # A consumer that stops early: the readers stop, no error.
    big = chess960.read_games(SlowArchive(20_000))
    assert len(duckdb.sql("select * from big limit 3").fetchall()) == 3  # type: ignore[union-attr]


def test_a_cut_input_ends_the_stream_with_an_error_after_its_rows() -> None:
    text = b"".join(DATA.replace(b"Alice", b"Alice %d" % n) for n in range(3000))
    packed = zstandard.ZstdCompressor().compress(text)
    cut = packed[: len(packed) // 2]
    reader = pa.RecordBatchReader.from_stream(chess960.read_games(io.BytesIO(cut), threads=1))
    rows = 0
    with pytest.raises(OSError, match=r"<stream 1>: input: reading stopped at byte \d+"):
        for batch in reader:
            rows += batch.num_rows
    assert rows > 0
    with pytest.raises(OSError, match="<stream 1>"):
        chess960.read_games(io.BytesIO(cut)).read_all()


def test_progress_and_moves_take_what_they_say(mixed_pgn: str) -> None:
    with pytest.raises(TypeError, match="progress is True, False, None or a callable, not str"):
        chess960.start_stats(mixed_pgn, progress="x")  # type: ignore[arg-type]
    # None is the default, for moves as for columns and tags.
    table = pa.table(chess960.read_games(mixed_pgn, moves=None, columns=None, tags=None))
    assert "moves" not in table.column_names


def test_to_pyarrow_reads_the_games_in_the_same_interpreter(
    mixed_pgn: str, tmp_path: Any
) -> None:
    # Games.to_pyarrow() once aborted the interpreter (the GIL released
    # twice): run it in a child, so that a regression fails this test only.
    empty = tmp_path / "empty.pgn"
    empty.write_bytes(b"")
    script = (
        "import sys, chess960\n"
        "path, empty = sys.argv[1], sys.argv[2]\n"
        "table = chess960.read_games(path).to_pyarrow()\n"
        "moves = chess960.read_games(path, moves=True).to_pyarrow()\n"
        "none = chess960.read_games(empty).to_pyarrow()\n"
        "print(table.num_rows, moves.num_rows, 'moves' in moves.column_names, none.num_rows)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, mixed_pgn, str(empty)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["7", "7", "True", "0"]
    # And in this interpreter: the same rows as pyarrow.table(games), read once.
    games = chess960.read_games(mixed_pgn)
    assert games.to_pyarrow().equals(pa.table(chess960.read_games(mixed_pgn)))
    assert games.summary is not None and games.summary["records"] == 7
    with pytest.raises(ValueError, match="already read"):
        games.to_pyarrow()


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"event": 5}, TypeError, "event is a str, not int"),
        ({"variant": 5}, TypeError, "variant is a str, not int"),
        ({"time_control": 5}, TypeError, "time_control is a str, not int"),
        ({"player": 5}, TypeError, "player is a name or a list of names"),
        ({"player": [5]}, TypeError, "player is a name or a list of names"),
        ({"start": "bogus"}, ValueError, "^start: "),
        ({"start": [5000]}, ValueError, "^start: .*5000"),
        ({"start": 5000}, ValueError, "^start: .*5000"),
    ],
)
def test_bad_arguments_are_errors_naming_the_argument(
    mixed_pgn: str, arguments: Dict[str, Any], error: type, message: str
) -> None:
    for function in (chess960.read_games, chess960.start_stats):
        with pytest.raises(error, match=message):
            function(mixed_pgn, **arguments)
    with pytest.raises(error, match=message):
        chess960.opening_stats(mixed_pgn, 2, **arguments)
    if "player" not in arguments:
        with pytest.raises(error, match=message):
            chess960.player_stats(mixed_pgn, "Alice", **arguments)
    with pytest.raises(TypeError, match="moves is True or False, not str"):
        chess960.read_games(mixed_pgn, moves="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="moves is True or False, not int"):
        chess960.write_parquet(mixed_pgn, io.BytesIO(), moves=1)  # type: ignore[arg-type]


def test_tag_columns_differing_only_in_case_are_refused(mixed_pgn: str) -> None:
    # DuckDB and SQL tell column names apart without case.
    for columns, tags in [("site,result", ["Site"]), ("opening", ["Opening"]), (None, ["A", "a"])]:
        with pytest.raises(ValueError, match="named twice"):
            chess960.read_games(mixed_pgn, columns=columns, tags=tags)


def test_an_output_that_is_an_input_is_refused_before_it_is_emptied(
    mixed_pgn: str, tmp_path: Any
) -> None:
    before = pathlib.Path(mixed_pgn).read_bytes()
    dotted = pathlib.Path(mixed_pgn).parent / "." / pathlib.Path(mixed_pgn).name
    for out in (mixed_pgn, dotted):
        with pytest.raises(ValueError, match="out: .*would empty it before it is read"):
            chess960.write_parquet(mixed_pgn, out)
    assert pathlib.Path(mixed_pgn).read_bytes() == before
    chess960.write_parquet(mixed_pgn, tmp_path / "games.parquet")
    assert pq.read_table(tmp_path / "games.parquet").num_rows == 7


def test_an_open_file_that_is_the_output_is_refused(mixed_pgn: str, tmp_path: Any) -> None:
    # An input given as an open file is that file: `out` naming it would
    # empty it; and an `out` file object open on an input would be read back.
    before = pathlib.Path(mixed_pgn).read_bytes()
    with open(mixed_pgn, "rb") as games:
        with pytest.raises(ValueError, match="out: .*would empty it before it is read"):
            chess960.write_parquet(games, mixed_pgn, columns="all")
    with open(mixed_pgn, "ab") as appended:
        with pytest.raises(ValueError, match="out is the input .*output would go into the file being read"):
            chess960.write_parquet(mixed_pgn, appended)
    assert pathlib.Path(mixed_pgn).read_bytes() == before
    # Open files that are not the output read and write as ever.
    with open(mixed_pgn, "rb") as games, open(tmp_path / "games.parquet", "wb") as out:
        chess960.write_parquet(games, out)
    assert pq.read_table(tmp_path / "games.parquet").num_rows == 7


def test_player_stats_arguments_of_the_wrong_type_are_named(mixed_pgn: str) -> None:
    cases: List[Tuple[Dict[str, Any], str]] = [
        ({"sprt": "x"}, r"sprt is \(elo0, elo1\), two numbers, not str"),
        ({"alpha": "x"}, "alpha is a number, not str"),
        ({"beta": True}, "beta is a number, not bool"),
        ({"elo_model": 5}, "elo_model is a str, not int"),
    ]
    for arguments, message in cases:
        with pytest.raises(TypeError, match=message):
            chess960.player_stats(mixed_pgn, "Alice", **arguments)
    # Integers are numbers too.
    table = chess960.player_stats(mixed_pgn, "Alice", sprt=(0, 5), alpha=0.05)
    assert table.summary == chess960.player_stats(mixed_pgn, "Alice", sprt=(0.0, 5.0)).summary
