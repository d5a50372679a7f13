//! `chess960 games`: which start position each game of a PGN file used, and
//! how each start scored. A thin layer over [`chess960::pgn`]: opening and
//! decompressing the inputs, threads, rows, the summary, the plot.

mod input;
mod output;
mod player;
mod plot;
mod progress;

use crate::failure::Failure;
use chess960::pgn::{Filter, GameKind, KindCounts, PlayerStats, Players, Reader, StartStats};
use clap::Args;
use output::{Format, Writer};
use progress::{Bar, Counters};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many skipped records the summary lists one by one.
const LISTED_SKIPS: usize = 10;

/// The arguments of `chess960 games`.
///
/// Reads PGN game records (plain, or compressed with zstd, gzip, bzip2 or
/// xz: told by the content, not the name) and prints per start position:
/// games, White wins, draws, Black wins, White's score with a 95% Wilson
/// interval and the mean rating (`--stats`, the default), or one row per
/// game (`--games`). A summary goes to standard error: games read by kind,
/// records skipped and why.
///
/// With `--player NAME`: that player's record per start instead (see
/// the option).
///
/// Exit status: 0 when every record was read, 2 when any record was
/// skipped as unreadable or an input could not be read to its end.
#[derive(Args, Debug)]
pub(crate) struct GamesArgs {
    /// PGN files; none or `-` reads standard input. Several files are read
    /// on all cores.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// One row per start position (the default).
    #[arg(long, conflicts_with = "games")]
    stats: bool,
    /// One row per game: file, number, byte offset, kind, start ids,
    /// result, players, ratings, date, event, site, variant, detail.
    #[arg(long)]
    games: bool,
    /// The output format.
    #[arg(long, value_enum, default_value = "tsv")]
    format: Format,
    /// Only games where both players are rated at least this.
    #[arg(long, value_name = "ELO")]
    min_elo: Option<u32>,
    /// Only games where both players are rated at most this.
    #[arg(long, value_name = "ELO")]
    max_elo: Option<u32>,
    /// Only games whose `Event` tag contains this text (any case).
    #[arg(long, value_name = "TEXT")]
    event: Option<String>,
    /// Only games whose `Variant` tag contains this text (any case).
    #[arg(long, value_name = "TEXT")]
    variant: Option<String>,
    /// Only games with exactly this `TimeControl` tag (such as 180+2).
    #[arg(long, value_name = "TEXT")]
    time_control: Option<String>,
    /// Only this player's games (the `White` or `Black` tag, any case,
    /// whole name), and instead of White's results per start the player's,
    /// from their side. Repeat it for a player's other names (accounts,
    /// engine versions); a game between two of them is a self-game and is
    /// not counted.
    ///
    /// Columns: `id`, `black_id`, `rank` (a double Chess960 start's row is
    /// the game's start: White's back rank, then Black's, whatever the
    /// player's colour), `games`, `white_games` (as White), `wins`,
    /// `draws`, `losses`, `unknown` (no result), `score` (points per game
    /// with a known result), `elo` (the Elo difference, as cutechess-cli
    /// computes it), `elo_margin` (its 95% error margin), `los`
    /// (likelihood of superiority, 0..1), `draw_ratio`, `white_score`,
    /// `black_score`; then a row with rank `total`. Empty where undefined:
    /// `elo` at a score of 0 or 1, `elo_margin` when too few games put the
    /// 95% range of the score past 0 or 1, `los` without wins or losses.
    /// The summary on standard error gives the total as a match result.
    #[arg(long, value_name = "NAME")]
    player: Vec<String>,
    /// Also draw White's score (with --player: the player's) per start
    /// position as an SVG picture.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

/// A record that was skipped: where and why.
struct Skip {
    file: String,
    number: Option<u64>,
    offset: u64,
    reason: String,
}

/// What reading one input found.
#[derive(Default)]
struct Findings {
    counts: KindCounts,
    stats: StartStats,
    /// The `--player` statistics (no names: nothing counted).
    player: PlayerStats,
    /// Games that passed the filters.
    matched: u64,
    /// The first skips, in order.
    skips: Vec<Skip>,
    /// Every skip (records, and inputs that could not be read to the end).
    skipped: u64,
}

impl Findings {
    fn new(players: &Players) -> Findings {
        Findings {
            player: PlayerStats::new(players.clone()),
            ..Findings::default()
        }
    }

