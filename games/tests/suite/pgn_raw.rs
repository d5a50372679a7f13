//! Each record's span and bytes as they stand in the input
//! (`Record::length`, `Reader::keep_raw`, `Reader::raw`), the lending
//! `Reader::next_record`, where a large input may be cut
//! (`likely_record_start`), and the filter by start set.

use chess960::{DoublePosition, Position, PositionSet};
use chess960_games::read::{Filter, GameKind, Reader, Record, likely_record_start};
use proptest::prelude::*;
use std::io::BufReader;

/// Every record with its bytes, read through a buffer of `capacity`.
fn spans(text: &[u8], capacity: usize) -> Vec<(Record, Vec<u8>)> {
    let mut reader = Reader::new(BufReader::with_capacity(capacity, text)).keep_raw();
    let mut found = Vec::new();
    while let Some(record) = reader.next_record() {
        let record = record.clone();
        let raw = reader
            .raw()
            .expect("every record of the fixture is kept")
            .to_vec();
        found.push((record, raw));
    }
    found
}

#[test]
fn raw_bytes_are_the_records_span_at_every_buffer_size() {
    let text = crate::pgn::fixture().text;
    let whole: Vec<Record> = Reader::new(&text[..]).collect();
    for capacity in [1, 2, 3, 5, 64, 4096, 1 << 22] {
        let found = spans(&text, capacity);
        let records: Vec<Record> = found.iter().map(|(record, _)| record.clone()).collect();
        assert_eq!(records, whole, "capacity {capacity}");
        let mut end = 0;
        for (record, raw) in &found {
            let start = usize::try_from(record.offset()).unwrap();
            let length = usize::try_from(record.length()).unwrap();
            assert_eq!(
                raw.as_slice(),
                &text[start..start + length],
                "capacity {capacity}"
            );
            // Spans follow each other; only what lies between records
            // (blank lines, byte order marks, `%` lines) is left out.
            assert!(start >= end);
            let between = &text[end..start];
            assert!(
                between.iter().all(u8::is_ascii_whitespace)
                    || between.starts_with(b"%")
                    || between.starts_with(&[0xEF, 0xBB, 0xBF]),
                "{:?}",
                String::from_utf8_lossy(between)
            );
            end = start + length;
        }
        assert!(text[end..].iter().all(u8::is_ascii_whitespace));
    }
}

#[test]
fn raw_is_none_without_keep_raw_and_for_a_record_past_the_limit() {
    let mut reader = Reader::new(&b"[Event \"a\"]\n\n*\n"[..]);
    assert!(reader.next_record().is_some());
    assert_eq!(reader.raw(), None);
    let huge = format!(
        "[Event \"huge\"]\n\n1. e4 {{ {} }} *\n\n[Event \"next\"]\n\n*\n",
        "x".repeat(chess960_games::read::MAX_RAW_RECORD)
    );
    let mut reader = Reader::new(BufReader::with_capacity(1 << 16, huge.as_bytes())).keep_raw();
    let first = reader.next_record().unwrap().length();
    assert!(usize::try_from(first).unwrap() > chess960_games::read::MAX_RAW_RECORD);
    assert_eq!(reader.raw(), None);
    assert!(reader.next_record().is_some());
    assert_eq!(reader.raw(), Some(&b"[Event \"next\"]\n\n*\n"[..]));
}

/// Games separated by one blank line, as servers export them.
fn exported(games: &[(u16, bool)]) -> (Vec<u8>, Vec<usize>) {
    let mut text = Vec::new();
    let mut starts = Vec::new();
    for &(id, crlf) in games {
        starts.push(text.len());
        let rank = Position::from_id(id).unwrap().to_string();
        let game = format!(
            "[Event \"e\"]\n[FEN \"{}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1\"]\n\n1. e4 {{ [%clk 0:01:00] }} *\n\n",
            rank.to_lowercase()
        );
        let game = if crlf {
            game.replace('\n', "\r\n")
        } else {
            game
        };
        text.extend_from_slice(game.as_bytes());
    }
    (text, starts)
}

proptest! {
    #[test]
    fn the_likely_start_from_any_offset_is_the_next_games_start(
        games in proptest::collection::vec((0u16..960, any::<bool>()), 1..20),
        cut in any::<prop::sample::Index>(),
    ) {
        let (text, starts) = exported(&games);
        let at = cut.index(text.len());
        let found = likely_record_start(&text[at..]).map(|offset| at + offset);
        // A start counts when its blank line lies in the bytes searched
        // (the first game's start has none).
        let expected = starts.iter().copied().skip(1).find(|&start| {
            text[at.min(start)..start].ends_with(b"\n\n") || text[at.min(start)..start].ends_with(b"\n\r\n")
        });
        prop_assert_eq!(found, expected);
    }

    #[test]
    fn a_start_set_passes_the_games_whose_both_ranks_it_holds(
        bytes in proptest::array::uniform32(any::<u8>()),
        white in 0u16..960,
        black in 0u16..960,
    ) {
        // A set from random bits: ids whose bit is set.
        let set: PositionSet = Position::all()
            .filter(|position| bytes[usize::from(position.id()) % 32] >> (position.id() / 32 % 8) & 1 == 1)
            .collect();
        let filter = Filter::new().starts(set);
        let (w, b) = (Position::from_id(white).unwrap(), Position::from_id(black).unwrap());
        prop_assert_eq!(filter.start_matches(&GameKind::Chess960(w)), set.contains(w));
        let double = DoublePosition::new(w, b);
        prop_assert_eq!(
            filter.start_matches(&GameKind::DoubleChess960(double)),
            set.contains(w) && set.contains(b)
        );
        prop_assert!(Filter::new().start_matches(&GameKind::DoubleChess960(double)));
        prop_assert_eq!(
            filter.start_matches(&GameKind::Standard),
            set.contains(Position::STANDARD)
        );
    }
}

