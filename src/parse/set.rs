//! Reading a [`PositionSet`] written as text: ids, ranges of ids, ranks and
//! labels separated by commas (`0-99,518,RNBQKBNR`), the form command-line
//! options such as `--start` and `--exclude` take; and writing a set back
//! in that form, with runs of ids as ranges.

use crate::{ParsePositionError, Position, PositionError, PositionSet, Spelling, read_position};
use core::fmt;
use core::str::FromStr;

/// Why a text is not a set of start positions (see [`PositionSet`]'s
/// `FromStr` for the forms it reads). Items are counted from 1.
///
/// ```
/// use chess960::{ParsePositionError, ParsePositionSetError, PositionError, PositionSet};
///
/// assert_eq!(
///     "0-99,960".parse::<PositionSet>(),
///     Err(ParsePositionSetError::Position {
///         item: 2,
///         error: ParsePositionError::Position(PositionError::IdOutOfRange { id: 960 }),
///     })
/// );
/// assert_eq!(
///     "0-99,960".parse::<PositionSet>().unwrap_err().to_string(),
///     "item 2: start position 960 does not exist: ids run from 0 to 959"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParsePositionSetError {
    /// The text is empty or only white space.
    Empty,
    /// Nothing stands between two commas, or before the first or after the
    /// last.
    EmptyItem {
        /// Which item, counted from 1.
        item: usize,
    },
    /// An item is no start position, or a range's end is no id.
    Position {
        /// Which item, counted from 1.
        item: usize,
        /// The rule it breaks.
        error: ParsePositionError,
    },
    /// A range's ends are a rank or a FEN: a range runs between ids.
    RangeOfRanks {
        /// Which item, counted from 1.
        item: usize,
    },
    /// A range whose first id is larger than its last (`99-0`).
    ReversedRange {
        /// Which item, counted from 1.
        item: usize,
        /// The first id written.
        first: u16,
        /// The last id written.
        last: u16,
    },
}

impl fmt::Display for ParsePositionSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParsePositionSetError::Empty => f.write_str(
                "no start positions given: write ids, ranges such as 0-99, back ranks or \
                 labels such as SP518, separated by commas",
            ),
            ParsePositionSetError::EmptyItem { item } => write!(
                f,
                "item {item} is empty: write ids, ranges, ranks or labels separated by single commas"
            ),
            ParsePositionSetError::Position { item, error } => write!(f, "item {item}: {error}"),
            ParsePositionSetError::RangeOfRanks { item } => write!(
                f,
                "item {item}: a range runs from one id to another, such as 0-99 or SP100-SP199"
            ),
            ParsePositionSetError::ReversedRange { item, first, last } => write!(
                f,
                "item {item}: the range {first}-{last} runs backwards: write the smaller id first"
            ),
        }
    }
}

impl core::error::Error for ParsePositionSetError {}

impl FromStr for PositionSet {
    type Err = ParsePositionSetError;

