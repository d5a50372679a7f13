//! The PGN reader and game classification against fixtures generated here:
//! every start in every FEN dialect, every kind of record, every bad input
//! the issue names. The expected rows and statistics are computed in this
//! file (its own Scharnagl derivation, its own tally and Wilson interval),
//! never by the code under test.
#![expect(
    clippy::cast_precision_loss,
    clippy::cast_possible_wrap,
    clippy::too_many_lines,
    reason = "counts in tests are small; the fixture generator is one long table"
)]

use chess960_games::{
    read::{GameKind, Reader, Record, RecordError, TagName},
    stats::{KindCounts, StartStats},
};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::io::BufReader;

/// Scharnagl's numbering, derived here from its definition.
fn scharnagl(id: u16) -> [u8; 8] {
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let mut rank = [0u8; 8];
    let mut n = usize::from(id);
    rank[2 * (n % 4) + 1] = b'B';
    n /= 4;
    rank[2 * (n % 4)] = b'B';
    n /= 4;
    let free = |rank: &[u8; 8]| -> Vec<usize> { (0..8).filter(|&f| rank[f] == 0).collect() };
    rank[free(&rank)[n % 6]] = b'Q';
    n /= 6;
    let empty = free(&rank);
    let (a, b) = KNIGHTS[n];
    rank[empty[a]] = b'N';
    rank[empty[b]] = b'N';
    for (slot, piece) in free(&rank).into_iter().zip(*b"RKR") {
        rank[slot] = piece;
    }
    rank
}

/// The files of the rooks (a-side, h-side) as letters a-h.
fn rook_files(rank: [u8; 8]) -> (u8, u8) {
    let rooks: Vec<u8> = (0..8u8).filter(|&f| rank[usize::from(f)] == b'R').collect();
    (b'a' + rooks[0], b'a' + rooks[1])
}

fn lower(rank: [u8; 8]) -> String {
    String::from_utf8(rank.to_ascii_lowercase()).unwrap()
}

fn upper(rank: [u8; 8]) -> String {
    String::from_utf8(rank.to_vec()).unwrap()
}

/// A FEN dialect of a start.
#[derive(Clone, Copy, Debug)]
enum Dialect {
    XFen,
    ShredderOuterFirst,
    ShredderInnerFirst,
    FourFields,
    FiveFields,
}

const DIALECTS: [Dialect; 5] = [
    Dialect::XFen,
    Dialect::ShredderOuterFirst,
    Dialect::ShredderInnerFirst,
    Dialect::FourFields,
    Dialect::FiveFields,
];

fn fen(white: u16, black: u16, dialect: Dialect, castling_removed: bool) -> String {
    let (w, b) = (scharnagl(white), scharnagl(black));
    let board = format!("{}/pppppppp/8/8/8/8/PPPPPPPP/{}", lower(b), upper(w));
    let (wa, wh) = rook_files(w);
    let (ba, bh) = rook_files(b);
    let shredder = |outer: bool| {
        let (wa, wh) = (
            char::from(wa.to_ascii_uppercase()),
            char::from(wh.to_ascii_uppercase()),
        );
        let (ba, bh) = (char::from(ba), char::from(bh));
        if outer {
            format!("{wh}{wa}{bh}{ba}")
        } else {
            format!("{wa}{wh}{ba}{bh}")
        }
    };
    let castling = if castling_removed {
        "-".to_owned()
    } else {
        match dialect {
            Dialect::XFen | Dialect::FourFields => "KQkq".to_owned(),
            Dialect::ShredderOuterFirst | Dialect::FiveFields => shredder(true),
            Dialect::ShredderInnerFirst => shredder(false),
        }
    };
    match dialect {
        Dialect::FourFields => format!("{board} w {castling} -"),
        Dialect::FiveFields => format!("{board} w {castling} - 0"),
        _ => format!("{board} w {castling} - 0 1"),
    }
}

/// What a record must come out as.
#[derive(Clone, Debug, PartialEq)]
struct Expected {
    offset: u64,
    kind: &'static str,
    start: Option<(u16, u16)>,
    error: Option<RecordError>,
    result: Option<String>,
    white: Option<String>,
    elos: [Option<u32>; 2],
}

