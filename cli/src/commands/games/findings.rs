//! What reading records found: counts by kind, the statistics, the
//! `--player` statistics, and the skipped records, merged in input order.

use chess960::pgn::{KindCounts, PlayerStats, Players, StartStats};

/// How many skipped records the summary lists one by one.
pub(crate) const LISTED_SKIPS: usize = 10;

/// A record that was skipped: where and why.
pub(crate) struct Skip {
    pub(crate) file: String,
    /// The record's number in its input (`None`: the input itself).
    pub(crate) number: Option<u64>,
    pub(crate) offset: u64,
    pub(crate) reason: String,
}

/// What reading one input, or one part of it, found.
#[derive(Default)]
pub(crate) struct Findings {
    pub(crate) counts: KindCounts,
    pub(crate) stats: StartStats,
    /// The `--player` statistics (no names: nothing counted).
    pub(crate) player: PlayerStats,
    /// Games that passed the filters.
    pub(crate) matched: u64,
    /// The first skips, in order.
    pub(crate) skips: Vec<Skip>,
    /// Every skip (records, and inputs that could not be read to the end).
    pub(crate) skipped: u64,
}

impl Findings {
    pub(crate) fn new(players: &Players) -> Findings {
        Findings {
            player: PlayerStats::new(players.clone()),
            ..Findings::default()
        }
    }

    pub(crate) fn skip(&mut self, skip: Skip) {
        self.skipped += 1;
        if self.skips.len() < LISTED_SKIPS {
            self.skips.push(skip);
        }
    }

    /// Adds what a later input or part found; its records are numbered
    /// from `base + 1` in the input.
    pub(crate) fn merge(&mut self, other: Findings, base: u64) {
        self.counts.merge(&other.counts);
        self.stats.merge(&other.stats);
        self.player.merge(&other.player);
        self.matched += other.matched;
        self.skipped += other.skipped;
        let room = LISTED_SKIPS.saturating_sub(self.skips.len());
        self.skips
            .extend(other.skips.into_iter().take(room).map(|mut skip| {
                skip.number = skip.number.map(|number| number + base);
                skip
            }));
    }
}
