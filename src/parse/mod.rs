//! Reading values written as text on the one grammar of `chess960-core`:
//! a start position (`FromStr for Position`, with FENs handed to the FEN
//! reader), a double start, and a set of starts (ids, ranges, ranks and
//! labels separated by commas). These sit above the types and `fen`, which
//! is why they are not in the types' own modules.

mod double;
mod position;
mod set;

pub use double::ParseDoublePositionError;
pub use position::ParsePositionError;
pub use set::{EvalBound, EvalRangeError, ParsePositionSetError};
