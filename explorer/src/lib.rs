//! A Chess960 opening explorer as a database: every position reached
//! from every start, keyed by a 128-bit hash, indexed from game archives,
//! added to month by month, merged across machines, and asked as lichess's
//! explorer is asked.

pub mod query;
