//! The game table built on the reading threads: [`Table`], a
//! [`Collect`]or that fills Arrow builders a part at a time and makes each
//! delivered part a [`RecordBatch`] ([`Table::batch`]).

use super::column::{Column, tag_field};
use super::computed::Computed;
use super::select::{Columns, Entry};
use super::value::Value;
use crate::collect::{Batch, Collect, Game};
use arrow_array::builder::{
    Date32Builder, Int16Builder, ListBuilder, StringBuilder, Time64MicrosecondBuilder,
    UInt16Builder, UInt32Builder, UInt64Builder,
};
use arrow_array::{Array, ArrayRef, RecordBatch, StringArray, UInt64Array};
use arrow_schema::{ArrowError, DataType, Schema, SchemaRef, TimeUnit};
use std::sync::Arc;

/// Rows a part gathers, read on one core, before it is delivered.
pub const BATCH_ROWS: usize = 1 << 16;

/// Bytes of text a part gathers (about), read on one core, before it is
/// delivered: bounds a part's memory when the rows are long (movetext).
/// A part's text buffer (this and an eighth more) stays under 32 MiB, the
/// size above which the system's allocator gives freed blocks back to the
/// kernel: the next part reuses the memory instead of faulting in new
/// pages (every column of 500 MB into Parquet took about 8% less time
/// and half the system time than with 32 MiB parts).
pub const BATCH_BYTES: usize = 16 << 20;

/// Builds the game table: a [`Collect`]or whose parts are Arrow builders
/// filled on the reading threads, each delivered part made a
/// [`RecordBatch`] by [`Table::batch`], in input order.
///
/// ```
/// use arrow_array::{Array, Date32Array, StringArray};
/// use chess960_archive::Archive;
/// use chess960_archive::table::{Columns, Table};
///
/// let pgn = "[White \"Ada\"]\n[UTCDate \"1970.01.02\"]\n\n1. e4 *\n\n[White \"Bo\"]\n[UTCDate \"????.??.??\"]\n\n1. d4 *\n";
/// let table = Table::new(Columns::parse("number,white,utc_date")?);
/// let mut batches = Vec::new();
/// Archive::new()
///     .reader("two.pgn", std::io::Cursor::new(pgn))
///     .collect(&table, |mut batch| {
///         batches.push(table.batch(&mut batch).map_err(std::io::Error::other)?);
///         Ok(())
///     })?;
/// let batch = &batches[0];
/// assert_eq!(batch.schema(), table.schema());
/// let white = batch.column(1).as_any().downcast_ref::<StringArray>().unwrap();
/// assert_eq!((white.value(0), white.value(1)), ("Ada", "Bo"));
/// let date = batch.column(2).as_any().downcast_ref::<Date32Array>().unwrap();
/// assert_eq!((date.value(0), date.is_null(1)), (1, true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Table {
    columns: Columns,
    schema: SchemaRef,
    rows: usize,
}

/// One part's columns, filled on a reading thread.
#[derive(Debug)]
pub struct TablePart {
    /// Each row's record number within the part (the part's place in its
    /// input is added on delivery).
    numbers: Vec<u64>,
    /// One builder a column (`file` and `number`'s are filled on delivery).
    builders: Vec<Builder>,
    computed: Computed,
    /// Bytes of text appended (about).
    bytes: usize,
}

impl TablePart {
    /// The games of the part whose moves could not be replayed (with the
    /// `plies` and `moves` columns), each a [`Skip`](crate::Skip) numbered
    /// within the part (add [`Batch::base`]), taken out.
    #[cfg(feature = "moves")]
    pub fn take_skips(&mut self) -> Vec<crate::Skip> {
        self.computed.take_skips()
    }

    /// Rows gathered.
    pub fn len(&self) -> usize {
        self.numbers.len()
    }

    /// Whether no row was gathered.
    pub fn is_empty(&self) -> bool {
        self.numbers.is_empty()
    }
}

