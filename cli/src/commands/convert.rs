//! `chess960 convert`: one position per argument or per line of standard
//! input, written in the chosen notation, one per line.
//!
//! A line is read a bounded number of bytes at a time: a start FEN is
//! under 100 bytes, so a line of more than [`LONGEST_LINE`] bytes is
//! reported and skipped without being kept, and memory stays the same
//! whatever the input. A byte order mark before the first line is ignored.
//! A start read from a FEN that departs from it (castling rights removed,
//! Black to move, ...) is converted as that start, with a note on standard
//! error saying how it departs.

use crate::details::StartDetails;
use crate::echo;
use crate::failure::Failure;
use crate::json;
use crate::query::{Found, identify, parse_number};
use chess960::{FenStyle, Position};
use clap::{Args, ValueEnum};
use std::io::{BufRead, BufReader, ErrorKind, Read, Write};

/// The longest line `convert` reads, in bytes; the longest start FEN has 90.
const LONGEST_LINE: usize = 4096;

/// How many bytes of input are read at a time.
const INPUT_BUFFER: usize = 64 * 1024;

/// The arguments of `chess960 convert`.
#[derive(Args, Debug)]
pub(crate) struct ConvertArgs {
    /// How to read the input.
    #[arg(long, value_enum, default_value = "auto")]
    from: Source,
    /// The notation to write. A double Chess960 start (Black's rank another
    /// position) gets White's value and Black's on one line, separated by
    /// a space; its FENs and double id are one value.
    #[arg(long, value_enum, default_value = "id")]
    to: Notation,
    /// Go on after a bad position: report each on standard error, with its
    /// line number when it comes from standard input, convert the rest, and
    /// exit with code 2 at the end.
    #[arg(long)]
    keep_going: bool,
    /// Ids, ranks or FENs to convert; none means: read standard input.
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
    /// The double Chess960 id, White's id * 960 + Black's id.
    DoubleId,
    /// JSON Lines: one compact object a line, as `show --json` writes it.
    Json,
}

/// How `convert` reads its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Source {
    /// An id, SP518, a rank in either colour, or a start FEN (also of a
    /// double Chess960 start, or one with rules changed).
    Auto,
    /// Fritz 9's number.
    Fritz9,
    /// The 1-based number, 1..=960.
    OneBased,
}

impl Source {
    fn read(self, text: &str) -> Result<Found, Failure> {
        match self {
            Source::Auto => identify(text),
            Source::Fritz9 => Position::from_fritz9(parse_number(
                text,
                "Fritz 9 number",
                "they run from 1 to 960",
            )?)
            .map(Found::from)
            .map_err(|error| Failure::input(error.to_string())),
            Source::OneBased => Position::from_one_based(parse_number(
                text,
                "1-based number",
                "they run from 1 to 960",
            )?)
            .map(Found::from)
            .map_err(|error| Failure::input(error.to_string())),
        }
    }
}

impl Notation {
    /// Writes `found` in this notation, and a newline.
    fn write(self, found: &Found, out: &mut dyn Write) -> Result<(), Failure> {
        let start = found.start;
        match self {
            Notation::Json => return json::line(out, &StartDetails::of(found)),
            Notation::Fen => writeln!(out, "{}", start.fen(FenStyle::XFen))?,
            Notation::ShredderFen => writeln!(out, "{}", start.fen(FenStyle::Shredder))?,
            Notation::DoubleId => writeln!(out, "{}", start.id())?,
            _ => match found.single() {
                Some(position) => writeln!(out, "{}", self.one(position))?,
                None => writeln!(
                    out,
                    "{} {}",
                    self.one(start.white()),
                    self.one(start.black())
                )?,
            },
        }
        Ok(())
    }

    /// The value of one position in this notation.
    fn one(self, position: Position) -> String {
        match self {
            Notation::Rank => position.to_string(),
            Notation::BlackRank => position.as_str().to_ascii_lowercase(),
            Notation::Fen => position.fen(FenStyle::XFen).to_string(),
            Notation::ShredderFen => position.fen(FenStyle::Shredder).to_string(),
            Notation::Mirror => position.mirrored().id().to_string(),
            Notation::Fritz9 => position.fritz9().to_string(),
            Notation::OneBased => position.one_based().to_string(),
            Notation::Id | Notation::DoubleId | Notation::Json => position.id().to_string(),
        }
    }
}

/// Converts each of the positions `args` gives, or each non-empty line of
/// standard input when it gives none.
pub(crate) fn run(args: &ConvertArgs, out: &mut dyn Write) -> Result<(), Failure> {
    convert(args, std::io::stdin(), out, &mut std::io::stderr())
}

