"""Type stubs of the compiled module ``chess960._chess960``."""

from __future__ import annotations

import os
from typing import (
    Any,
    Callable,
    ClassVar,
    Dict,
    Iterable,
    Iterator,
    List,
    Literal,
    Optional,
    overload,
    Protocol,
    Sequence,
    Tuple,
    Union,
)

import chess

__version__: str
SEEDED_PROCEDURE: str

FenStyle = Literal["x-fen", "xfen", "shredder", "shredder-fen"]
ColorName = Literal["white", "black", "w", "b"]
PositionLike = Union["Position", int, str]
SetLike = Union["PositionSet", str, int, "Position", Iterable[PositionLike]]
class BinaryReadable(Protocol):
    """A binary file or stream: ``read(n)`` gives up to ``n`` bytes, ``b""`` at its end."""

    def read(self, size: int = ..., /) -> bytes: ...

PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]
Input = Union[PathLike, BinaryReadable]
Paths = Union[Input, Sequence[Input]]
ProgressCallback = Callable[[int, Optional[int], bool], Any]

class Position:
    """A Chess960 start position: White's back rank, Black's mirroring it."""

    COUNT: ClassVar[int]
    STANDARD: ClassVar[Position]
    def __init__(self, value: PositionLike) -> None: ...
    @staticmethod
    def from_id(id: int) -> Position:
        """The position with Scharnagl id ``id`` (0 to 959)."""
    @staticmethod
    def from_fen(fen: str) -> Position:
        """The start position a FEN describes."""
    @staticmethod
    def from_one_based(number: int) -> Position:
        """The position with one-based number ``number``: 960 is id 0, else the id."""
    @staticmethod
    def from_fritz9(number: int) -> Position:
        """The position numbered ``number`` in Fritz 9's numbering."""
    @staticmethod
    def from_board(board: chess.Board) -> Position:
        """Reads back a python-chess ``Board`` standing on a start position."""
    @staticmethod
    def all() -> List[Position]:
        """All 960 positions, in order of id."""
    @property
    def id(self) -> int:
        """The Scharnagl id, 0 to 959."""
    @property
    def rank(self) -> str:
        """White's back rank in uppercase letters."""
    @property
    def eval(self) -> Eval:
        """The engine's evaluation of this start: ``.cp``, ``.wdl``, ``.depth``, ``.best``."""
    @property
    def one_based(self) -> int:
        """The one-based number, 1 to 960: the id, with 960 for id 0."""
    @property
    def fritz9(self) -> int:
        """The number in Fritz 9's numbering."""
    @property
    def bishop_code(self) -> int:
        """The bishops' code in Scharnagl's derivation (0 to 15)."""
    @property
    def queen_slot(self) -> int:
        """The queen's slot in Scharnagl's derivation (0 to 5)."""
    @property
    def knight_code(self) -> int:
        """The knights' code in Scharnagl's derivation (0 to 9)."""
    @property
    def king_file(self) -> str:
        """The king's file, a letter ``a`` to ``h``."""
    @property
    def queen_file(self) -> str:
        """The queen's file."""
    @property
    def rook_files(self) -> Tuple[str, str]:
        """The rooks' files, a-side first."""
    @property
    def bishop_files(self) -> Tuple[str, str]:
        """The bishops' files, a-side first."""
    @property
    def knight_files(self) -> Tuple[str, str]:
        """The knights' files, a-side first."""
    @property
    def light_bishop_file(self) -> str:
        """The file of the bishop on light squares."""
    @property
    def dark_bishop_file(self) -> str:
        """The file of the bishop on dark squares."""
    def piece_at(self, file: str) -> str:
        """The piece on ``file``: king, queen, rook, bishop or knight."""
    def fen(self, style: FenStyle = "x-fen") -> str:
        """The FEN, castling rights in X-FEN or Shredder-FEN letters."""
    def mirrored(self) -> Position:
        """The position mirrored between the a-side and the h-side."""
    def castling(self, side: str) -> Castling:
        """Castling to ``side`` (O-O-O, a-side, queenside, O-O, h-side, kingside)."""
    def castling_from_uci(self, color: ColorName, uci: str) -> Optional[Castling]:
        """The castling that the UCI move is, or None."""
    def board(self) -> chess.Board:
        """This start as ``chess.Board(..., chess960=True)``."""
    def __lt__(self, other: Position) -> bool: ...
    def __le__(self, other: Position) -> bool: ...
    def __gt__(self, other: Position) -> bool: ...
    def __ge__(self, other: Position) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[type, Tuple[int]]: ...

