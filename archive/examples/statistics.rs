//! The statistics of an archive on all cores, one row per start:
//!
//! ```sh
//! cargo run --release -p chess960-archive --example statistics -- lichess_db_chess960_rated_2026-10.pgn.zst
//! ```

use chess960_archive::Archive;
use std::io::Write as _;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let summary = Archive::new()
        .paths(std::env::args_os().skip(1))
        .statistics()?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    writeln!(out, "id\tgames\tscore")?;
    for (start, tally) in summary.stats.iter() {
        let score = tally
            .score()
            .map_or(String::new(), |score| format!("{score:.4}"));
        writeln!(out, "{}\t{}\t{score}", start.white().id(), tally.games())?;
    }
    eprintln!("{} games, {} skipped", summary.matched, summary.skipped);
    Ok(())
}
