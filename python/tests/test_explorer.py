"""The opening explorer's db from Python (`explorer_index`, `explorer_merge`,
`Explorer.query`) against python-chess: random legal games from a few
Chess960 starts, the positions keyed by python-chess's own board (pieces,
side to move, castling rooks, a legal en passant square), the moves counted
once per game with the move last played from a repeated position; and the
guide's Dask recipe run as written, its merged db answering as one db of
all the files."""

from __future__ import annotations

import ast
import random
import zlib
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import chess
import chess.pgn
import pyarrow as pa  # type: ignore[import-untyped]
import pytest
import zstandard

import chess960

from conftest import ROOT, chess960_game, run_recipe

Key = Tuple[str, bool, int, Optional[int]]


def key(board: chess.Board) -> Key:
    """A position as the explorer keys it, by python-chess."""
    ep = board.ep_square if board.has_legal_en_passant() else None
    return (board.board_fen(), board.turn, board.clean_castling_rights(), ep)


def random_games(count: int, seed: int, first: int = 0) -> List[chess.pgn.Game]:
    rng = random.Random(seed)
    games = []
    for number in range(first, first + count):
        sp = rng.choice([0, 518, 959])
        game, board = chess960_game(sp, {
            "Site": f"https://example.org/g{number:06}",
            "Variant": "Chess960",
            "Result": rng.choice(["1-0", "0-1", "1/2-1/2"]),
            "WhiteElo": str(rng.randrange(1000, 2600)),
            "BlackElo": str(rng.randrange(1000, 2600)),
            "TimeControl": rng.choice(["60+0", "180+2", "600+0"]),
            "UTCDate": f"2026.{rng.randrange(9, 12):02}.{rng.randrange(1, 29):02}",
        })
        node: chess.pgn.GameNode = game
        for ply in range(rng.randrange(2, 30)):
            moves = list(board.legal_moves)
            if not moves:
                break
            # Popular first moves, so that openings repeat and transpose.
            move = moves[zlib.crc32(board.fen().encode()) % len(moves)] if ply < 4 and rng.random() < 0.7 else rng.choice(moves)
            node = node.add_variation(move)
            board.push(move)
        games.append(game)
    return games


def write_pgn(games: List[chess.pgn.Game], path: Path) -> None:
    path.write_text("".join(str(game) + "\n\n" for game in games), encoding="utf-8")


def model(games: List[chess.pgn.Game], plies: int) -> Tuple[Dict[Key, Dict[str, List[int]]], Dict[Key, Tuple[int, List[str]]]]:
    """Per position, per move (UCI, the king taking its rook): White wins,
    draws, Black wins; and one way to reach each position."""
    counts: Dict[Key, Dict[str, List[int]]] = {}
    paths: Dict[Key, Tuple[int, List[str]]] = {}
    for game in games:
        board = game.board()
        start = board.chess960_pos()
        assert start is not None
        played: Dict[Key, str] = {}
        line: List[str] = []
        for move in list(game.mainline_moves())[:plies]:
            k = key(board)
            paths.setdefault(k, (start, list(line)))
            played[k] = board.uci(move, chess960=True)
            line.append(board.uci(move, chess960=True))
            board.push(move)
        column = {"1-0": 0, "1/2-1/2": 1, "0-1": 2}[game.headers["Result"]]
        for k, uci in played.items():
            counts.setdefault(k, {}).setdefault(uci, [0, 0, 0])[column] += 1
    return counts, paths


def answer(explorer: chess960.Explorer, start: int, play: List[str]) -> Dict[str, Any]:
    table = explorer.query(start=start, play=play)
    rows = pa.table(table).to_pylist()
    return {row["uci"]: row for row in rows}


