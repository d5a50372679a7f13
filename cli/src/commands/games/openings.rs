//! `chess960 games --openings N`: the opening explorer's rows, one per
//! start and sequence of first plies, from `Archive::openings`.

use super::output::{Cell, Format, Writer, start_cells, tally_cells};
use chess960_games::stats::OpeningStats;
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

/// Writes the explorer's rows: by start, then by games, most first. A
/// start's cells are made once for all of its rows.
pub(crate) fn write_rows(
    out: &mut dyn Write,
    format: Format,
    stats: &OpeningStats,
) -> io::Result<()> {
    let mut writer = Writer::new(io::BufWriter::new(out), format, &OPENING_COLUMNS)?;
    let mut line = String::with_capacity(256);
    let (mut uci, mut san) = (String::with_capacity(64), String::with_capacity(64));
    let mut start = None;
    let mut start_row = [Cell::Missing, Cell::Missing, Cell::Missing];
    for row in stats.rows() {
        if start != Some(row.start()) {
            start = Some(row.start());
            start_row = start_cells(row.start());
        }
        line.clear();
        writer.push_cells(&mut line, &start_row, 0);
        uci.clear();
        san.clear();
        row.write_uci(&mut uci);
        row.write_san(&mut san);
        writer.push_cells(&mut line, &[Cell::Text(&uci), Cell::Text(&san)], 3);
        writer.push_cells(&mut line, &tally_cells(row.tally(), false), 5);
        writer.push_end(&mut line);
        writer.out().write_all(line.as_bytes())?;
    }
    writer.into_inner().flush()
}
