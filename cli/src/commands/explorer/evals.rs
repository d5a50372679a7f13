//! `chess960 explorer evals --db DIR`: a db's evaluations in lichess's
//! evaluation export format.

use super::db_failure;
use crate::failure::Failure;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `chess960 explorer evals`.
///
/// Writes one JSON line a position: `fen` (Shredder-FEN, without move
/// counters) and `evals`, a list of `{pvs: [{cp|mate, line}], knodes,
/// depth}` as lichess exports its cloud evaluations, each with its
/// provenance added (`engine`, `nodes`, `multipv`, `hash`). `explorer
/// analyse --import` reads it back.
#[derive(Args, Debug)]
pub(crate) struct EvalsArgs {
    /// The db's folder.
    #[arg(long, value_name = "DIR")]
    db: PathBuf,
}

/// Writes the evaluations to `out`.
pub(crate) fn run(args: &EvalsArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut buffered = std::io::BufWriter::new(out);
    chess960_explorer::analysis::export(&args.db, &mut buffered)
        .map_err(|error| db_failure(&error))?;
    buffered.flush()?;
    Ok(())
}
