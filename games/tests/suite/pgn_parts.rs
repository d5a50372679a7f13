//! The small parts of the PGN module on their own, each against what its
//! documentation promises: the filter's conditions at their bounds, the
//! outcomes and their scores, the kind counts, every record error's
//! message, the tag line limit, and a reader that is interrupted.

use chess960::{DoublePosition, Position};
use chess960_games::{
    read::{
        Filter, GameKind, MAX_FEN_TAGS, MAX_TAG_LINE, Reader, RecordError, TagName, Tags, Variant,
    },
    stats::{KindCounts, Outcome, StartStats, Tally},
};
use std::io::{self, BufRead, Read};

/// Tags with these pairs.
fn tags(pairs: &[(TagName, &str)]) -> Tags {
    let mut tags = Tags::new();
    for &(name, value) in pairs {
        tags.insert(name, value);
    }
    tags
}

/// Ratings are both players', bounds included; a game without both
/// ratings fails any rating condition and passes when there is none.
#[test]
fn the_filter_s_rating_range_includes_its_bounds() {
    let rated =
        |white: &str, black: &str| tags(&[(TagName::WhiteElo, white), (TagName::BlackElo, black)]);
    let range = Filter::new().min_elo(1500).max_elo(2000);
    for (white, black, passes) in [
        ("1500", "2000", true),
        ("1750", "1750", true),
        ("1499", "1750", false),
        ("1750", "1499", false),
        ("2001", "1750", false),
        ("1750", "2001", false),
        ("?", "1750", false),
    ] {
        assert_eq!(
            range.matches(&rated(white, black)),
            passes,
            "{white} {black}"
        );
    }
    assert!(!range.matches(&tags(&[(TagName::WhiteElo, "1750")])));
    assert!(Filter::new().min_elo(1500).matches(&rated("1500", "3000")));
    assert!(!Filter::new().min_elo(1500).matches(&rated("1499", "3000")));
    assert!(Filter::new().max_elo(2000).matches(&rated("0", "2000")));
    assert!(!Filter::new().max_elo(2000).matches(&rated("0", "2001")));
    assert!(!Filter::new().max_elo(2000).matches(&Tags::new()));
    assert!(Filter::new().matches(&Tags::new()));
    assert!(Filter::default().matches(&rated("?", "?")));
}

/// `Event` and `Variant` match a part of the tag in any case, `TimeControl`
/// the whole tag exactly; a missing tag fails its condition; every
/// condition set must hold.
#[test]
fn the_filter_s_texts_match_as_documented() {
    let game = tags(&[
        (TagName::Event, "Rated Titled Arena"),
        (TagName::Variant, "Chess960"),
        (TagName::TimeControl, "180+2"),
    ]);
    for (filter, passes) in [
        (Filter::new().event("titled"), true),
        (Filter::new().event("TITLED arena"), true),
        (Filter::new().event("blitz"), false),
        (Filter::new().variant("chess9"), true),
        (Filter::new().variant("CHESS960"), true),
        (Filter::new().variant("crazyhouse"), false),
        (Filter::new().time_control("180+2"), true),
        (Filter::new().time_control("180"), false),
        (Filter::new().time_control("180+2 "), false),
        (
            Filter::new()
                .event("arena")
                .variant("960")
                .time_control("180+2"),
            true,
        ),
        (
            Filter::new()
                .event("arena")
                .variant("960")
                .time_control("60+0"),
            false,
        ),
        (
            Filter::new()
                .event("arena")
                .variant("atomic")
                .time_control("180+2"),
            false,
        ),
        (
            Filter::new()
                .event("bullet")
                .variant("960")
                .time_control("180+2"),
            false,
        ),
    ] {
        assert_eq!(filter.matches(&game), passes, "{filter:?}");
    }
    let untagged = Tags::new();
    assert!(!Filter::new().event("arena").matches(&untagged));
    assert!(!Filter::new().variant("960").matches(&untagged));
    assert!(!Filter::new().time_control("180+2").matches(&untagged));
}

