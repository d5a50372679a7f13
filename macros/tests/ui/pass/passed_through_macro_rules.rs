//! Arguments that reach `sp!` through a user's own `macro_rules!`, as
//! `literal` and `expr` fragments.

use chess960::{Position, sp};

macro_rules! from_literal {
    ($argument:literal) => {
        sp!($argument)
    };
}

macro_rules! from_expression {
    ($argument:expr) => {
        sp!($argument)
    };
}

const FROM_LITERAL: Position = from_literal!(518);
const FROM_EXPRESSION: Position = from_expression!("RNBQKBNR");

fn main() {
    assert_eq!(FROM_LITERAL, FROM_EXPRESSION);
    assert_eq!(from_literal!("SP-959").id(), 959);
}
