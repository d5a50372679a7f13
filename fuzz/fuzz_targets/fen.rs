//! `Position::from_fen`, `DoublePosition::from_fen` and `identify_fen` on
//! any text (every dialect: 4 to 6 fields, X-FEN, Shredder-FEN in any
//! order, double Chess960, departures).
//!
//! Checks: whatever any of the three accepts has a start board by the
//! reference check (rows of eight files, no adjacent digits, pawns and
//! empty ranks in place, start ranks by piece counts, bishops and king);
//! the three readers agree with each other; what is accepted re-reads to
//! the same value from its canonical form (`fen()` in both styles,
//! `Identification`'s `{}` and `{:#}`); every error message is one line.
#![no_main]

use chess960::{Color, DoublePosition, FenError, FenStyle, Position, identify_fen};
use chess960_fuzz::{one_line, start_board};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let single = Position::from_fen(text);
    let double = DoublePosition::from_fen(text);
    let identified = identify_fen(text);

    for error in [single.err(), double.err(), identified.err()]
        .into_iter()
        .flatten()
    {
        assert!(one_line(&error.to_string()), "{error:?}");
    }

    let Ok(found) = identified else {
        assert!(single.is_err() && double.is_err(), "{text:?}");
        return;
    };
    // The reference check of the board field.
    let board = text.split_ascii_whitespace().next().unwrap_or_default();
    let Some((white, black)) = start_board(board.as_bytes()) else {
        panic!("identified {text:?}, whose board is no start board");
    };
    let start = found.start();
    assert_eq!(start.white().rank(), white, "{text:?}");
    assert_eq!(start.black().rank(), black, "{text:?}");
    // The side to move as written.
    let side = text.split_ascii_whitespace().nth(1);
    let expected_side = if side == Some("b") {
        Color::Black
    } else {
        Color::White
    };
    assert_eq!(found.departures().side_to_move(), expected_side, "{text:?}");

    // Canonical forms re-read to the same identification.
    for written in [found.to_string(), format!("{found:#}")] {
        assert_eq!(identify_fen(&written), Ok(found), "{text:?} -> {written:?}");
    }

    // The three readers agree.
    match double {
        Ok(read) => {
            assert!(found.is_exact(), "{text:?}");
            assert_eq!(read, start, "{text:?}");
            for style in [FenStyle::XFen, FenStyle::Shredder] {
                let fen = read.fen(style);
                assert_eq!(DoublePosition::from_fen(fen.as_str()), Ok(read));
                assert_eq!(identify_fen(fen.as_str()), Ok(found));
            }
        }
        Err(error) => assert!(!found.is_exact(), "{text:?}: {error}"),
    }
    match single {
        Ok(position) => {
            assert_eq!(double, Ok(DoublePosition::from(position)), "{text:?}");
            assert_eq!(found.single(), Some(position), "{text:?}");
            for style in [FenStyle::XFen, FenStyle::Shredder] {
                assert_eq!(
                    Position::from_fen(position.fen(style).as_str()),
                    Ok(position)
                );
            }
        }
        Err(FenError::NotMirrored { white, black }) => {
            // The board is read before the other fields: a double start
            // with departures is still not mirrored.
            assert_eq!(start, DoublePosition::new(white, black), "{text:?}");
            assert_eq!(found.single(), None);
        }
        Err(error) => {
            assert!(double.is_err(), "{text:?}: {error}");
        }
    }
});
