"""Lichess-shaped Chess960 games with legal moves, for the explorer's tests.

python-chess plays each game from its start: the first plies follow a few
popular lines (a move's popularity fixed per position, so the openings of
many games repeat, as in real archives), the rest at random. Tags as
lichess writes them (Site, UTCDate, WhiteElo, TimeControl, Variant, FEN),
results, speeds and ratings varied so that every filter changes an
answer. Deterministic for a seed.
"""

from __future__ import annotations

import random

import chess

SPEEDS = ["60+0", "180+2", "300+3", "600+5", "900+10"]
OPENING_PLIES = 8


def _popular(board: chess.Board, rng: random.Random) -> chess.Move:
    """A move of the position, the first of the (fixed) order most often."""
    moves = sorted(board.legal_moves, key=lambda m: m.uci())
    order = random.Random(board.board_fen() + str(board.turn))
    order.shuffle(moves)
    weights = [2.0 ** -i for i in range(len(moves))]
    return rng.choices(moves, weights=weights)[0]


def game(start: int, number: int, rng: random.Random, plies: int = 24) -> str:
    """One game's PGN record from start `start`."""
    board = chess.Board.from_chess960_pos(start)
    fen = board.fen()
    sans: list[str] = []
    for ply in range(plies):
        if board.is_game_over():
            break
        if ply < OPENING_PLIES:
            move = _popular(board, rng)
        else:
            move = rng.choice(sorted(board.legal_moves, key=lambda m: m.uci()))
        sans.append(board.san(move))
        board.push(move)
    result = rng.choice(["1-0", "1-0", "0-1", "1/2-1/2"])
    white_elo = rng.randrange(900, 2600)
    black_elo = white_elo + rng.randrange(-150, 150)
    month = rng.randrange(1, 13)
    day = rng.randrange(1, 29)
    site = "".join(rng.choice("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(8))
    movetext = []
    for i, san in enumerate(sans):
        if i % 2 == 0:
            movetext.append(f"{i // 2 + 1}.")
        movetext.append(san)
    movetext.append(result)
    tags = [
        ("Event", "Rated Chess960 game"),
        ("Site", f"https://lichess.org/{site}"),
        ("Date", f"2024.{month:02}.{day:02}"),
        ("White", f"white{number % 37}"),
        ("Black", f"black{number % 41}"),
        ("Result", result),
        ("UTCDate", f"2024.{month:02}.{day:02}"),
        ("UTCTime", "12:00:00"),
        ("WhiteElo", str(white_elo)),
        ("BlackElo", str(black_elo)),
        ("Variant", "Chess960"),
        ("TimeControl", rng.choice(SPEEDS)),
        ("FEN", fen),
        ("SetUp", "1"),
    ]
    head = "".join(f'[{name} "{value}"]\n' for name, value in tags)
    return head + "\n" + " ".join(movetext) + "\n\n"


def games(starts: dict[int, int], seed: int = 960) -> str:
    """`starts[id]` games from each start, as one PGN text."""
    rng = random.Random(seed)
    out = []
    number = 0
    for start, count in starts.items():
        for _ in range(count):
            out.append(game(start, number, rng))
            number += 1
    return "".join(out)


if __name__ == "__main__":
    import sys

    print(games({451: int(sys.argv[1]) if len(sys.argv) > 1 else 300, 518: 40, 0: 20}), end="")
