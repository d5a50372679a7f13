//! `chess960 games`: which start position each game of a PGN file used, and
//! how each start scored. A thin layer over [`chess960::pgn`]: opening and
//! decompressing the inputs, threads, rows, the summary, the plot.

mod collect;
mod openings;
mod output;
mod player;
mod plot;
pub(crate) mod progress;

use crate::failure::Failure;
use arrow_array::RecordBatch;
use arrow_schema::ArrowError;
use chess960::PositionSet;
use chess960::pgn::{Filter, Players};
use chess960_archive::table::{self, Columns, ParquetWriter, Table};
use chess960_archive::{Archive, Batch, Error, Progress, Skip, Summary};
use clap::Args;
use collect::{Records, Rows};
use output::{Format, Writer};
use progress::Bar;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

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
    /// result, players, ratings, date, event, site, variant, detail (or
    /// the columns of --columns).
    #[arg(long, conflicts_with = "pgn")]
    games: bool,
    /// One row per game (implies --games) with these columns, in this
    /// order, comma-separated: today's (`file`, `number`, `offset`, `kind`,
    /// `white_id`, `black_id`, `result`, `white`, `black`, `white_elo`,
    /// `black_elo`, `date`, `event`, `site`, `variant`, `detail`) and
    /// `utc_date` (a date), `utc_time` (a time of day), `white_rating_diff`,
    /// `black_rating_diff` (signed), `white_title`, `black_title`, `eco`,
    /// `opening`, `round`, `time_control` (as written), `base_seconds`,
    /// `increment_seconds` (empty for `-` or unreadable), `termination`,
    /// `movetext` (as written, comments included); `all` for every one.
    /// An unreadable value is empty (null), never a lost game. The guide
    /// gives each column's type.
    #[arg(long, value_name = "LIST", conflicts_with_all = ["stats", "pgn"])]
    columns: Option<String>,
    /// Two more columns for each game, after the others: `plies` and
    /// `moves` (implies --games): its main line replayed from its start
    /// with full legality, the moves in UCI separated by single spaces (in
    /// JSON Lines an array of strings; in Parquet a list of strings),
    /// castling as the king taking its rook in a Chess960 game and as the
    /// king's two-square move in a standard one. A game with an illegal,
    /// ambiguous or unreadable move keeps its row, with no moves, and is
    /// skipped, naming the ply and the move; games of other variants are
    /// not replayed.
    #[arg(long, conflicts_with_all = ["stats", "pgn"])]
    moves: bool,
    /// The opening explorer: per start (a double Chess960 game's two), one
    /// row per sequence of the games' first N plies (a shorter game with
    /// all of its): `white_id`, `black_id`, `rank`, `moves` (UCI, castling
    /// as the king taking its rook, separated by spaces), `san` (the same
    /// plies in SAN), `games`, `white_wins`, `draws`, `black_wins`,
    /// `unknown`, `score`, `mean_elo`; by start, then by games, most first.
    /// The games of `--stats`, with its filters (`--player` keeps that
    /// player's games). Only the first N plies are replayed (with full
    /// legality); a game with a broken move among them is skipped, naming
    /// the ply and the move.
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(1..),
        conflicts_with_all = ["stats", "games", "pgn", "columns", "tag", "moves", "sprt", "plot"]
    )]
    openings: Option<u16>,
    /// Adds the tag NAME (case-sensitive, as PGN writes it) as a text
    /// column named as the tag, after the others (implies --games);
    /// repeatable.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["stats", "pgn"])]
    tag: Vec<String>,
    /// Write the output to FILE instead of standard output (`-`: standard
    /// output). Parquet is written to a file or a pipe, never to a
    /// terminal.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
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
    /// The output format (default tsv). Parquet holds the --games rows, or
    /// the table of --stats, --player or --openings, typed.
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

/// Why Parquet is not written to a terminal.
const PARQUET_ON_A_TERMINAL: &str =
    "Parquet is binary, not for a terminal: write it to a file with --output FILE, or pipe it";

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
    let games = args.games || args.columns.is_some() || !args.tag.is_empty() || args.moves;
    let columns = columns(args)?;
    let sprt = player::sprt(args.sprt.as_deref(), args.alpha, args.beta, args.elo_model)?;
    let players: Players = args.player.iter().collect();
    let progress = Progress::new();
    let archive = archive(args, &files, &progress)?.players(players.clone());
    let mut file;
    let out: &mut dyn Write = match args.output.as_deref() {
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
            file = io::BufWriter::new(created);
            &mut file
        }
        _ if format == Format::Parquet && io::stdout().is_terminal() => {
            return Err(Failure::input(PARQUET_ON_A_TERMINAL));
        }
        _ => {
            refuse_stdout_if_input(&archive)?;
            out
        }
    };
    let bar = Bar::start(&progress, archive.total_size());
    if let Some(plies) = args.openings {
        let found = archive.openings(usize::from(plies));
        bar.finish();
        let found = failure(found)?;
        if format == Format::Parquet {
            write_table(&mut *out, table::openings_batch(&found.stats))?;
        } else {
            openings::write_rows(&mut *out, format, &found.stats)?;
        }
        out.flush()?;
        report(&found.summary);
        return finish(&found.summary);
    }
    let result = if games {
        read_games(&archive, columns, format, out)
    } else {
        read(args, &archive, out)
    };
    bar.finish();
    let summary = result?;
    let who = args.player.join(", ");
    if !games && !args.pgn && format == Format::Parquet {
        write_table(
            &mut *out,
            if players.is_empty() {
                table::stats_batch(&summary.stats)
            } else {
                table::player_batch(&summary.player, sprt.as_ref())
            },
        )?;
    } else if !games && !args.pgn && !players.is_empty() {
        player::write_rows(&mut *out, format, &summary.player, sprt.as_ref())?;
    } else if !games && !args.pgn {
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
    finish(&summary)
}

