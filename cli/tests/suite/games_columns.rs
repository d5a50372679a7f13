//! `chess960 games --columns`, `--tag` and `--format parquet`: the new
//! columns equal python-chess's headers (when python-chess is at hand),
//! Parquet to a file or a pipe and never to a terminal, an output that is
//! an input refused before it is emptied, a cut input's
//! rows kept in a complete file, an input that is not PGN, and the
//! statistics, player and explorer tables in Parquet holding the cells of
//! their TSV.

use super::common::{BINARY, failure, run, run_in_shell};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A directory of its own, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("chess960-columns-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn file(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Games shaped as lichess writes them, with the values that are hard to
/// read: missing and `?` parts, out-of-range times, odd time controls,
/// escaped quotes, Latin-1 bytes, tags lichess does not write.
fn lichess_like(games: usize) -> Vec<u8> {
    let dates = [
        "2024.02.29",
        "2023.02.29",
        "2024.??.??",
        "1999.12.31",
        "2024.1.5",
    ];
    let times = ["00:00:00", "23:59:59", "24:00:00", "12:3:4", "??:??:??"];
    let controls = ["180+2", "-", "60+0", "300", "40/7200:3600", "?", "15+10"];
    let diffs = ["+7", "-12", "0", "?", "+32768", "-32768"];
    let titles = ["GM", "BOT", "", "WFM"];
    let terminations = ["Normal", "Time forfeit", "Abandoned", "Rules infraction"];
    let mut text = Vec::new();
    for game in 0..games {
        let pick = |list: &[&'static str], salt: usize| list[(game * 11 + salt * 3) % list.len()];
        let mut tags = vec![
            format!("[Event \"Rated Chess960 game {game}\"]"),
            format!("[Site \"https://lichess.org/g{game:07}\"]"),
            format!("[Date \"{}\"]", pick(&dates, 0)),
            format!("[Round \"{}\"]", if game % 3 == 0 { "-" } else { "1.2" }),
            format!("[White \"Player \\\"{game}\\\"\"]"),
            "[Black \"M\u{fc}ller\"]".to_owned(),
            format!("[Result \"{}\"]", ["1-0", "0-1", "1/2-1/2", "*"][game % 4]),
            format!("[UTCDate \"{}\"]", pick(&dates, 1)),
            format!("[UTCTime \"{}\"]", pick(&times, 2)),
            format!("[WhiteElo \"{}\"]", 1500 + game),
            "[BlackElo \"?\"]".to_owned(),
            format!("[WhiteRatingDiff \"{}\"]", pick(&diffs, 3)),
            format!("[BlackRatingDiff \"{}\"]", pick(&diffs, 4)),
            "[Variant \"Chess960\"]".to_owned(),
            format!("[TimeControl \"{}\"]", pick(&controls, 5)),
            format!("[ECO \"{}\"]", if game % 2 == 0 { "?" } else { "A00" }),
            format!("[Opening \"Opening {}: a, b\"]", game % 5),
            format!("[Termination \"{}\"]", pick(&terminations, 6)),
            "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]".to_owned(),
            "[SetUp \"1\"]".to_owned(),
        ];
        let title = pick(&titles, 7);
        if !title.is_empty() {
            tags.insert(12, format!("[WhiteTitle \"{title}\"]"));
        }
        if game % 4 == 1 {
            tags.push(format!("[Annotator \"Annotator {game}\"]"));
            tags.push("[BlackTitle \"IM\"]".to_owned());
        }
        let mut record = tags.join("\n").into_bytes();
        if game % 6 == 5 {
            // A Latin-1 byte in a value (PGN's own character set).
            record.extend_from_slice(b"\n[BlackFideId \"caf\xe9\"]");
        }
        record.extend_from_slice(b"\n\n1. e4 { [%clk 0:03:00] } 1... e5 { [%eval 0.17] } ");
        record.extend_from_slice(["1-0", "0-1", "1/2-1/2", "*"][game % 4].as_bytes());
        record.extend_from_slice(b"\n\n");
        text.extend_from_slice(&record);
    }
    text
}

/// python-chess's headers of every game of a file, as the columns would
/// be from them: the reference, computed by Python's own date, time and
/// number parsing.
const REFERENCE: &str = r#"
import datetime, io, json, re, sys
import chess.pgn

def date(text):
    try:
        return datetime.datetime.strptime(text, "%Y.%m.%d").date().isoformat() if re.fullmatch(r"\d{4}\.\d{2}\.\d{2}", text or "") else None
    except ValueError:
        return None

def time(text):
    if not re.fullmatch(r"\d{2}:\d{2}:\d{2}", text or ""):
        return None
    h, m, s = map(int, text.split(":"))
    return datetime.time(h, m, s).isoformat() if h < 24 and m < 60 and s < 60 else None

def diff(text):
    if not re.fullmatch(r"[+-]?\d+", text or ""):
        return None
    value = int(text)
    return value if -32768 <= value <= 32767 else None

def control(text):
    match = re.fullmatch(r"(\d+)(?:\+(\d+))?", (text or "").strip())
    return (int(match.group(1)), int(match.group(2) or 0)) if match else (None, None)

def decoded(line):
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("latin-1")

# PGN's own character set is ISO 8859-1; UTF-8 is read as UTF-8.
with open(sys.argv[1], "rb") as handle:
    text = io.StringIO("".join(decoded(line) for line in handle))
while True:
    headers = chess.pgn.read_headers(text)
    if headers is None:
        break
    # python-chess keeps a value's escapes as written; PGN's `\"` is `"`.
    get = lambda name: None if headers.get(name) is None else re.sub(r'\\([\\"])', r"\1", headers.get(name))
    base, increment = control(get("TimeControl"))
    print(json.dumps({
        "white": get("White"), "black": get("Black"), "event": get("Event"),
        "site": get("Site"), "date": get("Date"), "round": get("Round"),
        "utc_date": date(get("UTCDate")), "utc_time": time(get("UTCTime")),
        "white_rating_diff": diff(get("WhiteRatingDiff")),
        "black_rating_diff": diff(get("BlackRatingDiff")),
        "white_title": get("WhiteTitle"), "black_title": get("BlackTitle"),
        "eco": get("ECO"), "opening": get("Opening"), "termination": get("Termination"),
        "time_control": get("TimeControl"), "base_seconds": base,
        "increment_seconds": increment, "Annotator": get("Annotator"),
        "BlackFideId": get("BlackFideId"),
    }, ensure_ascii=False))
"#;

/// A Python with python-chess: `CHESS960_PYTHON`, the test environment
/// `python/run-tests.sh` makes (`.venv-ci`), or `python3`.
fn python_chess() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let candidates = [
        std::env::var_os("CHESS960_PYTHON").map(PathBuf::from),
        Some(root.join(".venv-ci/bin/python")),
        Some(PathBuf::from("python3")),
    ];
    candidates.into_iter().flatten().find(|python| {
        Command::new(python)
            .args(["-c", "import chess.pgn"])
            .output()
            .is_ok_and(|output| output.status.success())
    })
}

#[test]
fn the_new_columns_are_python_chess_s_headers() {
    let Some(python) = python_chess() else {
        eprintln!("skipped: no Python with python-chess (set CHESS960_PYTHON)");
        return;
    };
    let scratch = Scratch::new("reference");
    let path = scratch.file("lichess.pgn", &lichess_like(60));
    let reference = Command::new(python)
        .args(["-c", REFERENCE])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        reference.status.success(),
        "{}",
        String::from_utf8_lossy(&reference.stderr)
    );
    let reference = super::common::json_lines(&String::from_utf8(reference.stdout).unwrap());
    let ours = run(&[
        "games",
        "--columns",
        "white,black,event,site,date,round,utc_date,utc_time,white_rating_diff,black_rating_diff,white_title,black_title,eco,opening,termination,time_control,base_seconds,increment_seconds",
        "--tag",
        "Annotator",
        "--tag",
        "BlackFideId",
        "--format",
        "jsonl",
        path.to_str().unwrap(),
    ]);
    assert_eq!(
        ours.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ours.stderr)
    );
    let ours = super::common::json_lines(&String::from_utf8(ours.stdout).unwrap());
    assert_eq!(ours.len(), 60);
    assert_eq!(ours, reference);
}

