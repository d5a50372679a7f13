//! What `chess960 games list` gathers from each selected record on the
//! reading threads: its row as text; and how each part is written once its
//! turn in the input comes. (Parquet rows are
//! `chess960_archive::table::Table`'s.)

use super::output::{Cell, Format, Writer};
use chess960_archive::table::{Column, Columns, Computed};
use chess960_archive::{Batch, Collect, Game};
use std::io::{self, Write};

/// Bytes of output a part gathers, read on one core, before it is written
/// (`list` and `extract`).
pub(crate) const FLUSH: usize = 1 << 20;

/// `games list` as text: a row per game, its cells the values of the
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
