//! Which games to count: a rating range, matches on `Event`, `Variant`
//! and `TimeControl`, the players, and the start positions.

use super::kind::GameKind;
use super::players::Players;
use super::tags::{TagName, Tags};
use chess960::{Color, PositionSet};
use std::string::String;

/// A filter on a game's tags; the default lets every game through.
///
/// ```
/// use chess960_games::read::{Filter, TagName, Tags};
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
    starts: Option<PositionSet>,
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
    /// use chess960_games::read::{Filter, TagName, Tags};
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

    /// The game's start is in `set`: its start board's White and Black
    /// back ranks both, so a double Chess960 game passes when both of its
    /// positions are in the set. A game without a start board (another
    /// variant, a position that is no start, an unreadable record) fails.
    /// A standard game starts from 518; a game whose FEN changes the rules
    /// of a start (`GameKind::ChangedRules`) counts by its board.
    ///
    /// ```
    /// use chess960::PositionSet;
    /// use chess960_games::read::{Filter, TagName, Tags};
    ///
    /// let filter = Filter::new().starts("451,518".parse::<PositionSet>()?);
    /// let mut tags = Tags::new();
    /// tags.insert(TagName::Variant, "Chess960");
    /// tags.insert(TagName::Fen, "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/BRNNKQRB w KQkq - 0 1");
    /// assert!(filter.matches(&tags));
    /// tags.clear();
    /// tags.insert(TagName::Variant, "Chess960");
    /// tags.insert(TagName::Fen, "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert!(!filter.matches(&tags), "White's start is 0");
    /// # Ok::<(), chess960::ParsePositionSetError>(())
    /// ```
    #[must_use]
    pub fn starts(mut self, set: PositionSet) -> Filter {
        self.starts = Some(set);
        self
    }

    /// Whether a game of this kind passes the start condition (every kind
    /// does when no start set is given): for a caller that has placed the
    /// game already, so that [`Filter::accepts`] need not place it again.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    /// use chess960_games::read::{Filter, GameKind};
    ///
    /// let filter = Filter::new().starts(PositionSet::EMPTY.with(Position::STANDARD));
    /// assert!(filter.start_matches(&GameKind::Standard));
    /// assert!(!filter.start_matches(&GameKind::Chess960(Position::from_id(0)?)));
    /// # Ok::<(), chess960::PositionError>(())
    /// ```
    pub fn start_matches(&self, kind: &GameKind) -> bool {
        self.starts.is_none_or(|set| {
            kind.start()
                .is_some_and(|start| set.contains(start.white()) && set.contains(start.black()))
        })
    }

    /// Whether a game passes every condition set, its kind already known
    /// (as [`GameKind::of`] or [`GameKind::classify`] gave it).
    ///
    /// ```
    /// use chess960::PositionSet;
    /// use chess960_games::read::{Filter, GameKind, Reader};
    ///
    /// let pgn = "[Variant \"Chess960\"]\n[FEN \"brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/BRNNKQRB w KQkq - 0 1\"]\n\n*\n";
    /// let filter = Filter::new().starts("SP451".parse::<PositionSet>()?);
    /// let mut reader = Reader::new(pgn.as_bytes());
    /// let record = reader.next_record().unwrap();
    /// assert!(filter.accepts(record.tags(), &GameKind::of(record)));
    /// # Ok::<(), chess960::ParsePositionSetError>(())
    /// ```
    pub fn accepts(&self, tags: &Tags, kind: &GameKind) -> bool {
        self.start_matches(kind) && self.tags_match(tags)
    }

    /// Whether a game's tags pass every condition set (the start set by
    /// placing the game with [`GameKind::classify`]).
    pub fn matches(&self, tags: &Tags) -> bool {
        if self.starts.is_some() && !self.start_matches(&GameKind::classify(tags)) {
            return false;
        }
        self.tags_match(tags)
    }

    /// The conditions on tags other than the start.
    fn tags_match(&self, tags: &Tags) -> bool {
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