def test_counts_and_san_match_python_chess(tmp_path: Path) -> None:
    games = random_games(400, 1)
    write_pgn(games, tmp_path / "games.pgn")
    summary = chess960.explorer_index(tmp_path / "games.pgn", tmp_path / "db", plies=12, threads=1)
    assert (summary["added"], summary["duplicates"], summary["skipped"]) == (400, 0, 0)
    explorer = chess960.Explorer(tmp_path / "db")
    assert explorer.games() == 400
    counts, paths = model(games, 12)
    assert len(counts) > 300
    for k, moves in counts.items():
        start, play = paths[k]
        got = answer(explorer, start, play)
        assert {uci: [row["white"], row["draws"], row["black"]] for uci, row in got.items()} == moves
        board = chess.Board.from_chess960_pos(start)
        board.chess960 = True
        for uci in play:
            board.push_uci(uci)
        for uci, row in got.items():
            assert row["san"] == board.san(chess.Move.from_uci(uci)), (start, play, uci)
    # A writer is refused while the db is open for reading.
    with pytest.raises(OSError, match="the db is open elsewhere"):
        chess960.explorer_index(tmp_path / "games.pgn", tmp_path / "db", plies=12, threads=1)
    del explorer
    # Indexing the file again adds nothing.
    again = chess960.explorer_index(tmp_path / "games.pgn", tmp_path / "db", plies=12, threads=1)
    assert (again["added"], again["duplicates"]) == (0, 400)


def test_bad_arguments_are_value_errors_naming_them(tmp_path: Path) -> None:
    write_pgn(random_games(5, 2), tmp_path / "games.pgn")
    chess960.explorer_index(tmp_path / "games.pgn", tmp_path / "db")
    explorer = chess960.Explorer(tmp_path / "db")
    with pytest.raises(ValueError, match=r"^play: ply 1: e2e5 is not a legal move$"):
        explorer.query(start=518, play=["e2e5"])
    with pytest.raises(ValueError, match=r"^fen: "):
        explorer.query(fen="8/8/8/8/8/8/8/8 w - - 0 1")
    with pytest.raises(ValueError, match=r"^speeds: "):
        explorer.query(start=518, speeds=["fast"])
    with pytest.raises(ValueError, match=r"^ratings: "):
        explorer.query(start=518, ratings=[1100])
    with pytest.raises(ValueError, match=r"^since: "):
        explorer.query(start=518, since="2026-13")
    with pytest.raises(ValueError, match=r"^start: "):
        explorer.query(start=960)
    with pytest.raises(OSError, match="no explorer db"):
        chess960.Explorer(tmp_path / "nothing")


def test_filters_and_summary(tmp_path: Path) -> None:
    games = random_games(200, 3)
    write_pgn(games, tmp_path / "games.pgn")
    chess960.explorer_index(tmp_path / "games.pgn", tmp_path / "db")
    explorer = chess960.Explorer(tmp_path / "db")
    table = explorer.query(start=518)
    whole = table.summary
    assert whole["games"] == sum(1 for game in games if game.board().chess960_pos() == 518 and game.mainline_moves())
    blitz = explorer.query(start=518, speeds="blitz").summary
    expected = sum(
        1 for game in games if game.board().chess960_pos() == 518 and game.headers["TimeControl"] == "180+2" and list(game.mainline_moves())
    )
    assert blitz["games"] == expected
    assert len(whole["top_games"]) == min(4, whole["games"])
    ratings = [(game["white_rating"] + game["black_rating"]) // 2 for game in whole["top_games"]]
    assert ratings == sorted(ratings, reverse=True)


def recipe() -> str:
    """The recipe's code block, as the guide shows it."""
    text = (ROOT / "docs" / "guide" / "explorer.md").read_text(encoding="utf-8")
    block = text.split("<!-- explorer-dask-recipe -->", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    ast.parse(block)
    return block


def test_the_dask_recipe_indexes_months_apart_and_merges_them(tmp_path: Path) -> None:
    months = [random_games(60, 10 + month, first=1000 * month) for month in range(1, 4)]
    for month, games in enumerate(months, start=1):
        text = "".join(str(game) + "\n\n" for game in games)
        path = tmp_path / f"lichess_db_chess960_rated_2026-0{month}.pgn.zst"
        path.write_bytes(zstandard.ZstdCompressor().compress(text.encode()))
    done = run_recipe(recipe(), tmp_path)
    assert done.returncode == 0, done.stderr
    assert "180 games in 3 dbs" in done.stdout
    # One db of all the files answers the same.
    paths = sorted(tmp_path.glob("lichess_db_chess960_rated_*.pgn.zst"))
    chess960.explorer_index([str(path) for path in paths], tmp_path / "one", threads=1)
    merged = chess960.Explorer(tmp_path / "explorer")
    one = chess960.Explorer(tmp_path / "one")
    _, reach = model([game for games in months for game in games], 8)
    assert len(reach) > 100
    for start, play in reach.values():
        a = merged.query(start=start, play=play)
        b = one.query(start=start, play=play)
        assert pa.table(a).equals(pa.table(b))
        assert a.summary == b.summary