impl Table {
    /// The table of these columns.
    pub fn new(columns: Columns) -> Table {
        let fields: Vec<_> = columns
            .entries()
            .iter()
            .zip(columns.names())
            .map(|(entry, name)| match entry {
                Entry::Column(column) => Arc::new(column.field()),
                Entry::Tag(_) => tag_field(name),
            })
            .collect();
        Table {
            schema: Arc::new(Schema::new(fields)),
            columns,
            rows: BATCH_ROWS,
        }
    }

    /// At most `rows` rows a batch when records are read one after the
    /// other (the default [`BATCH_ROWS`]); a part of a large plain file
    /// read on all cores makes one batch whatever its rows.
    ///
    /// ```
    /// let table = chess960_archive::table::Table::new(Default::default()).batch_rows(1000);
    /// # let _ = table;
    /// ```
    #[must_use]
    pub fn batch_rows(mut self, rows: usize) -> Table {
        self.rows = rows.max(1);
        self
    }

    /// The table's schema: a field per column, in order.
    pub fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }

    /// The table's columns.
    pub fn columns(&self) -> &Columns {
        &self.columns
    }

    /// The record batch of a delivered part; empties the part for reuse.
    ///
    /// # Errors
    ///
    /// Arrow's error if the columns do not make a batch (they do by
    /// construction).
    pub fn batch(&self, batch: &mut Batch<'_, TablePart>) -> Result<RecordBatch, ArrowError> {
        let part = &mut *batch.part;
        let rows = part.numbers.len();
        let arrays: Vec<ArrayRef> = self
            .columns
            .entries()
            .iter()
            .zip(&mut part.builders)
            .map(|(entry, builder)| match entry {
                Entry::Column(Column::File) => Arc::new(StringArray::from_iter_values(
                    std::iter::repeat_n(batch.input, rows),
                )) as ArrayRef,
                Entry::Column(Column::Number) => Arc::new(UInt64Array::from_iter_values(
                    part.numbers.iter().map(|number| batch.base + number),
                )),
                _ => builder.finish(),
            })
            .collect();
        part.numbers.clear();
        part.bytes = 0;
        RecordBatch::try_new(self.schema.clone(), arrays)
    }
}

impl Collect for Table {
    type Part = TablePart;

    fn part(&self) -> TablePart {
        TablePart {
            numbers: Vec::new(),
            builders: self
                .schema
                .fields()
                .iter()
                .map(|field| Builder::of(field.data_type()))
                .collect(),
            computed: self.columns.computed(),
            bytes: 0,
        }
    }

    fn game(&self, part: &mut TablePart, game: &Game<'_>) {
        part.computed.game(game);
        let row = self.columns.row(game, &part.computed);
        part.numbers.push(game.number());
        for ((entry, value), builder) in self
            .columns
            .entries()
            .iter()
            .zip(self.columns.values(&row))
            .zip(&mut part.builders)
        {
            if !matches!(entry, Entry::Column(Column::File | Column::Number)) {
                part.bytes += builder.append(value);
            }
        }
    }

    fn keeps_raw(&self) -> bool {
        self.columns.needs_raw()
    }

    /// Replaying the moves costs more than reading the record: a
    /// compressed input's records go to all cores.
    fn spreads(&self) -> bool {
        self.columns.replays()
    }

    /// A game too long to keep its bytes keeps its row: the values read
    /// from its bytes (re-read tags, the movetext, the moves) are null.
    fn takes_unkept(&self) -> bool {
        true
    }

    fn is_full(&self, part: &TablePart) -> bool {
        part.numbers.len() >= self.rows || part.bytes >= BATCH_BYTES
    }

    fn reset(&self, part: &mut TablePart) {
        // `batch` emptied the builders; a part not made a batch is
        // emptied here.
        if !part.numbers.is_empty() {
            for builder in &mut part.builders {
                builder.finish();
            }
        }
        part.numbers.clear();
        part.bytes = 0;
    }
}

