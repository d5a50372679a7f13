//! The two sides, White and Black, and their home ranks.

use core::fmt;
use core::str::FromStr;

/// A side of the game. White's pieces start on the first rank, Black's on
/// the eighth.
///
/// serde (feature `serde`): written as `"white"` or `"black"` in
/// human-readable formats (read as `str::parse` reads) and as 0 or 1 (`u8`)
/// in compact ones.
///
/// ```
/// use chess960::Colour;
///
/// assert_eq!(Colour::White.back_rank(), 0);
/// assert_eq!(Colour::Black.back_rank(), 7);
/// assert_eq!(Colour::Black.to_string(), "Black");
/// assert_eq!("black".parse::<Colour>(), Ok(Colour::Black));
/// assert_eq!("w".parse::<Colour>(), Ok(Colour::White));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// Both colours, White first.
    ///
    /// ```
    /// assert_eq!(chess960::Colour::ALL[1], chess960::Colour::Black);
    /// ```
    pub const ALL: [Colour; 2] = [Colour::White, Colour::Black];

    /// The index of the colour's back rank, counting from 0 for the first
    /// rank: 0 for White, 7 for Black.
    ///
    /// ```
    /// assert_eq!(chess960::Colour::White.back_rank(), 0);
    /// ```
    pub const fn back_rank(self) -> u8 {
        match self {
            Colour::White => 0,
            Colour::Black => 7,
        }
    }

    /// The index of the rank the colour's pawns start on: 1 for White, 6 for
    /// Black.
    ///
    /// ```
    /// assert_eq!(chess960::Colour::Black.pawn_rank(), 6);
    /// ```
    pub const fn pawn_rank(self) -> u8 {
        match self {
            Colour::White => 1,
            Colour::Black => 6,
        }
    }

    /// The colour's name, `"White"` or `"Black"`.
    ///
    /// ```
    /// assert_eq!(chess960::Colour::White.name(), "White");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Colour::White => "White",
            Colour::Black => "Black",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Colour {
    type Err = ParseColourError;

    /// Reads `white` or `black`, or the letter a FEN uses for the side to
    /// move, `w` or `b`, in any ASCII case: `White` (what `Display`
    /// writes), `WHITE` and `W` are White too. Nothing else is read, not
    /// even surrounding spaces.
    fn from_str(text: &str) -> Result<Colour, ParseColourError> {
        if text.eq_ignore_ascii_case("white") || text.eq_ignore_ascii_case("w") {
            Ok(Colour::White)
        } else if text.eq_ignore_ascii_case("black") || text.eq_ignore_ascii_case("b") {
            Ok(Colour::Black)
        } else {
            Err(ParseColourError)
        }
    }
}

/// A text that is not `white`, `black`, `w` or `b` (in any case), so names
/// no [`Colour`].
///
/// ```
/// use chess960::{Colour, ParseColourError};
///
/// assert_eq!("red".parse::<Colour>(), Err(ParseColourError));
/// assert_eq!(
///     ParseColourError.to_string(),
///     "a colour is white or black, or w or b as in a FEN"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseColourError;

impl fmt::Display for ParseColourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a colour is white or black, or w or b as in a FEN")
    }
}

impl core::error::Error for ParseColourError {}
