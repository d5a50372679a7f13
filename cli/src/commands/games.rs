//! `chess960 games`: which start position each game of a PGN file used, and
//! how each start scored. A thin layer over [`chess960::pgn`]: opening and
//! decompressing the inputs, threads, rows, the summary, the plot.

mod findings;
mod input;
mod mapped;
mod output;
mod part;
mod player;
mod plot;
mod progress;
mod split;

use crate::failure::Failure;
use chess960::PositionSet;
use chess960::pgn::{Filter, Players, Reader};
use clap::Args;
use findings::{Findings, Skip};
use input::Text;
use output::{Format, Writer};
use part::{Context, Mode, Part};
use progress::{Bar, Counters};
use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

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
// Each flag is a switch of its own on the command line.
#[allow(clippy::struct_excessive_bools)]
pub(crate) struct GamesArgs {
    /// PGN files; none or `-` reads standard input. Several files are read
    /// on all cores, and so is one large plain file, in parts (the output
    /// is the same as on one core).
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// One row per start position (the default).
    #[arg(long, conflicts_with = "games")]
    stats: bool,
    /// One row per game: file, number, byte offset, kind, start ids,
    /// result, players, ratings, date, event, site, variant, detail.
    #[arg(long, conflicts_with = "pgn")]
    games: bool,
    /// The selected games' records as they stand in the input, byte for
    /// byte (tags, comments, variations, movetext, line ends), in input
    /// order, each followed by one blank line; nothing else on standard
    /// output. Unreadable records are not copied.
    #[arg(long, conflicts_with_all = ["stats", "format"])]
    pgn: bool,
    /// Only games whose start is in SET: ids, ranges (`0-99`), back ranks
    /// in either colour, `SP518`, comma-separated. A double Chess960 game
    /// passes when both its White and its Black start are in SET; a
    /// standard game starts from 518; a game whose FEN changes the rules
    /// of a start counts by its board.
    #[arg(long, value_name = "SET")]
    start: Option<String>,
    /// The output format (default tsv).
    #[arg(long, value_enum)]
    format: Option<Format>,
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
    /// Columns: `white_id`, `black_id`, `rank` (a double Chess960 start's row is
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
    /// With --player: a sequential probability ratio test of the player's
    /// Elo, H0 "ELO0" against H1 "ELO1" (such as `0,5`), on the game pairs
    /// (on the games one by one when none is paired): fishtest's
    /// generalized log-likelihood ratio, its bounds ln(beta/(1-alpha)) and
    /// ln((1-beta)/alpha), and the verdict (H1, H0 or continue), on the
    /// total row and the summary.
    #[arg(
        long,
        value_name = "ELO0,ELO1",
        requires = "player",
        allow_hyphen_values = true
    )]
    sprt: Option<String>,
    /// The SPRT's alpha: the rate of accepting H1 when H0 holds.
    #[arg(long, value_name = "RATE", default_value_t = 0.05, requires = "sprt")]
    alpha: f64,
    /// The SPRT's beta: the rate of accepting H0 when H1 holds.
    #[arg(long, value_name = "RATE", default_value_t = 0.05, requires = "sprt")]
    beta: f64,
    /// The scale of the --sprt bounds.
    #[arg(long, value_enum, default_value = "normalized", requires = "sprt")]
    elo_model: player::ModelArg,
    /// Also draw White's score (with --player: the player's) per start
    /// position as an SVG picture.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Read plain files with `read` instead of through memory maps (which
    /// are used when one thread reads: one core, or one file of several at
    /// a time): for a file that another program may cut short while it is
    /// read, or on a failing disk (a mapped file cut short, or a read error
    /// of its disk, ends the process with SIGBUS, where `read` reports it).
    #[arg(long)]
    no_mmap: bool,
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
    let format = args.format.unwrap_or(Format::Tsv);
    let filter = filter(args)?;
    let sprt = player::sprt(args.sprt.as_deref(), args.alpha, args.beta, args.elo_model)?;
    let players: Players = args.player.iter().collect();
    let mode = if args.pgn {
        Mode::Pgn
    } else if args.games {
        Mode::Games(format)
    } else {
        Mode::Stats
    };
    let counters = Arc::new(Counters::default());
    let total = files
        .iter()
        .map(|file| input::size(file))
        .sum::<Option<u64>>();
    let context = Context {
        filter: &filter,
        players: &players,
        mode,
        games: &counters.games,
        map: !args.no_mmap,
    };
    let bar = Bar::start(&counters, total);
    let result = if mode == Mode::Stats && files.len() > 1 {
        Ok(read_files(&files, &context, &counters))
    } else {
        read_in_order(&files, &context, &counters, out)
    };
    bar.finish();
    let findings = result?;
    let who = args.player.join(", ");
    if mode == Mode::Stats && !players.is_empty() {
        player::write_rows(&mut *out, format, &findings.player, sprt.as_ref())?;
    } else if mode == Mode::Stats {
        let mut writer = Writer::new(&mut *out, format, &output::STAT_COLUMNS)?;
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
        let _ = io::stderr()
            .write_all(player::summary(&findings.player, &who, sprt.as_ref()).as_bytes());
    }
    if findings.skipped > 0 {
        return Err(Failure::input(format!(
            "{} record(s) or input(s) skipped; see above",
            findings.skipped
        )));
    }
    Ok(())
}

