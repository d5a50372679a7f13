#!/usr/bin/env python3
"""Writes real-shaped PGN records of about SIZE_MB megabytes to stdout:
the shapes of files people concatenate, not one record repeated.

    python3 benches/games_gen_engine.py KIND SIZE_MB [SEED]

KIND:
  engine  TCEC-like engine games: about 25 tag lines (engine options,
          timings, openings), 100 to 300 plies, a long comment on every
          move after the book (`{d=34, sd=52, mt=12345, tl=4567890,
          s=38000, n=456789012, pv=Nf3 d5 g3 ..., tb=0, h=45.2, ph=0.0,
          wv=0.31, R50=49, Rd=-11, Rr=-1000, mrm=..., mb=+0+0+0+0+0,}`),
          movetext wrapped; a third are Chess960 (FRC) games with a FEN;
  match   cutechess/fastchess-style match files: `{+0.31/18 0.52s}` on
          every move, movetext wrapped at 80 columns, Chess960 starts;
  event   event files of human games (TWIC-like): no comments, a few
          annotations, movetext wrapped at 80, some files with CRLF line
          ends;
  server  lichess-like records (benches/games_gen.py: clock comments on
          one long line);
  mix     files of all four kinds, of 1 to 40 MB each, concatenated in a
          seeded order (engine about half the bytes).

Deterministic (seeded: the same SEED writes the same bytes). Moves are
SAN-shaped tokens, not legal games: the reader of `chess960 games` reads
tags and the movetext's structure, not the moves.
"""
import io
import random
import subprocess
import sys

from games_gen import command, rank

FENS = [f"{rank(n).lower()}/pppppppp/8/8/8/8/PPPPPPPP/{rank(n)} w KQkq - 0 1" for n in range(960)]
PIECES = ["", "", "", "N", "B", "R", "Q", "K"]
FILES = "abcdefgh"
RESULTS = ["1-0", "0-1", "1/2-1/2"]


def san_pool(rng, count=4000):
    pool = []
    for _ in range(count):
        piece = rng.choice(PIECES)
        square = rng.choice(FILES) + str(rng.randint(1, 8))
        capture = "x" if rng.random() < 0.2 else ""
        if capture and not piece:
            capture = rng.choice(FILES) + "x"
        check = "+" if rng.random() < 0.08 else ""
        pool.append(f"{piece}{capture}{square}{check}")
    pool += ["O-O", "O-O-O", "e8=Q", "exd8=N+"]
    return pool


def wrap(tokens, width, newline):
    """Joins tokens with spaces into lines of at most `width` columns (a
    token longer than that on a line of its own), as PGN writers wrap."""
    lines, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > width:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    if line:
        lines.append(line)
    return newline.join(lines)


def numbered(moves, comments, first_ply=0):
    """Move tokens with move numbers (and `N...` after a comment on White's
    move, as writers do), each move followed by its comment if any."""
    tokens = []
    after_comment = False
    for index, move in enumerate(moves):
        ply = first_ply + index
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + 1}.")
        elif after_comment or index == 0:
            tokens.append(f"{ply // 2 + 1}...")
        tokens.append(move)
        comment = comments[index] if comments else None
        after_comment = comment is not None
        if comment is not None:
            tokens.append(comment)
    return tokens


