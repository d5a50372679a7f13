"""The games' moves (`read_games(moves=True)`, `write_parquet(moves=True)`)
and the opening explorer (`opening_stats`) against python-chess: random
legal games from Chess960 starts, written by python-chess's exporter with
side lines, comments and NAGs, and real lichess games, replayed by
python-chess and by us."""

from __future__ import annotations

import collections
import io
import random
from pathlib import Path
from typing import Any, Dict, List, Tuple

import chess
import chess.pgn
import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]
import pytest

import chess960

from conftest import chess960_game


def random_games(count: int, seed: int) -> str:
    """`count` games from a few starts, their first plies from a few lines."""
    rng = random.Random(seed)
    records = []
    for number in range(count):
        sp = rng.choice([0, 451, 518, 959])
        result = rng.choice(["1-0", "0-1", "1/2-1/2"])
        elos = [str(rng.randrange(1500, 2500)) for _ in "wb"]
        headers = dict(Event=f"game {number + 1}", Variant="Chess960", Result=result)
        game, board = chess960_game(sp, {**headers, "WhiteElo": elos[0], "BlackElo": elos[1]})
        node: chess.pgn.GameNode = game
        for ply in range(rng.randrange(2, 90)):
            legal = list(node.board().legal_moves)
            if not legal:
                break
            pick = random.Random(sp * 100 + ply * 7 + rng.randrange(2)) if ply < 3 else rng
            move = pick.choice(legal)
            if rng.random() < 0.05 and len(legal) > 1:
                node.add_variation(next(m for m in legal if m != move)).comment = "a (side) line"
            node = node.add_main_variation(move)
            if rng.random() < 0.1:
                node.comment = "[%clk 0:01:00]"
            if rng.random() < 0.05:
                node.nags.add(1)
        records.append(str(game))
    return "\n\n".join(records) + "\n"


def their_moves(text: str) -> List[Tuple[Dict[str, str], List[str]]]:
    """Each game's headers and main line as python-chess replays it."""
    games = []
    pgn = io.StringIO(text)
    while (game := chess.pgn.read_game(pgn)) is not None:
        board = game.board()
        uci = []
        for move in game.mainline_moves():
            uci.append(board.uci(move))
            board.push(move)
        games.append((dict(game.headers), uci))
    return games


def test_read_games_moves_equal_python_chess(tmp_path: Path) -> None:
    text = random_games(120, seed=1)
    path = tmp_path / "games.pgn"
    path.write_text(text)
    table = pa.table(chess960.read_games(str(path), moves=True, columns="number,white_id"))
    assert table.schema.field("plies").type == pa.uint16()
    assert table.schema.field("moves").type == pa.list_(pa.string())
    expected = their_moves(text)
    assert table.column("moves").to_pylist() == [uci for _, uci in expected]
    assert table.column("plies").to_pylist() == [len(uci) for _, uci in expected]
    # Without moves=True, no moves.
    plain = pa.table(chess960.read_games(str(path), columns="number"))
    assert plain.column_names == ["number"]


def test_real_lichess_games_replay_as_python_chess_replays_them() -> None:
    """The first 438 games of lichess's open database of May 2025 (standard
    chess with clock and evaluation comments): python-chess's moves."""
    path = Path(__file__).resolve().parents[2] / "games" / "tests" / "fixtures" / "lichess_2025-05_438.pgn"
    table = pa.table(chess960.read_games(path, moves=True, columns="number"))
    expected = their_moves(path.read_text())
    assert len(expected) == 438
    assert table.column("moves").to_pylist() == [uci for _, uci in expected]
    assert sum(table.column("plies").to_pylist()) > 25_000


def test_write_parquet_moves_and_a_bad_move(tmp_path: Path) -> None:
    good = random_games(5, seed=2)
    bad = '[Event "bad"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke3 1-0\n'
    path = tmp_path / "games.pgn"
    path.write_text(good + "\n" + bad)
    out = tmp_path / "games.parquet"
    summary = chess960.write_parquet(str(path), str(out), moves=True)
    table = pq.read_table(out)
    assert table.num_rows == 6
    moves = table.column("moves").to_pylist()
    assert moves[:5] == [uci for _, uci in their_moves(good)]
    assert moves[5] is None and table.column("plies").to_pylist()[5] is None
    assert summary["skipped"] == 1
    assert summary["skips"][0].endswith("game 6 at byte %d: ply 3: Ke3 is not a legal move" % (len(good) + 1))


def test_opening_stats_equal_a_count_of_python_chess_moves(tmp_path: Path) -> None:
    text = random_games(300, seed=3)
    path = tmp_path / "games.pgn"
    path.write_text(text)
    expected: collections.Counter[Tuple[int, Tuple[str, ...]]] = collections.Counter()
    wins: collections.Counter[Tuple[int, Tuple[str, ...]]] = collections.Counter()
    for headers, uci in their_moves(text):
        board = chess.Board(headers.get("FEN", chess.STARTING_FEN), chess960=True)
        sp = board.chess960_pos()
        assert sp is not None
        key = (sp, tuple(uci[:3]))
        expected[key] += 1
        wins[key] += headers["Result"] == "1-0"
    table = pa.table(chess960.opening_stats(str(path), 3))
    assert table.schema.field("moves").type == pa.list_(pa.string())
    rows = table.to_pylist()
    ours = {(row["white_id"], tuple(row["moves"])): row["games"] for row in rows}
    assert ours == dict(expected)
    assert all(row["white_wins"] == wins[(row["white_id"], tuple(row["moves"]))] for row in rows)
    assert all(len(row["san"]) == len(row["moves"]) for row in rows)
    # By start, then by games, most first.
    keys = [(row["white_id"], -row["games"]) for row in rows]
    assert keys == sorted(keys)


@pytest.mark.parametrize("plies", [-1, 2**70])
def test_a_bad_number_of_plies_is_a_value_error_naming_it(plies: int, tmp_path: Any) -> None:
    path = tmp_path / "one.pgn"
    path.write_text('[Event "x"]\n\n1. e4 *\n')
    with pytest.raises(ValueError, match="plies is a number of plies"):
        chess960.opening_stats(str(path), plies)


def test_odd_fens_and_writer_forms_replay_as_python_chess_replays_them(tmp_path: Path) -> None:
    """Castling rights without their rook, named twice, an en passant square
    no pawn can take on; a move number's dots spaced off, `e.p.` marks,
    null moves as `0000`, `Z0` and `@@@@`, dots without their number."""
    games = [
        ("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", "1. O-O Kd7 2. Rd1+ *"),
        ("r3k3/8/8/8/8/8/8/4K2R w KKq - 0 1", "1. O-O O-O-O *"),
        ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "1. Kd2 Kd7 *"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "1. exd6 e.p. Kd7 2 . Kd2 2 ... Kxd6 *"),
        (None, "1 . e4 e5 2. Nf3 *"),
        (None, "1. e4 0000 2. Z0 @@@@ 3. Nf3 ...Nf6 *"),
    ]
    records = []
    for fen, moves in games:
        tags = '[Event "odd"]\n[Result "*"]\n'
        if fen:
            tags += f'[SetUp "1"]\n[FEN "{fen}"]\n'
        records.append(f"{tags}\n{moves}\n")
    text = "\n".join(records)
    path = tmp_path / "odd.pgn"
    path.write_text(text)
    table = pa.table(chess960.read_games(str(path), moves=True, columns="number"))
    expected = their_moves(text)
    assert [len(uci) for _, uci in expected] == [3, 2, 2, 4, 3, 6]
    assert table.column("moves").to_pylist() == [uci for _, uci in expected]
