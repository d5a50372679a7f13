//! Reading a [`PositionSet`] written as text: ids, ranges of ids, ranks,
//! labels and ranges of engine evaluations separated by commas
//! (`0-99,518,RNBQKBNR,eval:-15..15`), the form command-line options such
//! as `--start` and `--exclude` take; and writing a set back in that form,
//! with runs of ids as ranges.

use crate::{ParsePositionError, Position, PositionError, PositionSet, Spelling, read_position};
use core::fmt;
use core::num::IntErrorKind;
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
    /// An item that starts `eval:` is not a range of evaluations
    /// `eval:MIN..MAX`.
    EvalRange {
        /// Which item, counted from 1.
        item: usize,
        /// The rule it breaks.
        error: EvalRangeError,
    },
}

/// Why an `eval:MIN..MAX` item of a set is not a range of evaluations
/// (centipawns from White's side, both ends included, either end left
/// open).
///
/// ```
/// use chess960::{EvalBound, EvalRangeError, ParsePositionSetError, PositionSet};
///
/// assert_eq!(
///     "518,eval:20..-20".parse::<PositionSet>(),
///     Err(ParsePositionSetError::EvalRange {
///         item: 2,
///         error: EvalRangeError::Reversed { min: 20, max: -20 },
///     })
/// );
/// assert_eq!(
///     "eval:..40000".parse::<PositionSet>().unwrap_err().to_string(),
///     "item 1: eval:MIN..MAX: MAX is out of range: centipawns run from -32768 to 32767"
/// );
/// assert_eq!(
///     "eval:1.5..".parse::<PositionSet>(),
///     Err(ParsePositionSetError::EvalRange {
///         item: 1,
///         error: EvalRangeError::NotANumber { bound: EvalBound::Min },
///     })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EvalRangeError {
    /// No `..` between the two ends (`eval:20`, `eval:-15-15`).
    MissingDots,
    /// An end is neither empty nor a whole number (`eval:1.5..`, `eval:x..`).
    NotANumber {
        /// Which end.
        bound: EvalBound,
    },
    /// An end is a whole number outside `i16`, -32768 to 32767.
    OutOfRange {
        /// Which end.
        bound: EvalBound,
    },
    /// The lower end is larger than the upper (`eval:20..-20`).
    Reversed {
        /// The lower end written.
        min: i16,
        /// The upper end written.
        max: i16,
    },
}

/// One end of an `eval:MIN..MAX` range, which [`EvalRangeError`] names.
///
/// ```
/// assert_eq!(chess960::EvalBound::Min.to_string(), "MIN");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EvalBound {
    /// The lower end, before `..`.
    Min,
    /// The upper end, after `..`.
    Max,
}

impl fmt::Display for EvalBound {
    /// `MIN` or `MAX`, as the grammar names them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            EvalBound::Min => "MIN",
            EvalBound::Max => "MAX",
        })
    }
}

impl fmt::Display for EvalRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EvalRangeError::MissingDots => f.write_str(
                "eval:MIN..MAX needs `..` between its ends, such as eval:-15..15, eval:..20 or eval:60..",
            ),
            EvalRangeError::NotANumber { bound } => write!(
                f,
                "eval:MIN..MAX: {bound} is not a whole number of centipawns (or leave it empty)"
            ),
            EvalRangeError::OutOfRange { bound } => write!(
                f,
                "eval:MIN..MAX: {bound} is out of range: centipawns run from {} to {}",
                i16::MIN,
                i16::MAX
            ),
            EvalRangeError::Reversed { min, max } => write!(
                f,
                "eval:{min}..{max} runs backwards: write the smaller number first"
            ),
        }
    }
}

impl core::error::Error for EvalRangeError {}

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
            ParsePositionSetError::EvalRange { item, error } => write!(f, "item {item}: {error}"),
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
    ///   negative id, refused);
    /// - or a range of engine evaluations, `eval:MIN..MAX`: every start
    ///   whose [`Eval::cp`](crate::Eval::cp) (centipawns, White's side) is
    ///   at least MIN and at most MAX, either end left open (`eval:..20`,
    ///   `eval:60..`), negative numbers written with a minus
    ///   (`eval:-15..15`); see [`PositionSet::eval_between`].
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
    /// let balanced: PositionSet = "eval:-15..15".parse()?;
    /// assert!(balanced.iter().all(|p| (-15..=15).contains(&p.eval().cp())));
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
            if let Some(range) = eval_range(item) {
                let (min, max) = range.map_err(|error| ParsePositionSetError::EvalRange {
                    item: item_number,
                    error,
                })?;
                set |= PositionSet::eval_between(min, max);
            } else if let Some((first, last)) = range_ends(item) {
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

/// The ends of an `eval:MIN..MAX` item (`eval:` in any ASCII case), an
/// open end as the end of `i16`; `None` when the item is not one.
fn eval_range(item: &str) -> Option<Result<(i16, i16), EvalRangeError>> {
    let prefix = item.get(..5)?;
    if !prefix.eq_ignore_ascii_case("eval:") {
        return None;
    }
    let Some((min, max)) = item[5..].split_once("..") else {
        return Some(Err(EvalRangeError::MissingDots));
    };
    let end = |text: &str, bound: EvalBound, open: i16| {
        let text = text.trim_ascii();
        if text.is_empty() {
            return Ok(open);
        }
        text.parse::<i16>().map_err(|error| match error.kind() {
            IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => {
                EvalRangeError::OutOfRange { bound }
            }
            _ => EvalRangeError::NotANumber { bound },
        })
    };
    Some((|| {
        let min = end(min, EvalBound::Min, i16::MIN)?;
        let max = end(max, EvalBound::Max, i16::MAX)?;
        if min > max {
            return Err(EvalRangeError::Reversed { min, max });
        }
        Ok((min, max))
    })())
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