class Eval:
    """An engine's evaluation of one start position, White to move.

    A double Chess960 start has none: a pair's evaluation is not the sum of
    its two starts'.
    """

    ENGINE: ClassVar[str]
    NODES: ClassVar[int]
    RUNS: ClassVar[int]
    DATE: ClassVar[str]
    REPEATABILITY: ClassVar[str]
    @property
    def cp(self) -> int:
        """The score in centipawns from White's side."""
    @property
    def wdl(self) -> Optional[Tuple[int, int, int]]:
        """``(win, draw, loss)`` per mille from White's side, or None."""
    @property
    def depth(self) -> int:
        """The depth in plies the search reached."""
    @property
    def best(self) -> str:
        """The move the engine chose, in UCI (Chess960 mode)."""
    def __hash__(self) -> int: ...

class Castling:
    """How a king and a rook castle to one side in one start position."""

    @property
    def side(self) -> str:
        """O-O-O (the a-side) or O-O (the h-side)."""
    @property
    def king_from(self) -> str:
        """The king's file before castling."""
    @property
    def king_to(self) -> str:
        """The king's file after castling."""
    @property
    def rook_from(self) -> str:
        """The rook's file before castling."""
    @property
    def rook_to(self) -> str:
        """The rook's file after castling."""
    @property
    def king_moves(self) -> bool:
        """Whether the king changes square."""
    @property
    def rook_moves(self) -> bool:
        """Whether the rook changes square."""
    def uci(self, color: ColorName = "white") -> str:
        """The castling move in UCI's Chess960 notation, king takes rook."""
    def uci_king_move(self, color: ColorName = "white") -> Optional[str]:
        """The castling move as the king's own move, or None."""
    def __hash__(self) -> int: ...

class DoublePosition:
    """A double Chess960 start: White's and Black's back ranks chosen apart."""

    def __init__(self, white: PositionLike, black: PositionLike) -> None: ...
    @staticmethod
    def from_id(id: int) -> DoublePosition:
        """The double start numbered ``id`` (0 to 921,599)."""
    @staticmethod
    def from_fen(fen: str) -> DoublePosition:
        """The double start a FEN describes."""
    @property
    def id(self) -> int:
        """The number, white.id * 960 + black.id."""
    @property
    def white(self) -> Position:
        """White's start."""
    @property
    def black(self) -> Position:
        """Black's start."""
    @property
    def is_single(self) -> bool:
        """Whether Black's pieces mirror White's."""
    def mirrored(self) -> DoublePosition:
        """Both sides mirrored."""
    def fen(self, style: FenStyle = "shredder") -> str:
        """The FEN."""
    def __lt__(self, other: DoublePosition) -> bool: ...
    def __le__(self, other: DoublePosition) -> bool: ...
    def __gt__(self, other: DoublePosition) -> bool: ...
    def __ge__(self, other: DoublePosition) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[type, Tuple[int, int]]: ...

