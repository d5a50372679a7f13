//! Opening an input of `chess960 games`: a file or standard input, plain
//! or compressed, the compression told by the first bytes.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Buffer size of the raw input and of the decompressed text.
const BUFFER: usize = 1 << 18;

/// How an input is compressed, by its magic bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compression {
    /// Plain text.
    None,
    /// Zstandard (lichess's monthly dumps): `28 B5 2F FD`.
    Zstd,
    /// gzip: `1F 8B`.
    Gzip,
    /// bzip2 (older dumps): `BZh`.
    Bzip2,
    /// xz: `FD 37 7A 58 5A 00`.
    Xz,
}

impl Compression {
    /// The compression whose magic bytes start `head`.
    pub(crate) fn detect(head: &[u8]) -> Compression {
        if head.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
            Compression::Zstd
        } else if head.starts_with(&[0x1F, 0x8B]) {
            Compression::Gzip
        } else if head.starts_with(b"BZh") {
            Compression::Bzip2
        } else if head.starts_with(&[0xFD, b'7', b'z', b'X', b'Z', 0x00]) {
            Compression::Xz
        } else {
            Compression::None
        }
    }
}

/// Counts the bytes read from the raw input, for the progress bar.
struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buffer)?;
        self.count.fetch_add(read as u64, Ordering::Relaxed);
        Ok(read)
    }
}

/// An opened input: its text, decompressed.
pub(crate) struct Input {
    /// The PGN text.
    pub(crate) text: Box<dyn BufRead + Send>,
    /// How it was compressed.
    pub(crate) compression: Compression,
}

/// Opens `name` (`-` is standard input), counting raw bytes into `count`.
pub(crate) fn open(name: &str, count: Arc<AtomicU64>) -> io::Result<Input> {
    let raw: Box<dyn Read + Send> = if name == "-" {
        Box::new(io::stdin())
    } else {
        Box::new(File::open(name)?)
    };
    let mut raw = BufReader::with_capacity(BUFFER, Counting { inner: raw, count });
    let compression = Compression::detect(raw.fill_buf()?);
    let text: Box<dyn BufRead + Send> = match compression {
        Compression::None => Box::new(raw),
        Compression::Zstd => {
            let decoder = zstd::stream::read::Decoder::with_buffer(raw)?;
            Box::new(BufReader::with_capacity(BUFFER, decoder))
        }
        Compression::Gzip => Box::new(BufReader::with_capacity(
            BUFFER,
            flate2::bufread::MultiGzDecoder::new(raw),
        )),
        Compression::Bzip2 => Box::new(BufReader::with_capacity(
            BUFFER,
            bzip2::bufread::MultiBzDecoder::new(raw),
        )),
        Compression::Xz => Box::new(BufReader::with_capacity(
            BUFFER,
            liblzma::bufread::XzDecoder::new_multi_decoder(raw),
        )),
    };
    Ok(Input { text, compression })
}

/// The size of an input in bytes, when it is a regular file.
pub(crate) fn size(name: &str) -> Option<u64> {
    if name == "-" {
        return None;
    }
    std::fs::metadata(name)
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map(|metadata| metadata.len())
}
