//! Differential tests of the PGN reader against an independent one
//! (`pgn-reader`, by the author of shakmaty, whose FEN reading gives the
//! independent start): the same games in the same order, and per game the
//! same kept tags, the same result and the same start, on the fixtures and
//! on inputs generated from a small grammar of well-formed PGN
//! (`pgn_differential/grammar.rs`), also when the input is cut at any
//! record; the fixtures against python-chess too (a table its script
//! wrote); and the same records from our reader whatever the buffer and
//! read sizes, on any bytes. The commands are in
//! `tests/README.md` ("Differential testing of the PGN reader").
//!
//! Deliberate exclusions: where the two readers differ by design, the
//! generated inputs stay out, and `documented_differences` pins each
//! difference down:
//! - Tag sections that follow each other without movetext: we start a new
//!   record at each `Event` tag (a game without movetext, as some
//!   exporters write), pgn-reader reads on to the next movetext and makes
//!   one game of them. Generated games always have movetext (at least the
//!   termination marker), except the last one.
//! - A line inside a `{` comment that starts with `[` and a letter: we
//!   report the comment unclosed (`RecordError::UnclosedComment`) and start
//!   the next record there, so that one missing `}` costs one game;
//!   pgn-reader reads the comment on to its `}`. Generated comments hold
//!   such lines only after other text on the line (`[%clk]`-style lines
//!   and `[` after a space are in).
//! - A blank line in movetext outside a comment: pgn-reader ends the game
//!   there (the rest is a game without tags), we read on to the next tag
//!   line. Generated movetext has blank lines only inside comments.
//! - A game's first tag line indented by white space after another game's
//!   movetext: we read it as movetext, pgn-reader as the start of a game
//!   without tags; a tag to neither. (Inside a tag section an indented tag
//!   line is a tag to both, and generated.)
//! - Games without tags (a game of ours when it starts with a digit, else
//!   our `NoTagSection`), tag names and values with
//!   extra spaces around them (pgn-reader keeps the spaces in the name),
//!   tag lines over 64 KiB, bytes that are not UTF-8 (we read ISO 8859-1,
//!   pgn-reader's lossy UTF-8 gives U+FFFD), garbage bytes: none of these
//!   is well-formed PGN, and only our reader's consistency across buffer
//!   sizes is checked on them (`any_bytes_read_alike_in_pieces`).
//!
//! The PGN fixtures of `cli/tests/fixtures/` are read from copies in
//! `tests/fixtures/` (`engine_match.pgn` is the same file in both;
//! `book_match.pgn` is copied here, so that this package's tests read only
//! its own files).

mod compare;
mod grammar;

use chess960_games::read::{GameKind, Reader, Record, RecordError, TagName};
use compare::{
    CAPACITIES, ShortReads, TheirGame, assert_cuts_agree, assert_same_games,
    assert_same_records_in_pieces, our_records, start_ranks, their_games,
};
use proptest::prelude::*;
use std::collections::HashSet;
use std::sync::OnceLock;

const FIXTURES: [(&str, &[u8]); 3] = [
    (
        "engine_match.pgn",
        include_bytes!("../fixtures/engine_match.pgn"),
    ),
    (
        "player_archive.pgn",
        include_bytes!("../fixtures/player_archive.pgn"),
    ),
    (
        "book_match.pgn",
        include_bytes!("../fixtures/book_match.pgn"),
    ),
];

fn ranks() -> &'static HashSet<String> {
    static RANKS: OnceLock<HashSet<String>> = OnceLock::new();
    RANKS.get_or_init(start_ranks)
}

/// Both readers find the same games in `pgn`; pgn-reader finds them
/// through short reads too.
fn assert_agree(pgn: &[u8]) -> (Vec<Record>, Vec<TheirGame>) {
    let ours = our_records(pgn);
    let theirs = their_games(pgn);
    assert_same_games(&ours, &theirs, ranks());
    assert_eq!(their_games(ShortReads::new(pgn, 7, 5)), theirs);
    (ours, theirs)
}

