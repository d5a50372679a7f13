//! `chess960 convert`: one position per argument or per line of standard
//! input, written in the chosen notation, one per line.

use crate::failure::Failure;
use crate::query::{parse_number, parse_position};
use chess960::{FenStyle, Position};
use clap::{Args, ValueEnum};
use std::io::{BufRead, Write};

/// The arguments of `chess960 convert`.
#[derive(Args, Debug)]
pub(crate) struct ConvertArgs {
    /// How to read the input.
    #[arg(long, value_enum, default_value = "auto")]
    from: Source,
    /// The notation to write.
    #[arg(long, value_enum, default_value = "id")]
    to: Notation,
    /// Ids or ranks to convert; none means: read standard input.
    #[arg(allow_negative_numbers = true, value_name = "POSITION")]
    positions: Vec<String>,
}

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
    fn write(self, position: Position, out: &mut dyn Write) -> std::io::Result<()> {
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

/// Converts each of the positions `args` gives, or each non-empty line of
/// standard input when it gives none.
pub(crate) fn run(args: &ConvertArgs, out: &mut dyn Write) -> Result<(), Failure> {
    convert(args, std::io::stdin().lock(), out)
}

/// Converts each of `args.positions`, or each non-empty line of `input` when
/// there are none. Stops at the first bad one, naming its line.
fn convert(args: &ConvertArgs, input: impl BufRead, out: &mut dyn Write) -> Result<(), Failure> {
    let (source, notation) = (args.from, args.to);
    if !args.positions.is_empty() {
        for text in &args.positions {
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

#[cfg(test)]
mod tests {
    use super::{ConvertArgs, Notation, Source, convert};

    fn converted(from: Source, to: Notation, positions: &[&str], input: &str) -> String {
        let args = ConvertArgs {
            from,
            to,
            positions: positions.iter().map(ToString::to_string).collect(),
        };
        let mut out = Vec::new();
        convert(&args, input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn arguments_win_over_standard_input() {
        assert_eq!(
            converted(Source::Auto, Notation::Rank, &["518", "0"], "959\n"),
            "RNBQKBNR\nBBQNNRKR\n"
        );
        assert_eq!(
            converted(Source::Fritz9, Notation::Id, &[], "359\n\n 81 \n"),
            "518\n0\n"
        );
    }
}
