//! [`Archive`]: which inputs to read and how, and the two ways to read
//! them: [`Archive::statistics`] and [`Archive::collect`].

use crate::collect::{Batch, Collect, Game};
use crate::error::Error;
use crate::part::{self, Context, Job, OnProgress, Part};
use crate::progress::{Cancel, Progress};
use crate::sniff;
use crate::source::{self, Source, Text};
use crate::split;
use crate::stream;
use crate::summary::{Skip, Summary};
use chess960_games::read::{Filter, Players, Reader};
use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The most threads that read at once (each holds its file open).
pub const MAX_THREADS: usize = 256;

/// The bytes mapped at a time when a plain file is read through maps:
/// the cost of a map is small against the reading of 4 MiB (windows of 2
/// to 256 MiB read as fast), and the resident size stays flat.
const MAP_WINDOW: usize = 4 << 20;

/// Game archives to read: files (plain or compressed, told by their
/// content), standard input or any reader, in the order given, on all
/// cores.
///
/// How it reads:
/// - Several inputs are read one after the other, each large plain file
///   on all cores in parts cut at record starts (the result is the same
///   as on one core, byte for byte); [`Archive::statistics`] reads several
///   inputs side by side instead, one a core.
/// - A compressed input is decompressed on a thread of its own, a few
///   chunks ahead of the reader. Its records, and those of standard input
///   or a reader, go to all cores when the collector
///   [spreads](Collect::spreads) them (the replayed moves): the reading
///   thread cuts the text at record starts into parts for the others.
/// - A plain file is read through memory maps (feature `mmap`, the
///   default), unless [`Archive::mmap`] says not: a few MiB at a time by
///   one thread, or mapped once, whole, for the threads that read its
///   parts on all cores.
/// - A record that cannot be read, or an input that cannot be opened or
///   read to its end, is counted and listed in the [`Summary`] as a
///   [`Skip`] naming the input, the byte offset and the broken rule;
///   everything before it is kept and the reading goes on.
///
/// The statistics of a month of lichess's Chess960 games on all cores:
///
/// ```no_run
/// use chess960_archive::Archive;
///
/// let summary = Archive::new()
///     .path("lichess_db_chess960_rated_2026-10.pgn.zst")
///     .statistics()?;
/// for (start, tally) in summary.stats.iter() {
///     println!("{} {} {:?}", start.white().id(), tally.games(), tally.score());
/// }
/// eprintln!("{} games, {} skipped", summary.matched, summary.skipped);
/// # Ok::<(), chess960_archive::Error>(())
/// ```
///
/// The same from any reader, with a filter and a player:
///
/// ```
/// use chess960_games::read::{Filter, Players};
/// use chess960_archive::Archive;
///
/// let pgn = "[White \"Ada\"]\n[Black \"Bo\"]\n[Result \"1-0\"]\n[Variant \"Chess960\"]\n\
///            [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. e4 1-0\n";
/// let summary = Archive::new()
///     .reader("match.pgn", std::io::Cursor::new(pgn))
///     .filter(Filter::new().player("Ada"))
///     .players(["Ada"].into_iter().collect::<Players>())
///     .statistics()?;
/// assert_eq!(summary.player.total().score().wins, 1);
/// # Ok::<(), chess960_archive::Error>(())
/// ```
#[derive(Clone)]
pub struct Archive {
    inputs: Vec<Source>,
    filter: Filter,
    players: Players,
    threads: Option<usize>,
    mmap: bool,
    map_window: usize,
    part_size: Option<u64>,
    progress: Progress,
    on_progress: Option<OnProgress>,
    cancel: Cancel,
}

impl Default for Archive {
    fn default() -> Archive {
        Archive {
            inputs: Vec::new(),
            filter: Filter::new(),
            players: Players::default(),
            threads: None,
            mmap: true,
            map_window: MAP_WINDOW,
            part_size: None,
            progress: Progress::new(),
            on_progress: None,
            cancel: Cancel::new(),
        }
    }
}

impl std::fmt::Debug for Archive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let inputs: Vec<&str> = self.inputs.iter().map(Source::name).collect();
        f.debug_struct("Archive")
            .field("inputs", &inputs)
            .field("threads", &self.thread_count())
            .field("mmap", &self.mmap)
            .finish_non_exhaustive()
    }
}

