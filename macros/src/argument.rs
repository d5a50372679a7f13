//! The tokens a macro receives, taken apart: the `chess960` crate's path
//! (passed on from `$crate`) and exactly one argument.

use proc_macro2::{Span, TokenStream, TokenTree};

/// Whether `token` is punctuation `character`.
fn is_punct(token: &TokenTree, character: char) -> bool {
    matches!(token, TokenTree::Punct(punct) if punct.as_char() == character)
}

/// Splits `$crate; ARGUMENTS` at the first `;` into the crate's path and the
/// arguments.
///
/// # Errors
/// When there is no `;`: the proc macro was called directly, not through the
/// `chess960` crate's `macro_rules!`.
pub(crate) fn split_crate_path(
    macro_name: &str,
    input: TokenStream,
) -> syn::Result<(TokenStream, TokenStream)> {
    let mut tokens = input.into_iter();
    let mut path = TokenStream::new();
    for token in tokens.by_ref() {
        if is_punct(&token, ';') {
            return Ok((path, tokens.collect()));
        }
        path.extend([token]);
    }
    Err(syn::Error::new(
        Span::call_site(),
        format!(
            "call `{macro_name}!` through the `chess960` crate, as in `chess960::{macro_name}!(518)`"
        ),
    ))
}

/// The one argument in `tokens`, a comma-separated list that may end in one
/// comma.
///
/// # Errors
/// When there is no argument, or more than one.
pub(crate) fn single(macro_name: &str, tokens: TokenStream) -> syn::Result<Vec<TokenTree>> {
    let mut tokens: Vec<TokenTree> = tokens.into_iter().collect();
    if tokens.last().is_some_and(|token| is_punct(token, ',')) {
        tokens.pop();
    }
    let Some(first_comma) = tokens.iter().position(|token| is_punct(token, ',')) else {
        if tokens.is_empty() {
            return Err(syn::Error::new(
                Span::call_site(),
                format!(
                    "`{macro_name}!` takes one argument, a start position's id or its back rank, \
                     as in `{macro_name}!(518)` or `{macro_name}!(\"RNBQKBNR\")`"
                ),
            ));
        }
        return Ok(tokens);
    };
    let count = 1 + tokens.iter().filter(|token| is_punct(token, ',')).count();
    let extra: TokenStream = tokens.drain(first_comma..).collect();
    Err(syn::Error::new_spanned(
        extra,
        format!(
            "`{macro_name}!` takes one argument, but {count} were given: \
             write one id, as in `{macro_name}!(518)`, or one rank, as in `{macro_name}!(\"RNBQKBNR\")`"
        ),
    ))
}
