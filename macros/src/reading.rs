//! Reading the one argument as a start position: an id (`518`), a label
//! (`"SP518"`, `"SP-518"`) or a back rank (`"RNBQKBNR"`, Black's
//! `"rnbqkbnr"`, or a byte string), every rule checked by `chess960-core`.

use chess960_core::{Error, id_from_rank, rank_from_id, rank_from_text};
use proc_macro2::{Delimiter, Literal, TokenStream, TokenTree};
use syn::Lit;

/// A start position read from a macro's argument.
pub(crate) struct StartPosition {
    /// The Scharnagl id.
    pub(crate) id: u16,
    /// The back rank as written: Black's rank stays lowercase; an id or a
    /// label gives White's rank.
    pub(crate) rank: [u8; 8],
}

/// The start position that `tokens`, one macro argument, write.
///
/// # Errors
/// A message on the offending tokens when they are not a literal, or the
/// literal is no id, label or rank, or it breaks a rule of start positions.
pub(crate) fn read(macro_name: &str, tokens: &[TokenTree]) -> syn::Result<StartPosition> {
    match tokens {
        // A fragment passed on by another `macro_rules!`, such as `$id:literal`.
        [TokenTree::Group(group)] if group.delimiter() == Delimiter::None => {
            read(macro_name, &group.stream().into_iter().collect::<Vec<_>>())
        }
        [TokenTree::Literal(literal)] => read_literal(macro_name, literal.clone())
            .map_err(|message| syn::Error::new(literal.span(), message)),
        [TokenTree::Punct(minus), TokenTree::Literal(literal)]
            if minus.as_char() == '-'
                && matches!(Lit::new(literal.clone()), Lit::Int(_) | Lit::Float(_)) =>
        {
            Err(syn::Error::new_spanned(
                tokens.iter().cloned().collect::<TokenStream>(),
                "start position ids are not negative: they run from 0 to 959",
            ))
        }
        _ => Err(syn::Error::new_spanned(
            tokens.iter().cloned().collect::<TokenStream>(),
            format!(
                "`{macro_name}!` needs an id or a rank written as a literal, such as `518` or `\"RNBQKBNR\"`: \
                 it runs before constants and variables have values, so for those use \
                 `Position::from_id` or `str::parse`"
            ),
        )),
    }
}

/// The start position a literal writes, or a message saying why it writes none.
fn read_literal(macro_name: &str, literal: Literal) -> Result<StartPosition, String> {
    match Lit::new(literal) {
        Lit::Int(number) => {
            let suffix = number.suffix();
            if !suffix.is_empty() && suffix != "u16" {
                let digits = number.base10_digits();
                return Err(format!(
                    "an id is a `u16`: write `{digits}` or `{digits}u16`, not `{digits}{suffix}`"
                ));
            }
            let id = number.base10_parse::<u16>().map_err(|_| {
                format!(
                    "start position {} does not exist: ids run from 0 to 959",
                    number.base10_digits()
                )
            })?;
            from_id(id)
        }
        Lit::Float(number) => Err(format!(
            "an id is a whole number from 0 to 959, but `{}` is a floating-point number",
            number.token()
        )),
        Lit::Str(text) => {
            refuse_suffix(text.suffix())?;
            read_text(&text.value())
        }
        Lit::ByteStr(bytes) => {
            refuse_suffix(bytes.suffix())?;
            read_rank(&bytes.value()).map_err(describe)
        }
        other => {
            let kind = match other {
                Lit::Char(_) => "a character",
                Lit::Byte(_) => "a byte",
                Lit::CStr(_) => "a C string",
                _ => "this kind of literal",
            };
            Err(format!(
                "`{macro_name}!` takes an id (a whole number from 0 to 959) or a rank \
                 (a string of 8 piece letters), not {kind}"
            ))
        }
    }
}

/// A string literal's suffix is an error: only plain strings are read.
fn refuse_suffix(suffix: &str) -> Result<(), String> {
    if suffix.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "a rank is a plain string literal, without the suffix `{suffix}`"
        ))
    }
}

/// A label such as `SP518` or `SP-518`, a string of digits, or a back rank.
fn read_text(text: &str) -> Result<StartPosition, String> {
    if let Some(label) = text.strip_prefix("SP") {
        return read_label(label);
    }
    if !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(format!("write an id as a number, without quotes: `{text}`"));
    }
    read_rank(text.as_bytes()).map_err(|error| match error {
        // Name a character that is not ASCII itself, not its first byte;
        // every character before it is ASCII, so its byte index is its index.
        Error::InvalidByte { index, byte } if !byte.is_ascii() => {
            let character = text[index..].chars().next().unwrap_or_default();
            format!(
                "'{character}' at index {index} is not a piece letter: \
                 a rank is 8 of the ASCII letters K, Q, R, B and N (kqrbn for Black)"
            )
        }
        error => describe(error),
    })
}

