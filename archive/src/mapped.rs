//! Plain files read through read-only memory maps: the reader sees the
//! kernel's own copy of the file, which spares the copy into a buffer that
//! `read` makes (a fifth to a quarter of the time on one core, in a
//! profile). Where one thread reads, [`Mapped`] maps a few MiB at a time,
//! in turn. Where the parts of one file are read on all cores, [`Whole`]
//! maps the file once for all of them: a map removed while other threads
//! run interrupts their cores to flush their address caches, so no map is
//! made or removed while the parts are read (only pages already read are
//! given back). The one module of the workspace with `unsafe` code.
//!
//! The hazards of a map are another program changing the file while it is
//! mapped: cut short, a page past its new end ends the process with
//! `SIGBUS` (as does a read error of the disk under a mapped page);
//! rewritten in place, the new bytes show through the map while it is read.
//! So only regular files are mapped, and `Archive::mmap(false)` (the
//! command's `--no-mmap`) reads with `read` instead, for files that another
//! program may truncate or rewrite while they are read. A file that grows
//! is read to its new end by one thread ([`Mapped`] looks at the size again
//! at the end); the parts on all cores cover the size the file had when
//! the reading began. The pages of a
//! window come in as they are first touched (the kernel maps 16 at a
//! fault): loading them all at the map (`MAP_POPULATE`) was measured no
//! faster (1.04x the time on lichess-like records, one core) and guards
//! against nothing, since a cut file loses its pages either way.
#![allow(unsafe_code)]

use crate::buffered::read_buffered;
use crate::progress::Progress;
#[cfg(unix)]
use memmap2::UncheckedAdvice;
use memmap2::{Mmap, MmapOptions};
use std::fs::File;
use std::io::{self, BufRead, Read};

/// A file read through maps of `window` bytes from an offset on.
pub(crate) struct Mapped {
    file: File,
    /// The file's size when last looked at (looked at again at its end, so
    /// that a file still growing is read as `read` would read it).
    size: u64,
    window: usize,
    map: Option<Mmap>,
    /// The file offsets of `map`'s first byte and of the byte after its
    /// last (equal without a map).
    start: u64,
    end: u64,
    /// The file offset of the next byte to give.
    at: u64,
    /// Bytes mapped, for the progress counters (as `read` counts bytes
    /// read into a buffer, not bytes used).
    count: Option<Progress>,
}

impl Mapped {
    /// Reads `file` from `offset` on, `window` bytes mapped at a time,
    /// adding the bytes mapped to `count`.
    pub(crate) fn new(
        file: File,
        offset: u64,
        window: usize,
        count: Option<Progress>,
    ) -> io::Result<Mapped> {
        let size = file.metadata()?.len();
        Ok(Mapped {
            file,
            size,
            window: window.max(1),
            map: None,
            start: offset,
            end: offset,
            at: offset,
            count,
        })
    }

    /// [`Mapped::new`], if the file can be mapped from `offset` on: `None`
    /// for an empty file (files of `/proc` say they are) and for a file
    /// system that cannot map files, which are read with `read` instead.
    pub(crate) fn try_new(
        file: File,
        offset: u64,
        window: usize,
        count: Option<Progress>,
    ) -> Option<Mapped> {
        let mut mapped = Mapped::new(file, offset, window, count).ok()?;
        if mapped.size == 0 || mapped.fill_buf().is_err() {
            return None;
        }
        Some(mapped)
    }

    /// Maps the window that starts at `self.at`; `false` at the file's end.
    #[cold]
    #[inline(never)]
    fn map_next(&mut self) -> io::Result<bool> {
        self.map = None;
        self.start = self.at;
        self.end = self.at;
        if self.at >= self.size {
            self.size = self.file.metadata()?.len();
            if self.at >= self.size {
                return Ok(false);
            }
        }
        let length =
            usize::try_from(self.size - self.at).map_or(self.window, |left| left.min(self.window));
        // SAFETY: the map is read-only (a shared map of the file: memmap2
        // maps with `MAP_SHARED`), held by this reader alone, and its bytes
        // are only read while it lives. What the type system cannot see is
        // another program changing the file while it is mapped: cut short,
        // a page past the new end ends the process with `SIGBUS`; rewritten
        // in place, the new bytes show through the map. The module's
        // documentation states both (`Archive::mmap(false)` avoids them).
        let map = unsafe {
            MmapOptions::new()
                .offset(self.at)
                .len(length)
                .map(&self.file)?
        };
        self.end = self.at + length as u64;
        self.map = Some(map);
        if let Some(progress) = &self.count {
            progress.add_bytes(length as u64);
        }
        Ok(true)
    }
}

/// A whole plain file mapped once, read-only, for the threads that read
/// its parts side by side: the map is made before they start and removed
/// after they end, so no thread's reading interrupts another to flush its
/// address cache (each removal of a map does), and no part's bytes are
/// copied (`read` copies each byte once more, in the kernel).
pub(crate) struct Whole {
    map: Mmap,
}

impl Whole {
    /// Maps the first `size` bytes of `file`; `None` where the file cannot
    /// be mapped (then it is read with `read`).
    pub(crate) fn new(file: &File, size: u64) -> Option<Whole> {
        let length = usize::try_from(size).ok().filter(|&length| length > 0)?;
        // SAFETY: the map is read-only (shared with the file: memmap2 maps
        // with `MAP_SHARED`), and its bytes are only read while it lives
        // (the threads that read it end before it is dropped). What the
        // type system cannot see is another program changing the file while
        // it is mapped (cut short: `SIGBUS`; rewritten in place: the new
        // bytes show through), which the module's documentation states.
        let map = unsafe { MmapOptions::new().len(length).map(file) }.ok()?;
        Some(Whole { map })
    }