class Engine:
    """TCEC-like games."""

    NAMES = ["Stockfish dev-20240315", "LCZero v0.31-dag", "KomodoDragon 3.3", "Berserk 13", "Ethereal 14.25",
             "Caissa 1.17", "Obsidian 11", "RubiChess 20240112", "Igel 3.5", "Koivisto 9.2", "Revenge 3.0",
             "Stoofvlees II a22", "Seer 2.8", "Minic 3.42", "Velvet 7.1", "Clover 6.1"]

    def __init__(self, rng):
        self.rng = rng
        self.sans = san_pool(rng)

    def pv(self):
        return " ".join(self.rng.choices(self.sans, k=self.rng.randint(4, 40)))

    def comment(self, ply, plies):
        rng = self.rng
        score = rng.uniform(-3, 3)
        depth = rng.randint(20, 60)
        fields = [
            f"d={depth}", f"sd={depth + rng.randint(5, 40)}", f"mt={rng.randint(1000, 180000)}",
            f"tl={rng.randint(100000, 7200000)}", f"s={rng.randint(1000, 90000000)}",
            f"n={rng.randint(100000, 9000000000)}", f"pv={self.pv()}", f"tb={rng.choice([0, 0, 0, rng.randint(1, 99999)])}",
            f"h={rng.uniform(0, 100):.1f}", f"ph={rng.uniform(0, 100):.1f}", f"wv={score:.2f}",
            f"R50={max(0, 50 - ply % 51)}", f"Rd=-{rng.randint(1, 11)}", f"Rr=-{rng.choice([1000, 1000, rng.randint(1, 999)])}",
            f"mrm={rng.choice(['', '-', '+'])}{rng.randint(0, 99)}", f"mb=+{ply % 3}+0+0+0+{ply % 2},",
        ]
        if rng.random() < 0.3:
            fields.insert(12, f"wv={score:.2f}, Rw={rng.randint(-3, 3)}")
        return "{" + ", ".join(fields) + "}"

    def game(self, number, out):
        rng = self.rng
        white, black = rng.sample(self.NAMES, 2)
        result = rng.choices(RESULTS, weights=[20, 15, 65])[0]
        plies = rng.randint(100, 300)
        book = rng.randint(8, 16)
        frc = rng.random() < 0.33
        season = 20 + number % 7
        tags = [
            ("Event", f"TCEC Season {season} - {'FRC' if frc else 'Superfinal'} {rng.randint(1, 6)}"),
            ("Site", "https://tcec-chess.com"), ("Date", f"20{season}.{1 + number % 12:02d}.{1 + number % 28:02d}"),
            ("Round", f"{number // 8 + 1}.{number % 8 + 1}"), ("White", white), ("Black", black),
            ("Result", result), ("BlackElo", str(rng.randint(3300, 3700))), ("ECO", f"{rng.choice('ABCDE')}{rng.randint(0, 99):02d}"),
            ("GameDuration", f"0{rng.randint(1, 9)}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"),
            ("GameEndTime", f"20{season}-03-{1 + number % 28:02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00.000 UTC"),
            ("GameStartTime", f"20{season}-03-{1 + number % 28:02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00.000 UTC"),
            ("Opening", rng.choice(["Sicilian", "Ruy Lopez", "Queen's gambit declined", "Catalan", "?"])),
            ("PlyCount", str(plies)),
            ("Termination", rng.choice(["adjudication", "normal", "3-Fold repetition", "TCEC win rule"])),
            ("TerminationDetails", rng.choice(["TCEC draw rule", "SyzygyTB", "White mates", "TCEC win rule", "3-Fold repetition"])),
            ("TimeControl", "5400+5"), ("Variation", rng.choice(["Najdorf", "Berlin", "closed", "?"])),
            ("WhiteElo", str(rng.randint(3300, 3700))),
            ("WhiteEngineOptions", "Protocol=uci; Threads=" + str(rng.choice([128, 256, 512])) + "; Hash=65536; SyzygyPath=/home/syzygy; SyzygyProbeLimit=7; Move Overhead=1000"),
            ("BlackEngineOptions", "Protocol=uci; Threads=" + str(rng.choice([128, 256, 512])) + "; Hash=65536; SyzygyPath=/home/syzygy; Ponder=false; UCI_ShowWDL=true"),
        ]
        if frc:
            n = rng.randrange(960)
            tags[6:6] = [("Variant", "chess 960"), ("FEN", FENS[n]), ("SetUp", "1")]
        moves = rng.choices(self.sans, k=plies)
        comments = [("{book, mb=+0+0+0+0+0,}" if ply < book else self.comment(ply, plies)) for ply in range(plies)]
        head = "".join(f'[{name} "{value}"]\n' for name, value in tags)
        text = wrap(numbered(moves, comments) + [result], rng.choice([80, 120, 255]), "\n")
        out.write(f"{head}\n{text}\n\n")


