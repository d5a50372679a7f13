"""The starts' engine evaluations: `Position.eval` against the data file
(read here on its own), python-chess's move generator, the set grammar's
`eval:MIN..MAX` and the `chess960` command."""

from __future__ import annotations

import json
from typing import Dict, List, Optional, Tuple

import chess
import pyarrow as pa  # type: ignore[import-untyped]
import pytest

import chess960
from chess960 import DoublePosition, Eval, Position, PositionSet

from conftest import ROOT, run_command

Row = Tuple[int, Optional[Tuple[int, int, int]], int, str]


def data_file() -> Tuple[Dict[str, str], List[Row]]:
    """The header's `# key: value` lines and the rows of data/evals.tsv."""
    header: Dict[str, str] = {}
    rows: List[Row] = []
    lines = (ROOT / "data" / "evals.tsv").read_text(encoding="utf-8").splitlines()
    for line in lines:
        if line.startswith("#"):
            key, _, value = line[1:].strip().partition(": ")
            header[key] = value
        elif line.startswith("id\t"):
            continue
        elif line:
            _id, _rank, cp, win, draw, loss, depth, best = line.split("\t")
            wdl = (int(win), int(draw), int(loss)) if win else None
            rows.append((int(cp), wdl, int(depth), best))
    return header, rows


HEADER, ROWS = data_file()


def test_every_eval_is_the_data_files_row() -> None:
    assert len(ROWS) == 960
    for position, (cp, wdl, depth, best) in zip(Position.all(), ROWS):
        ev = position.eval
        assert (ev.cp, ev.wdl, ev.depth, ev.best) == (cp, wdl, depth, best)
        assert ev == Position(position.id).eval
    assert HEADER["engine"].startswith(Eval.ENGINE)
    assert HEADER["limit"].startswith(f"{Eval.NODES} nodes")
    assert HEADER["runs"].startswith(f"{Eval.RUNS} ")
    assert HEADER["date"] == Eval.DATE
    assert HEADER["repeatability"] == Eval.REPEATABILITY


@pytest.mark.parametrize("number", range(960))
def test_every_best_move_is_legal_for_python_chess(number: int) -> None:
    board = chess.Board.from_chess960_pos(number)
    move = board.parse_uci(Position(number).eval.best)  # raises if illegal
    assert board.is_legal(move)


def test_repr_and_str() -> None:
    ev = Position(518).eval
    assert repr(ev).startswith(f"Eval(cp={ev.cp}, wdl=")
    assert repr(ev).endswith(f"depth={ev.depth}, best='{ev.best}')")
    assert str(ev).startswith(f"{ev.cp:+d} cp, ")
    assert hash(ev) == hash(Position(518).eval)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("eval:-15..15", -15, 15),
        ("eval:..20", -32768, 20),
        ("eval:60..", 60, 32767),
        ("eval:..", -32768, 32767),
        ("eval:20..20", 20, 20),
    ],
)
def test_eval_ranges_select_by_value(text: str, low: int, high: int) -> None:
    expected = PositionSet([p for p in Position.all() if low <= p.eval.cp <= high])
    assert PositionSet(text) == expected
    assert PositionSet(f"518,{text}") == expected | PositionSet(518)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("eval:20..-20", "eval:20..-20 runs backwards"),
        ("eval:x..", "MIN is not a whole number"),
        ("eval:..40000", "MAX is out of range"),
        ("eval:20", "needs `..` between its ends"),
    ],
)
def test_bad_eval_ranges_raise_the_librarys_message(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        PositionSet(text)


def test_read_games_filters_by_eval(mixed_pgn: str) -> None:
    chosen = PositionSet("eval:..10")
    by_range = pa.table(chess960.read_games(mixed_pgn, start="eval:..10"))
    by_set = pa.table(chess960.read_games(mixed_pgn, start=chosen))
    assert by_range.equals(by_set)
    everything = pa.table(chess960.read_games(mixed_pgn, start="eval:.."))
    assert everything.equals(pa.table(chess960.read_games(mixed_pgn, start="0-959")))


def test_a_double_start_has_no_eval() -> None:
    pair = DoublePosition(518, 534)
    assert not hasattr(pair, "eval")


def test_the_command_shows_the_same_eval() -> None:
    shown = json.loads(run_command("show", "--json", "959"))
    ev = Position(959).eval
    assert shown["eval"]["cp"] == ev.cp
    assert shown["eval"]["best"] == ev.best
    wdl = shown["eval"]["wdl"]
    assert (None if wdl is None else (wdl["win"], wdl["draw"], wdl["loss"])) == ev.wdl