/// An Arrow builder of one column's type.
#[derive(Debug)]
enum Builder {
    Text(StringBuilder),
    UInt16(UInt16Builder),
    UInt32(UInt32Builder),
    UInt64(UInt64Builder),
    Int16(Int16Builder),
    Date(Date32Builder),
    Time(Time64MicrosecondBuilder),
    List(ListBuilder<StringBuilder>),
}

impl Builder {
    fn of(data_type: &DataType) -> Builder {
        match data_type {
            DataType::UInt16 => Builder::UInt16(UInt16Builder::new()),
            DataType::UInt32 => Builder::UInt32(UInt32Builder::new()),
            DataType::UInt64 => Builder::UInt64(UInt64Builder::new()),
            DataType::Int16 => Builder::Int16(Int16Builder::new()),
            DataType::Date32 => Builder::Date(Date32Builder::new()),
            DataType::Time64(TimeUnit::Microsecond) => {
                Builder::Time(Time64MicrosecondBuilder::new())
            }
            DataType::List(_) => Builder::List(ListBuilder::new(StringBuilder::new())),
            _ => Builder::Text(StringBuilder::new()),
        }
    }

    /// Appends a value (null when it does not fit the type); gives the
    /// bytes of text appended.
    fn append(&mut self, value: Value<'_>) -> usize {
        match (self, value) {
            (Builder::Text(builder), Value::Text(text)) => {
                builder.append_value(&text);
                return text.len();
            }
            (Builder::Text(builder), Value::Null) => builder.append_null(),
            (Builder::Text(builder), value) => {
                let text = value.to_string();
                builder.append_value(&text);
                return text.len();
            }
            (Builder::UInt16(builder), Value::UInt(number)) => {
                builder.append_option(u16::try_from(number).ok());
            }
            (Builder::UInt32(builder), Value::UInt(number)) => {
                builder.append_option(u32::try_from(number).ok());
            }
            (Builder::UInt64(builder), Value::UInt(number)) => builder.append_value(number),
            (Builder::Int16(builder), Value::Int(number)) => {
                builder.append_option(i16::try_from(number).ok());
            }
            (Builder::Date(builder), Value::Date(days)) => builder.append_value(days),
            (Builder::Time(builder), Value::Time(seconds)) => {
                builder.append_value(i64::from(seconds) * 1_000_000);
            }
            (Builder::List(builder), Value::Words(words)) => {
                for word in words.split(' ').filter(|word| !word.is_empty()) {
                    builder.values().append_value(word);
                }
                builder.append(true);
                return words.len();
            }
            (Builder::List(builder), _) => builder.append(false),
            (Builder::UInt16(builder), _) => builder.append_null(),
            (Builder::UInt32(builder), _) => builder.append_null(),
            (Builder::UInt64(builder), _) => builder.append_null(),
            (Builder::Int16(builder), _) => builder.append_null(),
            (Builder::Date(builder), _) => builder.append_null(),
            (Builder::Time(builder), _) => builder.append_null(),
        }
        0
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::Text(builder) => {
                let array = builder.finish();
                // The next part's text in one allocation, about as large
                // as this one's, rather than grown by doubling (a part of
                // movetext holds tens of megabytes).
                let bytes = array.values().len();
                *builder = StringBuilder::with_capacity(array.len(), bytes + bytes / 8);
                Arc::new(array)
            }
            Builder::UInt16(builder) => Arc::new(builder.finish()),
            Builder::UInt32(builder) => Arc::new(builder.finish()),
            Builder::UInt64(builder) => Arc::new(builder.finish()),
            Builder::Int16(builder) => Arc::new(builder.finish()),
            Builder::Date(builder) => Arc::new(builder.finish()),
            Builder::Time(builder) => Arc::new(builder.finish()),
            Builder::List(builder) => Arc::new(builder.finish()),
        }
    }
}