impl Archive {
    /// No inputs yet, every game selected, all cores, memory maps on.
    ///
    /// ```
    /// let archive = chess960_archive::Archive::new();
    /// assert_eq!(archive.inputs().count(), 0);
    /// ```
    pub fn new() -> Archive {
        Archive::default()
    }

    /// Adds a file, by its path; `-` is standard input.
    ///
    /// ```
    /// let archive = chess960_archive::Archive::new().path("2026-10.pgn.zst").path("-");
    /// assert_eq!(archive.inputs().collect::<Vec<_>>(), ["2026-10.pgn.zst", "-"]);
    /// ```
    #[must_use]
    pub fn path(mut self, path: impl Into<PathBuf>) -> Archive {
        let path = path.into();
        let name = path.to_string_lossy().into_owned();
        self.inputs.push(Source::Path(path, name));
        self
    }

    /// Adds files, by their paths, in order.
    ///
    /// ```
    /// let archive = chess960_archive::Archive::new().paths(["a.pgn", "b.pgn.gz"]);
    /// assert_eq!(archive.inputs().count(), 2);
    /// ```
    #[must_use]
    pub fn paths<P: Into<PathBuf>>(self, paths: impl IntoIterator<Item = P>) -> Archive {
        paths.into_iter().fold(self, Archive::path)
    }

    /// Adds any reader, plain or compressed, under `name` (the name that
    /// skips and [`Game::input`] give). A reader is read once: a second
    /// reading of the same `Archive` (or of a clone) skips it.
    ///
    /// ```
    /// use chess960_archive::Archive;
    ///
    /// let summary = Archive::new()
    ///     .reader("upload", std::io::Cursor::new("[Event \"e\"]\n\n1. e4 *\n"))
    ///     .statistics()?;
    /// assert_eq!(summary.counts.standard, 1);
    /// # Ok::<(), chess960_archive::Error>(())
    /// ```
    #[must_use]
    pub fn reader(
        mut self,
        name: impl Into<String>,
        reader: impl Read + Send + 'static,
    ) -> Archive {
        let reader: Box<dyn Read + Send> = Box::new(reader);
        self.inputs.push(Source::Reader(
            name.into(),
            Arc::new(Mutex::new(Some(reader))),
            None,
        ));
        self
    }

    /// Adds a reader, as [`Archive::reader`] does, whose bytes are those
    /// of the file `file` names (an open file's `/dev/fd/N`, say): the
    /// reading is the reader's, and [`Archive::create_output`] and
    /// [`Archive::check_output`] refuse that file as an output.
    ///
    /// ```
    /// let path = std::env::temp_dir().join(format!("chess960-doc-file-reader-{}.pgn", std::process::id()));
    /// std::fs::write(&path, "[Event \"e\"]\n\n1. e4 *\n")?;
    /// let archive = chess960_archive::Archive::new().file_reader("upload", std::fs::File::open(&path)?, &path);
    /// assert!(archive.create_output(&path).is_err());
    /// assert_eq!(archive.statistics().unwrap().counts.standard, 1);
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    pub fn file_reader(
        mut self,
        name: impl Into<String>,
        reader: impl Read + Send + 'static,
        file: impl Into<PathBuf>,
    ) -> Archive {
        let reader: Box<dyn Read + Send> = Box::new(reader);
        self.inputs.push(Source::Reader(
            name.into(),
            Arc::new(Mutex::new(Some(reader))),
            Some(file.into()),
        ));
        self
    }

    /// The inputs' names, in order.
    ///
    /// ```
    /// assert_eq!(chess960_archive::Archive::new().path("x.pgn").inputs().next(), Some("x.pgn"));
    /// ```
    pub fn inputs(&self) -> impl Iterator<Item = &str> {
        self.inputs.iter().map(Source::name)
    }

    /// Selects the games that count (rating, event, variant, time control,
    /// players, starts); every game by default.
    ///
    /// ```
    /// use chess960_games::read::Filter;
    ///
    /// let archive = chess960_archive::Archive::new().filter(Filter::new().min_elo(2000));
    /// # let _ = archive;
    /// ```
    #[must_use]
    pub fn filter(mut self, filter: Filter) -> Archive {
        self.filter = filter;
        self
    }

    /// The player (under all their names) whose results per start the
    /// [`Summary::player`] statistics give.
    ///
    /// ```
    /// use chess960_games::read::Players;
    ///
    /// let archive = chess960_archive::Archive::new().players(["Ada"].into_iter().collect::<Players>());
    /// # let _ = archive;
    /// ```
    #[must_use]
    pub fn players(mut self, players: Players) -> Archive {
        self.players = players;
        self
    }

