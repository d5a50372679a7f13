//! The game table (feature `arrow`): every column defined once, with its
//! name, its Arrow type and how it is read from a record ([`Column`]),
//! chosen and ordered by [`Columns`], built into Arrow record batches on
//! the reading threads by [`Table`], and written as Parquet by
//! [`ParquetWriter`] and [`write_parquet`] (feature `parquet`). The
//! statistics' tables (`--stats`, `--player`, `--openings`) are record
//! batches too: [`stats_batch`], [`player_batch`], [`openings_batch`].
//!
//! The command's `--games` rows (text, and Parquet), and the Python
//! package's tables all come from here; text formats write a
//! [`Value`] with its `Display`.
//!
//! ```
//! use chess960_archive::Archive;
//! use chess960_archive::table::{Columns, Table};
//!
//! let table = Table::new(Columns::parse("white,white_elo,eco,opening,utc_date")?);
//! let pgn = "[White \"Ada\"]\n[WhiteElo \"1500\"]\n[ECO \"A00\"]\n\n1. a3 *\n";
//! let mut rows = 0;
//! Archive::new().reader("one.pgn", std::io::Cursor::new(pgn)).collect(&table, |mut batch| {
//!     rows += table.batch(&mut batch).map_err(std::io::Error::other)?.num_rows();
//!     Ok(())
//! })?;
//! assert_eq!(rows, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod batch;
mod column;
mod computed;
#[cfg(feature = "parquet")]
mod parquet;
mod row;
mod select;
mod stats;
mod value;

pub use batch::{BATCH_BYTES, BATCH_ROWS, Table, TablePart};
pub use column::Column;
pub use computed::Computed;
#[cfg(feature = "parquet")]
#[cfg_attr(docsrs, doc(cfg(feature = "parquet")))]
pub use parquet::{ParquetWriter, write_parquet};
pub use row::Row;
pub use select::{ColumnError, Columns};
#[cfg(feature = "moves")]
#[cfg_attr(docsrs, doc(cfg(feature = "moves")))]
pub use stats::openings_batch;
pub use stats::{player_batch, stats_batch};
pub use value::{Value, time_control};
