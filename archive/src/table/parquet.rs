//! The game table written as Parquet: [`ParquetWriter`], a row group a
//! delivered batch (zstd-compressed pages) encoded and compressed on
//! threads of its own and written in order, and [`write_parquet`], an
//! archive read straight into a Parquet file with memory bounded by a
//! few parts whatever the input's size.

use super::batch::Table;
use super::column::Column;
use crate::archive::Archive;
use crate::error::Error;
use crate::summary::Summary;
use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{
    ArrowColumnChunk, ArrowColumnWriter, ArrowRowGroupWriterFactory, compute_leaves,
};
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::ColumnPath;
use std::collections::VecDeque;
use std::io::{self, Write};
use std::thread::JoinHandle;

/// The zstd level of the pages: 1, the fastest of the usual levels
/// (lichess's own archives are zstd at a higher level; Parquet pages are
/// small and many).
const ZSTD_LEVEL: i32 = 1;

/// The columns whose values are all, or nearly all, different: a
/// dictionary would only be built to be given up, and min/max statistics
/// of `movetext` (game text) would help no query.
const UNIQUE: [Column; 3] = [Column::Number, Column::Offset, Column::Movetext];

/// A row group being encoded: its column chunks, in the schema's order.
type Encoding = JoinHandle<Result<Vec<ArrowColumnChunk>, ParquetError>>;

/// Writes record batches of one schema to a Parquet file, a row group
/// each, in the order given. Each row group is encoded and compressed on
/// a thread of its own while the caller goes on (at most
/// [`ParquetWriter::threads`] at once: [`ParquetWriter::write`] waits for
/// the oldest when as many are in flight), and written to the output when
/// it and those before it are done. The footer is written by
/// [`ParquetWriter::finish`], which a reading that stopped on a fault must
/// still call so that the rows written stay readable.
///
/// ```
/// use arrow_array::{RecordBatch, StringArray};
/// use arrow_schema::{DataType, Field, Schema};
/// use chess960_archive::table::ParquetWriter;
/// use std::sync::Arc;
///
/// let schema = Arc::new(Schema::new(vec![Field::new("white", DataType::Utf8, true)]));
/// let mut writer = ParquetWriter::new(Vec::new(), schema.clone())?;
/// let column = Arc::new(StringArray::from(vec!["Ada", "Bo"]));
/// writer.write(&RecordBatch::try_new(schema, vec![column])?)?;
/// let bytes = writer.finish()?;
/// assert!(bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ParquetWriter<W: Write + Send> {
    file: SerializedFileWriter<W>,
    factory: ArrowRowGroupWriterFactory,
    schema: SchemaRef,
    /// The row groups being encoded, oldest first.
    encoding: VecDeque<Encoding>,
    /// Row groups handed to an encoding thread so far.
    row_groups: usize,
    threads: usize,
}

