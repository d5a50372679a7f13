//! Which columns a table has, in which order: [`Columns`], parsed from a
//! list such as `white,black,utc_date` or `all`, plus any tag as a text
//! column of its own.

use super::column::Column;
use super::computed::Computed;
use super::row::Row;
use super::value::Value;
use crate::collect::Game;
use std::fmt;

/// The columns of a game table, in order: [`Column`]s, and tags read as
/// text columns named as the tag (`--tag NAME`, `tags=[...]`).
///
/// ```
/// use chess960_archive::table::{Column, Columns};
///
/// let columns = Columns::parse("white, black ,utc_date")?.tag("Annotator")?;
/// assert_eq!(columns.names().collect::<Vec<_>>(), ["white", "black", "utc_date", "Annotator"]);
/// assert_eq!(Columns::default().names().count(), 16);
/// assert_eq!(Columns::parse("all")?.names().count(), Column::ALL.len());
/// assert!(Columns::parse("white,whte").is_err());
/// # Ok::<(), chess960_archive::table::ColumnError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Columns {
    entries: Vec<Entry>,
    /// The tags read again from the records' bytes: those of the columns
    /// that need it, then the extra tags.
    raw_names: Vec<String>,
    movetext: bool,
    /// Whether a column of the replayed moves is selected.
    replay: bool,
}

/// One column of a selection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    /// A defined column.
    Column(Column),
    /// A tag as text: its index in `raw_names`.
    Tag(usize),
}

/// A column list or a tag name that cannot be used.
///
/// ```
/// use chess960_archive::table::Columns;
///
/// let error = Columns::parse("white,colour").unwrap_err();
/// assert!(error.to_string().starts_with("no column named \"colour\""));
/// let error = Columns::parse("white,moves").unwrap_err();
/// assert!(error.to_string().contains("with the moves (the command's --moves"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ColumnError {
    /// A name that is no column.
    Unknown(String),
    /// A column named twice, in any case (`site` and `Site`: SQL engines
    /// such as DuckDB tell column names apart without case).
    Repeated(String),
    /// A tag name that PGN cannot write (letters, digits and `_+#=:-`,
    /// not starting with `+#=:-`).
    BadTagName(String),
    /// No column at all.
    Empty,
}

impl fmt::Display for ColumnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ColumnError::Unknown(name) if name == "plies" || name == "moves" => write!(
                f,
                "{name:?} is replayed from the moves, not chosen: `plies` and `moves` come \
                 after the columns chosen with the moves (the command's --moves, Python's \
                 moves=True, Columns::with_moves)"
            ),
            ColumnError::Unknown(name) => {
                let names: Vec<&str> = Column::ALL.iter().map(|column| column.name()).collect();
                write!(
                    f,
                    "no column named {name:?}; the columns are {}, and `all` (any other tag: as a tag)",
                    names.join(", ")
                )
            }
            ColumnError::Repeated(name) => write!(
                f,
                "the column {name:?} is named twice (names are compared without case, as \
                 SQL engines such as DuckDB compare them)"
            ),
            ColumnError::BadTagName(name) => write!(
                f,
                "{name:?} is not a PGN tag name (letters, digits and '_+#=:-', not starting with '+#=:-', such as Annotator)"
            ),
            ColumnError::Empty => f.write_str("the column list is empty"),
        }
    }
}

impl std::error::Error for ColumnError {}

impl Default for Columns {
    /// [`Column::DEFAULT`]: the columns of `chess960 games --games`.
    fn default() -> Columns {
        Columns::of(&Column::DEFAULT).unwrap_or_else(|_| Columns::empty())
    }
}

impl Columns {
    fn empty() -> Columns {
        Columns {
            entries: Vec::new(),
            raw_names: Vec::new(),
            movetext: false,
            replay: false,
        }
    }

