//! The archive engine from outside: the same records, statistics and skips
//! whatever the threads, part sizes, maps and compression; faults named by
//! input and offset with everything before them kept; progress and
//! cancellation.

#![allow(clippy::format_push_string)] // The generated inputs read best as pieces of text.

use chess960::{FenStyle, Position};
use chess960_archive::{Archive, Cancel, Collect, Error, Game, Progress, Summary};
use chess960_games::read::{Filter, Players};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The game table and Parquet (features `parquet` and `zstd`).
#[cfg(all(feature = "parquet", feature = "zstd"))]
mod table;

const ENGINE_MATCH: &str = include_str!("fixtures/engine_match.pgn");

/// A temporary directory of its own (`tempfile`), removed when dropped.
struct Scratch(tempfile::TempDir);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let prefix = format!("chess960-archive-{name}-");
        Scratch(tempfile::Builder::new().prefix(&prefix).tempdir().unwrap())
    }

    /// Writes `bytes` to the file `name` in the directory, and gives its path.
    fn file(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.0.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }
}

/// A scratch directory with `games` generated records in `games.pgn`.
fn generated(name: &str, games: u32) -> (Scratch, String, PathBuf) {
    let scratch = Scratch::new(name);
    let text = archive_text(games);
    let path = scratch.file("games.pgn", text.as_bytes());
    (scratch, text, path)
}

/// Records of every shape a part's cut must survive: long comments that
/// hold blank lines and `[`, CRLF line ends, `%` escapes, unreadable
/// records, double Chess960, classical games without a FEN; `games`
/// records whose `Event` tags are numbered, then the engine match.
fn archive_text(games: u32) -> String {
    let mut text = String::new();
    for game in 0..games {
        let id = u16::try_from(game * 37 % 960).unwrap();
        let fen = Position::from_id(id).unwrap().fen(FenStyle::XFen);
        let result = ["1-0", "0-1", "1/2-1/2", "*"][game as usize % 4];
        let white = ["Ada", "Bo", "Cy"][game as usize % 3];
        let end = if game % 5 == 0 { "\r\n" } else { "\n" };
        text +=
            &format!("[Event \"game {game}\"]{end}[White \"{white}\"]{end}[Black \"Eve\"]{end}");
        text += &format!(
            "[Result \"{result}\"]{end}[WhiteElo \"{}\"]{end}",
            1500 + game % 700
        );
        match game % 7 {
            0 => {}
            1 => text += &format!("[Variant \"Chess960\"]{end}[FEN \"{}\"]{end}", fen.as_str()),
            2 => {
                text += &format!(
                    "[Variant \"fischerandom\"]{end}[SetUp \"1\"]{end}[FEN \"{}\"]{end}",
                    fen.as_str()
                );
            }
            3 => text += &format!("[FEN \"{}\"]{end}", fen.as_str()),
            // Double Chess960: Black's rank is another start's.
            4 => {
                text += &format!(
                    "[Variant \"Chess960\"]{end}[FEN \"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]{end}"
                );
            }
            5 => text += &format!("[Variant \"Chess960\"]{end}[FEN \"{}{end}", fen.as_str()),
            _ => {
                text +=
                    &format!("[Variant \"Chess960\"]{end}[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]{end}");
            }
        }
        text += end;
        for ply in 0..(game % 40) {
            if ply % 9 == 3 {
                // A blank line inside a comment, then what looks like tags.
                text += &format!(
                    "{{ a comment {end}{end}[%eval 0.31] [%clk 0:01:00]{end}%not an escape {end}}} "
                );
            }
            if ply == 5 && game % 97 == 0 {
                // A tag line after a blank line ends the record, even in a
                // comment: the record is unreadable, and this one starts.
                text += &format!("{{ broken {end}{end}[Event \"cut\"]{end}{end}");
            }
            text += &format!("{}. e4 {{[%clk 0:03:00]}} ", ply + 1);
        }
        text += &format!("{result}{end}{end}");
        if game % 50 == 49 {
            text += &format!("%escaped line{end}{end}");
        }
    }
    text + ENGINE_MATCH
}

/// Each selected record's place and kind, in the order delivered.
struct Places;

