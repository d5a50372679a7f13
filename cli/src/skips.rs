//! The lines of a summary that name a reading's skipped records: the
//! first few one a line, then how many more. `games` and `explorer index`
//! both end their summaries with them.

use chess960_archive::Summary;
use std::fmt::Write as _;

/// Appends to `text` a line `{command}: skipped ...` for each skip the
/// summary kept, and one line counting the skipped records beyond them.
pub(crate) fn write_skips(text: &mut String, command: &str, summary: &Summary) {
    for skip in &summary.skips {
        let _ = writeln!(text, "{command}: skipped {skip}");
    }
    let unlisted = summary.skipped.saturating_sub(summary.skips.len() as u64);
    if unlisted > 0 {
        let _ = writeln!(text, "{command}: and {unlisted} more skipped record(s)");
    }
}
