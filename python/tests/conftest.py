"""Shared fixtures: the repository's PGN fixtures and the `chess960` command."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Tuple

import chess
import chess.pgn

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "cli" / "tests" / "fixtures"

# A small archive with one record of each kind the reader tells apart.
MIXED_PGN = """\
[Event "Mixed, rated"]
[Site "https://example.org/1"]
[Date "2026.01.02"]
[White "Alice"]
[Black "Bob"]
[Result "1-0"]
[WhiteElo "2100"]
[BlackElo "1950"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]

1. e4 e5 1-0

[Event "Mixed, double"]
[White "Bob"]
[Black "Alice"]
[Result "0-1"]
[WhiteElo "1960"]
[BlackElo "2110"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1"]

1. e4 e5 0-1

[Event "Mixed, changed rules"]
[White "Alice"]
[Black "Carol"]
[Result "1/2-1/2"]
[WhiteElo "2100"]
[BlackElo "?"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Kq - 0 1"]

1... e5 1/2-1/2

[Event "Mixed, standard"]
[White "Carol"]
[Black "Alice"]
[Result "*"]

1. e4 *

[Event "Mixed, other variant"]
[White "Alice, with a comma"]
[Black "Dan \\"quoted\\""]
[Result "0-1"]
[Variant "Crazyhouse"]

1. e4 0-1

[Event "Mixed, not a start"]
[White "Dan"]
[Black "Alice"]
[Result "1-0"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]

1... e5 1-0

[Event "Mixed, no FEN"]
[White "Erin"]
[Black "Alice"]
[Result "1/2-1/2"]
[Variant "Chess960"]

1. e4 e5 1/2-1/2
"""


def command() -> str:
    """The built `chess960` command: $CHESS960_BIN, or target/{debug,release}."""
    given = os.environ.get("CHESS960_BIN")
    if given:
        return given
    for profile in ("debug", "release"):
        candidate = ROOT / "target" / profile / "chess960"
        if candidate.exists():
            return str(candidate)
    found = shutil.which("chess960")
    if found is None:
        pytest.skip("the chess960 command is not built (cargo build -p chess960-cli)")
    return found


def chess960_game(sp: int, headers: Dict[str, str]) -> "Tuple[chess.pgn.Game, chess.Board]":
    """A python-chess game set up at start `sp` with `headers` (in their
    order), and its board, ready for moves."""
    board = chess.Board.from_chess960_pos(sp)
    board.chess960 = True
    game = chess.pgn.Game()
    for name, value in headers.items():
        game.headers[name] = value
    game.setup(board)
    return game, board


def run_recipe(text: str, folder: Path) -> "subprocess.CompletedProcess[str]":
    """Runs a guide's recipe, `text`, as a Python script in `folder` (its
    inputs there too), within five minutes."""
    script = folder / "recipe.py"
    script.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(script)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def run_command(*args: str) -> str:
    """Runs the command and returns its standard output (any exit code)."""
    done = subprocess.run(
        [command(), *args], capture_output=True, text=True, check=False
    )
    return done.stdout


@pytest.fixture(scope="session")
def fixture_pgns() -> List[str]:
    """The command's PGN fixtures."""
    return sorted(str(path) for path in FIXTURES.glob("*.pgn"))


@pytest.fixture(scope="session")
def mixed_pgn(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A PGN file with one game of each kind."""
    path = tmp_path_factory.mktemp("pgn") / "mixed.pgn"
    path.write_text(MIXED_PGN, encoding="utf-8")
    return str(path)
