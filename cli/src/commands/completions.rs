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
    shell: Shell,
}

/// Writes the completion script of `args.shell`.
pub(crate) fn run(args: &CompletionsArgs, out: &mut dyn Write) -> Result<(), Failure> {
    // The generator panics on a failed write: it writes to memory, and the
    // command writes that to `out` and reports a failure as every command does.
    let mut script = Vec::new();
    clap_complete::generate(
        args.shell,
        &mut crate::definition(),
        "chess960",
        &mut script,
    );
    Ok(out.write_all(&script)?)
}

#[cfg(test)]
mod tests {
    use super::{CompletionsArgs, run};
    use clap_complete::Shell;

    #[test]
    fn every_shell_gets_a_script_naming_the_commands() {
        for shell in [
            Shell::Bash,
            Shell::Zsh,
            Shell::Fish,
            Shell::Elvish,
            Shell::PowerShell,
        ] {
            let mut out = Vec::new();
            run(&CompletionsArgs { shell }, &mut out).unwrap();
            let script = String::from_utf8(out).unwrap();
            for word in ["chess960", "convert", "keep-going", "completions"] {
                assert!(script.contains(word), "{shell}: {word}");
            }
        }
    }
}
