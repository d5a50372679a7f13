//! The inputs of a reading: files, standard input or readers, plain or
//! compressed, the compression told by the first bytes, and the
//! decompressing thread that runs a few chunks ahead of the reader.

use crate::buffered::read_buffered;
#[cfg(feature = "mmap")]
use crate::mapped::Mapped;
use crate::progress::Progress;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
#[cfg(feature = "mmap")]
use std::io::{Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

/// Buffer size of the raw input and of the decompressed text.
const BUFFER: usize = 1 << 18;

/// How an input is compressed, told by its first bytes, never by its
/// name. Each format is read with a feature of its own (`zstd`, the
/// default, `gzip`, `bzip2`, `xz`); an input in a format the build leaves
/// out is skipped with a reason that names the feature.
///
/// ```
/// use chess960_archive::Compression;
///
/// assert_eq!(Compression::detect(&[0x28, 0xB5, 0x2F, 0xFD, 0]), Compression::Zstd);
/// assert_eq!(Compression::detect(b"[Event \"x\"]"), Compression::None);
/// assert_eq!(Compression::Gzip.name(), "gzip");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Compression {
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
    /// The compression whose magic bytes start `head` (eight bytes are
    /// enough; fewer may say [`Compression::None`]).
    ///
    /// ```
    /// use chess960_archive::Compression;
    ///
    /// assert_eq!(Compression::detect(b"BZh91AY&SY"), Compression::Bzip2);
    /// ```
    pub fn detect(head: &[u8]) -> Compression {
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

    /// The format's name, as the feature that reads it is called
    /// (`plain` for plain text).
    ///
    /// ```
    /// assert_eq!(chess960_archive::Compression::Xz.name(), "xz");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "plain",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        }
    }
}

/// One input of a reading.
#[derive(Clone)]
pub(crate) enum Source {
    /// A file, by its path (`-` is standard input); the name is the path
    /// as given.
    Path(PathBuf, String),
    /// A reader given by the caller, read once, and the path of the file
    /// its bytes come from when the caller knows it (an open file's
    /// `/dev/fd/N`), for the output checks only.
    Reader(
        String,
        Arc<Mutex<Option<Box<dyn Read + Send>>>>,
        Option<PathBuf>,
    ),
}

impl Source {
    /// The input's name in skips and rows.
    pub(crate) fn name(&self) -> &str {
        match self {
            Source::Path(_, name) | Source::Reader(name, ..) => name,
        }
    }

    /// The file's path; `None` for standard input and readers.
    pub(crate) fn file(&self) -> Option<&PathBuf> {
        match self {
            Source::Path(path, name) if name != "-" => Some(path),
            _ => None,
        }
    }

    /// A path naming the file the input's bytes come from, where one is
    /// known: a file's own, `/dev/stdin` for standard input (redirected
    /// from a file, it names that file), a reader's as its caller gave it.
    pub(crate) fn identity(&self) -> Option<&Path> {
        match self {
            Source::Path(_, name) if name == "-" => cfg!(unix).then(|| Path::new("/dev/stdin")),
            Source::Path(path, _) => Some(path),
            Source::Reader(_, _, file) => file.as_deref(),
        }
    }
}

/// Counts the bytes read from the raw input, for the progress counters.
struct Counting<R> {
    inner: R,
    count: Progress,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buffer)?;
        self.count.add_bytes(read as u64);
        Ok(read)
    }
}

