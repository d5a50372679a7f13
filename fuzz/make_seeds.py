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
    # The first byte picks the type: Position, DoublePosition, Square,
    # Colour, CastlingSide, UciMove, PositionSet.
    values = {
        0: [518, 0, 959, 960, -1, 65536, 518.0, "RNBQKBNR", "rnbqkbnr", "RNBKQNBR", "SP518", "518",
            None, True, {"id": 518}, "RNBQKBN\u00e9", fen(RANKS[518])],
        1: [497918, 921600, "518/638", "RNBQKBNR/rnkqrbbn", "rnkqrbbn/RNBQKBNR", "518", fen(RANKS[518], RANKS[0])],
        2: [0, 63, 64, "e4", "E4", "i1", ""],
        3: [0, 1, 2, "white", "Black", "w", "B", "red"],
        4: [0, 1, 2, "O-O-O", "O-O", "0-0", "queenside", "H-side", "O-O-O-O"],
        5: [0, 4095, 4096, 263, "e1g1", "e1h1", "e7e8q", "e1"],
        6: [[], [518, "BBQNNRKR", 518], ["SP0", "rkrnnqbb"], [960], "RNBQKBNR", [[518]]],
    }
    out = []
    for kind, items in values.items():
        out += [bytes([kind]) + json.dumps(item).encode() for item in items]
    return out + [b"\x00\"RNBQKBNR", b"\x005 18", b"\x00\"\\u0000\"", b"\x02\"e4\"\n"]


def text_forms():
    # The first byte picks the type: Square, File, Colour, CastlingSide, DoublePosition.
    values = {
        0: ["e4", "a1", "h8", "E4", "e9", "e", "e44", "\u00e94"],
        1: ["a", "h", "i", "A", "", "ab"],
        2: ["white", "WHITE", "w", "B", "black", "red", " white"],
        3: ["O-O-O", "O-O", "0-0-0", "0-0", "a-side", "H-SIDE", "queenside", "Kingside", "O-O-O-O", "o-o"],
        4: ["497918", "518/638", "RNBQKBNR/rnkqrbbn", "rnkqrbbn/RNBQKBNR", "RNBQKBNR/RNKQRBBN",
            "SP518/SP0", "518/960", "921600", "99999999999", "/", "518/", fen(RANKS[518], RANKS[0]), "SP518"],
    }
    return [bytes([kind]) + text.encode() for kind, texts in values.items() for text in texts]


def pgn():
    # The first byte picks the reader's buffer size (1 to 64 bytes).
    tags = '[Event "Rated Chess960 game"]\n[Result "1-0"]\n[WhiteElo "1500"]\n[BlackElo "1600"]\n'
    games = [
        tags + '[Variant "Chess960"]\n[FEN "' + fen(RANKS[0]) + '"]\n\n1. e4 { [%clk 0:03:00] } e5 1-0\n',
        tags + '[Variant "Chess960"]\n[FEN "' + fen(RANKS[518], RANKS[959]) + '"]\n\n*\n',
        tags + '[Variant "Chess960"]\n[FEN "' + fen(RANKS[80], castling="-") + '"]\n\n1. d4 0-1\n',
        tags + '[Variant "Chess960"]\n\n1. e4 *\n',
        '[Event "Casual"]\n[Result "1/2-1/2"]\n\n1. e4 e5 (1... c5) ; comment\n% escape\n1/2-1/2\n',
        '[Event "a"]\n\n1. e4 *\n\n[Event "b\n\n1. d4 *\n',
        '[Event "a"]\n\n1. e4 { never closed\n[Event "b"]\n\n*\n',
        '\ufeff[Event "bom"]\n\n*\n', '[Variant "Crazyhouse"]\n\n*\n',
        '[FEN "' + fen(RANKS[518]).replace("/8/8/8/8/", "/8/8/4P3/8/") + '"]\n\n*\n',
        '[FEN "a"]\n[FEN "b"]\n\n*\n', '[Event "x"]\r\n[Site "\x01"]\n\n*\n', "1. e4 e5 *\n", "",
    ]
    out = []
    for size, game in zip([0, 1, 7, 63, 15, 3, 31, 2, 5, 11, 13, 17, 19, 23], games):
        out.append(bytes([size]) + game.encode())
    out.append(bytes([4]) + "".join(games[:6]).encode())
    return out


def pgn_differential():
    # The first byte picks the buffer size and the seed of the short reads;
    # the rest is read as PGN and as the grammar's choices. The pgn seeds,
    # and fixed bytes that the grammar turns into several games.
    out = pgn()
    state = 0x0960
    for length in [16, 64, 200, 600, 1500]:
        data = bytearray()
        for _ in range(length):
            state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
            data.append(state >> 56)
        out.append(bytes([length % 64]) + bytes(data))
    return out


def seeded():
    # Flags (bit 0: distinct; bit 1: exclude all but the ids listed), rounds,
    # n, then n id pairs, then the seed.
    def draw(flags, rounds, excluded, seed):
        ids = b"".join(i.to_bytes(2, "big") for i in excluded)
        return bytes([flags, rounds, len(excluded)]) + ids + seed.encode()
    return [
        draw(0, 9, [], "Open 2026-11-22"), draw(1, 9, [518], "Open 2026-11-22"), draw(1, 31, [], ""),
        draw(2, 3, [7], "x"), draw(3, 2, [7], "x"), draw(3, 3, [5, 6, 7], "x"), draw(2, 1, [], "x"), draw(0, 1, [], "Chess1"),
        draw(1, 5, [0, 1, 2, 3], "\u00e9v\u00e9nement"), draw(0, 0, [], "none"),
    ]


def position_text():
    out = list(RANKS.values()) + [rank.lower() for rank in RANKS.values()] + BAD_RANKS
    out += ["518", "0", "959", "960", "SP518", "sp518", "-1", "0518", " 518"]
    return [text.encode() for text in out]


def position_key():
    # Games split by 255: White's and Black's start bytes, then a byte a
    # move (one of shakmaty's legal moves).
    return [
        bytes([138, 138] + list(range(60)) + [255, 0, 0] + list(range(60, 0, -1))),
        bytes([10, 200] + [3, 7, 11, 5, 2, 9, 1, 4] * 10),
        bytes([77, 77] + [1, 2, 3, 4, 5, 6, 7, 8] * 6 + [255, 77, 77] + [1, 2, 3, 4, 5, 6, 7, 8] * 6),
        bytes([138, 138] + [0] * 80),
    ]


def game_score():
    # A start byte, then a stored score: 2 tags (Event as a common value,
    # a custom name as text), then 4 moves by rank.
    tags = bytes([2, 1, 64 + 14, 0, 3]) + b"Odd" + bytes([0, 1]) + b"x"
    return [bytes([129]) + tags + bytes([4, 10, 10, 3, 7]), bytes([255, 0, 0])]


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
    write("text_forms", text_forms())
    write("pgn", pgn())
    write("pgn_differential", pgn_differential())
    write("seeded", seeded())
    write("position_key", position_key())
    write("game_score", game_score())


if __name__ == "__main__":
    main()
