//! FEN for double Chess960 starts: [`DoublePosition::fen`] and
//! [`DoublePosition::from_fen`], on the same writer and reader as a single
//! start's.

use super::error::FenError;
use super::read::{Rules, Setup, read};
use super::text::{Fen, FenStyle};
use crate::DoublePosition;

impl DoublePosition {
    /// The FEN of this start, castling rights written in `style`.
    ///
    /// ```
    /// use chess960::{DoublePosition, FenStyle};
    ///
    /// let fen = DoublePosition::from_id(518)?.fen(FenStyle::XFen);
    /// assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// # Ok::<(), chess960::DoubleIdError>(())
    /// ```
    pub const fn fen(self, style: FenStyle) -> Fen {
        Fen::new(self.white(), self.black(), style)
    }

    /// The double Chess960 start a FEN describes. The rules are those of
    /// [`Position::from_fen`](crate::Position::from_fen), except that Black's back rank may be any
    /// start rank.
    ///
    /// # Errors
    /// The first rule broken, as a [`FenError`]; never
    /// [`FenError::NotMirrored`].
    ///
    /// ```
    /// use chess960::{DoublePosition, FenError};
    ///
    /// let double = DoublePosition::from_fen("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAca - 0 1");
    /// assert_eq!(double.map(|d| (d.white().id(), d.black().id())), Ok((518, 959)));
    /// assert_eq!(
    ///     DoublePosition::from_fen("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"),
    ///     Err(FenError::NoRookOnFile { color: chess960::Color::Black, file: chess960::File::H })
    /// );
    /// ```
    pub fn from_fen(text: &str) -> Result<DoublePosition, FenError> {
        read(text, Setup::Independent, Rules::Start).map(|reading| reading.start)
    }
}