/// An opened input's text.
pub(crate) enum Text {
    /// A plain regular file, read through memory maps.
    #[cfg(feature = "mmap")]
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

/// Opens `source`, counting raw bytes into `count`; with a `map` window,
/// a plain regular file is read through memory maps ([`Mapped`]).
pub(crate) fn open(source: &Source, count: Progress, map: Option<usize>) -> io::Result<Input> {
    let raw: Box<dyn Read + Send> = match source {
        Source::Reader(_, reader, _) => reader
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
            .ok_or_else(|| io::Error::other("this reader was read by an earlier reading"))?,
        Source::Path(_, name) if name == "-" => Box::new(io::stdin()),
        Source::Path(path, _) => {
            #[cfg_attr(not(feature = "mmap"), allow(unused_mut))]
            let mut file = File::open(path)?;
            #[cfg(feature = "mmap")]
            if let Some(window) = map {
                if file.metadata()?.is_file() {
                    if Compression::detect(&head(&mut file)?) == Compression::None {
                        let text = file
                            .try_clone()
                            .ok()
                            .and_then(|file| Mapped::try_new(file, 0, window, Some(count.clone())));
                        if let Some(text) = text {
                            return Ok(Input {
                                text: Text::Mapped(text),
                                compression: Compression::None,
                            });
                        }
                    }
                    file.seek(SeekFrom::Start(0))?;
                }
            }
            #[cfg(not(feature = "mmap"))]
            let _ = map;
            Box::new(file)
        }
    };
    let mut raw = BufReader::with_capacity(BUFFER, Counting { inner: raw, count });
    let compression = Compression::detect(raw.fill_buf()?);
    if compression == Compression::None {
        return Ok(Input {
            text: Text::Buffered(Box::new(raw)),
            compression,
        });
    }
    let decoder = decoder(compression, raw)?;
    // Decompression runs on its own thread, a few chunks ahead of the
    // reader: decompressing and reading take turns on two cores.
    let text = Text::Buffered(Box::new(Pipeline::start(decoder)));
    Ok(Input { text, compression })
}

/// The decoder of a compressed input, if this build reads its format.
#[cfg_attr(
    not(all(feature = "zstd", feature = "gzip", feature = "bzip2", feature = "xz")),
    allow(unreachable_code, clippy::needless_pass_by_value)
)]
fn decoder<R: BufRead + Send + 'static>(
    compression: Compression,
    raw: R,
) -> io::Result<Box<dyn Read + Send>> {
    Ok(match compression {
        #[cfg(feature = "zstd")]
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(raw)?),
        #[cfg(feature = "gzip")]
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(raw)),
        #[cfg(feature = "bzip2")]
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(raw)),
        #[cfg(feature = "xz")]
        Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(raw)),
        #[allow(unreachable_patterns)]
        other => {
            let _ = raw;
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                format!(
                    "it is compressed with {0}, which this build does not read (the `{0}` feature of chess960-archive)",
                    other.name()
                ),
            ));
        }
    })
}

/// The size of an input that is a plain (not compressed) regular file of
/// PGN text, which can be read in parts; `None` for anything else.
pub(crate) fn plain_size(source: &Source) -> Option<u64> {
    let size = size(source)?;
    let head = head(&mut File::open(source.file()?).ok()?).ok()?;
    (Compression::detect(&head) == Compression::None).then_some(size)
}

/// The first `length` bytes (fewer at its end) of an input that is a
/// plain regular file; `None` for anything else, or if it cannot be read.
pub(crate) fn plain_head(source: &Source, length: usize) -> Option<Vec<u8>> {
    plain_size(source)?;
    let file = File::open(source.file()?).ok()?;
    let mut head = Vec::with_capacity(length);
    file.take(length as u64).read_to_end(&mut head).ok()?;
    Some(head)
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
pub(crate) fn size(source: &Source) -> Option<u64> {
    std::fs::metadata(source.file()?)
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map(|metadata| metadata.len())
}

/// Whether `path` names the regular file whose metadata is `file` (the
/// same device and inode; never, off Unix, where metadata does not say).
pub(crate) fn is_file_of(path: &Path, file: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(path)
            .is_ok_and(|own| own.is_file() && own.dev() == file.dev() && own.ino() == file.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (path, file);
        false
    }
}

/// Whether `a` and `b` name one existing regular file (the same device
/// and inode on Unix; the same canonical path elsewhere).
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        std::fs::metadata(b).is_ok_and(|b| is_file_of(a, &b))
    }
    #[cfg(not(unix))]
    {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
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
        read_buffered(self, buffer)
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
