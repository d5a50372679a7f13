//! The PGN reader (`chess960_games::read::Reader`) and the classification of its
//! records (`GameKind`) on any bytes.
//!
//! Input: one byte choosing the reader's buffer size (1 to 64 bytes), then
//! the PGN. Checks: the records do not depend on the buffer size (the
//! same records from a 1-to-64-byte buffer as from the whole input at
//! once); records are numbered 1, 2, 3... at increasing offsets inside the
//! input, and a record read without error starts there with `[` (or a
//! digit: movetext without tags); the
//! reader consumes the whole input with no I/O error; a record's kind
//! agrees with `identify_fen` on its FEN tags; every error message is one
//! line.
#![no_main]

use chess960::identify_fen;
use chess960_fuzz::one_line;
use chess960_games::{
    read::{GameKind, Reader, Record},
    stats::{KindCounts, StartStats},
};
use libfuzzer_sys::fuzz_target;
use std::io::BufReader;

fuzz_target!(|data: &[u8]| {
    let [size, pgn @ ..] = data else {
        return;
    };
    let mut whole = Reader::new(pgn);
    let records: Vec<Record> = whole.by_ref().collect();
    assert!(whole.io_error().is_none());
    assert_eq!(whole.bytes_read(), pgn.len() as u64);

    let capacity = usize::from(size % 64) + 1;
    let small: Vec<Record> = Reader::new(BufReader::with_capacity(capacity, pgn)).collect();
    assert_eq!(small, records, "buffer of {capacity} bytes");

    let mut previous = None;
    let (mut stats, mut counts) = (StartStats::new(), KindCounts::default());
    for (index, record) in records.iter().enumerate() {
        assert_eq!(record.number(), index as u64 + 1);
        let offset = usize::try_from(record.offset()).expect("an offset fits");
        assert!(offset < pgn.len(), "record {} at {offset}", record.number());
        assert!(previous.is_none_or(|previous| previous < offset));
        previous = Some(offset);
        match record.error() {
            // Its tags, or movetext without tags, which starts with a
            // move number.
            None => assert!(
                pgn[offset] == b'[' || pgn[offset].is_ascii_digit(),
                "record {} at {offset}",
                record.number()
            ),
            Some(error) => assert!(one_line(&error.to_string()), "{error:?}"),
        }

        let kind = GameKind::of(record);
        let fens: Vec<&str> = record.tags().fens().collect();
        match kind {
            // A Chess960 game without a FEN tag is the classical start, as
            // python-chess writes and reads it.
            GameKind::Chess960(position) if fens.is_empty() => {
                assert_eq!(position, chess960::Position::STANDARD);
            }
            GameKind::Chess960(position) => {
                let found = identify_fen(fens[0]).expect("a Chess960 start's FEN is read");
                assert_eq!(found.single(), Some(position));
                assert!(found.is_exact());
            }
            GameKind::DoubleChess960(start) => {
                let found = identify_fen(fens[0]).expect("a double start's FEN is read");
                assert_eq!((found.start(), found.single()), (start, None));
                assert!(found.is_exact());
            }
            GameKind::ChangedRules { start, departures } => {
                let found = identify_fen(fens[0]).expect("a changed start's FEN is read");
                assert_eq!((found.start(), found.departures()), (start, departures));
                assert!(!departures.is_empty());
            }
            GameKind::NotAStart(error) => {
                assert!(one_line(&error.to_string()), "{error:?}");
                assert!(
                    fens.iter().any(|fen| identify_fen(fen) == Err(error)),
                    "{fens:?}"
                );
            }
            GameKind::Unreadable(error) => assert!(one_line(&error.to_string()), "{error:?}"),
            _ => {}
        }
        counts.add(&kind);
        stats.add(kind, record.tags());
    }
    assert_eq!(counts.total(), records.len() as u64);
    let tallied: u64 = stats.iter().map(|(_, tally)| tally.games()).sum();
    assert!(tallied <= records.len() as u64);
});
