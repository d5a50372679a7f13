//! The guide's chapters on game records, whose Rust examples run as this
//! crate's doctests: [reading records and their moves](games) and [one
//! player's statistics](player_statistics). The rest of the guide is
//! `chess960`'s ([`chess960::guide`]).
//!
//! Each page begins with `guide_links.md`, the rustdoc targets of the
//! labels the Markdown files use; each file ends with the same labels as
//! relative links for GitHub, which rustdoc ignores because the first
//! definition of a label wins.

/// Reading game records, their moves and the opening explorer's counts.
#[doc = include_str!("guide_links.md")]
#[doc = include_str!("../guide/games.md")]
pub mod games {}

/// One player's results per start, and the figures of a match.
#[doc = include_str!("guide_links.md")]
#[doc = "[`Players`]: crate::read::Players"]
#[doc = "[`PlayerStats`]: crate::stats::PlayerStats"]
#[doc = "[`PlayerTally`]: crate::stats::PlayerTally"]
#[doc = "[`MatchScore`]: crate::stats::MatchScore"]
#[doc = "[`Filter::player`]: crate::read::Filter::player"]
#[doc = include_str!("../guide/player-statistics.md")]
pub mod player_statistics {}
