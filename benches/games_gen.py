#!/usr/bin/env python3
"""Writes a lichess-like Chess960 PGN of about SIZE_MB megabytes to stdout.

Headers as lichess writes them (Event, Site, Date, Round, White, Black,
Result, UTCDate, UTCTime, WhiteElo, BlackElo, WhiteRatingDiff,
BlackRatingDiff, Variant, TimeControl, ECO, Termination, FEN, SetUp) and
movetext with [%clk] comments on one long line. Deterministic (seeded).

    python3 benches/games_gen.py SIZE_MB [titles]

With `titles`, also the tags lichess writes for some games only, which
the Parquet columns read again from each record's bytes: WhiteTitle and
BlackTitle (one game in twenty), Opening, and varied time controls
(`benches/games_parquet.py`); without it the output is as it always was.
"""
import os
import random
import subprocess
import sys

KNIGHTS = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]


def rank(n):
    r = [None] * 8
    r[2 * (n % 4) + 1] = "B"
    n //= 4
    r[2 * (n % 4)] = "B"
    n //= 4
    free = [i for i in range(8) if r[i] is None]
    r[free[n % 6]] = "Q"
    n //= 6
    free = [i for i in range(8) if r[i] is None]
    a, b = KNIGHTS[n]
    r[free[a]] = r[free[b]] = "N"
    for slot, piece in zip([i for i in range(8) if r[i] is None], "RKR"):
        r[slot] = piece
    return "".join(r)


def command(size_mb, titles=False):
    """The command line that runs this script for SIZE_MB megabytes, in a
    process of its own (its output is the archive)."""
    return [sys.executable, os.path.abspath(__file__), str(size_mb)] + (["titles"] if titles else [])


def make(path, size_mb, titles=False):
    """Writes an archive of about `size_mb` megabytes to `path` with this
    script, unless `path` exists already."""
    if not os.path.exists(path):
        with open(path, "wb") as out:
            subprocess.run(command(size_mb, titles), stdout=out, check=True)


def main():
    size = int(sys.argv[1]) * 1_000_000
    titles = sys.argv[2:] == ["titles"]
    openings = ["Queen's Gambit", "King's Pawn Game", "Sicilian Defense: Najdorf", "?"]
    controls = ["180+0", "60+0", "300+3", "600+5", "15+10", "-"]
    rng = random.Random(960)
    out = sys.stdout
    moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "Nf6", "d4", "exd4", "Qxd4", "c5", "g3", "Bg7"]
    # Each game's movetext is drawn from a pool of half-move tokens (a move
    # and its clock comment), so that it compresses like real games do.
    tokens = []
    for ply in range(240):
        for _ in range(200):
            seconds = rng.randint(0, 600)
            clock = f"{{ [%clk 0:{seconds // 60:02d}:{seconds % 60:02d}] }}"
            dots = "." if ply % 2 == 0 else "..."
            tokens.append(f"{ply // 2 + 1}{dots} {rng.choice(moves)}{rng.choice(['', '+', 'x', '4', '6'])} {clock}")
    fens = []
    for n in range(960):
        r = rank(n)
        fens.append(f"{r.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{r} w KQkq - 0 1")
    results = ["1-0", "0-1", "1/2-1/2"]
    written = 0
    number = 0
    buffer = []
    while written < size:
        number += 1
        n = rng.randrange(960)
        result = rng.choices(results, weights=[49, 46, 5])[0]
        extra = ""
        control = "180+0"
        if titles:
            if number % 20 == 0:
                extra += f'[WhiteTitle "{rng.choice(["GM", "IM", "FM", "BOT"])}"]\n'
            if number % 20 == 7:
                extra += f'[BlackTitle "{rng.choice(["GM", "IM", "FM", "BOT"])}"]\n'
            extra += f'[Opening "{rng.choice(openings)}"]\n'
            control = rng.choice(controls)
        game = (
            f'[Event "Rated Blitz game"]\n[Site "https://example.org/{number:08x}"]\n'
            f'[Date "2024.01.{1 + number % 28:02d}"]\n[Round "-"]\n'
            f'[White "player{rng.randrange(100000)}"]\n[Black "player{rng.randrange(100000)}"]\n'
            f'[Result "{result}"]\n[UTCDate "2024.01.{1 + number % 28:02d}"]\n[UTCTime "12:{number % 60:02d}:00"]\n'
            f'[WhiteElo "{rng.randint(800, 2800)}"]\n[BlackElo "{rng.randint(800, 2800)}"]\n'
            f'[WhiteRatingDiff "+{rng.randint(1, 9)}"]\n[BlackRatingDiff "-{rng.randint(1, 9)}"]\n{extra}'
            f'[Variant "Chess960"]\n[TimeControl "{control}"]\n[ECO "?"]\n[Termination "Normal"]\n'
            f'[FEN "{fens[n]}"]\n[SetUp "1"]\n\n{" ".join(rng.choices(tokens, k=rng.randint(20, 120)))} {result}\n\n'
        )
        buffer.append(game)
        written += len(game)
        if len(buffer) == 1000:
            out.write("".join(buffer))
            buffer.clear()
    out.write("".join(buffer))


if __name__ == "__main__":
    main()
