//! The crate reached under another name, as with
//! `positions = { package = "chess960", ... }` in Cargo.toml, while the name
//! `chess960` itself means another crate: the expansion must go through
//! `$crate`, not a path it spells out.

extern crate chess960 as positions;
extern crate core as chess960;

const CLASSICAL: positions::Position = positions::sp!(518);

fn main() {
    assert_eq!(CLASSICAL.as_str(), "RNBQKBNR");
    assert_eq!(positions::sp!("BBQNNRKR").id(), 0);
    assert_eq!(positions::rank!("SP959"), *b"RKRNNQBB");
    // `chess960` here is `core`.
    assert_eq!(chess960::cmp::max(1, 2), 2);
}