class PositionSet:
    """An immutable set of start positions."""

    ALL: ClassVar[PositionSet]
    EMPTY: ClassVar[PositionSet]
    def __init__(self, value: Optional[SetLike] = None) -> None: ...
    @staticmethod
    def from_bytes(data: bytes) -> PositionSet:
        """The set from the 120 bytes ``to_bytes`` gives."""
    def to_bytes(self) -> bytes:
        """The set as 120 bytes."""
    def with_position(self, position: PositionLike) -> PositionSet:
        """The set with ``position`` added."""
    def without_position(self, position: PositionLike) -> PositionSet:
        """The set with ``position`` left out."""
    def complement(self) -> PositionSet:
        """The positions not in the set."""
    def nth(self, n: int) -> Optional[Position]:
        """The member at place ``n`` in order of id, or None."""
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, position: object) -> bool: ...
    def __iter__(self) -> Iterator[Position]: ...
    def __or__(self, other: SetLike) -> PositionSet: ...
    def __and__(self, other: SetLike) -> PositionSet: ...
    def __sub__(self, other: SetLike) -> PositionSet: ...
    def __xor__(self, other: SetLike) -> PositionSet: ...
    def __invert__(self) -> PositionSet: ...
    def __hash__(self) -> int: ...

class SeededRound:
    """One round of a seeded draw."""

    @property
    def round(self) -> int:
        """The round's number, from 1."""
    @property
    def position(self) -> Position:
        """The position drawn."""
    @property
    def attempt(self) -> int:
        """The attempt (hash counter) that gave it."""
    def __hash__(self) -> int: ...

class Identification:
    """What ``identify_fen`` found."""

    @property
    def start(self) -> DoublePosition:
        """The start, as a double position."""
    @property
    def single(self) -> Optional[Position]:
        """The start as a single Chess960 position, or None."""
    @property
    def is_exact(self) -> bool:
        """Whether the FEN is exactly the start's own."""
    @property
    def departures(self) -> List[str]:
        """The departures from the start's FEN."""
    def fen(self, style: FenStyle = "x-fen") -> str:
        """The FEN again."""
    def __hash__(self) -> int: ...

class Table:
    """A table of rows read from game archives, or statistics about them."""

    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object:
        """The Arrow C stream of the table's record batches (a PyCapsule)."""
    def __arrow_c_schema__(self) -> object:
        """The Arrow C schema of the table (a PyCapsule)."""
    @property
    def num_rows(self) -> int:
        """The number of rows."""
    @property
    def column_names(self) -> List[str]:
        """The columns' names."""
    @property
    def summary(self) -> Dict[str, Any]:
        """What the reading found: records, counts, matched, skipped, skips."""
    def to_pyarrow(self) -> Any:
        """The table as a ``pyarrow.Table``."""
    def __len__(self) -> int: ...

class Games:
    """The games of ``read_games``, handed out as they are read; read once."""

    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object:
        """The Arrow C stream of the games' record batches (a PyCapsule); reads at its first batch."""
    def __arrow_c_schema__(self) -> object:
        """The Arrow C schema of the games' columns (a PyCapsule); reads nothing."""
    def read_all(self) -> Table:
        """Every game in one ``Table``, with its summary."""
    def to_pyarrow(self) -> Any:
        """The games as a ``pyarrow.Table``."""
    @property
    def column_names(self) -> List[str]:
        """The columns' names."""
    @property
    def summary(self) -> Optional[Dict[str, Any]]:
        """What the reading found, once the games are read; None before."""

def random_position(exclude: Optional[SetLike] = None) -> Position:
    """A position drawn uniformly at random, outside ``exclude``."""

def seeded_draw(
    seed: str, rounds: int, *, exclude: Optional[SetLike] = None, distinct: bool = False
) -> List[SeededRound]:
    """The first ``rounds`` rounds drawn from ``seed``."""

def seeded_sample(seed: str, items: Sequence[Any], k: int) -> List[Any]:
    """``k`` of ``items`` chosen by ``seed``, in the order drawn."""

def seeded_shuffle(seed: str, items: Sequence[Any]) -> List[Any]:
    """``items`` in an order fixed by ``seed``."""

def book(
    *,
    double: bool = False,
    start: Optional[SetLike] = None,
    exclude: Optional[SetLike] = None,
    white: Optional[SetLike] = None,
    black: Optional[SetLike] = None,
    castling: Optional[FenStyle] = None,
    format: Literal["epd", "pgn"] = "epd",
    sample: Optional[int] = None,
    shuffle: bool = False,
    seed: Optional[str] = None,
) -> List[str]:
    """An opening book with the options of ``chess960 book``."""