impl<W: Write + Send> ParquetWriter<W> {
    /// A writer of batches of `schema` to `out` (the file's header is
    /// written now) that encodes on as many threads as the machine has
    /// cores.
    ///
    /// # Errors
    ///
    /// The parquet crate's error, for a schema it cannot write or a
    /// failing `out`.
    pub fn new(out: W, schema: SchemaRef) -> Result<ParquetWriter<W>, ParquetError> {
        let mut properties = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::try_new(ZSTD_LEVEL)?))
            .set_max_row_group_row_count(None);
        for column in UNIQUE {
            if schema.field_with_name(column.name()).is_ok() {
                let path = ColumnPath::from(column.name());
                properties = properties.set_column_dictionary_enabled(path.clone(), false);
                if column == Column::Movetext {
                    properties =
                        properties.set_column_statistics_enabled(path, EnabledStatistics::None);
                }
            }
        }
        let writer = ArrowWriter::try_new(out, schema.clone(), Some(properties.build()))?;
        let (file, factory) = writer.into_serialized_writer()?;
        Ok(ParquetWriter {
            file,
            factory,
            schema,
            encoding: VecDeque::new(),
            row_groups: 0,
            threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        })
    }

    /// Encodes at most `threads` row groups at once (at least one; by
    /// default as many as the machine has cores): with a part of rows
    /// being read, this bounds the rows held in memory.
    ///
    /// ```
    /// use arrow_array::{RecordBatch, UInt16Array};
    /// use arrow_schema::{DataType, Field, Schema};
    /// use chess960_archive::table::ParquetWriter;
    /// use std::sync::Arc;
    ///
    /// let schema = Arc::new(Schema::new(vec![Field::new("white_id", DataType::UInt16, true)]));
    /// let mut writer = ParquetWriter::new(Vec::new(), schema.clone())?.threads(1);
    /// let ids = Arc::new(UInt16Array::from(vec![518]));
    /// writer.write(&RecordBatch::try_new(schema, vec![ids])?)?;
    /// assert!(writer.finish()?.ends_with(b"PAR1"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn threads(mut self, threads: usize) -> ParquetWriter<W> {
        self.threads = threads.max(1);
        self
    }

    /// Hands `batch` to a thread that encodes it as a row group of its
    /// own (nothing for an empty batch), after writing the row groups
    /// already encoded; waits for the oldest first when
    /// [`ParquetWriter::threads`] are in flight.
    ///
    /// # Errors
    ///
    /// The parquet crate's error, for a batch of another schema, or for a
    /// row group before it that failed to encode or to be written.
    pub fn write(&mut self, batch: &RecordBatch) -> Result<(), ParquetError> {
        if batch.num_rows() == 0 {
            return Ok(());
        }
        if batch.schema() != self.schema {
            return Err(ParquetError::ArrowError(
                "the batch's schema is not the file's".to_owned(),
            ));
        }
        while self.encoding.len() >= self.threads {
            self.append_oldest()?;
        }
        let writers = self.factory.create_column_writers(self.row_groups)?;
        let batch = batch.clone();
        self.row_groups += 1;
        self.encoding
            .push_back(std::thread::spawn(move || encode(&batch, writers)));
        // Whatever is already encoded goes out now.
        while self.encoding.front().is_some_and(JoinHandle::is_finished) {
            self.append_oldest()?;
        }
        Ok(())
    }

    /// Writes the oldest row group in flight when it is encoded.
    fn append_oldest(&mut self) -> Result<(), ParquetError> {
        let Some(encoding) = self.encoding.pop_front() else {
            return Ok(());
        };
        let chunks = encoding.join().map_err(|_| {
            ParquetError::General("a Parquet encoding thread panicked".to_owned())
        })??;
        let mut row_group = self.file.next_row_group()?;
        for chunk in chunks {
            chunk.append_to_row_group(&mut row_group)?;
        }
        row_group.close()?;
        Ok(())
    }

    /// The output, to take the bytes written so far out of a buffer (a
    /// `Vec<u8>` emptied after each [`ParquetWriter::write`]: a file's
    /// row groups passed on to a writer that is not `Send`, such as a
    /// locked standard output). The row groups still being encoded come
    /// later, the last of them with [`ParquetWriter::finish`]'s footer.
    /// Anything else done to it spoils the file.
    ///
    /// ```
    /// use arrow_array::{RecordBatch, UInt16Array};
    /// use arrow_schema::{DataType, Field, Schema};
    /// use chess960_archive::table::ParquetWriter;
    /// use std::sync::Arc;
    ///
    /// let schema = Arc::new(Schema::new(vec![Field::new("white_id", DataType::UInt16, true)]));
    /// let mut writer = ParquetWriter::new(Vec::new(), schema.clone())?;
    /// let mut file = Vec::new();
    /// for id in [0_u16, 959] {
    ///     writer.write(&RecordBatch::try_new(schema.clone(), vec![Arc::new(UInt16Array::from(vec![id]))])?)?;
    ///     file.append(writer.output_mut());
    /// }
    /// file.append(&mut writer.finish()?);
    /// assert!(file.starts_with(b"PAR1") && file.ends_with(b"PAR1"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn output_mut(&mut self) -> &mut W {
        self.file.inner_mut()
    }

    /// Writes the row groups still being encoded and the footer, and
    /// gives the output back.
    ///
    /// # Errors
    ///
    /// The parquet crate's error for a failing output or a row group that
    /// failed to encode.
    pub fn finish(mut self) -> Result<W, ParquetError> {
        while !self.encoding.is_empty() {
            self.append_oldest()?;
        }
        self.file.into_inner()
    }
}