/// Each outcome's tag, White's score, and the tag written back.
#[test]
fn outcomes_score_and_write_back() {
    for (tag, outcome, score, written) in [
        ("1-0", Outcome::WhiteWins, Some(1.0), "1-0"),
        ("1/2-1/2", Outcome::Draw, Some(0.5), "1/2-1/2"),
        ("½-½", Outcome::Draw, Some(0.5), "1/2-1/2"),
        ("0-1", Outcome::BlackWins, Some(0.0), "0-1"),
        ("*", Outcome::Unknown, None, "*"),
        ("1-1", Outcome::Unknown, None, "*"),
    ] {
        assert_eq!(Outcome::from_tag(Some(tag)), outcome, "{tag}");
        assert_eq!(outcome.white_score(), score, "{tag}");
        assert_eq!(outcome.as_str(), written, "{tag}");
        assert_eq!(Outcome::from_tag(Some(outcome.as_str())), outcome);
    }
}

/// One game of each kind, counted, merged and named by [`GameKind::name`].
#[test]
fn kind_counts_add_merge_and_name_every_kind() {
    let start = DoublePosition::from(Position::STANDARD);
    let kinds = [
        GameKind::Chess960(Position::from_id(0).unwrap()),
        GameKind::DoubleChess960(DoublePosition::from_id(1).unwrap()),
        GameKind::ChangedRules {
            start,
            departures: chess960::identify_fen(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            )
            .unwrap()
            .departures(),
        },
        GameKind::Standard,
        GameKind::OtherVariant(chess960_games::read::Variant::from_name("Atomic")),
        GameKind::NotAStart(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err()),
        GameKind::Unreadable(RecordError::MissingFen),
    ];
    let mut counts = KindCounts::default();
    for (index, kind) in kinds.iter().enumerate() {
        for _ in 0..=index {
            counts.add(kind);
        }
    }
    let named = counts.named();
    for (index, kind) in kinds.iter().enumerate() {
        assert_eq!(named[index], (kind.name(), index as u64 + 1));
    }
    assert_eq!(counts.total(), 28);
    let mut merged = counts;
    merged.merge(&counts);
    merged.merge(&KindCounts::default());
    for (index, (name, count)) in merged.named().into_iter().enumerate() {
        assert_eq!((name, count), (kinds[index].name(), 2 * (index as u64 + 1)));
    }
    assert_eq!(merged.total(), 56);
}

/// Two FEN tags that both fail to read agree (the game is no start, named
/// by the first tag's error); two that read as different starts conflict.
#[test]
fn repeated_fen_tags_agree_or_conflict() {
    let broken = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1";
    let once = GameKind::classify(&tags(&[(TagName::Fen, broken)]));
    let twice = GameKind::classify(&tags(&[(TagName::Fen, broken), (TagName::Fen, broken)]));
    assert!(matches!(once, GameKind::NotAStart(_)), "{once:?}");
    assert_eq!(twice, once);
    let other = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
    let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        GameKind::classify(&tags(&[(TagName::Fen, standard), (TagName::Fen, other)])),
        GameKind::Unreadable(RecordError::ConflictingFens)
    );
    assert_eq!(
        GameKind::classify(&tags(&[(TagName::Fen, broken), (TagName::Fen, other)])),
        GameKind::Unreadable(RecordError::ConflictingFens)
    );
}

/// Every record error's message, whole.
#[test]
fn record_errors_name_the_rule_broken() {
    let cases = [
        (
            RecordError::NoTagSection { byte: b'1' },
            "a game record starts with its tag pairs ('[Name \"value\"]'), but this one starts with '1'",
        ),
        (
            RecordError::NoTagSection { byte: 0 },
            "a game record starts with its tag pairs ('[Name \"value\"]'), but this one starts with byte 0x00",
        ),
        (
            RecordError::TagLineTooLong,
            "a tag line is at most 65536 bytes long, but this one is longer",
        ),
        (
            RecordError::ControlByte { byte: 7 },
            "a tag line is text, but this one holds the control byte 0x07",
        ),
        (
            RecordError::BadTagName,
            "a tag pair starts with '[' and its name (letters, digits and '_+#=:-', not starting with '+#=:-'), but this one does not",
        ),
        (
            RecordError::MissingValue,
            "a tag name is followed by its value in double quotes, but this one is not",
        ),
        (
            RecordError::UnclosedQuote,
            "a tag value ends with '\"' on its line, but this one does not",
        ),
        (
            RecordError::UnclosedBracket,
            "a tag value's closing '\"' is followed by ']' on its line, but this one's is not",
        ),
        (
            RecordError::UnclosedComment,
            "a '{' comment ends with '}' before the next game or the end of the input, but this one does not",
        ),
        (
            RecordError::Input {
                kind: io::ErrorKind::UnexpectedEof,
            },
            "reading the input failed inside this record (unexpected end of file)",
        ),
        (
            RecordError::MissingFen,
            "a Chess960 game gives its start in a FEN tag, but this one has none",
        ),
        (
            RecordError::ConflictingFens,
            "the FEN tags of this game describe different positions",
        ),
    ];
    for (error, message) in cases {
        assert_eq!(error.to_string(), message, "{error:?}");
    }
}

