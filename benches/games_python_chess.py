#!/usr/bin/env python3
"""python-chess's fastest path over the same job as `chess960 games`: read
every game's headers (`chess.pgn.read_headers`) and identify the start
(`chess.Board(fen, chess960=True).chess960_pos()`); prints games and time."""
import sys
import time

import chess
import chess.pgn


def main():
    start = time.perf_counter()
    games = 0
    found = 0
    with open(sys.argv[1], encoding="utf-8", errors="replace") as handle:
        while True:
            headers = chess.pgn.read_headers(handle)
            if headers is None:
                break
            games += 1
            fen = headers.get("FEN")
            if fen:
                try:
                    if chess.Board(fen, chess960=True).chess960_pos() is not None:
                        found += 1
                except ValueError:
                    pass
    seconds = time.perf_counter() - start
    print(f"{games} games, {found} Chess960 starts, {seconds:.2f} s")


if __name__ == "__main__":
    main()
