//! One large plain file read on all cores: cut into parts at likely record
//! starts, each part read on its own core, and the parts taken in input
//! order. A part counts only where the reading of the part before it ended
//! at a record starting exactly at the part's start (a record's reading
//! depends on nothing before it); otherwise it is read again from the
//! record where that reading ended. So the output is the one-core output,
//! byte for byte, whatever the input holds.

use crate::collect::{Batch, Collect};
#[cfg(feature = "mmap")]
use crate::mapped::Whole;
use crate::part::{self, Context, Job, Part, Spare};
use crate::summary::{Skip, Summary};
use chess960_games::read::{Reader, likely_record_start};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

/// The smallest size of a part (and the size when records are kept as they stand): a file of at
/// least two parts is split.
pub(crate) const PART: u64 = 2 << 20;
/// The largest size of a part.
pub(crate) const MAX_PART: u64 = 16 << 20;

/// The size of the parts a file of `size` bytes is cut into for `threads`
/// cores: about eight parts a core, so that the cores finish together, of
/// 2 to 16 MiB. A part has a fixed cost (its bounds found, its maps, its
/// statistics built and merged), which larger parts spread: on 200 MB of
/// lichess-like records, parts of 12 MiB took 0.88x the time of parts of
/// 2 MiB on 2 cores. When the collector keeps the records as they stand
/// (the command's `--pgn`), a part's records wait in memory for their
/// turn, so parts stay at 2 MiB there (peak memory 57 MB at 8 MiB, against
/// 23 MB).
pub(crate) fn part_size(size: u64, threads: usize, keeps_raw: bool) -> u64 {
    if keeps_raw {
        return PART;
    }
    let parts = u64::try_from(threads.max(1)).map_or(u64::MAX, |threads| threads.saturating_mul(8));
    (size / parts).clamp(PART, MAX_PART)
}
/// The smallest part size the tests may ask for.
pub(crate) const MIN_PART: u64 = 64;
/// The buffer of each part's reading.
const BUFFER: usize = 1 << 18;
/// How far a likely record start is looked for at a time.
const WINDOW: usize = 1 << 16;
/// The bytes of the shared map read before their pages are given back.
#[cfg(feature = "mmap")]
const RELEASE: u64 = 4 << 20;

/// Where a thread reads the file's bytes from: the one map of the whole
/// file that all threads share, or a file of its own read with `read`.
enum Text<'a> {
    #[cfg(feature = "mmap")]
    Map(&'a Whole),
    File(File),
    /// Never made: holds the lifetime where maps are off.
    #[cfg(not(feature = "mmap"))]
    #[allow(dead_code)]
    None(std::marker::PhantomData<&'a ()>),
}

impl Text<'_> {
    /// Where part `index` starts (see [`part_start`]).
    fn part_start(&mut self, index: u64, part: u64, size: u64) -> io::Result<u64> {
        match self {
            #[cfg(feature = "mmap")]
            Text::Map(whole) => Ok(part_start_in(whole.bytes(), index, part, size)),
            Text::File(file) => part_start(file, index, part, size),
            #[cfg(not(feature = "mmap"))]
            Text::None(_) => Ok(size),
        }
    }

    /// The bytes of `start..end` are done with: where they are mapped, the
    /// kernel may take their pages back from this process.
    #[cfg_attr(not(feature = "mmap"), allow(clippy::unused_self))]
    fn release(&self, start: u64, end: u64) -> u64 {
        #[cfg(feature = "mmap")]
        if let Text::Map(whole) = self {
            return whole.release(start, end);
        }
        let _ = end;
        start
    }
}

/// One part, read.
struct Done<P> {
    index: u64,
    start: u64,
    end: u64,
    part: Part<P>,
    /// The first record the reading declined, at or after `end` (`None`:
    /// the file ended first).
    next: Option<u64>,
    /// Why the reading stopped early, and where.
    error: Option<(io::Error, u64)>,
    /// The part's bounds could not be found: nothing was read.
    failed: bool,
}

