//! `str::parse::<UciMove>` and `Position::castling_from_uci`.
//!
//! Input: two bytes choosing a position (id modulo 960) and a colour, then
//! the move's text. Checks: an accepted move is two square names by the
//! reference (`a`-`h` then `1`-`8`, twice) and writes itself back
//! unchanged; a move the reference accepts is never refused; the castling
//! found for it is the one the reference derives from the rank's letters
//! (king takes rook, or the king's own move of two files or more), and
//! none is found when the reference finds none.
#![no_main]

use chess960::{CastlingSide, Color, Position, UciMove};
use chess960_fuzz::one_line;
use libfuzzer_sys::fuzz_target;

/// The reference: the squares of a UCI move, `(file, rank)` from 0.
fn squares(text: &[u8]) -> Option<[(u8, u8); 2]> {
    let square = |file: u8, rank: u8| {
        ((b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank))
            .then(|| (file - b'a', rank - b'1'))
    };
    match *text {
        [a, b, c, d] => Some([square(a, b)?, square(c, d)?]),
        _ => None,
    }
}

/// The reference: which side `squares` castles to for `color` in the
/// start with back rank `rank`, from the letters alone.
fn castling_side(rank: &[u8], color: Color, [from, to]: [(u8, u8); 2]) -> Option<CastlingSide> {
    let back = match color {
        Color::White => 0,
        Color::Black => 7,
    };
    let king = rank.iter().position(|&letter| letter == b'K')?;
    let a_rook = rank.iter().position(|&letter| letter == b'R')?;
    let h_rook = rank.iter().rposition(|&letter| letter == b'R')?;
    if from != (u8::try_from(king).ok()?, back) || to.1 != back {
        return None;
    }
    let to = usize::from(to.0);
    // King takes rook, or the king's own move when it travels two files.
    let forms =
        |rook: usize, king_to: usize| to == rook || (to == king_to && king.abs_diff(king_to) >= 2);
    if forms(a_rook, 2) {
        Some(CastlingSide::ASide)
    } else if forms(h_rook, 6) {
        Some(CastlingSide::HSide)
    } else {
        None
    }
}

fuzz_target!(|data: &[u8]| {
    let [high, low, text @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let reference = squares(text.as_bytes());
    let uci = match text.parse::<UciMove>() {
        Ok(uci) => uci,
        Err(error) => {
            assert_eq!(reference, None, "refused {text:?}: {error}");
            assert!(one_line(&error.to_string()), "{error:?}");
            return;
        }
    };
    let Some([from, to]) = reference else {
        panic!("accepted {text:?}, which is no UCI move of two squares");
    };
    assert_eq!(uci.to_string(), text);
    assert_eq!(uci.to_string().parse::<UciMove>(), Ok(uci));
    assert_eq!(
        (uci.from_square().file().index(), uci.from_square().rank()),
        from
    );
    assert_eq!((uci.to_square().file().index(), uci.to_square().rank()), to);

    let id = u16::from_be_bytes([*high & 0x7F, *low]) % 960;
    let color = if *high & 0x80 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let Ok(position) = Position::from_id(id) else {
        panic!("no position {id}");
    };
    let castling = position.castling_from_uci(color, uci);
    let expected = castling_side(&position.rank(), color, [from, to]);
    assert_eq!(
        castling.map(chess960::Castling::side),
        expected,
        "{position} {color} {text}"
    );
    if let Some(castling) = castling {
        assert!(castling.is_uci(color, uci));
        assert_eq!(castling, position.castling(castling.side()));
        assert!(castling.uci(color) == uci || castling.uci_king_move(color) == Some(uci));
        // The other colour's back rank is another rank: not its castling.
        let other = match color {
            Color::White => Color::Black,
            Color::Black => Color::White,
        };
        assert_eq!(position.castling_from_uci(other, uci), None, "{text}");
    }
});
