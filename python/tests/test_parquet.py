"""The typed columns (`columns=`, `tags=`) against python-chess's headers,
and `write_parquet`: pyarrow, Polars and DuckDB read the file with the
expected types; a cut input leaves a readable file of the rows before the
fault; file-like outputs."""

from __future__ import annotations

import datetime
import io
import os
import re
from typing import Any, Dict, List, Optional

import chess.pgn
import duckdb
import polars as pl
import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]
import pytest
import zstandard

import chess960

LICHESS_LIKE = """\
[Event "Rated Chess960 game"]
[Site "https://lichess.org/abcd1234"]
[Date "2024.03.05"]
[Round "-"]
[White "Ada"]
[Black "Bo"]
[Result "1-0"]
[UTCDate "2024.03.05"]
[UTCTime "23:59:58"]
[WhiteElo "1850"]
[BlackElo "1790"]
[WhiteRatingDiff "+6"]
[BlackRatingDiff "-7"]
[WhiteTitle "FM"]
[Variant "Chess960"]
[TimeControl "180+2"]
[ECO "?"]
[Opening "?"]
[Termination "Time forfeit"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]
[SetUp "1"]
[Annotator "lichess"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nd3 1-0

[Event "Casual Chess960 game"]
[Site "https://lichess.org/efgh5678"]
[Date "2024.??.??"]
[White "Cy"]
[Black "Di"]
[Result "1/2-1/2"]
[UTCDate "2024.??.??"]
[UTCTime "25:00:00"]
[WhiteRatingDiff "x"]
[BlackTitle "BOT"]
[Variant "Chess960"]
[TimeControl "-"]
[ECO "A00"]
[Opening "Polish Opening"]
[Round "3.1"]
[Termination "Normal"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
[SetUp "1"]

1. b4 d5 1/2-1/2
"""

# The Arrow types of the new columns.
TYPES = {
    "utc_date": pa.date32(),
    "utc_time": pa.time64("us"),
    "white_rating_diff": pa.int16(),
    "black_rating_diff": pa.int16(),
    "white_title": pa.string(),
    "black_title": pa.string(),
    "eco": pa.string(),
    "opening": pa.string(),
    "round": pa.string(),
    "time_control": pa.string(),
    "base_seconds": pa.uint32(),
    "increment_seconds": pa.uint32(),
    "termination": pa.string(),
    "movetext": pa.string(),
}