impl Collect for Places {
    type Part = Vec<(String, u64, u64, String, Option<u16>)>;

    fn part(&self) -> Self::Part {
        Vec::new()
    }

    fn game(&self, part: &mut Self::Part, game: &Game<'_>) {
        let start = game.kind().start().map(|start| start.white().id());
        part.push((
            game.input().to_owned(),
            game.number(),
            game.offset(),
            game.kind().name().to_owned(),
            start,
        ));
    }
}

type Rows = Vec<(String, u64, u64, String, Option<u16>)>;

fn collect(archive: &Archive) -> (Rows, Summary) {
    let mut rows = Vec::new();
    let summary = archive
        .collect(&Places, |batch| {
            rows.extend(batch.part.drain(..).map(|mut row| {
                row.1 += batch.base;
                row
            }));
            Ok(())
        })
        .unwrap();
    (rows, summary)
}

/// Raw records kept as they stand, with their offsets.
struct Raw;

impl Collect for Raw {
    type Part = Vec<(u64, Vec<u8>)>;
    fn part(&self) -> Self::Part {
        Vec::new()
    }
    fn game(&self, part: &mut Self::Part, game: &Game<'_>) {
        part.push((game.offset(), game.raw().unwrap_or(b"<none>").to_vec()));
    }
    fn keeps_raw(&self) -> bool {
        true
    }
}

#[test]
fn threads_parts_and_maps_change_nothing() {
    let (_scratch, text, path) = generated("parts", 700);
    let one = Archive::new().path(&path).threads(1);
    let (rows, summary) = collect(&one);
    // An independent count: each record has one `[Event` line.
    let events = text
        .lines()
        .filter(|line| line.starts_with("[Event \""))
        .count();
    assert_eq!(summary.counts.total(), events as u64);
    assert_eq!(rows.len() as u64, summary.matched + summary.skipped);
    assert!(summary.skipped > 0 && summary.counts.double_chess960 > 0);
    // Numbers run 1, 2, ... in input order, and offsets grow.
    assert!(
        rows.windows(2)
            .all(|pair| pair[0].1 + 1 == pair[1].1 && pair[0].2 < pair[1].2)
    );
    for threads in [2, 3] {
        for part in [64, 100, 1000, 4093, 1 << 20] {
            for mmap in [true, false] {
                let archive = Archive::new()
                    .path(&path)
                    .threads(threads)
                    .part_size(part)
                    .mmap(mmap);
                let (other_rows, other) = collect(&archive);
                assert_eq!(
                    other_rows, rows,
                    "threads {threads}, parts of {part}, maps {mmap}"
                );
                assert_eq!(
                    other, summary,
                    "threads {threads}, parts of {part}, maps {mmap}"
                );
            }
        }
    }
    // Maps of a few bytes, so that records lie across them.
    for window in [1, 7, 64, 4093] {
        let archive = Archive::new().path(&path).threads(1).map_window(window);
        assert_eq!(
            collect(&archive),
            (rows.clone(), summary.clone()),
            "window {window}"
        );
    }
    // Standard readers, and the statistics alone.
    let reader = Archive::new().reader(path.to_string_lossy(), std::io::Cursor::new(text.clone()));
    assert_eq!(collect(&reader), (rows.clone(), summary.clone()));
    assert_eq!(
        Archive::new()
            .path(&path)
            .part_size(64)
            .statistics()
            .unwrap(),
        summary
    );
}

#[test]
fn raw_records_are_the_input_byte_for_byte_in_order() {
    let (_scratch, text, path) = generated("raw", 300);
    let raw = |archive: Archive| {
        let mut bytes = Vec::new();
        archive
            .collect(&Raw, |batch| {
                bytes.append(batch.part);
                Ok(())
            })
            .unwrap();
        bytes
    };
    let one = raw(Archive::new().path(&path).threads(1));
    // Each record's bytes stand at its offset in the input, and the
    // records cover the input (a record's bytes run to the next record's).
    assert_eq!(
        one.len() as u64,
        collect(&Archive::new().path(&path)).1.counts.total()
    );
    let mut covered = 0;
    for (offset, bytes) in &one {
        let at = usize::try_from(*offset).unwrap();
        assert!(
            text.as_bytes()[at..].starts_with(bytes),
            "record at {offset}"
        );
        assert!(bytes.starts_with(b"[Event \""));
        covered += bytes.len();
    }
    assert_eq!(covered, text.len());
    for part in [64, 999, 1 << 16] {
        assert_eq!(
            raw(Archive::new().path(&path).threads(2).part_size(part)),
            one
        );
    }
}

