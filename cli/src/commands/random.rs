//! `chess960 random`: uniform draws, reproducible with a seed.

use crate::details::Details;
use crate::failure::Failure;
use crate::json;
use crate::query::parse_position;
use chess960::{Position, PositionSet, RandCore09};
use clap::Args;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::io::Write;

/// The arguments of `chess960 random`.
#[derive(Args, Debug)]
pub(crate) struct RandomArgs {
    /// How many positions to draw.
    #[arg(long, short = 'n', default_value_t = 1)]
    count: u64,
    /// Seed for a reproducible draw (ChaCha8); without it the operating
    /// system's random number generator seeds the draw.
    #[arg(long)]
    seed: Option<u64>,
    /// Positions never to draw, ids or ranks separated by commas
    /// (`--exclude 518` plays "Chess959").
    #[arg(long, value_name = "POSITIONS")]
    exclude: Vec<String>,
    /// Print JSON for scripts instead of text.
    #[arg(long)]
    json: bool,
}

/// Writes `args.count` draws, one line (`id rank`) or JSON object each, as
/// they are made, so a huge count streams.
pub(crate) fn run(args: &RandomArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let excluded = excluded(&args.exclude)?;
    if args.json {
        let mut array = json::Array::new(out);
        draw(args.count, args.seed, &excluded, |position| {
            array.push(&Details::of(position))
        })?;
        array.finish()
    } else {
        draw(args.count, args.seed, &excluded, |position| {
            Ok(writeln!(out, "{} {position}", position.id())?)
        })
    }
}

/// The positions `--exclude` names: ids or ranks separated by commas.
fn excluded(lists: &[String]) -> Result<PositionSet, Failure> {
    let mut set = PositionSet::EMPTY;
    for item in lists.iter().flat_map(|list| list.split(',')) {
        if !item.trim().is_empty() {
            let position = parse_position(item).map_err(|failure| {
                Failure::input(format!("--exclude {}: {failure}", item.trim()))
            })?;
            set = set.with(position);
        }
    }
    Ok(set)
}

/// Makes `count` uniform draws among the positions not in `excluded` and
/// hands each to `each` as it is made. The generator is ChaCha8, seeded with
/// `seed` when one is given (the same seed gives the same draws) and
/// otherwise from the operating system's RNG.
fn draw(
    count: u64,
    seed: Option<u64>,
    excluded: &PositionSet,
    mut each: impl FnMut(Position) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut rng = match seed {
        Some(seed) => ChaCha8Rng::seed_from_u64(seed),
        None => ChaCha8Rng::try_from_os_rng().map_err(|error| {
            Failure::internal(format!(
                "the operating system's random number generator failed: {error}"
            ))
        })?,
    };
    for _ in 0..count {
        let position = Position::random_excluding(&mut RandCore09(&mut rng), excluded)
            .map_err(|error| Failure::input(error.to_string()))?;
        each(position)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{RandomArgs, run};

    fn drawn(count: u64, exclude: &[&str], json: bool) -> String {
        let args = RandomArgs {
            count,
            seed: Some(7),
            exclude: exclude.iter().map(ToString::to_string).collect(),
            json,
        };
        let mut out = Vec::new();
        run(&args, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn text_and_json_give_the_same_draws() {
        let text = drawn(20, &["518, 0", "959"], false);
        let json: Vec<serde_json::Value> =
            serde_json::from_str(&drawn(20, &["518, 0", "959"], true)).unwrap();
        assert_eq!(text.lines().count(), 20);
        for (line, object) in text.lines().zip(&json) {
            assert_eq!(
                line,
                format!("{} {}", object["id"], object["rank"].as_str().unwrap())
            );
            assert!(!["518", "0", "959"].contains(&object["id"].to_string().as_str()));
        }
        assert_eq!(drawn(0, &[], true), "[]\n");
        assert_eq!(drawn(0, &[], false), "");
    }
}