    /// These columns, in this order.
    ///
    /// # Errors
    ///
    /// [`ColumnError::Repeated`] for a column given twice.
    ///
    /// ```
    /// use chess960_archive::table::{Column, Columns};
    ///
    /// let columns = Columns::of(&[Column::Eco, Column::Opening])?;
    /// assert_eq!(columns.names().collect::<Vec<_>>(), ["eco", "opening"]);
    /// # Ok::<(), chess960_archive::table::ColumnError>(())
    /// ```
    pub fn of(columns: &[Column]) -> Result<Columns, ColumnError> {
        let mut selection = Columns::empty();
        for &column in columns {
            selection.push(column)?;
        }
        Ok(selection)
    }

    /// A comma-separated list of column names (spaces around them
    /// ignored); `all` stands for every column not named before it in
    /// the list.
    ///
    /// # Errors
    ///
    /// [`ColumnError`] for an unknown or repeated name, or an empty list.
    pub fn parse(list: &str) -> Result<Columns, ColumnError> {
        let mut selection = Columns::empty();
        for name in list
            .split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty())
        {
            if name == "all" {
                for column in Column::ALL {
                    if !selection.entries.contains(&Entry::Column(column)) {
                        selection.push(column)?;
                    }
                }
            } else {
                let column =
                    Column::from_name(name).ok_or_else(|| ColumnError::Unknown(name.to_owned()))?;
                selection.push(column)?;
            }
        }
        if selection.entries.is_empty() {
            return Err(ColumnError::Empty);
        }
        Ok(selection)
    }

    fn push(&mut self, column: Column) -> Result<(), ColumnError> {
        // A column, or a tag column of the same name (`--tag plies` and
        // then the moves' `plies`).
        if self
            .names()
            .any(|known| known.eq_ignore_ascii_case(column.name()))
        {
            return Err(ColumnError::Repeated(column.name().to_owned()));
        }
        if let Some(name) = column.raw_tag() {
            if !self.raw_names.iter().any(|known| known == name) {
                self.raw_names.push(name.to_owned());
            }
        }
        self.movetext |= column == Column::Movetext;
        self.replay |= column.is_replayed();
        self.entries.push(Entry::Column(column));
        Ok(())
    }

    /// Adds the tag `name` as a text column named as the tag (its first
    /// value in each record; null where the record lacks it).
    ///
    /// # Errors
    ///
    /// [`ColumnError::BadTagName`] for a name PGN cannot write,
    /// [`ColumnError::Repeated`] for a name already a column's.
    ///
    /// ```
    /// use chess960_archive::table::Columns;
    ///
    /// assert!(Columns::default().tag("Annotator").is_ok());
    /// assert!(Columns::default().tag("white").is_err());
    /// assert!(Columns::default().tag("Site").is_err()); // `site` is a column
    /// assert!(Columns::default().tag("Annotator")?.tag("annotator").is_err());
    /// assert!(Columns::default().tag("Two words").is_err());
    /// # Ok::<(), chess960_archive::table::ColumnError>(())
    /// ```
    pub fn tag(mut self, name: &str) -> Result<Columns, ColumnError> {
        if !chess960_games::read::is_tag_name(name.as_bytes()) {
            return Err(ColumnError::BadTagName(name.to_owned()));
        }
        if self.names().any(|known| known.eq_ignore_ascii_case(name)) {
            return Err(ColumnError::Repeated(name.to_owned()));
        }
        let slot = self
            .raw_names
            .iter()
            .position(|known| known == name)
            .unwrap_or_else(|| {
                self.raw_names.push(name.to_owned());
                self.raw_names.len() - 1
            });
        self.entries.push(Entry::Tag(slot));
        Ok(self)
    }

    /// The columns' names, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.entries.iter().map(|entry| match entry {
            Entry::Column(column) => column.name(),
            Entry::Tag(slot) => self.raw_names[*slot].as_str(),
        })
    }

    /// How many columns.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there is no column (never, for a parsed list).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether reading these columns needs each record's bytes as they
    /// stand (tags the reader does not keep, the movetext).
    pub fn needs_raw(&self) -> bool {
        self.movetext || self.replay || !self.raw_names.is_empty()
    }

    /// Whether a row's values cost a replay of the game's moves (`plies`
    /// and `moves`, [`Columns::with_moves`]): then a compressed input's
    /// records are worth handing to all cores ([`Collect::spreads`]).
    ///
    /// [`Collect::spreads`]: crate::Collect::spreads
    ///
    /// ```
    /// use chess960_archive::table::Columns;
    ///
    /// assert!(!Columns::parse("white,movetext")?.replays());
    /// # #[cfg(feature = "moves")]
    /// assert!(Columns::parse("white")?.with_moves()?.replays());
    /// # Ok::<(), chess960_archive::table::ColumnError>(())
    /// ```
    pub fn replays(&self) -> bool {
        self.replay
    }

    /// These columns and the replayed moves: `plies` and `moves` (feature
    /// `moves`), each game's main line replayed on its reading thread.
    ///
    /// # Errors
    ///
    /// [`ColumnError::Repeated`] when they are selected already.
    ///
    /// ```
    /// use chess960_archive::table::Columns;
    ///
    /// let columns = Columns::parse("white")?.with_moves()?;
    /// assert_eq!(columns.names().collect::<Vec<_>>(), ["white", "plies", "moves"]);
    /// // A tag column named `plies` or `moves` would be a second column of that name.
    /// assert!(Columns::parse("white")?.tag("plies")?.with_moves().is_err());
    /// # Ok::<(), chess960_archive::table::ColumnError>(())
    /// ```
    #[cfg(feature = "moves")]
    pub fn with_moves(mut self) -> Result<Columns, ColumnError> {
        self.push(Column::Plies)?;
        self.push(Column::Moves)?;
        Ok(self)
    }

    /// The defined column at `index`, `None` for a tag's.
    pub fn column(&self, index: usize) -> Option<Column> {
        match self.entries.get(index)? {
            Entry::Column(column) => Some(*column),
            Entry::Tag(_) => None,
        }
    }

    /// A reading thread's state for the computed columns among these.
    pub fn computed(&self) -> Computed {
        Computed::new(self.replay)
    }

    /// The row of `game` as these columns read it: the tags the reader
    /// does not keep are read from its bytes once, here ([`Computed::game`]
    /// must have seen `game` first when a column is computed).
    ///
    /// ```
    /// use chess960_archive::table::{Columns, Value};
    /// use chess960_archive::{Archive, Collect, Game};
    ///
    /// /// Each game's cells as text.
    /// struct Cells(Columns);
    /// impl Collect for Cells {
    ///     type Part = Vec<Vec<String>>;
    ///     fn part(&self) -> Self::Part {
    ///         Vec::new()
    ///     }
    ///     fn game(&self, part: &mut Self::Part, game: &Game<'_>) {
    ///         let computed = self.0.computed();
    ///         let row = self.0.row(game, &computed);
    ///         part.push(self.0.values(&row).map(|value| value.to_string()).collect());
    ///     }
    ///     fn keeps_raw(&self) -> bool {
    ///         self.0.needs_raw()
    ///     }
    /// }
    ///
    /// let pgn = "[White \"Ada\"]\n[UTCDate \"2024.01.31\"]\n[Opening \"Bongcloud\"]\n\n1. e4 *\n";
    /// let cells = Cells(Columns::parse("white,utc_date,opening,movetext")?);
    /// let mut rows = Vec::new();
    /// Archive::new().reader("in.pgn", std::io::Cursor::new(pgn)).collect(&cells, |batch| {
    ///     rows.append(batch.part);
    ///     Ok(())
    /// })?;
    /// assert_eq!(rows, [["Ada", "2024-01-31", "Bongcloud", "1. e4 *"]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn row<'a>(&'a self, game: &'a Game<'a>, computed: &'a Computed) -> Row<'a> {
        Row::new(game, &self.raw_names, self.movetext, computed)
    }

    /// Each column's value in `row`, in order.
    pub fn values<'a, 'r>(&'r self, row: &'r Row<'a>) -> impl Iterator<Item = Value<'a>> + 'r {
        self.entries.iter().map(move |entry| match entry {
            Entry::Column(column) => column.read(row),
            Entry::Tag(slot) => row.tag_at(*slot),
        })
    }

    pub(crate) fn entries(&self) -> &[Entry] {
        &self.entries
    }
}
