"""The progress report of ``read_games(..., progress=True)`` on standard error."""

from __future__ import annotations

import sys
from typing import Optional


def report(done_bytes: int, total_bytes: Optional[int], finished: bool) -> None:
    """Writes one progress line to standard error, ending it when finished."""
    megabytes = done_bytes / 1e6
    if total_bytes:
        text = f"\rchess960: {megabytes:,.0f} of {total_bytes / 1e6:,.0f} MB read"
    else:
        text = f"\rchess960: {megabytes:,.0f} MB read"
    sys.stderr.write(text + ("\n" if finished else ""))
    sys.stderr.flush()
