//! `chess960 random`: uniform draws, one per round of an event; a text
//! seed makes them reproducible by the documented SHA-256 procedure, and
//! `--svg` writes the arbiter's printable sheet of all rounds.

use super::show::SquareColors;
use crate::details::Details;
use crate::echo;
use crate::failure::Failure;
use crate::json;
use chess960::svg::Sheet;
use chess960::{ParsePositionSetError, Position, PositionSet, RandCore09, SeededDraw};
use clap::Args;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::fmt::Write as _;
use std::io::Write;

/// The most rounds `--svg` puts on a sheet: a distinct draw has no more.
const SHEET_ROUNDS: u64 = Position::COUNT as u64;

/// The arguments of `chess960 random`.
#[derive(Args, Debug)]
pub(crate) struct RandomArgs {
    /// How many positions to draw: one per round.
    #[arg(long, short = 'n', default_value_t = 1, allow_negative_numbers = true,
          value_parser = parse_count)]
    count: u64,
    /// Any text, such as the event's name and date or a number announced
    /// beforehand: the same seed gives the same draw in every version, and
    /// anyone can re-check it without this program (round r, attempt a:
    /// SHA-256 of "seed NUL r NUL a"; the README's "Event draws" has the
    /// procedure). A number is text too. Without --seed the operating
    /// system's random numbers seed the draw (ChaCha8).
    #[arg(long, value_name = "TEXT")]
    seed: Option<String>,
    /// Never the same position twice: every round differs from the earlier
    /// ones.
    #[arg(long)]
    distinct: bool,
    /// Positions never to draw: ids, ranges of ids (0-99), ranks, SP labels
    /// or ranges of engine evaluations in centipawns for White (eval:50..)
    /// separated by commas (`--exclude 518` plays "Chess959",
    /// `--exclude eval:50..,eval:..-50` only balanced starts); may be given
    /// more than once.
    #[arg(long, value_name = "POSITIONS")]
    exclude: Vec<String>,
    /// Print JSON Lines for scripts instead of text: one object a line, as
    /// `show --json` writes it but compact.
    #[arg(long, conflicts_with = "svg")]
    json: bool,
    /// Write a printable sheet of all rounds instead of text: an SVG of A4
    /// pages, one round under the other ("Round 1", "SP 518 RNBQKBNR" and
    /// White's back rank drawn), twelve rounds to a page.
    #[arg(long)]
    svg: bool,
    /// With --svg: the sheet's title (the seed unless given).
    #[arg(long, requires = "svg", value_name = "TEXT")]
    title: Option<String>,
    #[command(flatten)]
    colors: SquareColors,
}

/// Reads `--count`: a whole number, 0 or more, said so when it is negative.
fn parse_count(text: &str) -> Result<u64, String> {
    if text.trim_start().starts_with('-') {
        return Err("a count is not negative: write 0 or more".to_owned());
    }
    text.parse()
        .map_err(|_| format!("a count is a whole number from 0 to {}", u64::MAX))
}

/// Writes `args.count` draws, one line (`id rank`) or JSON Lines object each, as
/// they are made, so a huge count streams; or, with `--svg`, the sheet of
/// all of them.
pub(crate) fn run(args: &RandomArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let excluded = excluded(&args.exclude)?;
    if args.svg {
        if args.count > SHEET_ROUNDS {
            return Err(Failure::input(format!(
                "--svg: a sheet holds at most {SHEET_ROUNDS} rounds, not {}",
                args.count
            )));
        }
        let mut rounds = Vec::new();
        draw(args, &excluded, |position| {
            rounds.push(position);
            Ok(())
        })?;
        let note = note(args, &excluded);
        let mut sheet = Sheet::new(&rounds).note(&note);
        if let Some(title) = args.title.as_deref().or(args.seed.as_deref()) {
            sheet = sheet.title(title);
        }
        if let Some(light) = args.colors.light {
            sheet = sheet.light(light);
        }
        if let Some(dark) = args.colors.dark {
            sheet = sheet.dark(dark);
        }
        Ok(write!(out, "{sheet}")?)
    } else if args.json {
        draw(args, &excluded, |position| {
            json::line(out, &Details::of(position))
        })
    } else {
        draw(args, &excluded, |position| {
            Ok(writeln!(out, "{} {position}", position.id())?)
        })
    }
}