#[test]
fn several_inputs_side_by_side_or_in_turn_agree() {
    let scratch = Scratch::new("several");
    let paths: Vec<PathBuf> = (0..5)
        .map(|index| {
            scratch.file(
                &format!("{index}.pgn"),
                archive_text(60 + index * 30).as_bytes(),
            )
        })
        .collect();
    let players: Players = ["Ada"].into_iter().collect();
    let filter = Filter::new().player("Ada");
    let archive = Archive::new()
        .paths(&paths)
        .players(players.clone())
        .filter(filter.clone());
    let side_by_side = archive.clone().threads(3).statistics().unwrap();
    let (rows, in_turn) = collect(&archive.clone().threads(1));
    assert_eq!(side_by_side, in_turn);
    // Each input's rows are numbered from 1, in the order given.
    let inputs: Vec<&str> = rows.iter().map(|row| row.0.as_str()).collect();
    assert!(inputs.is_sorted_by_key(|input| {
        paths
            .iter()
            .position(|path| path.to_string_lossy() == *input)
    }));
    // The player's statistics count Chess960 and double Chess960 games.
    let chess960 = rows
        .iter()
        .filter(|row| row.3 == "chess960" || row.3 == "double-chess960");
    assert_eq!(in_turn.player.total().games(), chess960.count() as u64);
    // The sum of the inputs read one by one.
    let mut total = 0;
    for path in &paths {
        total += Archive::new()
            .path(path)
            .players(players.clone())
            .filter(filter.clone())
            .statistics()
            .unwrap()
            .matched;
    }
    assert_eq!(in_turn.matched, total);
}

/// `bytes` compressed in `format`; gzip as two members, as `cat a.gz b.gz`
/// makes. Each encoder finishes its stream when it is dropped.
fn compress(format: &str, bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let pieces = if format == "gz" {
        let half = bytes.len() / 2;
        vec![&bytes[..half], &bytes[half..]]
    } else {
        vec![bytes]
    };
    for piece in pieces {
        let mut encoder: Box<dyn std::io::Write + '_> = match format {
            "zst" => Box::new(zstd::Encoder::new(&mut out, 3).unwrap().auto_finish()),
            "gz" => Box::new(flate2::write::GzEncoder::new(
                &mut out,
                flate2::Compression::fast(),
            )),
            "bz2" => Box::new(bzip2::write::BzEncoder::new(
                &mut out,
                bzip2::Compression::fast(),
            )),
            "xz" => Box::new(liblzma::write::XzEncoder::new(&mut out, 1)),
            _ => unreachable!(),
        };
        encoder.write_all(piece).unwrap();
    }
    out
}

#[test]
fn compressed_inputs_read_as_their_text() {
    let scratch = Scratch::new("compressed");
    let text = archive_text(200);
    let plain = scratch.file("games.pgn", text.as_bytes());
    let (rows, summary) = collect(&Archive::new().path(&plain));
    let formats = [
        ("zst", cfg!(feature = "zstd")),
        ("gz", cfg!(feature = "gzip")),
        ("bz2", cfg!(feature = "bzip2")),
        ("xz", cfg!(feature = "xz")),
    ];
    for (format, _) in formats.into_iter().filter(|(_, read)| *read) {
        let packed = compress(format, text.as_bytes());
        let path = scratch.file(&format!("games.{format}"), &packed);
        let progress = Progress::new();
        let (other_rows, other) = collect(&Archive::new().path(&path).progress(&progress));
        let renamed: Rows = rows
            .iter()
            .map(|row| {
                (
                    path.to_string_lossy().into_owned(),
                    row.1,
                    row.2,
                    row.3.clone(),
                    row.4,
                )
            })
            .collect();
        assert_eq!(other_rows, renamed, "{format}");
        assert_eq!(other.counts, summary.counts, "{format}");
        assert_eq!(other.stats, summary.stats, "{format}");
        // The raw (compressed) bytes are what progress counts.
        assert_eq!(progress.bytes(), packed.len() as u64, "{format}");
        assert_eq!(progress.records(), summary.counts.total(), "{format}");
    }
}