/// A growing fixture: the text and what each record must be.
#[derive(Default)]
pub(crate) struct Fixture {
    pub(crate) text: Vec<u8>,
    expected: Vec<Expected>,
}

const SPELLINGS: [&str; 9] = [
    "Chess960",
    "chess 960",
    "Fischerandom",
    "FischerRandom",
    "Fischer Random",
    "Chess960 (Fischer Random)",
    "frc",
    "960",
    "CHESS960",
];

const RESULTS: [Option<&str>; 5] = [Some("1-0"), Some("0-1"), Some("1/2-1/2"), Some("*"), None];

/// Lichess-like movetext with clock comments (brackets inside braces).
const MOVETEXT: &str = "1. e4 { [%clk 0:03:00] [%eval 0.17] } 1... e5 { [%clk 0:03:00] } 2. Nf3 (2. f4 exf4 (2... d5)) 2... Nc6 { a comment\n[%clk 0:02:59] } 3. Bb5 ; rest of line { not a comment\n%escaped line { also not\n3... a6";

impl Fixture {
    /// Adds a record built from tag pairs (already escaped) and movetext.
    #[allow(clippy::too_many_arguments)]
    fn game(
        &mut self,
        tags: &[(&str, String)],
        movetext: Option<&str>,
        newline: &str,
        kind: &'static str,
        start: Option<(u16, u16)>,
        error: Option<RecordError>,
    ) {
        let offset = self.text.len() as u64;
        let find = |name: &str| {
            tags.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.clone())
        };
        let elo = |name: &str| find(name).and_then(|v| v.parse().ok());
        self.expected.push(Expected {
            offset,
            kind,
            start,
            error,
            result: find("Result"),
            white: find("White").map(|w| w.replace("\\\"", "\"").replace("\\\\", "\\")),
            elos: [elo("WhiteElo"), elo("BlackElo")],
        });
        for (name, value) in tags {
            self.text
                .extend_from_slice(format!("[{name} \"{value}\"]{newline}").as_bytes());
        }
        if let Some(movetext) = movetext {
            self.text.extend_from_slice(newline.as_bytes());
            let movetext = movetext.replace('\n', newline);
            let result = find("Result").unwrap_or_else(|| "*".into());
            self.text
                .extend_from_slice(format!("{movetext} {result}{newline}").as_bytes());
            self.text.extend_from_slice(newline.as_bytes());
        }
    }

    /// Adds raw bytes as one record with the expected outcome.
    fn raw(&mut self, bytes: &[u8], kind: &'static str, error: Option<RecordError>) {
        self.expected.push(Expected {
            offset: self.text.len() as u64,
            kind,
            start: None,
            error,
            result: None,
            white: None,
            elos: [None, None],
        });
        self.text.extend_from_slice(bytes);
    }
}

fn basic_tags(number: usize) -> Vec<(&'static str, String)> {
    let mut tags = vec![
        ("Event", format!("Rated Blitz game {number}")),
        ("Site", format!("https://example.org/{number}")),
        ("Date", "2024.01.31".to_owned()),
        ("White", format!("white{number}")),
        ("Black", format!("black{number}")),
    ];
    if let Some(result) = RESULTS[number % RESULTS.len()] {
        tags.push(("Result", result.to_owned()));
    }
    tags.push(("WhiteElo", (1200 + number % 1500).to_string()));
    tags.push((
        "BlackElo",
        if number % 7 == 0 {
            "?".to_owned()
        } else {
            (1300 + number % 1100).to_string()
        },
    ));
    tags.push(("TimeControl", "180+2".to_owned()));
    tags
}

