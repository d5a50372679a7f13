//! Opening an input of `chess960 games`: a file or standard input, plain
//! or compressed, the compression told by the first bytes.

use super::mapped::{self, Mapped};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

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

/// An opened input's text.
pub(crate) enum Text {
    /// A plain regular file, read through memory maps.
    Mapped(Mapped),
    /// Anything else: standard input, a file read with `read`, or the
    /// decompressed text.
    Buffered(Box<dyn BufRead + Send>),
}

/// An opened input: its text, decompressed.
pub(crate) struct Input {
    /// The PGN text.
    pub(crate) text: Text,
    /// How it was compressed.
    pub(crate) compression: Compression,
}

/// Opens `name` (`-` is standard input), counting raw bytes into `count`;
/// with `map`, a plain regular file is read through memory maps
/// ([`Mapped`]).
pub(crate) fn open(name: &str, count: Arc<AtomicU64>, map: bool) -> io::Result<Input> {
    let raw: Box<dyn Read + Send> = if name == "-" {
        Box::new(io::stdin())
    } else {
        let mut file = File::open(name)?;
        if map && file.metadata()?.is_file() {
            if Compression::detect(&head(&mut file)?) == Compression::None {
                let text = file.try_clone().ok().and_then(|file| {
                    Mapped::try_new(file, 0, mapped::window(), Some(Arc::clone(&count)))
                });
                if let Some(text) = text {
                    return Ok(Input {
                        text: Text::Mapped(text),
                        compression: Compression::None,
                    });
                }
            }
            file.seek(SeekFrom::Start(0))?;
        }
        Box::new(file)
    };
    let mut raw = BufReader::with_capacity(BUFFER, Counting { inner: raw, count });
    let compression = Compression::detect(raw.fill_buf()?);
    let decoder: Box<dyn Read + Send> = match compression {
        Compression::None => {
            return Ok(Input {
                text: Text::Buffered(Box::new(raw)),
                compression,
            });
        }
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(raw)?),
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(raw)),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(raw)),
        Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(raw)),
    };
    // Decompression runs on its own thread, a few chunks ahead of the
    // reader: decompressing and reading take turns on two cores.
    let text = Text::Buffered(Box::new(Pipeline::start(decoder)));
    Ok(Input { text, compression })
}

/// The size of an input that is a plain (not compressed) regular file of
/// PGN text, which can be read in parts; `None` for anything else.
pub(crate) fn plain_size(name: &str) -> Option<u64> {
    let size = size(name)?;
    let head = head(&mut File::open(name).ok()?).ok()?;
    (Compression::detect(&head) == Compression::None).then_some(size)
}

/// Up to the first eight bytes of `file`, read from where it stands.
fn head(file: &mut File) -> io::Result<Vec<u8>> {
    let mut head = [0; 8];
    let mut filled = 0;
    while filled < head.len() {
        match file.read(&mut head[filled..]) {
            Ok(0) => break,
            Ok(read) => filled += read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(head[..filled].to_vec())
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

/// Bytes per chunk handed from the decompressing thread to the reader.
const CHUNK: usize = 1 << 20;
/// Chunks in flight: memory stays at about `(CHUNKS + 2) * CHUNK`.
const CHUNKS: usize = 3;

/// The reading end of a decompressing thread: chunks of text in order,
/// then the end or the decoder's error. Chunk buffers go back to the thread
/// to be filled again, so nothing is allocated after the start.
pub(crate) struct Pipeline {
    chunks: Receiver<io::Result<Vec<u8>>>,
    spent: SyncSender<Vec<u8>>,
    current: Vec<u8>,
    at: usize,
    ended: bool,
}

impl Pipeline {
    fn start(mut decoder: Box<dyn Read + Send>) -> Pipeline {
        let (send, chunks) = sync_channel::<io::Result<Vec<u8>>>(CHUNKS);
        let (spent, returned) = sync_channel::<Vec<u8>>(CHUNKS + 2);
        std::thread::spawn(move || {
            loop {
                let mut chunk = returned.try_recv().unwrap_or_default();
                chunk.resize(CHUNK, 0);
                let mut filled = 0;
                let result = loop {
                    match decoder.read(&mut chunk[filled..]) {
                        Ok(0) => break Ok(()),
                        Ok(read) => {
                            filled += read;
                            if filled == CHUNK {
                                break Ok(());
                            }
                        }
                        Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                        Err(error) => break Err(error),
                    }
                };
                chunk.truncate(filled);
                if filled > 0 && send.send(Ok(chunk)).is_err() {
                    return;
                }
                match result {
                    Err(error) => {
                        let _ = send.send(Err(error));
                        return;
                    }
                    Ok(()) if filled < CHUNK => return,
                    Ok(()) => {}
                }
            }
        });
        Pipeline {
            chunks,
            spent,
            current: Vec::new(),
            at: 0,
            ended: false,
        }
    }
}

impl Read for Pipeline {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        mapped::read_buffered(self, buffer)
    }
}

impl BufRead for Pipeline {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.at == self.current.len() && !self.ended {
            match self.chunks.recv() {
                Ok(Ok(chunk)) => {
                    let spent = std::mem::replace(&mut self.current, chunk);
                    let _ = self.spent.try_send(spent);
                    self.at = 0;
                }
                Ok(Err(error)) => {
                    self.ended = true;
                    return Err(error);
                }
                Err(_) => self.ended = true,
            }
        }
        Ok(&self.current[self.at..])
    }

    fn consume(&mut self, count: usize) {
        self.at = (self.at + count).min(self.current.len());
    }
}
