//! `Read` for the readers of their own buffers (maps, the decompressing
//! thread's chunks): what `fill_buf` gives, copied.

use std::io::{self, BufRead};

/// `Read::read` for a reader of its own buffer: what `fill_buf` gives,
/// up to `buffer`'s length.
pub(crate) fn read_buffered(from: &mut impl BufRead, buffer: &mut [u8]) -> io::Result<usize> {
    let available = from.fill_buf()?;
    let count = available.len().min(buffer.len());
    buffer[..count].copy_from_slice(&available[..count]);
    from.consume(count);
    Ok(count)
}
