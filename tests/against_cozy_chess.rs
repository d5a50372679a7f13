//! Cross-checks with cozy-chess: our Shredder-FEN is exactly what
//! cozy-chess writes with `{:#}` for the same start, for all 960 positions
//! and a seeded sample of double Chess960 starts.

#![allow(
    clippy::unwrap_used,
    reason = "a test fails loudly where its own data is wrong"
)]

mod common;

use chess960::{FenStyle, Position};
use cozy_chess::Board;

#[test]
fn shredder_fen_of_all_960_equals_cozy_chess() {
    for position in Position::all() {
        let theirs = Board::chess960_startpos(u32::from(position.id()));
        assert_eq!(
            position.fen(FenStyle::Shredder).as_str(),
            format!("{theirs:#}"),
            "{position:?}"
        );
    }
}

#[test]
fn shredder_fen_of_sampled_double_starts_equals_cozy_chess() {
    for double in common::double_sample() {
        let theirs = Board::double_chess960_startpos(
            u32::from(double.white().id()),
            u32::from(double.black().id()),
        );
        assert_eq!(
            double.fen(FenStyle::Shredder).as_str(),
            format!("{theirs:#}"),
            "{double:?}"
        );
    }
}
