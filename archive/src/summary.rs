//! What a reading found: counts by kind, the per-start and per-player
//! statistics, and the skipped records and inputs, merged in input order.

use chess960_games::{
    read::Players,
    stats::{KindCounts, PlayerStats, StartStats},
};
use std::fmt;

/// How many skips a [`Summary`] lists one by one (all are counted).
pub const LISTED_SKIPS: usize = 10;

/// A record or an input that was skipped: where, and the rule it broke.
///
/// ```
/// use chess960_archive::Archive;
///
/// let pgn = "[Event \"e\"]\n[Variant \"Chess960\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n\n";
/// let pgn = format!("{pgn}[Event \"unterminated\n\n*\n");
/// let summary = Archive::new().reader("two.pgn", std::io::Cursor::new(pgn)).statistics()?;
/// assert_eq!(summary.skipped, 1);
/// let skip = &summary.skips[0];
/// assert_eq!((skip.input.as_str(), skip.number, skip.offset), ("two.pgn", Some(2), 71));
/// assert!(skip.to_string().starts_with("two.pgn: game 2 at byte 71: "));
/// # Ok::<(), chess960_archive::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skip {
    /// The input's name (the path as given, `-`, or a reader's name).
    pub input: String,
    /// The record's number in its input, from 1 (`None`: the input itself
    /// could not be opened or read to its end).
    pub number: Option<u64>,
    /// The byte offset of the record, or where reading stopped (in the
    /// decompressed text of a compressed input).
    pub offset: u64,
    /// Why: the rule the record broke, or the input's error.
    pub reason: String,
}

impl Skip {
    /// The skip of an input whose reading stopped at byte `at` (of its
    /// text, decompressed where it was `compressed`) on `error`.
    pub(crate) fn stopped(input: &str, at: u64, compressed: bool, error: &std::io::Error) -> Skip {
        let compressed = if compressed { " (decompressed)" } else { "" };
        Skip {
            input: input.to_owned(),
            number: None,
            offset: at,
            reason: format!("reading stopped at byte {at}{compressed}: {error}"),
        }
    }
}

impl fmt::Display for Skip {
    /// `file: game N at byte X: reason`, or `file: input: reason`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.number {
            Some(number) => write!(
                f,
                "{}: game {number} at byte {}: {}",
                self.input, self.offset, self.reason
            ),
            None => write!(f, "{}: input: {}", self.input, self.reason),
        }
    }
}

/// What reading an archive found, in input order.
///
/// ```
/// use chess960_archive::Archive;
///
/// let pgn = "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";
/// let summary = Archive::new().reader("one.pgn", std::io::Cursor::new(pgn)).statistics()?;
/// assert_eq!((summary.counts.chess960, summary.matched, summary.skipped), (1, 1, 0));
/// let (start, tally) = summary.stats.iter().next().unwrap();
/// assert_eq!((start.white().id(), tally.white_wins), (0, 1));
/// # Ok::<(), chess960_archive::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Summary {
    /// Records read, by kind.
    pub counts: KindCounts,
    /// White's results per start, of the games that passed the filter.
    pub stats: StartStats,
    /// The players' results per start, from their side (empty without
    /// `Archive::players`).
    pub player: PlayerStats,
    /// Games that passed the filter.
    pub matched: u64,
    /// The first [`LISTED_SKIPS`] skips, in input order.
    pub skips: Vec<Skip>,
    /// Every skip: unreadable records, records too long to keep, and
    /// inputs that could not be opened or read to their end.
    pub skipped: u64,
    /// Every input that could not be opened or read to its end (also
    /// counted in `skipped`, and listed in `skips` among the first ones),
    /// however many records were skipped before it.
    pub input_skips: Vec<Skip>,
}

impl Summary {
    pub(crate) fn new(players: &Players) -> Summary {
        Summary {
            player: PlayerStats::new(players.clone()),
            ..Summary::default()
        }
    }

    /// Counts a skip, and lists it if fewer than [`LISTED_SKIPS`] are: for
    /// a caller whose [`Collect`](crate::Collect)or finds more to skip (a
    /// game whose moves cannot be replayed, say).
    ///
    /// ```
    /// use chess960_archive::{Skip, Summary};
    ///
    /// let mut summary = Summary::default();
    /// summary.skip(Skip { input: "a.pgn".into(), number: Some(4), offset: 3127, reason: "ply 5: Kh8 is not a legal move".into() });
    /// assert_eq!(summary.skipped, 1);
    /// assert_eq!(summary.skips[0].to_string(), "a.pgn: game 4 at byte 3127: ply 5: Kh8 is not a legal move");
    /// ```
    pub fn skip(&mut self, skip: Skip) {
        self.count(&skip);
        if self.skips.len() < LISTED_SKIPS {
            self.skips.push(skip);
        }
    }

    /// Counts skips that a [`Collect`](crate::Collect)or found (games whose
    /// moves could not be replayed), and lists them among the others in
    /// input order: by input, in the order of `inputs` (the archive's,
    /// `Archive::inputs`), then by byte. The listed skips
    /// stay the first [`LISTED_SKIPS`] of all. (An input given twice is
    /// known by its name only: its skips are listed at its first place.)
    ///
    /// ```
    /// use chess960_archive::{Skip, Summary};
    ///
    /// let skip = |input: &str, offset| Skip { input: input.into(), number: Some(1), offset, reason: "x".into() };
    /// let mut summary = Summary::default();
    /// summary.skip(skip("b.pgn", 10));
    /// summary.skip_in_order([skip("b.pgn", 5), skip("a.pgn", 90)], ["a.pgn", "b.pgn"]);
    /// let listed: Vec<_> = summary.skips.iter().map(|skip| (skip.input.as_str(), skip.offset)).collect();
    /// assert_eq!(listed, [("a.pgn", 90), ("b.pgn", 5), ("b.pgn", 10)]);
    /// assert_eq!(summary.skipped, 3);
    /// ```
    pub fn skip_in_order<'a>(
        &mut self,
        skips: impl IntoIterator<Item = Skip>,
        inputs: impl IntoIterator<Item = &'a str>,
    ) {
        let inputs: Vec<&str> = inputs.into_iter().collect();
        let mut added = false;
        for skip in skips {
            self.count(&skip);
            self.skips.push(skip);
            added = true;
        }
        if added {
            // The listed skips were the first of theirs; the first of all
            // are among them and the new ones.
            let place = |skip: &Skip| {
                let input = inputs.iter().position(|name| *name == skip.input);
                (input.unwrap_or(usize::MAX), skip.offset)
            };
            self.skips.sort_by_key(place);
            self.skips.truncate(LISTED_SKIPS);
        }
    }

    /// Counts a skip, keeping an input's (no record number) apart.
    fn count(&mut self, skip: &Skip) {
        self.skipped += 1;
        if skip.number.is_none() {
            self.input_skips.push(skip.clone());
        }
    }

    /// Adds what a later input or part found; its records are numbered
    /// from `base + 1` in the input.
    pub(crate) fn merge(&mut self, other: Summary, base: u64) {
        self.counts.merge(&other.counts);
        self.stats.merge(&other.stats);
        self.player.merge(&other.player);
        self.matched += other.matched;
        self.skipped += other.skipped;
        self.input_skips.extend(other.input_skips);
        let room = LISTED_SKIPS.saturating_sub(self.skips.len());
        self.skips
            .extend(other.skips.into_iter().take(room).map(|mut skip| {
                skip.number = skip.number.map(|number| number + base);
                skip
            }));
    }
}
