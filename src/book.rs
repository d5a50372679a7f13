//! Opening books for engine testing: [`Book`], the starts of a Chess960 or
//! double Chess960 book in book order, [`BookEntry`], one start written as
//! an EPD line or a PGN game, and [`DoublePositions`], the iterator over
//! double starts ([`DoublePosition::all`]).
//!
//! The default books are byte for byte the files engine testing uses: the
//! 960 starts in id order with X-FEN castling rights (Stockfish testing's
//! `FRC_openings.epd`), and the 921,600 double starts, line
//! `white_id * 960 + black_id + 1`, with Shredder-FEN castling rights
//! (`DFRC_openings.epd`).

use crate::{DoublePosition, FenStyle, Position, PositionSet};
use core::fmt;
use core::iter::FusedIterator;

/// The double starts whose White start is in one set and Black start in
/// another, in book order: White's id first, then Black's, each rising (so
/// in order of [`DoublePosition::id`]). Made by [`DoublePosition::all`] and
/// [`Book::iter`].
///
/// ```
/// use chess960::DoublePosition;
///
/// let mut all = DoublePosition::all();
/// assert_eq!(all.len(), 921_600);
/// assert_eq!(all.next().map(DoublePosition::id), Some(0));
/// assert_eq!(all.next().map(DoublePosition::id), Some(1));
/// assert_eq!(all.last().map(DoublePosition::id), Some(921_599));
/// ```
#[derive(Clone, Debug)]
pub struct DoublePositions {
    white: PositionSet,
    black: PositionSet,
    /// How many Black starts the set has (0 makes the iterator empty).
    blacks: u32,
    /// The starts of a single book: each start of `white` paired with
    /// itself, `black` unused.
    diagonal: bool,
    /// The index of the next pair and one past the last.
    next: u32,
    end: u32,
}

impl DoublePositions {
    /// The pairs of a White start in `white` and a Black start in `black`,
    /// in book order.
    ///
    /// ```
    /// use chess960::{DoublePositions, PositionSet};
    ///
    /// let white: PositionSet = "518".parse()?;
    /// let black: PositionSet = "0-2".parse()?;
    /// let ids: Vec<u32> = DoublePositions::new(white, black).map(|d| d.id()).collect();
    /// assert_eq!(ids, [518 * 960, 518 * 960 + 1, 518 * 960 + 2]);
    /// # Ok::<(), chess960::ParsePositionSetError>(())
    /// ```
    pub const fn new(white: PositionSet, black: PositionSet) -> DoublePositions {
        let blacks = black.len() as u32;
        DoublePositions {
            white,
            black,
            blacks,
            diagonal: false,
            next: 0,
            end: white.len() as u32 * blacks,
        }
    }

    /// The pair at `index` in book order (counted from 0, whatever was
    /// already iterated), or `None` past the end.
    ///
    /// ```
    /// use chess960::{DoublePosition, Position};
    ///
    /// let all = DoublePosition::all();
    /// let pair = all.get(497_918).unwrap();
    /// assert_eq!((pair.white().id(), pair.black().id()), (518, 638));
    /// assert_eq!(all.get(921_600), None);
    /// ```
    #[expect(
        clippy::cast_possible_truncation,
        reason = "below 960: a diagonal's index, index / blacks and index % blacks"
    )]
    pub const fn get(&self, index: u32) -> Option<DoublePosition> {
        if self.diagonal {
            return if index < Position::COUNT as u32 {
                match self.white.nth(index as u16) {
                    Some(position) => Some(DoublePosition::new(position, position)),
                    None => None,
                }
            } else {
                None
            };
        }
        if self.blacks == 0 || index >= self.white.len() as u32 * self.blacks {
            return None;
        }
        match (
            self.white.nth((index / self.blacks) as u16),
            self.black.nth((index % self.blacks) as u16),
        ) {
            (Some(white), Some(black)) => Some(DoublePosition::new(white, black)),
            _ => None,
        }
    }
}

impl Iterator for DoublePositions {
    type Item = DoublePosition;

    fn next(&mut self) -> Option<DoublePosition> {
        if self.next >= self.end {
            return None;
        }
        let pair = self.get(self.next);
        self.next += 1;
        pair
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.end - self.next) as usize;
        (left, Some(left))
    }

    fn nth(&mut self, n: usize) -> Option<DoublePosition> {
        let skip = u32::try_from(n).unwrap_or(u32::MAX);
        self.next = self.next.saturating_add(skip).min(self.end);
        self.next()
    }
}

