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
    dir: Option<PathBuf>,
}

/// Prints chess960(1), or writes every page into `args.dir`.
pub(crate) fn run(args: &ManpageArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if let Some(dir) = &args.dir {
        return clap_mangen::generate_to(crate::definition(), dir).map_err(|error| {
            Failure::internal(format!(
                "cannot write the manual pages into {}: {error}",
                dir.display()
            ))
        });
    }
    let mut page = Vec::new();
    clap_mangen::Man::new(crate::definition()).render(&mut page)?;
    Ok(out.write_all(&page)?)
}

#[cfg(test)]
mod tests {
    use super::{ManpageArgs, run};

    #[test]
    fn the_page_names_the_command_and_its_subcommands() {
        let mut out = Vec::new();
        run(&ManpageArgs { dir: None }, &mut out).unwrap();
        let page = String::from_utf8(out).unwrap();
        assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{}", &page[..80]);
        assert!(page.contains(".TH chess960 1"), "{page}");
        for command in ["convert", "random", "dice", "completions"] {
            assert!(
                page.contains(&format!("chess960\\-{command}(1)")),
                "{command}"
            );
        }
    }
}