    fn skip(&mut self, skip: Skip) {
        self.skipped += 1;
        if self.skips.len() < LISTED_SKIPS {
            self.skips.push(skip);
        }
    }

    fn merge(&mut self, other: Findings) {
        self.counts.merge(&other.counts);
        self.stats.merge(&other.stats);
        self.player.merge(&other.player);
        self.matched += other.matched;
        self.skipped += other.skipped;
        let room = LISTED_SKIPS.saturating_sub(self.skips.len());
        self.skips.extend(other.skips.into_iter().take(room));
    }
}

/// Reads the inputs and writes the rows; the summary goes to standard error.
pub(crate) fn run(args: &GamesArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let files = if args.files.is_empty() {
        vec!["-".to_owned()]
    } else {
        args.files.clone()
    };
    if let Some(name) = args.player.iter().find(|name| name.trim().is_empty()) {
        return Err(Failure::input(format!(
            "--player needs a name, not {name:?}"
        )));
    }
    let filter = filter(args);
    let players: Players = args.player.iter().collect();
    let counters = Arc::new(Counters::default());
    let total = files
        .iter()
        .map(|file| input::size(file))
        .sum::<Option<u64>>();
    let bar = Bar::start(&counters, total);
    let result = if args.games {
        read_games(&files, &filter, &players, &counters, args.format, out)
    } else {
        Ok(read_stats(&files, &filter, &players, &counters))
    };
    bar.finish();
    let findings = result?;
    let who = args.player.join(", ");
    if !args.games && !players.is_empty() {
        player::write_rows(&mut *out, args.format, &findings.player)?;
    } else if !args.games {
        let mut writer = Writer::new(&mut *out, args.format, &output::STAT_COLUMNS)?;
        for (start, tally) in findings.stats.iter() {
            writer.row(&output::stat_row(start, tally))?;
        }
    }
    if let Some(path) = &args.plot {
        let svg = if players.is_empty() {
            plot::svg(&findings.stats)
        } else {
            player::svg(&findings.player, &who)
        };
        std::fs::write(path, svg).map_err(|error| {
            Failure::internal(format!("cannot write {}: {error}", path.display()))
        })?;
    }
    out.flush()?;
    summary(&findings);
    if !players.is_empty() {
        let _ = io::stderr().write_all(player::summary(&findings.player, &who).as_bytes());
    }
    if findings.skipped > 0 {
        return Err(Failure::input(format!(
            "{} record(s) or input(s) skipped; see above",
            findings.skipped
        )));
    }
    Ok(())
}

fn filter(args: &GamesArgs) -> Filter {
    let mut filter = Filter::new();
    if let Some(elo) = args.min_elo {
        filter = filter.min_elo(elo);
    }
    if let Some(elo) = args.max_elo {
        filter = filter.max_elo(elo);
    }
    if let Some(text) = &args.event {
        filter = filter.event(text);
    }
    if let Some(text) = &args.variant {
        filter = filter.variant(text);
    }
    if let Some(text) = &args.time_control {
        filter = filter.time_control(text);
    }
    for name in &args.player {
        filter = filter.player(name);
    }
    filter
}

/// Reads the inputs on all cores and merges what they found, in input
/// order.
fn read_stats(
    files: &[String],
    filter: &Filter,
    players: &Players,
    counters: &Arc<Counters>,
) -> Findings {
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(files.len());
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, Findings)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut found = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(file) = files.get(index) else {
                            return found;
                        };
                        let mut findings = Findings::new(players);
                        // Rows are not written in this mode.
                        let _ = read_file(file, filter, counters, &mut findings, |_, _| Ok(()));
                        found.push((index, findings));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().unwrap_or_default())
            .collect()
    });
    results.sort_by_key(|(index, _)| *index);
    let mut all = Findings::new(players);
    for (_, findings) in results {
        all.merge(findings);
    }
    all
}

