"""Position search and game PGNs from Python (`Explorer.games`,
`Explorer.game`) against python-chess: for every position reached within
the plies, the games listed are exactly those python-chess's replay finds
reaching it (a repeated position listing its game once), newest first,
then by id; and each game's PGN, read back by python-chess, has the
original's mainline and tags, escapes included."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Dict, List, Set, Tuple

import chess
import chess.pgn
import pyarrow as pa  # type: ignore[import-untyped]
import pytest

import chess960

from test_explorer import Key, key, random_games, write_pgn

PLIES = 10


def reached(games: List[chess.pgn.Game]) -> Tuple[Dict[Key, Set[str]], Dict[Key, Tuple[int, List[str]]]]:
    """Per position a move was played from (within the plies): the ids of
    the games; and one way to reach it."""
    found: Dict[Key, Set[str]] = {}
    paths: Dict[Key, Tuple[int, List[str]]] = {}
    for game in games:
        board = game.board()
        start = board.chess960_pos()
        assert start is not None
        line: List[str] = []
        for move in list(game.mainline_moves())[:PLIES]:
            k = key(board)
            paths.setdefault(k, (start, list(line)))
            found.setdefault(k, set()).add(game.headers["Site"].rsplit("/", 1)[1])
            line.append(board.uci(move, chess960=True))
            board.push(move)
    return found, paths


def test_every_position_lists_the_games_python_chess_finds(tmp_path: Path) -> None:
    games = random_games(300, 11)
    # A name PGN must escape, written escaped (python-chess writes and
    # reads tag values as they stand, escapes and all): the db unescapes
    # it, and writes it escaped again.
    games[3].headers["White"] = 'a \\"quoted\\" \\\\ name'
    write_pgn(games, tmp_path / "games.pgn")
    chess960.explorer_index(tmp_path / "games.pgn", tmp_path / "db", plies=PLIES, threads=1)
    explorer = chess960.Explorer(tmp_path / "db")
    assert explorer.games() == 300
    dates = {game.headers["Site"].rsplit("/", 1)[1]: game.headers["UTCDate"] for game in games}
    found, paths = reached(games)
    assert len(found) > 300
    for k, ids in found.items():
        start, play = paths[k]
        table = explorer.games(start=start, play=play)
        rows = pa.table(table).to_pylist()
        listed = [row["id"] for row in rows]
        # Newest first (by date here: the games have no time), then by id.
        assert listed == sorted(ids, key=lambda i: (-int(dates[i].replace(".", "")), i)), (start, play)
        assert table.summary["total"] == len(ids)
    by_id = {game.headers["Site"].rsplit("/", 1)[1]: game for game in games}
    for game_id, original in list(by_id.items())[:60]:
        text = explorer.game(game_id)
        back = chess.pgn.read_game(io.StringIO(text))
        assert back is not None and not back.errors
        assert [m.uci() for m in back.mainline_moves()] == [m.uci() for m in original.mainline_moves()]
        for name in ("White", "Black", "Result", "UTCDate", "Site"):
            assert back.headers[name] == original.headers[name]
        assert back.headers["Variant"] == "Chess960"
        assert list(back.headers.keys())[:7] == ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    page = explorer.games(start=518, limit=2, offset=1, result="1-0")
    assert page.num_rows <= 2
    with pytest.raises(KeyError):
        explorer.game("nosuchgame")
    with pytest.raises(ValueError, match=r"^result: "):
        explorer.games(start=518, result="2-0")  # type: ignore[call-overload]
    with pytest.raises(ValueError, match=r"^color: "):
        explorer.games(start=518, color="white")
