//! `chess960 games --openings N`: the opening explorer's rows, one per
//! start and sequence of first plies, from `Archive::openings`.

use super::output::{Cell, Format, Writer, start_cells, tally_cells};
use chess960::moves::OpeningStats;
use std::io::{self, Write};

/// The columns of `--openings`.
pub(crate) const OPENING_COLUMNS: [&str; 12] = [
    "white_id",
    "black_id",
    "rank",
    "moves",
    "san",
    "games",
    "white_wins",
    "draws",
    "black_wins",
    "unknown",
    "score",
    "mean_elo",
];

/// Writes the explorer's rows: by start, then by games, most first.
pub(crate) fn write_rows(
    out: &mut dyn Write,
    format: Format,
    stats: &OpeningStats,
) -> io::Result<()> {
    let mut writer = Writer::new(io::BufWriter::new(out), format, &OPENING_COLUMNS)?;
    for row in stats.rows() {
        let mut cells = Vec::from(start_cells(row.start()));
        cells.extend([Cell::Owned(row.uci()), Cell::Owned(row.san())]);
        cells.extend(tally_cells(row.tally(), false));
        writer.row(&cells)?;
    }
    writer.into_inner().flush()
}