impl DoubleEndedIterator for DoublePositions {
    fn next_back(&mut self) -> Option<DoublePosition> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        self.get(self.end)
    }
}

impl ExactSizeIterator for DoublePositions {}

impl FusedIterator for DoublePositions {}

impl DoublePosition {
    /// All 921,600 double starts in order of id, White's id first: the
    /// order of the double Chess960 book.
    ///
    /// ```
    /// use chess960::DoublePosition;
    ///
    /// assert!(DoublePosition::all().enumerate().all(|(index, d)| d.id() as usize == index));
    /// ```
    pub const fn all() -> DoublePositions {
        DoublePositions::new(PositionSet::ALL, PositionSet::ALL)
    }
}

/// How a book writes each start.
///
/// ```
/// use chess960::{Book, BookFormat};
///
/// let book = Book::single().format(BookFormat::Pgn);
/// assert!(book.entry(0).unwrap().to_string().starts_with("[Event "));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BookFormat {
    /// One FEN a line (`… w KQkq - 0 1`), as engine testing's `.epd` books.
    Epd,
    /// One game a start with no moves: the seven tag roster (`Round` is the
    /// line number), `[Variant "Chess960"]`, `[SetUp "1"]`, `[FEN "…"]` and
    /// the result `*`, each game followed by a blank line, as
    /// cutechess-cli and fastchess read PGN books.
    Pgn,
}

/// An opening book of Chess960 starts: which starts, in book order, and how
/// each is written.
///
/// A single book ([`Book::single`]) holds starts with Black's pieces
/// mirroring White's, in order of id; a double book ([`Book::double`]) a
/// White start and a Black start each from its own set, in order of
/// [`DoublePosition::id`]. By default every start is in, written as an EPD
/// line, with X-FEN castling rights in a single book and Shredder-FEN in a
/// double one: exactly the books of Stockfish testing.
///
/// ```
/// use chess960::{Book, FenStyle, PositionSet};
///
/// let book = Book::single();
/// assert_eq!(book.len(), 960);
/// assert_eq!(
///     book.entry(518).unwrap().to_string(),
///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
/// );
///
/// // Double Chess960 with White on the classical start and Black on SP 0-9.
/// let book = Book::double()
///     .white("518".parse::<PositionSet>()?)
///     .black("0-9".parse::<PositionSet>()?);
/// assert_eq!(book.len(), 10);
/// assert_eq!(
///     book.entry(0).unwrap().to_string(),
///     "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1\n"
/// );
/// # Ok::<(), chess960::ParsePositionSetError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Book {
    white: PositionSet,
    black: PositionSet,
    double: bool,
    castling: FenStyle,
    format: BookFormat,
}

impl Book {
    /// The Chess960 book: the 960 starts in order of id, X-FEN, EPD
    /// (Stockfish testing's `FRC_openings.epd`).
    ///
    /// ```
    /// assert_eq!(chess960::Book::single().len(), 960);
    /// ```
    pub const fn single() -> Book {
        Book {
            white: PositionSet::ALL,
            black: PositionSet::ALL,
            double: false,
            castling: FenStyle::XFen,
            format: BookFormat::Epd,
        }
    }

    /// The double Chess960 book: the 921,600 pairs in order of id,
    /// Shredder-FEN, EPD (Stockfish testing's `DFRC_openings.epd`).
    ///
    /// ```
    /// assert_eq!(chess960::Book::double().len(), 921_600);
    /// ```
    pub const fn double() -> Book {
        Book {
            white: PositionSet::ALL,
            black: PositionSet::ALL,
            double: true,
            castling: FenStyle::Shredder,
            format: BookFormat::Epd,
        }
    }

    /// Whether this is a double Chess960 book.
    ///
    /// ```
    /// assert!(chess960::Book::double().is_double());
    /// ```
    pub const fn is_double(&self) -> bool {
        self.double
    }

    /// This book keeping only starts in `set`: in a double book, both the
    /// White and the Black start must be in it.
    ///
    /// ```
    /// use chess960::{Book, PositionSet};
    ///
    /// let first_ten: PositionSet = "0-9".parse()?;
    /// assert_eq!(Book::single().starts(first_ten).len(), 10);
    /// assert_eq!(Book::double().starts(first_ten).len(), 100);
    /// # Ok::<(), chess960::ParsePositionSetError>(())
    /// ```
    #[must_use]
    pub fn starts(self, set: PositionSet) -> Book {
        self.white(set).black(set)
    }