/// A tag line of 64 KiB is read; one byte more makes the record unreadable.
#[test]
fn a_tag_line_may_be_64_kib_long() {
    assert_eq!(MAX_TAG_LINE, 65_536);
    let line = |length: usize| {
        // `[Event "` and `"]` around the value, then the newline.
        let value = "x".repeat(length - 10);
        format!("[Event \"{value}\"]\n\n1. e4 *\n")
    };
    let (fits, too_long) = (line(60_000), line(70_000));
    let record = Reader::new(fits.as_bytes()).next().unwrap();
    assert_eq!(record.error(), None);
    assert_eq!(
        record.tags().get(TagName::Event).map(str::len),
        Some(59_990)
    );
    let record = Reader::new(too_long.as_bytes()).next().unwrap();
    assert_eq!(record.error(), Some(RecordError::TagLineTooLong));
}

/// Wraps a reader and fails the first `interruptions` reads with
/// `Interrupted`, as a signal does: the reader tries again.
struct Interrupting<R> {
    inner: R,
    interruptions: usize,
}

impl<R: BufRead> Read for Interrupting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let count = available.len().min(buf.len());
        buf[..count].copy_from_slice(&available[..count]);
        self.consume(count);
        Ok(count)
    }
}

impl<R: BufRead> BufRead for Interrupting<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.interruptions > 0 {
            self.interruptions -= 1;
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
    }
}

/// An interrupted read is tried again: the records and the byte count are
/// those of an uninterrupted reading, and no error is kept.
#[test]
fn an_interrupted_read_is_tried_again() {
    let pgn = "[Event \"One\"]\n\n1. e4 *\n\n[Event \"Two\"]\n\n1. d4 *\n";
    let expected: Vec<_> = Reader::new(pgn.as_bytes()).collect();
    let mut reader = Reader::new(Interrupting {
        inner: pgn.as_bytes(),
        interruptions: 3,
    });
    let records: Vec<_> = reader.by_ref().collect();
    assert_eq!(records, expected);
    assert_eq!(records.len(), 2);
    assert!(reader.io_error().is_none());
    assert_eq!(reader.bytes_read(), pgn.len() as u64);
}

/// The byte count follows the reading, record by record.
#[test]
fn bytes_read_counts_what_was_consumed() {
    let first = "[Event \"One\"]\n\n1. e4 *\n\n";
    let pgn = format!("{first}[Event \"Two\"]\n\n1. d4 *\n");
    let mut reader = Reader::new(pgn.as_bytes());
    assert_eq!(reader.bytes_read(), 0);
    let record = reader.next().unwrap();
    assert_eq!(record.tags().get(TagName::Event), Some("One"));
    assert!(reader.bytes_read() >= first.len() as u64);
    let second = reader.next().unwrap();
    assert_eq!(second.offset(), first.len() as u64);
    assert!(reader.next().is_none());
    assert_eq!(reader.bytes_read(), pgn.len() as u64);
}

/// A byte order mark before a record is skipped; a broken one (its first
/// byte, then something else) is the record's first byte, and nothing
/// after it is taken for the rest of a mark.
#[test]
fn only_a_whole_byte_order_mark_is_skipped() {
    let record = b"[Event \"One\"]\n\n1. e4 *\n";
    let mut marked = b"\xEF\xBB\xBF".to_vec();
    marked.extend_from_slice(record);
    let read = Reader::new(&marked[..]).next().unwrap();
    assert_eq!(read.error(), None);
    assert_eq!(read.tags().get(TagName::Event), Some("One"));
    for prefix in [&b"\xEF"[..], b"\xEF\xBB", b"\xEF\xBF\xBB"] {
        let mut broken = prefix.to_vec();
        broken.extend_from_slice(record);
        let records: Vec<_> = Reader::new(&broken[..]).collect();
        assert_eq!(
            records[0].error(),
            Some(RecordError::NoTagSection { byte: 0xEF }),
            "{prefix:?}"
        );
        assert_eq!(records[0].offset(), 0);
    }
}