class Match:
    """cutechess/fastchess-style match files."""

    def __init__(self, rng):
        self.rng = rng
        self.sans = san_pool(rng)
        self.fast = rng.random() < 0.5

    def game(self, number, out):
        rng = self.rng
        plies = rng.randint(40, 260)
        result = rng.choices(RESULTS, weights=[30, 28, 42])[0]
        n = rng.randrange(960)
        engines = ["engine-dev", "engine-base"] if number % 2 else ["engine-base", "engine-dev"]
        tags = [
            ("Event", "?"), ("Site", "?"), ("Date", f"2024.05.{1 + number % 28:02d}"), ("Round", str(number // 2 + 1)),
            ("White", engines[0]), ("Black", engines[1]), ("Result", result), ("FEN", FENS[n]),
            ("GameDuration", f"00:00:{rng.randint(5, 59):02d}"), ("GameEndTime", "2024-05-01T12:00:00.000 UTC"),
            ("GameStartTime", "2024-05-01T11:59:30.000 UTC"), ("PlyCount", str(plies)), ("SetUp", "1"),
            ("Termination", rng.choice(["adjudication", "normal", "time forfeit"])), ("TimeControl", "10+0.1"),
            ("Variant", "fischerandom"),
        ]
        comments = []
        for ply in range(plies):
            if self.fast:
                comments.append(f"{{{rng.uniform(-4, 4):+.2f}/{rng.randint(1, 30)} {rng.randint(1, 900)}ms, "
                                f"nodes={rng.randint(100, 9999999)}, seldepth={rng.randint(1, 50)}}}")
            else:
                comments.append(f"{{{rng.uniform(-4, 4):+.2f}/{rng.randint(1, 30)} {rng.uniform(0, 2):.2f}s}}")
        comments[-1] = comments[-1][:-1] + ", White wins by adjudication}" if result == "1-0" else comments[-1]
        head = "".join(f'[{name} "{value}"]\n' for name, value in tags)
        text = wrap(numbered(rng.choices(self.sans, k=plies), comments) + [result], 80, "\n")
        out.write(f"{head}\n{text}\n\n")


class Event:
    """Event files of human games, some with CRLF line ends."""

    def __init__(self, rng):
        self.rng = rng
        self.sans = san_pool(rng)
        self.newline = "\r\n" if rng.random() < 0.3 else "\n"
        self.event = f"{rng.choice(['Open', 'Championship', 'Masters', 'Rapid'])} {rng.randint(1, 99)}"

    def game(self, number, out):
        rng = self.rng
        nl = self.newline
        plies = rng.randint(30, 160)
        result = rng.choices(RESULTS + ["*"], weights=[35, 30, 33, 2])[0]
        tags = [
            ("Event", self.event), ("Site", "Somewhere CITY"), ("Date", "2024.04.??"), ("Round", f"{number % 9 + 1}.{number % 40 + 1}"),
            ("White", f"Player, A{rng.randrange(5000)}"), ("Black", f"Player, B{rng.randrange(5000)}"), ("Result", result),
            ("WhiteElo", str(rng.randint(1400, 2800))), ("BlackElo", str(rng.randint(1400, 2800))),
            ("ECO", f"{rng.choice('ABCDE')}{rng.randint(0, 99):02d}"), ("EventDate", "2024.04.01"),
        ]
        if rng.random() < 0.05:
            tags += [("Variant", "Chess960"), ("FEN", FENS[rng.randrange(960)]), ("SetUp", "1")]
        moves = [m + ("!" if rng.random() < 0.01 else "") for m in rng.choices(self.sans, k=plies)]
        comments = [("$1" if rng.random() < 0.01 else None) for _ in moves]
        head = "".join(f'[{name} "{value}"]{nl}' for name, value in tags)
        text = wrap(numbered(moves, comments) + [result], 80, nl)
        out.write(f"{head}{nl}{text}{nl}{nl}")


def server(size_mb, seed):
    """lichess-like records from benches/games_gen.py (its own seed)."""
    del seed
    return subprocess.run(command(size_mb), check=True, capture_output=True).stdout


def one_kind(kind, size, rng):
    maker = {"engine": Engine, "match": Match, "event": Event}[kind](rng)
    out = io.StringIO()
    number = 0
    while out.tell() < size:
        maker.game(number, out)
        number += 1
    return out.getvalue().encode()


def main():
    kind = sys.argv[1]
    size = int(float(sys.argv[2]) * 1_000_000)
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 960
    rng = random.Random(f"{kind}-{seed}")
    out = sys.stdout.buffer
    if kind == "server":
        out.write(server(max(1, size // 1_000_000), seed))
        return
    if kind != "mix":
        out.write(one_kind(kind, size, rng))
        return
    # Files of 1 to 40 MB, each a kind, concatenated.
    server_file = server(40, seed)
    written = 0
    while written < size:
        kind = rng.choices(["engine", "match", "event", "server"], weights=[50, 20, 15, 15])[0]
        part = rng.randint(1_000_000, 40_000_000)
        if kind == "server":
            # A slice of whole records of the lichess-like file.
            part = min(part, 20_000_000)
            begin = server_file.find(b"\n\n[Event", rng.randrange(len(server_file) - part)) + 2
            end = server_file.find(b"\n\n[Event", begin + part) + 2
            data = server_file[begin:end]
        else:
            data = one_kind(kind, part, random.Random(rng.random()))
        out.write(data)
        written += len(data)


if __name__ == "__main__":
    main()
