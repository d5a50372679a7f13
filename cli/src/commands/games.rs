//! `chess960 games`: which start position each game of a PGN file used, and
//! how each start scored. A thin layer over [`chess960::pgn`]: opening and
//! decompressing the inputs, threads, rows, the summary, the plot.

mod collect;
mod output;
mod player;
mod plot;
mod progress;

use crate::failure::Failure;
use chess960::PositionSet;
use chess960::pgn::{Filter, Players};
use chess960_archive::{Archive, Error, Progress, Summary};
use clap::Args;
use collect::{Records, Rows};
use output::{Format, Writer};
use progress::Bar;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;

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
    /// PGN files; none or `-` reads standard input. One large plain file
    /// is read on all cores, in parts, and so are several files for the
    /// statistics (one file a core); the output is the same as on one core.
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
    /// in either colour, `SP518`, starts by engine evaluation in
    /// centipawns for White (`eval:-15..15`, `eval:..20`, `eval:60..`),
    /// comma-separated. A double Chess960 game
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
    ///
    /// Then the game pairs, as engine testers score them: two games form a
    /// pair when they have the same start (the same FEN; for double
    /// Chess960 the same two starts) and the same opponent, the player's
    /// colours are reversed, and they come one right after the other among
    /// that opponent's games from that start, within one file (as
    /// cutechess-cli's `-repeat`, fastchess and match scripts write them).
    /// A game left without a partner counts as unpaired; so does the other
    /// game of a pair one of whose games has no result. Columns: `pairs`, `unpaired`, the
    /// pentanomial `ptnml_ll`, `ptnml_ld`, `ptnml_wl_dd`, `ptnml_wd`,
    /// `ptnml_ww` (one `pentanomial` array in JSON Lines), `penta_elo` and
    /// `penta_elo_margin`, `nelo` and `nelo_margin` (normalized Elo),
    /// `penta_los`; with --sprt, on the total row, `llr`, `llr_lower`,
    /// `llr_upper` and `sprt`. The summary on standard error gives the total
    /// as a match result, and the pairs as fastchess prints them.
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
    /// are used for a file read by one thread, and for one large file read
    /// on all cores): for a file that another program may cut short while it is
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
    let sprt = player::sprt(args.sprt.as_deref(), args.alpha, args.beta, args.elo_model)?;
    let players: Players = args.player.iter().collect();
    let progress = Progress::new();
    let archive = archive(args, &files, &progress)?.players(players.clone());
    let bar = Bar::start(&progress, archive.total_size());
    let result = read(args, &archive, format, out);
    bar.finish();
    let summary = result?;
    let who = args.player.join(", ");
    if !args.games && !args.pgn && !players.is_empty() {
        player::write_rows(&mut *out, format, &summary.player, sprt.as_ref())?;
    } else if !args.games && !args.pgn {
        let mut writer = Writer::new(&mut *out, format, &output::STAT_COLUMNS)?;
        for (start, tally) in summary.stats.iter() {
            writer.row(&output::stat_row(start, tally))?;
        }
    }
    if let Some(path) = &args.plot {
        let svg = if players.is_empty() {
            plot::svg(&summary.stats)
        } else {
            player::svg(&summary.player, &who)
        };
        std::fs::write(path, svg).map_err(|error| {
            Failure::internal(format!("cannot write {}: {error}", path.display()))
        })?;
    }
    out.flush()?;
    report(&summary);
    if !players.is_empty() {
        let _ = io::stderr()
            .write_all(player::summary(&summary.player, &who, sprt.as_ref()).as_bytes());
    }
    if summary.skipped > 0 {
        return Err(Failure::input(format!(
            "{} record(s) or input(s) skipped; see above",
            summary.skipped
        )));
    }
    Ok(())
}

/// The inputs and how to read them: the options, and the settings the
/// tests give in `CHESS960_GAMES_THREADS`, `CHESS960_GAMES_PART` (small
/// parts, so that records lie across them) and `CHESS960_GAMES_WINDOW`
/// (small maps).
fn archive(args: &GamesArgs, files: &[String], progress: &Progress) -> Result<Archive, Failure> {
    let setting = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|text| text.parse::<u64>().ok())
    };
    let mut archive = Archive::new()
        .paths(files)
        .filter(filter(args)?)
        .mmap(!args.no_mmap)
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
    Ok(archive)
}

/// Reads the archive, writing the rows (`--games`) or records (`--pgn`)
/// in input order as they come.
fn read(
    args: &GamesArgs,
    archive: &Archive,
    format: Format,
    out: &mut dyn Write,
) -> Result<Summary, Failure> {
    let buffered = io::BufWriter::with_capacity(1 << 20, out);
    let result = if args.games {
        let mut writer = Writer::new(buffered, format, &output::GAME_COLUMNS)?;
        let read = archive.collect(&Rows::new(format)?, |batch| {
            Rows::write(&mut writer, &batch)
        });
        read.and_then(|summary| {
            writer.into_inner().flush().map_err(Error::Deliver)?;
            Ok(summary)
        })
    } else if args.pgn {
        let mut writer = buffered;
        let read = archive.collect(&Records, |batch| writer.write_all(batch.part));
        read.and_then(|summary| {
            writer.flush().map_err(Error::Deliver)?;
            Ok(summary)
        })
    } else {
        archive.statistics()
    };
    match result {
        Ok(summary) => Ok(summary),
        Err(Error::Deliver(error)) => Err(error.into()),
        Err(error) => Err(Failure::internal(error.to_string())),
    }
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

/// Writes the summary to standard error.
fn report(summary: &Summary) {
    let mut text = String::new();
    let counts = &summary.counts;
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
    let _ = writeln!(text, "; {} passed the filters", summary.matched);
    for skip in &summary.skips {
        let _ = writeln!(text, "chess960 games: skipped {skip}");
    }
    let unlisted = summary.skipped.saturating_sub(summary.skips.len() as u64);
    if unlisted > 0 {
        let _ = writeln!(
            text,
            "chess960 games: and {unlisted} more skipped record(s)"
        );
    }
    let _ = io::stderr().write_all(text.as_bytes());
}
