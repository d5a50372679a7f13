//! `chess960 games player NAME` (the legacy `--player NAME`): one player's
//! record per start and in total, from the player's side, the game pairs
//! as engine testers score them, and the SPRT verdict (`--sprt`); the
//! layout is [`super::player_rows`]'s.

use super::filters::{self, PlayerFilter};
use super::options::Shared;
use super::output::{Format, FormatArg};
use super::player_rows::{self, SprtArgs};
use super::plot::PlotArg;
use super::session::{self, Common, Session};
use crate::failure::Failure;
use chess960_archive::table;
use clap::Args;
use std::io::Write;

/// The arguments of `chess960 games player`.
#[derive(Args, Debug)]
#[command(mut_arg("player", |arg| arg.help(
    "Another name of the same player (an account, an engine version); repeatable. \
     A game between two of the names is a self-game and is not counted"
)))]
pub(crate) struct PlayerArgs {
    /// The player (the `White` or `Black` tag, any case, whole name).
    #[arg(value_name = "NAME", value_parser = filters::name)]
    pub(crate) name: String,
    #[command(flatten)]
    pub(crate) shared: Shared,
    #[command(flatten)]
    pub(crate) sprt: SprtArgs,
    // More names of the same player, as `--player NAME`.
    #[command(flatten)]
    pub(crate) also: PlayerFilter,
    #[command(flatten)]
    pub(crate) format: FormatArg,
    #[command(flatten)]
    pub(crate) plot: PlotArg,
}

/// Reads the inputs and writes the player's rows; the summary and the
/// player's record go to standard error.
pub(crate) fn run(args: &PlayerArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let format = args.format.get();
    let names: Vec<String> = std::iter::once(args.name.clone())
        .chain(args.also.player.iter().cloned())
        .collect();
    let common = Common {
        shared: &args.shared,
        names: &names,
        format,
        sprt: Some(&args.sprt),
    };
    let (mut session, ()) = Session::open(&common, || Ok(()), out)?;
    let summary = session.read(|archive, _| session::failure(archive.statistics()))?;
    let sprt = session.sprt;
    if format == Format::Parquet {
        let batch = table::player_batch(&summary.player, sprt.as_ref());
        session::write_table(&mut session.out, batch)?;
    } else {
        player_rows::write_rows(&mut session.out, format, &summary.player, sprt.as_ref())?;
    }
    session.conclude(&summary, args.plot.plot.as_deref())
}