#[test]
fn an_indented_tag_line_is_a_tag_at_every_buffer_size() {
    use chess960_games::read::TagName;
    let text = b"[Event \"a\"]\n  [Site \"indented\"]\n\t[Result \"1-0\"]\n \t[Event \"b\"]\n[White \"x\"]\n\n1. e4 *\n";
    for capacity in [1, 2, 3, 7, 64, 4096] {
        let found = spans(text, capacity);
        assert_eq!(found.len(), 2, "capacity {capacity}");
        let (first, second) = (&found[0].0, &found[1].0);
        assert_eq!(first.tags().get(TagName::Site), Some("indented"));
        assert_eq!(first.tags().get(TagName::Result), Some("1-0"));
        assert_eq!(first.error(), None);
        // The second Event starts the next record at its `[`.
        assert_eq!(second.offset(), 50, "capacity {capacity}");
        assert_eq!(second.tags().get(TagName::White), Some("x"));
        // A line that is indented but no tag is movetext.
        let records: Vec<Record> = Reader::new(BufReader::with_capacity(
            capacity,
            &b"[Event \"a\"]\n  1. e4 *\n"[..],
        ))
        .collect();
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].error(), None);
    }
}

#[test]
fn odd_inputs_read_alike_at_every_buffer_size() {
    // Where the in-buffer way and the byte-wise way could part: indented
    // movetext after the tags, a comment or `;` there, a byte order mark
    // starting a record, CRLF, a last line without its line end, a kept
    // name with a zero byte after it (the fuzzer's find: `Variant\0` read
    // as `Variant` when the line lay whole in the buffer), a second Event
    // line ending in `\r\r\n` (a review's find: its `\r` was taken twice
    // when the line was held over for the next record).
    let inputs: [&[u8]; 10] = [
        b"[Event \"a\"]\n  {open\n[White \"x\"]\n",
        b"[Event \"a\"]\n \t; c\n[Event \"b\"]\n",
        b"[Event \"a\"]\n\t 1. e4 { [ } *\n\n\xEF\xBB\xBF[Event \"b\"]\n\n*",
        b"\xEF\xBB\xBF[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"b\"]\r\n  [Site \"s\"]\r\n",
        b"[Event \"a\"]\n%x\n  %y\n*\n[Event \"b\"]\n[Event \"c\"]",
        b"  [Event \"a\"]\n  [Event \"b\"]\n\n*\n",
        b"[Event \"a\"]\n\n{\n\n[ x\n[Event \"b\"]\n\n*\n",
        b"[Event \"a\"]\n[Variant\0 \"Chess960\"]\n[FEN\0 \"x\"]\n[Site \"thirty-two bytes\"]\n\n*\n[Event \"b\"]\n",
        b"[Event \"e\"]\n[Event \"\"]\r\r\n",
        b"[Event \"e\"]\r\n[Event \"f\"]\r\n[Site \"s\"]\r\n\r\n*\r\n[Event \"g\"]\r\n",
    ];
    for text in inputs {
        let whole: Vec<(Record, Vec<u8>)> = spans(text, text.len().max(1));
        for capacity in 1..=text.len() {
            assert_eq!(
                spans(text, capacity),
                whole,
                "capacity {capacity}: {:?}",
                String::from_utf8_lossy(text)
            );
        }
        for (record, raw) in &whole {
            let start = usize::try_from(record.offset()).unwrap();
            let end = start + usize::try_from(record.length()).unwrap();
            assert_eq!(raw.as_slice(), &text[start..end]);
        }
    }
}

/// A record longer than the reader keeps, then a short one whose first
/// byte (the `[` that a comment left open reads ahead) or first line ends
/// the buffer in which the long one passes the limit: the short record's
/// bytes are kept at every buffer size, as they are when the input is one
/// buffer.
#[test]
fn a_short_record_after_a_long_one_keeps_its_bytes_wherever_the_buffers_end() {
    let limit = chess960_games::read::MAX_RAW_RECORD;
    let long = |size: usize, bracket_at: usize| {
        // A long unclosed comment whose `[` of the next record is the byte
        // at `bracket_at`.
        let mut bytes = b"[Event \"long\"]\n\n{".to_vec();
        bytes.resize(size.max(bracket_at) - 1, b'x');
        bytes.push(b'\n');
        bytes.extend_from_slice(b"[Event \"short\"]\n\n*\n");
        bytes
    };
    // The `[` is the last byte of a buffer of 256 KiB (or 64 KiB) in which
    // the long record passes the limit, first or second time.
    let inputs = [
        long(limit + 100, 1 << 18),
        long(0, 65 * (1 << 18) - 1),
        long(0, 257 * (1 << 16) - 1),
        long(0, 130 * (1 << 18) - 1),
    ];
    for bytes in inputs {
        let kept = |mut reader: Reader<BufReader<&[u8]>>| {
            let mut found = Vec::new();
            while let Some((record, raw)) = reader.next_with_raw() {
                found.push((record.offset(), raw.map(<[u8]>::to_vec)));
            }
            found
        };
        let whole = kept(Reader::new(BufReader::with_capacity(bytes.len(), &bytes[..])).keep_raw());
        assert_eq!(whole.len(), 2);
        assert_eq!(whole[0].1, None);
        assert_eq!(
            whole[1].1.as_deref(),
            Some(&b"[Event \"short\"]\n\n*\n"[..])
        );
        for capacity in [1 << 16, 1 << 18, 8191] {
            let found =
                kept(Reader::new(BufReader::with_capacity(capacity, &bytes[..])).keep_raw());
            assert!(found == whole, "capacity {capacity}");
        }
    }
}
