//! Other numberings of the 960 positions.
//!
//! - One-based numbers 1..=960, as Scharnagl recommends them: 960 stands for
//!   id 0, every other number is the id itself.
//! - Fritz 9's numbers 1..=960, which order the NQ-skeletons differently
//!   (see [`FRITZ9_SKELETON_TABLE`]): Scharnagl's 518 is Fritz 9's 359.
//!
//! ```
//! use chess960::Position;
//!
//! assert_eq!(Position::STANDARD.fritz9(), 359);
//! assert_eq!(Position::from_one_based(960)?.id(), 0);
//! # Ok::<(), chess960::NumberingError>(())
//! ```

use crate::Position;
use crate::printed_tables::{FRITZ9_SKELETON_TABLE, NQ_SKELETON_TABLE, TableRow};
use core::fmt;

/// A number outside the range of its numbering.
///
/// ```
/// use chess960::{NumberingError, Position};
///
/// assert_eq!(Position::from_fritz9(0), Err(NumberingError::Fritz9OutOfRange { number: 0 }));
/// assert_eq!(
///     NumberingError::OneBasedOutOfRange { number: 961 }.to_string(),
///     "one-based number 961 does not exist: they run from 1 to 960"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NumberingError {
    /// A one-based number is 0 or more than 960.
    OneBasedOutOfRange {
        /// The number that was given.
        number: u16,
    },
    /// A Fritz 9 number is 0 or more than 960.
    Fritz9OutOfRange {
        /// The number that was given.
        number: u16,
    },
}

impl fmt::Display for NumberingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (scheme, number) = match *self {
            NumberingError::OneBasedOutOfRange { number } => ("one-based number", number),
            NumberingError::Fritz9OutOfRange { number } => ("Fritz 9 number", number),
        };
        write!(
            f,
            "{scheme} {number} does not exist: they run from 1 to 960"
        )
    }
}

impl core::error::Error for NumberingError {}

/// For each row of [`FRITZ9_SKELETON_TABLE`], the row of Scharnagl's
/// [`NQ_SKELETON_TABLE`] with the same skeleton; and the inverse.
const SKELETON_ROWS: ([u8; 60], [u8; 60]) = {
    let mut scharnagl_of_fritz = [0; 60];
    let mut fritz_of_scharnagl = [0; 60];
    let mut fritz = 0;
    while fritz < 60 {
        let mut scharnagl = 0;
        while !same_letters(FRITZ9_SKELETON_TABLE[fritz], NQ_SKELETON_TABLE[scharnagl]) {
            scharnagl += 1;
        }
        #[allow(clippy::cast_possible_truncation, reason = "rows are below 60")]
        {
            scharnagl_of_fritz[fritz] = scharnagl as u8;
            fritz_of_scharnagl[scharnagl] = fritz as u8;
        }
        fritz += 1;
    }
    (scharnagl_of_fritz, fritz_of_scharnagl)
};

const fn same_letters(a: TableRow<6>, b: TableRow<6>) -> bool {
    let (a, b) = (a.letters(), b.letters());
    let mut index = 0;
    while index < 6 {
        if a[index] != b[index] {
            return false;
        }
        index += 1;
    }
    true
}

impl Position {
    /// The position with one-based number `number` (1..=960): 960 is id 0,
    /// any other number is the id itself, as Scharnagl recommends.
    ///
    /// # Errors
    /// [`NumberingError::OneBasedOutOfRange`] for 0 and numbers above 960.
    ///
    /// ```
    /// use chess960::Position;
    ///
    /// assert_eq!(Position::from_one_based(518)?, Position::STANDARD);
    /// assert_eq!(Position::from_one_based(960)?.to_string(), "BBQNNRKR");
    /// assert!(Position::from_one_based(0).is_err());
    /// # Ok::<(), chess960::NumberingError>(())
    /// ```
    pub const fn from_one_based(number: u16) -> Result<Position, NumberingError> {
        if number == 0 || number > Position::COUNT {
            return Err(NumberingError::OneBasedOutOfRange { number });
        }
        match Position::from_id(number % Position::COUNT) {
            Ok(position) => Ok(position),
            Err(_) => unreachable!(),
        }
    }

    /// The one-based number, 1..=960: the id, with 960 for id 0.
    ///
    /// ```
    /// use chess960::Position;
    ///
    /// assert_eq!(Position::STANDARD.one_based(), 518);
    /// assert_eq!(Position::from_id(0)?.one_based(), 960);
    /// # Ok::<(), chess960::PositionError>(())
    /// ```
    pub const fn one_based(self) -> u16 {
        if self.id() == 0 {
            Position::COUNT
        } else {
            self.id()
        }
    }

    /// The position with Fritz 9 number `number` (1..=960).
    ///
    /// # Errors
    /// [`NumberingError::Fritz9OutOfRange`] for 0 and numbers above 960.
    ///
    /// ```
    /// use chess960::Position;
    ///
    /// assert_eq!(Position::from_fritz9(359)?, Position::STANDARD);
    /// assert_eq!(Position::from_fritz9(1)?.to_string(), "BBNNQRKR");
    /// # Ok::<(), chess960::NumberingError>(())
    /// ```
    pub const fn from_fritz9(number: u16) -> Result<Position, NumberingError> {
        if number == 0 || number > Position::COUNT {
            return Err(NumberingError::Fritz9OutOfRange { number });
        }
        let bishop_code = (number - 1) % 16;
        let fritz_row = (number - 1) / 16;
        let scharnagl_row = SKELETON_ROWS.0[fritz_row as usize] as u16;
        match Position::from_id(NQ_SKELETON_TABLE[scharnagl_row as usize].number() + bishop_code) {
            Ok(position) => Ok(position),
            Err(_) => unreachable!(),
        }
    }

    /// The Fritz 9 number, 1..=960: the number of the position's row in
    /// [`FRITZ9_SKELETON_TABLE`] plus its bishop code.
    ///
    /// ```
    /// use chess960::Position;
    ///
    /// assert_eq!(Position::STANDARD.fritz9(), 359);
    /// assert_eq!(Position::from_id(0)?.fritz9(), 81); // BBQNNRKR, skeleton QNN---
    /// # Ok::<(), chess960::PositionError>(())
    /// ```
    pub const fn fritz9(self) -> u16 {
        // The row of Scharnagl's NQ-skeleton table is id / 16.
        let fritz_row = SKELETON_ROWS.1[(self.id() / 16) as usize] as usize;
        FRITZ9_SKELETON_TABLE[fritz_row].number() + self.bishop_code() as u16
    }
}
