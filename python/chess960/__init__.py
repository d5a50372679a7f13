"""Chess960 (Fischer random chess) start positions for Python.

The compiled core is the Rust library ``chess960``: positions by id, label,
rank or FEN, sets of positions, uniform and seeded draws, opening books and
FEN identification.
"""

from chess960._chess960 import (
    SEEDED_PROCEDURE,
    Castling,
    DoublePosition,
    Identification,
    Position,
    PositionSet,
    SeededRound,
    __version__,
    book,
    identify_fen,
    random_position,
    seeded_draw,
    seeded_sample,
    seeded_shuffle,
)

__all__ = [
    "SEEDED_PROCEDURE",
    "Castling",
    "DoublePosition",
    "Identification",
    "Position",
    "PositionSet",
    "SeededRound",
    "__version__",
    "book",
    "identify_fen",
    "random_position",
    "seeded_draw",
    "seeded_sample",
    "seeded_shuffle",
]