    /// The file's bytes, as mapped.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.map
    }

    /// Lets the kernel take back from this process (not from its cache)
    /// the pages of the whole 2 MiB blocks within `start..end`, once they
    /// are read: the resident size stays a few blocks a thread instead of
    /// growing to the file's size. Whole blocks, since the kernel may map a
    /// file's cached pages 2 MiB at a time, and giving back part of such a
    /// block gives back all of it, which a later read of its other bytes
    /// brings back. The bytes stay readable: a page touched again comes
    /// back from the file as at a first touch.
    ///
    /// Gives the offset up to which the bytes are given back: the start of
    /// the block where `end` lies (the file's size at its end), or the
    /// start of the first block after `start` when no whole block lies between.
    pub(crate) fn release(&self, start: u64, end: u64) -> u64 {
        const BLOCK: u64 = 2 << 20;
        let len = self.map.len() as u64;
        let start = start.div_ceil(BLOCK).saturating_mul(BLOCK);
        // The file's last block is given back whole once it is read.
        let end = if end >= len { len } else { end / BLOCK * BLOCK };
        if let (Ok(start), Ok(end)) = (usize::try_from(start), usize::try_from(end)) {
            if start < end {
                // SAFETY: `MADV_DONTNEED` on a read-only shared map of a file
                // only removes its pages from the process's page tables: the
                // next read of those bytes maps the file's page again (from
                // the page cache), so every slice of the map that a thread
                // still holds reads the file's bytes as before. A failure
                // costs only memory. Elsewhere than on Unix nothing is given
                // back.
                #[cfg(unix)]
                let _ = unsafe {
                    self.map
                        .unchecked_advise_range(UncheckedAdvice::DontNeed, start, end - start)
                };
                return end as u64;
            }
        }
        start
    }
}

impl BufRead for Mapped {
    #[inline]
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at >= self.end && !self.map_next()? {
            return Ok(&[]);
        }
        let map = self.map.as_deref().unwrap_or_default();
        let from = usize::try_from(self.at - self.start).unwrap_or(map.len());
        Ok(map.get(from..).unwrap_or_default())
    }

    #[inline]
    fn consume(&mut self, count: usize) {
        self.at = self.at.saturating_add(count as u64).min(self.end);
    }
}

impl Read for Mapped {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        read_buffered(self, buffer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write as _;

    /// A file of its own in the temporary directory, removed at the end.
    struct Scratch(std::path::PathBuf);

    impl Scratch {
        fn new(name: &str, bytes: &[u8]) -> Scratch {
            let path =
                std::env::temp_dir().join(format!("chess960-mapped-{}-{name}", std::process::id()));
            std::fs::write(&path, bytes).unwrap();
            Scratch(path)
        }

        fn open(&self) -> File {
            File::open(&self.0).unwrap()
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    /// Every byte from `offset` on, through windows of any size, whatever
    /// the reads' sizes, and the count of bytes consumed.
    #[test]
    fn windows_of_any_size_give_the_file_from_the_offset() {
        let bytes: Vec<u8> = (0..10_007u32).map(|at| (at * 7 % 251) as u8).collect();
        let scratch = Scratch::new("windows", &bytes);
        for window in [1, 2, 7, 4096, 4097, 10_006, 10_007, 1 << 20] {
            for offset in [0, 1, 4095, 4096, 9_999, 10_007, 20_000] {
                let count = Progress::new();
                let mut mapped =
                    Mapped::new(scratch.open(), offset, window, Some(count.clone())).unwrap();
                let mut read = Vec::new();
                let mut chunk = [0; 13];
                loop {
                    let got = mapped.read(&mut chunk).unwrap();
                    if got == 0 {
                        break;
                    }
                    read.extend_from_slice(&chunk[..got]);
                }
                let from = usize::try_from(offset).unwrap().min(bytes.len());
                assert_eq!(read, &bytes[from..], "window {window}, offset {offset}");
                assert_eq!(count.bytes(), (bytes.len() - from) as u64);
                // At the end, the end again.
                assert!(mapped.fill_buf().unwrap().is_empty());
            }
        }
    }

    /// No more is consumed than was given, and a window is given whole.
    #[test]
    fn consuming_past_a_window_stops_at_its_end() {
        let scratch = Scratch::new("consume", b"0123456789");
        let mut mapped = Mapped::new(scratch.open(), 0, 4, None).unwrap();
        assert_eq!(mapped.fill_buf().unwrap(), b"0123");
        mapped.consume(100);
        assert_eq!(mapped.fill_buf().unwrap(), b"4567");
        mapped.consume(1);
        assert_eq!(mapped.fill_buf().unwrap(), b"567");
    }

    /// An empty file gives nothing; a file that grows while it is read is
    /// read to its new end, as `read` would read it.
    #[test]
    fn empty_and_growing_files() {
        let scratch = Scratch::new("empty", b"");
        let mut mapped = Mapped::new(scratch.open(), 0, 4, None).unwrap();
        assert!(mapped.fill_buf().unwrap().is_empty());
        // Read with `read` instead, which sees what such a file holds.
        assert!(Mapped::try_new(scratch.open(), 0, 4, None).is_none());

        let scratch = Scratch::new("growing", b"[Event");
        let mut mapped = Mapped::new(scratch.open(), 0, 1 << 20, None).unwrap();
        let mut read = Vec::new();
        mapped.read_to_end(&mut read).unwrap();
        assert_eq!(read, b"[Event");
        std::fs::OpenOptions::new()
            .append(true)
            .open(&scratch.0)
            .unwrap()
            .write_all(b" \"a\"]\n")
            .unwrap();
        mapped.read_to_end(&mut read).unwrap();
        assert_eq!(read, b"[Event \"a\"]\n");
    }
}
