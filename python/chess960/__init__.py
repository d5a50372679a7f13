"""Chess960 (Fischer random chess) start positions for Python.

The compiled core is the Rust library ``chess960``: positions by id, label,
rank or FEN, sets of positions, uniform and seeded draws, opening books and
FEN identification; and game archives read on Rust threads into Arrow
tables (``read_games``, ``start_stats``, ``player_stats``,
``opening_stats``) and Parquet (``write_parquet``) that pyarrow,
Polars and DuckDB take without a copy.
"""

from chess960._chess960 import (
    SEEDED_PROCEDURE,
    Castling,
    DoublePosition,
    Eval,
    Games,
    Identification,
    Position,
    PositionSet,
    SeededRound,
    Table,
    __version__,
    book,
    identify_fen,
    opening_stats,
    random_position,
    seeded_draw,
    seeded_sample,
    player_stats,
    read_games,
    seeded_shuffle,
    start_stats,
    write_parquet,
)

__all__ = [
    "SEEDED_PROCEDURE",
    "Castling",
    "DoublePosition",
    "Eval",
    "Games",
    "Identification",
    "Position",
    "PositionSet",
    "SeededRound",
    "Table",
    "__version__",
    "book",
    "identify_fen",
    "opening_stats",
    "random_position",
    "seeded_draw",
    "seeded_sample",
    "player_stats",
    "read_games",
    "seeded_shuffle",
    "start_stats",
    "write_parquet",
]
