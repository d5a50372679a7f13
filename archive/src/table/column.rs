//! The game columns, each defined once: its name, its Arrow type, and how
//! its value is read from a record ([`Column::read`]). The command's text
//! formats, its Parquet files and the Python tables all come from here.

use super::row::Row;
use super::value::{Value, time_control};
use arrow_schema::{DataType, Field, TimeUnit};
use chess960::Color;
use chess960_games::{read::TagName, stats::Outcome};
use std::borrow::Cow;
use std::sync::Arc;

/// One column of the game table: a row per game.
///
/// The first sixteen are the columns of `chess960 games --games`
/// ([`Column::DEFAULT`]); the others come when asked for
/// ([`Column::ALL`]). Tags the reader does not keep (`Opening`,
/// `UTCDate`...) and `movetext` are read again from the record's bytes,
/// which the reading then keeps ([`Column::needs_raw`]).
///
/// To add a column: a variant here, its place in [`Column::ALL`], its
/// name, type and reading below; a column computed by a per-thread state
/// (the replayed moves) reads that state through its [`Row`].
///
/// ```
/// use chess960_archive::table::Column;
///
/// assert_eq!(Column::from_name("utc_date"), Some(Column::UtcDate));
/// assert_eq!(Column::UtcDate.name(), "utc_date");
/// assert_eq!(Column::DEFAULT.len(), 16);
/// assert!(Column::Opening.needs_raw() && !Column::White.needs_raw());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Column {
    /// `file`: the input's name (utf8).
    File,
    /// `number`: the record's number in its input, from 1 (uint64).
    Number,
    /// `offset`: the record's byte offset in its input, decompressed (uint64).
    Offset,
    /// `kind`: `chess960`, `standard`, `unreadable`... (utf8).
    Kind,
    /// `white_id`: the Chess960 start's id (White's, for double Chess960) (uint16).
    WhiteId,
    /// `black_id`: Black's start id, for double Chess960 only (uint16).
    BlackId,
    /// `result`: `1-0`, `0-1`, `1/2-1/2` or `*` (utf8).
    Result,
    /// `white`: the `White` tag (utf8).
    White,
    /// `black`: the `Black` tag (utf8).
    Black,
    /// `white_elo`: `WhiteElo`, digits only (uint32).
    WhiteElo,
    /// `black_elo`: `BlackElo`, digits only (uint32).
    BlackElo,
    /// `date`: the `Date` tag as written (utf8).
    Date,
    /// `event`: the `Event` tag (utf8).
    Event,
    /// `site`: the `Site` tag (utf8).
    Site,
    /// `variant`: the `Variant` tag (utf8).
    Variant,
    /// `detail`: why a game is not a plain Chess960 or standard game (utf8).
    Detail,
    /// `utc_date`: `UTCDate` (date32; null when not a real day).
    UtcDate,
    /// `utc_time`: `UTCTime` (time64 in microseconds; null when unreadable).
    UtcTime,
    /// `white_rating_diff`: `WhiteRatingDiff` (int16).
    WhiteRatingDiff,
    /// `black_rating_diff`: `BlackRatingDiff` (int16).
    BlackRatingDiff,
    /// `white_title`: `WhiteTitle` (utf8).
    WhiteTitle,
    /// `black_title`: `BlackTitle` (utf8).
    BlackTitle,
    /// `eco`: `ECO` (utf8).
    Eco,
    /// `opening`: `Opening` (utf8).
    Opening,
    /// `round`: `Round` as written (utf8).
    Round,
    /// `time_control`: `TimeControl` as written (utf8).
    TimeControl,
    /// `base_seconds`: the time control's base time (uint32; null for `-`
    /// or anything but `N` and `N+M`).
    BaseSeconds,
    /// `increment_seconds`: the time control's increment (uint32; null
    /// as `base_seconds`).
    IncrementSeconds,
    /// `termination`: `Termination` (utf8).
    Termination,
    /// `movetext`: the movetext as written, comments and line ends
    /// included, without the whitespace around it (utf8).
    Movetext,
    /// `plies`: the plies of the main line, replayed (uint16; null when
    /// the game is not replayed or a move cannot be). Not in
    /// [`Column::ALL`]: it comes with `Columns::with_moves` (feature
    /// `moves`).
    #[cfg(feature = "moves")]
    Plies,
    /// `moves`: the main line in UCI, castling in the game's notation (a
    /// list of utf8; null as `plies`). Comes with `plies`.
    #[cfg(feature = "moves")]
    Moves,
}