/// `games` records (`Event "game N"`) whose comments do not compress
/// much, so that half of their compressed bytes hold whole blocks.
#[cfg(feature = "zstd")]
fn noisy(games: usize) -> String {
    // Knuth's MMIX linear congruential generator: hex digits zstd cannot
    // predict.
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        state
    };
    let mut text = String::new();
    for game in 0..games {
        let _ = write!(
            text,
            "[Event \"game {game}\"]\n[Result \"1-0\"]\n\n1. e4 {{"
        );
        for _ in 0..24 {
            let _ = write!(text, "{:016x}", next());
        }
        text.push_str("} 1-0\n\n");
    }
    text
}

#[test]
#[cfg(feature = "zstd")]
fn a_cut_input_keeps_what_came_before_and_names_the_place() {
    let scratch = Scratch::new("cut");
    // Records that do not compress much, so that half of the compressed
    // bytes hold whole blocks.
    let text = noisy(4000);
    let packed = compress("zst", text.as_bytes());
    let cut = scratch.file("cut.pgn.zst", &packed[..packed.len() / 2]);
    let whole = scratch.file("whole.pgn", text.as_bytes());
    let (rows, summary) = collect(&Archive::new().path(&cut).path(&whole));
    let skip = summary
        .skips
        .iter()
        .find(|skip| skip.number.is_none())
        .unwrap();
    assert_eq!(skip.input, cut.to_string_lossy());
    assert!(
        skip.reason.starts_with(&format!(
            "reading stopped at byte {} (decompressed): ",
            skip.offset
        )),
        "{skip}"
    );
    assert!(skip.offset > 0 && skip.offset < text.len() as u64);
    // Every record that lies wholly before the fault was read, and the next
    // input was read whole.
    let before = rows
        .iter()
        .filter(|row| row.0 == cut.to_string_lossy())
        .count();
    let whole_before = text[..usize::try_from(skip.offset).unwrap()]
        .matches("\n\n[Event ")
        .count();
    assert!(
        before + 1 >= whole_before && before <= whole_before + 1,
        "{before} {whole_before}"
    );
    assert_eq!(
        rows.iter()
            .filter(|row| row.0 == whole.to_string_lossy())
            .count(),
        collect(&Archive::new().path(&whole)).0.len()
    );
}

#[test]
fn garbage_missing_and_unknown_inputs_are_skips_not_panics() {
    let scratch = Scratch::new("garbage");
    let mut bytes = Vec::new();
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..200_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        bytes.push(b"[]\"\\ \n\r{};%abc0\x00\xff"[usize::try_from(state % 17).unwrap()]);
    }
    let garbage = scratch.file("garbage.pgn", &bytes);
    let missing = scratch.0.path().join("missing.pgn");
    let fake_zstd = scratch.file("fake.zst", &[0x28, 0xB5, 0x2F, 0xFD, 1, 2, 3]);
    for threads in [1, 2] {
        let archive = Archive::new()
            .paths([&garbage, &missing, &fake_zstd])
            .threads(threads)
            .part_size(999);
        let summary = archive.statistics().unwrap();
        let (_, collected) = collect(&archive);
        assert_eq!(summary, collected);
        // The garbage's skips fill the listed ten; the inputs that could
        // not be read are all in `input_skips`, in order.
        assert!(summary.skipped > 10 && summary.skips.len() == 10);
        let inputs: Vec<&str> = summary
            .input_skips
            .iter()
            .map(|skip| skip.input.as_str())
            .collect();
        assert_eq!(
            inputs,
            [missing.to_string_lossy(), fake_zstd.to_string_lossy()]
        );
        let missing_skip = &summary.input_skips[0];
        assert!(
            missing_skip.reason.starts_with("cannot open it: "),
            "{missing_skip}"
        );
    }
}

