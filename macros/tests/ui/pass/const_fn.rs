//! `sp!` inside a `const fn` body, evaluated both at compile time and at run time.

use chess960::{Position, sp};

const fn is_classical(position: Position) -> bool {
    position.id() == sp!("RNBQKBNR").id()
}

const fn twin() -> Position {
    sp!(534)
}

const _: () = assert!(is_classical(sp!(518)));
const _: () = assert!(!is_classical(twin()));

fn main() {
    assert!(is_classical(Position::STANDARD));
    assert_eq!(twin().as_str(), "RNBKQBNR");
}