    /// The threads that read: by default as many as the machine has cores,
    /// at most [`MAX_THREADS`]; 0 means the default.
    ///
    /// ```
    /// assert_eq!(chess960_archive::Archive::new().threads(1).thread_count(), 1);
    /// assert_eq!(chess960_archive::Archive::new().threads(100_000).thread_count(), 256);
    /// ```
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Archive {
        self.threads = (threads > 0).then_some(threads);
        self
    }

    /// The threads that will read.
    ///
    /// ```
    /// assert!(chess960_archive::Archive::new().thread_count() >= 1);
    /// ```
    pub fn thread_count(&self) -> usize {
        self.threads
            .unwrap_or_else(|| {
                std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
            })
            .clamp(1, MAX_THREADS)
    }

    /// Whether a plain file is read through read-only memory maps (on by
    /// default, with the `mmap` feature; files read side by side on several
    /// cores by [`Archive::statistics`] are read with `read`). A mapped file
    /// that another program cuts short while it is read, or a read error
    /// of its disk, ends the process with `SIGBUS` where `read` reports
    /// it: turn maps off for such files.
    ///
    /// ```
    /// let archive = chess960_archive::Archive::new().mmap(false);
    /// # let _ = archive;
    /// ```
    #[must_use]
    pub fn mmap(mut self, on: bool) -> Archive {
        self.mmap = on;
        self
    }

    /// Bytes mapped at a time (4 MiB by default); tests set a few bytes so
    /// that records lie across maps.
    #[doc(hidden)]
    #[must_use]
    pub fn map_window(mut self, bytes: usize) -> Archive {
        self.map_window = bytes.max(1);
        self
    }

    /// The size of the parts a large plain file is cut into, at least
    /// 64 bytes. By default about eight parts a core, of 2 to 16 MiB (2 MiB
    /// when records are kept as they stand). Tests set small parts so that
    /// records lie across them; the result never depends on it.
    ///
    /// ```
    /// let archive = chess960_archive::Archive::new().part_size(1 << 20);
    /// # let _ = archive;
    /// ```
    #[must_use]
    pub fn part_size(mut self, bytes: u64) -> Archive {
        self.part_size = Some(bytes.max(split::MIN_PART));
        self
    }

    /// Counters that the readers add to: raw bytes and records read so far,
    /// for a progress bar on another thread.
    ///
    /// ```
    /// let progress = chess960_archive::Progress::new();
    /// let archive = chess960_archive::Archive::new().progress(&progress);
    /// # let _ = archive;
    /// ```
    #[must_use]
    pub fn progress(mut self, progress: &Progress) -> Archive {
        self.progress = progress.clone();
        self
    }

    /// The counters the readers add to: those given to
    /// [`Archive::progress`], else the archive's own. With
    /// [`Archive::total_size`], how much of the inputs is read.
    ///
    /// ```
    /// let progress = chess960_archive::Progress::new();
    /// let archive = chess960_archive::Archive::new().progress(&progress);
    /// assert_eq!(archive.progress_counters().bytes(), 0);
    /// ```
    pub fn progress_counters(&self) -> &Progress {
        &self.progress
    }

    /// A callback that the reading threads call with the progress
    /// counters, every 1,024 records and at each input's end (from any
    /// reading thread: keep it short).
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use std::sync::Arc;
    ///
    /// let seen = Arc::new(AtomicU64::new(0));
    /// let calls = Arc::clone(&seen);
    /// chess960_archive::Archive::new()
    ///     .reader("one", std::io::Cursor::new("[Event \"e\"]\n\n*\n"))
    ///     .on_progress(move |progress| calls.store(progress.records(), Ordering::Relaxed))
    ///     .statistics()?;
    /// assert_eq!(seen.load(Ordering::Relaxed), 1);
    /// # Ok::<(), chess960_archive::Error>(())
    /// ```
    #[must_use]
    pub fn on_progress(mut self, callback: impl Fn(&Progress) + Send + Sync + 'static) -> Archive {
        self.on_progress = Some(Arc::new(callback));
        self
    }

