//! Why a reading returned early: cancelled, or its caller's delivery
//! failed. Faults of the inputs are no error: they are counted and listed
//! as `Skip`s, and the reading goes on.

use crate::summary::Summary;
use std::{fmt, io};

/// Why `Archive::statistics` or
/// `Archive::collect` returned early. An input
/// that cannot be opened, or read to its end, is no error: the
/// [`Summary`] lists it, with everything read before the fault.
///
/// ```
/// use chess960_archive::{Archive, Collect, Error, Game};
///
/// struct Nothing;
/// impl Collect for Nothing {
///     type Part = ();
///     fn part(&self) {}
///     fn game(&self, _: &mut (), _: &Game<'_>) {}
/// }
/// let read = Archive::new()
///     .reader("one.pgn", std::io::Cursor::new("[Event \"e\"]\n\n*\n"))
///     .collect(&Nothing, |_| Err(std::io::Error::other("disk full")));
/// let Err(Error::Deliver(error)) = read else { panic!() };
/// assert_eq!(error.to_string(), "disk full");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// A `Cancel` was raised: what had been read, in
    /// input order, up to where each reader stopped.
    Cancelled(Box<Summary>),
    /// The caller's `deliver` failed (a closed pipe, a full disk).
    Deliver(io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Cancelled(_) => f.write_str("the reading was cancelled"),
            Error::Deliver(error) => write!(f, "cannot deliver the records read: {error}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Cancelled(_) => None,
            Error::Deliver(error) => Some(error),
        }
    }
}
