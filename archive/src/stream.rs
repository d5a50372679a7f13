//! One input read as a stream (a compressed file, standard input, a
//! reader) on all cores: the reading thread finds where each record starts
//! and cuts the text there into parts of a few MiB, the other threads
//! gather the records of a part each, and the parts are taken in input
//! order. A part begins at a record's first byte and ends where the next
//! part's first record begins, and a record's reading depends on nothing
//! outside its bytes, so the output is the one-core output, byte for byte.

use crate::collect::{Batch, Collect};
use crate::part::{self, Context, Job, Part, Spare};
use crate::summary::{Skip, Summary};
use chess960_games::read::{MAX_RAW_RECORD, Reader};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{self, BufRead, Read};
use std::sync::{Mutex, PoisonError, mpsc};

/// The size of the parts on `threads` threads: a part's text is this many
/// bytes, then up to the next record's start. At most two parts a thread
/// are read or wait for their turn, so parts shrink as threads grow (64
/// MiB of them in all, parts of 256 KiB to 4 MiB); 4 MiB spreads a part's
/// fixed cost (its output, its statistics merged) over a thousand games.
pub(crate) fn part_size(threads: usize) -> u64 {
    let threads = u64::try_from(threads.max(1)).unwrap_or(u64::MAX);
    ((64 << 20) / threads).clamp(256 << 10, 4 << 20)
}

/// The largest part, whatever size is asked for.
const MAX_PART: u64 = 16 << 20;

/// The bytes read since the current part's start, up to `limit`: past it
/// (a record of tens of MiB), `over` is set and nothing more is kept.
struct Copy {
    bytes: Vec<u8>,
    limit: usize,
    over: bool,
}

impl Copy {
    fn keep(&mut self, bytes: &[u8]) {
        if self.over || self.bytes.len() + bytes.len() > self.limit {
            self.over = true;
        } else {
            self.bytes.extend_from_slice(bytes);
        }
    }
}

/// A text that keeps a copy of the bytes its reader consumes.
struct Kept<'a, R> {
    text: R,
    copy: &'a RefCell<Copy>,
}

impl<R: BufRead> Read for Kept<'_, R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let read = self.text.read(out)?;
        self.copy.borrow_mut().keep(&out[..read]);
        Ok(read)
    }
}

impl<R: BufRead> BufRead for Kept<'_, R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.text.fill_buf()
    }

    fn consume(&mut self, count: usize) {
        // The bytes consumed are buffered: `fill_buf` reads nothing here.
        if count > 0 {
            if let Ok(buffer) = self.text.fill_buf() {
                self.copy
                    .borrow_mut()
                    .keep(&buffer[..count.min(buffer.len())]);
            }
        }
        self.text.consume(count);
    }
}

/// A part's text: its place in the input's order, the offset of its first
/// byte, its bytes, and for the last part of an input whose reading
/// failed, the failure (kind and message), met again after its bytes.
struct Text {
    index: u64,
    start: u64,
    bytes: Vec<u8>,
    failure: Option<(io::ErrorKind, String)>,
}

/// A part's bytes as a text, then the failure that ended the input's
/// reading there, if one did: a record cut by it is read as on one core
/// (a record the input failed inside, not one that ends too soon).
struct PartText<'a> {
    bytes: &'a [u8],
    failure: &'a Option<(io::ErrorKind, String)>,
}

impl Read for PartText<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let read = self.fill_buf()?.len().min(out.len());
        out[..read].copy_from_slice(&self.bytes[..read]);
        self.consume(read);
        Ok(read)
    }
}

impl BufRead for PartText<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self.failure {
            Some((kind, message)) if self.bytes.is_empty() => {
                Err(io::Error::new(*kind, message.clone()))
            }
            _ => Ok(self.bytes),
        }
    }

    fn consume(&mut self, count: usize) {
        self.bytes = &self.bytes[count.min(self.bytes.len())..];
    }
}

/// What a reading thread sends back: a part, read (`None`: the thread
/// stopped, panicking).
type Arrival<P> = (u64, Option<Part<P>>);

/// Tells the delivering thread that a reading thread is unwinding, so
/// that it stops waiting for that thread's part.
struct Panicked<'a, P> {
    send: &'a mpsc::Sender<Arrival<P>>,
}

