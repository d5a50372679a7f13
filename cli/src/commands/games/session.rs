//! The path every subcommand of `chess960 games` runs along: the checks
//! and the [`Archive`] before reading, the progress bar while it reads,
//! and after it the plot, the flush, the summary on standard error and
//! the exit status. Each subcommand's module adds only what it reads and
//! writes.

use super::destination::{self, Sink};
use super::filters;
use super::inputs;
use super::options::Shared;
use super::output::Format;
use super::player_rows::{self, SprtArgs};
use super::plot;
use super::progress::Bar;
use crate::failure::Failure;
use crate::skips;
use arrow_array::RecordBatch;
use arrow_schema::ArrowError;
use chess960_archive::table::ParquetWriter;
use chess960_archive::{Archive, Error, Progress, Summary};
use chess960_games::{read::Players, stats::Sprt};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::Path;

/// What a subcommand hands over to be read: its shared options.
pub(crate) struct Common<'a> {
    /// The inputs, the filters, the output.
    pub(crate) shared: &'a Shared,
    /// The players whose games alone count (their record is summed up on
    /// standard error).
    pub(crate) names: &'a [String],
    /// The rows' format.
    pub(crate) format: Format,
    /// The SPRT asked for (`games player`).
    pub(crate) sprt: Option<&'a SprtArgs>,
}

/// What the legacy flat form may add to `list` and `extract`, which their
/// subcommands do not offer: a `--plot` of the games read and a `--sprt`
/// on the players' record (with `--player`). None in the subcommands.
#[derive(Default)]
pub(crate) struct Also<'a> {
    /// The picture to draw.
    pub(crate) plot: Option<&'a Path>,
    /// The SPRT's options.
    pub(crate) sprt: Option<&'a SprtArgs>,
}

/// A run under way: the archive to read and the output to write.
pub(crate) struct Session<'out> {
    /// The inputs, filtered.
    pub(crate) archive: Archive,
    /// Where the rows go.
    pub(crate) out: Sink<'out>,
    /// The test of `--sprt`, if any.
    pub(crate) sprt: Option<Sprt>,
    progress: Progress,
    names: Vec<String>,
}

impl<'out> Session<'out> {
    /// Checks the options (the players' names, then the subcommand's own
    /// `check`, then the SPRT, then the filters), then opens the inputs
    /// and the output: nothing is read yet. Returns what `check` made.
    pub(crate) fn open<T>(
        common: &Common<'_>,
        check: impl FnOnce() -> Result<T, Failure>,
        out: &'out mut dyn Write,
    ) -> Result<(Session<'out>, T), Failure> {
        filters::check_names(common.names)?;
        let checked = check()?;
        let sprt = match common.sprt {
            Some(args) => args.test()?,
            None => None,
        };
        let players: Players = common.names.iter().collect();
        let progress = Progress::new();
        let filter = filters::filter(&common.shared.filters, common.names)?;
        let archive = inputs::archive(&common.shared.inputs, filter, &progress).players(players);
        let out = destination::open(&common.shared.destination, &archive, common.format, out)?;
        let session = Session {
            archive,
            out,
            sprt,
            progress,
            names: common.names.to_vec(),
        };
        Ok((session, checked))
    }

    /// Reads the archive with `read`, a progress bar on standard error
    /// while it does when that is a terminal.
    pub(crate) fn read<T>(
        &mut self,
        read: impl FnOnce(&Archive, &mut dyn Write) -> Result<T, Failure>,
    ) -> Result<T, Failure> {
        let bar = Bar::start(&self.progress, self.archive.total_size());
        let result = read(&self.archive, &mut self.out);
        bar.finish();
        result
    }

    /// Whether a player's games alone are read.
    pub(crate) fn has_players(&self) -> bool {
        !self.names.is_empty()
    }

    /// The players' names as the summary and the plot give them.
    pub(crate) fn who(&self) -> String {
        self.names.join(", ")
    }

    /// After the rows: the `plot`, if asked for, then the output flushed,
    /// the summary on standard error (and the players' record) and the
    /// exit status.
    pub(crate) fn conclude(
        mut self,
        summary: &Summary,
        plot: Option<&Path>,
    ) -> Result<(), Failure> {
        let who = self.who();
        if let Some(path) = plot {
            let svg = if self.has_players() {
                player_rows::svg(&summary.player, &who)
            } else {
                plot::svg(&summary.stats)
            };
            std::fs::write(path, svg).map_err(|error| {
                Failure::internal(format!("cannot write {}: {error}", path.display()))
            })?;
        }
        self.out.flush()?;
        report(summary);
        if self.has_players() {
            let _ = io::stderr().write_all(
                player_rows::summary(&summary.player, &who, self.sprt.as_ref()).as_bytes(),
            );
        }
        finish(summary)
    }

    /// After the rows, with no plot and no players' record: the output
    /// flushed, the summary on standard error and the exit status.
    pub(crate) fn end(mut self, summary: &Summary) -> Result<(), Failure> {
        self.out.flush()?;
        report(summary);
        finish(summary)
    }
}

/// Writes a statistics table (`stats`, `player`, `openings`) as a
/// Parquet file of one row group.
pub(crate) fn write_table(
    out: &mut dyn Write,
    batch: Result<RecordBatch, ArrowError>,
) -> Result<(), Failure> {
    let internal = |error: &dyn std::fmt::Display| Failure::internal(error.to_string());
    let batch = batch.map_err(|error| internal(&error))?;
    let mut writer = ParquetWriter::new(Vec::new(), batch.schema())
        .map_err(|error| internal(&error))?
        .threads(1);
    writer.write(&batch).map_err(|error| internal(&error))?;
    let bytes = writer.finish().map_err(|error| internal(&error))?;
    out.write_all(&bytes)?;
    Ok(())
}

/// A reading's error as the command's failure.
pub(crate) fn failure<T>(result: Result<T, Error>) -> Result<T, Failure> {
    match result {
        Ok(found) => Ok(found),
        Err(Error::Deliver(error)) => Err(error.into()),
        Err(error) => Err(Failure::internal(error.to_string())),
    }
}

/// Exit status 2 when anything was skipped.
fn finish(summary: &Summary) -> Result<(), Failure> {
    if summary.skipped > 0 {
        return Err(Failure::input(format!(
            "{} record(s) or input(s) skipped; see above",
            summary.skipped
        )));
    }
    Ok(())
}

/// Writes the summary to standard error.
fn report(summary: &Summary) {
    let mut text = String::new();
    let counts = &summary.counts;
    let _ = write!(text, "chess960 games: {} records read", counts.total());
    let kinds: Vec<String> = counts
        .named()
        .iter()
        .filter(|(_, count)| *count > 0)
        .map(|(name, count)| format!("{count} {name}"))
        .collect();
    if !kinds.is_empty() {
        let _ = write!(text, " ({})", kinds.join(", "));
    }
    let _ = writeln!(text, "; {} passed the filters", summary.matched);
    skips::write_skips(&mut text, "chess960 games", summary);
    let _ = io::stderr().write_all(text.as_bytes());
}