/// Encodes and compresses `batch`'s columns with `writers` (one a leaf
/// column, in the schema's order).
fn encode(
    batch: &RecordBatch,
    mut writers: Vec<ArrowColumnWriter>,
) -> Result<Vec<ArrowColumnChunk>, ParquetError> {
    let mut next = writers.iter_mut();
    for (field, array) in batch.schema().fields().iter().zip(batch.columns()) {
        for leaf in compute_leaves(field, array)? {
            let writer = next
                .next()
                .ok_or_else(|| ParquetError::General("a column without a writer".to_owned()))?;
            writer.write(&leaf)?;
        }
    }
    writers.into_iter().map(ArrowColumnWriter::close).collect()
}

/// Reads `archive` into a Parquet file of `table`'s columns, written to
/// `out` a row group a part as the parts arrive in input order: memory
/// stays bounded by the parts in flight whatever the inputs' size. A
/// fault in an input (a `.zst` cut short) ends that input as the
/// [`Summary`]'s skips say, and the file still holds every row read
/// before it; so does a cancelled reading.
///
/// ```
/// use chess960_archive::Archive;
/// use chess960_archive::table::{Columns, Table, write_parquet};
///
/// let pgn = "[White \"Ada\"]\n[TimeControl \"180+2\"]\n\n1. e4 *\n";
/// let archive = Archive::new().reader("one.pgn", std::io::Cursor::new(pgn));
/// let table = Table::new(Columns::parse("white,base_seconds,increment_seconds")?);
/// let (summary, bytes) = write_parquet(&archive, &table, Vec::new())?;
/// assert_eq!(summary.matched, 1);
/// assert!(bytes.starts_with(b"PAR1"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`Error::Deliver`] when writing fails (the reading stops there; the
/// file is left unfinished), [`Error::Cancelled`] after the file was
/// finished with the rows read before the [`Cancel`](crate::Cancel).
pub fn write_parquet<W: Write + Send>(
    archive: &Archive,
    table: &Table,
    out: W,
) -> Result<(Summary, W), Error> {
    let delivery = |error| Error::Deliver(to_io(error));
    let mut writer = ParquetWriter::new(out, table.schema())
        .map_err(delivery)?
        .threads(archive.thread_count());
    // The games whose moves could not be replayed (`plies`, `moves`).
    #[cfg_attr(not(feature = "moves"), allow(unused_mut))]
    let mut skips: Vec<crate::Skip> = Vec::new();
    let read = archive.collect(table, |mut batch| {
        #[cfg(feature = "moves")]
        skips.extend(batch.part.take_skips().into_iter().map(|mut skip| {
            skip.number = skip.number.map(|number| number + batch.base);
            skip
        }));
        let batch = table.batch(&mut batch).map_err(io::Error::other)?;
        writer.write(&batch).map_err(to_io)
    });
    let add_skips = |summary: &mut Summary, skips: Vec<crate::Skip>| {
        summary.skip_in_order(skips, archive.inputs());
    };
    match read {
        Ok(mut summary) => {
            add_skips(&mut summary, skips);
            Ok((summary, writer.finish().map_err(delivery)?))
        }
        Err(Error::Cancelled(mut summary)) => {
            add_skips(&mut summary, skips);
            writer.finish().map_err(delivery)?;
            Err(Error::Cancelled(summary))
        }
        Err(error) => Err(error),
    }
}

/// A parquet error as an I/O error (the output's own, when it failed).
pub(crate) fn to_io(error: ParquetError) -> io::Error {
    match error {
        ParquetError::External(error) => match error.downcast::<io::Error>() {
            Ok(error) => *error,
            Err(error) => io::Error::other(error),
        },
        other => io::Error::other(other),
    }
}
