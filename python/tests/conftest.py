"""Shared fixtures: the repository's PGN fixtures and the `chess960` command."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import List

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