/// The whole fixture: every start in every dialect, and every other kind.
pub(crate) fn fixture() -> Fixture {
    let mut fixture = Fixture::default();
    // A byte order mark before the first record.
    fixture.text.extend_from_slice(b"\xEF\xBB\xBF");
    let mut number = 0;
    for id in 0..960u16 {
        for dialect in DIALECTS {
            number += 1;
            let mut tags = basic_tags(number);
            tags.push(("Variant", SPELLINGS[number % SPELLINGS.len()].to_owned()));
            if number % 2 == 0 {
                tags.push(("SetUp", "1".to_owned()));
            }
            tags.push(("FEN", fen(id, id, dialect, false)));
            if number % 11 == 0 {
                // Archives repeat the FEN in another castling notation.
                tags.push(("FEN", fen(id, id, Dialect::ShredderOuterFirst, false)));
            }
            let newline = if number % 3 == 0 { "\r\n" } else { "\n" };
            let movetext = (number % 13 != 0).then_some(MOVETEXT);
            fixture.game(&tags, movetext, newline, "chess960", Some((id, id)), None);
        }
    }
    // Double Chess960, with and without a Variant tag; then changed rules
    // (no castling), with one.
    let starts = [
        (518, 959, "double-chess960"),
        (0, 1, "double-chess960"),
        (959, 0, "double-chess960"),
        (300, 301, "double-chess960"),
        (0, 0, "changed-rules"),
        (518, 518, "changed-rules"),
        (959, 959, "changed-rules"),
    ];
    for (white, black, kind) in starts {
        number += 1;
        let changed = kind == "changed-rules";
        let mut tags = basic_tags(number);
        if white == 0 || changed {
            tags.push(("Variant", "Chess960".to_owned()));
        }
        tags.push(("FEN", fen(white, black, Dialect::XFen, changed)));
        fixture.game(
            &tags,
            Some(MOVETEXT),
            "\n",
            kind,
            Some((white, black)),
            None,
        );
    }
    // The classical game: no FEN, or its FEN with a standard Variant.
    number += 1;
    fixture.game(
        &basic_tags(number),
        Some("1. e4 e5"),
        "\n",
        "standard",
        Some((518, 518)),
        None,
    );
    number += 1;
    let mut tags = basic_tags(number);
    tags.push(("Variant", "Standard".to_owned()));
    tags.push(("FEN", fen(518, 518, Dialect::XFen, false)));
    fixture.game(
        &tags,
        Some("1. d4"),
        "\n",
        "standard",
        Some((518, 518)),
        None,
    );
    // Other variants, whatever their FEN.
    for variant in [
        "Crazyhouse",
        "Atomic",
        "Antichess",
        "King of the Hill",
        "Three-check",
        "Horde",
        "Racing Kings",
        "Shogi",
    ] {
        number += 1;
        let mut tags = basic_tags(number);
        tags.push(("Variant", variant.to_owned()));
        tags.push(("FEN", fen(100, 100, Dialect::XFen, false)));
        fixture.game(&tags, Some(MOVETEXT), "\n", "other-variant", None, None);
    }
    // Positions that are no start.
    for position in [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "not a fen",
    ] {
        number += 1;
        let mut tags = basic_tags(number);
        tags.push(("SetUp", "1".to_owned()));
        tags.push(("FEN", position.to_owned()));
        fixture.game(&tags, Some("1... e5"), "\n", "not-a-start", None, None);
    }
    // Escaped quotes and backslashes in a value.
    number += 1;
    let mut tags = basic_tags(number);
    tags[3] = ("White", r#"Smith, \"Bob\" \\ Jr"#.to_owned());
    fixture.game(
        &tags,
        Some(MOVETEXT),
        "\n",
        "standard",
        Some((518, 518)),
        None,
    );
    // Games without movetext, one directly after the other.
    for _ in 0..3 {
        number += 1;
        fixture.game(
            &basic_tags(number),
            None,
            "\n",
            "standard",
            Some((518, 518)),
            None,
        );
    }
    fixture.text.extend_from_slice(b"\n");
    // A Chess960 game without its FEN, as python-chess writes start 518.
    number += 1;
    let mut tags = basic_tags(number);
    tags.push(("Variant", "Chess960".to_owned()));
    fixture.game(
        &tags,
        Some(MOVETEXT),
        "\n",
        "chess960",
        Some((518, 518)),
        None,
    );
    // Repeated FENs that disagree.
    let unplaced = [(
        vec![
            ("FEN", fen(1, 1, Dialect::XFen, false)),
            ("FEN", fen(2, 2, Dialect::XFen, false)),
        ],
        RecordError::ConflictingFens,
    )];
    for (extra, error) in unplaced {
        number += 1;
        let mut tags = basic_tags(number);
        tags.extend(extra);
        fixture.game(&tags, Some(MOVETEXT), "\n", "unreadable", None, Some(error));
    }
    // Broken tag lines.
    let broken: [(&[u8], RecordError); 6] = [
        (
            b"[Event \"no closing quote]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n",
            RecordError::UnclosedQuote,
        ),
        (
            b"[Event \"no closing bracket\"\n[Result \"1-0\"]\n\n1. e4 1-0\n\n",
            RecordError::UnclosedBracket,
        ),
        (
            b"[Event no value]\n\n1. e4 *\n\n",
            RecordError::MissingValue,
        ),
        (b"[ \"no name\"]\n\n1. e4 *\n\n", RecordError::BadTagName),
        (
            b"[Event \"bin\x00\x01ary\"]\n\n1. e4 *\n\n",
            RecordError::ControlByte { byte: 0 },
        ),
        (
            b"\x00\xFF\xFE garbage \x13\x37 { [ unclosed\n\n",
            RecordError::NoTagSection { byte: 0 },
        ),
    ];
    for (bytes, error) in broken {
        fixture.raw(bytes, "unreadable", Some(error));
    }
    // A comment left open: the next game's tags still start a record.
    fixture.raw(
        b"[Event \"open comment\"]\n\n1. e4 { never closed\n[%clk 0:01:00]\n\n",
        "unreadable",
        Some(RecordError::UnclosedComment),
    );
    // A tag line longer than the limit, then a movetext line of 3 MB.
    let mut long = b"[Event \"".to_vec();
    long.extend(std::iter::repeat_n(
        b'x',
        chess960_games::read::MAX_TAG_LINE + 10,
    ));
    long.extend_from_slice(b"\"]\n\n1. e4 *\n\n");
    fixture.raw(&long, "unreadable", Some(RecordError::TagLineTooLong));
    number += 1;
    let huge = format!("1. e4 {{ {} }}", "[%clk 0:00:01] ".repeat(200_000));
    fixture.game(
        &basic_tags(number),
        Some(&huge),
        "\n",
        "standard",
        Some((518, 518)),
        None,
    );
    fixture
}

fn read(text: &[u8], capacity: usize) -> Vec<Record> {
    Reader::new(BufReader::with_capacity(capacity, text)).collect()
}

fn check(records: &[Record], expected: &[Expected]) {
    if records.len() != expected.len() {
        let first = records
            .iter()
            .zip(expected)
            .position(|(record, want)| record.offset() != want.offset);
        let shown = first.map(|i| (&records[i], &expected[i], &expected[i.saturating_sub(1)]));
        panic!(
            "{} records, {} expected; first difference: {shown:#?}",
            records.len(),
            expected.len()
        );
    }
    for (index, (record, want)) in records.iter().zip(expected).enumerate() {
        let kind = GameKind::of(record);
        let context = format!(
            "record {} at {}: {record:?} {kind:?}",
            index + 1,
            want.offset
        );
        assert_eq!(record.number(), index as u64 + 1, "{context}");
        assert_eq!(record.offset(), want.offset, "{context}");
        assert_eq!(kind.name(), want.kind, "{context}");
        if let Some((white, black)) = want.start {
            let start = kind.start().expect(&context);
            assert_eq!(
                (start.white().id(), start.black().id()),
                (white, black),
                "{context}"
            );
        }
        match (kind, want.error) {
            (GameKind::Unreadable(found), Some(error)) => assert_eq!(found, error, "{context}"),
            (_, None) => {}
            (other, Some(_)) => panic!("{context}: {other:?}"),
        }
        if want.error.is_none() {
            let tags = record.tags();
            assert_eq!(
                tags.get(TagName::Result).map(str::to_owned),
                want.result,
                "{context}"
            );
            assert_eq!(
                tags.get(TagName::White).map(str::to_owned),
                want.white,
                "{context}"
            );
            assert_eq!(
                [
                    tags.elo(chess960::Color::White),
                    tags.elo(chess960::Color::Black)
                ],
                want.elos,
                "{context}"
            );
        }
    }
}

#[test]
fn every_record_of_the_fixture_is_read_as_expected() {
    let fixture = fixture();
    let records = read(&fixture.text, 1 << 16);
    check(&records, &fixture.expected);
    let mut counts = KindCounts::default();
    for record in &records {
        counts.add(&GameKind::of(record));
    }
    assert_eq!(counts.total(), fixture.expected.len() as u64);
    // And the Chess960 game without a FEN, start 518.
    assert_eq!(counts.chess960, 960 * 5 + 1);
    assert_eq!(counts.double_chess960, 4);
}

#[test]
fn small_buffers_split_lines_comments_and_byte_order_marks_anywhere() {
    let fixture = fixture();
    // The first 300 records and the bad ones at the end, to keep it quick.
    let cut = usize::try_from(fixture.expected[300].offset).unwrap();
    let tail_start = fixture.expected.len() - 30;
    let tail = usize::try_from(fixture.expected[tail_start].offset).unwrap();
    let mut text = fixture.text[..cut].to_vec();
    text.extend_from_slice(&fixture.text[tail..]);
    let mut expected = fixture.expected[..300].to_vec();
    expected.extend(fixture.expected[tail_start..].iter().map(|e| Expected {
        offset: e.offset - (tail - cut) as u64,
        ..e.clone()
    }));
    for capacity in [1, 2, 3, 5, 64, 4096] {
        check(&read(&text, capacity), &expected);
    }
}

/// The statistics, tallied here from the expected rows.
#[test]
fn statistics_per_start_match_a_tally_made_here() {
    let fixture = fixture();
    let mut stats = StartStats::new();
    for record in read(&fixture.text, 1 << 16) {
        stats.add(GameKind::of(&record), record.tags());
    }
    // (white, black) -> [white wins, draws, black wins, unknown, elo sum, elos]
    let mut mine: BTreeMap<(u16, u16), [u64; 6]> = BTreeMap::new();
    for want in &fixture.expected {
        if !matches!(want.kind, "chess960" | "double-chess960") {
            continue;
        }
        let row = mine.entry(want.start.unwrap()).or_default();
        let slot = match want.result.as_deref() {
            Some("1-0") => 0,
            Some("1/2-1/2") => 1,
            Some("0-1") => 2,
            _ => 3,
        };
        row[slot] += 1;
        for elo in want.elos.into_iter().flatten() {
            row[4] += u64::from(elo);
            row[5] += 1;
        }
    }
    let theirs: Vec<_> = stats.iter().collect();
    assert_eq!(theirs.len(), mine.len());
    for ((start, tally), (&(white, black), row)) in theirs.into_iter().zip(&mine) {
        assert_eq!((start.white().id(), start.black().id()), (white, black));
        assert_eq!(
            [
                tally.white_wins,
                tally.draws,
                tally.black_wins,
                tally.unknown,
                tally.rating_sum,
                tally.ratings
            ],
            *row
        );
        if row[0] + row[1] + row[2] == 0 {
            assert_eq!((tally.score(), tally.interval()), (None, None));
            continue;
        }
        let n = (row[0] + row[1] + row[2]) as f64;
        let p = (row[0] as f64 + row[1] as f64 * 0.5) / n;
        let z: f64 = 1.96;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        let interval = tally.interval().unwrap();
        assert!((tally.score().unwrap() - p).abs() < 1e-12);
        assert!(
            (interval.low - (centre - half).max(0.0)).abs() < 1e-4,
            "{interval:?} {p} {n}"
        );
        assert!(
            (interval.high - (centre + half).min(1.0)).abs() < 1e-4,
            "{interval:?} {p} {n}"
        );
        assert!(interval.low <= p && p <= interval.high);
        assert!((tally.mean_rating().unwrap() - row[4] as f64 / row[5] as f64).abs() < 1e-9);
    }
}

#[test]
fn an_input_error_ends_the_reading_with_the_record_it_cut() {
    struct Failing<'a>(&'a [u8]);
    impl std::io::Read for Failing<'_> {
        fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
            if self.0.is_empty() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    "cut",
                ));
            }
            let n = buffer.len().min(self.0.len());
            buffer[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let text = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. e4 { [%clk";
    let mut reader = Reader::new(BufReader::with_capacity(8, Failing(text)));
    let records: Vec<_> = reader.by_ref().collect();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].error(), None);
    assert_eq!(
        records[1].error(),
        Some(RecordError::Input {
            kind: std::io::ErrorKind::UnexpectedEof
        })
    );
    assert_eq!(
        reader.io_error().map(std::io::Error::kind),
        Some(std::io::ErrorKind::UnexpectedEof)
    );
}