#[test]
fn a_reader_is_read_once() {
    let archive = Archive::new().reader("upload", std::io::Cursor::new(ENGINE_MATCH));
    let first = archive.statistics().unwrap();
    assert_eq!((first.counts.total(), first.skipped), (44, 0));
    let again = archive.statistics().unwrap();
    assert_eq!(again.skipped, 1);
    assert_eq!(
        again.skips[0].to_string(),
        "upload: input: cannot open it: this reader was read by an earlier reading"
    );
}

#[test]
fn cancel_stops_a_reading_and_gives_what_was_read() {
    let scratch = Scratch::new("cancel");
    let path = scratch.file("games.pgn", archive_text(5000).as_bytes());
    for threads in [1, 2] {
        let cancel = Cancel::new();
        let archive = Archive::new()
            .path(&path)
            .threads(threads)
            .part_size(4096)
            .cancel(&cancel)
            .on_progress(cancel_after(&cancel, 1024));
        let Err(Error::Cancelled(summary)) = archive.statistics() else {
            panic!("not cancelled on {threads} thread(s)");
        };
        let total = Archive::new()
            .path(&path)
            .statistics()
            .unwrap()
            .counts
            .total();
        assert!(
            summary.counts.total() >= 1024 && summary.counts.total() < total,
            "{threads}"
        );
    }
}

#[test]
fn progress_counts_every_byte_and_record() {
    let (_scratch, text, path) = generated("progress", 900);
    for (threads, mmap) in [(1, true), (1, false), (2, false), (2, true)] {
        let progress = Progress::new();
        let calls = Arc::new(AtomicU64::new(0));
        let seen = Arc::clone(&calls);
        let summary = Archive::new()
            .path(&path)
            .threads(threads)
            .part_size(1 << 14)
            .mmap(mmap)
            .progress(&progress)
            .on_progress(move |_| {
                seen.fetch_add(1, Ordering::Relaxed);
            })
            .statistics()
            .unwrap();
        assert_eq!(progress.bytes(), text.len() as u64, "{threads} {mmap}");
        assert_eq!(progress.records(), summary.counts.total());
        assert!(calls.load(Ordering::Relaxed) >= 1);
    }
}

#[test]
fn deliveries_that_fail_stop_the_reading() {
    let scratch = Scratch::new("deliver");
    let path = scratch.file("games.pgn", archive_text(500).as_bytes());
    for threads in [1, 2] {
        let delivered = Mutex::new(0);
        let read = Archive::new()
            .path(&path)
            .threads(threads)
            .part_size(2000)
            .collect(&Places, |_| {
                *delivered.lock().unwrap() += 1;
                Err(std::io::Error::other("closed"))
            });
        assert!(matches!(read, Err(Error::Deliver(_))));
        assert_eq!(*delivered.lock().unwrap(), 1);
    }
}

#[test]
fn paths_name_their_inputs() {
    let archive = Archive::new()
        .path(Path::new("a.pgn"))
        .paths(["b.pgn.zst", "-"]);
    assert_eq!(
        archive.inputs().collect::<Vec<_>>(),
        ["a.pgn", "b.pgn.zst", "-"]
    );
    assert_eq!(archive.total_size(), None);
}

/// Panics in a collector (on a reading thread) or in `deliver` (on the
/// calling thread) reach the caller, on one thread and on several, rather
/// than leaving the other readers waiting.
#[test]
fn panics_reach_the_caller_and_stop_the_readers() {
    struct Fussy;
    impl Collect for Fussy {
        type Part = ();
        fn part(&self) {}
        fn game(&self, (): &mut (), game: &Game<'_>) {
            assert!(game.offset() < 100_000, "a collector that gives up");
        }
    }
    let (_scratch, _, path) = generated("panics", 3000);
    for threads in [1, 2, 3] {
        let archive = Archive::new().path(&path).threads(threads).part_size(2000);
        let in_collector = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            archive.collect(&Fussy, |_| Ok(()))
        }));
        assert!(in_collector.is_err(), "{threads} thread(s)");
        let in_deliver = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            archive.collect(&Places, |_| panic!("a caller that gives up"))
        }));
        assert!(in_deliver.is_err(), "{threads} thread(s)");
    }
}

