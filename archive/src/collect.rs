//! What a caller gathers from each selected record: the [`Collect`] trait,
//! the [`Game`] each call sees and the [`Batch`] of gathered output that
//! comes back in input order.

use chess960_games::read::{GameKind, Record, TagPairs, TagSpans};

/// Gathers something from each selected record, on the reading threads,
/// into parts that `Archive::collect` hands
/// back in input order: rows of a table, lines of text, records as they
/// stand.
///
/// A large plain file is cut into parts read on all cores; each part gets
/// its own [`Collect::Part`] from [`Collect::part`], filled by
/// [`Collect::game`], and the parts arrive at the caller's `deliver` in the
/// order of the input, whatever order the cores finished them in.
///
/// ```
/// use chess960_archive::{Archive, Collect, Game};
///
/// /// The White player of every selected game.
/// struct WhiteNames;
///
/// impl Collect for WhiteNames {
///     type Part = Vec<String>;
///     fn part(&self) -> Vec<String> {
///         Vec::new()
///     }
///     fn game(&self, part: &mut Vec<String>, game: &Game<'_>) {
///         let white = game.record().tags().get(chess960_games::read::TagName::White);
///         part.push(white.unwrap_or("?").to_owned());
///     }
/// }
///
/// let pgn = "[White \"Ada\"]\n\n1. e4 *\n\n[White \"Bo\"]\n\n1. d4 *\n";
/// let mut names = Vec::new();
/// Archive::new()
///     .reader("two.pgn", std::io::Cursor::new(pgn))
///     .collect(&WhiteNames, |batch| {
///         names.append(batch.part);
///         Ok(())
///     })?;
/// assert_eq!(names, ["Ada", "Bo"]);
/// # Ok::<(), chess960_archive::Error>(())
/// ```
pub trait Collect: Sync {
    /// What one part gathers.
    type Part: Send;

    /// A new, empty part (called on a reading thread).
    fn part(&self) -> Self::Part;

    /// Gathers one record into `part` (called on a reading thread): each
    /// record that passes the filter, and each unreadable record, whose
    /// [`Game::kind`] is [`GameKind::Unreadable`] (the filter cannot judge
    /// it; a caller that does not want it skips it).
    fn game(&self, part: &mut Self::Part, game: &Game<'_>);

    /// Whether [`Game::raw`] should give each record's bytes as they
    /// stand (the reader then keeps them, and a large file is cut into
    /// smaller parts, since their bytes wait in memory for their turn).
    fn keeps_raw(&self) -> bool {
        false
    }

    /// With [`Collect::keeps_raw`], whether [`Collect::game`] also gathers
    /// a record whose bytes were not kept (longer than the reader keeps:
    /// its [`Game::raw`] is `None`), as a table keeps such a game's row
    /// with the values read from its bytes null. The record is a skip
    /// either way. By default, false: the record is only a skip.
    fn takes_unkept(&self) -> bool {
        false
    }

    /// Whether the records of an input read as a stream (a compressed
    /// file, standard input, a reader) are handed to all cores, in parts
    /// cut at record starts, rather than gathered on the reading thread.
    /// Worth it where [`Collect::game`] costs more than reading a record
    /// (replaying its moves), not where it costs less: the reading thread
    /// finds each record's bounds first, and would only feed the others. A
    /// large plain file is read on all cores either way. By default,
    /// false.
    fn spreads(&self) -> bool {
        false
    }

    /// Whether `part` holds enough to be delivered now, when records are
    /// read one after the other (one core, or an input that cannot be cut
    /// into parts): bounds the memory that a part's output takes.
    fn is_full(&self, part: &Self::Part) -> bool {
        let _ = part;
        false
    }

    /// Empties a delivered part for reuse, so that a part's buffers grow
    /// once rather than once a part. By default, a new [`Collect::part`].
    fn reset(&self, part: &mut Self::Part) {
        *part = self.part();
    }
}

/// One record as [`Collect::game`] sees it: where it stands and what it is.
///
/// ```
/// use chess960_archive::{Archive, Collect, Game};
///
/// struct Places;
/// impl Collect for Places {
///     type Part = Vec<(String, u64, u64, &'static str)>;
///     fn part(&self) -> Self::Part {
///         Vec::new()
///     }
///     fn game(&self, part: &mut Self::Part, game: &Game<'_>) {
///         part.push((game.input().to_owned(), game.number(), game.offset(), game.kind().name()));
///     }
/// }
///
/// let pgn = "[Variant \"Chess960\"]\n\n1. e4 *\n\n[Event \"x\"]\n\n1. d4 *\n";
/// let mut rows = Vec::new();
/// Archive::new().reader("in.pgn", std::io::Cursor::new(pgn)).collect(&Places, |batch| {
///     rows.extend(batch.part.drain(..).map(|(input, n, at, kind)| (input, batch.base + n, at, kind)));
///     Ok(())
/// })?;
/// assert_eq!(rows[1], ("in.pgn".to_owned(), 2, 31, "standard"));
/// # Ok::<(), chess960_archive::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Game<'a> {
    pub(crate) input: &'a str,
    pub(crate) number: u64,
    pub(crate) offset: u64,
    pub(crate) record: &'a Record,
    pub(crate) kind: &'a GameKind,
    pub(crate) raw: Option<&'a [u8]>,
    pub(crate) spans: Option<TagSpans<'a>>,
}

