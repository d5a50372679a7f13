//! `chess960 games stats` (the legacy form's default): one row per start
//! position with how it scored for White, from `Archive::statistics`.

use super::options::Shared;
use super::output::{self, Format, FormatArg, Writer};
use super::plot::PlotArg;
use super::session::{self, Common, Session};
use crate::failure::Failure;
use chess960_archive::table;
use chess960_games::stats::StartStats;
use clap::Args;
use std::io::Write;

/// The arguments of `chess960 games stats`.
///
/// Columns: `white_id`, `black_id`, `rank`, `games`, `white_wins`,
/// `draws`, `black_wins`, `unknown` (no result), `score` (White's points
/// per game with a known result), `ci_low` and `ci_high` (its 95%
/// Wilson interval), `mean_elo`; a double Chess960 start's row is White's
/// back rank, then Black's.
#[derive(Args, Debug, Default)]
pub(crate) struct StatsArgs {
    #[command(flatten)]
    pub(crate) shared: Shared,
    #[command(flatten)]
    pub(crate) format: FormatArg,
    #[command(flatten)]
    pub(crate) plot: PlotArg,
}

/// Reads the inputs and writes a row per start; the summary goes to
/// standard error.
pub(crate) fn run(args: &StatsArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let format = args.format.get();
    let common = Common {
        shared: &args.shared,
        names: &[],
        format,
        sprt: None,
    };
    let (mut session, ()) = Session::open(&common, || Ok(()), out)?;
    let summary = session.read(|archive, _| session::failure(archive.statistics()))?;
    if format == Format::Parquet {
        session::write_table(&mut session.out, table::stats_batch(&summary.stats))?;
    } else {
        let header = table::stats_batch(&StartStats::new());
        let mut writer = Writer::for_table(&mut session.out, format, header)?;
        for (start, tally) in summary.stats.iter() {
            writer.row(&output::stat_row(start, tally))?;
        }
    }
    session.conclude(&summary, args.plot.plot.as_deref())
}
