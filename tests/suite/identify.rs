//! `identify_fen`: which start a FEN is and every way it departs from it,
//! for single and double starts, with the departures named one by one and
//! written back as a FEN that reads the same.

use crate::common;

use chess960::{
    CastlingRights, CastlingSide, Color, Departure, Departures, DoublePosition, FenError, FenStyle,
    Identification, Position, Square, identify_fen,
};

const STANDARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn square(name: &str) -> Square {
    Square::from_ascii(name.as_bytes().try_into().unwrap()).unwrap()
}

/// The standard FEN with one field replaced.
fn with_field(index: usize, value: &str) -> String {
    let mut fields: Vec<&str> = STANDARD.split(' ').collect();
    fields[index] = value;
    fields.join(" ")
}

/// Identifies `text` and checks that its FEN, in both castling styles,
/// identifies the same.
fn identify(text: &str) -> Identification {
    let found = identify_fen(text).unwrap_or_else(|error| panic!("{text}: {error}"));
    assert_eq!(identify_fen(&found.to_string()), Ok(found), "{text}");
    assert_eq!(identify_fen(&format!("{found:#}")), Ok(found), "{text}");
    assert_eq!(text.parse::<Identification>(), Ok(found));
    found
}

#[test]
fn every_single_start_is_exact_in_both_styles() {
    for position in Position::all() {
        for style in [FenStyle::XFen, FenStyle::Shredder] {
            let found = identify(position.fen(style).as_str());
            assert_eq!(found.single(), Some(position));
            assert_eq!(found.start(), DoublePosition::from(position));
            assert!(found.is_exact());
            assert!(found.departures().is_empty());
            assert_eq!(found.departures(), Departures::default());
            assert_eq!(found.departures().to_string(), "none");
            assert_eq!(found.to_string(), position.fen(FenStyle::XFen).as_str());
            assert_eq!(
                format!("{found:#}"),
                position.fen(FenStyle::Shredder).as_str()
            );
        }
    }
}

#[test]
fn double_starts_are_identified_with_both_ids() {
    for double in common::double_sample() {
        for style in [FenStyle::XFen, FenStyle::Shredder] {
            let fen = double.fen(style);
            let found = identify(fen.as_str());
            assert_eq!(found.start(), double);
            assert_eq!(
                (found.start().white().id(), found.start().black().id()),
                (double.white().id(), double.black().id())
            );
            assert_eq!(found.single().is_some(), double.is_single());
            assert!(found.is_exact(), "{fen}");
            // The strict readers agree.
            assert_eq!(DoublePosition::from_fen(fen.as_str()), Ok(double));
            assert_eq!(
                Position::from_fen(fen.as_str()).ok(),
                found.single(),
                "{fen}"
            );
        }
    }
}

#[test]
fn tcec_frc_without_castling_is_start_80_with_castling_rights_removed() {
    let found = identify("bbnnrkrq/pppppppp/8/8/8/8/PPPPPPPP/BBNNRKRQ w - - 0 1");
    assert_eq!(found.single().map(Position::id), Some(80));
    assert!(!found.is_exact());
    assert_eq!(
        found.departures().iter().collect::<Vec<_>>(),
        [Departure::CastlingRights {
            remaining: CastlingRights::NONE
        }]
    );
    assert_eq!(found.departures().to_string(), "castling rights removed");
    assert_eq!(
        found.to_string(),
        "bbnnrkrq/pppppppp/8/8/8/8/PPPPPPPP/BBNNRKRQ w - - 0 1"
    );
    // The strict reader still refuses it, naming the first missing right.
    assert_eq!(
        Position::from_fen("bbnnrkrq/pppppppp/8/8/8/8/PPPPPPPP/BBNNRKRQ w - - 0 1"),
        Err(FenError::MissingCastlingRight {
            color: Color::White,
            side: CastlingSide::HSide
        })
    );
}

#[test]
fn every_subset_of_castling_rights_is_named() {
    let rights = [
        (Color::White, CastlingSide::HSide, 'K'),
        (Color::White, CastlingSide::ASide, 'Q'),
        (Color::Black, CastlingSide::HSide, 'k'),
        (Color::Black, CastlingSide::ASide, 'q'),
    ];
    for mask in 0..16u8 {
        let mut field = String::new();
        let mut expected = CastlingRights::NONE;
        for (bit, &(color, side, letter)) in rights.iter().enumerate() {
            if mask & (1 << bit) != 0 {
                field.push(letter);
                expected = expected.with(color, side);
            }
        }
        if field.is_empty() {
            field.push('-');
        }
        let found = identify(&with_field(2, &field));
        assert_eq!(found.departures().castling_rights(), expected);
        assert_eq!(expected.to_string(), field);
        assert_eq!(found.is_exact(), mask == 15);
        let departures: Vec<Departure> = found.departures().iter().collect();
        if mask == 15 {
            assert!(departures.is_empty());
        } else {
            assert_eq!(
                departures,
                [Departure::CastlingRights {
                    remaining: expected
                }]
            );
            let text = found.departures().to_string();
            assert!(text.starts_with("castling rights removed"), "{text}");
            let named_rights: Vec<&str> = text
                .strip_prefix("castling rights removed: ")
                .map(|list| list.split(", ").collect())
                .unwrap_or_default();
            for &(color, side, _) in &rights {
                let named = named_rights.contains(&format!("{color} {side}").as_str());
                assert_eq!(
                    named,
                    mask != 0 && !expected.contains(color, side),
                    "{text}"
                );
            }
        }
    }
    assert_eq!(
        identify(&with_field(2, "Kq")).departures().to_string(),
        "castling rights removed: White O-O-O, Black O-O"
    );
}

