//! The game table written as Parquet: [`ParquetWriter`], a row group a
//! delivered batch (zstd-compressed pages), and [`write_parquet`], an
//! archive read straight into a Parquet file with memory bounded by a
//! part whatever the input's size.

use super::batch::Table;
use super::column::Column;
use crate::archive::Archive;
use crate::error::Error;
use crate::summary::Summary;
use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::schema::types::ColumnPath;
use std::io::{self, Write};

/// The zstd level of the pages: 1, the fastest (lichess's own archives
/// are zstd at a higher level; Parquet pages are small and many).
const ZSTD_LEVEL: i32 = 1;

/// Writes record batches of one schema to a Parquet file, a row group
/// each; the footer is written by [`ParquetWriter::finish`], which a
/// reading that stopped on a fault must still call so that the rows
/// written stay readable.
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
    writer: ArrowWriter<W>,
}

impl<W: Write + Send> ParquetWriter<W> {
    /// A writer of batches of `schema` to `out` (the file's header is
    /// written now).
    ///
    /// # Errors
    ///
    /// The parquet crate's error, for a schema it cannot write or a
    /// failing `out`.
    pub fn new(out: W, schema: SchemaRef) -> Result<ParquetWriter<W>, ParquetError> {
        let mut properties = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::try_new(ZSTD_LEVEL)?))
            .set_max_row_group_row_count(None);
        // A dictionary of movetexts would only be given up page after page.
        if schema.field_with_name(Column::Movetext.name()).is_ok() {
            properties = properties
                .set_column_dictionary_enabled(ColumnPath::from(Column::Movetext.name()), false);
        }
        let writer = ArrowWriter::try_new(out, schema, Some(properties.build()))?;
        Ok(ParquetWriter { writer })
    }

    /// Writes `batch` as a row group of its own (nothing for an empty
    /// batch).
    ///
    /// # Errors
    ///
    /// The parquet crate's error, for a batch of another schema or a
    /// failing output.
    pub fn write(&mut self, batch: &RecordBatch) -> Result<(), ParquetError> {
        if batch.num_rows() == 0 {
            return Ok(());
        }
        self.writer.write(batch)?;
        self.writer.flush()
    }

    /// The output, to take the bytes written so far out of a buffer (a
    /// `Vec<u8>` emptied after each [`ParquetWriter::write`]: a file's
    /// row groups passed on to a writer that is not `Send`, such as a
    /// locked standard output). Anything else done to it spoils the file.
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
        self.writer.inner_mut()
    }

    /// Writes the footer and gives the output back.
    ///
    /// # Errors
    ///
    /// The parquet crate's error for a failing output.
    pub fn finish(self) -> Result<W, ParquetError> {
        self.writer.into_inner()
    }
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
    let mut writer = ParquetWriter::new(out, table.schema()).map_err(delivery)?;
    let read = archive.collect(table, |mut batch| {
        let batch = table.batch(&mut batch).map_err(io::Error::other)?;
        writer.write(&batch).map_err(to_io)
    });
    match read {
        Ok(summary) => Ok((summary, writer.finish().map_err(delivery)?)),
        Err(Error::Cancelled(summary)) => {
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
