//! `chess960 show`: everything about one start position, for people or as JSON.

use crate::details::Details;
use crate::diagram::{self, Style};
use crate::failure::Failure;
use crate::json;
use crate::query::parse_position;
use crate::style::ColourChoice;
use chess960::Position;
use chess960::svg::{Diagram, Rgb};
use clap::Args;
use std::fmt::Write as _;
use std::io::Write;

/// The arguments of `chess960 show`.
#[derive(Args, Debug)]
pub(crate) struct ShowArgs {
    /// An id (0..=959, or SP518), a back rank such as RNBQKBNR or a start FEN.
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
    /// When to colour the diagram: on a terminal without NO_COLOR (auto),
    /// always or never.
    #[arg(long, value_enum, default_value = "auto")]
    color: ColourChoice,
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
    colours: SquareColours,
}

/// The squares' colours of an SVG picture (`show --svg`, `random --svg`).
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct SquareColours {
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
    let position = parse_position(&args.position)?;
    let options = args.options;
    if options.json {
        json::write(out, &Details::of(position))
    } else if options.picture.svg {
        let picture = options.picture;
        let mut diagram = Diagram::new(position)
            .flipped(picture.flip)
            .size(picture.size.unwrap_or(Diagram::DEFAULT_SIZE));
        if let Some(light) = picture.colours.light {
            diagram = diagram.light(light);
        }
        if let Some(dark) = picture.colours.dark {
            diagram = diagram.dark(dark);
        }
        Ok(write!(out, "{diagram}")?)
    } else {
        let style = Style {
            ascii: options.ascii,
            colour: options.color.on_stdout(),
        };
        Ok(out.write_all(text(position, style).as_bytes())?)
    }
}

/// The text `show` prints for people: a heading, the diagram and the facts.
fn text(position: Position, style: Style) -> String {
    let details = Details::of(position);
    let mut out = format!("SP {}  {}\n\n", details.id, details.rank);
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
    out
}

#[cfg(test)]
mod tests {
    use super::{ShowArgs, ShowOptions, run};
    use crate::style::ColourChoice;

    fn shown(position: &str, json: bool) -> String {
        let args = ShowArgs {
            position: position.to_owned(),
            options: ShowOptions {
                ascii: true,
                json,
                color: ColourChoice::Never,
                picture: super::Picture {
                    svg: false,
                    flip: false,
                    size: None,
                    colours: super::SquareColours {
                        light: None,
                        dark: None,
                    },
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
            text.ends_with("Kb1-g1, Rc1-f1  (UCI b1c1 or b1g1)\n"),
            "{text}"
        );
        let json: serde_json::Value = serde_json::from_str(&shown("959", true)).unwrap();
        assert_eq!(json["rank"], "RKRNNQBB");
        assert_eq!(json["black_rank"], "rkrnnqbb");
    }
}