/// Our records of `pgn` through every buffer capacity and short reads.
fn assert_same_in_pieces(pgn: &[u8], seed: u64) {
    let whole = our_records(pgn);
    for (index, capacity) in CAPACITIES.into_iter().enumerate() {
        let longest = [1, 2, 5, 13, 300][index];
        assert_same_records_in_pieces(pgn, &whole, capacity, seed + index as u64, longest);
    }
}

#[test]
fn the_fixtures_agree_with_pgn_reader() {
    for (name, pgn) in FIXTURES {
        let (ours, _) = assert_agree(pgn);
        assert!(ours.len() >= 12, "{name}: {} games", ours.len());
        assert_cuts_agree(pgn);
    }
}

#[test]
fn the_fixtures_read_alike_in_pieces() {
    for (_, pgn) in FIXTURES {
        for seed in 0..4 {
            assert_same_in_pieces(pgn, seed * 100);
        }
    }
}

/// What python-chess (a third reader) finds in the fixtures, written by
/// `tests/fixtures/pgn_tags_reference.py`.
const PYTHON_CHESS: &str = include_str!("../fixtures/pgn_tags_reference.tsv");

#[test]
fn the_fixtures_agree_with_python_chess() {
    let mut rows = 0;
    for (name, pgn) in FIXTURES {
        let ours = our_records(pgn);
        let theirs: Vec<Vec<&str>> = PYTHON_CHESS
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| line.split('\t').collect::<Vec<_>>())
            .filter(|row| row[0] == name)
            .collect();
        assert_eq!(ours.len(), theirs.len(), "{name}");
        for (record, row) in ours.iter().zip(&theirs) {
            let place = format!("{name} game {}", row[1]);
            assert_eq!(record.number().to_string(), row[1], "{place}");
            assert_eq!(record.error(), None, "{place}");
            let tags = [
                TagName::Event,
                TagName::White,
                TagName::Black,
                TagName::Result,
                TagName::Variant,
                TagName::Fen,
            ];
            for (tag, value) in tags.into_iter().zip(&row[2..8]) {
                let ours = record.tags().get(tag).unwrap_or_default();
                assert_eq!(ours, *value, "{place}, tag {}", tag.as_str());
            }
            let kind = GameKind::classify(record.tags());
            let ranks = kind
                .start()
                .map(|start| (start.white().as_str(), start.black().as_str()));
            let their_ranks = (!row[8].is_empty()).then_some((row[8], row[9]));
            assert_eq!(ranks, their_ranks, "{place}");
            match (kind, row[10]) {
                (GameKind::Chess960(position), id) => {
                    assert_eq!(position.id().to_string(), id, "{place}");
                }
                (GameKind::Standard, id) => assert_eq!(id, "518", "{place}"),
                (GameKind::DoubleChess960(_) | GameKind::ChangedRules { .. }, id) => {
                    assert_eq!(id, "", "{place}");
                }
                (kind, _) => assert!(row[8].is_empty(), "{place}: {kind:?}"),
            }
            rows += 1;
        }
    }
    assert!(rows >= 89);
}

