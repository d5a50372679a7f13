//! The db's file as a writer opens it: the pages redb writes are held
//! until it syncs (or reads one of them back), then written in order of
//! place, each run of neighbouring pages in one write. redb writes a
//! commit's pages one system call a page, in the order of its cache's
//! stripes, not of place (3,962 calls for the 16 MB of 50 MB of games
//! from one start), though most of a commit's pages are neighbours.
//! Nothing is promised on disk before a sync, so holding the writes
//! until then keeps redb's commits as safe as before.

use redb::StorageBackend;
use std::collections::BTreeMap;
use std::io;
use std::ops::Bound;
use std::sync::{Mutex, MutexGuard};

/// The bytes held at most: past them, what is held is written before
/// the next write is held.
const HELD_BYTES: usize = 64 << 20;

/// The bytes one write of neighbouring pages takes at most.
const RUN_BYTES: usize = 1 << 20;

/// redb's file (its `FileBackend`), its writes gathered (see the
/// module's docs).
#[derive(Debug)]
pub(crate) struct GatheredFile<B> {
    file: B,
    held: Mutex<Held>,
}

/// The writes not yet made.
#[derive(Debug, Default)]
struct Held {
    /// Place in the file to where its bytes are in `bytes`.
    writes: BTreeMap<u64, (usize, usize)>,
    bytes: Vec<u8>,
    /// A run of neighbouring writes, joined (kept from one sync to the
    /// next).
    run: Vec<u8>,
}

impl Held {
    /// Whether bytes `offset..offset + len` of the file meet a held
    /// write.
    fn meets(&self, offset: u64, len: usize) -> bool {
        let end = offset.saturating_add(len as u64);
        let before = self
            .writes
            .range(..=offset)
            .next_back()
            .is_some_and(|(&at, &(_, held))| at.saturating_add(held as u64) > offset);
        before || self.writes.range(offset..end).next().is_some()
    }

    /// Writes what is held into `file`, in order of place, and forgets it.
    fn write_into(&mut self, file: &impl StorageBackend) -> io::Result<()> {
        let Held { writes, bytes, run } = self;
        let mut from = 0;
        run.clear();
        for (&at, &(start, len)) in writes.iter() {
            let adjoins = from + run.len() as u64 == at && run.len() + len <= RUN_BYTES;
            if !adjoins && !run.is_empty() {
                file.write(from, run)?;
                run.clear();
            }
            if run.is_empty() {
                from = at;
            }
            run.extend_from_slice(&bytes[start..start + len]);
        }
        if !run.is_empty() {
            file.write(from, run)?;
            run.clear();
        }
        writes.clear();
        bytes.clear();
        Ok(())
    }
}

impl<B: StorageBackend> GatheredFile<B> {
    /// A file backend, its writes gathered.
    pub(crate) fn new(file: B) -> GatheredFile<B> {
        GatheredFile {
            file,
            held: Mutex::new(Held::default()),
        }
    }

    /// The held writes (a panic while held left them as they were).
    fn held(&self) -> MutexGuard<'_, Held> {
        self.held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Writes what is held.
    fn write_held(&self) -> io::Result<()> {
        self.held().write_into(&self.file)
    }
}

impl<B: StorageBackend> StorageBackend for GatheredFile<B> {
    fn len(&self) -> Result<u64, io::Error> {
        self.write_held()?;
        self.file.len()
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), io::Error> {
        let mut held = self.held();
        if held.meets(offset, out.len()) {
            held.write_into(&self.file)?;
        }
        match self.file.read(offset, out) {
            // Past the file's end, as the held writes would have made
            // it: read again once they are written.
            Err(_) if !held.writes.is_empty() => {
                held.write_into(&self.file)?;
                self.file.read(offset, out)
            }
            read => read,
        }
    }

    fn set_len(&self, len: u64) -> Result<(), io::Error> {
        self.write_held()?;
        self.file.set_len(len)
    }