impl<'a> Game<'a> {
    /// The input's name: the path as given, `-` for standard input, or the
    /// name given with `Archive::reader`.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The record's number counted from 1 within its part: its number in
    /// the input is [`Batch::base`] plus this (a part's place in the input
    /// is known only when the parts before it have been read).
    pub fn number(&self) -> u64 {
        self.number
    }

    /// The record's byte offset in its input (in the decompressed text,
    /// for a compressed input).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The record: its tags, the movetext's summary, its errors.
    pub fn record(&self) -> &'a Record {
        self.record
    }

    /// Which kind of game it is, and its start.
    pub fn kind(&self) -> &'a GameKind {
        self.kind
    }

    /// The record's bytes as they stand in the input, when the collector
    /// [keeps raw records](Collect::keeps_raw).
    pub fn raw(&self) -> Option<&'a [u8]> {
        self.raw
    }

    /// Every tag pair of the record, in order, as [`TagPairs::new`] reads
    /// them from its bytes (`None` without them: see [`Game::raw`]); from
    /// where the reading found them when it could, without reading the
    /// tag lines again.
    ///
    /// ```
    /// use chess960_archive::{Archive, Collect, Game};
    ///
    /// struct Names;
    /// impl Collect for Names {
    ///     type Part = Vec<String>;
    ///     fn part(&self) -> Vec<String> {
    ///         Vec::new()
    ///     }
    ///     fn keeps_raw(&self) -> bool {
    ///         true
    ///     }
    ///     fn game(&self, part: &mut Vec<String>, game: &Game<'_>) {
    ///         part.extend(game.tag_pairs().into_iter().flatten().map(|pair| pair.name().to_owned()));
    ///     }
    /// }
    /// let mut names = Vec::new();
    /// Archive::new()
    ///     .reader("one.pgn", std::io::Cursor::new("[Event \"e\"]\n[Opening \"Ruy Lopez\"]\n\n*\n"))
    ///     .collect(&Names, |batch| {
    ///         names.append(batch.part);
    ///         Ok(())
    ///     })?;
    /// assert_eq!(names, ["Event", "Opening"]);
    /// # Ok::<(), chess960_archive::Error>(())
    /// ```
    pub fn tag_pairs(&self) -> Option<TagPairs<'a>> {
        let raw = self.raw?;
        Some(match self.spans {
            Some(spans) => TagPairs::with_spans(raw, spans),
            None => TagPairs::new(raw),
        })
    }
}

/// What a part gathered, handed to the caller in input order.
///
/// ```
/// use chess960_archive::{Archive, Collect, Game};
///
/// struct Count;
/// impl Collect for Count {
///     type Part = u64;
///     fn part(&self) -> u64 {
///         0
///     }
///     fn game(&self, part: &mut u64, _: &Game<'_>) {
///         *part += 1;
///     }
/// }
/// let mut total = 0;
/// Archive::new()
///     .reader("one.pgn", std::io::Cursor::new("[Event \"e\"]\n\n*\n"))
///     .collect(&Count, |batch| {
///         assert_eq!((batch.input, batch.base), ("one.pgn", 0));
///         total += *batch.part;
///         Ok(())
///     })?;
/// assert_eq!(total, 1);
/// # Ok::<(), chess960_archive::Error>(())
/// ```
#[derive(Debug)]
pub struct Batch<'a, P> {
    /// The input's name, as [`Game::input`] gives it.
    pub input: &'a str,
    /// Records of the input before the part: a game's number in the input
    /// is `base` plus its [`Game::number`].
    pub base: u64,
    /// What the part gathered; the caller may take it (`std::mem::take`)
    /// or leave it to be [reset](Collect::reset) and reused.
    pub part: &'a mut P,
}