    /// This book without the starts in `set` (in a double book: no pair
    /// with either start in it).
    ///
    /// ```
    /// use chess960::{Book, Position};
    ///
    /// let chess959 = Book::single().excluding("518".parse()?);
    /// assert_eq!(chess959.len(), 959);
    /// assert!(chess959.iter().all(|start| start.white() != Position::STANDARD));
    /// # Ok::<(), chess960::ParsePositionSetError>(())
    /// ```
    #[must_use]
    pub fn excluding(self, set: PositionSet) -> Book {
        self.starts(set.complement())
    }

    /// This book keeping only pairs whose White start is in `set`. In a
    /// single book White's and Black's start are one, so this is
    /// [`starts`](Self::starts) there.
    ///
    /// ```
    /// use chess960::{Book, PositionSet};
    ///
    /// let book = Book::double().white("518".parse()?);
    /// assert_eq!(book.len(), 960);
    /// assert!(book.iter().all(|start| start.white().id() == 518));
    /// # Ok::<(), chess960::ParsePositionSetError>(())
    /// ```
    #[must_use]
    pub fn white(mut self, set: PositionSet) -> Book {
        self.white &= set;
        if !self.double {
            self.black = self.white;
        }
        self
    }

    /// This book keeping only pairs whose Black start is in `set` (in a
    /// single book: [`starts`](Self::starts)).
    ///
    /// ```
    /// use chess960::{Book, PositionSet};
    ///
    /// let book = Book::double().black("0".parse()?);
    /// assert_eq!(book.len(), 960);
    /// assert!(book.iter().all(|start| start.black().id() == 0));
    /// # Ok::<(), chess960::ParsePositionSetError>(())
    /// ```
    #[must_use]
    pub fn black(mut self, set: PositionSet) -> Book {
        self.black &= set;
        if !self.double {
            self.white = self.black;
        }
        self
    }

    /// This book writing castling rights in `style`.
    ///
    /// ```
    /// use chess960::{Book, FenStyle};
    ///
    /// let line = Book::single().castling(FenStyle::Shredder).entry(518).unwrap().to_string();
    /// assert!(line.ends_with(" w HAha - 0 1\n"));
    /// ```
    #[must_use]
    pub const fn castling(mut self, style: FenStyle) -> Book {
        self.castling = style;
        self
    }

    /// This book writing each start in `format`.
    ///
    /// ```
    /// use chess960::{Book, BookFormat};
    ///
    /// assert_eq!(Book::single().format(BookFormat::Pgn).entry(0).unwrap().to_string().lines().count(), 13);
    /// ```
    #[must_use]
    pub const fn format(mut self, format: BookFormat) -> Book {
        self.format = format;
        self
    }

    /// How many starts the book holds: at most 960 in a single book, at
    /// most 921,600 in a double one.
    ///
    /// ```
    /// use chess960::{Book, PositionSet};
    ///
    /// assert_eq!(Book::double().white("0-9".parse::<PositionSet>()?).len(), 9_600);
    /// # Ok::<(), chess960::ParsePositionSetError>(())
    /// ```
    pub const fn len(&self) -> u32 {
        if self.double {
            self.white.len() as u32 * self.black.len() as u32
        } else {
            self.white.len() as u32
        }
    }

