#!/usr/bin/env python3
"""Writes the committed seed corpora, fuzz/seeds/<target>/, a few dozen
small files per target: valid inputs in every form each parser reads, and
near misses that stop at each rule. Run from anywhere; it replaces the
directories it writes. libFuzzer grows its own corpus from these."""

import hashlib
import json
import pathlib
import shutil

SEEDS = pathlib.Path(__file__).resolve().parent / "seeds"

# A few start ranks (id: rank) and near misses.
RANKS = {518: "RNBQKBNR", 0: "BBQNNRKR", 959: "RKRNNQBB", 80: "BBNNRKRQ", 896: "BBRKQRNN"}
BAD_RANKS = ["RNBKQNBR", "KRNBQBNR", "RNBQKBN", "RNBQKBNRR", "RNBQKBNr", "RNBQKBNé",
             "RNBQKXNR", "rnbqkbnr ", "", "QQQQQQQQ", "RRBQKBNN"]
MIDDLE = "/pppppppp/8/8/8/8/PPPPPPPP/"


def shredder(rank):
    """Shredder castling letters of a rank: h-side rook file, then a-side."""
    rooks = [i for i, c in enumerate(rank) if c == "R"]
    h, a = chr(ord("A") + rooks[1]), chr(ord("A") + rooks[0])
    return h + a + h.lower() + a.lower()


def fen(white, black=None, castling="KQkq", rest="w {} - 0 1"):
    black = (black or white).lower()
    return black + MIDDLE + white + " " + rest.format(castling)


def fens():
    out = []
    for rank in RANKS.values():
        out += [fen(rank), fen(rank, castling=shredder(rank)), fen(rank)[:-4], fen(rank)[:-2]]
    standard = RANKS[518]
    out += [
        fen(standard, castling="FCfc"), fen(standard, castling="KAka"),
        fen(standard, RANKS[959], castling="HAca"),          # double Chess960
        fen(standard, castling="-"), fen(standard, castling="Kq"),
        fen(standard, rest="b {} e3 3 12"),
        fen(standard, castling="KQkqK"), fen(standard, castling="HAha"),
        fen(standard).replace("/8/8/8/", "/17/8/8/"),       # adjacent digits
        fen(standard).replace("/8/8/8/8/", "/8/8/4P3/8/"),  # a moved pawn
        fen(standard).replace("/8/", "/8[Qq]/", 1),         # a pocket
        fen("RNBKQNBR"), fen(standard) + " extra", fen(standard).replace(" ", "  "),
        fen(standard).replace(" ", "\t"), fen(standard, rest="w {} - 0 01"),
        fen(standard, rest="w {} - 4294967296 1"), fen(standard, rest="x {} - 0 1"),
        fen(standard).replace("R", "r", 1), "8/8/8/8/8/8/8/8 w - - 0 1", "",
    ]
    return out


def uci():
    # Two bytes choose the position (id modulo 960, top bit: Black), then the move.
    out = []
    for high, low in [(518 >> 8, 518 & 0xFF), (0x80 | 518 >> 8, 518 & 0xFF), (959 >> 8, 959 & 0xFF), (0, 0)]:
        for move in ["e1g1", "e1h1", "e1c1", "e1a1", "e8g8", "e8a8", "b1a1", "b1c1", "b8c8",
                     "e1f1", "e7e8q", "E1G1", "e1", "e1z1", "i1a1", "e9e1"]:
            out.append(bytes([high, low]) + move.encode())
    return out


def draw():
    heads, tails = 1, 0
    two = [tails, heads, heads, tails, tails, heads, tails, tails, tails, heads, heads, tails]
    three = [tails, heads, heads, tails, heads, heads, heads, heads, tails, tails,
             tails, heads, heads, tails, heads, tails, heads, tails]
    ten = [heads, tails, tails, tails, heads, tails, heads, tails, tails, heads]
    # Card::ALL: files a..h are 0..7, then knight 8, queen 9, rook 10.
    R, N, Q = 10, 8, 9
    deck = [R, 2, N, 5, Q, 0, R, N, 1, R, 3, 4, 6, 7]
    records = [
        (0, [2, 3, 3, 2, 3]), (0, [5, 2, 3, 3, 2, 3]), (0, [2, 3, 7]), (0, [2, 3, 3, 2, 6]),
        (1, [2, 6, 3, 3, 2, 6]), (1, [5, 6, 6, 3, 3, 2, 3]), (1, [0]),
        (2, [3, 3, 3, 7]), (2, [6, 2, 3, 7]), (2, [3, 3, 3, 21]),
        (3, [3, 3, 3, 7, 7]), (3, [3, 3, 3, 7, 13]),
        (4, [3, 2, 3, 6]), (4, [3, 2, 3, 6, 1]),
        (5, two), (5, two[:-1]), (6, three), (7, ten), (8, ten), (8, ten + [heads]),
        (9, deck), (9, deck[:-1]), (9, deck[:-1] + [R]), (9, deck + [Q]),
    ]
    return [bytes([choice] + outcomes) for choice, outcomes in records]


def serde_json_seeds():
    values = [518, 0, 959, 960, -1, 65536, 518.0, "RNBQKBNR", "rnbqkbnr", "RNBKQNBR", "RNBQKBN",
              None, True, [518, "BBQNNRKR"], [], {"id": 518}, "RNBQKBN\u00e9", "518"]
    return [json.dumps(value).encode() for value in values] + [b"\"RNBQKBNR", b"5 18", b"\"\\u0000\""]


def position_text():
    out = list(RANKS.values()) + [rank.lower() for rank in RANKS.values()] + BAD_RANKS
    out += ["518", "0", "959", "960", "SP518", "sp518", "-1", "0518", " 518"]
    return [text.encode() for text in out]


def write(target, inputs):
    directory = SEEDS / target
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    for data in inputs:
        data = data.encode() if isinstance(data, str) else data
        # libFuzzer's own naming: the SHA-1 of the contents.
        (directory / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main():
    write("position_text", position_text())
    write("fen", fens())
    write("uci", uci())
    write("draw", draw())
    write("serde_json", serde_json_seeds())


if __name__ == "__main__":
    main()
