//! What a game record is: a Chess960 start (single or double), a start
//! with changed rules, the classical game, another variant, a position that
//! is no start, or an unreadable record. Exactly one for each record.

use super::record::{Record, RecordError};
use super::tags::{TagName, Tags};
use super::variant::Variant;
use chess960::{Departures, identify_fen};
use chess960::{DoublePosition, FenError, Position};
use core::fmt;

/// The kind of one game record.
///
/// ```
/// use chess960_games::read::{GameKind, TagName, Tags};
///
/// let mut tags = Tags::new();
/// tags.insert(TagName::Variant, "Chess960");
/// tags.insert(TagName::Fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
/// assert!(matches!(GameKind::classify(&tags), GameKind::Chess960(position) if position.id() == 0));
/// assert_eq!(GameKind::classify(&Tags::new()), GameKind::Standard);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameKind {
    /// A Chess960 start, exactly (in any FEN dialect). Id 518 counts here
    /// when the game is a Chess960 game by its `Variant` tag.
    Chess960(Position),
    /// A double Chess960 start: Black's back rank is another position.
    DoubleChess960(DoublePosition),
    /// A Chess960 (or double) start board, but the FEN changes the rules of
    /// the start: castling rights removed, Black to move, counters...
    ChangedRules {
        /// The start board.
        start: DoublePosition,
        /// How the FEN departs from the start.
        departures: Departures,
    },
    /// A standard game from the classical start (no `FEN`, or the classical
    /// start's FEN) under the ordinary rules.
    Standard,
    /// A game of another variant, by its `Variant` tag, whatever its FEN.
    OtherVariant(Variant),
    /// The `FEN` tag is no start position (a game from a position, or a
    /// broken FEN): the first rule it breaks.
    NotAStart(FenError),
    /// The record could not be read or placed.
    Unreadable(RecordError),
}

impl GameKind {
    /// The kind of a record: [`GameKind::Unreadable`] if it could not be
    /// read, else [`GameKind::classify`] of its tags.
    ///
    /// ```
    /// use chess960_games::read::{GameKind, Reader};
    ///
    /// let pgn = "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n*\n";
    /// let record = Reader::new(pgn.as_bytes()).next().unwrap();
    /// assert_eq!(GameKind::of(&record).name(), "chess960");
    /// ```
    pub fn of(record: &Record) -> GameKind {
        match record.error() {
            Some(error) => GameKind::Unreadable(error),
            None => GameKind::classify(record.tags()),
        }
    }

    /// The kind of a game from its tags.
    ///
    /// The `Variant` tag decides first: another variant is
    /// [`GameKind::OtherVariant`]. Then the `FEN` tags (with or without
    /// `SetUp`, which real archives leave out): none is the classical game
    /// (for a Chess960 game, start 518, as python-chess writes and reads
    /// it); repeated ones must
    /// agree ([`RecordError::ConflictingFens`]); each is identified by
    /// [`identify_fen`](chess960::identify_fen).
    pub fn classify(tags: &Tags) -> GameKind {
        let variant = Variant::from_name(tags.get(TagName::Variant).unwrap_or(""));
        if !matches!(variant, Variant::Standard | Variant::Chess960) {
            return GameKind::OtherVariant(variant);
        }
        let mut fens = tags.fens();
        let Some(first) = fens.next() else {
            // python-chess writes a Chess960 game from the classical start
            // with the variant and no FEN, and reads it back as 518.
            return if variant == Variant::Chess960 {
                GameKind::Chess960(Position::STANDARD)
            } else {
                GameKind::Standard
            };
        };
        let identified = identify_fen(first);
        for other in fens {
            let again = identify_fen(other);
            let agree = match (&identified, &again) {
                (Ok(one), Ok(two)) => one == two,
                (Err(_), Err(_)) => true,
                _ => false,
            };
            if !agree {
                return GameKind::Unreadable(RecordError::ConflictingFens);
            }
        }
        match identified {
            Err(error) => GameKind::NotAStart(error),
            Ok(identification) if !identification.is_exact() => GameKind::ChangedRules {
                start: identification.start(),
                departures: identification.departures(),
            },
            Ok(identification) => match identification.single() {
                Some(Position::STANDARD) if variant == Variant::Standard => GameKind::Standard,
                Some(position) => GameKind::Chess960(position),
                None => GameKind::DoubleChess960(identification.start()),
            },
        }
    }

