//! The rows `chess960 games` writes: one per game or one per start, as
//! TSV, CSV or JSON Lines.

use chess960::DoublePosition;
use chess960::pgn::{GameKind, Outcome, Record, TagName, Tally};
use clap::ValueEnum;
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
}

/// One cell: text, a number, or nothing.
pub(crate) enum Cell<'a> {
    Text(&'a str),
    Owned(String),
    Number(String),
    /// Words separated by single spaces: as they stand in TSV and CSV, an
    /// array of strings in JSON Lines.
    Words(String),
    Missing,
}

/// The columns of `--games`.
pub(crate) const GAME_COLUMNS: [&str; 16] = [
    "file",
    "number",
    "offset",
    "kind",
    "white_id",
    "black_id",
    "result",
    "white",
    "black",
    "white_elo",
    "black_elo",
    "date",
    "event",
    "site",
    "variant",
    "detail",
];

/// The columns of `--games --moves`: those of `--games`, then the plies
/// replayed and the moves in UCI.
pub(crate) const GAME_MOVE_COLUMNS: [&str; 18] = [
    "file",
    "number",
    "offset",
    "kind",
    "white_id",
    "black_id",
    "result",
    "white",
    "black",
    "white_elo",
    "black_elo",
    "date",
    "event",
    "site",
    "variant",
    "detail",
    "plies",
    "moves",
];

/// The columns of `--stats`.
pub(crate) const STAT_COLUMNS: [&str; 12] = [
    "white_id",
    "black_id",
    "rank",
    "games",
    "white_wins",
    "draws",
    "black_wins",
    "unknown",
    "score",
    "ci_low",
    "ci_high",
    "mean_elo",
];

/// Writes rows of cells in one format.
pub(crate) struct Writer<W> {
    out: W,
    format: Format,
    columns: &'static [&'static str],
}

impl<W: Write> Writer<W> {
    /// A writer; the header line is written now (TSV and CSV).
    pub(crate) fn new(
        mut out: W,
        format: Format,
        columns: &'static [&'static str],
    ) -> io::Result<Writer<W>> {
        match format {
            Format::Tsv => writeln!(out, "{}", columns.join("\t"))?,
            Format::Csv => writeln!(out, "{}", columns.join(","))?,
            Format::Jsonl => {}
        }
        Ok(Writer {
            out,
            format,
            columns,
        })
    }

    /// Writes one row.
    pub(crate) fn row(&mut self, cells: &[Cell<'_>]) -> io::Result<()> {
        let mut line = String::with_capacity(256);
        self.push_cells(&mut line, cells, 0);
        self.push_end(&mut line);
        self.out.write_all(line.as_bytes())
    }

    /// Adds the cells of a row from column `from` on to `line` (a row may
    /// be made in two pieces: its first columns, then the rest).
    pub(crate) fn push_cells(&self, line: &mut String, cells: &[Cell<'_>], from: usize) {
        let tsv = self.format == Format::Tsv;
        for (index, cell) in (from..).zip(cells) {
            match self.format {
                Format::Tsv | Format::Csv => {
                    if index > 0 {
                        line.push(if tsv { '\t' } else { ',' });
                    }
                    let text = match cell {
                        Cell::Text(text) => text,
                        Cell::Owned(text) | Cell::Number(text) | Cell::Words(text) => text.as_str(),
                        Cell::Missing => "",
                    };
                    if tsv {
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
                    line.push_str(self.columns.get(index).copied().unwrap_or_default());
                    line.push_str("\":");
                    match cell {
                        Cell::Text(text) => push_json_string(line, text),
                        Cell::Owned(text) => push_json_string(line, text),
                        Cell::Number(number) => line.push_str(number),
                        Cell::Words(words) => {
                            line.push('[');
                            for (i, word) in words.split(' ').filter(|w| !w.is_empty()).enumerate()
                            {
                                if i > 0 {
                                    line.push(',');
                                }
                                push_json_string(line, word);
                            }
                            line.push(']');
                        }
                        Cell::Missing => line.push_str("null"),
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

fn push_json_string(line: &mut String, text: &str) {
    // serde_json writes a valid JSON string for any &str.
    line.push_str(&serde_json::to_string(text).unwrap_or_else(|_| "null".into()));
}

fn tag(record: &Record, name: TagName) -> Cell<'_> {
    record.tags().get(name).map_or(Cell::Missing, Cell::Text)
}

/// Only digits make a number; anything else (`?`) is missing.
fn elo(record: &Record, color: chess960::Color) -> Cell<'static> {
    record
        .tags()
        .elo(color)
        .map_or(Cell::Missing, |elo| Cell::Number(elo.to_string()))
}

/// The cells of one `--games` row.
pub(crate) fn game_row<'a>(
    file: &'a str,
    record: &'a Record,
    offset: u64,
    kind: &GameKind,
) -> Vec<Cell<'a>> {
    // The library's cells, shared with the Python package's tables.
    let start = kind.chess960_start();
    let cell = |value: Option<u16>| value.map_or(Cell::Missing, |id| Cell::Number(id.to_string()));
    let id = cell(start.map(|start| start.white().id()));
    let black_id = cell(
        start
            .filter(|start| !start.is_single())
            .map(|start| start.black().id()),
    );
    let detail = kind
        .detail(record.tags())
        .map_or(Cell::Missing, |detail| Cell::Owned(detail.to_string()));
    vec![
        Cell::Text(file),
        Cell::Number(record.number().to_string()),
        Cell::Number(offset.to_string()),
        Cell::Text(kind.name()),
        id,
        black_id,
        Cell::Text(Outcome::from_tag(record.tags().get(TagName::Result)).as_str()),
        tag(record, TagName::White),
        tag(record, TagName::Black),
        elo(record, chess960::Color::White),
        elo(record, chess960::Color::Black),
        tag(record, TagName::Date),
        tag(record, TagName::Event),
        tag(record, TagName::Site),
        tag(record, TagName::Variant),
        detail,
    ]
}

/// The cells of one `--stats` row.
pub(crate) fn stat_row(start: DoublePosition, tally: &Tally) -> Vec<Cell<'static>> {
    let number = |value: u64| Cell::Number(value.to_string());
    let decimal = |value: Option<f64>, places: usize| {
        value.map_or(Cell::Missing, |value| {
            Cell::Number(format!("{value:.places$}"))
        })
    };
    let interval = tally.interval();
    vec![
        Cell::Number(start.white().id().to_string()),
        if start.is_single() {
            Cell::Missing
        } else {
            Cell::Number(start.black().id().to_string())
        },
        Cell::Owned(start.ranks().to_string()),
        number(tally.games()),
        number(tally.white_wins),
        number(tally.draws),
        number(tally.black_wins),
        number(tally.unknown),
        decimal(tally.score(), 4),
        decimal(interval.map(|i| i.low), 4),
        decimal(interval.map(|i| i.high), 4),
        decimal(tally.mean_rating(), 1),
    ]
}