    /// Whether the book holds no start.
    ///
    /// ```
    /// use chess960::{Book, PositionSet};
    ///
    /// assert!(Book::single().excluding(PositionSet::ALL).is_empty());
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The start at `index` in book order (counted from 0; line `index + 1`
    /// of the book), or `None` past the end. A single book's start is a
    /// [`DoublePosition`] whose Black start is White's.
    ///
    /// ```
    /// use chess960::Book;
    ///
    /// assert_eq!(Book::double().get(961).map(|start| start.id()), Some(961));
    /// assert!(Book::single().get(518).unwrap().is_single());
    /// assert_eq!(Book::single().get(960), None);
    /// ```
    pub const fn get(&self, index: u32) -> Option<DoublePosition> {
        self.iter().get(index)
    }

    /// The starts in book order.
    ///
    /// ```
    /// use chess960::Book;
    ///
    /// assert!(Book::double().iter().eq(chess960::DoublePosition::all()));
    /// assert_eq!(Book::single().iter().filter(|start| start.is_single()).count(), 960);
    /// ```
    pub const fn iter(&self) -> DoublePositions {
        let mut starts = DoublePositions::new(self.white, self.black);
        if !self.double {
            starts.diagonal = true;
            starts.end = self.white.len() as u32;
        }
        starts
    }

    /// The start at `index` with how this book writes it, or `None` past
    /// the end.
    ///
    /// ```
    /// use chess960::Book;
    ///
    /// let entry = Book::double().entry(0).unwrap();
    /// assert_eq!(entry.number(), 1);
    /// assert_eq!(entry.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n");
    /// ```
    pub const fn entry(&self, index: u32) -> Option<BookEntry> {
        match self.get(index) {
            Some(start) => Some(self.entry_of(start, index)),
            None => None,
        }
    }

    /// `start` written as this book writes line `index + 1` (the start
    /// need not be the book's own: a sampled or shuffled book writes its
    /// starts under their new line numbers).
    ///
    /// ```
    /// use chess960::{Book, DoublePosition, Position};
    ///
    /// let entry = Book::single().entry_of(DoublePosition::from(Position::STANDARD), 0);
    /// assert_eq!(entry.number(), 1);
    /// assert_eq!(entry.start().white(), Position::STANDARD);
    /// ```
    pub const fn entry_of(&self, start: DoublePosition, index: u32) -> BookEntry {
        BookEntry {
            start,
            number: index.saturating_add(1),
            castling: self.castling,
            format: self.format,
        }
    }

    /// Every entry in book order, numbered from 1.
    ///
    /// ```
    /// use chess960::Book;
    ///
    /// let text: String = Book::single().entries().map(|entry| entry.to_string()).collect();
    /// assert_eq!(text.len(), 960 * 57);
    /// ```
    pub fn entries(&self) -> impl Iterator<Item = BookEntry> + '_ {
        self.iter()
            .zip(0..)
            .map(|(start, index)| self.entry_of(start, index))
    }
}

impl IntoIterator for &Book {
    type Item = DoublePosition;
    type IntoIter = DoublePositions;

    /// [`Book::iter`].
    fn into_iter(self) -> DoublePositions {
        self.iter()
    }
}

impl IntoIterator for Book {
    type Item = DoublePosition;
    type IntoIter = DoublePositions;

    /// [`Book::iter`] (the book is `Copy`).
    fn into_iter(self) -> DoublePositions {
        self.iter()
    }
}

impl Default for Book {
    /// [`Book::single`].
    fn default() -> Book {
        Book::single()
    }
}

/// One start of a [`Book`], with its line number and how the book writes
/// it: [`Display`](fmt::Display) writes the EPD line or the PGN game,
/// ending in a newline.
///
/// ```
/// use chess960::{Book, BookFormat};
///
/// let game = Book::single().format(BookFormat::Pgn).entry(518).unwrap().to_string();
/// assert!(game.contains("[Round \"519\"]\n"));
/// assert!(game.contains("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n"));
/// assert!(game.ends_with("\n\n*\n\n"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BookEntry {
    start: DoublePosition,
    number: u32,
    castling: FenStyle,
    format: BookFormat,
}

impl BookEntry {
    /// The start.
    ///
    /// ```
    /// assert_eq!(chess960::Book::double().entry(5).unwrap().start().id(), 5);
    /// ```
    pub const fn start(&self) -> DoublePosition {
        self.start
    }

    /// The line number in the book, from 1 (the `Round` of a PGN game).
    ///
    /// ```
    /// assert_eq!(chess960::Book::double().entry(5).unwrap().number(), 6);
    /// ```
    pub const fn number(&self) -> u32 {
        self.number
    }
}

impl fmt::Display for BookEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = self.start.fen(self.castling);
        match self.format {
            BookFormat::Epd => {
                f.write_str(fen.as_str())?;
                f.write_str("\n")
            }
            BookFormat::Pgn => {
                write!(
                    f,
                    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"{}\"]\n\
                     [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n\
                     [SetUp \"1\"]\n[FEN \"{}\"]\n\n*\n\n",
                    self.number,
                    fen.as_str()
                )
            }
        }
    }
}
