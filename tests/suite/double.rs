//! Double Chess960: the id in both directions for all 921,600 starts, the
//! a-h mirror checked against the reversed ranks, FEN round trips.

use crate::common;

use chess960::{Color, DoublePosition, FenStyle, Position};

#[test]
fn id_round_trips_for_all_921_600_and_orders_by_white_first() {
    let mut previous = None;
    for id in 0..DoublePosition::COUNT {
        let double = DoublePosition::from_id(id).unwrap();
        assert_eq!(double.id(), id);
        assert_eq!(
            u32::from(double.white().id()) * 960 + u32::from(double.black().id()),
            id
        );
        assert!(previous < Some(double));
        previous = Some(double);
    }
    for id in [DoublePosition::COUNT, DoublePosition::COUNT + 1, u32::MAX] {
        let error = DoublePosition::from_id(id).unwrap_err();
        assert_eq!(error.id(), id);
    }
}

#[test]
fn singles_are_the_diagonal() {
    for position in Position::all() {
        let double = DoublePosition::from(position);
        assert!(double.is_single());
        assert_eq!(double.id(), u32::from(position.id()) * 961);
        assert_eq!(double.color(Color::White), double.color(Color::Black));
    }
}

fn reversed(position: Position) -> String {
    position.as_str().chars().rev().collect()
}

#[test]
fn mirror_reverses_both_ranks() {
    for position in Position::all() {
        let mirror = DoublePosition::from(position).mirrored();
        assert!(mirror.is_single());
        assert_eq!(mirror.white().as_str(), reversed(position));
        assert_eq!(mirror.mirrored(), DoublePosition::from(position));
    }
    for double in common::double_sample() {
        let mirror = double.mirrored();
        assert_eq!(mirror.white().as_str(), reversed(double.white()));
        assert_eq!(mirror.black().as_str(), reversed(double.black()));
        assert_eq!(mirror.mirrored(), double);
    }
}

#[test]
fn fen_round_trips_and_ranks_are_where_they_belong() {
    for double in common::double_sample() {
        for style in [FenStyle::XFen, FenStyle::Shredder] {
            let fen = double.fen(style);
            assert_eq!(DoublePosition::from_fen(fen.as_str()), Ok(double));
            assert_eq!(
                Position::from_fen(fen.as_str()).is_ok(),
                double.is_single(),
                "{fen}"
            );
            let board: Vec<&str> = fen.as_str().split(' ').next().unwrap().split('/').collect();
            assert_eq!(board[0], double.black().as_str().to_ascii_lowercase());
            assert_eq!(board[7], double.white().as_str());
        }
    }
}
