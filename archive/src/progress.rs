//! What a reading has done so far, and how another thread stops it: the
//! [`Progress`] counters (raw bytes and records) and the [`Cancel`] flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Counters that the reading threads add to as they go: raw bytes read
/// (compressed bytes for a compressed input, so that they compare with the
/// inputs' sizes) and records read. Clones share the counters, so a
/// progress bar or a server's status page reads them from another thread
/// while `Archive` reads.
///
/// ```
/// use chess960_archive::{Archive, Progress};
///
/// let progress = Progress::new();
/// let pgn = "[Event \"e\"]\n[Variant \"Chess960\"]\n\n1. e4 *\n";
/// Archive::new()
///     .reader("game.pgn", std::io::Cursor::new(pgn))
///     .progress(&progress)
///     .statistics()?;
/// assert_eq!((progress.bytes(), progress.records()), (pgn.len() as u64, 1));
/// # Ok::<(), chess960_archive::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Progress {
    counters: Arc<Counters>,
}

#[derive(Debug, Default)]
struct Counters {
    bytes: AtomicU64,
    records: AtomicU64,
}

impl Progress {
    /// New counters at zero.
    ///
    /// ```
    /// assert_eq!(chess960_archive::Progress::new().records(), 0);
    /// ```
    pub fn new() -> Progress {
        Progress::default()
    }

    /// Raw bytes read so far, from files, standard input or readers
    /// (before decompression).
    ///
    /// ```
    /// assert_eq!(chess960_archive::Progress::new().bytes(), 0);
    /// ```
    pub fn bytes(&self) -> u64 {
        self.counters.bytes.load(Ordering::Relaxed)
    }

    /// Records read so far (every record, whatever the filter said of it).
    ///
    /// ```
    /// assert_eq!(chess960_archive::Progress::new().records(), 0);
    /// ```
    pub fn records(&self) -> u64 {
        self.counters.records.load(Ordering::Relaxed)
    }

    pub(crate) fn add_bytes(&self, bytes: u64) {
        self.counters.bytes.fetch_add(bytes, Ordering::Relaxed);
    }

    pub(crate) fn add_records(&self, records: u64) {
        self.counters.records.fetch_add(records, Ordering::Relaxed);
    }
}

/// A flag that stops a reading from another thread: the readers look at
/// it every 1,024 records and between parts, and the reading then returns
/// `Error::Cancelled` with what it had read.
/// Clones share the flag.
///
/// ```
/// use chess960_archive::{Archive, Cancel, Error};
///
/// let cancel = Cancel::new();
/// cancel.cancel(); // from any thread, at any time
/// let pgn = "[Event \"e\"]\n\n1. e4 *\n";
/// let read = Archive::new()
///     .reader("game.pgn", std::io::Cursor::new(pgn))
///     .cancel(&cancel)
///     .statistics();
/// assert!(matches!(read, Err(Error::Cancelled(_))));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
}

impl Cancel {
    /// A flag not yet raised.
    ///
    /// ```
    /// assert!(!chess960_archive::Cancel::new().is_cancelled());
    /// ```
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag: the readings that hold it stop soon.
    ///
    /// ```
    /// let cancel = chess960_archive::Cancel::new();
    /// cancel.clone().cancel();
    /// assert!(cancel.is_cancelled());
    /// ```
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    ///
    /// ```
    /// assert!(!chess960_archive::Cancel::default().is_cancelled());
    /// ```
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}
