//! What `chess960 games` gathers from each selected record on the reading
//! threads: its `--games` row as text, or its record as it stands
//! (`--pgn`); and how each part is written once its turn in the input
//! comes. (Parquet rows are `chess960_archive::table::Table`'s.)

use super::output::{Cell, Format, Writer};
use chess960_archive::table::{Column, Columns, Computed};
use chess960_archive::{Batch, Collect, Game};
use chess960_games::read::GameKind;
use std::io::{self, Write};

/// Bytes of output a part gathers, read on one core, before it is written.
const FLUSH: usize = 1 << 20;

/// `--games` as text: a row per game, its cells the values of the
/// selected columns, made on the reading thread but for the game's number
/// in the input, written when the part's place in the input is known.
pub(crate) struct Rows {
    columns: Columns,
    layout: Writer<io::Sink>,
    /// Where the `number` column is, if selected.
    number: Option<usize>,
}

/// The rows of one part.
pub(crate) struct RowsPart {
    /// Each row but its number.
    out: Vec<u8>,
    /// Each row's record number in the part, where its number goes and
    /// where its bytes end.
    rows: Vec<(u64, usize, usize)>,
    line: String,
    computed: Computed,
}

impl RowsPart {
    /// The part's games whose moves could not be replayed (`--moves`),
    /// numbered within the part.
    pub(crate) fn take_skips(&mut self) -> Vec<chess960_archive::Skip> {
        self.computed.take_skips()
    }
}

impl Rows {
    pub(crate) fn new(format: Format, columns: Columns) -> io::Result<Rows> {
        let names: Vec<&str> = columns.names().collect();
        let layout = Writer::new(io::sink(), format, &names)?;
        let number = (0..columns.len()).find(|&at| columns.column(at) == Some(Column::Number));
        Ok(Rows {
            columns,
            layout,
            number,
        })
    }

    /// Writes a part's rows, numbered from `batch.base + 1`.
    pub(crate) fn write<W: Write>(
        &self,
        out: &mut Writer<W>,
        batch: &Batch<'_, RowsPart>,
    ) -> io::Result<()> {
        let mut line = String::new();
        let mut start = 0;
        for &(number, at, end) in &batch.part.rows {
            let writer = out.out();
            if let Some(index) = self.number {
                line.clear();
                let number = Cell::Count(batch.base + number);
                self.layout.push_cells(&mut line, &[number], index);
                writer.write_all(&batch.part.out[start..at])?;
                writer.write_all(line.as_bytes())?;
                writer.write_all(&batch.part.out[at..end])?;
            } else {
                writer.write_all(&batch.part.out[start..end])?;
            }
            start = end;
        }
        Ok(())
    }
}

impl Collect for Rows {
    type Part = RowsPart;

    fn part(&self) -> RowsPart {
        RowsPart {
            out: Vec::new(),
            rows: Vec::new(),
            line: String::new(),
            computed: self.columns.computed(),
        }
    }

    fn game(&self, part: &mut RowsPart, game: &Game<'_>) {
        part.computed.game(game);
        let row = self.columns.row(game, &part.computed);
        let cells: Vec<Cell<'_>> = self.columns.values(&row).map(Cell::from).collect();
        let line = &mut part.line;
        line.clear();
        let at = if let Some(index) = self.number {
            self.layout.push_cells(line, &cells[..index], 0);
            let at = line.len();
            self.layout.push_cells(line, &cells[index + 1..], index + 1);
            at
        } else {
            self.layout.push_cells(line, &cells, 0);
            line.len()
        };
        self.layout.push_end(line);
        let at = part.out.len() + at;
        part.out.extend_from_slice(line.as_bytes());
        part.rows.push((game.number(), at, part.out.len()));
    }

    fn keeps_raw(&self) -> bool {
        self.columns.needs_raw()
    }

    fn takes_unkept(&self) -> bool {
        true
    }

    fn spreads(&self) -> bool {
        self.columns.replays()
    }

    fn is_full(&self, part: &RowsPart) -> bool {
        part.out.len() >= FLUSH
    }

    fn reset(&self, part: &mut RowsPart) {
        part.out.clear();
        part.rows.clear();
    }
}

/// `--pgn`: the selected records as they stand, each followed by one blank
/// line; unreadable records are not copied.
pub(crate) struct Records;

impl Collect for Records {
    type Part = Vec<u8>;

    fn part(&self) -> Vec<u8> {
        Vec::new()
    }

    fn game(&self, part: &mut Vec<u8>, game: &Game<'_>) {
        if let (Some(raw), false) = (game.raw(), matches!(game.kind(), GameKind::Unreadable(_))) {
            copy_record(raw, part);
        }
    }

    fn keeps_raw(&self) -> bool {
        true
    }

    fn is_full(&self, part: &Vec<u8>) -> bool {
        part.len() >= FLUSH
    }

    fn reset(&self, part: &mut Vec<u8>) {
        part.clear();
    }
}

/// Adds a record as it stands, up to the line end of its last line that is
/// not blank, then one blank line in that line end (`\r\n` or `\n`).
fn copy_record(raw: &[u8], out: &mut Vec<u8>) {
    let last = raw
        .iter()
        .rposition(|byte| !byte.is_ascii_whitespace())
        .map_or(0, |last| last + 1);
    let (end, line_end): (usize, &[u8]) = match raw[last..].iter().position(|&byte| byte == b'\n') {
        Some(newline) => {
            let end = last + newline + 1;
            let crlf = raw[..end].ends_with(b"\r\n");
            (end, if crlf { b"\r\n" } else { b"\n" })
        }
        // The input's last line, without a line end: one is added.
        None => (raw.len(), b"\n\n"),
    };
    out.extend_from_slice(&raw[..end]);
    out.extend_from_slice(line_end);
}
