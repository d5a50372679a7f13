//! Reading a PGN input in parts, as `chess960 games` does on several
//! cores, and each record's bytes (`Reader::keep_raw`, `Reader::raw`).
//!
//! Input: one byte choosing the reader's buffer size (1 to 64 bytes) and a
//! cut, then the PGN. Checks: every record's bytes are its span of the
//! input (`offset..offset + length`), at any buffer size; the lending
//! `next_record` gives the records the iterator gives; and when the whole
//! reading has a record starting exactly at a likely record start
//! (`likely_record_start`) found from the cut, a reading started there
//! gives the same records from there on (offsets shifted, numbers
//! renumbered): the rule the command's parts rely on.
#![no_main]

use chess960_games::read::{Reader, Record, likely_record_start};
use libfuzzer_sys::fuzz_target;
use std::io::BufReader;

fuzz_target!(|data: &[u8]| {
    let [size, cut, pgn @ ..] = data else {
        return;
    };
    let whole: Vec<Record> = Reader::new(pgn).collect();
    let capacity = usize::from(size % 64) + 1;
    let mut reader = Reader::new(BufReader::with_capacity(capacity, pgn)).keep_raw();
    let mut index = 0;
    while let Some(record) = reader.next_record() {
        assert_eq!(Some(record), whole.get(index), "buffer of {capacity} bytes");
        let start = usize::try_from(record.offset()).expect("an offset fits");
        let end = start + usize::try_from(record.length()).expect("a length fits");
        assert_eq!(reader.raw(), Some(&pgn[start..end]));
        index += 1;
    }
    assert_eq!(index, whole.len());

    let from = usize::from(*cut) * pgn.len() / 256;
    let Some(found) = likely_record_start(&pgn[from..]) else {
        return;
    };
    let at = (from + found) as u64;
    let Some(first) = whole.iter().position(|record| record.offset() == at) else {
        return;
    };
    let part: Vec<Record> = Reader::new(&pgn[from + found..]).collect();
    assert_eq!(part.len(), whole.len() - first);
    for (mine, theirs) in part.iter().zip(&whole[first..]) {
        assert_eq!(mine.offset() + at, theirs.offset());
        assert_eq!(mine.number() + first as u64, theirs.number());
        assert_eq!(mine.length(), theirs.length());
        assert_eq!(mine.tags(), theirs.tags());
        assert_eq!(mine.error(), theirs.error());
    }
});