/// Reads the file at `path` (called `name`) of `size` bytes on `threads`
/// cores, in parts of about `part` bytes, into `all`, delivering what
/// `collect` gathers in input order.
#[allow(clippy::too_many_arguments)]
pub(crate) fn read<C: Collect>(
    path: &Path,
    name: &str,
    size: u64,
    part: u64,
    threads: usize,
    map: bool,
    context: &Context<'_>,
    collect: &C,
    all: &mut Summary,
    deliver: &mut dyn FnMut(Batch<'_, C::Part>) -> io::Result<()>,
) -> io::Result<()> {
    let part = part.max(MIN_PART);
    let parts = size.div_ceil(part);
    let taken = AtomicU64::new(0);
    // Parts merged; a reader stays at most two parts a thread ahead.
    let merged = (Mutex::new(0u64), Condvar::new());
    let ahead = 2 * threads as u64;
    let (send, receive) = mpsc::channel::<Done<C::Part>>();
    let spare = Spare::new();
    let main = File::open(path)?;
    // One map of the whole file, shared by the threads (where maps are on).
    #[cfg(feature = "mmap")]
    let whole = if map { Whole::new(&main, size) } else { None };
    #[cfg(feature = "mmap")]
    let text = |file: File| whole.as_ref().map_or(Text::File(file), Text::Map);
    #[cfg(not(feature = "mmap"))]
    let text = |file: File| {
        let _ = map;
        Text::File(file)
    };
    let texts = (0..threads)
        .map(|_| File::open(path).map(text))
        .collect::<io::Result<Vec<Text<'_>>>>()?;
    let mut main = text(main);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for mut file in texts {
            let send = send.clone();
            let (taken, merged, spare, stop) = (&taken, &merged, &spare, &stop);
            scope.spawn(move || {
                // A reader that panics (in a collector, say) stops the others
                // and the merging, which then return; the scope passes the
                // panic on.
                let _on_panic = Stop {
                    merged,
                    flag: stop,
                    only_on_panic: true,
                };
                loop {
                    let index = taken.fetch_add(1, Ordering::Relaxed);
                    if index >= parts {
                        return;
                    }
                    {
                        let (lock, wake) = merged;
                        let mut done = lock
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner);
                        while index >= done.saturating_add(ahead) {
                            done = wake
                                .wait(done)
                                .unwrap_or_else(std::sync::PoisonError::into_inner);
                        }
                    }
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let job = Job {
                        input: name,
                        context,
                        collect,
                    };
                    let done = read_part(&mut file, &job, index, part, size, spare);
                    context
                        .progress
                        .add_bytes(done.end.saturating_sub(done.start));
                    if send.send(done).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        // Whatever happens to the merging (a return, an error, a panic in
        // the caller's `deliver`), no reader waits any more afterwards.
        let _stop = Stop {
            merged: &merged,
            flag: &stop,
            only_on_panic: false,
        };
        merge(
            name, parts, &receive, &mut main, context, collect, all, deliver, &merged, &spare,
            ahead,
        )
    })
}

/// Stops the readers of a file's parts when dropped: they leave their wait
/// for room and return instead of reading another part.
struct Stop<'a> {
    merged: &'a (Mutex<u64>, Condvar),
    flag: &'a AtomicBool,
    /// Only when the thread is unwinding (a reader's guard: a reader that
    /// ends normally leaves the others to read the parts they took).
    only_on_panic: bool,
}

impl Drop for Stop<'_> {
    fn drop(&mut self) {
        if self.only_on_panic && !std::thread::panicking() {
            return;
        }
        self.flag.store(true, Ordering::Relaxed);
        let (lock, wake) = self.merged;
        *lock
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = u64::MAX;
        wake.notify_all();
    }
}

