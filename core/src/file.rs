//! The files of the board, a to h.

use core::fmt;
use core::str::FromStr;

/// A file of the board. [`File::index`] counts from 0 for the a-file.
///
/// serde (feature `serde`): written as the letter, `"e"`, in human-readable
/// formats and as the index (`u8`) in compact ones.
///
/// ```
/// use chess960_core::File;
///
/// assert_eq!(File::from_index(4), Some(File::E));
/// assert_eq!(File::E.index(), 4);
/// assert_eq!(File::E.to_char(), 'e');
/// assert_eq!(File::E.to_string(), "e");
/// assert_eq!("e".parse::<File>(), Ok(File::E));
/// assert_eq!(format!("[{:^3}]", File::E), "[ e ]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum File {
    /// The a-file.
    A,
    /// The b-file.
    B,
    /// The c-file.
    C,
    /// The d-file.
    D,
    /// The e-file.
    E,
    /// The f-file.
    F,
    /// The g-file.
    G,
    /// The h-file.
    H,
}

impl File {
    /// Every file, a-file first.
    ///
    /// ```
    /// assert_eq!(chess960_core::File::ALL[7], chess960_core::File::H);
    /// ```
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with this index (0 is the a-file), or `None` past 7.
    ///
    /// ```
    /// assert_eq!(chess960_core::File::from_index(8), None);
    /// ```
    pub const fn from_index(index: u8) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }

    /// The index of the file, 0 for the a-file to 7 for the h-file.
    ///
    /// ```
    /// assert_eq!(chess960_core::File::H.index(), 7);
    /// ```
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The file's lowercase letter, `'a'` to `'h'`.
    ///
    /// ```
    /// assert_eq!(chess960_core::File::B.to_char(), 'b');
    /// ```
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Whether the square of this file on White's first rank is light
    /// (files b, d, f and h).
    ///
    /// ```
    /// assert!(chess960_core::File::H.is_light_on_first_rank());
    /// assert!(!chess960_core::File::A.is_light_on_first_rank());
    /// ```
    pub const fn is_light_on_first_rank(self) -> bool {
        self as u8 % 2 == 1
    }
}

/// The file names, a-file first, for [`fmt::Formatter::pad`].
const NAMES: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];

impl fmt::Display for File {
    /// Writes the lowercase letter, `e`, padded and aligned as the
    /// formatter asks (`{:^3}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(NAMES[self.index() as usize])
    }
}

impl FromStr for File {
    type Err = ParseFileError;

    /// Reads one lowercase letter `a` to `h`, as [`File`]'s `Display`
    /// writes it and as square names (`e4`) and UCI moves use it. Uppercase
    /// letters are refused, as in square names: in a FEN they name White's
    /// castling rights, not files.
    fn from_str(text: &str) -> Result<File, ParseFileError> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(letter), None) => match letter {
                'a'..='h' => Ok(File::ALL[letter as usize - 'a' as usize]),
                _ => Err(ParseFileError::NotAFile { found: letter }),
            },
            _ => Err(ParseFileError::WrongLength {
                length: text.chars().count(),
            }),
        }
    }
}

/// Why a text is not the name of a [`File`].
///
/// ```
/// use chess960_core::{File, ParseFileError};
///
/// assert_eq!("E".parse::<File>(), Err(ParseFileError::NotAFile { found: 'E' }));
/// assert_eq!("ef".parse::<File>(), Err(ParseFileError::WrongLength { length: 2 }));
/// assert_eq!(
///     "i".parse::<File>().unwrap_err().to_string(),
///     "'i' is not a file: files are the lowercase letters a to h"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseFileError {
    /// The text is not one character long.
    WrongLength {
        /// The text's length in characters.
        length: usize,
    },
    /// The one character is not a lowercase letter `a` to `h`.
    NotAFile {
        /// The character given.
        found: char,
    },
}

impl fmt::Display for ParseFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseFileError::WrongLength { length } => write!(
                f,
                "a file is one letter a to h, but {length} character{} given",
                if length == 1 { " was" } else { "s were" }
            ),
            ParseFileError::NotAFile { found } => write!(
                f,
                "{found:?} is not a file: files are the lowercase letters a to h"
            ),
        }
    }
}

impl core::error::Error for ParseFileError {}
