//! The files of the board, a to h.

use core::fmt;

/// A file of the board. [`File::index`] counts from 0 for the a-file.
///
/// ```
/// use chess960_core::File;
///
/// assert_eq!(File::from_index(4), Some(File::E));
/// assert_eq!(File::E.index(), 4);
/// assert_eq!(File::E.to_char(), 'e');
/// assert_eq!(File::E.to_string(), "e");
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

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        f.write_char(self.to_char())
    }
}
