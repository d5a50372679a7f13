//! Why a game's moves could not be replayed: the game is of a kind that
//! is not replayed, or one of its moves is no legal move.

use core::fmt;
use std::string::String;

/// Why a record is not replayed at all.
///
/// ```
/// use chess960_games::replay::NotReplayed;
///
/// assert_eq!(
///     NotReplayed::OtherVariant.to_string(),
///     "a game of another variant is not replayed"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NotReplayed {
    /// A game of another variant (atomic, crazyhouse...): its moves follow
    /// other rules.
    OtherVariant,
    /// The record could not be read.
    Unreadable,
    /// The `FEN` tag is no legal position to replay from.
    Fen,
    /// The record's bytes were not kept (longer than the reader keeps).
    NoBytes,
}

impl fmt::Display for NotReplayed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotReplayed::OtherVariant => "a game of another variant is not replayed",
            NotReplayed::Unreadable => "an unreadable record is not replayed",
            NotReplayed::Fen => "a game is replayed from a legal position, but this FEN is none",
            NotReplayed::NoBytes => "the record is too long for its moves to be kept",
        })
    }
}

/// What is wrong with one move of the main line.
///
/// ```
/// use chess960_games::replay::MoveErrorKind;
///
/// assert_ne!(MoveErrorKind::Illegal, MoveErrorKind::Ambiguous);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveErrorKind {
    /// The text is not a move in SAN.
    Unreadable,
    /// No legal move fits it.
    Illegal,
    /// More than one legal move fits it.
    Ambiguous,
    /// A null move (`--`) while in check: the position after it would let
    /// the king be taken, which the move generator (cozy-chess) cannot
    /// hold. python-chess replays it; here the game is a skip.
    NullInCheck,
}

/// A move of the main line that could not be replayed: which ply, the
/// move as written and what is wrong with it.
///
/// ```
/// # #[cfg(feature = "moves")] {
/// use chess960_games::replay::{Replayer, ReplayError};
/// use chess960_games::read::{GameKind, Reader};
///
/// let pgn = "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n";
/// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
/// let (record, raw) = reader.next_with_raw().unwrap();
/// let error = Replayer::new()
///     .replay(&GameKind::of(record), record.tags(), raw.unwrap(), None)
///     .unwrap_err();
/// assert_eq!(error.to_string(), "ply 3: Ke3 is not a legal move");
/// # }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveError {
    pub(crate) ply: u32,
    pub(crate) at: usize,
    pub(crate) text: String,
    pub(crate) kind: MoveErrorKind,
}

impl MoveError {
    /// The ply, from 1 (White's first move in a game from the start).
    pub const fn ply(&self) -> u32 {
        self.ply
    }

    /// The move's byte offset in the record.
    pub const fn offset(&self) -> usize {
        self.at
    }

    /// The move as written (its first 32 bytes, annotation marks off).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What is wrong with it.
    pub const fn kind(&self) -> MoveErrorKind {
        self.kind
    }
}

/// A move as written, with its control characters escaped (`\u{1b}`), so
/// that a message shows them instead of obeying them.
struct Shown<'a>(&'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_unicode())?;
            } else {
                fmt::Write::write_char(f, c)?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (ply, text) = (self.ply, Shown(&self.text));
        match self.kind {
            MoveErrorKind::Unreadable => write!(f, "ply {ply}: {text} is not a move in SAN"),
            MoveErrorKind::Illegal => write!(f, "ply {ply}: {text} is not a legal move"),
            MoveErrorKind::Ambiguous => write!(
                f,
                "ply {ply}: {text} is ambiguous: more than one legal move fits it"
            ),
            MoveErrorKind::NullInCheck => write!(
                f,
                "ply {ply}: a null move (--) is not legal while the king is in check"
            ),
        }
    }
}

/// Why a game's moves could not be replayed.
///
/// ```
/// use chess960_games::replay::{NotReplayed, ReplayError};
///
/// let error = ReplayError::NotReplayed(NotReplayed::Fen);
/// assert!(error.to_string().contains("FEN"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReplayError {
    /// The record is not replayed at all.
    NotReplayed(NotReplayed),
    /// A move of its main line is not legal, ambiguous or unreadable.
    Move(MoveError),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::NotReplayed(reason) => reason.fmt(f),
            ReplayError::Move(error) => error.fmt(f),
        }
    }
}

impl core::error::Error for ReplayError {}

impl From<NotReplayed> for ReplayError {
    fn from(reason: NotReplayed) -> ReplayError {
        ReplayError::NotReplayed(reason)
    }
}

#[cfg(test)]
mod tests {
    use super::{MoveError, MoveErrorKind};
    use std::string::ToString;

    #[test]
    fn control_characters_of_a_move_are_shown_escaped() {
        let error = MoveError {
            ply: 2,
            at: 0,
            text: "\u{1b}[31mRED\u{0}".into(),
            kind: MoveErrorKind::Unreadable,
        };
        assert_eq!(
            error.to_string(),
            "ply 2: \\u{1b}[31mRED\\u{0} is not a move in SAN"
        );
    }
}