/// A `%` escape line between tag pairs is skipped, newline and all: the
/// tags after it belong to the same record.
#[test]
fn an_escape_line_between_tags_is_skipped() {
    let pgn = "[Event \"One\"]\n%c escaped\n[Site \"Here\"]\n\n1. e4 *\n";
    let records: Vec<_> = Reader::new(pgn.as_bytes()).collect();
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0].error(), None);
    assert_eq!(records[0].tags().get(TagName::Event), Some("One"));
    assert_eq!(records[0].tags().get(TagName::Site), Some("Here"));
}

/// Movetext lines may start with spaces, tabs, a form feed or a
/// character outside ASCII in UTF-8 (a no-break space, `…`, `±`, `é`); a
/// control byte or a byte that starts no UTF-8 character at a line's
/// start is garbage, a record of its own.
#[test]
fn movetext_lines_may_start_with_white_space() {
    for start in [
        " ", "  ", "\t", "\x0C", "\u{a0}", "\u{2026}", "\u{b1} ", "\u{e9}", "\u{3000}",
    ] {
        let pgn =
            format!("[Event \"One\"]\n\n1. e4 e5\n{start}2. Nf3 *\n\n[Event \"Two\"]\n\n1. d4 *\n");
        let records: Vec<_> = Reader::new(pgn.as_bytes()).collect();
        assert_eq!(records.len(), 2, "{start:?}: {records:?}");
        assert!(
            records.iter().all(|record| record.error().is_none()),
            "{start:?}"
        );
    }
    for start in [
        &b"\x01"[..],
        b"\x1F",
        b"\x7F",
        b"\x80",
        b"\xC1",
        b"\xF5",
        b"\xFF",
    ] {
        let mut pgn = b"[Event \"One\"]\n\n1. e4 e5\n".to_vec();
        pgn.extend_from_slice(start);
        pgn.extend_from_slice(b"2. Nf3 *\n");
        let records: Vec<_> = Reader::new(&pgn[..]).collect();
        assert_eq!(records.len(), 2, "{start:?}: {records:?}");
        assert_eq!(records[0].error(), None, "{start:?}");
        assert!(records[1].error().is_some(), "{start:?}");
    }
}

/// Tallies: every field adds up in `merge`, `games` counts the unknown
/// results too, and the mean rating needs a rating.
#[test]
fn tallies_add_and_merge_field_by_field() {
    let mut one = Tally::default();
    one.add(Outcome::WhiteWins, [Some(1000), None]);
    one.add(Outcome::Draw, [None, None]);
    one.add(Outcome::Unknown, [Some(2000), Some(3000)]);
    assert_eq!((one.games(), one.known()), (3, 2));
    assert_eq!(one.mean_rating(), Some(2000.0));
    let mut two = Tally::default();
    for _ in 0..2 {
        two.add(Outcome::BlackWins, [Some(1500), Some(1700)]);
    }
    two.add(Outcome::Draw, [None, Some(1800)]);
    two.add(Outcome::Unknown, [None, None]);
    two.add(Outcome::WhiteWins, [None, None]);
    let mut merged = one;
    merged.merge(&two);
    assert_eq!(
        (
            merged.white_wins,
            merged.draws,
            merged.black_wins,
            merged.unknown,
            merged.rating_sum,
            merged.ratings
        ),
        (2, 2, 2, 2, 6000 + 6400 + 1800, 3 + 5)
    );
    assert_eq!((merged.games(), merged.known()), (8, 6));
    let empty = Tally::default();
    assert_eq!(
        (empty.games(), empty.mean_rating(), empty.score()),
        (0, None, None)
    );
    let mut unrated = Tally::default();
    unrated.add(Outcome::Draw, [None, None]);
    assert_eq!(unrated.mean_rating(), None);
    assert_eq!(unrated.games(), 1);
}

