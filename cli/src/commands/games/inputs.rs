//! The inputs of every subcommand of `chess960 games`, defined once and
//! flattened into each: the PGN files and how they are read, and the
//! [`Archive`] over them.

use chess960_archive::{Archive, Progress};
use chess960_games::read::Filter;
use clap::Args;

/// The PGN files and how to read them.
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct Inputs {
    /// PGN files, plain or compressed (zstd, gzip, bzip2, xz: told by the
    /// content); none or `-` reads standard input. One large plain file
    /// is read on all cores, in parts, and so are several files for the
    /// statistics (one file a core); the output is the same as on one
    /// core. A file named as a subcommand is given as `./stats` or after
    /// `--`.
    #[arg(value_name = "FILE")]
    pub(crate) files: Vec<String>,
    /// Read plain files with `read` instead of through memory maps (which
    /// are used for a file read by one thread, and for one large file read
    /// on all cores): for a file that another program may cut short while it is
    /// read, or on a failing disk (a mapped file cut short, or a read error
    /// of its disk, ends the process with SIGBUS, where `read` reports it).
    #[arg(long, display_order = 100)]
    pub(crate) no_mmap: bool,
}

/// The inputs and how to read them: the options, and the settings the
/// tests give in `CHESS960_GAMES_THREADS`, `CHESS960_GAMES_PART` (small
/// parts, so that records lie across them) and `CHESS960_GAMES_WINDOW`
/// (small maps).
pub(crate) fn archive(inputs: &Inputs, filter: Filter, progress: &Progress) -> Archive {
    let files = if inputs.files.is_empty() {
        vec!["-".to_owned()]
    } else {
        inputs.files.clone()
    };
    let setting = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|text| text.parse::<u64>().ok())
    };
    let mut archive = Archive::new()
        .paths(&files)
        .filter(filter)
        .mmap(!inputs.no_mmap)
        .progress(progress);
    if let Some(threads) = setting("CHESS960_GAMES_THREADS") {
        archive = archive.threads(usize::try_from(threads).unwrap_or(usize::MAX));
    }
    if let Some(part) = setting("CHESS960_GAMES_PART") {
        archive = archive.part_size(part);
    }
    if let Some(window) = setting("CHESS960_GAMES_WINDOW").filter(|&window| window > 0) {
        archive = archive.map_window(usize::try_from(window).unwrap_or(usize::MAX));
    }
    archive
}