fn filter(args: &GamesArgs) -> Result<Filter, Failure> {
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
    if let Some(text) = &args.start {
        let set: PositionSet = text
            .parse()
            .map_err(|error| Failure::input(format!("--start {text:?}: {error}")))?;
        filter = filter.starts(set);
    }
    Ok(filter)
}

/// The cores to read on (the tests set `CHESS960_GAMES_THREADS`), at most
/// [`MAX_THREADS`]: a thread holds a file open.
fn cores() -> usize {
    std::env::var("CHESS960_GAMES_THREADS")
        .ok()
        .and_then(|text| text.parse().ok())
        .filter(|&threads| threads > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
        .min(MAX_THREADS)
}

/// The most threads that read at once.
const MAX_THREADS: usize = 256;

/// The size of the parts a large file of `size` bytes is cut into
/// ([`split::part_size`]; the tests set `CHESS960_GAMES_PART` to cut small
/// files into many parts).
fn part_size(size: u64, threads: usize, mode: Mode) -> u64 {
    std::env::var("CHESS960_GAMES_PART")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| split::part_size(size, threads, mode))
        .max(split::MIN_PART)
}

/// Reads several inputs on all cores, one input a core, and merges what
/// they found in input order (statistics only: nothing is written).
fn read_files(files: &[String], context: &Context<'_>, counters: &Arc<Counters>) -> Findings {
    let threads = cores().min(files.len());
    // Maps only for one thread: removing a map interrupts the other cores
    // to flush their address caches, and on several cores `read` was faster.
    let context = &Context {
        map: context.map && threads == 1,
        ..*context
    };
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
                        let mut findings = Findings::new(context.players);
                        // Nothing is written in this mode.
                        let _ =
                            read_file::<io::Sink>(file, context, counters, &mut findings, None, 1);
                        findings.player.end_input();
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
    let mut all = Findings::new(context.players);
    for (_, findings) in results {
        all.merge(findings, 0);
    }
    all
}

/// Reads the inputs one after the other (each large plain file on all
/// cores), writing the rows or records.
fn read_in_order(
    files: &[String],
    context: &Context<'_>,
    counters: &Arc<Counters>,
    out: &mut dyn Write,
) -> Result<Findings, Failure> {
    let buffered = io::BufWriter::with_capacity(part::FLUSH, out);
    let mut writer = match context.mode {
        Mode::Games(format) => Some(Writer::new(buffered, format, &output::GAME_COLUMNS)?),
        Mode::Pgn => Some(Writer::raw(buffered)),
        Mode::Stats => None,
    };
    let mut all = Findings::new(context.players);
    for file in files {
        read_file(file, context, counters, &mut all, writer.as_mut(), cores())?;
        // No game pair spans two inputs.
        all.player.end_input();
    }
    if let Some(writer) = writer {
        writer.into_inner().flush()?;
    }
    Ok(all)
}

/// Reads one input into `findings`, writing its rows or records to `out`:
/// a large plain file on `threads` cores, anything else on one.
fn read_file<W: Write>(
    file: &str,
    context: &Context<'_>,
    counters: &Counters,
    findings: &mut Findings,
    out: Option<&mut Writer<W>>,
    threads: usize,
) -> io::Result<()> {
    if threads > 1 {
        if let Some(size) = input::plain_size(file) {
            let part = part_size(size, threads, context.mode);
            if size >= 2 * part {
                return split::read(file, size, part, threads, context, counters, findings, out);
            }
        }
    }
    let input = match input::open(file, Arc::clone(&counters.bytes), context.map) {
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
    let compressed = input.compression != input::Compression::None;
    match input.text {
        Text::Mapped(text) => {
            read_text(Reader::new(text), file, compressed, context, findings, out)
        }
        Text::Buffered(text) => {
            read_text(Reader::new(text), file, compressed, context, findings, out)
        }
    }
}

/// Reads one opened input on one core (a function of its own so that each
/// kind of input gets its own compiled reader: no call through a pointer
/// for each buffer's bytes).
fn read_text<R: BufRead, W: Write>(
    mut reader: Reader<R>,
    file: &str,
    compressed: bool,
    context: &Context<'_>,
    findings: &mut Findings,
    mut out: Option<&mut Writer<W>>,
) -> io::Result<()> {
    if context.mode == Mode::Pgn {
        reader = reader.keep_raw();
    }
    let mut part = Part::new(context.players);
    part::read(
        &mut reader,
        file,
        0,
        context,
        &mut part,
        |_| true,
        |part| match out.as_deref_mut() {
            Some(writer) => part.write_out(file, 0, writer),
            None => Ok(()),
        },
    )?;
    if let Some(writer) = out {
        part.write_out(file, 0, writer)?;
    }
    findings.merge(part.findings, 0);
    if let Some(error) = reader.io_error() {
        let compressed = if compressed { " (decompressed)" } else { "" };
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