/// The positions `--exclude` names, each occurrence a set in the library's
/// grammar (ids, ranges such as `0-99`, ranks, labels, `eval:MIN..MAX`,
/// separated by commas). A bad item is named by its own text.
fn excluded(lists: &[String]) -> Result<PositionSet, Failure> {
    let mut set = PositionSet::EMPTY;
    for list in lists {
        let more = list.parse::<PositionSet>().map_err(|error| {
            let (item, reason) = match error {
                ParsePositionSetError::Position { item, error } => (item, error.to_string()),
                ParsePositionSetError::EvalRange { item, error } => (item, error.to_string()),
                _ => (0, error.to_string()),
            };
            let text = list.split(',').nth(item.wrapping_sub(1)).unwrap_or(list);
            Failure::input(format!(
                "--exclude {}: {reason}",
                echo::shortened(text.trim())
            ))
        })?;
        set |= more;
    }
    Ok(set)
}

/// Makes `args.count` uniform draws among the positions not in `excluded`
/// (and, with `--distinct`, not drawn before) and hands each to `each` as
/// it is made. With a seed, by the documented SHA-256 procedure
/// ([`SeededDraw`]); without, ChaCha8 seeded by the operating system.
fn draw(
    args: &RandomArgs,
    excluded: &PositionSet,
    mut each: impl FnMut(Position) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let available = excluded.complement().len();
    if args.count > 0 && available == 0 {
        return Err(Failure::input(
            "every start position is excluded: there is none left to draw",
        ));
    }
    if args.distinct && args.count > u64::from(available) {
        return Err(Failure::input(format!(
            "--count {} --distinct: only {available} positions are left to draw",
            args.count
        )));
    }
    if let Some(seed) = &args.seed {
        let rounds = SeededDraw::new(seed)
            .excluding(excluded)
            .distinct(args.distinct);
        for round in rounds.take(usize::try_from(args.count).unwrap_or(usize::MAX)) {
            each(round.position())?;
        }
        return Ok(());
    }
    let mut rng = ChaCha8Rng::try_from_os_rng().map_err(|error| {
        Failure::internal(format!(
            "the operating system's random number generator failed: {error}"
        ))
    })?;
    let mut taken = *excluded;
    for _ in 0..args.count {
        let position = Position::random_excluding(&mut RandCore09(&mut rng), &taken)
            .map_err(|error| Failure::input(error.to_string()))?;
        if args.distinct {
            taken = taken.with(position);
        }
        each(position)?;
    }
    Ok(())
}

/// The sheet's small print: how the draw was made and how to re-check it.
fn note(args: &RandomArgs, excluded: &PositionSet) -> String {
    let Some(seed) = &args.seed else {
        return "Drawn with the operating system's random numbers: no seed, not reproducible."
            .to_owned();
    };
    let mut command = format!("chess960 random --count {}", args.count);
    if args.distinct {
        command.push_str(" --distinct");
    }
    let _ = write!(command, " --seed {seed:?}");
    match excluded.len() {
        0 => {}
        1..=12 => {
            let ids: Vec<String> = excluded.iter().map(|p| p.id().to_string()).collect();
            let _ = write!(command, " --exclude {}", ids.join(","));
        }
        count => {
            let _ = write!(command, " (and {count} positions excluded)");
        }
    }
    format!("Re-check: {command}\n{}", SeededDraw::PROCEDURE)
}

#[cfg(test)]
mod tests {
    use super::{RandomArgs, run};

    fn drawn(count: u64, exclude: &[&str], json: bool) -> String {
        let args = RandomArgs {
            count,
            seed: Some("7".to_owned()),
            distinct: false,
            exclude: exclude.iter().map(ToString::to_string).collect(),
            json,
            svg: false,
            title: None,
            colors: super::SquareColors::default(),
        };
        let mut out = Vec::new();
        run(&args, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn text_and_json_give_the_same_draws() {
        let text = drawn(20, &["518, 0", "959-959"], false);
        let json: Vec<serde_json::Value> = drawn(20, &["518, 0", "959-959"], true)
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(json.len(), 20);
        assert_eq!(text.lines().count(), 20);
        for (line, object) in text.lines().zip(&json) {
            assert_eq!(
                line,
                format!("{} {}", object["id"], object["rank"].as_str().unwrap())
            );
            assert!(!["518", "0", "959"].contains(&object["id"].to_string().as_str()));
        }
        assert_eq!(drawn(0, &[], true), "");
        assert_eq!(drawn(0, &[], false), "");
    }
}
