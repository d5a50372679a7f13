//! Where every subcommand of `chess960 games` writes its rows: the
//! `--output` option, defined once and flattened into each, and the
//! checks made before anything is read (not Parquet on a terminal, not
//! into one of the inputs).

use super::output::Format;
use crate::failure::Failure;
use chess960_archive::Archive;
use clap::Args;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The output option.
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct Destination {
    /// Write the output to FILE instead of standard output (`-`: standard
    /// output). Parquet is written to a file or a pipe, never to a
    /// terminal.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
}

/// The output of a run: the `--output` file, or the standard output the
/// command was given.
pub(crate) type Sink<'out> = Box<dyn Write + 'out>;

/// Why Parquet is not written to a terminal.
const PARQUET_ON_A_TERMINAL: &str =
    "Parquet is binary, not for a terminal: write it to a file with --output FILE, or pipe it";

/// Opens the output `destination` names for `format`, or takes `out`
/// (standard output), refusing Parquet on a terminal and an output that is
/// one of the `archive`'s inputs.
pub(crate) fn open<'out>(
    destination: &Destination,
    archive: &Archive,
    format: Format,
    out: &'out mut dyn Write,
) -> Result<Sink<'out>, Failure> {
    match destination.output.as_deref() {
        Some(path) if path != Path::new("-") => {
            let created = archive
                .create_output(path)
                .map_err(|error| match error.kind() {
                    io::ErrorKind::InvalidInput => Failure::input(format!("--output: {error}")),
                    _ => Failure::input(format!("cannot write {}: {error}", path.display())),
                })?;
            // `/dev/stdout` or `/dev/tty` on a terminal: as `-` there.
            if format == Format::Parquet && created.is_terminal() {
                return Err(Failure::input(PARQUET_ON_A_TERMINAL));
            }
            Ok(Box::new(io::BufWriter::new(created)))
        }
        _ if format == Format::Parquet && io::stdout().is_terminal() => {
            Err(Failure::input(PARQUET_ON_A_TERMINAL))
        }
        _ => {
            refuse_stdout_if_input(archive)?;
            Ok(Box::new(out))
        }
    }
}

/// Refuses standard output redirected to one of the inputs (`>> games.pgn`
/// would read back what is written, `> games.pgn` has emptied it): exit 2
/// with the reason, before anything is read.
fn refuse_stdout_if_input(archive: &Archive) -> Result<(), Failure> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let metadata = io::stdout()
            .as_fd()
            .try_clone_to_owned()
            .and_then(|fd| std::fs::File::from(fd).metadata());
        if let Ok(metadata) = metadata {
            archive
                .check_output(&metadata, "standard output")
                .map_err(|error| Failure::input(error.to_string()))?;
        }
    }
    #[cfg(not(unix))]
    let _ = archive;
    Ok(())
}
