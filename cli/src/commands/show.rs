//! `chess960 show`: everything about one start position, for people or as
//! JSON; also a double Chess960 start, and a start read from a FEN that
//! departs from it (castling rights removed, Black to move, ...), which is
//! shown with a note saying how.

use crate::details::{CastlingMove, Details, StartDetails};
use crate::diagram::{self, Style};
use crate::failure::Failure;
use crate::json;
use crate::query::{self, Found};
use crate::style::ColorChoice;
use chess960::svg::{Diagram, Rgb};
use chess960::{CastlingSide, Color, DoublePosition, Eval, Position};
use clap::Args;
use std::fmt::Write as _;
use std::io::Write;

/// The arguments of `chess960 show`.
#[derive(Args, Debug)]
pub(crate) struct ShowArgs {
    /// An id (0..=959, or SP518), a back rank such as RNBQKBNR or a start
    /// FEN, also of a double Chess960 start or one with rules changed.
    #[arg(allow_negative_numbers = true, value_name = "POSITION")]
    pub(crate) position: String,
    #[command(flatten)]
    pub(crate) options: ShowOptions,
}

/// How `show` prints a position; also the options of `chess960 POSITION`.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct ShowOptions {
    /// Draw the diagram with letters instead of chess symbols.
    #[arg(long)]
    ascii: bool,
    /// Print JSON for scripts instead of text.
    #[arg(long, conflicts_with = "svg")]
    json: bool,
    /// When to colour the diagram: on a terminal without NO_COLOR and not
    /// TERM=dumb (auto),
    /// always or never.
    #[arg(long, value_enum, default_value = "auto")]
    color: ColorChoice,
    #[command(flatten)]
    picture: Picture,
}

/// The SVG picture `show --svg` writes and its options.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct Picture {
    /// Write a standalone SVG picture of the start instead of text:
    /// `chess960 show 518 --svg > 518.svg`.
    #[arg(long, conflicts_with = "ascii")]
    svg: bool,
    /// With --svg: the board seen from Black's side (rank 8 at the bottom).
    #[arg(long, requires = "svg")]
    flip: bool,
    /// With --svg: the picture's width in pixels (480 unless given); the
    /// height follows, and the picture scales without loss.
    #[arg(long, requires = "svg", value_name = "PIXELS",
          value_parser = clap::value_parser!(u32).range(16..=20_000))]
    size: Option<u32>,
    #[command(flatten)]
    colors: SquareColors,
}

/// The squares' colours of an SVG picture (`show --svg`, `random --svg`);
/// by default, the library's.
#[derive(Args, Debug, Clone, Copy, Default)]
pub(crate) struct SquareColors {
    /// With --svg: the light squares' colour, #rrggbb or #rgb (# optional;
    /// quote it in a shell).
    #[arg(long, requires = "svg", value_name = "COLOUR")]
    pub(crate) light: Option<Rgb>,
    /// With --svg: the dark squares' colour, #rrggbb or #rgb.
    #[arg(long, requires = "svg", value_name = "COLOUR")]
    pub(crate) dark: Option<Rgb>,
}

/// Writes the position `args` names, as text or JSON. `--color auto`
/// colours only when standard output is a terminal, whatever `out` is.
pub(crate) fn run(args: &ShowArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let found = query::identify(&args.position)?;
    let options = args.options;
    if options.json {
        json::write(out, &StartDetails::of(&found))
    } else if options.picture.svg {
        let picture = options.picture;
        let diagram = match found.single() {
            Some(position) => Diagram::new(position),
            None => Diagram::double(found.start),
        };
        let mut diagram = diagram
            .flipped(picture.flip)
            .size(picture.size.unwrap_or(Diagram::DEFAULT_SIZE));
        if let Some(light) = picture.colors.light {
            diagram = diagram.light(light);
        }
        if let Some(dark) = picture.colors.dark {
            diagram = diagram.dark(dark);
        }
        Ok(write!(out, "{diagram}")?)
    } else {
        let style = Style {
            ascii: options.ascii,
            color: options.color.on_stdout(),
        };
        let text = match found.single() {
            Some(position) => text(position, &found, style),
            None => double_text(found.start, &found, style),
        };
        Ok(out.write_all(text.as_bytes())?)
    }
}

/// The note under the heading when the FEN departs from its start: "The
/// FEN departs from this start: castling rights removed".
fn note(found: &Found) -> String {
    if found.departures.is_empty() {
        String::new()
    } else {
        format!("The FEN departs from this start: {}\n", found.departures)
    }
}

