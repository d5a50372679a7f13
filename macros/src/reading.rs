//! Reading the one argument as a start position: an id (`518`), or a string
//! in any form of `chess960-core`'s grammar (`"518"`, `"SP518"`,
//! `"sp-518"`, `"RNBQKBNR"`, Black's `"rnbqkbnr"`, or a byte string) but a
//! FEN, every rule checked by `chess960-core`.

use chess960_core::{PositionError, Spelling, id_from_rank, rank_from_id, read_position};
use proc_macro2::{Delimiter, Literal, TokenStream, TokenTree};
use syn::Lit;

/// A start position read from a macro's argument.
#[derive(Debug)]
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
            let bytes = bytes.value();
            match std::str::from_utf8(&bytes) {
                Ok(text) => read_text(text),
                Err(_) => Err(
                    "a byte string given to a macro must be text: write a rank such as b\"RNBQKBNR\""
                        .to_owned(),
                ),
            }
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

/// A string in any form of the grammar but a FEN: an id, a label such as
/// `SP518`, or a back rank (kept as written, Black's lowercase too).
fn read_text(text: &str) -> Result<StartPosition, String> {
    match read_position(text) {
        Ok(Spelling::Id(id)) => from_id(id),
        Ok(Spelling::Rank(white)) => {
            let id = id_from_rank(&white).map_err(describe)?;
            // A rank is 8 ASCII letters once trimmed: keep their case.
            let mut rank = white;
            rank.copy_from_slice(text.trim_ascii().as_bytes());
            Ok(StartPosition { id, rank })
        }
        Ok(Spelling::Fen(_)) => Err(
            "the macros do not read FENs, which need the FEN reader of the `chess960` crate: \
             write the id or the rank, or call `Position::from_fen` at run time"
                .to_owned(),
        ),
        Err(PositionError::NotADigit { .. } | PositionError::LabelWithoutId)
            if is_label(text.trim_ascii()) =>
        {
            Err(format!(
                "`{}` is not a start position's label: after `SP` comes its id, \
                 as in \"SP518\", \"SP-518\" or \"SP 518\"",
                text.trim_ascii()
            ))
        }
        Err(error) => Err(describe(error)),
    }
}

/// Whether `text` starts with `SP` in any case, as a label does.
fn is_label(text: &str) -> bool {
    text.get(..2)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case("sp"))
}

/// White's rank of start position `id`.
fn from_id(id: u16) -> Result<StartPosition, String> {
    rank_from_id(id)
        .map(|rank| StartPosition { id, rank })
        .map_err(describe)
}

/// The run-time error's text, with advice where the rule needs it.
fn describe(error: PositionError) -> String {
    match error {
        // The run-time text offers a FEN, which the macros do not read.
        PositionError::Empty => "the string is empty: write an id such as \"518\", \
                                 a label such as \"SP518\" or a rank such as \"RNBQKBNR\""
            .to_owned(),
        PositionError::BishopsOnSameColour { .. } => {
            format!(
                "{error}: a start rank has one bishop on a light square and one on a dark square"
            )
        }
        PositionError::KingNotBetweenRooks { .. } => {
            format!("{error}: a start rank has a rook on each side of the king, for castling")
        }
        _ => error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{describe, read_text};
    use chess960::{ParsePositionError, Position};
    use proptest::prelude::*;

    proptest! {
        /// A string the macros read as a rank gets the answer `str::parse`
        /// gives at run time: the same position, or the same broken rule.
        #[test]
        fn ranks_read_as_str_parse_reads_them(text in "[KQRBNkqrbnPx é]{0,9}") {
            let read = read_text(&text).map(|position| position.id);
            match text.parse::<Position>() {
                Ok(position) => prop_assert_eq!(read, Ok(position.id())),
                Err(ParsePositionError::Position(error)) => prop_assert_eq!(read, Err(describe(error))),
                Err(error) => prop_assert!(false, "{text:?}: {error}"),
            }
        }
    }

    /// Every start position's rank, in either case, is read as its id and
    /// kept as written.
    #[test]
    fn every_rank_is_read() {
        for position in Position::all() {
            let white = position.as_str();
            for text in [white.to_owned(), white.to_ascii_lowercase()] {
                let read = read_text(&text).unwrap();
                assert_eq!(read.id, position.id());
                assert_eq!(read.rank.as_slice(), text.as_bytes());
            }
        }
    }

    /// Every form of the grammar but a FEN, for the classical position.
    #[test]
    fn every_spelling_is_read() {
        for text in [
            "518",
            "0518",
            " 518 ",
            "SP518",
            "sp518",
            "Sp518",
            "SP-518",
            "SP 518",
            "RNBQKBNR",
            "rnbqkbnr",
            "\tRNBQKBNR\n",
        ] {
            assert_eq!(read_text(text).map(|read| read.id), Ok(518), "{text:?}");
        }
        assert_eq!(read_text(" rnbqkbnr ").unwrap().rank, *b"rnbqkbnr");
        assert!(
            read_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                .unwrap_err()
                .starts_with("the macros do not read FENs")
        );
    }

    /// Every id's `SP` label, with or without a dash and leading zeros.
    #[test]
    fn every_label_is_read() {
        for position in Position::all() {
            let id = position.id();
            for text in [
                format!("SP{id}"),
                format!("SP-{id}"),
                format!("SP{id:03}"),
                format!("SP-{id:04}"),
            ] {
                let read = read_text(&text).unwrap();
                assert_eq!((read.id, read.rank), (id, position.rank()), "{text}");
            }
        }
    }

    #[test]
    fn labels_past_the_last_id_are_refused() {
        for text in [
            "SP960", "SP-960", "SP99999", "SP-", "SP--518", "SP+518", "SP518 w", "SP",
        ] {
            assert!(read_text(text).is_err(), "{text}");
        }
    }
}
