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
/// use chess960::Color;
///
/// assert_eq!(Color::White.back_rank(), 0);
/// assert_eq!(Color::Black.back_rank(), 7);
/// assert_eq!(Color::Black.to_string(), "Black");
/// assert_eq!("black".parse::<Color>(), Ok(Color::Black));
/// assert_eq!("w".parse::<Color>(), Ok(Color::White));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl Color {
    /// Both colours, White first.
    ///
    /// ```
    /// assert_eq!(chess960::Color::ALL[1], chess960::Color::Black);
    /// ```
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The index of the colour's back rank, counting from 0 for the first
    /// rank: 0 for White, 7 for Black.
    ///
    /// ```
    /// assert_eq!(chess960::Color::White.back_rank(), 0);
    /// ```
    pub const fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    /// The index of the rank the colour's pawns start on: 1 for White, 6 for
    /// Black.
    ///
    /// ```
    /// assert_eq!(chess960::Color::Black.pawn_rank(), 6);
    /// ```
    pub const fn pawn_rank(self) -> u8 {
        match self {
            Color::White => 1,
            Color::Black => 6,
        }
    }

    /// The colour's name, `"White"` or `"Black"`.
    ///
    /// ```
    /// assert_eq!(chess960::Color::White.name(), "White");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Color {
    type Err = ParseColorError;

    /// Reads `white` or `black`, or the letter a FEN uses for the side to
    /// move, `w` or `b`, in any ASCII case: `White` (what `Display`
    /// writes), `WHITE` and `W` are White too. Nothing else is read, not
    /// even surrounding spaces.
    fn from_str(text: &str) -> Result<Color, ParseColorError> {
        if text.eq_ignore_ascii_case("white") || text.eq_ignore_ascii_case("w") {
            Ok(Color::White)
        } else if text.eq_ignore_ascii_case("black") || text.eq_ignore_ascii_case("b") {
            Ok(Color::Black)
        } else {
            Err(ParseColorError)
        }
    }
}

/// A text that is not `white`, `black`, `w` or `b` (in any case), so names
/// no [`Color`].
///
/// ```
/// use chess960::{Color, ParseColorError};
///
/// assert_eq!("red".parse::<Color>(), Err(ParseColorError));
/// assert_eq!(
///     ParseColorError.to_string(),
///     "a colour is white or black, or w or b as in a FEN"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseColorError;

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a colour is white or black, or w or b as in a FEN")
    }
}

impl core::error::Error for ParseColorError {}