impl Column {
    /// The columns of `chess960 games --games` and `read_games`, in order.
    pub const DEFAULT: [Column; 16] = [
        Column::File,
        Column::Number,
        Column::Offset,
        Column::Kind,
        Column::WhiteId,
        Column::BlackId,
        Column::Result,
        Column::White,
        Column::Black,
        Column::WhiteElo,
        Column::BlackElo,
        Column::Date,
        Column::Event,
        Column::Site,
        Column::Variant,
        Column::Detail,
    ];

    /// The columns beyond [`Column::DEFAULT`], in order.
    pub const ADDED: [Column; 14] = [
        Column::UtcDate,
        Column::UtcTime,
        Column::WhiteRatingDiff,
        Column::BlackRatingDiff,
        Column::WhiteTitle,
        Column::BlackTitle,
        Column::Eco,
        Column::Opening,
        Column::Round,
        Column::TimeControl,
        Column::BaseSeconds,
        Column::IncrementSeconds,
        Column::Termination,
        Column::Movetext,
    ];

    /// Every column, in order ([`Column::DEFAULT`], then
    /// [`Column::ADDED`]): `all` in a column list.
    pub const ALL: [Column; 30] = {
        let mut all = [Column::File; 30];
        let mut at = 0;
        while at < all.len() {
            all[at] = if at < Column::DEFAULT.len() {
                Column::DEFAULT[at]
            } else {
                Column::ADDED[at - Column::DEFAULT.len()]
            };
            at += 1;
        }
        all
    };

