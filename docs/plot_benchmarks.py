#!/usr/bin/env python3
"""Turn the medians of the last `cargo bench` run into docs/performance.svg
and print them as the README's Markdown table.

Usage, from the repository root, after `cargo bench`:

    python3 docs/plot_benchmarks.py [TARGET_DIR]

TARGET_DIR defaults to $CARGO_TARGET_DIR or ./target. Every criterion
iteration runs over all 960 positions, so ns/op is the median / 960. Ratios
are each implementation's ns/op over the fastest one in its group. Only the
Python standard library is used.
"""

import json
import math
import os
import sys
from pathlib import Path

INPUTS_PER_ITERATION = 960
# The groups of benches/lookups.rs and benches/start_position.rs, in the
# order the README shows them, with the words the README uses for them.
GROUPS = {
    "id_to_rank": "id -> rank",
    "rank_to_id": "rank -> id",
    "fen": "id -> start FEN (X-FEN)",
    "fen_shredder": "id -> start FEN (Shredder-FEN)",
    "bitboards": "id -> bitboards",
    "sp_macro": "`sp!` at run time",
}
# What each implementation is, per group; a name missing here is shown as is.
LABELS = {
    ("id_to_rank", "table"): "`TABLE[id]`",
    ("id_to_rank", "arithmetic"): "`chess960_core::rank_from_id`",
    ("rank_to_id", "perfect_hash"): "`Position::from_rank` (perfect hash)",
    ("rank_to_id", "phf"): "`RANK_TO_ID.get` (`phf`)",
    ("rank_to_id", "arithmetic"): "`chess960_core::id_from_rank`",
    ("fen", "chess960"): "`Position::fen`, a 56-byte `Fen`",
    ("fen", "chess960_string"): "`Position::fen` copied into a reused `String`",
    ("fen", "shakmaty"): "shakmaty `Board::chess960` + `Fen`, into a reused `String`",
    ("fen", "cozy_chess"): "cozy-chess `Board::chess960_startpos` + `{}`, into a reused `String`",
    ("fen_shredder", "chess960"): "`Position::fen`, a 56-byte `Fen`",
    ("fen_shredder", "chess960_string"): "`Position::fen` copied into a reused `String`",
    ("fen_shredder", "cozy_chess"): "cozy-chess `Board::chess960_startpos` + `{:#}`, into a reused `String`",
    ("bitboards", "chess960"): "`Position::bitboards`",
    ("bitboards", "shakmaty"): "shakmaty `Board::chess960`",
    ("bitboards", "cozy_chess"): "cozy-chess `Board::chess960_startpos`",
    ("sp_macro", "constant"): "`Position::STANDARD`",
    ("sp_macro", "sp_id"): "`sp!(518)`",
    ("sp_macro", "sp_rank"): '`sp!("RNBQKBNR")`',
    ("sp_macro", "from_id"): "`Position::from_id(518)`, id through `black_box`",
    ("sp_macro", "from_rank"): '`Position::from_rank(b"RNBQKBNR")`, rank through `black_box`',
}
ORDERS = ["sequential", "shuffled"]
COLOURS = {"sequential": "#3b6ea8", "shuffled": "#e08a2c"}


def medians(criterion_dir):
    """{group: {implementation: {order: ns/op}}} from criterion's estimates."""
    found = {}
    for group in GROUPS:
        group_dir = criterion_dir / group
        if not group_dir.is_dir():
            continue
        for implementation_dir in sorted(group_dir.iterdir()):
            for order in ORDERS:
                estimates = implementation_dir / order / "new" / "estimates.json"
                if estimates.is_file():
                    median = json.loads(estimates.read_text())["median"]["point_estimate"]
                    found.setdefault(group, {}).setdefault(implementation_dir.name, {})[
                        order
                    ] = median / INPUTS_PER_ITERATION
    return found


def markdown(found):
    lines = [
        "| comparison | implementation | ns/op, id order | ns/op, shuffled | x the fastest |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    for group, implementations in found.items():
        fastest = min(times["sequential"] for times in implementations.values())
        for name, times in sorted(implementations.items(), key=lambda item: item[1]["sequential"]):
            shuffled = f"{times['shuffled']:.2f}" if "shuffled" in times else "-"
            lines.append(
                f"| {GROUPS[group]} | {LABELS.get((group, name), name)} | {times['sequential']:.2f} | "
                f"{shuffled} | {times['sequential'] / fastest:.1f} |"
            )
    return "\n".join(lines)


def svg(found):
    """Horizontal bars on a log scale, one pair (sequential, shuffled) per
    implementation, grouped by comparison."""
    label_width, plot_width, bar, gap, header = 230, 520, 9, 14, 24
    low, high = 0.1, 10_000.0

    def x_of(ns):
        return label_width + plot_width * (math.log10(ns) - math.log10(low)) / (
            math.log10(high) - math.log10(low)
        )

    rows = []
    y = header + 20
    for group, implementations in found.items():
        rows.append(f'<text x="8" y="{y + 4}" font-weight="bold">{group}</text>')
        y += 10
        for name, times in sorted(implementations.items(), key=lambda item: item[1]["sequential"]):
            rows.append(f'<text x="{label_width - 6}" y="{y + bar + 3}" text-anchor="end">{name}</text>')
            for offset, order in enumerate(ORDERS):
                if order not in times:
                    continue
                top = y + offset * bar
                end = x_of(times[order])
                rows.append(
                    f'<rect x="{label_width}" y="{top}" width="{end - label_width:.1f}" '
                    f'height="{bar - 1}" fill="{COLOURS[order]}"/>'
                )
                rows.append(f'<text x="{end + 4:.1f}" y="{top + bar - 1}" font-size="10">{times[order]:.2f}</text>')
            y += 2 * bar + gap
        y += 6
    height = y + 30
    grid = []
    for power in range(round(math.log10(low)), round(math.log10(high)) + 1):
        x = x_of(10.0**power)
        grid.append(f'<line x1="{x:.1f}" y1="{header}" x2="{x:.1f}" y2="{height - 28}" stroke="#ddd"/>')
        grid.append(f'<text x="{x:.1f}" y="{height - 14}" text-anchor="middle" font-size="10">{10.0**power:g}</text>')
    width = label_width + plot_width + 60
    legend = "".join(
        f'<rect x="{label_width + 200 + 110 * i}" y="6" width="10" height="10" fill="{COLOURS[order]}"/>'
        f'<text x="{label_width + 214 + 110 * i}" y="15">{order}</text>'
        for i, order in enumerate(ORDERS)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="12">\n'
        f'<rect width="100%" height="100%" fill="white"/>\n'
        f'<text x="8" y="15">ns per operation (median, log scale; lower is faster)</text>{legend}\n'
        + "\n".join(grid + rows)
        + f'\n<text x="{label_width + plot_width / 2}" y="{height - 2}" text-anchor="middle" font-size="10">ns/op</text>\n</svg>\n'
    )


def main():
    target = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("CARGO_TARGET_DIR", "target"))
    found = medians(target / "criterion")
    if not found:
        sys.exit(f"no criterion results under {target / 'criterion'}: run `cargo bench` first")
    out = Path(__file__).with_name("performance.svg")
    out.write_text(svg(found))
    print(markdown(found))
    print(f"\nwrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