/// Writes a statistics table (`--stats`, `--player`, `--openings`) as a
/// Parquet file of one row group.
fn write_table(out: &mut dyn Write, batch: Result<RecordBatch, ArrowError>) -> Result<(), Failure> {
    let internal = |error: &dyn std::fmt::Display| Failure::internal(error.to_string());
    let batch = batch.map_err(|error| internal(&error))?;
    let mut writer = ParquetWriter::new(Vec::new(), batch.schema())
        .map_err(|error| internal(&error))?
        .threads(1);
    writer.write(&batch).map_err(|error| internal(&error))?;
    let bytes = writer.finish().map_err(|error| internal(&error))?;
    out.write_all(&bytes)?;
    Ok(())
}

/// Exit status 2 when anything was skipped.
fn finish(summary: &Summary) -> Result<(), Failure> {
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

/// The `--games` columns: `--columns` (or today's sixteen) and `--tag`s.
fn columns(args: &GamesArgs) -> Result<Columns, Failure> {
    let mut columns = match &args.columns {
        Some(list) => {
            Columns::parse(list).map_err(|error| Failure::input(format!("--columns: {error}")))?
        }
        None => Columns::default(),
    };
    for name in &args.tag {
        columns = columns
            .tag(name)
            .map_err(|error| Failure::input(format!("--tag: {error}")))?;
    }
    if args.moves {
        columns = columns
            .with_moves()
            .map_err(|error| Failure::input(format!("--moves: {error}")))?;
    }
    Ok(columns)
}

/// Reads the archive, writing a row per game in input order as the parts
/// come: text, or Parquet (a row group a part, encoded on threads of the
/// writer's own and written out in order as soon as it is ready; the footer
/// is written even when an input fails midway, so that every row read is
/// kept).
fn read_games(
    archive: &Archive,
    columns: Columns,
    format: Format,
    out: &mut dyn Write,
) -> Result<Summary, Failure> {
    let mut buffered = io::BufWriter::with_capacity(1 << 20, out);
    // The games whose moves could not be replayed (`--moves`).
    let mut skips = Vec::new();
    let result = if format == Format::Parquet {
        let table = Table::new(columns);
        // Row groups are encoded on as many threads as read.
        let mut writer = ParquetWriter::new(Vec::new(), table.schema())
            .map_err(|error| Failure::internal(error.to_string()))?
            .threads(archive.thread_count());
        let read = archive.collect(&table, |mut batch| {
            let taken = batch.part.take_skips();
            skips.extend(numbered(&batch, taken));
            let batch = table.batch(&mut batch).map_err(io::Error::other)?;
            writer.write(&batch).map_err(io::Error::other)?;
            let written = writer.output_mut();
            buffered.write_all(written)?;
            written.clear();
            Ok(())
        });
        // The footer, after the rows read, whatever stopped the reading.
        let finished = writer.finish().map_err(io::Error::other);
        read.and_then(|summary| {
            let footer = finished.map_err(Error::Deliver)?;
            buffered
                .write_all(&footer)
                .and_then(|()| buffered.flush())
                .map_err(Error::Deliver)?;
            Ok(summary)
        })
    } else {
        let names: Vec<&str> = columns.names().collect();
        let mut writer = Writer::new(buffered, format, &names)?;
        let rows = Rows::new(format, columns.clone())?;
        let read = archive.collect(&rows, |batch| {
            let taken = batch.part.take_skips();
            skips.extend(numbered(&batch, taken));
            rows.write(&mut writer, &batch)
        });
        read.and_then(|summary| {
            writer.into_inner().flush().map_err(Error::Deliver)?;
            Ok(summary)
        })
    };
    failure(result).map(|mut summary| {
        summary.skip_in_order(skips, archive.inputs());
        summary
    })
}

/// A part's skips, numbered in their input.
fn numbered<P>(batch: &Batch<'_, P>, skips: Vec<Skip>) -> impl Iterator<Item = Skip> + use<P> {
    let base = batch.base;
    skips.into_iter().map(move |mut skip| {
        skip.number = skip.number.map(|number| number + base);
        skip
    })
}

/// Reads the archive, writing the records (`--pgn`) in input order as
/// they come, or for the statistics alone.
fn read(args: &GamesArgs, archive: &Archive, out: &mut dyn Write) -> Result<Summary, Failure> {
    let result = if args.pgn {
        let mut writer = io::BufWriter::with_capacity(1 << 20, out);
        let read = archive.collect(&Records, |batch| writer.write_all(batch.part));
        read.and_then(|summary| {
            writer.flush().map_err(Error::Deliver)?;
            Ok(summary)
        })
    } else {
        archive.statistics()
    };
    failure(result)
}

/// A reading's error as the command's failure.
fn failure<T>(result: Result<T, Error>) -> Result<T, Failure> {
    match result {
        Ok(found) => Ok(found),
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