/// The digits after `SP` in a label, with an optional `-` before them.
fn read_label(label: &str) -> Result<StartPosition, String> {
    let digits = label.strip_prefix('-').unwrap_or(label);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(format!(
            "`SP{label}` is not a start position's label: after `SP` comes its id, as in \"SP518\" or \"SP-518\""
        ));
    }
    let id = digits
        .parse::<u16>()
        .map_err(|_| format!("start position {digits} does not exist: ids run from 0 to 959"))?;
    from_id(id)
}

/// White's rank of start position `id`.
fn from_id(id: u16) -> Result<StartPosition, String> {
    rank_from_id(id)
        .map(|rank| StartPosition { id, rank })
        .map_err(describe)
}

/// A back rank written as bytes: White's in uppercase, or Black's in
/// lowercase, read by `chess960_core` as `chess960::Position`'s `FromStr`
/// reads it. The rank is kept as written.
fn read_rank(text: &[u8]) -> Result<StartPosition, Error> {
    let white = rank_from_text(text)?;
    let id = id_from_rank(&white)?;
    let mut rank = white;
    rank.copy_from_slice(text);
    Ok(StartPosition { id, rank })
}

/// The run-time error's text, with advice where the rule needs it.
fn describe(error: Error) -> String {
    match error {
        Error::BishopsOnSameColour { .. } => {
            format!(
                "{error}: a start rank has one bishop on a light square and one on a dark square"
            )
        }
        Error::KingNotBetweenRooks { .. } => {
            format!("{error}: a start rank has a rook on each side of the king, for castling")
        }
        _ => error.to_string(),
    }
}

// These tests use `chess960_core` only, not the `chess960` crate (a
// dependency cycle that the published package cannot carry), so they also
// run from the package. `chess960::Position`'s `FromStr` is `rank_from_text`
// then a lookup that the `chess960` crate's table tests check against
// `id_from_rank` for every rank.
#[cfg(test)]
mod tests {
    use super::{describe, read_text};
    use chess960_core::{Error, POSITION_COUNT, id_from_rank, rank_from_id, rank_from_text};
    use proptest::prelude::*;

    proptest! {
        /// A string the macros read as a rank gets the answer `str::parse`
        /// gives at run time: the same position, or the same broken rule.
        #[test]
        fn ranks_read_as_str_parse_reads_them(text in "[KQRBNkqrbnPx é]{0,9}") {
            let read = read_text(&text).map(|position| position.id);
            match rank_from_text(text.as_bytes()).and_then(|rank| id_from_rank(&rank)) {
                Ok(id) => prop_assert_eq!(read, Ok(id)),
                // The macros name a non-ASCII character itself, not its first byte.
                Err(Error::InvalidByte { byte, .. }) if !byte.is_ascii() => {
                    prop_assert!(read.unwrap_err().contains("is not a piece letter"));
                }
                Err(error) => prop_assert_eq!(read, Err(describe(error))),
            }
        }
    }

    /// Every start position's rank, in either case, is read as its id and
    /// kept as written.
    #[test]
    fn every_rank_is_read() {
        for id in 0..POSITION_COUNT {
            let white = String::from_utf8(rank_from_id(id).unwrap().to_vec()).unwrap();
            for text in [white.clone(), white.to_ascii_lowercase()] {
                let read = read_text(&text).unwrap();
                assert_eq!(read.id, id);
                assert_eq!(read.rank.as_slice(), text.as_bytes());
            }
        }
    }

    /// Every id's `SP` label, with or without a dash and leading zeros.
    #[test]
    fn every_label_is_read() {
        for id in 0..POSITION_COUNT {
            for text in [
                format!("SP{id}"),
                format!("SP-{id}"),
                format!("SP{id:03}"),
                format!("SP-{id:04}"),
            ] {
                let read = read_text(&text).unwrap();
                assert_eq!((read.id, Ok(read.rank)), (id, rank_from_id(id)), "{text}");
            }
        }
    }

    #[test]
    fn labels_past_the_last_id_are_refused() {
        for text in [
            "SP960", "SP-960", "SP99999", "SP-", "SP--518", "SP+518", "SP518 ",
        ] {
            assert!(read_text(text).is_err(), "{text}");
        }
    }
}