/// A collector that hands a streamed input's records to all cores
/// ([`Collect::spreads`]), gathering what `C` gathers.
struct Spread<C>(C);

impl<C: Collect> Collect for Spread<C> {
    type Part = C::Part;
    fn part(&self) -> C::Part {
        self.0.part()
    }
    fn game(&self, part: &mut C::Part, game: &Game<'_>) {
        self.0.game(part, game);
    }
    fn keeps_raw(&self) -> bool {
        self.0.keeps_raw()
    }
    fn spreads(&self) -> bool {
        true
    }
}

/// What `collector` gathers from `archive`, its parts joined in order
/// (numbers made absolute), and the summary.
fn gathered<C, T>(archive: &Archive, collector: &C) -> (Vec<T>, Summary)
where
    C: Collect<Part = Vec<T>>,
    T: Numbered,
{
    let mut all = Vec::new();
    let summary = archive
        .collect(collector, |batch| {
            all.extend(batch.part.drain(..).map(|item| item.rebased(batch.base)));
            Ok(())
        })
        .unwrap();
    (all, summary)
}

/// An item whose record number is counted from its part's first record.
trait Numbered {
    fn rebased(self, base: u64) -> Self;
}

impl Numbered for (String, u64, u64, String, Option<u16>) {
    fn rebased(mut self, base: u64) -> Self {
        self.1 += base;
        self
    }
}

impl Numbered for (u64, Vec<u8>) {
    fn rebased(self, _: u64) -> Self {
        self
    }
}

/// A streamed input (a reader, compressed text, a cut `.zst`) whose records
/// go to all cores in parts gives what one core gives, byte for byte:
/// the same records, numbers, offsets, raw bytes, statistics and skips.
#[test]
fn streams_spread_over_the_cores_change_nothing() {
    type Make<'a> = Box<dyn Fn() -> Archive + 'a>;
    let scratch = Scratch::new("streams");
    let text = archive_text(700);
    let mut inputs: Vec<(&str, Make<'_>)> = vec![(
        "reader",
        Box::new(|| Archive::new().reader("upload", std::io::Cursor::new(text.clone()))),
    )];
    // Byte order marks: at the start, before records (files joined), and
    // one broken (two of its three bytes) before a record.
    let mut marked = b"\xEF\xBB\xBF".to_vec();
    for (i, record) in text.split_inclusive("\n\n[Event").enumerate() {
        let record = record
            .strip_suffix("[Event")
            .map_or(record.as_bytes(), |head| head.as_bytes());
        if i > 0 {
            match i % 40 {
                0 => marked.extend_from_slice(b"\xEF\xBB\xBF"),
                13 => marked.extend_from_slice(b"\xEF\xBB"),
                _ => {}
            }
            marked.extend_from_slice(b"[Event");
        }
        marked.extend_from_slice(record);
    }
    inputs.push((
        "reader with byte order marks",
        Box::new(move || Archive::new().reader("marked", std::io::Cursor::new(marked.clone()))),
    ));
    #[cfg(feature = "zstd")]
    {
        let packed = scratch.file("games.pgn.zst", &compress("zst", text.as_bytes()));
        inputs.push(("zst", Box::new(move || Archive::new().path(&packed))));
        let noisy = compress("zst", noisy(4000).as_bytes());
        let cut = scratch.file("cut.pgn.zst", &noisy[..noisy.len() / 2]);
        inputs.push(("cut zst", Box::new(move || Archive::new().path(&cut))));
    }
    for (name, input) in &inputs {
        let (rows, summary) = gathered(&input().threads(1), &Places);
        let (raw, _) = gathered(&input().threads(1), &Raw);
        assert!(rows.len() > 100, "{name}");
        if *name == "reader with byte order marks" {
            // The broken marks make records unreadable (those that were not).
            let plain = gathered(&inputs[0].1().threads(1), &Places).1;
            assert!(summary.counts.unreadable > plain.counts.unreadable + 10);
        }
        if *name == "cut zst" {
            let stopped =
                |skip: &chess960_archive::Skip| skip.reason.starts_with("reading stopped at byte ");
            assert!(
                summary
                    .input_skips
                    .iter()
                    .chain(&summary.skips)
                    .any(stopped)
            );
        }
        for threads in [2, 3] {
            for part in [64, 1000, 4093, 1 << 20] {
                let many = || input().threads(threads).part_size(part);
                let case = format!("{name}: threads {threads}, parts of {part}");
                let (other_rows, other) = gathered(&many(), &Spread(Places));
                assert!(other_rows == rows, "{case}: rows differ");
                assert!(
                    other == summary,
                    "{case}: summaries differ: {:?} {:?} {:?} / {:?} {:?} {:?}",
                    other.skips,
                    other.skipped,
                    other.player == summary.player,
                    summary.skips,
                    summary.skipped,
                    other.stats == summary.stats
                );
                assert!(
                    gathered(&many(), &Spread(Raw)).0 == raw,
                    "{case}: raw bytes differ"
                );
            }
        }
    }
}

