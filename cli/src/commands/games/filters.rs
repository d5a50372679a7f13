//! The filters every subcommand of `chess960 games` shares (start sets,
//! ratings, event, variant, time control, players), defined once and
//! flattened into each, and the [`Filter`] they make.

use crate::failure::Failure;
use chess960::PositionSet;
use chess960_games::read::Filter;
use clap::Args;

/// Which games count: the filters of every subcommand.
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct Filters {
    /// Only games whose start is in SET: ids, ranges (`0-99`), back ranks
    /// in either colour, `SP518`, starts by engine evaluation in
    /// centipawns for White (`eval:-15..15`, `eval:..20`, `eval:60..`),
    /// comma-separated. A double Chess960 game
    /// passes when both its White and its Black start are in SET; a
    /// standard game starts from 518; a game whose FEN changes the rules
    /// of a start counts by its board.
    #[arg(long, value_name = "SET")]
    pub(crate) start: Option<String>,
    /// Only games where both players are rated at least this.
    #[arg(long, value_name = "ELO")]
    pub(crate) min_elo: Option<u32>,
    /// Only games where both players are rated at most this.
    #[arg(long, value_name = "ELO")]
    pub(crate) max_elo: Option<u32>,
    /// Only games whose `Event` tag contains this text (any case).
    #[arg(long, value_name = "TEXT")]
    pub(crate) event: Option<String>,
    /// Only games whose `Variant` tag contains this text (any case).
    #[arg(long, value_name = "TEXT")]
    pub(crate) variant: Option<String>,
    /// Only games with exactly this `TimeControl` tag (such as 180+2).
    #[arg(long, value_name = "TEXT")]
    pub(crate) time_control: Option<String>,
}

/// Only a player's games: the filter of `list`, `extract` and `openings`
/// (and `player`'s further names).
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct PlayerFilter {
    /// Only this player's games (the `White` or `Black` tag, any case,
    /// whole name); the summary on standard error then also gives the
    /// player's record. Repeat it for a player's other names (accounts,
    /// engine versions); a game between two of them is a self-game and is
    /// not counted.
    #[arg(long, value_name = "NAME")]
    pub(crate) player: Vec<String>,
}

/// Refuses a blank player's name.
pub(crate) fn check_names(names: &[String]) -> Result<(), Failure> {
    match names.iter().find(|name| name.trim().is_empty()) {
        Some(name) => Err(Failure::input(format!(
            "--player needs a name, not {name:?}"
        ))),
        None => Ok(()),
    }
}

/// A player's name given as a word of its own (`games player NAME`): not
/// blank.
pub(crate) fn name(text: &str) -> Result<String, String> {
    if text.trim().is_empty() {
        return Err("a player's name cannot be blank".to_owned());
    }
    Ok(text.to_owned())
}

/// The filter of `filters` and the players `names`.
pub(crate) fn filter(filters: &Filters, names: &[String]) -> Result<Filter, Failure> {
    let mut filter = Filter::new();
    if let Some(elo) = filters.min_elo {
        filter = filter.min_elo(elo);
    }
    if let Some(elo) = filters.max_elo {
        filter = filter.max_elo(elo);
    }
    if let Some(text) = &filters.event {
        filter = filter.event(text);
    }
    if let Some(text) = &filters.variant {
        filter = filter.variant(text);
    }
    if let Some(text) = &filters.time_control {
        filter = filter.time_control(text);
    }
    for name in names {
        filter = filter.player(name);
    }
    if let Some(text) = &filters.start {
        let set: PositionSet = text
            .parse()
            .map_err(|error| Failure::input(format!("--start {text:?}: {error}")))?;
        filter = filter.starts(set);
    }
    Ok(filter)
}