/// Start statistics: one tally per start, merged start by start; other
/// kinds of game are not counted.
#[test]
fn start_statistics_count_and_merge_per_start() {
    let result = |value: &str| tags(&[(TagName::Result, value)]);
    let (a, b) = (Position::from_id(0).unwrap(), Position::from_id(1).unwrap());
    let mut one = StartStats::new();
    assert!(one.is_empty());
    assert_eq!(one.len(), 0);
    assert!(one.add(GameKind::Chess960(a), &result("1-0")));
    assert!(!one.add(GameKind::Standard, &result("1-0")));
    assert!(!one.is_empty());
    assert_eq!(one.len(), 1);
    let mut two = StartStats::new();
    two.add(GameKind::Chess960(a), &result("0-1"));
    two.add(GameKind::Chess960(b), &result("1/2-1/2"));
    two.add(
        GameKind::DoubleChess960(DoublePosition::from_id(1).unwrap()),
        &result("*"),
    );
    assert_eq!(two.len(), 3);
    one.merge(&two);
    assert_eq!(one.len(), 3);
    let tallies: Vec<_> = one
        .iter()
        .map(|(start, tally)| {
            (
                start.id(),
                tally.white_wins,
                tally.draws,
                tally.black_wins,
                tally.unknown,
            )
        })
        .collect();
    // In the documented order, by White's id then Black's: 0/0, 0/1, 1/1.
    let id = |position: Position| DoublePosition::from(position).id();
    assert_eq!(
        tallies,
        [(id(a), 1, 0, 1, 0), (1, 0, 0, 0, 1), (id(b), 0, 1, 0, 0)]
    );
}

/// Every kept tag's name, read and written back; names are exact.
#[test]
fn tag_names_read_and_write_back() {
    // The names as the PGN standard and lichess spell them, one line each,
    // beside the variant they must read as.
    let names = "Event Event\nSite Site\nDate Date\nWhite White\nBlack Black\nResult Result\n\
                 WhiteElo WhiteElo\nBlackElo BlackElo\nTimeControl TimeControl\n\
                 Variant Variant\nSetUp SetUp\nFEN Fen";
    for line in names.lines() {
        let (name, variant) = line.split_once(' ').unwrap();
        let tag = TagName::from_name(name.as_bytes()).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(format!("{tag:?}"), variant);
        assert_eq!(tag.as_str(), name);
        assert_eq!(
            TagName::from_name(name.to_lowercase().as_bytes()),
            None,
            "{name}"
        );
    }
    assert_eq!(names.lines().count(), TagName::ALL.len());
    for other in ["Round", "ECO", "Annotator", ""] {
        assert_eq!(TagName::from_name(other.as_bytes()), None, "{other}");
    }
    let pgn = "[Event \"E\"]\n[Site \"S\"]\n[Date \"D\"]\n[White \"W\"]\n[Black \"B\"]\n\
               [TimeControl \"60+0\"]\n[SetUp \"1\"]\n\n*\n";
    let record = Reader::new(pgn.as_bytes()).next().unwrap();
    for (tag, value) in [
        (TagName::Event, "E"),
        (TagName::Site, "S"),
        (TagName::Date, "D"),
        (TagName::White, "W"),
        (TagName::Black, "B"),
        (TagName::TimeControl, "60+0"),
        (TagName::SetUp, "1"),
    ] {
        assert_eq!(record.tags().get(tag), Some(value), "{tag:?}");
    }
}

/// A repeated tag keeps its first value, `FEN` its first four; `clear`
/// empties the set for the next record.
#[test]
fn tags_keep_first_values_and_clear() {
    let mut set = Tags::new();
    assert!(set.insert(TagName::Event, "first"));
    assert!(!set.insert(TagName::Event, "second"));
    assert_eq!(set.get(TagName::Event), Some("first"));
    assert_eq!(MAX_FEN_TAGS, 4);
    for number in 0..6 {
        let kept = set.insert(TagName::Fen, &format!("fen {number}"));
        assert_eq!(kept, number < MAX_FEN_TAGS, "FEN {number}");
    }
    let fens: Vec<&str> = set.fens().collect();
    assert_eq!(fens, ["fen 0", "fen 1", "fen 2", "fen 3"]);
    set.clear();
    assert_eq!(set, Tags::new());
    assert_eq!(set.get(TagName::Event), None);
    assert_eq!(set.fens().count(), 0);
    assert!(set.insert(TagName::Event, "again"));
    assert!(set.insert(TagName::Fen, "fen again"));
}

