//! `FromStr` of the small types and of double starts: `Square`, `File`,
//! `Color`, `CastlingSide`, `DoublePosition`. The first byte picks the
//! type; the rest is the text.
//!
//! Checks: each type accepts exactly what a reference written here from
//! its documented forms accepts, with the same value; what is accepted
//! re-reads to the same value from `to_string`; every error message is one
//! line.
#![no_main]

use chess960::{CastlingSide, Color, DoublePosition, File, Position, Square};
use chess960_fuzz::one_line;
use libfuzzer_sys::fuzz_target;
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// Compares `text.parse::<T>()` with the reference's value and checks the
/// round trip and the error message.
fn check<T>(text: &str, expected: Option<&T>)
where
    T: FromStr<Err: Display + Debug> + Display + PartialEq + Debug,
{
    match text.parse::<T>() {
        Ok(value) => {
            assert_eq!(Some(&value), expected, "{text:?}");
            assert_eq!(
                value.to_string().parse::<T>().ok().as_ref(),
                Some(&value),
                "{text:?}"
            );
        }
        Err(error) => {
            assert_eq!(expected, None, "refused {text:?}: {error}");
            assert!(one_line(&error.to_string()), "{error:?}");
        }
    }
}

/// A file letter `a`-`h`, by hand.
fn file(letter: char) -> Option<File> {
    let index = u8::try_from(u32::from(letter).checked_sub(u32::from('a'))?).ok()?;
    File::from_index(index).filter(|_| letter.is_ascii_lowercase())
}

/// The reference square: a file letter, then a rank digit `1`-`8`.
fn square(text: &str) -> Option<Square> {
    let mut chars = text.chars();
    let (Some(letter), Some(digit), None) = (chars.next(), chars.next(), chars.next()) else {
        return None;
    };
    let rank = u8::try_from(digit.to_digit(10)?)
        .ok()
        .filter(|rank| (1..=8).contains(rank))?;
    Square::new(file(letter)?, rank - 1)
}

/// The reference colour: `white`, `w`, `black`, `b`, any ASCII case.
fn color(text: &str) -> Option<Color> {
    match text.to_ascii_lowercase().as_str() {
        "white" | "w" if text.is_ascii() => Some(Color::White),
        "black" | "b" if text.is_ascii() => Some(Color::Black),
        _ => None,
    }
}

/// The reference castling side: the notation (with letters O or zeros,
/// as written) or a side's name in any ASCII case.
fn castling_side(text: &str) -> Option<CastlingSide> {
    match text {
        "O-O-O" | "0-0-0" => return Some(CastlingSide::ASide),
        "O-O" | "0-0" => return Some(CastlingSide::HSide),
        _ => {}
    }
    if !text.is_ascii() {
        return None;
    }
    match text.to_ascii_lowercase().as_str() {
        "a-side" | "queenside" => Some(CastlingSide::ASide),
        "h-side" | "kingside" => Some(CastlingSide::HSide),
        _ => None,
    }
}

/// A non-empty run of ASCII digits.
fn digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit())
}

/// One colour's start in a double start's text: an id below 960 in
/// decimal, or whatever `Position` reads (its own target checks that).
fn single(text: &str) -> Option<Position> {
    if digits(text) {
        let id = text.parse::<u64>().ok().filter(|&id| id < 960)?;
        Position::from_id(u16::try_from(id).ok()?).ok()
    } else {
        text.parse().ok()
    }
}

/// The reference double start: a FEN (two `/` or more), a double id, or
/// two starts around one `/` (Black's first when the first is all
/// lowercase letters and the second all uppercase, as in a FEN).
fn double(text: &str) -> Option<DoublePosition> {
    match text.matches('/').count() {
        0 => {
            let id = text.parse::<u64>().ok().filter(|_| digits(text))?;
            (id < 960 * 960).then(|| {
                let white = single(&(id / 960).to_string())?;
                let black = single(&(id % 960).to_string())?;
                Some(DoublePosition::new(white, black))
            })?
        }
        1 => {
            let (first, second) = text.split_once('/')?;
            let letters_in = |part: &str, lower: bool| {
                part.bytes().any(|b| {
                    if lower {
                        b.is_ascii_lowercase()
                    } else {
                        b.is_ascii_uppercase()
                    }
                }) && !part.bytes().any(|b| {
                    if lower {
                        b.is_ascii_uppercase()
                    } else {
                        b.is_ascii_lowercase()
                    }
                })
            };
            let fen_order = !digits(first)
                && !digits(second)
                && letters_in(first, true)
                && letters_in(second, false);
            let (white, black) = if fen_order {
                (second, first)
            } else {
                (first, second)
            };
            Some(DoublePosition::new(single(white)?, single(black)?))
        }
        _ => DoublePosition::from_fen(text).ok(),
    }
}

fuzz_target!(|data: &[u8]| {
    let [kind, text @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    match kind % 5 {
        0 => check(text, square(text).as_ref()),
        1 => check(text, text.parse::<char>().ok().and_then(file).as_ref()),
        2 => check(text, color(text).as_ref()),
        3 => check(text, castling_side(text).as_ref()),
        _ => {
            check(text, double(text).as_ref());
            if let Ok(double) = text.parse::<DoublePosition>() {
                assert_eq!(DoublePosition::from_id(double.id()), Ok(double));
                let (white, black) = (double.white().id(), double.black().id());
                assert_eq!(format!("{white}/{black}").parse(), Ok(double));
            }
        }
    }
});