/// Spread over the cores, a stream still stops on a failed delivery, on a
/// cancel and on a panic in the collector, without leaving a thread
/// waiting.
#[test]
fn a_stream_spread_over_the_cores_stops_as_one_core_does() {
    struct Fussy;
    impl Collect for Fussy {
        type Part = Vec<()>;
        fn part(&self) -> Vec<()> {
            Vec::new()
        }
        fn game(&self, _: &mut Vec<()>, game: &Game<'_>) {
            assert!(game.offset() < 100_000, "a collector that gives up");
        }
        fn spreads(&self) -> bool {
            true
        }
    }
    let text = archive_text(3000);
    let stream = || Archive::new().reader("upload", std::io::Cursor::new(text.clone()));
    for threads in [2, 3] {
        let delivered = Mutex::new(0);
        let read = stream()
            .threads(threads)
            .part_size(2000)
            .collect(&Spread(Places), |_| {
                *delivered.lock().unwrap() += 1;
                Err(std::io::Error::other("closed"))
            });
        assert!(matches!(read, Err(Error::Deliver(_))));
        assert_eq!(*delivered.lock().unwrap(), 1);
        let cancel = Cancel::new();
        let read = stream()
            .threads(threads)
            .part_size(4096)
            .cancel(&cancel)
            .on_progress(cancel_after(&cancel, 1024))
            .collect(&Spread(Places), |_| Ok(()));
        let Err(Error::Cancelled(summary)) = read else {
            panic!("not cancelled on {threads} threads");
        };
        assert!(summary.counts.total() >= 1024 && summary.counts.total() < 3000);
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            stream()
                .threads(threads)
                .part_size(2000)
                .collect(&Fussy, |_| Ok(()))
        }));
        assert!(panicked.is_err(), "{threads} threads");
    }
}

/// Records longer than a stream's parts keep in memory (tens of MiB: a
/// comment that never ends, blank lines, a byte order mark then blanks)
/// are read on the delivering thread, with the rest of the input after
/// them, as one core reads them: memory stays bounded, the output the
/// same.
#[test]
fn a_stream_s_huge_records_are_read_as_one_core_reads_them() {
    let game = |event: &str, moves: &str| {
        format!("[Event \"{event}\"]\n[Result \"1-0\"]\n\n{moves} 1-0\n\n")
    };
    let games = |name: &str, moves: &str| -> Vec<u8> {
        (0..300)
            .flat_map(|i| game(&format!("{name} {i}"), moves).into_bytes())
            .collect()
    };
    // A comment of 34 MB, over the 32 MiB and a part that a stream keeps.
    let mut long = games("before", "1. e4 e5");
    long.extend(
        game(
            "long comment",
            &format!("1. e4 {{{}}} e5", "x".repeat(34 << 20)),
        )
        .bytes(),
    );
    long.extend(games("after", "1. d4 d5"));
    // A byte order mark, then 34 MB of blank lines before a record.
    let mut blank = games("before", "1. e4 e5");
    blank.extend_from_slice(b"\xEF\xBB\xBF");
    blank.extend(std::iter::repeat_n(b'\n', 34 << 20));
    blank.extend(games("after", "1. c4 c5"));
    for (bytes, records, kept) in [(long, 601, 600), (blank, 600, 600)] {
        let stream = || Archive::new().reader("huge", std::io::Cursor::new(bytes.clone()));
        let (rows, summary) = gathered(&stream().threads(1), &Places);
        let (raw, raw_summary) = gathered(&stream().threads(1), &Raw);
        assert_eq!((rows.len(), raw.len()), (records, kept));
        // A record whose bytes were not kept is a skip, not a record, here.
        let unkept = |skip: &chess960_archive::Skip| skip.reason.contains("were not kept");
        assert_eq!(raw_summary.skips.iter().any(unkept), records > kept);
        for threads in [2, 3] {
            let many = || stream().threads(threads).part_size(1000);
            let (other_rows, other) = gathered(&many(), &Spread(Places));
            assert!(other_rows == rows, "{threads} threads: rows differ");
            assert!(other == summary, "{threads} threads: summaries differ");
            let (other_raw, other_raw_summary) = gathered(&many(), &Spread(Raw));
            assert!(other_raw == raw, "{threads} threads: raw bytes differ");
            assert!(
                other_raw_summary == raw_summary,
                "{threads} threads: raw summaries differ"
            );
        }
    }
}

