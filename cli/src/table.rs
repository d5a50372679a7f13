//! `chess960 table`: all 960 positions, one row each, as TSV, CSV or JSON.

use crate::failure::Failure;
use chess960::{FenStyle, Position};
use clap::ValueEnum;
use serde::Serialize;
use std::fmt::Write as _;

/// The format of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Tab-separated values with a header line.
    Tsv,
    /// Comma-separated values with a header line.
    Csv,
    /// A JSON array of objects.
    Json,
}

/// One position's row; the columns in this order.
#[derive(Serialize)]
struct Row {
    id: u16,
    rank: &'static str,
    fen: String,
    shredder_fen: String,
    mirror: u16,
    fritz9: u16,
    one_based: u16,
    bishop_code: u8,
    queen_slot: u8,
    knight_code: u8,
}

/// The header: the row's field names, in order.
const COLUMNS: [&str; 10] = [
    "id",
    "rank",
    "fen",
    "shredder_fen",
    "mirror",
    "fritz9",
    "one_based",
    "bishop_code",
    "queen_slot",
    "knight_code",
];

impl Row {
    fn of(position: Position) -> Row {
        Row {
            id: position.id(),
            rank: position.as_str(),
            fen: position.fen(FenStyle::XFen).to_string(),
            shredder_fen: position.fen(FenStyle::Shredder).to_string(),
            mirror: position.mirrored().id(),
            fritz9: position.fritz9(),
            one_based: position.one_based(),
            bishop_code: position.bishop_code(),
            queen_slot: position.queen_slot(),
            knight_code: position.knight_code(),
        }
    }

    /// The values in the order of [`COLUMNS`]. None holds a tab, a comma or
    /// a quote, so no field needs quoting in TSV or CSV.
    fn fields(&self) -> [String; 10] {
        [
            self.id.to_string(),
            self.rank.to_owned(),
            self.fen.clone(),
            self.shredder_fen.clone(),
            self.mirror.to_string(),
            self.fritz9.to_string(),
            self.one_based.to_string(),
            self.bishop_code.to_string(),
            self.queen_slot.to_string(),
            self.knight_code.to_string(),
        ]
    }
}

/// The whole table in `format`.
pub(crate) fn run(format: Format) -> Result<String, Failure> {
    let rows: Vec<Row> = Position::all().map(Row::of).collect();
    let separator = match format {
        Format::Json => {
            return serde_json::to_string_pretty(&rows)
                .map(|json| json + "\n")
                .map_err(|error| Failure::internal(error.to_string()));
        }
        Format::Tsv => "\t",
        Format::Csv => ",",
    };
    let mut out = COLUMNS.join(separator);
    out.push('\n');
    for row in &rows {
        let _ = writeln!(out, "{}", row.fields().join(separator));
    }
    Ok(out)
}