/// Reads the inputs one after the other, writing a row per game.
fn read_games(
    files: &[String],
    filter: &Filter,
    players: &Players,
    counters: &Arc<Counters>,
    format: Format,
    out: &mut dyn Write,
) -> Result<Findings, Failure> {
    let mut writer = Writer::new(io::BufWriter::new(out), format, &output::GAME_COLUMNS)?;
    let mut all = Findings::new(players);
    for file in files {
        read_file(file, filter, counters, &mut all, |record, kind| {
            writer.row(&output::game_row(file, record, kind))
        })?;
    }
    writer.into_inner().flush()?;
    Ok(all)
}

/// Reads one input into `findings`, calling `each` for every game that
/// passes the filter (unreadable records included: they are listed too).
fn read_file(
    file: &str,
    filter: &Filter,
    counters: &Counters,
    findings: &mut Findings,
    mut each: impl FnMut(&chess960::pgn::Record, &GameKind) -> io::Result<()>,
) -> io::Result<()> {
    let input = match input::open(file, Arc::clone(&counters.bytes)) {
        Ok(input) => input,
        Err(error) => {
            findings.skip(Skip {
                file: file.to_owned(),
                number: None,
                offset: 0,
                reason: format!("cannot open it: {error}"),
            });
            return Ok(());
        }
    };
    let mut reader = Reader::new(input.text);
    let mut batch = 0;
    while let Some(record) = reader.next_record() {
        let kind = GameKind::of(record);
        findings.counts.add(&kind);
        if let GameKind::Unreadable(error) = kind {
            findings.skip(Skip {
                file: file.to_owned(),
                number: Some(record.number()),
                offset: record.offset(),
                reason: error.to_string(),
            });
            each(record, &kind)?;
        } else if filter.matches(record.tags()) {
            findings.matched += 1;
            findings.player.add(&kind, record.tags());
            findings.stats.add(kind, record.tags());
            each(record, &kind)?;
        }
        batch += 1;
        if batch == 1024 {
            counters.games.fetch_add(batch, Ordering::Relaxed);
            batch = 0;
        }
    }
    counters.games.fetch_add(batch, Ordering::Relaxed);
    if let Some(error) = reader.io_error() {
        let compressed = if input.compression == input::Compression::None {
            ""
        } else {
            " (decompressed)"
        };
        findings.skip(Skip {
            file: file.to_owned(),
            number: None,
            offset: reader.bytes_read(),
            reason: format!(
                "reading stopped at byte {}{compressed}: {error}",
                reader.bytes_read()
            ),
        });
    }
    Ok(())
}

/// Writes the summary to standard error.
fn summary(findings: &Findings) {
    let mut text = String::new();
    let counts = &findings.counts;
    let _ = write!(text, "chess960 games: {} records read", counts.total());
    let kinds: Vec<String> = counts
        .named()
        .iter()
        .filter(|(_, count)| *count > 0)
        .map(|(name, count)| format!("{count} {name}"))
        .collect();
    if !kinds.is_empty() {
        let _ = write!(text, " ({})", kinds.join(", "));
    }
    let _ = writeln!(text, "; {} passed the filters", findings.matched);
    for skip in &findings.skips {
        let place = match skip.number {
            Some(number) => format!("game {number} at byte {}", skip.offset),
            None => "input".to_owned(),
        };
        let _ = writeln!(
            text,
            "chess960 games: skipped {}: {place}: {}",
            skip.file, skip.reason
        );
    }
    let unlisted = findings.skipped.saturating_sub(findings.skips.len() as u64);
    if unlisted > 0 {
        let _ = writeln!(
            text,
            "chess960 games: and {unlisted} more skipped record(s)"
        );
    }
    let _ = io::stderr().write_all(text.as_bytes());
}