/// Tag sets are equal when their values are, whatever the order of
/// insertion; a value more, a value changed or FENs in another order make
/// them unequal.
#[test]
fn tag_sets_compare_by_their_values() {
    let forward = tags(&[
        (TagName::Event, "Open"),
        (TagName::Site, "Here"),
        (TagName::Fen, "a"),
        (TagName::Fen, "b"),
    ]);
    let backward = tags(&[
        (TagName::Fen, "a"),
        (TagName::Site, "Here"),
        (TagName::Fen, "b"),
        (TagName::Event, "Open"),
    ]);
    assert_eq!(forward, backward);
    for other in [
        tags(&[
            (TagName::Event, "Open"),
            (TagName::Site, "Here"),
            (TagName::Fen, "a"),
        ]),
        tags(&[
            (TagName::Event, "Open"),
            (TagName::Site, "There"),
            (TagName::Fen, "a"),
            (TagName::Fen, "b"),
        ]),
        tags(&[
            (TagName::Event, "Open"),
            (TagName::Site, "Here"),
            (TagName::Fen, "b"),
            (TagName::Fen, "a"),
        ]),
        tags(&[
            (TagName::Event, "Open"),
            (TagName::Site, "Here"),
            (TagName::Date, "2026"),
            (TagName::Fen, "a"),
            (TagName::Fen, "b"),
        ]),
    ] {
        assert_ne!(forward, other, "{other:?}");
        assert_ne!(other, forward, "{other:?}");
    }
}

/// A rating is digits only: no sign, no space inside, not empty.
#[test]
fn ratings_are_digits_only() {
    for (text, elo) in [
        ("1500", Some(1500)),
        (" 1500 ", Some(1500)),
        ("0", Some(0)),
        ("+1500", None),
        ("-5", None),
        ("15 00", None),
        ("", None),
        ("?", None),
        ("99999999999", None),
        ("4294967295", Some(u32::MAX)),
        ("4294967296", None),
        ("\u{a0}1500\u{2003}", Some(1500)),
        ("\t0012", Some(12)),
        ("1500\u{a0}x", None),
    ] {
        let set = tags(&[(TagName::WhiteElo, text), (TagName::BlackElo, text)]);
        assert_eq!(set.elo(chess960::Color::White), elo, "{text:?}");
        assert_eq!(set.elo(chess960::Color::Black), elo, "{text:?}");
    }
}

/// Each variant's names as servers write them, and its name for people.
#[test]
fn variants_are_named_as_servers_write_them() {
    for (tag, variant, name) in [
        ("Standard", Variant::Standard, "Standard"),
        ("From Position", Variant::Standard, "Standard"),
        ("Chess960", Variant::Chess960, "Chess960"),
        ("Fischer Random", Variant::Chess960, "Chess960"),
        ("FischeRandom", Variant::Chess960, "Chess960"),
        ("FRC", Variant::Chess960, "Chess960"),
        ("Crazyhouse960", Variant::Crazyhouse, "Crazyhouse"),
        ("Atomic", Variant::Atomic, "Atomic"),
        ("Antichess", Variant::Antichess, "Antichess"),
        ("Giveaway", Variant::Antichess, "Antichess"),
        ("Suicide", Variant::Antichess, "Antichess"),
        (
            "King of the Hill",
            Variant::KingOfTheHill,
            "King of the Hill",
        ),
        ("KOTH", Variant::KingOfTheHill, "King of the Hill"),
        ("Three-check", Variant::ThreeCheck, "Three-check"),
        ("3check", Variant::ThreeCheck, "Three-check"),
        ("Horde", Variant::Horde, "Horde"),
        ("Racing Kings", Variant::RacingKings, "Racing Kings"),
        ("Shogi", Variant::Other, "other variant"),
    ] {
        let read = Variant::from_name(tag);
        assert_eq!(read, variant, "{tag}");
        assert_eq!(read.name(), name, "{tag}");
        assert_eq!(read.to_string(), name, "{tag}");
    }
}