#[test]
fn side_to_move_en_passant_and_counters_are_named() {
    let cases: [(usize, &str, Departure, &str); 8] = [
        (1, "b", Departure::BlackToMove, "Black to move"),
        (
            3,
            "e3",
            Departure::EnPassant(square("e3")),
            "en passant square e3",
        ),
        (
            3,
            "a6",
            Departure::EnPassant(square("a6")),
            "en passant square a6",
        ),
        (4, "1", Departure::HalfmoveClock(1), "halfmove clock 1"),
        (
            4,
            "4294967295",
            Departure::HalfmoveClock(u32::MAX),
            "halfmove clock 4294967295",
        ),
        (5, "2", Departure::FullmoveNumber(2), "fullmove number 2"),
        (5, "0", Departure::FullmoveNumber(0), "fullmove number 0"),
        (
            5,
            "4294967295",
            Departure::FullmoveNumber(u32::MAX),
            "fullmove number 4294967295",
        ),
    ];
    for (index, value, departure, text) in cases {
        let found = identify(&with_field(index, value));
        assert_eq!(found.single(), Some(Position::STANDARD));
        assert_eq!(found.departures().iter().collect::<Vec<_>>(), [departure]);
        assert_eq!(found.departures().len(), 1);
        assert_eq!(found.departures().to_string(), text);
        assert_eq!(departure.to_string(), text);
    }
    let found = identify("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Hq e6 7 31");
    let departures = found.departures();
    assert_eq!(departures.side_to_move(), Color::Black);
    assert_eq!(departures.en_passant(), Some(square("e6")));
    assert_eq!(departures.halfmove_clock(), 7);
    assert_eq!(departures.fullmove_number(), 31);
    assert_eq!(
        departures.to_string(),
        "castling rights removed: White O-O-O, Black O-O, Black to move, \
         en passant square e6, halfmove clock 7, fullmove number 31"
    );
    assert_eq!(departures.iter().len(), 5);
    assert_eq!(departures.into_iter().count(), 5);
    assert_eq!(
        found.to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Kq e6 7 31"
    );
    assert_eq!(
        format!("{found:#}"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Ha e6 7 31"
    );
}

#[test]
fn omitted_counters_are_no_departure() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
    ] {
        let found = identify(fen);
        assert!(found.is_exact(), "{fen}");
        assert_eq!(found.departures().halfmove_clock(), 0);
        assert_eq!(found.departures().fullmove_number(), 1);
    }
    let found = identify("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 12");
    assert_eq!(
        found.departures().iter().collect::<Vec<_>>(),
        [Departure::HalfmoveClock(12)]
    );
}

#[test]
fn fields_that_are_no_fen_get_typed_errors() {
    for (index, value, error) in [
        (1, "W", FenError::InvalidSideToMove),
        (1, "white", FenError::InvalidSideToMove),
        (3, "e4", FenError::InvalidEnPassantSquare),
        (3, "i3", FenError::InvalidEnPassantSquare),
        (3, "E3", FenError::InvalidEnPassantSquare),
        (3, "e3e6", FenError::InvalidEnPassantSquare),
        (4, "00", FenError::InvalidHalfmoveClock),
        (4, "-1", FenError::InvalidHalfmoveClock),
        (4, "+1", FenError::InvalidHalfmoveClock),
        (4, "4294967296", FenError::InvalidHalfmoveClock),
        (4, "x", FenError::InvalidHalfmoveClock),
        (5, "01", FenError::InvalidFullmoveNumber),
        (5, "99999999999", FenError::InvalidFullmoveNumber),
        (
            2,
            "KQkqK",
            FenError::DuplicateCastlingRight {
                color: Color::White,
                side: CastlingSide::HSide,
            },
        ),
    ] {
        assert_eq!(
            identify_fen(&with_field(index, value)),
            Err(error),
            "{value}"
        );
    }
    // The board is checked first, as by `Position::from_fen`.
    assert_eq!(
        identify_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
        Err(FenError::PawnMissing {
            square: square("e2"),
            found: None
        })
    );
    assert_eq!(
        identify_fen("rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        Err(FenError::AdjacentDigits { rank: 5 })
    );
}