#[test]
fn text_formats_write_the_typed_columns_as_text_and_numbers() {
    let scratch = Scratch::new("text");
    let path = scratch.file("lichess.pgn", &lichess_like(2));
    let path = path.to_str().unwrap();
    let columns = "number,utc_date,utc_time,white_rating_diff,base_seconds,opening,movetext";
    let text = |args: &[&str]| {
        let ran = run(args);
        assert_eq!(ran.status.code(), Some(0), "{args:?}");
        String::from_utf8(ran.stdout).unwrap()
    };
    let tsv = text(&["games", "--columns", columns, path]);
    let lines: Vec<&str> = tsv.lines().collect();
    assert_eq!(lines[0], columns.replace(',', "\t"));
    assert_eq!(
        lines[1],
        "1\t1999-12-31\t23:59:59\t\t\tOpening 0: a, b\t1. e4 { [%clk 0:03:00] } 1... e5 { [%eval 0.17] } 1-0"
    );
    let csv = text(&["games", "--columns", columns, "--format", "csv", path]);
    assert!(
        csv.lines()
            .nth(2)
            .unwrap()
            .starts_with("2,,,0,,\"Opening 1: a, b\","),
        "{csv}"
    );
    // Without --columns, the sixteen columns as ever.
    let games = text(&["games", "--games", path]);
    assert!(games.starts_with("file\tnumber\toffset\tkind\twhite_id\tblack_id\tresult\twhite\tblack\twhite_elo\tblack_elo\tdate\tevent\tsite\tvariant\tdetail\n"));
    let all = text(&["games", "--columns", "all", "--games", path]);
    assert_eq!(all.lines().next().unwrap().split('\t').count(), 30);
}