    /// The column's name.
    pub const fn name(self) -> &'static str {
        match self {
            Column::File => "file",
            Column::Number => "number",
            Column::Offset => "offset",
            Column::Kind => "kind",
            Column::WhiteId => "white_id",
            Column::BlackId => "black_id",
            Column::Result => "result",
            Column::White => "white",
            Column::Black => "black",
            Column::WhiteElo => "white_elo",
            Column::BlackElo => "black_elo",
            Column::Date => "date",
            Column::Event => "event",
            Column::Site => "site",
            Column::Variant => "variant",
            Column::Detail => "detail",
            Column::UtcDate => "utc_date",
            Column::UtcTime => "utc_time",
            Column::WhiteRatingDiff => "white_rating_diff",
            Column::BlackRatingDiff => "black_rating_diff",
            Column::WhiteTitle => "white_title",
            Column::BlackTitle => "black_title",
            Column::Eco => "eco",
            Column::Opening => "opening",
            Column::Round => "round",
            Column::TimeControl => "time_control",
            Column::BaseSeconds => "base_seconds",
            Column::IncrementSeconds => "increment_seconds",
            Column::Termination => "termination",
            Column::Movetext => "movetext",
            #[cfg(feature = "moves")]
            Column::Plies => "plies",
            #[cfg(feature = "moves")]
            Column::Moves => "moves",
        }
    }

    /// The column of this name.
    pub fn from_name(name: &str) -> Option<Column> {
        Column::ALL.into_iter().find(|column| column.name() == name)
    }

    /// The column's Arrow type.
    ///
    /// ```
    /// use arrow_schema::{DataType, TimeUnit};
    /// use chess960_archive::table::Column;
    ///
    /// assert_eq!(Column::UtcTime.data_type(), DataType::Time64(TimeUnit::Microsecond));
    /// assert_eq!(Column::WhiteRatingDiff.data_type(), DataType::Int16);
    /// ```
    pub fn data_type(self) -> DataType {
        match self {
            Column::Number | Column::Offset => DataType::UInt64,
            Column::WhiteId | Column::BlackId => DataType::UInt16,
            Column::WhiteElo
            | Column::BlackElo
            | Column::BaseSeconds
            | Column::IncrementSeconds => DataType::UInt32,
            Column::UtcDate => DataType::Date32,
            Column::UtcTime => DataType::Time64(TimeUnit::Microsecond),
            Column::WhiteRatingDiff | Column::BlackRatingDiff => DataType::Int16,
            #[cfg(feature = "moves")]
            Column::Plies => DataType::UInt16,
            #[cfg(feature = "moves")]
            Column::Moves => DataType::List(Arc::new(Field::new("item", DataType::Utf8, true))),
            _ => DataType::Utf8,
        }
    }

    /// Whether every row has a value.
    pub const fn is_nullable(self) -> bool {
        !matches!(
            self,
            Column::File | Column::Number | Column::Offset | Column::Kind | Column::Result
        )
    }

    /// The column's Arrow field: name, type, nullability.
    pub fn field(self) -> Field {
        Field::new(self.name(), self.data_type(), self.is_nullable())
    }

    /// The tag the column is read from again in the record's bytes, for
    /// tags the reader does not keep.
    pub(crate) const fn raw_tag(self) -> Option<&'static str> {
        Some(match self {
            Column::UtcDate => "UTCDate",
            Column::UtcTime => "UTCTime",
            Column::WhiteRatingDiff => "WhiteRatingDiff",
            Column::BlackRatingDiff => "BlackRatingDiff",
            Column::WhiteTitle => "WhiteTitle",
            Column::BlackTitle => "BlackTitle",
            Column::Eco => "ECO",
            Column::Opening => "Opening",
            Column::Round => "Round",
            Column::Termination => "Termination",
            _ => return None,
        })
    }

    /// Whether reading the column needs the record's bytes as they stand.
    pub const fn needs_raw(self) -> bool {
        self.raw_tag().is_some() || matches!(self, Column::Movetext) || self.is_replayed()
    }

    /// Whether the column comes from the replayed moves.
    pub(crate) const fn is_replayed(self) -> bool {
        #[cfg(feature = "moves")]
        if matches!(self, Column::Plies | Column::Moves) {
            return true;
        }
        false
    }

    /// The column's value in `row`.
    ///
    /// ```
    /// use chess960_archive::table::{Column, Value};
    ///
    /// // Through a `Table`: see its example. `Value`s print as the text
    /// // formats write them.
    /// assert_eq!(Value::UInt(7).to_string(), "7");
    /// ```
    pub fn read<'a>(self, row: &Row<'a>) -> Value<'a> {
        let game = row.game();
        let record = game.record();
        let tags = record.tags();
        let kind = game.kind();
        let tag = |name: TagName| Value::text(tags.get(name));
        let elo = |color: Color| {
            tags.elo(color)
                .map_or(Value::Null, |elo| Value::UInt(u64::from(elo)))
        };
        let time_control = || tags.get(TagName::TimeControl).and_then(time_control);
        let raw = || self.raw_tag().and_then(|name| row.tag(name));
        match self {
            Column::File => Value::Text(Cow::Borrowed(game.input())),
            Column::Number => Value::UInt(game.number()),
            Column::Offset => Value::UInt(game.offset()),
            Column::Kind => Value::Text(Cow::Borrowed(kind.name())),
            Column::WhiteId => kind.chess960_start().map_or(Value::Null, |start| {
                Value::UInt(u64::from(start.white().id()))
            }),
            Column::BlackId => kind
                .chess960_start()
                .filter(|start| !start.is_single())
                .map_or(Value::Null, |start| {
                    Value::UInt(u64::from(start.black().id()))
                }),
            Column::Result => Value::Text(Cow::Borrowed(
                Outcome::from_tag(tags.get(TagName::Result)).as_str(),
            )),
            Column::White => tag(TagName::White),
            Column::Black => tag(TagName::Black),
            Column::WhiteElo => elo(Color::White),
            Column::BlackElo => elo(Color::Black),
            Column::Date => tag(TagName::Date),
            Column::Event => tag(TagName::Event),
            Column::Site => tag(TagName::Site),
            Column::Variant => tag(TagName::Variant),
            Column::Detail => kind.detail(tags).map_or(Value::Null, |detail| {
                Value::Text(Cow::Owned(detail.to_string()))
            }),
            Column::UtcDate => raw().map_or(Value::Null, Value::date),
            Column::UtcTime => raw().map_or(Value::Null, Value::time),
            Column::WhiteRatingDiff | Column::BlackRatingDiff => match raw().map(Value::signed) {
                Some(Value::Int(diff)) if i16::try_from(diff).is_ok() => Value::Int(diff),
                _ => Value::Null,
            },
            Column::WhiteTitle
            | Column::BlackTitle
            | Column::Eco
            | Column::Opening
            | Column::Round
            | Column::Termination => self
                .raw_tag()
                .map_or(Value::Null, |name| row.tag_value(name)),
            Column::TimeControl => tag(TagName::TimeControl),
            Column::BaseSeconds => {
                time_control().map_or(Value::Null, |(base, _)| Value::UInt(u64::from(base)))
            }
            Column::IncrementSeconds => time_control().map_or(Value::Null, |(_, increment)| {
                Value::UInt(u64::from(increment))
            }),
            Column::Movetext => row.movetext(),
            #[cfg(feature = "moves")]
            Column::Plies => row
                .computed()
                .plies()
                .map_or(Value::Null, |plies| Value::UInt(u64::from(plies))),
            #[cfg(feature = "moves")]
            Column::Moves => match row.computed().plies() {
                None => Value::Null,
                Some(_) => Value::Words(Cow::Borrowed(row.computed().moves())),
            },
        }
    }
}

/// The Arrow field of a `--tag` column: text, named as the tag.
pub(crate) fn tag_field(name: &str) -> Arc<Field> {
    Arc::new(Field::new(name, DataType::Utf8, true))
}
