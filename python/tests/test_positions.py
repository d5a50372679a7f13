"""Positions, sets, draws, books and FEN identification against python-chess
and the `chess960` command."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import chess
import pytest

import chess960
from chess960 import DoublePosition, Position, PositionSet

from conftest import run_command


@pytest.mark.parametrize("number", range(960))
def test_every_position_matches_python_chess(number: int) -> None:
    board = chess.Board.from_chess960_pos(number)
    position = Position(number)
    assert position.id == number
    assert position.fen() == board.fen()
    assert position.fen("shredder") == board.shredder_fen()
    assert Position.from_board(board) == position
    ours = position.board()
    assert ours.chess960
    assert ours == board
    assert ours.castling_rights == board.castling_rights
    assert position.king_file == chess.FILE_NAMES[chess.square_file(board.king(chess.WHITE) or 0)]


def test_the_grammar_reads_ids_labels_ranks_and_fens() -> None:
    standard = Position(518)
    assert Position("518") == standard
    assert Position("SP518") == standard
    assert Position("RNBQKBNR") == standard
    assert Position("rnbqkbnr") == standard
    assert Position(standard.fen()) == standard
    assert Position(standard.fen("shredder")) == standard
    assert Position(standard) == standard
    assert Position.STANDARD == standard
    assert Position.from_id(518) == standard
    assert Position.from_fen(standard.fen()) == standard
    assert Position.COUNT == 960
    assert standard.rank == str(standard) == "RNBQKBNR"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("960", "start position 960 does not exist: ids run from 0 to 959"),
        ("SPX", "'X' is not a digit: an id is a whole number from 0 to 959"),
        ("RNBQKBNN", "a start rank has 2 rooks, but this one has 1"),
        ("", "no position given"),
    ],
)
def test_bad_text_raises_the_librarys_message(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Position(text)


def test_bad_values_raise() -> None:
    with pytest.raises(ValueError, match="not negative"):
        Position(-1)
    with pytest.raises(ValueError):
        Position(960)
    with pytest.raises(TypeError):
        Position(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Position(True)
    with pytest.raises(ValueError):
        Position(518).fen("nope")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Position(518).castling("sideways")
    moved = chess.Board(chess960=True)
    moved.push_san("e4")
    with pytest.raises(ValueError):
        Position.from_board(moved)


def test_python_protocols() -> None:
    a, b = Position(3), Position(700)
    assert repr(a) == "Position(3)"
    assert a < b and b > a and a != b and a == Position("SP3")
    assert sorted([b, a]) == [a, b]
    assert hash(a) == hash(Position(3))
    assert len({a, Position(3), b}) == 2
    assert pickle.loads(pickle.dumps(a)) == a
    assert copy.deepcopy(a) == a
    assert (a == 3) is False  # type: ignore[comparison-overlap]


def test_numberings_and_mirror() -> None:
    for position in Position.all():
        assert Position.from_one_based(position.one_based) == position
        assert Position.from_fritz9(position.fritz9) == position
        assert position.mirrored().mirrored() == position
        assert position.mirrored().rank == position.rank[::-1]
    assert len(Position.all()) == 960


def test_castling_geometry() -> None:
    standard = Position.STANDARD
    h_side = standard.castling("O-O")
    assert (h_side.king_from, h_side.king_to, h_side.rook_from, h_side.rook_to) == ("e", "g", "h", "f")
    assert h_side.uci() == "e1h1" and h_side.uci("black") == "e8h8"
    assert h_side.uci_king_move() == "e1g1"
    assert standard.castling("queenside").side == "O-O-O"
    assert standard.castling_from_uci("white", "e1a1") == standard.castling("O-O-O")
    assert standard.castling_from_uci("white", "e1e2") is None
    assert standard.rook_files == ("a", "h")
    assert standard.piece_at("d") == "queen"


def test_position_sets() -> None:
    first = PositionSet("0-99,518")
    assert len(first) == 101 and Position(518) in first and 5 in first and 700 not in first
    assert repr(first) == "PositionSet('0-99,518')"
    assert PositionSet([1, Position(2), "SP3"]) == PositionSet("1-3")
    assert len(~first) == 859 and first | ~first == PositionSet.ALL
    assert first & "50-600" == PositionSet("50-99,518")
    assert first - "1-99" == PositionSet("0,518")
    assert first ^ first == PositionSet.EMPTY == PositionSet()
    assert [p.id for p in PositionSet("7,3")] == [3, 7]
    assert pickle.loads(pickle.dumps(first)) == first
    assert hash(first) == hash(PositionSet("0-99,518"))
    assert PositionSet.from_bytes(first.to_bytes()) == first
    with pytest.raises(ValueError):
        PositionSet("5-1000")


def test_draws() -> None:
    rounds = chess960.seeded_draw("Open 2026-11-22", 9, exclude=[518], distinct=True)
    assert rounds[0].position == Position(355) and rounds[0].round == 1
    assert len({r.position for r in rounds}) == 9
    assert chess960.seeded_draw("Open 2026-11-22", 9, exclude=[518], distinct=True) == rounds
    with pytest.raises(ValueError):
        chess960.seeded_draw("x", 961, distinct=True)
    assert chess960.random_position(exclude=PositionSet.ALL - "42") == Position(42)
    with pytest.raises(ValueError):
        chess960.random_position(exclude=PositionSet.ALL)
    assert isinstance(chess960.random_position(), Position)
    items = list(range(20))
    assert chess960.seeded_sample("s", items, 5) == chess960.seeded_shuffle("s", items)[:5]


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--start", "0-9,518", "--castling", "shredder"],
        ["--double", "--white", "518", "--black", "0-9", "--format", "pgn"],
        ["--sample", "7", "--seed", "gauntlet"],
        ["--shuffle", "--seed", "gauntlet", "--exclude", "100-959"],
        ["--double", "--start", "0-3", "--sample", "5", "--seed", "s", "--shuffle"],
    ],
)
def test_book_matches_the_command(args: list[str]) -> None:
    expected = run_command("book", *args)
    options: dict[str, object] = {}
    flags = iter(args)
    for flag in flags:
        name = flag[2:].replace("-", "_")
        if name in ("double", "shuffle"):
            options[name] = True
        elif name == "sample":
            options[name] = int(next(flags))
        else:
            options[name] = next(flags)
    assert "".join(chess960.book(**options)) == expected  # type: ignore[arg-type]


def test_book_refuses_what_the_command_refuses() -> None:
    with pytest.raises(ValueError):
        chess960.book(white="518")
    with pytest.raises(ValueError):
        chess960.book(sample=3)
    with pytest.raises(ValueError):
        chess960.book(seed="x")
    with pytest.raises(ValueError):
        chess960.book(start="5", sample=2, seed="x")
    with pytest.raises(ValueError):
        chess960.book(start="5", exclude="5")


def test_identify_fen() -> None:
    found = chess960.identify_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Kq - 3 7")
    assert found.single == Position(518)
    assert found.start == DoublePosition(518, 518)
    assert not found.is_exact
    assert "Black to move" in found.departures
    assert str(found) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Kq - 3 7"
    assert found.fen("shredder").endswith(" b Ha - 3 7")
    assert chess960.identify_fen(Position(0).fen()).is_exact
    with pytest.raises(ValueError):
        chess960.identify_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")


def test_double_positions() -> None:
    double = DoublePosition.from_id(497_918)
    assert str(double) == "RNBQKBNR/rnkqrbbn"
    assert double.white == Position(518) and not double.is_single
    assert DoublePosition.from_fen(double.fen()) == double
    assert pickle.loads(pickle.dumps(double)) == double
    assert repr(double) == f"DoublePosition(518, {double.black.id})"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Position(2**70), "run from 0 to 959"),
        (lambda: Position.from_one_based(-1), "number is a number from 1 to 960, not -1"),
        (lambda: Position.from_fritz9(2**70), "number is a number from 1 to 960"),
        (lambda: DoublePosition.from_id(-5), "id is a double start id from 0 to 921599, not -5"),
        (lambda: chess960.seeded_draw("s", -1), "rounds is a number of rounds"),
        (lambda: chess960.seeded_sample("s", [1, 2], -1), "k is a count"),
    ],
)
def test_negative_and_huge_ints_are_value_errors_naming_the_argument(
    call: Any, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        call()


class _Index:
    """An integer of another type, as NumPy's are: only `__index__`."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_integers_of_other_types_are_taken_through_index() -> None:
    assert Position(_Index(518)) == Position(518)  # type: ignore[arg-type]
    assert Position.from_one_based(_Index(960)) == Position(0)  # type: ignore[arg-type]
    assert DoublePosition.from_id(_Index(518 * 960 + 518)) == DoublePosition(518, 518)  # type: ignore[arg-type]
    assert len(chess960.seeded_draw("s", _Index(3))) == 3  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not -1"):
        Position.from_one_based(_Index(-1))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Position.from_one_based(1.5)  # type: ignore[arg-type]
