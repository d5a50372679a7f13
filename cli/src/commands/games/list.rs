//! `chess960 games list` (the legacy `--games`): one row per game, its
//! columns chosen with `--columns`, `--tag` and `--moves`, as text or
//! Parquet, written in input order as the parts are read.

use super::collect::Rows;
use super::filters::PlayerFilter;
use super::options::Shared;
use super::output::{Format, FormatArg, Writer};
use super::session::{self, Also, Common, Session};
use crate::failure::Failure;
use chess960_archive::table::{Columns, ParquetWriter, Table};
use chess960_archive::{Archive, Batch, Error, Skip, Summary};
use clap::Args;
use std::io::{self, Write};

/// The columns of `games list`.
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct ColumnArgs {
    /// These columns, in this order, comma-separated: the default ones
    /// (`file`, `number`, `offset`, `kind`, `white_id`, `black_id`,
    /// `result`, `white`, `black`, `white_elo`, `black_elo`, `date`,
    /// `event`, `site`, `variant`, `detail`) and `utc_date` (a date),
    /// `utc_time` (a time of day), `white_rating_diff`,
    /// `black_rating_diff` (signed), `white_title`, `black_title`, `eco`,
    /// `opening`, `round`, `time_control` (as written), `base_seconds`,
    /// `increment_seconds` (empty for `-` or unreadable), `termination`,
    /// `movetext` (as written, comments included); `all` for every one.
    /// An unreadable value is empty (null), never a lost game. The guide
    /// gives each column's type.
    #[arg(long, value_name = "LIST")]
    pub(crate) columns: Option<String>,
    /// Two more columns for each game, after the others: `plies` and
    /// `moves`: its main line replayed from its start with full legality,
    /// the moves in UCI separated by single spaces (in JSON Lines an array
    /// of strings; in Parquet a list of strings), castling as the king
    /// taking its rook in a Chess960 game and as the king's two-square
    /// move in a standard one. A game with an illegal, ambiguous or
    /// unreadable move keeps its row, with no moves, and is skipped,
    /// naming the ply and the move; games of other variants are not
    /// replayed.
    #[arg(long)]
    pub(crate) moves: bool,
    /// Adds the tag NAME (case-sensitive, as PGN writes it) as a text
    /// column named as the tag, after the others; repeatable.
    #[arg(long, value_name = "NAME")]
    pub(crate) tag: Vec<String>,
}

impl ColumnArgs {
    /// Whether any column option is given (each implies the legacy
    /// `--games`).
    pub(crate) fn any(&self) -> bool {
        self.columns.is_some() || self.moves || !self.tag.is_empty()
    }

    /// The columns: `--columns` (or the default sixteen), `--tag`s and
    /// `--moves`.
    fn get(&self) -> Result<Columns, Failure> {
        let mut columns = match &self.columns {
            Some(list) => Columns::parse(list)
                .map_err(|error| Failure::input(format!("--columns: {error}")))?,
            None => Columns::default(),
        };
        for name in &self.tag {
            columns = columns
                .tag(name)
                .map_err(|error| Failure::input(format!("--tag: {error}")))?;
        }
        if self.moves {
            columns = columns
                .with_moves()
                .map_err(|error| Failure::input(format!("--moves: {error}")))?;
        }
        Ok(columns)
    }
}

/// The arguments of `chess960 games list`.
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct ListArgs {
    #[command(flatten)]
    pub(crate) shared: Shared,
    #[command(flatten)]
    pub(crate) columns: ColumnArgs,
    #[command(flatten)]
    pub(crate) players: PlayerFilter,
    #[command(flatten)]
    pub(crate) format: FormatArg,
}

/// Reads the inputs and writes a row per game; the summary goes to
/// standard error. `also`: what the legacy form may add.
pub(crate) fn run(args: &ListArgs, also: &Also<'_>, out: &mut dyn Write) -> Result<(), Failure> {
    let format = args.format.get();
    let common = Common {
        shared: &args.shared,
        names: &args.players.player,
        format,
        sprt: also.sprt,
    };
    let (mut session, columns) = Session::open(&common, || args.columns.get(), out)?;
    let summary = session.read(|archive, out| read_games(archive, columns, format, out))?;
    session.conclude(&summary, also.plot)
}

/// Reads the archive, writing a row per game in input order as the parts
/// come: text, or Parquet (a row group a part, encoded on threads of the
/// writer's own and written out in order as soon as it is ready; the footer
/// is written even when an input fails midway, so that every row read is
/// kept).
fn read_games(
    archive: &Archive,
    columns: Columns,
    format: Format,
    out: &mut dyn Write,
) -> Result<Summary, Failure> {
    let mut buffered = io::BufWriter::with_capacity(1 << 20, out);
    // The games whose moves could not be replayed (`--moves`).
    let mut skips = Vec::new();
    let result = if format == Format::Parquet {
        let table = Table::new(columns);
        // Row groups are encoded on as many threads as read.
        let mut writer = ParquetWriter::new(Vec::new(), table.schema())
            .map_err(|error| Failure::internal(error.to_string()))?
            .threads(archive.thread_count());
        let read = archive.collect(&table, |mut batch| {
            let taken = batch.part.take_skips();
            skips.extend(numbered(&batch, taken));
            let batch = table.batch(&mut batch).map_err(io::Error::other)?;
            writer.write(&batch).map_err(io::Error::other)?;
            let written = writer.output_mut();
            buffered.write_all(written)?;
            written.clear();
            Ok(())
        });
        // The footer, after the rows read, whatever stopped the reading.
        let finished = writer.finish().map_err(io::Error::other);
        read.and_then(|summary| {
            let footer = finished.map_err(Error::Deliver)?;
            buffered
                .write_all(&footer)
                .and_then(|()| buffered.flush())
                .map_err(Error::Deliver)?;
            Ok(summary)
        })
    } else {
        let names: Vec<&str> = columns.names().collect();
        let mut writer = Writer::new(buffered, format, &names)?;
        let rows = Rows::new(format, columns.clone())?;
        let read = archive.collect(&rows, |batch| {
            let taken = batch.part.take_skips();
            skips.extend(numbered(&batch, taken));
            rows.write(&mut writer, &batch)
        });
        read.and_then(|summary| {
            writer.into_inner().flush().map_err(Error::Deliver)?;
            Ok(summary)
        })
    };
    session::failure(result).map(|mut summary| {
        summary.skip_in_order(skips, archive.inputs());
        summary
    })
}

/// A part's skips, numbered in their input.
fn numbered<P>(batch: &Batch<'_, P>, skips: Vec<Skip>) -> impl Iterator<Item = Skip> + use<P> {
    let base = batch.base;
    skips.into_iter().map(move |mut skip| {
        skip.number = skip.number.map(|number| number + base);
        skip
    })
}
