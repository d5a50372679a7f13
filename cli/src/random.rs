//! `chess960 random`: uniform draws, reproducible with a seed.

use crate::failure::Failure;
use crate::query::parse_position;
use chess960::{Position, PositionSet};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// The positions `--exclude` names: ids or ranks separated by commas.
pub(crate) fn excluded(lists: &[String]) -> Result<PositionSet, Failure> {
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
pub(crate) fn draw(
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
        let position = Position::random_excluding(&mut rng, excluded)
            .map_err(|error| Failure::input(error.to_string()))?;
        each(position)?;
    }
    Ok(())
}