    /// A flag another thread raises to stop the reading, which then
    /// returns [`Error::Cancelled`] with what it had read.
    ///
    /// ```
    /// let cancel = chess960_archive::Cancel::new();
    /// let archive = chess960_archive::Archive::new().cancel(&cancel);
    /// # let _ = archive;
    /// ```
    #[must_use]
    pub fn cancel(mut self, cancel: &Cancel) -> Archive {
        self.cancel = cancel.clone();
        self
    }

    /// The inputs' total size in bytes (as stored: compressed for a
    /// compressed file), when every input is a regular file.
    ///
    /// ```
    /// assert_eq!(chess960_archive::Archive::new().path("-").total_size(), None);
    /// ```
    pub fn total_size(&self) -> Option<u64> {
        self.inputs.iter().map(source::size).sum()
    }

    /// Creates (or empties) the file `path` to write results to, unless it
    /// is one of the inputs, by whatever name (a link, `./x.pgn`, the file
    /// standard input is redirected from): creating it would empty that
    /// input before it is read.
    ///
    /// # Errors
    ///
    /// [`io::ErrorKind::InvalidInput`], naming both, when `path` is an
    /// input; the error of [`File::create`] when it cannot be created.
    ///
    /// ```
    /// let dir = std::env::temp_dir().join(format!("chess960-doc-output-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let input = dir.join("games.pgn");
    /// std::fs::write(&input, "[Event \"x\"]\n\n1. e4 *\n")?;
    /// let archive = chess960_archive::Archive::new().path(&input);
    /// let refused = archive.create_output(&dir.join(".").join("games.pgn")).unwrap_err();
    /// assert_eq!(refused.kind(), std::io::ErrorKind::InvalidInput);
    /// assert!(archive.create_output(&dir.join("games.parquet")).is_ok());
    /// assert_eq!(std::fs::read(&input)?.len(), 21);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn create_output(&self, path: &Path) -> io::Result<File> {
        let same = |file: &Path| source::same_file(file, path);
        if let Some(name) = self.input_that(same) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{} is the input {name}: writing it would empty it before it is read; write to another file",
                    path.display()
                ),
            ));
        }
        File::create(path)
    }

    /// Refuses an output that is already open, such as standard output
    /// redirected to a file (`>>` appends to it, `>` has emptied it), when
    /// it is one of the inputs: the output would go into the file being
    /// read (rows written while reading are read back). `output` is the
    /// open file's metadata, `shown` its name in the error. Anything but a
    /// regular file passes (a pipe, a terminal, `/dev/null`); off Unix,
    /// every output passes.
    ///
    /// # Errors
    ///
    /// [`io::ErrorKind::InvalidInput`], naming both, when the output is an
    /// input.
    ///
    /// ```
    /// let path = std::env::temp_dir().join(format!("chess960-doc-check-output-{}.pgn", std::process::id()));
    /// std::fs::write(&path, "[Event \"e\"]\n\n1. e4 *\n")?;
    /// let archive = chess960_archive::Archive::new().path(&path);
    /// let appending = std::fs::OpenOptions::new().append(true).open(&path)?;
    /// # #[cfg(unix)]
    /// assert!(archive.check_output(&appending.metadata()?, "standard output").is_err());
    /// assert!(archive.check_output(&std::fs::metadata(std::env::temp_dir())?, "a folder").is_ok());
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn check_output(&self, output: &std::fs::Metadata, shown: &str) -> io::Result<()> {
        if !output.is_file() {
            return Ok(());
        }
        match self.input_that(|file| source::is_file_of(file, output)) {
            Some(name) => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{shown} is the input {name}: the output would go into the file being read; write to another file"
                ),
            )),
            None => Ok(()),
        }
    }

    /// The name of the first input whose file `is` says yes to.
    fn input_that(&self, is: impl Fn(&Path) -> bool) -> Option<&str> {
        self.inputs
            .iter()
            .find(|input| input.identity().is_some_and(&is))
            .map(Source::name)
    }

    fn context(&self) -> Context<'_> {
        Context {
            filter: &self.filter,
            players: &self.players,
            progress: &self.progress,
            on_progress: self.on_progress.as_ref(),
            cancel: &self.cancel,
            map: (cfg!(feature = "mmap") && self.mmap).then_some(self.map_window),
            part_size: self.part_size,
            count_records: true,
        }
    }

    /// Reads every input for the statistics only: counts by kind, White's
    /// results per start and the players' results, in a [`Summary`].
    /// Several inputs are read side by side, one a core (and one input on
    /// all cores, in parts, when it is a large plain file).
    ///
    /// ```
    /// use chess960_archive::Archive;
    ///
    /// let one = "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n*\n";
    /// let summary = Archive::new()
    ///     .reader("a", std::io::Cursor::new(one))
    ///     .reader("b", std::io::Cursor::new(one))
    ///     .statistics()?;
    /// assert_eq!(summary.stats.iter().next().unwrap().1.games(), 2);
    /// # Ok::<(), chess960_archive::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Cancelled`] when the [`Cancel`] flag was raised. Inputs
    /// that cannot be read are no error: they are [`Summary::skips`].
    pub fn statistics(&self) -> Result<Summary, Error> {
        if self.inputs.len() <= 1 {
            return self.collect(&Nothing, |_| Ok(()));
        }
        let threads = self.thread_count().min(self.inputs.len());
        let base = self.context();
        // Maps only for one thread: removing a map interrupts the other
        // cores to flush their address caches, and on several cores `read`
        // was faster.
        let context = &Context {
            map: base.map.filter(|_| threads == 1),
            ..base
        };
        let next = AtomicUsize::new(0);
        let mut results: Vec<(usize, Summary)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut found = Vec::new();
                        loop {
                            let index = next.fetch_add(1, Ordering::Relaxed);
                            let Some(input) = self.inputs.get(index) else {
                                return found;
                            };
                            if context.cancel.is_cancelled() {
                                return found;
                            }
                            let mut summary = Summary::new(context.players);
                            // Nothing is delivered: the deliveries cannot fail.
                            let _ = read_input(
                                input,
                                context,
                                &Nothing,
                                &mut summary,
                                &mut |_| Ok(()),
                                1,
                            );
                            summary.player.end_input();
                            found.push((index, summary));
                        }
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|worker| {
                    worker
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        });
        results.sort_by_key(|(index, _)| *index);
        let mut all = Summary::new(&self.players);
        for (_, summary) in results {
            all.merge(summary, 0);
        }
        self.finish(all)
    }

    /// Reads every input in order, each large plain file on all cores, and
    /// hands what `collect` gathers from each selected record (and each
    /// unreadable one) to `deliver`, on the calling thread, in input order:
    /// rows of a table, lines of text, records as they stand. Gives the
    /// [`Summary`] as [`Archive::statistics`] does.
    ///
    /// ```
    /// use chess960_archive::{Archive, Collect, Game};
    ///
    /// /// Each game's start id (`None`: no Chess960 start).
    /// struct Starts;
    /// impl Collect for Starts {
    ///     type Part = Vec<Option<u16>>;
    ///     fn part(&self) -> Self::Part {
    ///         Vec::new()
    ///     }
    ///     fn game(&self, part: &mut Self::Part, game: &Game<'_>) {
    ///         part.push(game.kind().start().map(|start| start.white().id()));
    ///     }
    /// }
    ///
    /// let pgn = "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n*\n\n\
    ///            [Event \"classical\"]\n\n1. e4 *\n";
    /// let mut starts = Vec::new();
    /// Archive::new().reader("two", std::io::Cursor::new(pgn)).collect(&Starts, |batch| {
    ///     starts.append(batch.part);
    ///     Ok(())
    /// })?;
    /// assert_eq!(starts, [Some(0), Some(518)]);
    /// # Ok::<(), chess960_archive::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Deliver`] when `deliver` fails (the reading stops there),
    /// [`Error::Cancelled`] when the [`Cancel`] flag was raised.
    pub fn collect<C: Collect>(
        &self,
        collect: &C,
        mut deliver: impl FnMut(Batch<'_, C::Part>) -> io::Result<()>,
    ) -> Result<Summary, Error> {
        let context = self.context();
        let threads = self.thread_count();
        let mut all = Summary::new(&self.players);
        for input in &self.inputs {
            if self.cancel.is_cancelled() {
                break;
            }
            let read = read_input(input, &context, collect, &mut all, &mut deliver, threads);
            all.player.end_input();
            read.map_err(Error::Deliver)?;
        }
        self.finish(all)
    }

    fn finish(&self, summary: Summary) -> Result<Summary, Error> {
        if let Some(on_progress) = &self.on_progress {
            on_progress(&self.progress);
        }
        if self.cancel.is_cancelled() {
            Err(Error::Cancelled(Box::new(summary)))
        } else {
            Ok(summary)
        }
    }
}

