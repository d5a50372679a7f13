//! The archive engine on a stranger's bytes: `chess960_archive::Archive`
//! over any input, plain or (seemingly) compressed.
//!
//! Input: one byte choosing a part size (64 to 1,087 bytes) and the
//! threads, then the bytes. Checks: reading them from a reader never
//! panics, and every skip names the input; written to a file, they read
//! the same on one thread and in parts on two or three (the records'
//! numbers, offsets and kinds, and the `Summary`), maps on or off.
#![no_main]

use chess960_archive::{Archive, Collect, Game, Summary};
use libfuzzer_sys::fuzz_target;
use std::io::Cursor;
use std::path::Path;

/// Each selected record's number, offset and kind.
struct Places;

impl Collect for Places {
    type Part = Vec<(u64, u64, &'static str)>;
    fn part(&self) -> Self::Part {
        Vec::new()
    }
    fn game(&self, part: &mut Self::Part, game: &Game<'_>) {
        part.push((game.number(), game.offset(), game.kind().name()));
    }
}

fn read(archive: &Archive) -> (Vec<(u64, u64, &'static str)>, Summary) {
    let mut rows = Vec::new();
    let summary = archive
        .collect(&Places, |batch| {
            rows.extend(
                batch
                    .part
                    .drain(..)
                    .map(|(number, offset, kind)| (batch.base + number, offset, kind)),
            );
            Ok(())
        })
        .expect("nothing cancels, every delivery succeeds");
    (rows, summary)
}

fuzz_target!(|data: &[u8]| {
    let [choice, bytes @ ..] = data else {
        return;
    };
    let from_reader = read(&Archive::new().reader("input", Cursor::new(bytes.to_vec())));
    assert!(from_reader.1.skips.iter().all(|skip| skip.input == "input"));

    let path =
        std::env::temp_dir().join(format!("chess960-fuzz-archive-{}.pgn", std::process::id()));
    std::fs::write(&path, bytes).expect("a scratch file");
    let name = path.to_string_lossy().into_owned();
    let one = read(&Archive::new().path(Path::new(&name)).threads(1));
    let part = 64 + u64::from(*choice) * 4;
    let threads = 2 + usize::from(choice & 1);
    let parts = read(
        &Archive::new()
            .path(Path::new(&name))
            .threads(threads)
            .part_size(part)
            .mmap(choice & 2 == 0),
    );
    assert_eq!(one, parts, "parts of {part} bytes on {threads} threads");
    if !bytes.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) && !bytes.starts_with(&[0x1F, 0x8B]) {
        // Plain text: the reader's records are the file's.
        assert_eq!(one.0, from_reader.0);
    }
});