/// The rows of a Parquet file, read by the parquet crate.
fn parquet_rows(bytes: Vec<u8>) -> i64 {
    let reader =
        parquet::file::reader::SerializedFileReader::new(bytes::Bytes::from(bytes)).unwrap();
    parquet::file::reader::FileReader::metadata(&reader)
        .file_metadata()
        .num_rows()
}

#[test]
fn parquet_goes_to_a_file_or_a_pipe_never_to_a_terminal() {
    let scratch = Scratch::new("parquet");
    let path = scratch.file("lichess.pgn", &lichess_like(50));
    let out = scratch.0.join("games.parquet");
    let args = |output: &str| {
        vec![
            "games".to_owned(),
            "--columns".to_owned(),
            "all".to_owned(),
            "--format".to_owned(),
            "parquet".to_owned(),
            "--output".to_owned(),
            output.to_owned(),
            path.to_str().unwrap().to_owned(),
        ]
    };
    let to_file: Vec<String> = args(out.to_str().unwrap());
    let ran = run(&to_file.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(ran.status.code(), Some(0));
    assert!(ran.stdout.is_empty());
    let file = std::fs::read(&out).unwrap();
    assert_eq!(parquet_rows(file.clone()), 50);
    let to_pipe: Vec<String> = args("-");
    let piped = run(&to_pipe.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!((piped.status.code(), &piped.stdout), (Some(0), &file));
    // The statistics too, as a table of their own.
    let stats = run(&["games", "--format", "parquet", path.to_str().unwrap()]);
    assert_eq!(stats.status.code(), Some(0));
    assert!(stats.stdout.starts_with(b"PAR1") && stats.stdout.ends_with(b"PAR1"));
    // A terminal on standard output (`script` gives one, where it exists).
    // `--output /dev/stdout` or `/dev/tty` on one is refused as `-` is.
    for output in ["", " --output /dev/stdout", " --output /dev/tty"] {
        let command = format!(
            "{BINARY} games --games --format parquet {}{output}",
            path.display()
        );
        if let Ok(output) = Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .output()
        {
            if output.status.code() != Some(127) {
                let text = String::from_utf8_lossy(&output.stdout);
                assert!(
                    text.contains("Parquet is binary, not for a terminal"),
                    "{command}: {text}"
                );
                assert_eq!(output.status.code(), Some(2), "{command}");
            }
        }
    }
}

/// Standard output appended to an input (`>>`) would read back what is
/// written, a file growing without end with `--pgn`; redirected with `>`,
/// the shell has already emptied it. Both are refused before reading, in
/// every mode; another file, a pipe or `/dev/null` is written as ever.
#[test]
fn standard_output_redirected_to_an_input_is_refused() {
    let scratch = Scratch::new("stdout");
    let path = scratch.file("games.pgn", &lichess_like(20));
    let before = std::fs::read(&path).unwrap();
    let shown = path.to_str().unwrap();
    for mode in [
        &["--pgn"][..],
        &["--games"],
        &["--stats"],
        &["--openings", "2"],
        &["--columns", "all", "--format", "csv", "--output", "-"],
    ] {
        let mut args = vec!["games", shown];
        args.extend_from_slice(mode);
        let appended = run_in_shell("", &format!(">> '{shown}'"), &args, b"");
        assert_eq!(appended.status.code(), Some(2), "{mode:?}");
        let stderr = String::from_utf8(appended.stderr).unwrap();
        assert!(
            stderr.contains("standard output is the input")
                && stderr.contains("the output would go into the file being read"),
            "{mode:?}: {stderr}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), before, "{mode:?}");
    }
    // Standard input and standard output on the same file.
    let both = run_in_shell(
        "",
        &format!("< '{shown}' >> '{shown}'"),
        &["games", "-"],
        b"",
    );
    assert_eq!(both.status.code(), Some(2));
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let copy = scratch.file("copy.pgn", &before);
    let emptied = run_in_shell(
        "",
        &format!("> '{}'", copy.display()),
        &["games", copy.to_str().unwrap()],
        b"",
    );
    assert_eq!(emptied.status.code(), Some(2));
    let other = scratch.0.join("rows.tsv");
    let elsewhere = run_in_shell(
        "",
        &format!("> '{}'", other.display()),
        &["games", shown],
        b"",
    );
    assert_eq!(elsewhere.status.code(), Some(0));
    assert!(std::fs::read(&other).unwrap().starts_with(b"white_id\t"));
    let null = run_in_shell("", "> /dev/null", &["games", shown, "--pgn"], b"");
    assert_eq!(null.status.code(), Some(0));
}

/// Text after a tag line's last pair (`; a remark`, any word) is passed
/// over by every column, as the reader passes it over: the tags below it
/// are read and the movetext starts after them. (python-chess 1.11 reads
/// the moves `e2e4 c7c5` of this record too, but drops the two tag lines
/// with text after their pair, `Event` and `Opening`.)
#[test]
fn text_after_a_tag_pair_leaves_the_tags_below_it_and_the_movetext_whole() {
    let scratch = Scratch::new("remark");
    let path = scratch.file(
        "remark.pgn",
        b"[Event \"e\"] ; from the club\n[Opening \"Sicilian\"] junk\n[Annotator \"A\"]\n[Result \"1-0\"]\n\n1. e4 c5 1-0\n\n",
    );
    let output = run(&[
        "games",
        path.to_str().unwrap(),
        "--columns",
        "event,result,opening,movetext",
        "--tag",
        "Annotator",
        "--moves",
        "--format",
        "jsonl",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let row: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(row["event"], "e");
    assert_eq!(row["result"], "1-0");
    assert_eq!(row["opening"], "Sicilian");
    assert_eq!(row["Annotator"], "A");
    assert_eq!(row["movetext"], "1. e4 c5 1-0");
    assert_eq!(row["moves"], serde_json::json!(["e2e4", "c7c5"]));
}

/// Tag sections as older programs write them, read as python-chess 1.11
/// reads them (`read_game`: the headers and moves asserted here): a quote
/// left unescaped inside a value, a `;` comment line among the tags, a
/// name with `:`. A line whose name is not ASCII makes its record
/// unreadable (python-chess drops the line), but every column still reads
/// the tags around it, and the movetext starts after them.
#[test]
fn tag_sections_of_older_programs_read_as_python_chess_reads_them() {
    let scratch = Scratch::new("older");
    let path = scratch.file(
        "older.pgn",
        "[Event \"Blitz \"Friday\" Open\"]\n[White \"Ann\"]\n; exported by club-tool 1.2\n[White:Team \"North\"]\n[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Event \"two\"]\n[\u{c4}nnotator \"x\"]\n[Round \"3\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n\n".as_bytes(),
    );
    let output = run(&[
        "games",
        path.to_str().unwrap(),
        "--columns",
        "kind,white_id,event,white,round,result,movetext",
        "--tag",
        "White:Team",
        "--moves",
        "--format",
        "jsonl",
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    let rows: Vec<serde_json::Value> = output
        .stdout
        .split(|&byte| byte == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| serde_json::from_slice(line).unwrap())
        .collect();
    assert_eq!(rows.len(), 2, "{stderr}");
    assert_eq!(rows[0]["kind"], "chess960");
    assert_eq!(rows[0]["white_id"], 0);
    assert_eq!(rows[0]["event"], "Blitz \"Friday\" Open");
    assert_eq!(rows[0]["white"], "Ann");
    assert_eq!(rows[0]["White:Team"], "North");
    assert_eq!(rows[0]["movetext"], "1. e4 e5 1-0");
    assert_eq!(rows[0]["moves"], serde_json::json!(["e2e4", "e7e5"]));
    assert_eq!(rows[1]["kind"], "unreadable");
    assert_eq!(rows[1]["event"], "two");
    assert_eq!(rows[1]["round"], "3");
    assert_eq!(rows[1]["result"], "0-1");
    assert_eq!(rows[1]["movetext"], "1. d4 d5 0-1");
    assert!(
        stderr.contains("game 2 at byte 209: a tag pair starts with '[' and its name"),
        "{stderr}"
    );
    // A byte order mark alone, as a Windows program writes an empty
    // export, is no game, not "not PGN".
    let empty = scratch.file("empty.pgn", b"\xEF\xBB\xBF\r\n");
    let output = run(&["games", empty.to_str().unwrap(), "--games"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("0 records read"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn an_output_that_is_an_input_is_refused_before_it_is_emptied() {
    let scratch = Scratch::new("same");
    let path = scratch.file("games.pgn", &lichess_like(20));
    let before = std::fs::read(&path).unwrap();
    let link = scratch.0.join("link.pgn");
    std::os::unix::fs::symlink(&path, &link).unwrap();
    let dotted = scratch.0.join(".").join("games.pgn");
    for output in [&path, &link, &dotted] {
        for format in ["tsv", "parquet"] {
            let args = [
                "games",
                "--games",
                "--format",
                format,
                path.to_str().unwrap(),
                "--output",
                output.to_str().unwrap(),
            ];
            let stderr = failure(&args);
            assert!(
                stderr.contains("writing it would empty it before it is read"),
                "{stderr}"
            );
            assert_eq!(std::fs::read(&path).unwrap(), before);
        }
    }
    // Standard input redirected from the file is that file too.
    let redirected = Command::new(BINARY)
        .args(["games", "-", "--output", path.to_str().unwrap()])
        .stdin(std::fs::File::open(&path).unwrap())
        .output()
        .unwrap();
    assert_eq!(redirected.status.code(), Some(2));
    let stderr = String::from_utf8(redirected.stderr).unwrap();
    assert!(stderr.contains("is the input -"), "{stderr}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // Another file is written as ever.
    let other = scratch.0.join("rows.tsv");
    let ran = run(&[
        "games",
        path.to_str().unwrap(),
        "--output",
        other.to_str().unwrap(),
    ]);
    assert_eq!(ran.status.code(), Some(0));
    assert!(std::fs::read(&other).unwrap().starts_with(b"white_id\t"));
}

#[test]
#[allow(clippy::format_push_string)] // The generated input reads best as pieces of text.
fn a_cut_input_leaves_a_complete_parquet_file_and_exit_2() {
    let scratch = Scratch::new("cut");
    let mut text = Vec::new();
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for game in 0..3000 {
        let mut noise = String::new();
        for _ in 0..24 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            noise += &format!("{state:016x}");
        }
        text.extend(format!("[Event \"g{game}\"]\n\n1. e4 {{{noise}}} *\n\n").bytes());
    }
    let packed = zstd::encode_all(&text[..], 3).unwrap();
    let cut = scratch.file("cut.pgn.zst", &packed[..packed.len() / 2]);
    let out = scratch.0.join("cut.parquet");
    let ran = run(&[
        "games",
        "--columns",
        "number,event,movetext",
        "--format",
        "parquet",
        "-o",
        out.to_str().unwrap(),
        cut.to_str().unwrap(),
    ]);
    assert_eq!(ran.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&ran.stderr);
    assert!(
        stderr.contains(&format!(
            "{}: input: reading stopped at byte ",
            cut.display()
        )),
        "{stderr}"
    );
    let rows = parquet_rows(std::fs::read(&out).unwrap());
    assert!(rows > 100 && rows < 3000, "{rows}");
}

#[test]
fn an_input_that_is_not_pgn_is_one_clear_error() {
    let scratch = Scratch::new("notpgn");
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let bytes: Vec<u8> = (0..200_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state.to_le_bytes()[5]
        })
        .collect();
    let random = scratch.file("random.bin", &bytes);
    let ran = run(&["games", random.to_str().unwrap()]);
    assert_eq!(ran.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&ran.stderr);
    assert!(
        stderr.contains(&format!("skipped {}: input: not PGN: ", random.display())),
        "{stderr}"
    );
    assert!(
        stderr.starts_with("chess960 games: 0 records read"),
        "{stderr}"
    );
}

/// The cells of a Parquet file, read by the parquet crate's Arrow reader,
/// as the command's TSV writes them (a number as its digits, a real with
/// `decimals` digits after the point where the TSV has them, a list as
/// its items separated by spaces, null as an empty cell), with the header.
fn parquet_cells(bytes: Vec<u8>, tsv: &str) -> (Vec<String>, Vec<Vec<String>>) {
    use arrow_array::cast::AsArray;
    use arrow_array::types::{Float64Type, UInt16Type, UInt64Type};
    use arrow_schema::DataType;
    let reader = parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(
        bytes::Bytes::from(bytes),
    )
    .unwrap()
    .build()
    .unwrap();
    let batches: Vec<_> = reader.map(Result::unwrap).collect();
    let schema = batches[0].schema();
    let names = schema.fields().iter().map(|f| f.name().clone()).collect();
    // The decimals of each real column, taken from the TSV's first value.
    let tsv_rows: Vec<Vec<&str>> = tsv
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    let decimals = |column: usize| {
        tsv_rows
            .iter()
            .find_map(|row| row[column].split_once('.').map(|(_, digits)| digits.len()))
            .unwrap_or(0)
    };
    let mut rows = Vec::new();
    for batch in &batches {
        for row in 0..batch.num_rows() {
            let mut cells = Vec::new();
            for (column, array) in batch.columns().iter().enumerate() {
                let cell = if array.is_null(row) {
                    String::new()
                } else {
                    match array.data_type() {
                        DataType::UInt16 => {
                            array.as_primitive::<UInt16Type>().value(row).to_string()
                        }
                        DataType::UInt64 => {
                            array.as_primitive::<UInt64Type>().value(row).to_string()
                        }
                        DataType::Float64 => {
                            let value = array.as_primitive::<Float64Type>().value(row);
                            format!("{value:.*}", decimals(column))
                        }
                        DataType::Utf8 => array.as_string::<i32>().value(row).to_owned(),
                        DataType::List(_) => {
                            let list = array.as_list::<i32>().value(row);
                            let items = list.as_string::<i32>();
                            (0..list.len())
                                .map(|item| items.value(item))
                                .collect::<Vec<_>>()
                                .join(" ")
                        }
                        other => panic!("unexpected type {other}"),
                    }
                };
                cells.push(cell);
            }
            rows.push(cells);
        }
    }
    (names, rows)
}

#[test]
fn the_statistics_explorer_and_player_tables_in_parquet_hold_their_tsv_cells() {
    let scratch = Scratch::new("tables");
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/moves/writers.pgn");
    let games = games.to_str().unwrap();
    let cases: [(&str, Vec<&str>); 4] = [
        ("stats", vec!["games", games]),
        ("player", vec!["games", "--player", "W5", games]),
        (
            "sprt",
            vec!["games", "--player", "W5", "--sprt", "0,5", games],
        ),
        ("openings", vec!["games", "--openings", "4", games]),
    ];
    for (name, args) in cases {
        let tsv = run(&args);
        let tsv = String::from_utf8(tsv.stdout).unwrap();
        let out = scratch.0.join(format!("{name}.parquet"));
        let mut parquet_args = args.clone();
        parquet_args.extend(["--format", "parquet", "-o", out.to_str().unwrap()]);
        let ran = run(&parquet_args);
        assert!(ran.stdout.is_empty(), "{name}");
        let (names, rows) = parquet_cells(std::fs::read(&out).unwrap(), &tsv);
        let header: Vec<&str> = tsv.lines().next().unwrap().split('\t').collect();
        assert_eq!(names, header, "{name}");
        let expected: Vec<Vec<&str>> = tsv
            .lines()
            .skip(1)
            .map(|l| l.split('\t').collect())
            .collect();
        assert!(expected.len() > 1, "{name}: {} rows", expected.len());
        assert_eq!(rows, expected, "{name}");
    }
}

#[test]
fn a_record_too_long_to_keep_keeps_its_row_with_the_values_of_its_bytes_null() {
    let scratch = Scratch::new("long");
    let mut text = b"[Event \"big\"]\n[Annotator \"A\"]\n[Result \"*\"]\n\n1. e4 {".to_vec();
    text.resize(text.len() + (17 << 20), b'z');
    text.extend(b"} e5 *\n\n[Event \"after\"]\n[Annotator \"B\"]\n[Result \"*\"]\n\n1. d4 *\n\n");
    let path = scratch.file("long.pgn", &text);
    let ran = run(&[
        "games",
        "--columns",
        "event,movetext",
        "--tag",
        "Annotator",
        "--moves",
        "--format",
        "jsonl",
        path.to_str().unwrap(),
    ]);
    let rows = super::common::json_lines(&String::from_utf8(ran.stdout).unwrap());
    let cells = |row: &serde_json::Value| {
        ["event", "movetext", "Annotator", "plies"].map(|name| row[name].to_string())
    };
    assert_eq!(cells(&rows[0]), ["\"big\"", "null", "null", "null"]);
    assert_eq!(cells(&rows[1]), ["\"after\"", "\"1. d4 *\"", "\"B\"", "1"]);
    assert_eq!(rows.len(), 2);
    let errors = String::from_utf8(ran.stderr).unwrap();
    assert!(
        errors.contains(
            "game 1 at byte 0: the record is longer than 16 MiB and its bytes were not kept"
        ),
        "{errors}"
    );
    assert_eq!(ran.status.code(), Some(2));
}

#[test]
fn a_latin_1_movetext_is_read_as_its_tags_are() {
    let scratch = Scratch::new("latin");
    let path = scratch.file(
        "latin.pgn",
        b"[Event \"Tr\xe8s\"]\n[Result \"*\"]\n\n1. e4 { Tr\xe8s bien } *\n\n",
    );
    let ran = run(&[
        "games",
        "--columns",
        "event,movetext",
        "--format",
        "jsonl",
        path.to_str().unwrap(),
    ]);
    assert_eq!(ran.status.code(), Some(0));
    let rows = super::common::json_lines(&String::from_utf8(ran.stdout).unwrap());
    assert_eq!(rows[0]["event"], "Tr\u{e8}s");
    assert_eq!(rows[0]["movetext"], "1. e4 { Tr\u{e8}s bien } *");
}

#[test]
fn a_tag_column_named_as_a_moves_column_is_refused() {
    let scratch = Scratch::new("plies");
    let path = scratch.file("a.pgn", b"[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n");
    for name in ["plies", "moves"] {
        let failure =
            super::common::failure(&["games", "--tag", name, "--moves", path.to_str().unwrap()]);
        assert!(
            failure.contains(&format!("the column \"{name}\" is named twice")),
            "{failure}"
        );
    }
}

#[test]
fn column_names_that_differ_only_in_case_are_refused() {
    let scratch = Scratch::new("case");
    let path = scratch.file("a.pgn", b"[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n");
    let path = path.to_str().unwrap();
    for (args, name) in [
        (&["--columns", "site,result", "--tag", "Site"][..], "Site"),
        (&["--columns", "opening", "--tag", "Opening"][..], "Opening"),
        (
            &["--tag", "Annotator", "--tag", "annotator"][..],
            "annotator",
        ),
    ] {
        let mut all = vec!["games"];
        all.extend_from_slice(args);
        all.push(path);
        let failure = failure(&all);
        assert!(
            failure.contains(&format!("the column \"{name}\" is named twice")),
            "{args:?}: {failure}"
        );
    }
}
