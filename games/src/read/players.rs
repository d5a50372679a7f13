//! Which side a player had in a game: names matched against the `White`
//! and `Black` tags, ignoring case.

use super::tags::{TagName, Tags};
use chess960::Color;
use std::string::String;
use std::vec::Vec;

/// The names one player goes by (a person's accounts, an engine's
/// versions), matched against a game's `White` and `Black` tags.
///
/// A name matches a tag when both are equal once trimmed and lowercased
/// (Unicode lowercase: `ÉLODIE` is `élodie`); a name does not match a part
/// of a tag. A name that is empty once trimmed is ignored.
///
/// ```
/// use chess960_games::read::{Players, Seat, TagName, Tags};
///
/// let players: Players = ["Stockfish 17", "stockfish 16.1"].into_iter().collect();
/// let mut tags = Tags::new();
/// tags.insert(TagName::White, "Leela");
/// tags.insert(TagName::Black, "STOCKFISH 17");
/// assert_eq!(players.seat(&tags), Some(Seat::Black));
/// tags.clear();
/// tags.insert(TagName::White, "Stockfish 16.1");
/// tags.insert(TagName::Black, "Stockfish 17");
/// assert_eq!(players.seat(&tags), Some(Seat::Both));
/// tags.clear();
/// tags.insert(TagName::White, "Stockfish 17.1");
/// assert_eq!(players.seat(&tags), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Players {
    /// Trimmed and lowercased, no duplicates, in the order added.
    names: Vec<String>,
}

/// The side(s) a player had in a game.
///
/// ```
/// use chess960::Color;
/// use chess960_games::read::Seat;
///
/// assert_eq!(Seat::Black.color(), Some(Color::Black));
/// assert_eq!(Seat::Both.color(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The player had White.
    White,
    /// The player had Black.
    Black,
    /// Both `White` and `Black` are the player's names: a game against
    /// themselves (two accounts, two versions of one engine).
    Both,
}

impl Seat {
    /// The player's colour; `None` for [`Seat::Both`].
    pub const fn color(self) -> Option<Color> {
        match self {
            Seat::White => Some(Color::White),
            Seat::Black => Some(Color::Black),
            Seat::Both => None,
        }
    }
}

impl Players {
    /// No names: matches no game.
    ///
    /// ```
    /// assert!(chess960_games::read::Players::new().is_empty());
    /// ```
    pub fn new() -> Players {
        Players::default()
    }

    /// Adds a name (ignored when empty once trimmed, or already there).
    ///
    /// ```
    /// use chess960_games::read::Players;
    ///
    /// let mut players = Players::new();
    /// players.add(" Magnus ");
    /// players.add("MAGNUS");
    /// players.add("  ");
    /// assert_eq!(players.names().collect::<Vec<_>>(), ["magnus"]);
    /// ```
    pub fn add(&mut self, name: &str) {
        let name = name.trim().to_lowercase();
        if !name.is_empty() && !self.names.contains(&name) {
            self.names.push(name);
        }
    }

    /// Whether no name was given.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The names, trimmed and lowercased, in the order added.
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.names.iter().map(String::as_str)
    }

    /// Whether a tag value is one of the names.
    ///
    /// ```
    /// let players: chess960_games::read::Players = ["DrNykterstein"].into_iter().collect();
    /// assert!(players.is(" drnykterstein"));
    /// assert!(!players.is("DrNykterstein2"));
    /// ```
    pub fn is(&self, value: &str) -> bool {
        let value = value.trim();
        if value.is_ascii() {
            // No allocation on the common path: an ASCII value equals a
            // lowercased name only if the name is ASCII too.
            self.names
                .iter()
                .any(|name| name.eq_ignore_ascii_case(value))
        } else {
            let value = value.to_lowercase();
            self.names.contains(&value)
        }
    }

    /// The side(s) the player had in a game, by its `White` and `Black`
    /// tags; `None` when neither is theirs.
    pub fn seat(&self, tags: &Tags) -> Option<Seat> {
        if self.names.is_empty() {
            return None;
        }
        let white = tags.get(TagName::White).is_some_and(|name| self.is(name));
        let black = tags.get(TagName::Black).is_some_and(|name| self.is(name));
        match (white, black) {
            (true, true) => Some(Seat::Both),
            (true, false) => Some(Seat::White),
            (false, true) => Some(Seat::Black),
            (false, false) => None,
        }
    }
}

impl<S: AsRef<str>> FromIterator<S> for Players {
    fn from_iter<I: IntoIterator<Item = S>>(names: I) -> Players {
        let mut players = Players::new();
        for name in names {
            players.add(name.as_ref());
        }
        players
    }
}
