//! The printed tables of the reference texts as data, generated at compile
//! time: Scharnagl's King's table and Bishop's table (the two-tables
//! representation), his NQ-skeleton table and KRN table, and Fritz 9's
//! NQ-skeleton table.
//!
//! Every table is computed by a `const fn` from the one derivation in
//! `chess960-core`; nothing here is a hand-typed copy. The tests compare each
//! table with the reference text, line by line.
//!
//! ```
//! use chess960::printed_tables::{BISHOPS_TABLE, KINGS_TABLE};
//!
//! // 518 = 512 + 6: the King's table row 512 and the Bishop's table row 6.
//! let king_row = KINGS_TABLE[518 / 16];
//! let bishop_row = BISHOPS_TABLE[518 % 16];
//! assert_eq!((king_row.number(), king_row.as_str()), (512, "RNQKNR"));
//! assert_eq!((bishop_row.number(), bishop_row.as_str()), (6, "--B--B--"));
//! ```

use crate::Position;
use core::fmt;

/// One row of a printed table: the number in its first column and the
/// ASCII letters beside it (`-` for a square the table leaves open).
///
/// ```
/// use chess960::printed_tables::NQ_SKELETON_TABLE;
///
/// let row = NQ_SKELETON_TABLE[32];
/// assert_eq!(row.number(), 512);
/// assert_eq!(row.letters(), *b"-NQ-N-");
/// assert_eq!(row.to_string(), "512 -NQ-N-");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableRow<const N: usize> {
    number: u16,
    letters: [u8; N],
}

impl<const N: usize> TableRow<N> {
    /// Makes a row from its number and its ASCII letters.
    pub(crate) const fn new(number: u16, letters: [u8; N]) -> TableRow<N> {
        TableRow { number, letters }
    }

    /// The number in the row's first column.
    ///
    /// ```
    /// assert_eq!(chess960::printed_tables::KINGS_TABLE[59].number(), 944);
    /// ```
    pub const fn number(self) -> u16 {
        self.number
    }

    /// The row's letters, ASCII.
    ///
    /// ```
    /// assert_eq!(chess960::printed_tables::KRN_TABLE[9].letters(), *b"RKRNN");
    /// ```
    pub const fn letters(self) -> [u8; N] {
        self.letters
    }

    /// The row's letters as a string slice.
    ///
    /// ```
    /// assert_eq!(chess960::printed_tables::BISHOPS_TABLE[0].as_str(), "BB------");
    /// ```
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(&self.letters) {
            Ok(text) => text,
            // Every row is built from piece letters and `-`.
            Err(_) => unreachable!(),
        }
    }
}

impl<const N: usize> fmt::Display for TableRow<N> {
    /// Writes the number, a space and the letters: `512 RNQKNR`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.number, self.as_str())
    }
}

/// White's rank of the position with id `id`, at compile time.
const fn rank_of(id: u16) -> [u8; 8] {
    match Position::from_id(id) {
        Ok(position) => position.rank(),
        Err(_) => panic!("the tables ask only for ids below 960"),
    }
}

/// The letters of `rank`, a-file first, without those in `dropped`, with
/// those in `blanked` written as `-`. `N` must be the number of letters kept.
const fn reduce<const N: usize>(rank: [u8; 8], dropped: &[u8], blanked: &[u8]) -> [u8; N] {
    const fn contains(letters: &[u8], letter: u8) -> bool {
        let mut index = 0;
        while index < letters.len() {
            if letters[index] == letter {
                return true;
            }
            index += 1;
        }
        false
    }
    let mut letters = [0; N];
    let mut kept = 0;
    let mut file = 0;
    while file < 8 {
        let letter = rank[file];
        if !contains(dropped, letter) {
            letters[kept] = if contains(blanked, letter) {
                b'-'
            } else {
                letter
            };
            kept += 1;
        }
        file += 1;
    }
    assert!(kept == N, "N must be the number of letters kept");
    letters
}

/// A table of `ROWS` rows: row `k` is numbered with the id `step * k` and
/// holds that position's rank, reduced as [`reduce`] says.
const fn table<const ROWS: usize, const N: usize>(
    step: u16,
    dropped: &[u8],
    blanked: &[u8],
) -> [TableRow<N>; ROWS] {
    let mut rows = [TableRow::new(0, [0; N]); ROWS];
    let mut row = 0;
    while row < ROWS {
        #[allow(clippy::cast_possible_truncation, reason = "at most 60 rows")]
        let id = step * row as u16;
        rows[row] = TableRow::new(id, reduce(rank_of(id), dropped, blanked));
        row += 1;
    }
    rows
}

/// The King's table: row `k` is numbered `16 * k` and holds the six pieces
/// other than the bishops, a-file first, of every position with an id from
/// `16 * k` to `16 * k + 15`.
///
/// To set up id `n`, put the bishops as in [`BISHOPS_TABLE`]`[n % 16]` and
/// the six pieces of `KINGS_TABLE[n / 16]` on the free squares.
///
/// ```
/// use chess960::printed_tables::KINGS_TABLE;
///
/// assert_eq!(KINGS_TABLE[0].as_str(), "QNNRKR");
/// assert_eq!(KINGS_TABLE[32].to_string(), "512 RNQKNR");
/// ```
pub const KINGS_TABLE: [TableRow<6>; 60] = table(16, b"B", b"");

