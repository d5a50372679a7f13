//! The five kinds of piece that stand on a back rank.

/// A piece of the back rank. Pawns never stand there, so they are not listed.
///
/// serde (feature `serde`): written as the name, `"knight"`, in
/// human-readable formats (read in any case, or as the letter `N` or `n`)
/// and as the index in [`Piece::ALL`] (`u8`) in compact ones.
///
/// ```
/// use chess960_core::Piece;
///
/// assert_eq!(Piece::from_letter(b'N'), Some(Piece::Knight));
/// assert_eq!(Piece::Knight.letter(), b'N');
/// assert_eq!(Piece::Rook.count(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Piece {
    /// The king, `K`.
    King,
    /// The queen, `Q`.
    Queen,
    /// A rook, `R`.
    Rook,
    /// A bishop, `B`.
    Bishop,
    /// A knight, `N`.
    Knight,
}

impl Piece {
    /// Every piece, in the order in which piece counts are checked.
    ///
    /// ```
    /// let total: u8 = chess960_core::Piece::ALL.iter().map(|p| p.count()).sum();
    /// assert_eq!(total, 8);
    /// ```
    pub const ALL: [Piece; 5] = [
        Piece::King,
        Piece::Queen,
        Piece::Rook,
        Piece::Bishop,
        Piece::Knight,
    ];

    /// The uppercase ASCII letter of the piece (`K`, `Q`, `R`, `B`, `N`).
    ///
    /// ```
    /// assert_eq!(chess960_core::Piece::Queen.letter(), b'Q');
    /// ```
    pub const fn letter(self) -> u8 {
        match self {
            Piece::King => b'K',
            Piece::Queen => b'Q',
            Piece::Rook => b'R',
            Piece::Bishop => b'B',
            Piece::Knight => b'N',
        }
    }

    /// The piece named by an uppercase ASCII letter, or `None`.
    ///
    /// ```
    /// use chess960_core::Piece;
    ///
    /// assert_eq!(Piece::from_letter(b'K'), Some(Piece::King));
    /// assert_eq!(Piece::from_letter(b'k'), None);
    /// assert_eq!(Piece::from_letter(b'P'), None);
    /// ```
    pub const fn from_letter(letter: u8) -> Option<Piece> {
        match letter {
            b'K' => Some(Piece::King),
            b'Q' => Some(Piece::Queen),
            b'R' => Some(Piece::Rook),
            b'B' => Some(Piece::Bishop),
            b'N' => Some(Piece::Knight),
            _ => None,
        }
    }

    /// How many of this piece a start rank holds.
    ///
    /// ```
    /// assert_eq!(chess960_core::Piece::King.count(), 1);
    /// ```
    pub const fn count(self) -> u8 {
        match self {
            Piece::King | Piece::Queen => 1,
            Piece::Rook | Piece::Bishop | Piece::Knight => 2,
        }
    }

    /// The English name of the piece, in lowercase (`"knight"`).
    ///
    /// ```
    /// assert_eq!(chess960_core::Piece::Bishop.name(), "bishop");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Piece::King => "king",
            Piece::Queen => "queen",
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
            Piece::Knight => "knight",
        }
    }
}

impl core::fmt::Display for Piece {
    /// Writes the English name, as [`Piece::name`].
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
