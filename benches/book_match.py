"""An engine tester's match, end to end: `chess960 book` writes two small
opening books (a seeded sample of Chess960 starts and one of double
Chess960 starts), Stockfish plays every book line twice, colours reversed,
at two node limits (driven by python-chess, `UCI_Chess960` on), the games
are written as PGN, and `chess960 games` reads them back.

Each game carries the book it came from: `[Book "<the chess960 book
command>"]` and `[BookLine "<its line number>"]`, so anyone can re-run the
command and find the game's FEN on that line (the test suite does,
`cli/tests/suite/book.rs`). The PGN is committed as
`cli/games/tests/fixtures/book_match.pgn`; engine play is not reproducible across
machines and versions, so this script documents how it was made rather
than being run by the tests.

Needs python-chess (`pip install chess`) and Stockfish (Debian's
`apt-get install stockfish`; made with 15.1). From the repository root:

    cargo build --release
    python3 benches/book_match.py target/release/chess960 /usr/games/stockfish \
        > cli/games/tests/fixtures/book_match.pgn

and then, as a tester reads the results:

    target/release/chess960 games --player cli/games/tests/fixtures/book_match.pgn
"""

import os
import subprocess
import sys

import chess
import chess.engine
import chess.pgn

# The game loop is the engine match fixture's (games/tests/fixtures/engine_match.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "games", "tests", "fixtures"))
from engine_match import play_out  # noqa: E402

ENGINES = [("SF-nodes-4000", 4000), ("SF-nodes-1000", 1000)]
MAX_PLIES = 160
SEED = "book-match-2026-11-25"
BOOKS = [
    ["book", "--sample", "4", "--seed", SEED],
    ["book", "--double", "--sample", "2", "--seed", SEED],
]


def book_lines(chess960, args):
    """The book `chess960 ARGS` writes, one FEN a line."""
    out = subprocess.run([chess960, *args], check=True, capture_output=True, text=True)
    return out.stdout.splitlines()


def play(engines, names, fen, command, line, game_number):
    board = chess.Board(fen, chess960=True)
    game = chess.pgn.Game()
    game.headers["Event"] = "Book match at two node limits"
    game.headers["Site"] = "chess960 test fixture"
    game.headers["Date"] = "2026.11.25"
    game.headers["Round"] = str(game_number)
    game.headers["White"] = names[0]
    game.headers["Black"] = names[1]
    game.headers["Variant"] = "Chess960"
    game.headers["Book"] = command
    game.headers["BookLine"] = str(line)
    game.setup(board)
    game.headers["FEN"] = fen  # the book's line as written (python-chess would rewrite its castling)
    return play_out(game, board, engines, MAX_PLIES)


def main():
    chess960, stockfish = sys.argv[1], sys.argv[2]
    opened = [chess.engine.SimpleEngine.popen_uci(stockfish) for _ in ENGINES]
    for engine in opened:
        engine.configure({"Threads": 1, "Hash": 16})  # UCI_Chess960: python-chess sets it for a Chess960 board
    number = 0
    try:
        for args in BOOKS:
            command = "chess960 " + " ".join(args)
            for line, fen in enumerate(book_lines(chess960, args), start=1):
                for swap in (False, True):
                    order = [1, 0] if swap else [0, 1]
                    engines = [(opened[i], ENGINES[i][1]) for i in order]
                    names = [ENGINES[i][0] for i in order]
                    number += 1
                    game = play(engines, names, fen, command, line, number)
                    print(game, end="\n\n")
                    print(f"game {number}: {names[0]} - {names[1]} {game.headers['Result']}",
                          file=sys.stderr)
    finally:
        for engine in opened:
            engine.quit()


if __name__ == "__main__":
    main()
