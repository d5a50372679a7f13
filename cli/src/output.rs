//! Standard output as the commands write it: through a buffer of
//! [`CAPACITY`] bytes when it is a file or a pipe, so that a stream of a
//! million lines takes a few hundred `write` calls instead of a million;
//! line by line on a terminal, so that a person sees each line at once.
//!
//! A command that answers its input as it comes (`convert` reading standard
//! input) flushes whenever its input has nothing more ready, so that a
//! program talking to it line by line through pipes gets each answer
//! before it sends the next line.

use std::io::{self, BufWriter, IsTerminal as _, StdoutLock, Write};

/// The buffer's size: 64 KiB, about 1,100 book lines a `write` call.
pub(crate) const CAPACITY: usize = 64 * 1024;

/// The decimal digits of `value`, at least `width` of them (zeros
/// first): a buffer and where they begin in it. Written without the
/// formatting machinery, for the rows of long listings.
pub(crate) fn decimal(mut value: u64, width: usize) -> ([u8; 20], usize) {
    let mut digits = [b'0'; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        // A digit: `value % 10` is below 10.
        digits[at] = b'0' + u8::try_from(value % 10).unwrap_or(0);
        value /= 10;
        if value == 0 {
            break;
        }
    }
    (digits, at.min(digits.len().saturating_sub(width)))
}

/// Standard output, buffered unless it is a terminal.
pub(crate) enum Output {
    /// A terminal: the standard library's line buffering.
    Terminal(StdoutLock<'static>),
    /// A file or a pipe: a large buffer, written when full or flushed.
    Buffered(BufWriter<StdoutLock<'static>>),
}

impl Output {
    /// Standard output, locked for the whole run.
    pub(crate) fn stdout() -> Output {
        let stdout = io::stdout();
        if stdout.is_terminal() {
            Output::Terminal(stdout.lock())
        } else {
            Output::Buffered(BufWriter::with_capacity(CAPACITY, stdout.lock()))
        }
    }
}

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Output::Terminal(out) => out.write(bytes),
            Output::Buffered(out) => out.write(bytes),
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Output::Terminal(out) => out.write_all(bytes),
            Output::Buffered(out) => out.write_all(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Terminal(out) => out.flush(),
            Output::Buffered(out) => out.flush(),
        }
    }
}