    /// Reads a set of start positions: items separated by commas, each
    ///
    /// - a start position in any form `str::parse::<Position>` reads: an id
    ///   (`518`), a label (`SP518`, `SP-518`), a back rank in either colour
    ///   (`RNBQKBNR`, `rnbqkbnr`) or a start FEN;
    /// - or a range of ids, both ends included: `0-99`, `SP100-SP199`. An
    ///   item is a range when a `-` follows a digit, white space allowed
    ///   around it (so `SP-518` is a label, `0 - 99` a range and `-1` a
    ///   negative id, refused).
    ///
    /// ASCII white space around an item is ignored; an empty item (`1,,2`,
    /// a trailing comma) is refused, and so is an empty text. An item may
    /// repeat or overlap another. [`PositionSet`]'s `Display` writes a set
    /// in this form, with runs of ids as ranges, so a non-empty set reads
    /// back as itself.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// let set: PositionSet = "0-99, 518, RNBQKBNR, rkrnnqbb, SP-900".parse()?;
    /// assert_eq!(set.len(), 103);
    /// assert!(set.contains(Position::STANDARD));
    /// assert!(set.contains(Position::from_id(959)?));
    /// assert_eq!(set.to_string(), "0-99,518,900,959");
    /// assert_eq!(set.to_string().parse::<PositionSet>()?, set);
    /// assert_eq!("0-959".parse::<PositionSet>()?, PositionSet::ALL);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<PositionSet, ParsePositionSetError> {
        if text.trim_ascii().is_empty() {
            return Err(ParsePositionSetError::Empty);
        }
        let mut set = PositionSet::EMPTY;
        for (index, item) in text.split(',').enumerate() {
            let item_number = index + 1;
            let item = item.trim_ascii();
            if item.is_empty() {
                return Err(ParsePositionSetError::EmptyItem { item: item_number });
            }
            if let Some((first, last)) = range_ends(item) {
                let first = range_end(first, item_number)?;
                let last = range_end(last, item_number)?;
                if first > last {
                    return Err(ParsePositionSetError::ReversedRange {
                        item: item_number,
                        first,
                        last,
                    });
                }
                // Both ends were checked to be ids below 960.
                set.extend((first..=last).filter_map(|id| Position::from_id(id).ok()));
            } else {
                let position =
                    item.parse::<Position>()
                        .map_err(|error| ParsePositionSetError::Position {
                            item: item_number,
                            error,
                        })?;
                set.insert(position);
            }
        }
        Ok(set)
    }
}

/// The two ends of a range item (`0-99`): split at the first `-` that
/// follows an ASCII digit (white space between them allowed), in an item
/// that is not a FEN.
fn range_ends(item: &str) -> Option<(&str, &str)> {
    if item.contains('/') {
        return None;
    }
    let bytes = item.as_bytes();
    let dash = (1..bytes.len()).find(|&at| {
        bytes[at] == b'-'
            && item[..at]
                .trim_ascii_end()
                .ends_with(|c: char| c.is_ascii_digit())
    })?;
    Some((&item[..dash], &item[dash + 1..]))
}

/// One end of a range: an id or a label, read by the grammar.
fn range_end(text: &str, item: usize) -> Result<u16, ParsePositionSetError> {
    let position_error = |error: PositionError| ParsePositionSetError::Position {
        item,
        error: ParsePositionError::Position(error),
    };
    match read_position(text).map_err(position_error)? {
        Spelling::Id(id) => match Position::from_id(id) {
            Ok(position) => Ok(position.id()),
            Err(error) => Err(position_error(error)),
        },
        Spelling::Rank(_) | Spelling::Fen(_) => Err(ParsePositionSetError::RangeOfRanks { item }),
    }
}

impl fmt::Display for PositionSet {
    /// Writes the members' ids in order, separated by commas, with each run
    /// of three or more consecutive ids as a range: `0-99,518,900,959`. The
    /// empty set writes nothing; any other set reads back as itself.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// let set: PositionSet = Position::all().filter(|p| p.id() % 100 < 3).collect();
    /// assert_eq!(set.to_string(), "0-2,100-102,200-202,300-302,400-402,500-502,600-602,700-702,800-802,900-902");
    /// assert_eq!(PositionSet::EMPTY.to_string(), "");
    /// assert_eq!(PositionSet::ALL.to_string(), "0-959");
    /// assert_eq!("5,6".parse::<PositionSet>()?.to_string(), "5,6");
    /// # Ok::<(), chess960::ParsePositionSetError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut members = self.iter().map(Position::id).peekable();
        let mut first = true;
        while let Some(start) = members.next() {
            let mut end = start;
            while members.peek() == Some(&(end + 1)) {
                end += 1;
                members.next();
            }
            if !first {
                f.write_str(",")?;
            }
            first = false;
            match end - start {
                0 => write!(f, "{start}")?,
                1 => write!(f, "{start},{end}")?,
                _ => write!(f, "{start}-{end}")?,
            }
        }
        Ok(())
    }
}
