//! What `sp!` costs at run time: nothing but the constant. Read the
//! assembly with
//!
//! ```sh
//! cargo rustc -p chess960-macros --release --example sp_assembly -- --emit asm
//! ```
//!
//! and find `by_macro` in `target/release/examples/sp_assembly-*.s`: its
//! whole body puts the immediate 518 in the return register, while
//! `by_lookup` calls `Position::from_rank`, which hashes the rank and loads
//! from the tables. Both are called through `black_box`ed function pointers
//! so that the optimiser keeps them as functions to read.

use chess960::{Position, PositionError, sp};
use std::hint::black_box;

/// The classical position written with `sp!` from its rank.
fn by_macro() -> Position {
    sp!("RNBQKBNR")
}

/// The same position found at run time by the perfect hash.
fn by_lookup(rank: &[u8; 8]) -> Result<Position, PositionError> {
    Position::from_rank(rank)
}

fn main() {
    let by_macro: fn() -> Position = black_box(by_macro);
    let by_lookup: fn(&[u8; 8]) -> Result<Position, PositionError> = black_box(by_lookup);
    let from_macro = by_macro();
    let from_lookup = by_lookup(black_box(b"RNBQKBNR"));
    assert_eq!(Ok(from_macro), from_lookup);
    println!("{} {from_macro}", from_macro.id());
}
