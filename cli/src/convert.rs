//! `chess960 convert`: one position per argument or per line of standard
//! input, written in the chosen notation, one per line.

use crate::failure::Failure;
use crate::query::{parse_number, parse_position};
use chess960::{FenStyle, Position};
use clap::ValueEnum;
use std::io::{BufRead, Write};

/// The notation `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Notation {
    /// The Scharnagl id, 0..=959.
    Id,
    /// White's back rank, RNBQKBNR.
    Rank,
    /// Black's back rank, rnbqkbnr.
    BlackRank,
    /// The start FEN with X-FEN castling rights (KQkq).
    Fen,
    /// The start FEN with Shredder-FEN castling rights (HAha).
    ShredderFen,
    /// The id of the position reflected a <-> h.
    Mirror,
    /// Fritz 9's number.
    Fritz9,
    /// The 1-based number, 1..=960 (960 stands for id 0).
    OneBased,
}

/// How `convert` reads its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Source {
    /// An id, SP518, a rank in either colour, or a start FEN.
    Auto,
    /// Fritz 9's number.
    Fritz9,
    /// The 1-based number, 1..=960.
    OneBased,
}

impl Source {
    fn read(self, text: &str) -> Result<Position, Failure> {
        match self {
            Source::Auto => parse_position(text),
            Source::Fritz9 => Position::from_fritz9(parse_number(
                text,
                "Fritz 9 number",
                "they run from 1 to 960",
            )?)
            .map_err(|error| Failure::input(error.to_string())),
            Source::OneBased => Position::from_one_based(parse_number(
                text,
                "1-based number",
                "they run from 1 to 960",
            )?)
            .map_err(|error| Failure::input(error.to_string())),
        }
    }
}

impl Notation {
    fn write(self, position: Position, out: &mut impl Write) -> std::io::Result<()> {
        match self {
            Notation::Id => writeln!(out, "{}", position.id()),
            Notation::Rank => writeln!(out, "{position}"),
            Notation::BlackRank => writeln!(out, "{}", position.as_str().to_ascii_lowercase()),
            Notation::Fen => writeln!(out, "{}", position.fen(FenStyle::XFen)),
            Notation::ShredderFen => writeln!(out, "{}", position.fen(FenStyle::Shredder)),
            Notation::Mirror => writeln!(out, "{}", position.mirrored().id()),
            Notation::Fritz9 => writeln!(out, "{}", position.fritz9()),
            Notation::OneBased => writeln!(out, "{}", position.one_based()),
        }
    }
}

/// Converts each of `positions`, or each non-empty line of `input` when
/// `positions` is empty. Stops at the first bad one, naming its line.
pub(crate) fn run(
    source: Source,
    notation: Notation,
    positions: &[String],
    input: impl BufRead,
    out: &mut impl Write,
) -> Result<(), Failure> {
    if !positions.is_empty() {
        for text in positions {
            notation.write(source.read(text)?, out)?;
        }
        return Ok(());
    }
    for (number, line) in (1..).zip(input.lines()) {
        let line = line.map_err(|error| Failure::input(format!("line {number}: {error}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let position = source
            .read(&line)
            .map_err(|failure| Failure::input(format!("line {number}: {failure}")))?;
        notation.write(position, out)?;
    }
    Ok(())
}
