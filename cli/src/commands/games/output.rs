//! The rows `chess960 games` writes: one per game or one per start, as
//! TSV, CSV or JSON Lines (a game's cells are the values of
//! `chess960_archive::table`'s columns).

use arrow_array::RecordBatch;
use arrow_schema::ArrowError;
use chess960::DoublePosition;
use chess960_archive::table::Value;
use chess960_games::stats::Tally;
use clap::{Args, ValueEnum};
use std::borrow::Cow;
use std::io::{self, Write};

/// The output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Tab-separated values with a header line (tabs and newlines in
    /// values become spaces).
    Tsv,
    /// Comma-separated values with a header line (RFC 4180 quoting).
    Csv,
    /// One JSON object per line; missing values are null.
    Jsonl,
    /// Parquet: typed columns, zstd-compressed (`games list`: a row group
    /// per part read); to a file (`--output FILE`) or a pipe.
    Parquet,
}

/// The `--format` option, defined once for the subcommands that write rows.
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct FormatArg {
    /// The output format (default tsv). Parquet holds the same table,
    /// typed.
    #[arg(long, value_enum)]
    pub(crate) format: Option<Format>,
}

impl FormatArg {
    /// The format asked for, TSV by default.
    pub(crate) fn get(&self) -> Format {
        self.format.unwrap_or(Format::Tsv)
    }
}

