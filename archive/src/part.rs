//! Reading the records of one input, or of one part of a large file: each
//! record placed, filtered and counted into the part's [`Summary`], and
//! each selected record handed to the caller's [`Collect`].

use crate::collect::{Collect, Game};
use crate::progress::{Cancel, Progress};
use crate::summary::{Skip, Summary};
use chess960_games::read::{Filter, GameKind, MAX_RAW_RECORD, Players, Reader, Record, TagSpans};
use std::io::BufRead;
use std::sync::{Arc, Mutex};

/// A callback the readers call with the progress counters.
pub(crate) type OnProgress = Arc<dyn Fn(&Progress) + Send + Sync>;

/// What is the same for every record of a reading.
pub(crate) struct Context<'a> {
    pub(crate) filter: &'a Filter,
    pub(crate) players: &'a Players,
    pub(crate) progress: &'a Progress,
    pub(crate) on_progress: Option<&'a OnProgress>,
    pub(crate) cancel: &'a Cancel,
    /// The window of a memory map; `None`: plain files are read with `read`.
    pub(crate) map: Option<usize>,
    /// The size of the parts a large plain file is cut into (`None`: the
    /// default for the file's size and the threads).
    pub(crate) part_size: Option<u64>,
    /// Whether the records read are added to the progress counters as they
    /// are read. The parts of a file on all cores count theirs when they
    /// are merged instead, since a part may be read twice.
    pub(crate) count_records: bool,
}

/// One input's reading: its name, the reading's context and the caller's
/// collector.
pub(crate) struct Job<'a, C> {
    pub(crate) input: &'a str,
    pub(crate) context: &'a Context<'a>,
    pub(crate) collect: &'a C,
}

/// Records a reader counts before it adds them to the progress counters
/// and looks at the cancel flag.
const BATCH: u64 = 1024;

/// What reading records found, and what the collector gathered from them.
pub(crate) struct Part<P> {
    pub(crate) summary: Summary,
    pub(crate) out: P,
    /// Records read.
    pub(crate) records: u64,
}

impl<P> Part<P> {
    pub(crate) fn new(players: &Players, out: P) -> Part<P> {
        Part {
            summary: Summary::new(players),
            out,
            records: 0,
        }
    }
}

/// Reads records from `reader` (whose offsets start at `base_offset` in
/// the input) into `part` while `more` says so of a record's offset; gives
/// the offset of the first record it declined (`None`: the input ended, or
/// the reading was cancelled). `flush` is called whenever the collector
/// says the part [is full](Collect::is_full).
pub(crate) fn read<R: BufRead, C: Collect, E>(
    reader: &mut Reader<R>,
    job: &Job<'_, C>,
    base_offset: u64,
    part: &mut Part<C::Part>,
    mut more: impl FnMut(u64) -> bool,
    mut flush: impl FnMut(&mut Part<C::Part>) -> Result<(), E>,
) -> Result<Option<u64>, E> {
    let Job {
        context, collect, ..
    } = *job;
    let mut batch = 0;
    let declined = loop {
        let Some((record, raw, spans)) = reader.next_with_spans() else {
            break None;
        };
        let offset = base_offset + record.offset();
        if !more(offset) {
            break Some(offset);
        }
        if gather(job, part, record, (raw, spans), offset) && collect.is_full(&part.out) {
            flush(part)?;
        }
        batch += 1;
        if batch == BATCH {
            if context.count_records {
                count(context, batch);
            }
            batch = 0;
            if context.cancel.is_cancelled() {
                break None;
            }
        }
    };
    if context.count_records {
        count(context, batch);
    }
    Ok(declined)
}

/// Counts one record (at `offset` in the input, `raw` its bytes where they
/// were kept) into `part` and hands it to the collector if it is selected;
/// gives whether the collector gathered it.
pub(crate) fn gather<C: Collect>(
    job: &Job<'_, C>,
    part: &mut Part<C::Part>,
    record: &Record,
    (raw, spans): (Option<&[u8]>, Option<TagSpans<'_>>),
    offset: u64,
) -> bool {
    let Job {
        input,
        context,
        collect,
    } = *job;
    part.records += 1;
    let kind = GameKind::of(record);
    let summary = &mut part.summary;
    summary.counts.add(&kind);
    let selected = if let GameKind::Unreadable(error) = kind {
        summary.skip(Skip {
            input: input.to_owned(),
            number: Some(part.records),
            offset,
            reason: error.to_string(),
        });
        true
    } else if context.filter.accepts(record.tags(), &kind) {
        summary.matched += 1;
        summary.player.add(&kind, record.tags());
        summary.stats.add(kind, record.tags());
        true
    } else {
        false
    };
    if !selected {
        return false;
    }
    let unkept = collect.keeps_raw() && raw.is_none();
    if unkept {
        part.summary.skip(Skip {
            input: input.to_owned(),
            number: Some(part.records),
            offset,
            reason: format!(
                "the record is longer than {} MiB and its bytes were not kept",
                MAX_RAW_RECORD >> 20
            ),
        });
    }
    if unkept && !collect.takes_unkept() {
        return false;
    }
    let game = Game {
        input,
        number: part.records,
        offset,
        record,
        kind: &kind,
        raw,
        spans,
    };
    collect.game(&mut part.out, &game);
    true
}

/// Adds `records` to the progress counters and tells the callback.
pub(crate) fn count(context: &Context<'_>, records: u64) {
    context.progress.add_records(records);
    if let Some(on_progress) = context.on_progress {
        on_progress(context.progress);
    }
}

/// The collected output of merged parts, [reset](Collect::reset), for the
/// parts read next: a buffer grows to a part's output once, not once a part
/// (the command's `--pgn` on 2 cores over 200 MB into `/dev/null`: 0.90x
/// the time on lichess-like records, 0.95x on the fixtures).
pub(crate) struct Spare<P>(Mutex<Vec<P>>);

impl<P> Spare<P> {
    /// No output kept yet.
    pub(crate) fn new() -> Spare<P> {
        Spare(Mutex::new(Vec::new()))
    }

    /// An empty part's output, one given back if there is one.
    pub(crate) fn take(&self, collect: &impl Collect<Part = P>) -> P {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop()
            .unwrap_or_else(|| collect.part())
    }

    /// Keeps `buffer` (reset) for a later part, up to `most` of them.
    pub(crate) fn give(&self, buffer: P, most: usize) {
        let mut spare = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if spare.len() < most {
            spare.push(buffer);
        }
    }
}
