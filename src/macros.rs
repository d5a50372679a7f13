//! [`sp!`](crate::sp) and [`rank!`](crate::rank): start positions written
//! as constants, checked while the code compiles.
//!
//! Each macro is a `macro_rules!` that passes `$crate` on to the proc macro
//! in `chess960-macros`, so the expansion names this crate correctly however
//! a user's `Cargo.toml` names it, and whatever local item shadows the name.

/// The start position with a given id or back rank, checked at compile time:
/// a [`Position`](crate::Position) constant, usable in `const` and `static`
/// items, in `const fn` bodies and in array lengths.
///
/// The argument is one literal:
/// - an id from 0 to 959, with no suffix or `u16`: `sp!(518)`;
/// - a string (or byte string) in any form [`str::parse`] reads but a FEN
///   (the table on [`read_position`](crate::read_position)): an id
///   `sp!("518")`, a label as the literature writes it `sp!("SP518")`,
///   `sp!("sp-518")`, `sp!("SP 518")`, White's back rank, a-file first,
///   `sp!("RNBQKBNR")` or `sp!(b"RNBQKBNR")`, or Black's in lowercase,
///   `sp!("rnbqkbnr")`: the same position.
///
/// A FEN needs the run-time reader, [`Position::from_fen`](crate::Position::from_fen).
/// A mistake is a compile error on the literal, in the words of
/// [`PositionError`](crate::PositionError)'s `Display`. The expansion is an inline `const`
/// block: nothing is looked up or checked at run time. For an id or rank known
/// only at run time, use [`Position::from_id`](crate::Position::from_id) or
/// [`str::parse`].
///
/// ```
/// use chess960::{Position, sp};
///
/// const STANDARD: Position = sp!(518);
/// static LAST: Position = sp!("RKRNNQBB");
///
/// const fn is_standard(position: Position) -> bool {
///     position.id() == sp!("sp-518").id()
/// }
///
/// let squares = [0u8; sp!("BBQNNRKR").id() as usize + 8];
/// assert_eq!(squares.len(), 8);
/// assert!(is_standard(STANDARD));
/// assert_eq!(LAST.id(), 959);
/// assert_eq!(sp!("rnbqkbnr"), Position::STANDARD);
/// assert_eq!(sp!("518"), sp!("SP 518"));
///
/// // In a `match`, through a named constant.
/// match Position::from_id(518)? {
///     STANDARD => {}
///     _ => unreachable!(),
/// }
/// # Ok::<(), chess960::PositionError>(())
/// ```
///
/// ```compile_fail
/// // error: the bishops on the c-file and the g-file stand on squares of the same colour: ...
/// const P: chess960::Position = chess960::sp!("RNBKQNBR");
/// ```
#[macro_export]
macro_rules! sp {
    ($($argument:tt)*) => {
        $crate::__private::sp!($crate; $($argument)*)
    };
}

/// A start position's back rank as eight byte literals, checked at compile
/// time: a `[u8; 8]` expression, and a pattern for a `match` on `[u8; 8]`.
///
/// It takes the same arguments as [`sp!`](crate::sp). An id or a label gives
/// White's rank, as [`Position::rank`](crate::Position::rank) returns it; a
/// string gives its bytes as written, so Black's lowercase rank stays
/// lowercase.
///
/// ```
/// use chess960::rank;
///
/// fn name(rank: [u8; 8]) -> &'static str {
///     match rank {
///         rank!(518) => "classical",
///         rank!("rnbqkbnr") => "classical, Black's side",
///         rank!("SP534") => "the classical twin",
///         _ => "another",
///     }
/// }
///
/// assert_eq!(rank!(518), *b"RNBQKBNR");
/// assert_eq!(name(*b"RNBKQBNR"), "the classical twin");
/// // As an array pattern it also matches a slice of eight bytes.
/// assert!(matches!(&b"RNBQKBNR w"[..8], rank!("RNBQKBNR")));
/// assert_eq!(name(*b"rnbqkbnr"), "classical, Black's side");
/// ```
///
/// ```compile_fail
/// // error: a start rank has 2 rooks, but this one has 1
/// let rank = chess960::rank!("RNBQKBNN");
/// ```
#[macro_export]
macro_rules! rank {
    ($($argument:tt)*) => {
        $crate::__private::rank!($($argument)*)
    };
}

/// What the expansions of [`sp!`](crate::sp) and [`rank!`](crate::rank)
/// name. Not public API: it may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use chess960_macros::{rank, sp};

    use crate::Position;

    /// The position with an id that `sp!` has already checked.
    ///
    /// # Panics
    /// When `id` is 960 or more; `sp!` only passes checked ids, and evaluates
    /// the call in a `const` block, so a panic here could only ever be a
    /// compile error.
    pub const fn position(id: u16) -> Position {
        match Position::from_id(id) {
            Ok(position) => position,
            Err(_) => panic!("sp! passed an id that is not below 960"),
        }
    }
}
