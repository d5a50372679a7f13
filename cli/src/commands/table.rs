//! `chess960 table`: all 960 positions, one row each, as TSV, CSV, JSON or
//! JSON Lines.

use crate::details::Details;
use crate::failure::Failure;
use crate::json;
use chess960::Position;
use clap::{Args, ValueEnum};
use std::io::Write;

/// The arguments of `chess960 table`.
#[derive(Args, Debug)]
pub(crate) struct TableArgs {
    /// The output format.
    #[arg(long, value_enum, default_value = "tsv")]
    format: Format,
}

/// The format of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Tab-separated values with a header line.
    Tsv,
    /// Comma-separated values with a header line.
    Csv,
    /// One JSON document: an array of objects, each as `show --json`
    /// writes it.
    Json,
    /// JSON Lines: one compact object a line, each as `show --json` writes it.
    Jsonl,
}

/// Writes the whole table in `args.format`.
pub(crate) fn run(args: &TableArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let rows: Vec<Details> = Position::all().map(Details::of).collect();
    let separator = match args.format {
        Format::Json => return json::write(out, &rows),
        Format::Jsonl => {
            return rows.iter().try_for_each(|row| json::line(out, row));
        }
        Format::Tsv => "\t",
        Format::Csv => ",",
    };
    let mut text = Details::COLUMNS.join(separator);
    text.push('\n');
    for row in &rows {
        text.push_str(&row.columns().join(separator));
        text.push('\n');
    }
    Ok(out.write_all(text.as_bytes())?)
}
