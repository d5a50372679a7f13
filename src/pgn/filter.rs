//! Which games to count: a rating range, matches on `Event`, `Variant`
//! and `TimeControl`, and the players.

use super::players::Players;
use super::tags::{TagName, Tags};
use crate::Color;
use std::string::String;

/// A filter on a game's tags; the default lets every game through.
///
/// ```
/// use chess960::pgn::{Filter, TagName, Tags};
///
/// let filter = Filter::new().min_elo(2000).event("titled");
/// let mut tags = Tags::new();
/// tags.insert(TagName::Event, "Titled Arena");
/// tags.insert(TagName::WhiteElo, "2400");
/// tags.insert(TagName::BlackElo, "2100");
/// assert!(filter.matches(&tags));
/// tags.clear();
/// tags.insert(TagName::Event, "Titled Arena");
/// tags.insert(TagName::WhiteElo, "2400");
/// assert!(!filter.matches(&tags), "Black's rating is unknown");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    min_elo: Option<u32>,
    max_elo: Option<u32>,
    event: Option<String>,
    variant: Option<String>,
    time_control: Option<String>,
    players: Players,
}

impl Filter {
    /// Every game passes.
    pub fn new() -> Filter {
        Filter::default()
    }

    /// Both players rated at least `elo` (games without both ratings fail).
    #[must_use]
    pub fn min_elo(mut self, elo: u32) -> Filter {
        self.min_elo = Some(elo);
        self
    }

    /// Both players rated at most `elo` (games without both ratings fail).
    #[must_use]
    pub fn max_elo(mut self, elo: u32) -> Filter {
        self.max_elo = Some(elo);
        self
    }

    /// The `Event` tag contains `text`, ignoring case.
    #[must_use]
    pub fn event(mut self, text: &str) -> Filter {
        self.event = Some(text.to_lowercase());
        self
    }

    /// The `Variant` tag contains `text`, ignoring case.
    #[must_use]
    pub fn variant(mut self, text: &str) -> Filter {
        self.variant = Some(text.to_lowercase());
        self
    }

    /// The `TimeControl` tag is `text` exactly (such as `180+2`).
    #[must_use]
    pub fn time_control(mut self, text: &str) -> Filter {
        self.time_control = Some(text.into());
        self
    }

    /// The game is played by `name` (its `White` or `Black` tag, as
    /// [`Players`] matches names); with several names, by any of them.
    ///
    /// ```
    /// use chess960::pgn::{Filter, TagName, Tags};
    ///
    /// let filter = Filter::new().player("alice").player("alice_blitz");
    /// let mut tags = Tags::new();
    /// tags.insert(TagName::White, "Bob");
    /// tags.insert(TagName::Black, "Alice_Blitz");
    /// assert!(filter.matches(&tags));
    /// ```
    #[must_use]
    pub fn player(mut self, name: &str) -> Filter {
        self.players.add(name);
        self
    }

    /// Whether a game's tags pass every condition set.
    pub fn matches(&self, tags: &Tags) -> bool {
        if self.min_elo.is_some() || self.max_elo.is_some() {
            let low = self.min_elo.unwrap_or(0);
            let high = self.max_elo.unwrap_or(u32::MAX);
            for color in Color::ALL {
                match tags.elo(color) {
                    Some(elo) if (low..=high).contains(&elo) => {}
                    _ => return false,
                }
            }
        }
        let contains = |name: TagName, wanted: &Option<String>| match wanted {
            None => true,
            Some(wanted) => tags
                .get(name)
                .is_some_and(|value| value.to_lowercase().contains(wanted.as_str())),
        };
        contains(TagName::Event, &self.event)
            && contains(TagName::Variant, &self.variant)
            && self
                .time_control
                .as_ref()
                .is_none_or(|wanted| tags.get(TagName::TimeControl) == Some(wanted.as_str()))
            && (self.players.is_empty() || self.players.seat(tags).is_some())
    }
}