/// One cell: text, a number, a list of texts, or nothing.
pub(crate) enum Cell<'a> {
    Text(&'a str),
    Owned(String),
    Number(String),
    /// A whole number, written in place.
    Count(u64),
    /// A real with this many decimals, written in place as
    /// `format!("{value:.places$}")` writes it.
    Decimal(f64, usize),
    /// Words separated by single spaces: so in TSV and CSV, an array of
    /// strings in JSON.
    Words(Cow<'a, str>),
    Missing,
}

impl<'a> From<Value<'a>> for Cell<'a> {
    /// A column's value as a cell: numbers bare, dates and times as text
    /// (`YYYY-MM-DD`, `HH:MM:SS`).
    fn from(value: Value<'a>) -> Cell<'a> {
        match value {
            Value::Null => Cell::Missing,
            Value::Text(Cow::Borrowed(text)) => Cell::Text(text),
            Value::Text(Cow::Owned(text)) => Cell::Owned(text),
            Value::Words(words) => Cell::Words(words),
            value if value.is_number() => Cell::Number(value.to_string()),
            value => Cell::Owned(value.to_string()),
        }
    }
}

/// Writes rows of cells in one format.
pub(crate) struct Writer<W> {
    out: W,
    format: Format,
    columns: Vec<String>,
    /// The line being made, its memory kept from row to row.
    line: String,
}

impl<W: Write> Writer<W> {
    /// A writer whose columns are those of a table the archive crate
    /// makes (`header`: its batch of no rows), so that a table's column
    /// names are written in one place whatever the format.
    pub(crate) fn for_table(
        out: W,
        format: Format,
        header: Result<RecordBatch, ArrowError>,
    ) -> io::Result<Writer<W>> {
        let schema = header.map_err(io::Error::other)?.schema();
        let names: Vec<&str> = schema
            .fields()
            .iter()
            .map(|field| field.name().as_str())
            .collect();
        Writer::new(out, format, &names)
    }

    /// A writer; the header line is written now (TSV and CSV).
    pub(crate) fn new(mut out: W, format: Format, columns: &[&str]) -> io::Result<Writer<W>> {
        match format {
            Format::Tsv => writeln!(out, "{}", columns.join("\t"))?,
            Format::Csv => writeln!(out, "{}", columns.join(","))?,
            Format::Jsonl | Format::Parquet => {}
        }
        Ok(Writer {
            out,
            format,
            columns: columns.iter().map(ToString::to_string).collect(),
            line: String::with_capacity(256),
        })
    }

    /// Writes one row.
    pub(crate) fn row(&mut self, cells: &[Cell<'_>]) -> io::Result<()> {
        let mut line = std::mem::take(&mut self.line);
        line.clear();
        self.push_cells(&mut line, cells, 0);
        self.push_end(&mut line);
        let written = self.out.write_all(line.as_bytes());
        self.line = line;
        written
    }

    /// Adds the cells of a row from column `from` on to `line` (a row may
    /// be made in two pieces: its first columns, then the rest).
    pub(crate) fn push_cells(&self, line: &mut String, cells: &[Cell<'_>], from: usize) {
        let tsv = self.format == Format::Tsv;
        for (index, cell) in (from..).zip(cells) {
            match self.format {
                Format::Tsv | Format::Csv | Format::Parquet => {
                    if index > 0 {
                        line.push(if tsv { '\t' } else { ',' });
                    }
                    if push_number(line, cell) {
                        continue;
                    }
                    let text = match cell {
                        Cell::Text(text) => text,
                        Cell::Owned(text) | Cell::Number(text) => text.as_str(),
                        Cell::Words(words) => words,
                        Cell::Missing | Cell::Count(_) | Cell::Decimal(..) => "",
                    };
                    if tsv && memchr::memchr3(b'\t', b'\n', b'\r', text.as_bytes()).is_none() {
                        line.push_str(text);
                    } else if tsv {
                        line.extend(text.chars().map(|c| {
                            if matches!(c, '\t' | '\n' | '\r') {
                                ' '
                            } else {
                                c
                            }
                        }));
                    } else if text.contains([',', '"', '\n', '\r']) {
                        line.push('"');
                        line.push_str(&text.replace('"', "\"\""));
                        line.push('"');
                    } else {
                        line.push_str(text);
                    }
                }
                Format::Jsonl => {
                    line.push(if index == 0 { '{' } else { ',' });
                    line.push('"');
                    line.push_str(self.columns.get(index).map_or("", String::as_str));
                    line.push_str("\":");
                    if push_number(line, cell) {
                        continue;
                    }
                    match cell {
                        Cell::Text(text) => push_json_string(line, text),
                        Cell::Owned(text) => push_json_string(line, text),
                        Cell::Number(number) => line.push_str(number),
                        Cell::Words(words) => {
                            line.push('[');
                            let items = words.split(' ').filter(|word| !word.is_empty());
                            for (at, item) in items.enumerate() {
                                if at > 0 {
                                    line.push(',');
                                }
                                push_json_string(line, item);
                            }
                            line.push(']');
                        }
                        Cell::Missing | Cell::Count(_) | Cell::Decimal(..) => {
                            line.push_str("null");
                        }
                    }
                }
            }
        }
    }

    /// Ends a row made with [`Writer::push_cells`].
    pub(crate) fn push_end(&self, line: &mut String) {
        if self.format == Format::Jsonl {
            line.push('}');
        }
        line.push('\n');
    }

    /// The output, to write a row's pieces made elsewhere.
    pub(crate) fn out(&mut self) -> &mut W {
        &mut self.out
    }

    pub(crate) fn into_inner(self) -> W {
        self.out
    }
}

/// Writes a [`Cell::Count`] or a [`Cell::Decimal`] (true), or nothing
/// for any other cell (false).
fn push_number(line: &mut String, cell: &Cell<'_>) -> bool {
    match *cell {
        Cell::Count(value) => push_count(line, value),
        Cell::Decimal(value, places) => push_fixed(line, value, places),
        _ => return false,
    }
    true
}

/// The digits of `value`, as its `Display` writes them.
fn push_count(line: &mut String, value: u64) {
    let (digits, at) = crate::output::decimal(value, 1);
    line.extend(digits[at..].iter().map(|&digit| char::from(digit)));
}

fn push_json_string(line: &mut String, text: &str) {
    // serde_json writes a valid JSON string for any &str.
    line.push_str(&serde_json::to_string(text).unwrap_or_else(|_| "null".into()));
}

/// The cells of one `--stats` row.
pub(crate) fn stat_row(start: DoublePosition, tally: &Tally) -> Vec<Cell<'static>> {
    let mut cells = Vec::from(start_cells(start));
    cells.extend(tally_cells(tally, true));
    cells
}

/// A number with `places` decimals, as `format!("{value:.places$}")`
/// writes it (a cell; missing for `None`).
pub(crate) fn decimal(value: Option<f64>, places: usize) -> Cell<'static> {
    value.map_or(Cell::Missing, |value| Cell::Decimal(value, places))
}

/// `format!("{value:.places$}")`, without its slow exact path for the
/// common values that `places` decimals hold exactly (`0.5000`,
/// `2149.5`): a value scaled by `10^places` to a whole number below 2^52
/// is written from its digits. The scaling's rounding cannot move a value
/// across a rounding boundary, since it lands on a whole number.
#[cfg(test)]
fn fixed(value: f64, places: usize) -> String {
    let mut text = String::new();
    push_fixed(&mut text, value, places);
    text
}

/// [`fixed`], added to `line`.
fn push_fixed(line: &mut String, value: f64, places: usize) {
    use std::fmt::Write as _;
    let scaled = [1.0, 10.0, 100.0, 1_000.0, 10_000.0]
        .get(places)
        .map(|scale| value * scale)
        .filter(|scaled| scaled.fract() == 0.0 && scaled.abs() < 4_503_599_627_370_496.0);
    let Some(scaled) = scaled else {
        let _ = write!(line, "{value:.places$}");
        return;
    };
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let whole = scaled.abs() as u64;
    if value.is_sign_negative() {
        line.push('-');
    }
    let unit = 10_u64.pow(u32::try_from(places).unwrap_or(0));
    push_count(line, whole / unit);
    if places > 0 {
        line.push('.');
        let fraction = whole % unit;
        let mut digits = String::new();
        push_count(&mut digits, fraction);
        line.extend(std::iter::repeat_n(
            '0',
            places.saturating_sub(digits.len()),
        ));
        line.push_str(&digits);
    }
}

/// A start's cells: `white_id`, `black_id` (a double Chess960 start's
/// only) and `rank`.
pub(crate) fn start_cells(start: DoublePosition) -> [Cell<'static>; 3] {
    [
        Cell::Count(u64::from(start.white().id())),
        if start.is_single() {
            Cell::Missing
        } else {
            Cell::Count(u64::from(start.black().id()))
        },
        Cell::Owned(start.ranks().to_string()),
    ]
}

/// A tally's cells: `games`, `white_wins`, `draws`, `black_wins`,
/// `unknown`, `score`, with `interval` its bounds `ci_low` and `ci_high`,
/// and `mean_elo`.
pub(crate) fn tally_cells(tally: &Tally, interval: bool) -> Vec<Cell<'static>> {
    let number = Cell::Count;
    let mut cells = vec![
        number(tally.games()),
        number(tally.white_wins),
        number(tally.draws),
        number(tally.black_wins),
        number(tally.unknown),
        decimal(tally.score(), 4),
    ];
    if interval {
        let bounds = tally.interval();
        cells.push(decimal(bounds.map(|i| i.low), 4));
        cells.push(decimal(bounds.map(|i| i.high), 4));
    }
    cells.push(decimal(tally.mean_rating(), 1));
    cells
}

#[cfg(test)]
mod tests {
    use super::fixed;

    #[test]
    fn fixed_writes_what_format_writes() {
        let mut values = vec![
            0.0, -0.0, 1.0, -1.0, 0.5, 0.25, 0.125, 2149.5, 1e15, 4.5e15, 9e15,
        ];
        for numerator in 0..=400_u32 {
            for denominator in 1..=64_u32 {
                values.push(f64::from(numerator) / f64::from(denominator));
                values.push(f64::from(numerator) / f64::from(denominator) * 1000.0 + 0.05);
            }
        }
        for value in values {
            for places in 0..=5 {
                assert_eq!(
                    fixed(value, places),
                    format!("{value:.places$}"),
                    "{value} {places}"
                );
            }
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let whole = value.abs() as u64;
            let mut line = String::new();
            super::push_count(&mut line, whole);
            assert_eq!(line, whole.to_string());
        }
    }
}
