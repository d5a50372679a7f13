//! `chess960 games --openings N`: the opening explorer's rows, one per
//! start and sequence of first plies, from `Archive::openings`.

use super::output::{Cell, Format, Writer};
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
        let start = row.start();
        let tally = row.tally();
        let number = |value: u64| Cell::Number(value.to_string());
        let decimal = |value: Option<f64>, places: usize| {
            value.map_or(Cell::Missing, |value| {
                Cell::Number(format!("{value:.places$}"))
            })
        };
        writer.row(&[
            Cell::Number(start.white().id().to_string()),
            if start.is_single() {
                Cell::Missing
            } else {
                Cell::Number(start.black().id().to_string())
            },
            Cell::Owned(start.ranks().to_string()),
            Cell::Owned(row.uci()),
            Cell::Owned(row.san().join(" ")),
            number(tally.games()),
            number(tally.white_wins),
            number(tally.draws),
            number(tally.black_wins),
            number(tally.unknown),
            decimal(tally.score(), 4),
            decimal(tally.mean_rating(), 1),
        ])?;
    }
    writer.into_inner().flush()
}
