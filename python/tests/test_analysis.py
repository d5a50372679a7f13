"""The explorer's engine analysis against independent code: the positions
chosen equal a python-chess tally of the games at G games or more, the
evaluations equal python-chess's `chess.engine` analysis with the same
engine and settings (lines, scores, depth), and the guide's Dask recipe
on a `LocalCluster` of 2 workers gives exactly what one process gives."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any, Dict, List

import chess
import chess.engine
import chess.pgn
import pytest

import chess960

from conftest import ROOT, command, run_recipe
from explorer_games import games

STOCKFISH = "/usr/games/stockfish"
PLIES = 8
SETTINGS = ["--nodes", "20000", "--multipv", "3", "--hash", "16"]

needs_stockfish = pytest.mark.skipif(
    not os.path.exists(STOCKFISH),
    reason=f"{STOCKFISH} is not installed (python/run-tests.sh installs Debian's stockfish)",
)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A db of 300 games from three starts, 8 plies a game."""
    folder = tmp_path_factory.mktemp("analysis")
    pgn = folder / "games.pgn"
    pgn.write_text(games({451: 180, 518: 80, 0: 40}, seed=58), encoding="utf-8")
    chess960.explorer_index(str(pgn), folder / "db", plies=PLIES, threads=1)
    return folder / "db"


def key(fen: str) -> str:
    """A position as python-chess tells positions apart: the EPD, en passant
    only where a capture is legal, castling in Shredder-FEN."""
    board = chess.Board(fen + " 0 1" if len(fen.split()) == 4 else fen, chess960=True)
    return board.epd(shredder=True, en_passant="legal")


def tally(pgn: Path) -> Counter[str]:
    """Games that reached each position before one of their first plies."""
    counts: Counter[str] = Counter()
    with open(pgn, encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            board = game.board()
            seen = set()
            for ply, move in enumerate(game.mainline_moves()):
                if ply >= PLIES:
                    break
                seen.add(board.epd(shredder=True, en_passant="legal"))
                board.push(move)
            counts.update(seen)
    return counts


def listed(db: Path, *args: str) -> List[Dict[str, Any]]:
    done = subprocess.run(
        [command(), "explorer", "analyse", "--db", str(db), "--list", *args],
        capture_output=True, text=True, check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def exported(db: Path) -> List[str]:
    done = subprocess.run(
        [command(), "explorer", "evals", "--db", str(db)], capture_output=True, text=True, check=True
    )
    return done.stdout.splitlines()


@pytest.mark.parametrize("g", [2, 5, 20])
def test_the_positions_chosen_are_a_python_chess_tally_at_g(db: Path, g: int) -> None:
    expected = {position: count for position, count in tally(db.parent / "games.pgn").items() if count >= g}
    chosen = listed(db, "--min-games", str(g))
    found = {key(row["fen"]): row["games"] for row in chosen}
    assert len(found) == len(chosen)
    assert found == expected
    assert [row["games"] for row in chosen] == sorted((row["games"] for row in chosen), reverse=True)


def python_chess(fen: str, engine: chess.engine.SimpleEngine) -> Dict[str, Any]:
    """python-chess's analysis of `fen` as the explorer stores one."""
    board = chess.Board(fen + " 0 1", chess960=True)
    infos = engine.analyse(board, chess.engine.Limit(nodes=20000), multipv=3, game=object())
    pvs = []
    for info in infos:
        line = board.copy()
        moves = []
        for move in info["pv"]:
            moves.append(line.uci(move, chess960=True))
            line.push(move)
        score = info["score"].white()
        pv: Dict[str, Any] = {"line": " ".join(moves)}
        if score.is_mate():
            pv["mate"] = score.mate()
        else:
            pv["cp"] = score.score()
        pvs.append(pv)
    return {"depth": infos[0]["depth"], "pvs": pvs}


@needs_stockfish
def test_evaluations_equal_python_chess_engine_analysis(tmp_path: Path, db: Path) -> None:
    ours = tmp_path / "db"
    shutil.copytree(db, ours)
    done = subprocess.run(
        [command(), "explorer", "analyse", "--db", str(ours), "--engine", STOCKFISH,
         "--min-games", "12", "--engines", "2", *SETTINGS],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "skipped" in done.stderr and " 0 skipped" in done.stderr
    lines = [json.loads(line) for line in exported(ours)]
    assert len(lines) == len(listed(db, "--min-games", "12")) > 5
    with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
        engine.configure({"Threads": 1, "Hash": 16})
        for line in lines:
            [stored] = line["evals"]
            theirs = python_chess(line["fen"], engine)
            assert stored["depth"] == theirs["depth"], line["fen"]
            assert stored["pvs"] == theirs["pvs"], line["fen"]
            assert stored["nodes"] == 20000 and stored["multipv"] == 3
            assert stored["engine"].startswith("Stockfish")
    # Read back from Python: one position's, and all as a table.
    explorer = chess960.Explorer(ours)
    first = lines[0]
    got = explorer.eval(fen=first["fen"])
    assert got is not None
    assert [pv["moves"] for pv in got["pvs"]] == [pv["line"] for pv in first["evals"][0]["pvs"]]
    assert explorer.eval(start=451, play=["a2a3", "a7a6", "h2h3"]) is None
    assert explorer.query(fen=first["fen"]).summary["eval"] == got
    table = explorer.evals()
    assert table.summary["positions"] == len(lines)
    import pyarrow as pa  # type: ignore[import-untyped]

    rows = pa.table(table).to_pylist()
    assert len(rows) == sum(len(line["evals"][0]["pvs"]) for line in lines)
    assert {row["fen"] for row in rows} == {line["fen"] for line in lines}


def recipe() -> str:
    """The guide's analysis recipe, as the guide shows it."""
    text = (ROOT / "docs" / "guide" / "explorer.md").read_text(encoding="utf-8")
    block = text.split("<!-- explorer-analyse-recipe -->", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    ast.parse(block)
    return block


@needs_stockfish
def test_the_dask_analysis_recipe_gives_what_one_process_gives(tmp_path: Path, db: Path) -> None:
    shutil.copytree(db, tmp_path / "explorer")
    one = tmp_path / "one"
    shutil.copytree(db, one)
    os.environ["CHESS960_BIN"] = command()
    done = run_recipe(recipe(), tmp_path)
    assert done.returncode == 0, done.stderr
    subprocess.run(
        [command(), "explorer", "analyse", "--db", str(one), "--engines", "1", "--min-games", "5", *SETTINGS],
        capture_output=True, check=True,
    )
    cluster = exported(tmp_path / "explorer")
    assert len(cluster) == len(listed(db, "--min-games", "5")) > 10
    assert cluster == exported(one)
    assert f"{len(cluster)} positions analysed" in done.stdout