/// Gathers nothing: for the statistics alone.
struct Nothing;

impl Collect for Nothing {
    type Part = ();
    fn part(&self) {}
    fn game(&self, (): &mut (), _: &Game<'_>) {}
    fn reset(&self, (): &mut ()) {}
}

/// Reads one input into `summary`, delivering what `collect` gathers: a
/// large plain file on `threads` cores, anything else on one. The callers
/// end the input's pairing afterwards (`PlayerStats::end_input`): pairs
/// never span inputs.
fn read_input<C: Collect>(
    input: &Source,
    context: &Context<'_>,
    collect: &C,
    summary: &mut Summary,
    deliver: &mut dyn FnMut(Batch<'_, C::Part>) -> io::Result<()>,
    threads: usize,
) -> io::Result<()> {
    let name = input.name();
    // A plain file's head is read from the file; anything else's below,
    // from its text.
    if let Some(head) = source::plain_head(input, sniff::HEAD) {
        if !sniff::is_pgn(&head) {
            summary.skip(not_pgn(name));
            return Ok(());
        }
    }
    if threads > 1 {
        if let (Some(size), Source::Path(path, _)) = (source::plain_size(input), input) {
            let part = context
                .part_size
                .unwrap_or_else(|| split::part_size(size, threads, collect.keeps_raw()));
            if size >= 2 * part {
                // One map of the whole file for all threads (where maps are
                // on); records are counted as the parts are merged.
                let map = context.map.is_some();
                let context = &Context {
                    map: None,
                    count_records: false,
                    ..*context
                };
                return split::read(
                    path, name, size, part, threads, map, context, collect, summary, deliver,
                );
            }
        }
    }
    let opened = match source::open(input, context.progress.clone(), context.map) {
        Ok(opened) => opened,
        Err(error) => {
            summary.skip(Skip {
                input: name.to_owned(),
                number: None,
                offset: 0,
                reason: format!("cannot open it: {error}"),
            });
            return Ok(());
        }
    };
    let compressed = opened.compression != source::Compression::None;
    let job = Job {
        input: name,
        context,
        collect,
    };
    match opened.text {
        #[cfg(feature = "mmap")]
        Text::Mapped(text) => read_text(Reader::new(text), &job, compressed, summary, deliver),
        Text::Buffered(text) => {
            let text = if source::plain_size(input).is_some() {
                text
            } else {
                let (head, text) = sniff::peek(text);
                if !sniff::is_pgn(&head) {
                    summary.skip(not_pgn(name));
                    return Ok(());
                }
                text
            };
            if threads > 1 && collect.spreads() {
                let part = context
                    .part_size
                    .unwrap_or_else(|| stream::part_size(threads));
                return stream::read(text, &job, part, threads, compressed, summary, deliver);
            }
            read_text(Reader::new(text), &job, compressed, summary, deliver)
        }
    }
}

/// The skip of an input that is not PGN.
fn not_pgn(name: &str) -> Skip {
    Skip {
        input: name.to_owned(),
        number: None,
        offset: 0,
        reason: sniff::reason(),
    }
}

/// Reads one opened input on one core (a function of its own so that each
/// kind of input gets its own compiled reader: no call through a pointer
/// for each buffer's bytes).
fn read_text<R: BufRead, C: Collect>(
    mut reader: Reader<R>,
    job: &Job<'_, C>,
    compressed: bool,
    summary: &mut Summary,
    deliver: &mut dyn FnMut(Batch<'_, C::Part>) -> io::Result<()>,
) -> io::Result<()> {
    let (name, context, collect) = (job.input, job.context, job.collect);
    if collect.keeps_raw() {
        reader = reader.keep_raw();
    }
    let mut part = Part::new(context.players, collect.part());
    part::read(
        &mut reader,
        job,
        0,
        &mut part,
        |_| true,
        |part| {
            deliver(Batch {
                input: name,
                base: 0,
                part: &mut part.out,
            })?;
            collect.reset(&mut part.out);
            Ok::<(), io::Error>(())
        },
    )?;
    deliver(Batch {
        input: name,
        base: 0,
        part: &mut part.out,
    })?;
    summary.merge(part.summary, 0);
    if let Some(error) = reader.io_error() {
        summary.skip(Skip::stopped(name, reader.bytes_read(), compressed, error));
    }
    Ok(())
}