@pytest.fixture(scope="module")
def lichess_pgn(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("lichess") / "lichess.pgn"
    path.write_text(LICHESS_LIKE, encoding="utf-8")
    return str(path)


def headers_of(path: str) -> List[Any]:
    """python-chess's headers of each game of a file."""
    games = []
    with open(path, encoding="utf-8") as handle:
        while (headers := chess.pgn.read_headers(handle)) is not None:
            games.append(headers)
    return games


def date_of(text: Optional[str]) -> Optional[datetime.date]:
    try:
        return datetime.datetime.strptime(text or "", "%Y.%m.%d").date()
    except ValueError:
        return None


def time_of(text: Optional[str]) -> Optional[datetime.time]:
    try:
        return datetime.datetime.strptime(text or "", "%H:%M:%S").time()
    except ValueError:
        return None


def signed(text: Optional[str]) -> Optional[int]:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def control(text: Optional[str]) -> tuple[Optional[int], Optional[int]]:
    parts = (text or "").split("+")
    if len(parts) == 2 and all(part.isdigit() for part in parts):
        return int(parts[0]), int(parts[1])
    if len(parts) == 1 and parts[0].isdigit():
        return int(parts[0]), 0
    return None, None


def expected_row(headers: Any) -> Dict[str, Any]:
    """The new columns of a game, from python-chess's headers."""
    get = headers.get
    base, increment = control(get("TimeControl"))
    return {
        "utc_date": date_of(get("UTCDate")),
        "utc_time": time_of(get("UTCTime")),
        "white_rating_diff": signed(get("WhiteRatingDiff")),
        "black_rating_diff": signed(get("BlackRatingDiff")),
        "white_title": get("WhiteTitle"),
        "black_title": get("BlackTitle"),
        "eco": get("ECO"),
        "opening": get("Opening"),
        "round": get("Round"),
        "time_control": get("TimeControl"),
        "base_seconds": base,
        "increment_seconds": increment,
        "termination": get("Termination"),
        "Annotator": get("Annotator"),
    }


def test_the_new_columns_equal_python_chess_headers(lichess_pgn: str, fixture_pgns: List[str]) -> None:
    for path in [lichess_pgn, *fixture_pgns]:
        names = [name for name in TYPES if name != "movetext"]
        table = pa.table(chess960.read_games(path, columns=names, tags=["Annotator"]))
        assert table.column_names == [*names, "Annotator"]
        for name in names:
            assert table.schema.field(name).type == TYPES[name], name
        rows = table.to_pylist()
        expected = [expected_row(headers) for headers in headers_of(path)]
        assert rows == expected, path


def test_all_columns_and_the_movetext(lichess_pgn: str) -> None:
    table = pa.table(chess960.read_games(lichess_pgn, columns="all"))
    assert table.num_rows == 2
    for name, kind in TYPES.items():
        assert table.schema.field(name).type == kind
    movetext = table.column("movetext").to_pylist()
    assert movetext[0] == "1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nd3 1-0"
    assert movetext[1] == "1. b4 d5 1/2-1/2"
    # The default columns are those of `chess960 games --games`.
    default = chess960.read_games(lichess_pgn)
    assert default.column_names == table.column_names[:16]


def test_bad_column_and_tag_names_are_value_errors(lichess_pgn: str) -> None:
    with pytest.raises(ValueError, match='columns: no column named "colour"'):
        chess960.read_games(lichess_pgn, columns=["white", "colour"])
    with pytest.raises(ValueError, match="tags: .*not a PGN tag name"):
        chess960.read_games(lichess_pgn, tags=["Two words"])
    with pytest.raises(ValueError, match="columns: .*named twice"):
        chess960.write_parquet(lichess_pgn, io.BytesIO(), columns="white,white")
    with pytest.raises(TypeError, match="columns is a text or a list of texts"):
        chess960.read_games(lichess_pgn, columns=5)  # type: ignore[arg-type]


def test_parquet_reads_in_pyarrow_polars_and_duckdb(lichess_pgn: str, tmp_path: Any) -> None:
    out = tmp_path / "games.parquet"
    summary = chess960.write_parquet(lichess_pgn, out, columns="all", tags=["Annotator"])
    assert summary["matched"] == 2 and summary["skipped"] == 0
    table = pq.read_table(out)
    assert table.equals(pa.table(chess960.read_games(lichess_pgn, columns="all", tags="Annotator")))
    assert table.schema.field("utc_date").type == pa.date32()
    metadata = pq.ParquetFile(out).metadata
    assert metadata.row_group(0).column(0).compression == "ZSTD"
    frame = pl.read_parquet(out)
    assert frame.schema["utc_date"] == pl.Date
    assert frame.schema["utc_time"] == pl.Time
    assert frame.schema["white_rating_diff"] == pl.Int16
    assert frame.schema["base_seconds"] == pl.UInt32
    assert frame["base_seconds"].to_list() == [180, None]
    relation = duckdb.sql(
        f"select utc_date, utc_time, white_rating_diff, base_seconds, termination "
        f"from read_parquet('{out}') order by number"
    )
    assert relation is not None
    assert [str(kind) for kind in relation.types] == ["DATE", "TIME", "SMALLINT", "UINTEGER", "VARCHAR"]
    assert relation.fetchall()[0] == (
        datetime.date(2024, 3, 5), datetime.time(23, 59, 58), 6, 180, "Time forfeit",
    )


def test_row_groups_encoded_on_threads_read_back_in_order(lichess_pgn: str, tmp_path: Any) -> None:
    # Six inputs, six parts: six row groups, encoded two at a time, in
    # the order of the inputs.
    paths = [lichess_pgn] * 6
    out = tmp_path / "six.parquet"
    chess960.write_parquet(paths, out, columns="all", threads=2)
    metadata = pq.ParquetFile(out).metadata
    assert metadata.num_row_groups == 6
    assert all(metadata.row_group(index).num_rows == 2 for index in range(6))
    table = pq.read_table(out)
    assert table.equals(pa.table(chess960.read_games(paths, columns="all")))
    names = table.schema.names
    group = metadata.row_group(0)
    white_elo = group.column(names.index("white_elo")).statistics
    assert white_elo is not None and white_elo.has_min_max
    assert (white_elo.min, white_elo.max, white_elo.null_count) == (1850, 1850, 1)
    # No min and max of the game text, and no dictionary of it.
    movetext = group.column(names.index("movetext"))
    assert movetext.statistics is None or not movetext.statistics.has_min_max
    assert not movetext.has_dictionary_page


def test_parquet_to_a_file_object_and_from_file_objects(lichess_pgn: str) -> None:
    out = io.BytesIO()
    with open(lichess_pgn, "rb") as binary:
        chess960.write_parquet([binary, io.BytesIO(LICHESS_LIKE.encode())], out, threads=1)
    table = pq.read_table(io.BytesIO(out.getvalue()))
    assert table.num_rows == 4
    assert table.column("file").to_pylist() == [lichess_pgn] * 2 + ["<stream 2>"] * 2
    with pytest.raises(TypeError, match="text mode"):
        chess960.write_parquet(lichess_pgn, io.StringIO())  # type: ignore[arg-type]


def test_a_cut_zst_leaves_a_readable_parquet_of_the_rows_before_the_fault(
    lichess_pgn: str, tmp_path: Any
) -> None:
    text = b"".join(
        LICHESS_LIKE.replace("Ada", f"Ada {n}").encode() for n in range(4000)
    )
    packed = zstandard.ZstdCompressor().compress(text)
    cut = tmp_path / "cut.pgn.zst"
    cut.write_bytes(packed[: len(packed) // 2])
    out = tmp_path / "cut.parquet"
    with pytest.raises(OSError, match=r"cut\.pgn\.zst: input: reading stopped at byte \d+") as raised:
        chess960.write_parquet(cut, out, columns="number,offset,white")
    found = re.search(r"byte (\d+)", str(raised.value))
    assert found is not None
    stopped = int(found.group(1))
    table = pq.read_table(out)
    assert 0 < table.num_rows < 8000
    # Every row before the fault, in order, and none after it.
    assert table.column("number").to_pylist() == list(range(1, table.num_rows + 1))
    assert max(table.column("offset").to_pylist()) < stopped
    whole = len(LICHESS_LIKE.replace("Ada", "Ada 0").encode())
    assert table.num_rows >= stopped // (whole + 8) - 2


def test_an_input_that_is_not_pgn_is_one_clear_error(tmp_path: Any, lichess_pgn: str) -> None:
    noise = tmp_path / "noise.bin"
    noise.write_bytes(os.urandom(1 << 20))
    with pytest.raises(OSError, match=r"noise\.bin: input: not PGN"):
        chess960.read_games(noise).read_all()
    with pytest.raises(OSError, match=r"noise\.bin: input: not PGN"):
        pa.table(chess960.read_games([lichess_pgn, noise]))
    with pytest.raises(OSError, match=r"<stream 1>: input: not PGN"):
        chess960.start_stats(io.BytesIO(os.urandom(1 << 16)))
    # An image, compressed: still one error, not thousands of records.
    picture = zstandard.ZstdCompressor().compress(b"\x89PNG\r\n\x1a\n" + os.urandom(1 << 18))
    out = tmp_path / "not.parquet"
    with pytest.raises(OSError, match=r"picture\.png\.zst: input: not PGN"):
        (tmp_path / "picture.png.zst").write_bytes(picture)
        chess960.write_parquet([lichess_pgn, tmp_path / "picture.png.zst"], out)
    # The rows of the good input are in the file all the same.
    assert pq.read_table(out).num_rows == 2
    # A PGN file with some broken records still reads, the records counted.
    broken = tmp_path / "broken.pgn"
    broken.write_text(LICHESS_LIKE + '[Event "unterminated\n\n1. e4 *\n\n' + LICHESS_LIKE, encoding="utf-8")
    games = chess960.read_games(broken).read_all()
    assert games.summary["counts"]["unreadable"] == 1 and len(games) == 5