impl<P> Drop for Panicked<'_, P> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let _ = self.send.send((u64::MAX, None));
        }
    }
}

/// Reads `text` (the input of `job`, `compressed` or not) on `threads`
/// threads, in parts of about `part_size` bytes, into `all`, delivering
/// what the collector gathers in input order.
pub(crate) fn read<R: BufRead, C: Collect>(
    text: R,
    job: &Job<'_, C>,
    part_size: u64,
    threads: usize,
    compressed: bool,
    all: &mut Summary,
    deliver: &mut dyn FnMut(Batch<'_, C::Part>) -> io::Result<()>,
) -> io::Result<()> {
    let Job {
        input: name,
        context,
        collect,
    } = *job;
    // The records are counted as the parts are taken, in order.
    let quiet = Context {
        count_records: false,
        ..*context
    };
    let reading = Job {
        input: name,
        context: &quiet,
        collect,
    };
    let part_size = part_size.min(MAX_PART);
    // A record longer than the reader keeps, twice over, past a part:
    // read on this thread from there on (see `cut`).
    let limit = usize::try_from(part_size)
        .unwrap_or(usize::MAX)
        .saturating_add(2 * MAX_RAW_RECORD);
    let copy = RefCell::new(Copy {
        bytes: Vec::new(),
        limit,
        over: false,
    });
    let mut reader = Reader::new(Kept { text, copy: &copy });
    if collect.keeps_raw() {
        reader = reader.keep_raw();
    }
    let (send, receive) = mpsc::sync_channel::<Text>(threads);
    let receive = Mutex::new(receive);
    let (done, arrived) = mpsc::channel::<Arrival<C::Part>>();
    let spare = Spare::new();
    let ahead = 2 * threads as u64;
    let mut taken = Taken {
        job,
        all,
        spare: &spare,
        arrived,
        waiting: BTreeMap::new(),
        next: 0,
        base: 0,
        most: usize::try_from(ahead).map_or(usize::MAX, |ahead| ahead.saturating_add(2)),
    };
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let done = done.clone();
            let (receive, reading, spare) = (&receive, &reading, &spare);
            scope.spawn(move || {
                let _panicked = Panicked { send: &done };
                loop {
                    let text = receive
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .recv();
                    let Ok(text) = text else {
                        return;
                    };
                    let part = read_part(&text, reading, spare);
                    if done.send((text.index, Some(part))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done);
        let parts = cut(
            &mut reader,
            &copy,
            send,
            &mut taken,
            part_size,
            ahead,
            deliver,
        )?;
        while taken.next < parts && !taken.cancelled() {
            taken.wait(deliver)?;
        }
        Ok::<(), io::Error>(())
    })?;
    if let Some(error) = reader.io_error() {
        taken
            .all
            .skip(Skip::stopped(name, reader.bytes_read(), compressed, error));
    }
    Ok(())
}

/// Reads the records' starts with `reader`, cutting the bytes it kept in
/// `copy` into parts of about `part_size` bytes at a record's start and
/// sending them to the reading threads, and takes the parts read
/// meanwhile. A record so long that its bytes were not all kept is read
/// here, with the rest of the input after it, as one core reads them.
/// Gives how many parts there are.
#[allow(clippy::too_many_arguments)]
fn cut<R: BufRead, C: Collect>(
    reader: &mut Reader<Kept<'_, R>>,
    copy: &RefCell<Copy>,
    send: mpsc::SyncSender<Text>,
    taken: &mut Taken<'_, '_, C>,
    part_size: u64,
    ahead: u64,
    deliver: &mut dyn FnMut(Batch<'_, C::Part>) -> io::Result<()>,
) -> io::Result<u64> {
    let (mut index, mut start) = (0, 0);
    // Where the record before the last one read ended.
    let mut mark = 0;
    loop {
        if taken.cancelled() {
            // What is read is delivered up to the first part the cancel
            // cut short; nothing more is sent.
            drop(send);
            return Ok(index);
        }
        let next = reader.next_with_raw();
        let over = copy.borrow().over;
        let at = match next {
            Some((record, _)) if !over && record.offset() < start + part_size => {
                mark = reader.bytes_read();
                continue;
            }
            Some((record, _)) if !over => record.offset(),
            Some((record, raw)) => {
                // The bytes kept end inside this record, or inside what
                // came before it since the record before ended (blank
                // lines, marks): the part ends where the kept bytes allow.
                let kept = copy.borrow().bytes.len() as u64;
                let end = if record.offset() - start <= kept {
                    record.offset()
                } else {
                    mark
                };
                let mut bytes = std::mem::take(&mut copy.borrow_mut().bytes);
                bytes.truncate(usize::try_from(end - start).unwrap_or(usize::MAX));
                index = send_part(&send, taken, deliver, ahead, index, start, bytes, None)?;
                drop(send);
                // This record and the rest of the input, on this thread,
                // its records counted as they are read.
                let job = taken.job;
                let mut tail = Part::new(job.context.players, taken.spare.take(job.collect));
                part::gather(job, &mut tail, record, (raw, None), record.offset());
                part::count(job.context, 1);
                let flush =
                    |part: &mut Part<C::Part>| taken.tail(index, part, &mut *deliver, false);
                part::read(reader, job, 0, &mut tail, |_| true, flush)?;
                taken.tail(index, &mut tail, deliver, true)?;
                return Ok(index + 1);
            }
            None => {
                let bytes = std::mem::take(&mut copy.borrow_mut().bytes);
                let failure = reader
                    .io_error()
                    .map(|error| (error.kind(), error.to_string()));
                let parts = send_part(&send, taken, deliver, ahead, index, start, bytes, failure)?;
                // The reading threads end once the parts sent are read.
                drop(send);
                return Ok(parts);
            }
        };
        // The part ends where this record starts; the record's bytes
        // begin the next part.
        let bytes = {
            let mut copy = copy.borrow_mut();
            let head = usize::try_from(at - start)
                .map_or(copy.bytes.len(), |head| head.min(copy.bytes.len()));
            let mut rest = Vec::with_capacity(copy.bytes.capacity());
            rest.extend_from_slice(&copy.bytes[head..]);
            copy.bytes.truncate(head);
            std::mem::replace(&mut copy.bytes, rest)
        };
        index = send_part(&send, taken, deliver, ahead, index, start, bytes, None)?;
        start = at;
        mark = reader.bytes_read();
    }
}

/// Sends part `index` (`bytes` from offset `start`, then `failure` if the
/// input's reading ended on one there) to the reading threads, once at
/// most `ahead` parts are being read or waiting for their turn, and takes
/// the parts read meanwhile; gives the next part's index.
#[allow(clippy::too_many_arguments)]
fn send_part<C: Collect>(
    send: &mpsc::SyncSender<Text>,
    taken: &mut Taken<'_, '_, C>,
    deliver: &mut dyn FnMut(Batch<'_, C::Part>) -> io::Result<()>,
    ahead: u64,
    index: u64,
    start: u64,
    bytes: Vec<u8>,
    failure: Option<(io::ErrorKind, String)>,
) -> io::Result<u64> {
    while index >= taken.next.saturating_add(ahead) {
        if taken.cancelled() {
            return Ok(index);
        }
        taken.wait(deliver)?;
    }
    let text = Text {
        index,
        start,
        bytes,
        failure,
    };
    send.send(text)
        .map_err(|_| io::Error::other("a reading thread stopped"))?;
    taken.ready(deliver)?;
    Ok(index + 1)
}

/// Reads the records of one part.
fn read_part<C: Collect>(text: &Text, job: &Job<'_, C>, spare: &Spare<C::Part>) -> Part<C::Part> {
    let mut reader = Reader::new(PartText {
        bytes: &text.bytes,
        failure: &text.failure,
    });
    if job.collect.keeps_raw() {
        reader = reader.keep_raw();
    }
    let mut part = Part::new(job.context.players, spare.take(job.collect));
    // A part's output stays in memory until its turn (parts are small),
    // so nothing is flushed and the reading cannot fail on a flush.
    let flush = |_: &mut Part<C::Part>| Ok::<(), io::Error>(());
    let _ = part::read(&mut reader, job, text.start, &mut part, |_| true, flush);
    part
}

/// The parts read, taken in input order: delivered, and their summaries
/// merged.
struct Taken<'a, 'b, C: Collect> {
    job: &'a Job<'b, C>,
    all: &'a mut Summary,
    spare: &'a Spare<C::Part>,
    arrived: mpsc::Receiver<Arrival<C::Part>>,
    /// Parts read before their turn, by index.
    waiting: BTreeMap<u64, Part<C::Part>>,
    /// The index of the next part to take.
    next: u64,
    /// Records in the parts taken.
    base: u64,
    /// Outputs kept for reuse at most.
    most: usize,
}

impl<C: Collect> Taken<'_, '_, C> {
    /// Waits for one part to arrive, then takes those whose turn it is.
    fn wait(
        &mut self,
        deliver: &mut dyn FnMut(Batch<'_, C::Part>) -> io::Result<()>,
    ) -> io::Result<()> {
        let arrived = self
            .arrived
            .recv()
            .map_err(|_| io::Error::other("a reading thread stopped"))?;
        self.arrive(arrived)?;
        self.take(deliver)
    }

    /// Takes the parts that have arrived, without waiting.
    fn ready(
        &mut self,
        deliver: &mut dyn FnMut(Batch<'_, C::Part>) -> io::Result<()>,
    ) -> io::Result<()> {
        while let Ok(arrived) = self.arrived.try_recv() {
            self.arrive(arrived)?;
        }
        self.take(deliver)
    }

    fn arrive(&mut self, (index, part): Arrival<C::Part>) -> io::Result<()> {
        let part = part.ok_or_else(|| io::Error::other("a reading thread stopped"))?;
        self.waiting.insert(index, part);
        Ok(())
    }

    /// Delivers what the last part, read on the delivering thread, holds
    /// (`index` is its place), once the parts before it are taken; with
    /// `last`, also counts it as taken.
    fn tail(
        &mut self,
        index: u64,
        part: &mut Part<C::Part>,
        deliver: &mut dyn FnMut(Batch<'_, C::Part>) -> io::Result<()>,
        last: bool,
    ) -> io::Result<()> {
        while self.next < index {
            if self.cancelled() {
                // A part before it was cut short: nothing after it counts.
                return Ok(());
            }
            self.wait(deliver)?;
        }
        self.hand(&mut part.out, deliver)?;
        if last {
            let summary =
                std::mem::replace(&mut part.summary, Summary::new(self.job.context.players));
            // Its records were counted as they were read.
            self.counted(summary, part.records, false);
        }
        Ok(())
    }

    /// Delivers the parts whose turn it is.
    fn take(
        &mut self,
        deliver: &mut dyn FnMut(Batch<'_, C::Part>) -> io::Result<()>,
    ) -> io::Result<()> {
        // Once the reading is cancelled, a part may have been cut short:
        // none is delivered, so that what was delivered is what one core
        // would have read up to some record, numbered as one core numbers it.
        while !self.cancelled() {
            let Some(mut part) = self.waiting.remove(&self.next) else {
                break;
            };
            self.hand(&mut part.out, deliver)?;
            self.spare.give(part.out, self.most);
            self.counted(part.summary, part.records, true);
        }
        Ok(())
    }

    /// Delivers one part's output, then empties it for reuse.
    fn hand(
        &mut self,
        out: &mut C::Part,
        deliver: &mut dyn FnMut(Batch<'_, C::Part>) -> io::Result<()>,
    ) -> io::Result<()> {
        deliver(Batch {
            input: self.job.input,
            base: self.base,
            part: out,
        })?;
        self.job.collect.reset(out);
        Ok(())
    }

    /// Counts the part whose turn it was as taken: its summary and its
    /// records (added to the progress counters with `count`).
    fn counted(&mut self, summary: Summary, records: u64, count: bool) {
        self.all.merge(summary, self.base);
        self.base += records;
        if count {
            part::count(self.job.context, records);
        }
        self.next += 1;
    }

    /// Whether the reading was cancelled.
    fn cancelled(&self) -> bool {
        self.job.context.cancel.is_cancelled()
    }
}