/// The text `show` prints for people: a heading, the diagram and the facts.
fn text(position: Position, found: &Found, style: Style) -> String {
    let details = Details::of(position);
    let mut out = format!("SP {}  {}\n{}\n", details.id, details.rank, note(found));
    out.push_str(&diagram::render(position, style));
    out.push('\n');
    let mut line = |label: &str, value: &str| {
        let _ = writeln!(out, "{label:<14}{value}");
    };
    line("X-FEN", &details.fen);
    line("Shredder-FEN", &details.shredder_fen);
    line(
        "Mirror",
        &format!("{} {}", details.mirror, position.mirrored()),
    );
    line("Fritz 9", &details.fritz9.to_string());
    line("1-based", &details.one_based.to_string());
    line(
        "Bishops",
        &format!(
            "code {}: light {}1 ({}), dark {}1 ({})",
            details.bishop_code,
            position.light_bishop_file(),
            details.light_bishop,
            position.dark_bishop_file(),
            details.dark_bishop
        ),
    );
    line(
        "Queen",
        &format!("slot {} ({}1)", details.queen_slot, details.files.queen),
    );
    let [first, second] = details.files.knights;
    line(
        "Knights",
        &format!("code {} ({first}1, {second}1)", details.knight_code),
    );
    for (label, castling) in ["Castling", ""].into_iter().zip(&details.castling) {
        line(label, &castling.describe());
    }
    line("Eval", &evaluation(position.eval()));
    out
}

/// The evaluation line: `+23 cp, W/D/L 29/968/3, depth 23, best c2c4
/// (Stockfish 15.1, 1000000 nodes, mean of 4 runs)`.
fn evaluation(eval: Eval) -> String {
    format!(
        "{eval} ({}, {} nodes, mean of {} run{})",
        Eval::ENGINE,
        Eval::NODES,
        Eval::RUNS,
        if Eval::RUNS == 1 { "" } else { "s" }
    )
}

/// The text `show` prints of a double Chess960 start: a heading with the
/// double id, the diagram, the FENs, each side's position and castling.
fn double_text(start: DoublePosition, found: &Found, style: Style) -> String {
    let (white, black) = (start.white(), start.black());
    let mut out = format!(
        "Double Chess960 {}: White SP {} {white}, Black SP {} {black}\n{}\n",
        start.id(),
        white.id(),
        black.id(),
        note(found)
    );
    out.push_str(&diagram::render_double(start, style));
    out.push('\n');
    let mut line = |label: &str, value: &str| {
        let _ = writeln!(out, "{label:<14}{value}");
    };
    line("X-FEN", start.fen(chess960::FenStyle::XFen).as_str());
    line(
        "Shredder-FEN",
        start.fen(chess960::FenStyle::Shredder).as_str(),
    );
    line(
        "Double id",
        &format!("{} = {} * 960 + {}", start.id(), white.id(), black.id()),
    );
    line("White", &format!("SP {} {white}", white.id()));
    line("Black", &format!("SP {} {black}", black.id()));
    let mut label = "Castling";
    for (color, position) in [(Color::White, white), (Color::Black, black)] {
        for (index, side) in CastlingSide::ALL.into_iter().enumerate() {
            let name = if index == 0 {
                format!("{color}")
            } else {
                String::new()
            };
            let castling = CastlingMove::of_color(position, side, color);
            line(label, &format!("{name:<6}{}", castling.describe()));
            label = "";
        }
    }
    line(
        "Eval",
        "none: a pair's evaluation is not the sum of its two starts'",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::{ShowArgs, ShowOptions, run};
    use crate::style::ColorChoice;

    fn shown(position: &str, json: bool) -> String {
        let args = ShowArgs {
            position: position.to_owned(),
            options: ShowOptions {
                ascii: true,
                json,
                color: ColorChoice::Never,
                picture: super::Picture {
                    svg: false,
                    flip: false,
                    size: None,
                    colors: super::SquareColors::default(),
                },
            },
        };
        let mut out = Vec::new();
        run(&args, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn writes_text_or_json_to_the_given_writer() {
        let text = shown("SP959", false);
        assert!(text.starts_with("SP 959  RKRNNQBB\n\n8  r k r n n q b b\n"));
        assert!(
            text.contains("Kb1-g1, Rc1-f1  (UCI b1c1 or b1g1)\nEval          "),
            "{text}"
        );
        let json: serde_json::Value = serde_json::from_str(&shown("959", true)).unwrap();
        assert_eq!(json["rank"], "RKRNNQBB");
        assert_eq!(json["black_rank"], "rkrnnqbb");
    }
}
