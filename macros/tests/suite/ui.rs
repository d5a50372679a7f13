//! Compile-time behaviour of `chess960::sp!` and `chess960::rank!`: the
//! contexts they expand in (`ui/pass`) and the error each mistake gets, on
//! the offending tokens (`ui/fail`, with the expected `.stderr`).
//!
//! The `.stderr` files depend on the compiler's version; regenerate them
//! with `TRYBUILD=overwrite cargo test -p chess960-macros --test suite ui` and
//! review the diff.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.pass("tests/ui/pass/*.rs");
    cases.compile_fail("tests/ui/fail/*.rs");
}
