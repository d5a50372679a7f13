//! `chess960 book`: an opening book for engine testing, one start a line
//! (EPD) or a game (PGN), to standard output or a file: all starts in book
//! order, a selection by sets, a seeded sample, a seeded shuffle. The book
//! itself is the library's [`Book`]; the sample and shuffle its
//! [`Book::seeded_indices`].

use crate::failure::Failure;
use crate::output::CAPACITY;
use chess960::{Book, BookFormat, FenStyle, PositionSet};
use clap::{Args, ValueEnum};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

/// The arguments of `chess960 book`.
#[derive(Args, Debug)]
pub(crate) struct BookArgs {
    /// Double Chess960: every pair of a White start and a Black start,
    /// 921,600 lines, line `white_id * 960 + black_id + 1` (Stockfish
    /// testing's `DFRC_openings.epd`).
    #[arg(long)]
    double: bool,
    /// Only these starts (in a double book: White's and Black's both in
    /// the set). A set is ids, ranges of ids, ranks, SP labels or ranges of
    /// engine evaluations in centipawns for White (`eval:-15..15`,
    /// `eval:..20`, `eval:60..`, both ends included) separated by commas:
    /// `0-99,518,RNBQKBNR`, `eval:-15..15`.
    #[arg(long, value_name = "SET", value_parser = parse_set)]
    start: Option<PositionSet>,
    /// Leave out these starts (in a double book: every pair with either
    /// start in the set).
    #[arg(long, value_name = "SET", value_parser = parse_set)]
    exclude: Option<PositionSet>,
    /// With --double: only pairs whose White start is in the set.
    #[arg(long, value_name = "SET", value_parser = parse_set)]
    white: Option<PositionSet>,
    /// With --double: only pairs whose Black start is in the set.
    #[arg(long, value_name = "SET", value_parser = parse_set)]
    black: Option<PositionSet>,
    /// Write N distinct starts of the book, chosen uniformly at random by
    /// --seed, in book order (with --shuffle: in the order drawn).
    #[arg(long, value_name = "N", requires = "seed", allow_negative_numbers = true,
          value_parser = parse_sample)]
    sample: Option<u32>,
    /// Write the book in a random order fixed by --seed.
    #[arg(long, requires = "seed")]
    shuffle: bool,
    /// Any text that fixes --sample and --shuffle: the same seed gives the
    /// same book on every platform and in every version (a Fisher-Yates walk
    /// driven by SHA-256 of "seed NUL shuffle NUL counter"; the guide
    /// "Engine testing" has the procedure).
    #[arg(long, value_name = "TEXT")]
    seed: Option<String>,
    /// How castling rights are written: X-FEN (KQkq) or Shredder-FEN
    /// (HAha). Default: x-fen, and shredder with --double, as the books of
    /// Stockfish testing.
    #[arg(long, value_enum, value_name = "STYLE")]
    castling: Option<Castling>,
    /// epd: one FEN a line. pgn: one game a start, with no moves
    /// (`[Variant "Chess960"]`, `[SetUp "1"]`, `[FEN ...]`, result `*`), as
    /// cutechess-cli and fastchess read PGN books.
    #[arg(long, value_enum, default_value = "epd")]
    format: Format,
    /// Write the book to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
}

/// How castling rights are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Castling {
    /// X-FEN: KQkq.
    XFen,
    /// Shredder-FEN: the rooks' files, HAha.
    Shredder,
}

/// The book's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// One FEN a line.
    Epd,
    /// One PGN game a start.
    Pgn,
}

/// Reads a set of starts in the library's grammar.
fn parse_set(text: &str) -> Result<PositionSet, String> {
    text.parse::<PositionSet>()
        .map_err(|error| error.to_string())
}

/// Reads `--sample`: a whole number of starts, 1 or more.
fn parse_sample(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(0) => Err("a sample has at least 1 start".to_owned()),
        Ok(count) => Ok(count),
        Err(_) => Err(format!(
            "a sample is a whole number of starts from 1 to {}",
            chess960::DoublePosition::COUNT
        )),
    }
}

/// The book `args` describe, before any sample or shuffle.
fn book(args: &BookArgs) -> Result<Book, Failure> {
    let mut book = if args.double {
        Book::double()
    } else {
        for (given, flag) in [(args.white, "--white"), (args.black, "--black")] {
            if given.is_some() {
                return Err(Failure::input(format!(
                    "{flag} chooses a side's starts in a double Chess960 book: add --double, or use --start"
                )));
            }
        }
        Book::single()
    };
    if let Some(set) = args.start {
        book = book.starts(set);
    }
    if let Some(set) = args.exclude {
        book = book.excluding(set);
    }
    if let Some(set) = args.white {
        book = book.white(set);
    }
    if let Some(set) = args.black {
        book = book.black(set);
    }
    if let Some(castling) = args.castling {
        book = book.castling(match castling {
            Castling::XFen => FenStyle::XFen,
            Castling::Shredder => FenStyle::Shredder,
        });
    }
    book = book.format(match args.format {
        Format::Epd => BookFormat::Epd,
        Format::Pgn => BookFormat::Pgn,
    });
    if book.is_empty() {
        return Err(Failure::input(
            "the book is empty: no start is left after --start, --exclude, --white and --black",
        ));
    }
    Ok(book)
}

/// Writes the book `args` describe to standard output (`out`) or to
/// `--output`.
pub(crate) fn run(args: &BookArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let book = book(args)?;
    if args.seed.is_some() && args.sample.is_none() && !args.shuffle {
        return Err(Failure::input(
            "--seed fixes --sample or --shuffle: add one of them, or leave out --seed",
        ));
    }
    if let Some(count) = args.sample {
        if count > book.len() {
            return Err(Failure::input(format!(
                "--sample {count}: the book has only {} start{}",
                book.len(),
                if book.len() == 1 { "" } else { "s" }
            )));
        }
    }
    let Some(path) = &args.output else {
        return write(args, &book, out);
    };
    let file = File::create(path)
        .map_err(|error| Failure::internal(format!("cannot create {}: {error}", path.display())))?;
    let mut file = BufWriter::with_capacity(CAPACITY, file);
    write(args, &book, &mut file)
        .and_then(|()| Ok(file.flush()?))
        .map_err(|failure| {
            if failure.is_silent() {
                failure
            } else {
                Failure::internal(format!("{failure} ({})", path.display()))
            }
        })
}

/// Writes `book`, sampled or shuffled as `args` say, to `out`.
fn write(args: &BookArgs, book: &Book, out: &mut dyn Write) -> Result<(), Failure> {
    let Some(seed) = args.seed.as_deref() else {
        for entry in book.entries() {
            write!(out, "{entry}")?;
        }
        return Ok(());
    };
    let mut order = vec![0; book.len() as usize];
    let count = args.sample.unwrap_or(book.len());
    let chosen = book.seeded_indices(seed, &mut order, count, args.shuffle);
    for &index in chosen {
        if let Some(entry) = book.entry(index) {
            write!(out, "{entry}")?;
        }
    }
    Ok(())
}
