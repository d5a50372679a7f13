//! `chess960 convert`: one position per argument or per line of standard
//! input, written in the chosen notation, one per line.

use crate::failure::Failure;
use crate::query::parse_position;
use chess960::Position;
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
}

impl Notation {
    fn write(self, position: Position, out: &mut impl Write) -> std::io::Result<()> {
        match self {
            Notation::Id => writeln!(out, "{}", position.id()),
            Notation::Rank => writeln!(out, "{position}"),
            Notation::BlackRank => writeln!(out, "{}", position.as_str().to_ascii_lowercase()),
        }
    }
}

/// Converts each of `positions`, or each non-empty line of `input` when
/// `positions` is empty. Stops at the first bad one, naming its line.
pub(crate) fn run(
    notation: Notation,
    positions: &[String],
    input: impl BufRead,
    out: &mut impl Write,
) -> Result<(), Failure> {
    if !positions.is_empty() {
        for text in positions {
            notation.write(parse_position(text)?, out)?;
        }
        return Ok(());
    }
    for (number, line) in (1..).zip(input.lines()) {
        let line = line.map_err(|error| Failure::input(format!("line {number}: {error}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let position = parse_position(&line)
            .map_err(|failure| Failure::input(format!("line {number}: {failure}")))?;
        notation.write(position, out)?;
    }
    Ok(())
}
