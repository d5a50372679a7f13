//! A local module named `chess960`, and local items named like the ones the
//! expansion uses, shadow nothing the expansion needs.

#![expect(dead_code, reason = "the local items only have to be in scope")]

mod chess960 {
    pub struct Position;
    pub mod __private {}
}

struct Position;
mod core {}
mod __private {}

const CLASSICAL: ::chess960::Position = ::chess960::sp!(518);

fn main() {
    let _local = chess960::Position;
    assert_eq!(CLASSICAL.id(), 518);
    assert_eq!(::chess960::sp!("rnbqkbnr"), CLASSICAL);
    assert_eq!(::chess960::rank!(518), *b"RNBQKBNR");
}
