//! The proc macros behind `chess960::sp!` and `chess960::rank!`.
//!
//! Use them through the `chess960` crate, not directly: its `sp!` and `rank!`
//! are `macro_rules!` that pass `$crate` on to these, so that the expansion
//! names the `chess960` crate correctly even when a user renames the
//! dependency or shadows its name with a module of their own.
//!
//! Every id and rank is checked while the macro expands, by the one
//! derivation in `chess960-core`; a mistake becomes a compile error on the
//! offending literal, worded like the run-time `chess960_core::PositionError`.

use proc_macro::TokenStream;
use proc_macro2::Literal;
use quote::quote;

mod argument;
mod reading;

/// Expands `$crate; ARGUMENT` to a `chess960::Position` constant; called
/// by `chess960::sp!`, which documents the arguments it takes.
#[proc_macro]
pub fn sp(input: TokenStream) -> TokenStream {
    expand_position(input.into())
        .unwrap_or_else(|error| error.to_compile_error())
        .into()
}

/// Expands `ARGUMENT` to the back rank's eight bytes as an array of byte
/// literals, which is both a `[u8; 8]` expression and a pattern; called by
/// `chess960::rank!`, which documents the arguments it takes.
#[proc_macro]
pub fn rank(input: TokenStream) -> TokenStream {
    expand_rank(input.into())
        .unwrap_or_else(|error| error.to_compile_error())
        .into()
}

/// `{ const { $crate::__private::position(ID) } }`: the id is checked here,
/// so the expansion is a constant of a type whose every value is valid.
fn expand_position(input: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    let (krate, arguments) = argument::split_crate_path("sp", input)?;
    let position = reading::read("sp", &argument::single("sp", arguments)?)?;
    let id = Literal::u16_suffixed(position.id);
    Ok(quote! { const { #krate::__private::position(#id) } })
}

/// `[b'R', b'N', ...]`: the rank as written (an id gives White's rank).
fn expand_rank(input: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    let position = reading::read("rank", &argument::single("rank", input)?)?;
    let bytes = position.rank.map(Literal::byte_character);
    Ok(quote! { [#(#bytes),*] })
}