def identify_fen(fen: str) -> Identification:
    """Identifies the start position of a FEN."""

def read_games(
    paths: Paths,
    *,
    start: Optional[SetLike] = None,
    min_elo: Optional[int] = None,
    max_elo: Optional[int] = None,
    player: Union[str, Sequence[str], None] = None,
    event: Optional[str] = None,
    variant: Optional[str] = None,
    time_control: Optional[str] = None,
    threads: Optional[int] = None,
    progress: Union[bool, ProgressCallback, None] = None,
    columns: Union[str, Sequence[str], None] = None,
    tags: Union[str, Sequence[str], None] = None,
    moves: Optional[bool] = False,
) -> Games:
    """One row per game of the PGN archives ``paths``, streamed when consumed."""

class BinaryWritable(Protocol):
    """A binary file open for writing: ``write(b)`` takes bytes."""

    def write(self, data: bytes, /) -> Any: ...

def write_parquet(
    paths: Paths,
    out: Union[PathLike, BinaryWritable],
    *,
    start: Optional[SetLike] = None,
    min_elo: Optional[int] = None,
    max_elo: Optional[int] = None,
    player: Union[str, Sequence[str], None] = None,
    event: Optional[str] = None,
    variant: Optional[str] = None,
    time_control: Optional[str] = None,
    threads: Optional[int] = None,
    progress: Union[bool, ProgressCallback, None] = None,
    columns: Union[str, Sequence[str], None] = None,
    tags: Union[str, Sequence[str], None] = None,
    moves: Optional[bool] = False,
) -> Dict[str, Any]:
    """The games of ``paths`` (as ``read_games``) into the Parquet file ``out``; the summary."""

def start_stats(
    paths: Paths,
    *,
    start: Optional[SetLike] = None,
    min_elo: Optional[int] = None,
    max_elo: Optional[int] = None,
    player: Union[str, Sequence[str], None] = None,
    event: Optional[str] = None,
    variant: Optional[str] = None,
    time_control: Optional[str] = None,
    threads: Optional[int] = None,
    progress: Union[bool, ProgressCallback, None] = None,
) -> Table:
    """The table of ``chess960 games --stats``."""

def opening_stats(
    paths: Paths,
    plies: int,
    *,
    start: Optional[SetLike] = None,
    min_elo: Optional[int] = None,
    max_elo: Optional[int] = None,
    player: Union[str, Sequence[str], None] = None,
    event: Optional[str] = None,
    variant: Optional[str] = None,
    time_control: Optional[str] = None,
    threads: Optional[int] = None,
    progress: Union[bool, ProgressCallback, None] = None,
) -> Table:
    """The opening explorer of ``chess960 games --openings``."""

def player_stats(
    paths: Paths,
    player: Union[str, Sequence[str]],
    *,
    start: Optional[SetLike] = None,
    min_elo: Optional[int] = None,
    max_elo: Optional[int] = None,
    event: Optional[str] = None,
    variant: Optional[str] = None,
    time_control: Optional[str] = None,
    threads: Optional[int] = None,
    progress: Union[bool, ProgressCallback, None] = None,
    sprt: Optional[Tuple[float, float]] = None,
    alpha: float = 0.05,
    beta: float = 0.05,
    elo_model: Literal["normalized", "logistic"] = "normalized",
) -> Table:
    """The table of ``chess960 games --player``, with an SPRT on the total row."""

def explorer_index(
    paths: Paths,
    db: Union[str, "os.PathLike[str]"],
    *,
    plies: int = 50,
    player: Union[str, Sequence[str], None] = None,
    start: Optional[SetLike] = None,
    min_elo: Optional[int] = None,
    max_elo: Optional[int] = None,
    event: Optional[str] = None,
    variant: Optional[str] = None,
    time_control: Optional[str] = None,
    threads: Optional[int] = None,
    progress: Union[bool, ProgressCallback, None] = None,
) -> Dict[str, Any]:
    """Indexes games into the explorer db in folder ``db`` (``chess960 explorer index``)."""