/// Each feature of the grammar, written out once, for readable failures.
#[test]
fn hand_written_cases_agree() {
    let start = "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n";
    let cases: Vec<String> = vec![
        // Lichess style.
        format!(
            "[Event \"Rated Chess960 game\"]\n[Site \"https://example.org/x\"]\n[Result \"1-0\"]\n{start}\n1. e4 {{ [%clk 0:03:00] }} 1... e5 {{ [%clk 0:03:00] }} 1-0\n\n"
        ),
        // CRLF line ends.
        format!("[Event \"a\"]\n{start}\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 1/2-1/2\n")
            .replace('\n', "\r\n"),
        // A comment holding tag lines (after a space), blank lines, `%` and `;`.
        format!(
            "[Event \"a\"]\n{start}\n1. e4 {{ see\n [Event \"x\"]\n\n[%clk 0:01:00]\n% no escape\n; no comment }} e5 0-1\n\n[Event \"b\"]\n\n*\n"
        ),
        // `;` comments, `%` lines, variations, NAGs.
        "[Event \"a\"]\n[Result \"0-1\"]\n\n1. e4 ; a { not a comment\n% an escape [Event \"x\"]\n1... e5 (1... c5 $1 (1... e6 {x}) 2. Nf3) !? 0-1\n".to_owned(),
        // Games without moves, and a last game without movetext.
        "[Event \"a\"]\n\n*\n[Event \"b\"]\n1-0\n\n\n[Event \"c\"]\n[White \"\\\"Q\\\" \\\\ x\"]\n".to_owned(),
        // Two tags on a line, a `%` line between tags, a byte order mark.
        "\u{FEFF}[Event \"a\"] [Site \"b\"]\n% x\n[White \"Zoë\"]\n\n1. e4 *\n".to_owned(),
        // Double starts, changed rules, no start, repeated FENs.
        "[FEN \"nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n*\n\
         [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w Kk - 0 1\"]\n\n*\n\
         [FEN \"8/8/8/4k3/8/8/4K3/8 w - - 0 1\"]\n\n*\n\
         [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\
         [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n*\n\
         [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\
         [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n*\n\
         [Variant \"Chess960\"]\n\n*\n[Variant \"Crazyhouse\"]\n\n*\n"
            .to_owned(),
    ];
    for case in cases {
        let (ours, _) = assert_agree(case.as_bytes());
        assert!(!ours.is_empty());
        assert_same_in_pieces(case.as_bytes(), 1);
        assert_cuts_agree(case.as_bytes());
    }
}

/// The differences by design named in the module doc, each checked on
/// both readers, so that a change on either side shows here.
#[test]
fn documented_differences() {
    // Tag sections one after the other: ours splits them at `Event`,
    // pgn-reader makes one game; the tags are the same, in the same order.
    let pgn = b"[Event \"a\"]\n[White \"x\"]\n\n[Event \"b\"]\n[White \"y\"]\n\n1. e4 *\n";
    let ours = our_records(pgn);
    let theirs = their_games(&pgn[..]);
    assert_eq!((ours.len(), theirs.len()), (2, 1));
    let events: Vec<_> = ours
        .iter()
        .map(|record| record.tags().get(TagName::Event).unwrap())
        .collect();
    assert_eq!(events, ["a", "b"]);
    assert_eq!(theirs[0].tags.len(), 4);
    assert_eq!(theirs[0].outcome.as_deref(), Some("*"));

    // A comment line starting with `[` and a letter: ours reports the
    // comment unclosed and starts a record there.
    let pgn = b"[Event \"a\"]\n\n1. e4 {\n[Event \"x\"]\n} *\n";
    let ours = our_records(pgn);
    let theirs = their_games(&pgn[..]);
    assert_eq!((ours.len(), theirs.len()), (2, 1));
    assert_eq!(ours[0].error(), Some(RecordError::UnclosedComment));
    assert_eq!(ours[1].tags().get(TagName::Event), Some("x"));
    assert_eq!(theirs[0].outcome.as_deref(), Some("*"));

    // pgn-reader 0.29.0's `RawTag::decode` on an escaped backslash before
    // an escaped quote; the tests unescape its raw values themselves.
    let raw = br#"a\\\"b"#;
    assert_eq!(&*pgn_reader::RawTag(raw).decode(), b"a\"b");
    assert_eq!(compare::unescape(raw), "a\\\"b");
    let pgn = b"[White \"a\\\\\\\"b\"]\n\n*\n";
    assert_eq!(
        our_records(pgn)[0].tags().get(TagName::White),
        Some("a\\\"b")
    );

    // An indented first tag line after movetext: movetext to us, a game
    // without tags to pgn-reader.
    let pgn = b"[Event \"a\"]\n\n1. e4 *\n  [Event \"b\"]\n\n*\n";
    let ours = our_records(pgn);
    let theirs = their_games(&pgn[..]);
    assert_eq!((ours.len(), theirs.len()), (1, 2));
    assert!(theirs[1].tags.is_empty());

    // A blank line in movetext: pgn-reader ends the game there.
    let pgn = b"[Event \"a\"]\n\n1. e4\n\ne5 1-0\n";
    let ours = our_records(pgn);
    let theirs = their_games(&pgn[..]);
    assert_eq!((ours.len(), theirs.len()), (1, 2));
    assert!(theirs[1].tags.is_empty());
    assert_eq!(theirs[1].outcome.as_deref(), Some("1-0"));
}