    fn sync_data(&self) -> Result<(), io::Error> {
        self.write_held()?;
        self.file.sync_data()
    }

    fn write(&self, offset: u64, data: &[u8]) -> Result<(), io::Error> {
        let mut held = self.held();
        if held.meets(offset, data.len()) || held.bytes.len() + data.len() > HELD_BYTES {
            held.write_into(&self.file)?;
        }
        if data.len() > RUN_BYTES {
            return self.file.write(offset, data);
        }
        let start = held.bytes.len();
        held.bytes.extend_from_slice(data);
        held.writes.insert(offset, (start, data.len()));
        Ok(())
    }

    fn close(&self) -> Result<(), io::Error> {
        let written = self.write_held();
        let closed = self.file.close();
        written.and(closed)
    }

    fn try_lock_range(
        &self,
        start: Bound<u64>,
        end: Bound<u64>,
    ) -> Result<bool, redb::BackendError> {
        self.file.try_lock_range(start, end)
    }

    fn try_lock_shared_range(
        &self,
        start: Bound<u64>,
        end: Bound<u64>,
    ) -> Result<bool, redb::BackendError> {
        self.file.try_lock_shared_range(start, end)
    }

    fn lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), redb::BackendError> {
        self.file.lock_range(start, end)
    }

    fn lock_shared_range(
        &self,
        start: Bound<u64>,
        end: Bound<u64>,
    ) -> Result<(), redb::BackendError> {
        self.file.lock_shared_range(start, end)
    }

    fn unlock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), redb::BackendError> {
        self.file.unlock_range(start, end)
    }

    fn query_lock_range(
        &self,
        start: Bound<u64>,
        end: Bound<u64>,
    ) -> Result<bool, redb::BackendError> {
        self.file.query_lock_range(start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file in memory that counts the writes it is asked for.
    #[derive(Debug, Default)]
    struct Counted {
        bytes: Mutex<Vec<u8>>,
        writes: Mutex<usize>,
    }

    impl StorageBackend for Counted {
        fn len(&self) -> Result<u64, io::Error> {
            Ok(self.bytes.lock().unwrap().len() as u64)
        }

        fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), io::Error> {
            let bytes = self.bytes.lock().unwrap();
            let from = usize::try_from(offset).unwrap();
            let part = bytes
                .get(from..from + out.len())
                .ok_or_else(|| io::Error::from(io::ErrorKind::UnexpectedEof))?;
            out.copy_from_slice(part);
            Ok(())
        }

        fn set_len(&self, len: u64) -> Result<(), io::Error> {
            self.bytes
                .lock()
                .unwrap()
                .resize(usize::try_from(len).unwrap(), 0);
            Ok(())
        }

        fn sync_data(&self) -> Result<(), io::Error> {
            Ok(())
        }

        fn write(&self, offset: u64, data: &[u8]) -> Result<(), io::Error> {
            *self.writes.lock().unwrap() += 1;
            let mut bytes = self.bytes.lock().unwrap();
            let from = usize::try_from(offset).unwrap();
            if bytes.len() < from + data.len() {
                bytes.resize(from + data.len(), 0);
            }
            bytes[from..from + data.len()].copy_from_slice(data);
            Ok(())
        }
    }

    fn writes(file: &GatheredFile<Counted>) -> usize {
        *file.file.writes.lock().unwrap()
    }

    #[test]
    fn pages_written_out_of_order_are_written_in_runs_at_a_sync() {
        let file = GatheredFile::new(Counted::default());
        file.set_len(64 * 1024).unwrap();
        // Pages 0..16 in the order of 3 stripes, then page 40 alone.
        for stripe in 0..3 {
            for page in (stripe..16).step_by(3) {
                file.write(page * 1024, &[u8::try_from(page).unwrap(); 1024])
                    .unwrap();
            }
        }
        file.write(40 * 1024, &[40; 1024]).unwrap();
        assert_eq!(writes(&file), 0, "held until the sync");
        file.sync_data().unwrap();
        assert_eq!(writes(&file), 2, "one run of 16 pages, and one page");
        let mut page = [0u8; 1024];
        for number in [0u8, 7, 15, 40] {
            file.read(u64::from(number) * 1024, &mut page).unwrap();
            assert!(page.iter().all(|&byte| byte == number));
        }
        file.read(20 * 1024, &mut page).unwrap();
        assert!(page.iter().all(|&byte| byte == 0));
    }

    #[test]
    fn a_read_of_held_bytes_sees_them_and_other_reads_leave_them_held() {
        let file = GatheredFile::new(Counted::default());
        file.set_len(8192).unwrap();
        file.write(4096, &[9; 100]).unwrap();
        let mut out = [1u8; 10];
        file.read(0, &mut out).unwrap();
        assert_eq!((out, writes(&file)), ([0; 10], 0));
        // A read that ends inside the held bytes, and one that starts
        // inside them.
        let mut out = [1u8; 10];
        file.read(4090, &mut out).unwrap();
        assert_eq!(out, [0, 0, 0, 0, 0, 0, 9, 9, 9, 9]);
        assert_eq!(writes(&file), 1);
        file.write(4096, &[8; 100]).unwrap();
        file.read(4190, &mut out).unwrap();
        assert_eq!(out, [8, 8, 8, 8, 8, 8, 0, 0, 0, 0]);
    }

    #[test]
    fn writes_over_held_bytes_keep_the_last_and_big_writes_go_at_once() {
        let file = GatheredFile::new(Counted::default());
        file.write(0, &[1; 300]).unwrap();
        file.write(100, &[2; 100]).unwrap();
        file.write(250, &[3; 100]).unwrap();
        file.sync_data().unwrap();
        let mut out = [0u8; 350];
        file.read(0, &mut out).unwrap();
        assert!(out[..100].iter().all(|&b| b == 1));
        assert!(out[100..200].iter().all(|&b| b == 2));
        assert!(out[200..250].iter().all(|&b| b == 1));
        assert!(out[250..].iter().all(|&b| b == 3));
        let before = writes(&file);
        file.write(1 << 20, &vec![5; RUN_BYTES + 1]).unwrap();
        assert_eq!(
            writes(&file),
            before + 1,
            "past a run's bytes: written at once"
        );
    }

    /// Random writes, reads, syncs and lengths agree with a file written
    /// at once, and a sync leaves nothing held.
    #[test]
    fn random_use_matches_a_file_written_at_once() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |below: u64| crate::store::bits::xorshift(&mut state) % below;
        let gathered = GatheredFile::new(Counted::default());
        let plain = Counted::default();
        for step in 0..5_000u32 {
            let offset = next(64) * 512 + if next(4) == 0 { next(512) } else { 0 };
            let len = usize::try_from(if next(3) == 0 { next(2000) + 1 } else { 512 }).unwrap();
            match next(10) {
                0..=5 => {
                    let data = vec![u8::try_from(step % 251).unwrap(); len];
                    gathered.write(offset, &data).unwrap();
                    plain.write(offset, &data).unwrap();
                }
                6 | 7 => {
                    let (mut a, mut b) = (vec![0; len], vec![0; len]);
                    let (x, y) = (gathered.read(offset, &mut a), plain.read(offset, &mut b));
                    assert_eq!(x.is_ok(), y.is_ok());
                    assert_eq!(a, b, "step {step}");
                }
                8 => {
                    gathered.sync_data().unwrap();
                    assert!(gathered.held().writes.is_empty());
                    assert_eq!(
                        *gathered.file.bytes.lock().unwrap(),
                        *plain.bytes.lock().unwrap()
                    );
                }
                _ => assert_eq!(gathered.len().unwrap(), plain.len().unwrap()),
            }
        }
    }
}
