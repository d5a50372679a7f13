//! `chess960 games openings N` (the legacy `--openings N`): the opening
//! explorer's rows, one per start and sequence of first plies, from
//! `Archive::openings`.

use super::filters::PlayerFilter;
use super::options::Shared;
use super::output::{Cell, Format, FormatArg, Writer, start_cells, tally_cells};
use super::session::{self, Common, Session};
use crate::failure::Failure;
use chess960_archive::table;
use chess960_games::stats::OpeningStats;
use clap::Args;
use std::io::{self, Write};

/// The arguments of `chess960 games openings`.
#[derive(Args, Debug)]
pub(crate) struct OpeningsArgs {
    /// How many first plies make a row's sequence (a shorter game gives
    /// all of its).
    #[arg(
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(1..)
    )]
    pub(crate) plies: u16,
    #[command(flatten)]
    pub(crate) shared: Shared,
    #[command(flatten)]
    pub(crate) players: PlayerFilter,
    #[command(flatten)]
    pub(crate) format: FormatArg,
}

/// Reads the inputs and writes the explorer's rows; the summary goes to
/// standard error.
pub(crate) fn run(args: &OpeningsArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let format = args.format.get();
    let common = Common {
        shared: &args.shared,
        names: &args.players.player,
        format,
        sprt: None,
    };
    let (mut session, ()) = Session::open(&common, || Ok(()), out)?;
    let plies = usize::from(args.plies);
    let found = session.read(|archive, _| session::failure(archive.openings(plies)))?;
    if format == Format::Parquet {
        session::write_table(&mut session.out, table::openings_batch(&found.stats))?;
    } else {
        write_rows(&mut session.out, format, &found.stats)?;
    }
    session.end(&found.summary)
}

/// Writes the explorer's rows: by start, then by games, most first. A
/// start's cells are made once for all of its rows.
fn write_rows(out: &mut dyn Write, format: Format, stats: &OpeningStats) -> io::Result<()> {
    let header = table::openings_batch(&OpeningStats::new(1));
    let mut writer = Writer::for_table(io::BufWriter::new(out), format, header)?;
    let mut line = String::with_capacity(256);
    let (mut uci, mut san) = (String::with_capacity(64), String::with_capacity(64));
    let mut start = None;
    let mut start_row = [Cell::Missing, Cell::Missing, Cell::Missing];
    for row in stats.rows() {
        if start != Some(row.start()) {
            start = Some(row.start());
            start_row = start_cells(row.start());
        }
        line.clear();
        writer.push_cells(&mut line, &start_row, 0);
        uci.clear();
        san.clear();
        row.write_uci(&mut uci);
        row.write_san(&mut san);
        writer.push_cells(&mut line, &[Cell::Text(&uci), Cell::Text(&san)], 3);
        writer.push_cells(&mut line, &tally_cells(row.tally(), false), 5);
        writer.push_end(&mut line);
        writer.out().write_all(line.as_bytes())?;
    }
    writer.into_inner().flush()
}
