//! What `chess960 games` gathers from each selected record on the reading
//! threads: its `--games` row, or its record as it stands (`--pgn`); and
//! how each part is written once its turn in the input comes.

use super::output::{self, Cell, Format, Writer};
use chess960::pgn::GameKind;
use chess960_archive::{Batch, Collect, Game, Skip, move_skip, replay_game};
use std::io::{self, Write};

/// Bytes of output a part gathers, read on one core, before it is written.
const FLUSH: usize = 1 << 20;

/// `--games`: a row per game, its columns from the third on made on the
/// reading thread (the file and the game's number in the input are
/// written when the part's place is known).
pub(crate) struct Rows {
    layout: Writer<io::Sink>,
    /// `--moves`: each game replayed, its plies and UCI moves two more
    /// columns.
    moves: bool,
}

/// The rows of one part.
#[derive(Default)]
pub(crate) struct RowsPart {
    /// Each row from its third column on.
    out: Vec<u8>,
    /// Each row's record number in the part and where its bytes end.
    rows: Vec<(u64, usize)>,
    line: String,
    /// Games whose moves could not be replayed (numbered within the part).
    pub(crate) skips: Vec<Skip>,
}

impl Rows {
    pub(crate) fn new(format: Format, moves: bool) -> io::Result<Rows> {
        Ok(Rows {
            layout: Writer::new(io::sink(), format, Rows::columns(moves))?,
            moves,
        })
    }

    /// The columns, with the moves' or without.
    pub(crate) fn columns(moves: bool) -> &'static [&'static str] {
        if moves {
            &output::GAME_MOVE_COLUMNS
        } else {
            &output::GAME_COLUMNS
        }
    }

    /// Writes a part's rows, numbered from `batch.base + 1`.
    pub(crate) fn write<W: Write>(
        out: &mut Writer<W>,
        batch: &Batch<'_, RowsPart>,
    ) -> io::Result<()> {
        let mut line = String::new();
        let mut start = 0;
        for &(number, end) in &batch.part.rows {
            line.clear();
            let number = Cell::Number((batch.base + number).to_string());
            out.push_cells(&mut line, &[Cell::Text(batch.input), number], 0);
            let writer = out.out();
            writer.write_all(line.as_bytes())?;
            writer.write_all(&batch.part.out[start..end])?;
            start = end;
        }
        Ok(())
    }
}

impl Collect for Rows {
    type Part = RowsPart;

    fn part(&self) -> RowsPart {
        RowsPart::default()
    }

    fn game(&self, part: &mut RowsPart, game: &Game<'_>) {
        let line = &mut part.line;
        line.clear();
        let mut cells = output::game_row(game.input(), game.record(), game.offset(), game.kind());
        if self.moves {
            let replayable = !matches!(
                game.kind(),
                GameKind::Unreadable(_) | GameKind::OtherVariant(_)
            );
            let (plies, moves) = if replayable {
                replay_game(game, None, |replay| match replay {
                    Ok(line) => {
                        let mut uci = String::with_capacity(line.plies() * 5);
                        for (i, ply) in line.moves().iter().enumerate() {
                            if i > 0 {
                                uci.push(' ');
                            }
                            uci.push_str(ply.uci());
                        }
                        (Cell::Number(line.plies().to_string()), Cell::Words(uci))
                    }
                    Err(error) => {
                        part.skips.push(move_skip(game, &error));
                        (Cell::Missing, Cell::Missing)
                    }
                })
            } else {
                (Cell::Missing, Cell::Missing)
            };
            cells.extend([plies, moves]);
        }
        self.layout.push_cells(line, &cells[2..], 2);
        self.layout.push_end(line);
        part.out.extend_from_slice(line.as_bytes());
        part.rows.push((game.number(), part.out.len()));
    }

    fn is_full(&self, part: &RowsPart) -> bool {
        part.out.len() >= FLUSH
    }

    fn keeps_raw(&self) -> bool {
        self.moves
    }

    fn reset(&self, part: &mut RowsPart) {
        part.out.clear();
        part.rows.clear();
        part.skips.clear();
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
