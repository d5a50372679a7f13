#!/usr/bin/env python3
"""How many starts fall in each 10 cp band of `data/evals.tsv`, as the
Markdown table of the guide's engine-testing chapter, after the file's
provenance (its `engine`, `limit`, `runs`, `date`, `searched` and
`repeatability` header lines).

    python3 data/bands.py            # print the table
    python3 data/bands.py --write    # put it into docs/guide/engine-testing.md

A band is `eval:LOW..HIGH` with LOW a multiple of 10 and HIGH = LOW + 9
(centipawns from White's side, both ends included), every band from the
lowest evaluation's to the highest's. `tests/suite/evals.rs` checks that
the guide's table is this one; run with `--write` after the data changes.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
GUIDE = HERE.parent / "docs" / "guide" / "engine-testing.md"
BEGIN = "<!-- bands: python3 data/bands.py --write -->"
END = "<!-- end of bands -->"


KEYS = ("engine", "limit", "runs", "date", "searched", "repeatability")


def read(path: Path) -> tuple[list[str], list[int]]:
    """The provenance lines, in the order of KEYS, and the evaluations."""
    header, cps = {}, []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            key, _, value = line[2:].partition(": ")
            header[key] = value
        elif line and not line.startswith("id\t"):
            cps.append(int(line.split("\t")[2]))
    return [f"- {key}: `{header[key]}`" for key in KEYS], cps


def table(provenance: list[str], cps: list[int]) -> str:
    low, high = min(cps) // 10 * 10, max(cps) // 10 * 10
    lines = provenance + ["", "| starts in | starts | share |", "| --- | ---: | ---: |"]
    for band in range(low, high + 10, 10):
        count = sum(1 for cp in cps if band <= cp <= band + 9)
        tenths = (count * 2000 + len(cps)) // (2 * len(cps))  # per mille, half up
        lines.append(f"| `eval:{band}..{band + 9}` | {count} | {tenths // 10}.{tenths % 10} % |")
    return "\n".join(lines) + "\n"


def main() -> None:
    text = table(*read(HERE / "evals.tsv"))
    if sys.argv[1:] == ["--write"]:
        guide = GUIDE.read_text(encoding="utf-8")
        before, rest = guide.split(BEGIN + "\n", 1)
        _, after = rest.split(END, 1)
        GUIDE.write_text(before + BEGIN + "\n" + text + END + after, encoding="utf-8")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
