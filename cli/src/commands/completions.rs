//! `chess960 completions SHELL`: the shell's completion script, generated
//! from the command line's own definition.

use crate::failure::Failure;
use clap::Args;
use clap_complete::Shell;
use std::io::Write;

/// The arguments of `chess960 completions`.
#[derive(Args, Debug)]
pub(crate) struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub(crate) shell: Shell,
}

/// Writes the completion script of `args.shell` for the command line
/// `definition` (the whole `chess960` command, which the caller holds).
pub(crate) fn run(
    args: &CompletionsArgs,
    definition: &mut clap::Command,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    // The generator panics on a failed write: it writes to memory, and the
    // command writes that to `out` and reports a failure as every command does.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, definition, "chess960", &mut script);
    Ok(out.write_all(&script)?)
}
