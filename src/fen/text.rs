//! The text of a start FEN: [`Fen`], a fixed-size buffer of 56 ASCII
//! bytes, [`FenStyle`] (X-FEN or Shredder-FEN castling rights), and
//! [`Position::fen`].

use crate::{DoublePosition, Position};
use core::fmt;

/// How a FEN writes castling rights.
///
/// ```
/// use chess960::{FenStyle, Position};
///
/// let standard = Position::STANDARD;
/// assert!(standard.fen(FenStyle::XFen).as_str().ends_with(" w KQkq - 0 1"));
/// assert!(standard.fen(FenStyle::Shredder).as_str().ends_with(" w HAha - 0 1"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenStyle {
    /// X-FEN: `K` and `Q` for White's h-side and a-side rights, `k` and `q`
    /// for Black's. A start position has one rook on each side of the king,
    /// so the letters are never ambiguous there.
    XFen,
    /// Shredder-FEN: the castling rooks' files, White's in uppercase first,
    /// each colour's h-side rook before its a-side rook (`HAha` in the
    /// classical position).
    Shredder,
}

/// The FEN of a start position: 56 ASCII bytes in a fixed-size buffer.
///
/// ```
/// use chess960::{Fen, FenStyle, Position};
///
/// const FEN: Fen = Position::STANDARD.fen(FenStyle::XFen);
/// assert_eq!(FEN.as_str(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// assert_eq!(FEN.to_string(), FEN.as_str());
/// assert_eq!(FEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fen {
    bytes: [u8; Fen::LENGTH],
}

/// The FEN of the classical position; [`Fen::new`] overwrites the ranks
/// and the castling rights.
const TEMPLATE: &[u8; Fen::LENGTH] = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Where Black's back rank starts in the FEN.
const BLACK_RANK_AT: usize = 0;
/// Where White's back rank starts in the FEN.
const WHITE_RANK_AT: usize = 35;
/// Where the castling rights start in the FEN.
const CASTLING_AT: usize = 46;

impl Fen {
    /// The length of every start FEN in bytes.
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// assert!(Position::all().all(|p| p.fen(FenStyle::Shredder).as_str().len() == chess960::Fen::LENGTH));
    /// ```
    pub const LENGTH: usize = 56;

    /// The FEN of the start with White's pieces from `white` and Black's
    /// from `black`.
    pub(crate) const fn new(white: Position, black: Position, style: FenStyle) -> Fen {
        let mut bytes = *TEMPLATE;
        let white_rank = white.rank();
        let black_rank = black.rank();
        let mut file = 0;
        while file < 8 {
            bytes[WHITE_RANK_AT + file] = white_rank[file];
            bytes[BLACK_RANK_AT + file] = black_rank[file].to_ascii_lowercase();
            file += 1;
        }
        if let FenStyle::Shredder = style {
            let rights = shredder_rights(DoublePosition::new(white, black));
            let mut index = 0;
            while index < rights.len() {
                bytes[CASTLING_AT + index] = rights[index];
                index += 1;
            }
        }
        Fen { bytes }
    }

    /// The FEN as a string slice.
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// let fen = Position::STANDARD.fen(FenStyle::Shredder);
    /// assert_eq!(fen.as_str(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// ```
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(&self.bytes) {
            Ok(fen) => fen,
            // Built from ASCII letters, digits, '/', '-' and spaces only.
            Err(_) => unreachable!(),
        }
    }

    /// The FEN as ASCII bytes.
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// assert_eq!(&Position::STANDARD.fen(FenStyle::XFen).as_bytes()[..8], b"rnbqkbnr");
    /// ```
    pub const fn as_bytes(&self) -> &[u8; Fen::LENGTH] {
        &self.bytes
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for Fen {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Fen {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<Fen> for str {
    fn eq(&self, other: &Fen) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Fen> for &str {
    fn eq(&self, other: &Fen) -> bool {
        *self == other.as_str()
    }
}

impl Position {
    /// The FEN of this start position, castling rights written in `style`.
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// let position: Position = "BBQNNRKR".parse()?;
    /// assert_eq!(
    ///     position.fen(FenStyle::Shredder).as_str(),
    ///     "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
    /// );
    /// # Ok::<(), chess960::ParsePositionError>(())
    /// ```
    pub const fn fen(self, style: FenStyle) -> Fen {
        Fen::new(self, self, style)
    }
}

// `Fen` as a string: it is an owned ASCII string in a fixed-size buffer, so it
// lends itself out as `&str` and `&[u8]` the way `String` does.
//
// Not `Borrow<str>`: that promises `Hash`, `Eq` and `Ord` agree with `str`'s,
// and `Fen` hashes its byte array (which hashes differently from the same
// text as a `str`) and has no order. Not `Default`: no FEN style is the
// obvious one; `Position::default().fen(style)` says which.

impl AsRef<str> for Fen {
    /// The FEN as a string slice, as [`Fen::as_str`].
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// fn fields(text: impl AsRef<str>) -> usize {
    ///     text.as_ref().split(' ').count()
    /// }
    /// assert_eq!(fields(Position::STANDARD.fen(FenStyle::XFen)), 6);
    /// ```
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<[u8]> for Fen {
    /// The FEN as ASCII bytes, as [`Fen::as_bytes`].
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// let fen = Position::STANDARD.fen(FenStyle::XFen);
    /// let bytes: &[u8] = fen.as_ref();
    /// assert_eq!(bytes.len(), chess960::Fen::LENGTH);
    /// ```
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl core::ops::Deref for Fen {
    type Target = str;

    /// The FEN as a string slice, so every `str` method works on a [`Fen`]
    /// and `&fen` passes where a `&str` is wanted, as with `String`.
    ///
    /// ```
    /// use chess960::{FenStyle, Position};
    ///
    /// let fen = Position::from_id(959)?.fen(FenStyle::Shredder);
    /// assert!(fen.starts_with("rkrnnqbb/"));
    /// assert_eq!(fen.split_whitespace().nth(2), Some("CAca"));
    /// assert_eq!(Position::from_fen(&fen)?.id(), 959);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn deref(&self) -> &str {
        self.as_str()
    }
}

/// The Shredder-FEN castling field of `start` as [`Fen::new`] writes it:
/// each colour's h-side rook, then its a-side rook.
#[inline]
pub(super) const fn shredder_rights(start: DoublePosition) -> [u8; 4] {
    let [white_a, white_h] = start.white().rook_files();
    let [black_a, black_h] = start.black().rook_files();
    [
        b'A' + white_h.index(),
        b'A' + white_a.index(),
        b'a' + black_h.index(),
        b'a' + black_a.index(),
    ]
}