/// Where the bad positions and the notes go: standard error, written as
/// they come, a failed write ignored. Standard output is flushed before
/// each, so that the two streams keep their order when they share a file.
struct Reports<'err> {
    err: &'err mut dyn Write,
    keep_going: bool,
    bad: usize,
}

impl Reports<'_> {
    /// A note on a position that was converted.
    fn note(&mut self, message: &str) {
        let _ = writeln!(self.err, "chess960: note: {message}");
    }

    /// A bad position: reported and counted with `--keep-going`, the end
    /// of the command without.
    fn bad(&mut self, failure: Failure) -> Result<(), Failure> {
        if !self.keep_going {
            return Err(failure);
        }
        self.bad += 1;
        let _ = writeln!(self.err, "chess960: {failure}");
        Ok(())
    }

    /// The end of the command: exit code 2 if any position was bad, every
    /// one of them already said.
    fn finish(self) -> Result<(), Failure> {
        if self.bad == 0 {
            Ok(())
        } else {
            Err(Failure::reported())
        }
    }
}

/// Converts each of `args.positions`, or each non-empty line of `input` when
/// there are none. Stops at the first bad one, naming its line, unless
/// `--keep-going` says to report it on `err` and go on. `out` is flushed
/// whenever the input read so far is used up, before waiting for more: a
/// program that writes a line and waits for its answer gets it.
fn convert(
    args: &ConvertArgs,
    input: impl Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Failure> {
    let (source, notation) = (args.from, args.to);
    let mut reports = Reports {
        err,
        keep_going: args.keep_going,
        bad: 0,
    };
    if !args.positions.is_empty() {
        for text in &args.positions {
            match source.read(text) {
                Ok(found) => {
                    if !found.departures.is_empty() {
                        out.flush()?;
                        reports.note(&format!(
                            "{} is {}: converted as that start",
                            echo::quoted(text.trim()),
                            found.describe()
                        ));
                    }
                    notation.write(&found, out)?;
                }
                Err(failure) => {
                    out.flush()?;
                    reports.bad(failure)?;
                }
            }
        }
        return reports.finish();
    }
    let mut input = BufReader::with_capacity(INPUT_BUFFER, input);
    let mut line = Vec::with_capacity(LONGEST_LINE);
    for number in 1_u64.. {
        let Some(length) = read_line(&mut input, &mut line, out).map_err(|stop| match stop {
            Stop::Read(error) => Failure::input(format!("line {number}: {error}")),
            Stop::Write(error) => Failure::from(error),
        })?
        else {
            break;
        };
        let text = match text_of(&line, length, number) {
            Ok(text) => text,
            Err(failure) => {
                out.flush()?;
                reports.bad(failure)?;
                continue;
            }
        };
        if text.trim().is_empty() {
            continue;
        }
        match source.read(text) {
            Ok(found) => {
                if !found.departures.is_empty() {
                    out.flush()?;
                    reports.note(&format!(
                        "line {number} is {}: converted as that start",
                        found.describe()
                    ));
                }
                notation.write(&found, out)?;
            }
            Err(failure) => {
                out.flush()?;
                reports.bad(Failure::input(format!("line {number}: {failure}")))?;
            }
        }
    }
    reports.finish()
}

/// Why [`read_line`] stopped short: the input could not be read, or the
/// output flushed before waiting for more input could not be written.
#[derive(Debug)]
enum Stop {
    Read(std::io::Error),
    Write(std::io::Error),
}

/// The text of line `number`, read into `line` from a line `length` bytes
/// long: refused when it is too long or not UTF-8, without a byte order
/// mark before the first line.
fn text_of(line: &[u8], length: usize, number: u64) -> Result<&str, Failure> {
    if length > LONGEST_LINE {
        return Err(Failure::input(format!(
            "line {number} is longer than {LONGEST_LINE} bytes ({length}): a start FEN has at most 90"
        )));
    }
    let text = std::str::from_utf8(line).map_err(|error| {
        let index = error.valid_up_to();
        Failure::input(format!(
            "line {number} is not UTF-8 text: byte 0x{:02X} at index {index} begins no character",
            line[index]
        ))
    })?;
    Ok(if number == 1 {
        text.strip_prefix('\u{feff}').unwrap_or(text)
    } else {
        text
    })
}

/// Reads the next line of `input` into `line`, without its newline, and
/// returns its length in bytes, or `None` at the end of the input. Of a
/// line longer than [`LONGEST_LINE`] bytes only the first are kept and the
/// rest is read and dropped as it comes (the length counts it all, up to
/// `usize::MAX`), so that a line costs no more memory than that. Before a
/// read that may wait (nothing left in `input`'s buffer), `out` is flushed.
fn read_line(
    input: &mut BufReader<impl Read>,
    line: &mut Vec<u8>,
    out: &mut dyn Write,
) -> Result<Option<usize>, Stop> {
    line.clear();
    let mut length: usize = 0;
    let mut any = false;
    loop {
        if input.buffer().is_empty() {
            out.flush().map_err(Stop::Write)?;
        }
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == ErrorKind::Interrupted => continue,
            Err(error) => return Err(Stop::Read(error)),
        };
        if available.is_empty() {
            return Ok(any.then_some(length));
        }
        any = true;
        let end = available.iter().position(|&byte| byte == b'\n');
        let chunk = &available[..end.unwrap_or(available.len())];
        let room = LONGEST_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length = length.saturating_add(chunk.len());
        let used = chunk.len() + usize::from(end.is_some());
        input.consume(used);
        if end.is_some() {
            return Ok(Some(length));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ConvertArgs, LONGEST_LINE, Notation, Source, convert, read_line};

    fn args(from: Source, to: Notation, positions: &[&str], keep_going: bool) -> ConvertArgs {
        ConvertArgs {
            from,
            to,
            keep_going,
            positions: positions.iter().map(ToString::to_string).collect(),
        }
    }

    fn converted(from: Source, to: Notation, positions: &[&str], input: &str) -> String {
        let mut out = Vec::new();
        convert(
            &args(from, to, positions, false),
            input.as_bytes(),
            &mut out,
            &mut Vec::new(),
        )
        .unwrap();
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

    #[test]
    fn a_byte_order_mark_before_the_first_line_is_ignored() {
        assert_eq!(
            converted(Source::Auto, Notation::Id, &[], "\u{feff}RNBQKBNR\r\n0\r\n"),
            "518\n0\n"
        );
    }

    #[test]
    fn keep_going_reports_each_bad_line_and_converts_the_rest() {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let mut input =
            format!("518\nRNBQKBNQ\n\n{}\n0\nRNBQKBNé\n", "R".repeat(5000)).into_bytes();
        input.extend_from_slice(b"RN\xffQKBNR\n");
        let result = convert(
            &args(Source::Auto, Notation::Id, &[], true),
            &input[..],
            &mut out,
            &mut err,
        );
        assert!(result.is_err());
        assert_eq!(String::from_utf8(out).unwrap(), "518\n0\n");
        assert_eq!(
            String::from_utf8(err).unwrap(),
            "chess960: line 2: a start rank has 1 queen, but this one has 2\n\
             chess960: line 4 is longer than 4096 bytes (5000): a start FEN has at most 90\n\
             chess960: line 6: U+00E9 'é' on the h-file is not a piece letter: write White's rank with K, Q, R, B and N, or Black's with k, q, r, b and n\n\
             chess960: line 7 is not UTF-8 text: byte 0xFF at index 2 begins no character\n"
        );
    }

    #[test]
    fn a_long_line_keeps_only_its_beginning() {
        let input = format!("{}\nx\n{}", "y".repeat(3 * LONGEST_LINE), "z".repeat(7));
        let mut input = std::io::BufReader::new(input.as_bytes());
        let mut line = Vec::new();
        let mut out = std::io::sink();
        assert_eq!(
            read_line(&mut input, &mut line, &mut out).unwrap(),
            Some(3 * LONGEST_LINE)
        );
        assert_eq!(line.len(), LONGEST_LINE);
        assert_eq!(read_line(&mut input, &mut line, &mut out).unwrap(), Some(1));
        assert_eq!(line, b"x");
        assert_eq!(read_line(&mut input, &mut line, &mut out).unwrap(), Some(7));
        assert_eq!(read_line(&mut input, &mut line, &mut out).unwrap(), None);
    }

    #[test]
    fn double_starts_and_departures() {
        let double = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
        assert_eq!(
            converted(Source::Auto, Notation::Id, &[double], ""),
            "518 534\n"
        );
        assert_eq!(
            converted(Source::Auto, Notation::DoubleId, &[double, "518"], ""),
            "497814\n497798\n"
        );
        assert_eq!(
            converted(Source::Auto, Notation::Rank, &[double], ""),
            "RNBQKBNR RNBKQBNR\n"
        );
        assert_eq!(
            converted(Source::Auto, Notation::ShredderFen, &[double], ""),
            format!("{double}\n")
        );
        let mut out = Vec::new();
        let mut err = Vec::new();
        convert(
            &args(Source::Auto, Notation::Id, &[], false),
            "bbnnrkrq/pppppppp/8/8/8/8/PPPPPPPP/BBNNRKRQ w - - 0 1\n".as_bytes(),
            &mut out,
            &mut err,
        )
        .unwrap();
        assert_eq!(out, b"80\n");
        assert_eq!(
            String::from_utf8(err).unwrap(),
            "chess960: note: line 1 is start position 80, castling rights removed: converted as that start\n"
        );
    }
}
