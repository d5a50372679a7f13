//! What can go wrong: with the db ([`Error`]) and with a question
//! ([`QueryError`], naming the parameter as lichess's API names it).

use std::fmt;
use std::path::PathBuf;

/// Why a db could not be opened, written or read.
///
/// ```
/// let error = chess960_explorer::Explorer::open("/nonexistent/db").unwrap_err();
/// assert!(error.to_string().starts_with("/nonexistent/db: no explorer db"));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// No db at the path.
    Missing(PathBuf),
    /// Another process writes the db (or, for a writer, reads it).
    Busy(PathBuf),
    /// The db was made by another format version of this crate.
    Version {
        /// The db.
        path: PathBuf,
        /// Its format version.
        found: u32,
        /// This crate's.
        expected: u32,
    },
    /// The db was made with other settings than asked (plies, players).
    Settings {
        /// The db.
        path: PathBuf,
        /// Which setting and how it differs.
        detail: String,
    },
    /// Two dbs hold some of the same games: merging would count them twice.
    Overlap {
        /// The db merged in.
        path: PathBuf,
        /// Games of it already in the target.
        games: u64,
        /// Its games.
        of: u64,
    },
    /// A value of the db cannot be read.
    Corrupt(&'static str),
    /// The store failed (I/O, a broken file).
    Store(String),
    /// A file or folder could not be made or read.
    Io(PathBuf, std::io::Error),
    /// The reading was cancelled (the batches written until then stay).
    Cancelled,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Missing(path) => write!(f, "{}: no explorer db there", path.display()),
            Error::Busy(path) => write!(
                f,
                "{}: the db is open elsewhere (one writer at a time, and no reader while it writes)",
                path.display()
            ),
            Error::Version {
                path,
                found,
                expected,
            } => write!(
                f,
                "{}: the db has format version {found}, this program reads version {expected}: index the games again into a new db",
                path.display()
            ),
            Error::Settings { path, detail } => write!(f, "{}: {detail}", path.display()),
            Error::Overlap { path, games, of } => write!(
                f,
                "{}: {games} of its {of} games are already in the target db: merging would count them twice (merge dbs of distinct games, or index the files into one db)",
                path.display()
            ),
            Error::Corrupt(what) => write!(f, "the db is corrupt: {what}"),
            Error::Store(what) => write!(f, "the db's store failed: {what}"),
            Error::Io(path, error) => write!(f, "{}: {error}", path.display()),
            Error::Cancelled => f.write_str("the indexing was cancelled"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(_, error) => Some(error),
            _ => None,
        }
    }
}

/// A store error as [`Error::Store`].
pub(crate) fn store(error: impl fmt::Display) -> Error {
    Error::Store(error.to_string())
}

/// Why a question cannot be answered: a parameter that is wrong (named as
/// lichess's API names it: `fen`, `play`, `start`, `speeds`, `ratings`,
/// `since`, `until`, `color`), or the db failing.
///
/// ```
/// use chess960_explorer::QueryError;
///
/// let error = QueryError::parameter_error("play", "ply 2: e7e5 is not a legal move");
/// assert_eq!(error.parameter(), "play");
/// assert_eq!(error.to_string(), "play: ply 2: e7e5 is not a legal move");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum QueryError {
    /// A parameter that is wrong.
    Parameter {
        /// Its name.
        parameter: &'static str,
        /// Why.
        reason: String,
    },
    /// The db failed: not the question's fault.
    Db(Error),
}

impl QueryError {
    /// A parameter's error.
    pub fn parameter_error(parameter: &'static str, reason: impl Into<String>) -> QueryError {
        QueryError::Parameter {
            parameter,
            reason: reason.into(),
        }
    }

    /// The parameter at fault (`""` when the db failed).
    pub fn parameter(&self) -> &'static str {
        match self {
            QueryError::Parameter { parameter, .. } => parameter,
            QueryError::Db(_) => "",
        }
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::Parameter { parameter, reason } => write!(f, "{parameter}: {reason}"),
            QueryError::Db(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for QueryError {}

impl From<Error> for QueryError {
    fn from(error: Error) -> QueryError {
        QueryError::Db(error)
    }
}