/// Checks what holds for any input: numbers run 1, 2, 3...; offsets grow
/// and lie inside the input; the same records come from any buffer size.
fn consistent(bytes: &[u8]) -> Vec<Record> {
    let records = read(bytes, 1 << 12);
    for (index, record) in records.iter().enumerate() {
        assert_eq!(record.number(), index as u64 + 1);
        assert!(record.offset() < bytes.len() as u64);
        if index > 0 {
            assert!(record.offset() > records[index - 1].offset());
        }
    }
    let mut counts = KindCounts::default();
    for record in &records {
        counts.add(&GameKind::of(record));
    }
    assert_eq!(counts.total(), records.len() as u64);
    assert_eq!(read(bytes, 3), records);
    records
}

/// Templates of records: (text, kind) with the offsets known.
const TEMPLATES: [(&str, &str); 8] = [
    (
        "[Event \"a\"]\n[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. e4 { [%clk 0:03:00] } *\n\n",
        "chess960",
    ),
    (
        "[Event \"b\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 ; {\r\n1-0\r\n\r\n",
        "standard",
    ),
    ("[Event \"c\"]\n\n", "standard"),
    ("[Event \"d\n\n1. e4 *\n\n", "unreadable"),
    ("[Event \"e\"\n\n1. e4 *\n\n", "unreadable"),
    (
        "\u{FEFF}[Event \"f\"]\n[White \"x \\\"y\\\"\"]\n%escape {\n1. e4 (1. d4 {[x]}) *\n\n",
        "standard",
    ),
    (
        "[Event \"g\"]\n[Variant \"Atomic\"]\n\n*\n\n",
        "other-variant",
    ),
    ("[Event \"h\"]\n\n1. e4 { open\n\n", "unreadable"),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        consistent(&bytes);
    }

    #[test]
    fn pgn_like_bytes_never_panic(
        parts in proptest::collection::vec(
            prop_oneof![
                Just(b"[Event \"".to_vec()), Just(b"\"]\n".to_vec()), Just(b"{".to_vec()),
                Just(b"}".to_vec()), Just(b"\n".to_vec()), Just(b"\r\n".to_vec()),
                Just(b"[".to_vec()), Just(b";".to_vec()), Just(b"%".to_vec()),
                Just(b"\\".to_vec()), Just(b"\xEF\xBB\xBF".to_vec()), Just(b"1. e4 ".to_vec()),
                proptest::collection::vec(any::<u8>(), 0..4),
            ],
            0..200,
        )
    ) {
        consistent(&parts.concat());
    }

    /// Sequences of whole records: exactly one record each, at its offset.
    #[test]
    fn sequences_of_records_are_counted_exactly(
        choice in proptest::collection::vec(0..TEMPLATES.len(), 0..40)
    ) {
        let mut text = Vec::new();
        let mut offsets = Vec::new();
        for &index in &choice {
            let template = TEMPLATES[index].0.as_bytes();
            let skip = if template.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
            offsets.push(text.len() as u64 + skip);
            text.extend_from_slice(template);
        }
        let records = consistent(&text);
        prop_assert_eq!(records.len(), choice.len());
        for ((record, offset), &index) in records.iter().zip(offsets).zip(&choice) {
            prop_assert_eq!(record.offset(), offset);
            prop_assert_eq!(GameKind::of(record).name(), TEMPLATES[index].1);
        }
    }

    /// Mutating a byte of a valid file never loses count of the records
    /// beyond the one mutated (and its neighbour).
    #[test]
    fn a_mutated_byte_costs_at_most_its_neighbours(
        choice in proptest::collection::vec(0..3usize, 3..20),
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let text: Vec<u8> = choice.iter().flat_map(|&i| TEMPLATES[i].0.bytes()).collect();
        let mut mutated = text.clone();
        let at = at.index(mutated.len());
        mutated[at] = byte;
        let records = consistent(&mutated);
        let count = records.len() as i64;
        prop_assert!((count - choice.len() as i64).abs() <= 2, "{} vs {}", count, choice.len());
    }
}
