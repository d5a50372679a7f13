//! `chess960 table`: all 960 positions, one row each, as TSV, CSV, JSON or
//! JSON Lines, in order of id or of engine evaluation.

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
    /// The rows' order.
    #[arg(long, value_enum, default_value = "id")]
    sort: Sort,
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

/// The order of the table's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Sort {
    /// By Scharnagl id, 0 to 959.
    Id,
    /// By the engine evaluation in centipawns, Black's best starts first and
    /// White's best last; equal ones by id.
    Eval,
}

/// Writes the whole table in `args.format`, rows in `args.sort` order.
pub(crate) fn run(args: &TableArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut positions: Vec<Position> = Position::all().collect();
    if args.sort == Sort::Eval {
        positions.sort_by_key(|position| (position.eval().cp(), position.id()));
    }
    let rows: Vec<Details> = positions.into_iter().map(Details::of).collect();
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
