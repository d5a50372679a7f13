//! Cross-checks with cozy-chess, an independent move generator: its
//! numbering gives our ranks, and our Shredder-FEN is exactly what cozy-chess
//! writes with `{:#}` for the same start, for all 960 positions and a seeded
//! sample of double Chess960 starts.

use crate::common::{self, white_rank};

use chess960::{FenStyle, Position};
use cozy_chess::Board;

/// Cozy-chess's board for each Scharnagl id: White's rank is ours and
/// parses back to the same position, and the Shredder-FEN is ours.
#[test]
fn shredder_fen_of_all_960_equals_cozy_chess() {
    for position in Position::all() {
        let theirs = Board::chess960_startpos(u32::from(position.id()));
        let their_fen = theirs.to_string();
        common::assert_white_rank_is_ours(&their_fen, position);
        assert_eq!(
            white_rank(&their_fen).parse::<Position>(),
            Ok(position),
            "id {}",
            position.id()
        );
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