    /// A short, stable name for tables: `chess960`, `double-chess960`,
    /// `changed-rules`, `standard`, `other-variant`, `not-a-start`,
    /// `unreadable`.
    ///
    /// ```
    /// assert_eq!(chess960_games::read::GameKind::Standard.name(), "standard");
    /// ```
    pub const fn name(&self) -> &'static str {
        match self {
            GameKind::Chess960(_) => "chess960",
            GameKind::DoubleChess960(_) => "double-chess960",
            GameKind::ChangedRules { .. } => "changed-rules",
            GameKind::Standard => "standard",
            GameKind::OtherVariant(_) => "other-variant",
            GameKind::NotAStart(_) => "not-a-start",
            GameKind::Unreadable(_) => "unreadable",
        }
    }

    /// The start board, for the kinds that have one.
    ///
    /// ```
    /// use chess960::{DoublePosition, Position};
    /// use chess960_games::read::GameKind;
    ///
    /// assert_eq!(
    ///     GameKind::Standard.start(),
    ///     Some(DoublePosition::from(Position::STANDARD))
    /// );
    /// ```
    pub fn start(&self) -> Option<DoublePosition> {
        match *self {
            GameKind::Chess960(position) => Some(position.into()),
            GameKind::DoubleChess960(start) | GameKind::ChangedRules { start, .. } => Some(start),
            GameKind::Standard => Some(Position::STANDARD.into()),
            _ => None,
        }
    }

    /// The start of a Chess960 game: as [`GameKind::start`], but `None` for
    /// the classical game, which is no Chess960 game. The `white_id` and
    /// `black_id` of a table of games (`chess960 games --games`).
    ///
    /// ```
    /// use chess960::Position;
    /// use chess960_games::read::GameKind;
    ///
    /// assert_eq!(GameKind::Standard.chess960_start(), None);
    /// let game = GameKind::Chess960(Position::STANDARD);
    /// assert_eq!(game.chess960_start(), Some(Position::STANDARD.into()));
    /// ```
    pub fn chess960_start(&self) -> Option<DoublePosition> {
        match self {
            GameKind::Standard => None,
            _ => self.start(),
        }
    }

    /// What a table of games says about a record of this kind with these
    /// tags besides its kind: how the FEN departs from the start (changed
    /// rules), the variant's name, why the FEN is no start, why the record
    /// is unreadable, or that a Chess960 game without a FEN was taken for
    /// start 518; `None` otherwise. The `detail` of `chess960 games --games`.
    ///
    /// ```
    /// use chess960_games::read::{GameKind, TagName, Tags, Variant};
    ///
    /// let tags = Tags::new();
    /// assert!(GameKind::Standard.detail(&tags).is_none());
    /// let other = GameKind::OtherVariant(Variant::from_name("Crazyhouse"));
    /// assert_eq!(other.detail(&tags).unwrap().to_string(), "Crazyhouse");
    ///
    /// let mut tags = Tags::new();
    /// tags.insert(TagName::Variant, "Chess960");
    /// let kind = GameKind::classify(&tags);
    /// assert!(kind.detail(&tags).unwrap().to_string().starts_with("no FEN"));
    /// ```
    pub fn detail(&self, tags: &Tags) -> Option<Detail<'_>> {
        match self {
            GameKind::ChangedRules { .. }
            | GameKind::OtherVariant(_)
            | GameKind::NotAStart(_)
            | GameKind::Unreadable(_) => Some(Detail(self)),
            GameKind::Chess960(_) if tags.fens().next().is_none() => Some(Detail(self)),
            _ => None,
        }
    }
}

/// The text of [`GameKind::detail`], written by `Display`.
#[derive(Clone, Copy, Debug)]
pub struct Detail<'a>(&'a GameKind);

impl fmt::Display for Detail<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            GameKind::ChangedRules { departures, .. } => departures.fmt(f),
            GameKind::OtherVariant(variant) => f.write_str(variant.name()),
            GameKind::NotAStart(error) => error.fmt(f),
            GameKind::Unreadable(error) => error.fmt(f),
            // `detail` gives a `Chess960` kind only for a game without a FEN.
            GameKind::Chess960(_) => {
                f.write_str("no FEN: the classical start 518, as python-chess writes it")
            }
            _ => Ok(()),
        }
    }
}
