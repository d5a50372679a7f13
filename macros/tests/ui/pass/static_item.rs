//! `sp!` in `static` items.

use chess960::{Position, sp};

static FIRST: Position = sp!(0);
static LAST: Position = sp!("RKRNNQBB");
static SOME: [Position; 3] = [sp!(1), sp!(2), sp!("SP-3")];

fn main() {
    assert_eq!(FIRST.as_str(), "BBQNNRKR");
    assert_eq!(LAST.id(), 959);
    assert_eq!(SOME.map(Position::id), [1, 2, 3]);
}
