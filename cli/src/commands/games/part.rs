//! Reading the records of one input, or of one part of a large file: each
//! record placed, filtered and counted, and the selected games' rows
//! (`--games`) or records as they stand (`--pgn`) gathered in order.

use super::findings::{Findings, Skip};
use super::output::{self, Format, Writer};
use chess960::pgn::{Filter, GameKind, Players, Reader};
use std::io::{self, BufRead};
use std::sync::atomic::{AtomicU64, Ordering};

/// What each selected game adds to the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Nothing: the statistics come at the end.
    Stats,
    /// A row per game.
    Games(Format),
    /// The record as it stands in the input.
    Pgn,
}

/// What is the same for every record of a run.
pub(crate) struct Context<'a> {
    pub(crate) filter: &'a Filter,
    pub(crate) players: &'a Players,
    pub(crate) mode: Mode,
    /// Games read, for the progress bar.
    pub(crate) games: &'a AtomicU64,
    /// Whether plain regular files are read through memory maps.
    pub(crate) map: bool,
}

/// Bytes of output a part gathers before they are written.
pub(crate) const FLUSH: usize = 1 << 20;

/// What reading records found and what they write, in order.
pub(crate) struct Part {
    pub(crate) findings: Findings,
    /// `--games`: each row from its third column on; `--pgn`: the records,
    /// each followed by a blank line.
    pub(crate) out: Vec<u8>,
    /// `--games`: each row's record number in the part and where its bytes
    /// end in `out` (the first two columns, the file and the number in the
    /// input, are written when the part's place in the input is known).
    pub(crate) rows: Vec<(u64, usize)>,
    /// Records read.
    pub(crate) records: u64,
}

impl Part {
    pub(crate) fn new(players: &Players) -> Part {
        Part {
            findings: Findings::new(players),
            out: Vec::new(),
            rows: Vec::new(),
            records: 0,
        }
    }

    /// Writes the gathered output, the records numbered from `base + 1`,
    /// and empties it.
    pub(crate) fn write_out<W: io::Write>(
        &mut self,
        file: &str,
        base: u64,
        out: &mut Writer<W>,
    ) -> io::Result<()> {
        if self.rows.is_empty() {
            out.out().write_all(&self.out)?;
        } else {
            let mut line = String::new();
            let mut start = 0;
            for &(number, end) in &self.rows {
                line.clear();
                let number = output::Cell::Number((base + number).to_string());
                out.push_cells(&mut line, &[output::Cell::Text(file), number], 0);
                let writer = out.out();
                writer.write_all(line.as_bytes())?;
                writer.write_all(&self.out[start..end])?;
                start = end;
            }
            self.rows.clear();
        }
        self.out.clear();
        Ok(())
    }
}

/// Reads records from `reader` into `part` while `more` says so of a
/// record's offset in the reader's input; gives the offset of the first
/// record it declined (`None`: the input ended). `flush` is called whenever
/// the part holds [`FLUSH`] bytes of output.
pub(crate) fn read<R: BufRead>(
    reader: &mut Reader<R>,
    file: &str,
    base_offset: u64,
    context: &Context<'_>,
    part: &mut Part,
    mut more: impl FnMut(u64) -> bool,
    mut flush: impl FnMut(&mut Part) -> io::Result<()>,
) -> io::Result<Option<u64>> {
    let layout = match context.mode {
        Mode::Games(format) => Some(Writer::new(io::sink(), format, &output::GAME_COLUMNS)?),
        _ => None,
    };
    let mut line = String::new();
    let mut batch = 0;
    let declined = loop {
        let Some(record) = reader.next_record() else {
            break None;
        };
        let offset = base_offset + record.offset();
        if !more(offset) {
            break Some(offset);
        }
        part.records += 1;
        let kind = GameKind::of(record);
        let findings = &mut part.findings;
        findings.counts.add(&kind);
        let selected = if let GameKind::Unreadable(error) = kind {
            findings.skip(Skip {
                file: file.to_owned(),
                number: Some(part.records),
                offset,
                reason: error.to_string(),
            });
            // Listed by --games, never copied by --pgn.
            matches!(context.mode, Mode::Games(_))
        } else if context.filter.accepts(record.tags(), &kind) {
            findings.matched += 1;
            findings.player.add(&kind, record.tags());
            findings.stats.add(kind, record.tags());
            true
        } else {
            false
        };
        if selected {
            match (&layout, context.mode) {
                (Some(layout), _) => {
                    line.clear();
                    let cells = output::game_row(file, record, offset, &kind);
                    layout.push_cells(&mut line, &cells[2..], 2);
                    layout.push_end(&mut line);
                    part.out.extend_from_slice(line.as_bytes());
                    part.rows.push((part.records, part.out.len()));
                }
                (None, Mode::Pgn) => {
                    if let Some(raw) = reader.raw() {
                        copy_record(raw, &mut part.out);
                    } else {
                        part.findings.skip(Skip {
                            file: file.to_owned(),
                            number: Some(part.records),
                            offset,
                            reason: format!(
                                "the record is longer than {} MiB and was not copied",
                                chess960::pgn::MAX_RAW_RECORD >> 20
                            ),
                        });
                    }
                }
                _ => {}
            }
            if part.out.len() >= FLUSH {
                flush(part)?;
            }
        }
        batch += 1;
        if batch == 1024 {
            context.games.fetch_add(batch, Ordering::Relaxed);
            batch = 0;
        }
    };
    context.games.fetch_add(batch, Ordering::Relaxed);
    Ok(declined)
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