/// A disagreement these tests found, fixed in `src/pgn` (e967681): a tag
/// line indented by white space inside a tag section was read as the start
/// of the movetext, its tag lost without an error; pgn-reader (and PGN's
/// import format, which allows white space between tokens) reads it as a
/// tag, and so do we now.
#[test]
fn an_indented_tag_line_in_a_tag_section_is_a_tag() {
    for pgn in [
        &b"[Event \"a\"]\n  [Site \"b\"]\n\n1. e4 *\n"[..],
        b"[Event \"a\"]\n\t[Site \"b\"]\n\n1. e4 *\n",
    ] {
        assert_agree(pgn);
    }
}

/// Generated games against the generator's own record of them and
/// against pgn-reader, and through every buffer size.
fn check_generated(data: &[u8], seed: u64) {
    let generated = grammar::generate(data);
    let pgn = &generated.pgn[..];
    let (ours, theirs) = assert_agree(pgn);
    let written: Vec<TheirGame> = generated.games.iter().map(TheirGame::from).collect();
    assert_eq!(theirs, written, "{}", String::from_utf8_lossy(pgn));
    assert_eq!(ours.len(), written.len());
    assert_same_in_pieces(pgn, seed);
}

/// Damage to a well-formed input: bytes overwritten, removed or inserted,
/// favouring the bytes the reader acts on.
fn damage(mut pgn: Vec<u8>, edits: &[(u16, u8, u8)]) -> Vec<u8> {
    const BYTES: [u8; 16] = [
        b'[', b']', b'{', b'}', b'"', b'\\', b'\n', b'\r', b';', b'%', b'(', b' ', 0, 0xEF, 0xBB,
        0xFF,
    ];
    for &(at, kind, byte) in edits {
        let byte = if byte < 128 {
            BYTES[usize::from(byte) % BYTES.len()]
        } else {
            byte
        };
        let at = usize::from(at) % (pgn.len() + 1);
        match kind % 3 {
            0 if at < pgn.len() => pgn[at] = byte,
            1 if at < pgn.len() => {
                pgn.remove(at);
            }
            _ => pgn.insert(at, byte),
        }
    }
    pgn
}