/// Takes the parts in input order: keeps, reads again or drops each.
#[allow(clippy::too_many_arguments)]
fn merge<C: Collect>(
    name: &str,
    parts: u64,
    receive: &mpsc::Receiver<Done<C::Part>>,
    main: &mut Text<'_>,
    context: &Context<'_>,
    collect: &C,
    all: &mut Summary,
    deliver: &mut dyn FnMut(Batch<'_, C::Part>) -> io::Result<()>,
    merged: &(Mutex<u64>, Condvar),
    spare: &Spare<C::Part>,
    ahead: u64,
) -> io::Result<()> {
    let mut waiting = BTreeMap::new();
    // Where the next record truly starts (`None`: the file has ended).
    let mut expected = Some(0);
    let mut base = 0;
    // The bytes before this offset are given back (where they are mapped).
    let mut released = 0;
    for index in 0..parts {
        if context.cancel.is_cancelled() {
            break;
        }
        let done = loop {
            if let Some(done) = waiting.remove(&index) {
                break done;
            }
            match receive.recv() {
                Ok(done) => {
                    waiting.insert(done.index, done);
                }
                Err(_) => return Err(io::Error::other("a reading thread stopped")),
            }
        };
        // Every part before this one is merged, and any reading again
        // starts at this part's start or later: the bytes before it are done with.
        released = main.release(released, done.start);
        if done.failed {
            // Reading stops here, as it would on one core.
            if let (Some(_), Some((error, at))) = (expected, &done.error) {
                all.skip(Skip::stopped(name, *at, false, error));
            }
            expected = None;
            continue_merged(merged, index);
            continue;
        }
        let done = match expected {
            Some(start) if start == done.start => Some(done),
            // The part before ended inside this part: read again from there.
            Some(start) if start < done.end => {
                let job = Job {
                    input: name,
                    context,
                    collect,
                };
                Some(read_range(main, &job, start, done.end, spare))
            }
            // The input ended, or the record at `start` starts in a later
            // part: nothing here is a record of its own.
            _ => None,
        };
        if let Some(mut done) = done {
            expected = done.next;
            deliver(Batch {
                input: name,
                base,
                part: &mut done.part.out,
            })?;
            collect.reset(&mut done.part.out);
            let most = usize::try_from(ahead).map_or(usize::MAX, |ahead| ahead.saturating_add(2));
            spare.give(done.part.out, most);
            all.merge(done.part.summary, base);
            base += done.part.records;
            part::count(context, done.part.records);
            if let Some((error, at)) = done.error {
                all.skip(Skip::stopped(name, at, false, &error));
                expected = None;
            }
        }
        continue_merged(merged, index);
    }
    main.release(released, u64::MAX);
    Ok(())
}

/// Marks part `index` merged, and wakes the readers waiting for room.
fn continue_merged(merged: &(Mutex<u64>, Condvar), index: u64) {
    let (lock, wake) = merged;
    *lock
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = index + 1;
    wake.notify_all();
}

/// Reads part `index`.
fn read_part<C: Collect>(
    file: &mut Text<'_>,
    job: &Job<'_, C>,
    index: u64,
    part: u64,
    size: u64,
    spare: &Spare<C::Part>,
) -> Done<C::Part> {
    let parts = size.div_ceil(part);
    let bounds = file.part_start(index, part, size).and_then(|start| {
        let end = if index + 1 < parts {
            file.part_start(index + 1, part, size)?
        } else {
            size
        };
        Ok((start, end))
    });
    match bounds {
        Ok((start, end)) => Done {
            index,
            ..read_range(file, job, start, end, spare)
        },
        Err(error) => Done {
            index,
            start: 0,
            end: 0,
            part: Part::new(job.context.players, spare.take(job.collect)),
            next: None,
            error: Some((error, index * part)),
            failed: true,
        },
    }
}

/// Reads the records that start in `start..end`, the first at `start`.
fn read_range<C: Collect>(
    file: &mut Text<'_>,
    job: &Job<'_, C>,
    start: u64,
    end: u64,
    spare: &Spare<C::Part>,
) -> Done<C::Part> {
    let part = Part::new(job.context.players, spare.take(job.collect));
    let mut done = Done {
        index: 0,
        start,
        end,
        part,
        next: Some(start),
        error: None,
        failed: false,
    };
    if start >= end {
        return done;
    }
    match file {
        // The shared map: no copy, and no map made or removed per part.
        #[cfg(feature = "mmap")]
        Text::Map(whole) => {
            let bytes = whole.bytes();
            let from = usize::try_from(start).map_or(bytes.len(), |start| start.min(bytes.len()));
            // The pages read are given back a few MiB at a time, so that
            // the resident size stays flat (the blocks at the part's ends
            // when the parts before are merged).
            let mut released = start;
            let behind = |offset: u64| {
                if offset >= released + RELEASE {
                    released = whole.release(released, offset);
                }
            };
            read_from(
                Reader::new(&bytes[from..]),
                job,
                start,
                end,
                &mut done,
                behind,
            );
        }
        Text::File(file) => match file.seek(SeekFrom::Start(start)) {
            Ok(_) => {
                let text = BufReader::with_capacity(BUFFER, &mut *file);
                read_from(Reader::new(text), job, start, end, &mut done, |_| {});
            }
            Err(error) => done.error = Some((error, start)),
        },
        #[cfg(not(feature = "mmap"))]
        Text::None(_) => {}
    }
    done
}

/// Reads with `reader` the records of `done`'s part, which starts at
/// `start`; an error that ends the reading is kept in `done`. `behind` is
/// told each record's offset before it is read (the bytes before it are
/// done with).
fn read_from<R: BufRead, C: Collect>(
    mut reader: Reader<R>,
    job: &Job<'_, C>,
    start: u64,
    end: u64,
    done: &mut Done<C::Part>,
    mut behind: impl FnMut(u64),
) {
    if job.collect.keeps_raw() {
        reader = reader.keep_raw();
    }
    // A part's output stays in memory until its turn: parts are small.
    let read = part::read(
        &mut reader,
        job,
        start,
        &mut done.part,
        |offset| {
            behind(offset);
            offset < end
        },
        |_| Ok::<(), io::Error>(()),
    );
    match read {
        Ok(next) => done.next = next,
        Err(error) => done.error = Some((error, start)),
    }
    if let Some(error) = reader.io_error() {
        done.error = Some((
            io::Error::new(error.kind(), error.to_string()),
            start + reader.bytes_read(),
        ));
    }
}

/// [`part_start`] in the bytes of the whole file, as mapped.
#[cfg(feature = "mmap")]
fn part_start_in(bytes: &[u8], index: u64, part: u64, size: u64) -> u64 {
    if index == 0 {
        return 0;
    }
    let at = usize::try_from((index * part).saturating_sub(3))
        .map_or(bytes.len(), |at| at.min(bytes.len()));
    likely_record_start(&bytes[at..]).map_or(size, |found| (at + found) as u64)
}

/// Where part `index` starts: the first likely record start from
/// `index * part - 3` on (0 for the first part; the file's size when there
/// is none). Three bytes before, so that a blank line just before the cut
/// counts.
fn part_start(file: &mut File, index: u64, part: u64, size: u64) -> io::Result<u64> {
    if index == 0 {
        return Ok(0);
    }
    let mut at = (index * part).saturating_sub(3);
    let mut window = vec![0; WINDOW];
    while at < size {
        file.seek(SeekFrom::Start(at))?;
        let mut filled = 0;
        while filled < WINDOW {
            match file.read(&mut window[filled..]) {
                Ok(0) => break,
                Ok(read) => filled += read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
        if filled == 0 {
            break;
        }
        if let Some(found) = likely_record_start(&window[..filled]) {
            return Ok(at + found as u64);
        }
        if filled < 4 {
            break;
        }
        // The next window overlaps by three bytes, so that no `\n\r\n[`
        // across windows is missed.
        at += filled as u64 - 3;
    }
    Ok(size)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// About eight parts a core, of 2 to 16 MiB; 2 MiB when records are kept as they stand.
    #[test]
    fn parts_are_about_eight_a_core_within_bounds() {
        const MIB: u64 = 1 << 20;
        let stats = false;
        assert_eq!(part_size(200_000_000, 2, stats), 12_500_000);
        assert_eq!(part_size(200_000_000, 4, stats), 6_250_000);
        assert_eq!(part_size(20 * MIB, 2, stats), 2 * MIB);
        assert_eq!(part_size(0, 2, stats), 2 * MIB);
        assert_eq!(part_size(u64::MAX, 2, stats), 16 * MIB);
        assert_eq!(part_size(1 << 40, 0, stats), 16 * MIB);
        // Any count of threads (`Archive::threads` caps them, but no count breaks this).
        assert_eq!(part_size(1 << 40, usize::MAX, stats), 2 * MIB);
        assert_eq!(part_size(u64::MAX, 1 << 61, stats), 2 * MIB);
        assert_eq!(part_size(200_000_000, 2, true), 2 * MIB);
    }
}