def explorer_merge(
    dbs: Sequence[Union[str, "os.PathLike[str]"]],
    into: Union[str, "os.PathLike[str]"],
) -> Dict[str, Any]:
    """Merges explorer dbs made apart into one (``chess960 explorer merge``)."""

class Explorer:
    """An explorer db opened read-only."""

    def __init__(self, db: Union[str, "os.PathLike[str]"]) -> None: ...
    def query(
        self,
        start: Optional[int] = None,
        fen: Optional[str] = None,
        play: Union[str, Sequence[str], None] = None,
        speeds: Union[str, Sequence[str], None] = None,
        ratings: Union[str, Sequence[Union[int, str]], None] = None,
        since: Optional[str] = None,
        until: Optional[str] = None,
        color: Optional[Literal["white", "black"]] = None,
        top_games: int = 4,
        recent_games: int = 4,
    ) -> Table:
        """The moves played from a position, most played first; totals and games in ``summary``."""
    def is_player_db(self) -> bool:
        """Whether the db holds one player's games."""
    @overload
    def games(self) -> int:
        """Games in the db."""
    @overload
    def games(
        self,
        *,
        start: int,
        fen: None = None,
        play: Union[str, Sequence[str], None] = None,
        speeds: Union[str, Sequence[str], None] = None,
        ratings: Union[str, Sequence[Union[int, str]], None] = None,
        since: Optional[str] = None,
        until: Optional[str] = None,
        color: Optional[Literal["white", "black"]] = None,
        player: Optional[str] = None,
        result: Optional[Literal["1-0", "0-1", "1/2-1/2"]] = None,
        limit: Optional[int] = None,
        offset: int = 0,
    ) -> Table:
        """Every game that reached a position, newest first, then by id; ``summary["total"]``."""
    @overload
    def games(
        self,
        *,
        fen: str,
        start: None = None,
        play: Union[str, Sequence[str], None] = None,
        speeds: Union[str, Sequence[str], None] = None,
        ratings: Union[str, Sequence[Union[int, str]], None] = None,
        since: Optional[str] = None,
        until: Optional[str] = None,
        color: Optional[Literal["white", "black"]] = None,
        player: Optional[str] = None,
        result: Optional[Literal["1-0", "0-1", "1/2-1/2"]] = None,
        limit: Optional[int] = None,
        offset: int = 0,
    ) -> Table:
        """Every game that reached a position, newest first, then by id; ``summary["total"]``."""
    @overload
    def games(
        self,
        *,
        play: Union[str, Sequence[str]],
        start: None = None,
        fen: None = None,
        speeds: Union[str, Sequence[str], None] = None,
        ratings: Union[str, Sequence[Union[int, str]], None] = None,
        since: Optional[str] = None,
        until: Optional[str] = None,
        color: Optional[Literal["white", "black"]] = None,
        player: Optional[str] = None,
        result: Optional[Literal["1-0", "0-1", "1/2-1/2"]] = None,
        limit: Optional[int] = None,
        offset: int = 0,
    ) -> Table:
        """Every game that reached a position, newest first, then by id; ``summary["total"]``."""
    def game(self, id: str) -> str:
        """One game as PGN (``KeyError`` for an unknown id)."""
    def eval(
        self,
        fen: Optional[str] = None,
        start: Optional[int] = None,
        play: Union[str, Sequence[str], None] = None,
    ) -> Optional[Dict[str, Any]]:
        """The engine's evaluation of a position (``pvs``, ``depth``, ``knodes``, provenance), or None."""
    def evals(self) -> Table:
        """Every evaluation of the db, one row a line (``fen``, ``line``, ``moves``, ``cp``, ``mate``, ...)."""