/// 1,000 cases a test, or `PROPTEST_CASES` when it is set (for a longer
/// run).
fn config() -> ProptestConfig {
    if std::env::var_os("PROPTEST_CASES").is_some() {
        ProptestConfig::default()
    } else {
        ProptestConfig::with_cases(1000)
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn generated_inputs_agree_with_pgn_reader(
        data in proptest::collection::vec(any::<u8>(), 0..700),
        seed in any::<u64>(),
    ) {
        check_generated(&data, seed);
    }

    #[test]
    fn records_cut_apart_agree_with_pgn_reader(
        data in proptest::collection::vec(any::<u8>(), 0..700),
    ) {
        assert_cuts_agree(&grammar::generate(&data).pgn);
    }

    #[test]
    fn any_bytes_read_alike_in_pieces(
        data in proptest::collection::vec(any::<u8>(), 0..400),
        edits in proptest::collection::vec((any::<u16>(), any::<u8>(), any::<u8>()), 0..12),
        seed in any::<u64>(),
    ) {
        let pgn = damage(grammar::generate(&data).pgn, &edits);
        assert_same_in_pieces(&pgn, seed);
        let mut whole = Reader::new(&pgn[..]);
        let records: Vec<Record> = whole.by_ref().collect();
        prop_assert!(whole.io_error().is_none());
        prop_assert_eq!(whole.bytes_read(), pgn.len() as u64);
        for (index, record) in records.iter().enumerate() {
            prop_assert_eq!(record.number(), index as u64 + 1);
        }
    }

    #[test]
    fn raw_bytes_read_alike_in_pieces(
        pgn in proptest::collection::vec(any::<u8>(), 0..300),
        seed in any::<u64>(),
    ) {
        assert_same_in_pieces(&pgn, seed);
    }
}

/// The grammar writes every feature it claims, over a fixed sample of
/// inputs: each kind of start, every separator and comment form, games
/// without moves and without movetext, CRLF and byte order marks.
#[test]
fn the_grammar_covers_its_features() {
    let mut state = 0x0960_u64;
    let mut seen: std::collections::BTreeMap<&str, u32> = std::collections::BTreeMap::new();
    for _ in 0..300 {
        let data: Vec<u8> = (0..600)
            .map(|_| splitmix(&mut state).to_le_bytes()[0])
            .collect();
        let generated = grammar::generate(&data);
        let text = String::from_utf8(generated.pgn.clone()).unwrap();
        for (feature, present) in [
            ("crlf", text.contains("\r\n")),
            ("bom", text.starts_with('\u{FEFF}')),
            (
                "blank line in a comment",
                text.contains("{\n\n") || text.contains("\n\n\n[%eval"),
            ),
            ("tag line in a comment", text.contains(" [Event \"x\"]")),
            ("percent line", text.contains("\n%")),
            ("semicolon comment", text.contains("; ")),
            ("variation", text.contains('(')),
            ("two tags on a line", text.contains("\"] [")),
            (
                "an indented tag line",
                text.contains("\n  [") || text.contains("\n\t["),
            ),
            ("escaped quote", text.contains("\\\"")),
            (
                "a game right after the last one's result",
                ["0\n[", "2\n[", "*\n["]
                    .iter()
                    .any(|end| text.contains(end)),
            ),
            (
                "no movetext",
                generated.games.iter().any(|game| game.result.is_none()),
            ),
        ] {
            *seen.entry(feature).or_default() += u32::from(present);
        }
        for record in our_records(&generated.pgn) {
            let name = match GameKind::of(&record) {
                GameKind::Chess960(position)
                    if position.id() == 518 && record.tags().fens().next().is_none() =>
                {
                    "chess960 without FEN"
                }
                GameKind::Unreadable(RecordError::ConflictingFens) => "conflicting FENs",
                kind => kind.name(),
            };
            *seen.entry(name).or_default() += 1;
        }
    }
    eprintln!("{seen:#?}");
    for feature in [
        "crlf",
        "bom",
        "blank line in a comment",
        "tag line in a comment",
        "percent line",
        "semicolon comment",
        "variation",
        "two tags on a line",
        "an indented tag line",
        "escaped quote",
        "a game right after the last one's result",
        "no movetext",
        "chess960 without FEN",
        "conflicting FENs",
    ]
    .into_iter()
    // Every kind of record but the unreadable one, by its name.
    .chain(
        chess960_games::stats::KindCounts::default()
            .named()
            .map(|(name, _)| name)
            .into_iter()
            .filter(|&name| name != "unreadable"),
    ) {
        assert!(
            seen.get(feature).copied().unwrap_or(0) >= 3,
            "{feature}: {seen:?}"
        );
    }
}

/// SplitMix64's next output.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