/// The Bishop's table: row `b` (the bishop code, `id % 16`) shows where the
/// bishops stand, `B` on their files and `-` elsewhere.
///
/// ```
/// use chess960::printed_tables::BISHOPS_TABLE;
///
/// assert_eq!(BISHOPS_TABLE[6].as_str(), "--B--B--");
/// assert_eq!(BISHOPS_TABLE[15].as_str(), "------BB");
/// ```
pub const BISHOPS_TABLE: [TableRow<8>; 16] = table(1, b"", b"KQRN");

/// Scharnagl's NQ-skeleton table: row `k` is numbered `16 * k`, and holds
/// the skeleton of the positions `16 * k ..= 16 * k + 15`: the six squares
/// the bishops leave, with king and rooks written as `-`.
///
/// ```
/// use chess960::printed_tables::NQ_SKELETON_TABLE;
///
/// assert_eq!(NQ_SKELETON_TABLE[0].as_str(), "QNN---");
/// assert_eq!(NQ_SKELETON_TABLE[18].to_string(), "288 QN---N");
/// ```
pub const NQ_SKELETON_TABLE: [TableRow<6>; 60] = table(16, b"B", b"KR");

/// The KRN table: row `k` (the knight code) is numbered `96 * k`, the first
/// id of its group, and holds the order of knights, rooks and king shared by
/// the 96 positions `96 * k ..= 96 * k + 95`.
///
/// ```
/// use chess960::printed_tables::KRN_TABLE;
///
/// assert_eq!(KRN_TABLE[0].as_str(), "NNRKR");
/// assert_eq!(KRN_TABLE[5].to_string(), "480 RNKNR");
/// ```
pub const KRN_TABLE: [TableRow<5>; 10] = table(96, b"BQ", b"");

/// The three kinds of square in an NQ-skeleton, in Fritz 9's alphabetic
/// order: knight, queen, then `-` (king or rook) last.
const SKELETON_LETTERS: [u8; 3] = [b'N', b'Q', b'-'];

/// Fritz 9's NQ-skeleton table: the 60 skeletons in Fritz 9's order, row
/// `f` numbered `1 + 16 * f`.
///
/// The columns of the printed table are the queen's place among the four
/// squares the bishops and knights leave (the number of `-` on the queen's
/// a-side); within a column the skeletons are in alphabetic order with `-`
/// last. A position's Fritz 9 number is its row's number plus its bishop
/// code (the [`BISHOPS_TABLE`] row).
///
/// ```
/// use chess960::printed_tables::FRITZ9_SKELETON_TABLE;
///
/// assert_eq!(FRITZ9_SKELETON_TABLE[0].to_string(), "1 NNQ---");
/// assert_eq!(FRITZ9_SKELETON_TABLE[22].to_string(), "353 -NQ-N-");
/// assert_eq!(FRITZ9_SKELETON_TABLE[59].to_string(), "945 ---QNN");
/// ```
pub const FRITZ9_SKELETON_TABLE: [TableRow<6>; 60] = fritz9_skeletons();

const fn fritz9_skeletons() -> [TableRow<6>; 60] {
    let mut rows = [TableRow::new(0, [0; 6]); 60];
    let mut row: u16 = 0;
    let mut column = 0;
    while column < 4 {
        // Every word of six letters, in alphabetic order, as base 3 counting.
        let mut word = 0;
        while word < 729 {
            let mut letters = [0; 6];
            let (mut knights, mut queens, mut hyphens_before_queen) = (0, 0, 0);
            let mut digits = word;
            let mut place = 6;
            while place > 0 {
                place -= 1;
                letters[place] = SKELETON_LETTERS[digits % 3];
                digits /= 3;
            }
            let mut place = 0;
            while place < 6 {
                match letters[place] {
                    b'N' => knights += 1,
                    b'Q' => queens += 1,
                    _ if queens == 0 => hyphens_before_queen += 1,
                    _ => {}
                }
                place += 1;
            }
            if knights == 2 && queens == 1 && hyphens_before_queen == column {
                rows[row as usize] = TableRow::new(1 + 16 * row, letters);
                row += 1;
            }
            word += 1;
        }
        column += 1;
    }
    rows
}

/// The tables are evaluated at compile time, where coverage tools see
/// nothing: the same `const fn`s, run at run time, give the same rows.
#[cfg(test)]
mod run_time {
    use super::{
        BISHOPS_TABLE, FRITZ9_SKELETON_TABLE, KINGS_TABLE, KRN_TABLE, NQ_SKELETON_TABLE,
        fritz9_skeletons, table,
    };
    use core::hint::black_box;

    #[test]
    fn the_const_tables_are_what_their_functions_compute() {
        assert_eq!(table::<60, 6>(black_box(16), b"B", b""), KINGS_TABLE);
        assert_eq!(table::<16, 8>(black_box(1), b"", b"KQRN"), BISHOPS_TABLE);
        assert_eq!(
            table::<60, 6>(black_box(16), b"B", b"KR"),
            NQ_SKELETON_TABLE
        );
        assert_eq!(table::<10, 5>(black_box(96), b"BQ", b""), KRN_TABLE);
        assert_eq!(black_box(fritz9_skeletons)(), FRITZ9_SKELETON_TABLE);
    }
}
