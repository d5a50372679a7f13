//! The physical outcomes a procedure reads besides die faces: how a coin
//! fell ([`Coin`]) and a card of the 14-card deck ([`Card`]).

use crate::File;
use core::fmt;

/// How a coin fell.
///
/// ```
/// use chess960::draw::Coin;
///
/// assert_ne!(Coin::Heads, Coin::Tails);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Coin {
    /// Heads up.
    Heads,
    /// Tails up.
    Tails,
}

/// A card of the 14-card deck: one per file (a to h), two knights, a queen
/// and three rooks (the middle rook square takes the king).
///
/// ```
/// use chess960::File;
/// use chess960::draw::Card;
///
/// assert_eq!(Card::Square(File::E).to_string(), "e");
/// assert_eq!(Card::Rook.count(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Card {
    /// A card marked with a file.
    Square(File),
    /// A card marked `N`.
    Knight,
    /// A card marked `Q`.
    Queen,
    /// A card marked `R`.
    Rook,
}

impl Card {
    /// The eleven kinds of card, in the order their counts are checked.
    ///
    /// ```
    /// let cards: u8 = chess960::draw::Card::ALL.iter().map(|card| card.count()).sum();
    /// assert_eq!(cards, 14);
    /// ```
    pub const ALL: [Card; 11] = [
        Card::Square(File::A),
        Card::Square(File::B),
        Card::Square(File::C),
        Card::Square(File::D),
        Card::Square(File::E),
        Card::Square(File::F),
        Card::Square(File::G),
        Card::Square(File::H),
        Card::Knight,
        Card::Queen,
        Card::Rook,
    ];

    /// How many cards of this kind the deck holds.
    ///
    /// ```
    /// assert_eq!(chess960::draw::Card::Knight.count(), 2);
    /// ```
    pub const fn count(self) -> u8 {
        match self {
            Card::Square(_) | Card::Queen => 1,
            Card::Knight => 2,
            Card::Rook => 3,
        }
    }
}

impl fmt::Display for Card {
    /// Writes the card's mark: a file letter, `N`, `Q` or `R`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Square(file) => write!(f, "{file}"),
            Card::Knight => f.write_str("N"),
            Card::Queen => f.write_str("Q"),
            Card::Rook => f.write_str("R"),
        }
    }
}
