//! `chess960 manpage`: the manual page chess960(1) in roff, or the pages
//! of every command written to a directory, generated from the command
//! line's own definition.

use crate::failure::Failure;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `chess960 manpage`.
#[derive(Args, Debug)]
pub(crate) struct ManpageArgs {
    /// Write chess960.1 and a page for each command (chess960-convert.1,
    /// ...) into this directory instead of printing chess960(1).
    #[arg(long, value_name = "DIR")]
    pub(crate) dir: Option<PathBuf>,
}

/// Prints chess960(1), or writes every page into `args.dir`, for the
/// command line `definition` (the whole `chess960` command, which the
/// caller holds).
pub(crate) fn run(
    args: &ManpageArgs,
    definition: clap::Command,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    if let Some(dir) = &args.dir {
        return clap_mangen::generate_to(definition, dir).map_err(|error| {
            Failure::internal(format!(
                "cannot write the manual pages into {}: {error}",
                dir.display()
            ))
        });
    }
    let mut page = Vec::new();
    clap_mangen::Man::new(definition).render(&mut page)?;
    Ok(out.write_all(&page)?)
}
