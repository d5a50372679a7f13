//! `chess960 table`: all 960 positions, one row each, as TSV, CSV or JSON.

use crate::failure::Failure;
use crate::show::Details;
use chess960::Position;
use clap::ValueEnum;
use std::fmt::Write as _;

/// The format of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Tab-separated values with a header line.
    Tsv,
    /// Comma-separated values with a header line.
    Csv,
    /// A JSON array of objects, each as `show --json` writes it.
    Json,
}

/// The whole table in `format`.
pub(crate) fn run(format: Format) -> Result<String, Failure> {
    let rows: Vec<Details> = Position::all().map(Details::of).collect();
    let separator = match format {
        Format::Json => {
            return serde_json::to_string_pretty(&rows)
                .map(|json| json + "\n")
                .map_err(|error| Failure::internal(error.to_string()));
        }
        Format::Tsv => "\t",
        Format::Csv => ",",
    };
    let mut out = Details::COLUMNS.join(separator);
    out.push('\n');
    for row in &rows {
        let _ = writeln!(out, "{}", row.columns().join(separator));
    }
    Ok(out)
}