/// A cancelled stream read on all cores delivers what one core would have
/// read up to some record: a prefix of one core's rows, numbered alike,
/// with a summary that counts exactly those records.
#[test]
fn a_cancelled_stream_delivers_a_prefix_of_one_core_s_rows() {
    let mut text = String::new();
    for i in 0..200_000 {
        text += &format!("[Event \"{i}\"]\n\n*\n\n");
    }
    let stream = || Archive::new().reader("c", std::io::Cursor::new(text.clone()));
    let (all, _) = gathered(&stream().threads(1), &Places);
    for threads in [2, 3] {
        for part in [1 << 12, 1 << 16] {
            let cancel = Cancel::new();
            let raised = cancel.clone();
            let mut rows = Vec::new();
            let read = stream()
                .threads(threads)
                .part_size(part)
                .cancel(&cancel)
                .on_progress(move |_| raised.cancel())
                .collect(&Spread(Places), |batch| {
                    rows.extend(batch.part.drain(..).map(|row| row.rebased(batch.base)));
                    Ok(())
                });
            let Err(Error::Cancelled(summary)) = read else {
                panic!("not cancelled on {threads} threads");
            };
            assert!(rows.len() < all.len(), "{threads} threads, parts of {part}");
            assert!(
                rows[..] == all[..rows.len()],
                "{threads} threads, parts of {part}: not a prefix"
            );
            assert_eq!(summary.counts.total(), rows.len() as u64);
        }
    }
}

/// Records read on the delivering thread after a huge one are counted as
/// they are read, as one core counts them, not all at the end.
#[test]
fn a_stream_s_tail_counts_its_progress_as_it_goes() {
    let mut bytes =
        format!("[Event \"a\"]\n\n1. e4 {{{}}} *\n\n", "x".repeat(34 << 20)).into_bytes();
    for i in 0..20_000 {
        bytes.extend_from_slice(format!("[Event \"{i}\"]\n\n*\n\n").as_bytes());
    }
    let calls = Arc::new(AtomicU64::new(0));
    let seen = Arc::clone(&calls);
    let progress = Progress::new();
    let (rows, _) = gathered(
        &Archive::new()
            .reader("tail", std::io::Cursor::new(bytes))
            .threads(2)
            .part_size(1000)
            .progress(&progress)
            .on_progress(move |_| {
                seen.fetch_add(1, Ordering::Relaxed);
            }),
        &Spread(Places),
    );
    assert_eq!(rows.len(), 20_001);
    assert_eq!(progress.records(), 20_001);
    // One call a 1,024 records, and one at the end.
    assert!(
        calls.load(Ordering::Relaxed) >= 19,
        "{}",
        calls.load(Ordering::Relaxed)
    );
}

/// A progress callback that raises `cancel` once `records` records are read.
fn cancel_after(cancel: &Cancel, records: u64) -> impl Fn(&Progress) + Send + Sync + 'static {
    let raised = cancel.clone();
    move |progress| {
        if progress.records() >= records {
            raised.cancel();
        }
    }
}
