//! `chess960 explorer merge DB... --into DB`: dbs made apart added into
//! one.

use super::db_failure;
use crate::failure::Failure;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `chess960 explorer merge`.
///
/// Each source's games are added to the target (made if missing), which
/// then answers exactly as one indexing of all their games would. A
/// source whose games are all in the target already is passed over (a
/// merge run again); one that shares only some is refused, before
/// anything of it is written. Each source is added in one transaction.
#[derive(Args, Debug)]
pub(crate) struct MergeArgs {
    /// The dbs to merge in (folders).
    #[arg(value_name = "DB", required = true)]
    sources: Vec<PathBuf>,
    /// The db to merge into (a folder; made if missing).
    #[arg(long, value_name = "DB")]
    into: PathBuf,
}

/// Merges, and says what was done on standard error.
pub(crate) fn run(args: &MergeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let _ = out;
    let summary =
        chess960_explorer::merge(&args.sources, &args.into).map_err(|error| db_failure(&error))?;
    let _ = writeln!(
        std::io::stderr(),
        "chess960 explorer merge: {} db(s) merged ({} games, {} entries); {} already in {}",
        summary.merged,
        summary.games,
        summary.positions,
        summary.already,
        args.into.display()
    );
    Ok(())
}
