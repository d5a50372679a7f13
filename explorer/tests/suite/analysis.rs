//! The analysis: the positions chosen against shakmaty's tally of the
//! games, the UCI driver against fake engines (scripts that answer
//! garbage, exit, hang, never say `uciok`, give an illegal line), a real
//! engine killed mid-run then run again against one run, and evaluations
//! kept across merges and indexing.

use crate::common::{games, model, temp_dir};
use crate::counts::index_games;
use chess960_explorer::analysis::choose::Position;
use chess960_explorer::analysis::uci::Settings;
use chess960_explorer::analysis::{self, AnalyseError, AnalyseOptions};
use chess960_explorer::eval::Score;
use chess960_explorer::query::Query;
use chess960_explorer::{Explorer, IndexOptions, merge};
use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist128;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};
use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const STOCKFISH: &str = "/usr/games/stockfish";
const CHILD_DB: &str = "CHESS960_EXPLORER_TEST_ANALYSE_DB";

fn index_options() -> IndexOptions {
    IndexOptions {
        plies: 8,
        batch_games: 20,
        ..IndexOptions::default()
    }
}

/// shakmaty's 128-bit Zobrist hash of a FEN (Chess960 castling).
fn shakmaty_key(fen: &str) -> u128 {
    let position: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap();
    position.zobrist_hash::<Zobrist128>(EnPassantMode::Legal).0
}

#[test]
fn the_positions_chosen_are_those_shakmaty_counts_at_g_games() {
    let all = games(58, 700, 0);
    let base = temp_dir("choose");
    let db = base.join("db");
    // Batches of 20: many runs, folded, a position's games spread over
    // entries and singles.
    index_games(&all, &db, &index_options());
    let tally = model(&all, 8, |_| true);
    for g in [1, 2, 5, 17] {
        let mut options = AnalyseOptions::new(STOCKFISH);
        options.min_games = g;
        let chosen = analysis::to_analyse(&db, &options).unwrap();
        let found: BTreeMap<u128, u64> = chosen
            .iter()
            .map(|position| (shakmaty_key(&position.fen), position.games))
            .collect();
        let expected: BTreeMap<u128, u64> = tally
            .positions
            .iter()
            .map(|(key, moves)| {
                let games = moves.values().map(|m| m.white + m.draws + m.black).sum();
                (*key, games)
            })
            .filter(|&(_, games)| games >= g)
            .collect();
        assert_eq!(
            found.len(),
            chosen.len(),
            "a position listed twice at G {g}"
        );
        assert_eq!(found, expected, "at G {g}");
        // Most played first.
        assert!(chosen.windows(2).all(|w| w[0].games >= w[1].games));
        // Shards split them, each once.
        let mut shards: Vec<u128> = (0..3)
            .flat_map(|i| {
                let options = AnalyseOptions {
                    shard: Some((i, 3)),
                    ..options.clone()
                };
                analysis::to_analyse(&db, &options)
                    .unwrap()
                    .into_iter()
                    .map(|position| position.key)
            })
            .collect();
        shards.sort_unstable();
        let mut keys: Vec<u128> = chosen.iter().map(|position| position.key).collect();
        keys.sort_unstable();
        assert_eq!(shards, keys);
    }
    std::fs::remove_dir_all(&base).ok();
}

/// A fake engine: a shell script that answers `uci` and `isready`, and
/// `go` with `on_go`.
fn fake_engine(dir: &Path, name: &str, on_uci: &str, on_go: &str) -> PathBuf {
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) {on_uci} ;;\n    isready) echo readyok ;;\n    go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

const UCIOK: &str = "echo 'id name Fake 1'; echo uciok";

fn start_position() -> Vec<Position> {
    vec![Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap()]
}

fn run_fake(engine: &Path) -> Result<(analysis::AnalyseSummary, String), AnalyseError> {
    let mut options = AnalyseOptions::new(engine);
    options.settings.limit = Some(Duration::from_secs(1));
    options.engines = 1;
    let mut out = Vec::new();
    let summary = analysis::analyse_positions(&start_position(), &options, &mut out)?;
    Ok((summary, String::from_utf8(out).unwrap()))
}

#[test]
fn fake_engines_are_told_apart() {
    let dir = temp_dir("fakes");
    // An illegal move cuts the line before it; black's castling named
    // either way is read as the king taking its rook.
    let good = fake_engine(
        &dir,
        "good",
        UCIOK,
        "echo 'info string hello'; echo 'info depth 7 multipv 1 score cp 31 nodes 4000 pv e2e4 e7e5 e1e5 g8f6'; echo 'bestmove e2e4'",
    );
    let (summary, out) = run_fake(&good).unwrap();
    assert_eq!((summary.analysed, summary.skipped.len()), (1, 0));
    let (_, _, eval) = analysis::lichess::read_line(out.trim()).unwrap();
    assert_eq!(eval.pvs.len(), 1);
    assert_eq!(eval.pvs[0].moves, "e2e4 e7e5");
    assert_eq!(eval.pvs[0].score, Score::Cp(31));
    assert_eq!(
        (eval.depth, eval.knodes, eval.engine.as_str()),
        (7, 4, "Fake 1")
    );

    // A line numbered past those asked for is passed over.
    let wild = fake_engine(
        &dir,
        "wild",
        UCIOK,
        "echo 'info depth 2 multipv 4000000000 score cp 1 pv e2e4'; echo 'info depth 2 multipv 2 score cp 5 nodes 900 pv d2d4'; echo 'bestmove d2d4'",
    );
    let (summary, out) = run_fake(&wild).unwrap();
    assert_eq!(summary.analysed, 1);
    let (_, _, eval) = analysis::lichess::read_line(out.trim()).unwrap();
    assert_eq!(eval.pvs.len(), 1);
    assert_eq!(eval.pvs[0].moves, "d2d4");

    // Garbage instead of lines: tried twice, then named and skipped.
    let garbage = fake_engine(
        &dir,
        "garbage",
        UCIOK,
        "echo 'zzz 12 pv'; echo 'bestmove zz'",
    );
    let (summary, out) = run_fake(&garbage).unwrap();
    assert_eq!((summary.analysed, summary.skipped.len()), (0, 1));
    assert!(
        summary.skipped[0].1.contains("garbage"),
        "{:?}",
        summary.skipped
    );
    assert!(out.is_empty());

    // Exits mid-search, every time: skipped.
    let exits = fake_engine(&dir, "exits", UCIOK, "echo 'info depth 1'; exit 3");
    let (summary, _) = run_fake(&exits).unwrap();
    assert_eq!(summary.skipped.len(), 1);
    assert!(
        summary.skipped[0].1.contains("exited"),
        "{:?}",
        summary.skipped
    );

    // Exits the first time only: restarted, the position tried once more.
    let marker = dir.join("once");
    let once = fake_engine(
        &dir,
        "once",
        UCIOK,
        &format!(
            "if [ ! -e {m} ]; then touch {m}; exit 3; fi; echo 'info depth 3 score mate -2 nodes 10 pv e2e4'; echo 'bestmove e2e4'",
            m = marker.display()
        ),
    );
    let (summary, out) = run_fake(&once).unwrap();
    assert_eq!((summary.analysed, summary.skipped.len()), (1, 0));
    assert!(out.contains(r#""mate":-2"#), "{out}");

    // Hangs: past the time limit, killed, tried again, skipped.
    let hangs = fake_engine(&dir, "hangs", UCIOK, "exec sleep 30");
    let (summary, _) = run_fake(&hangs).unwrap();
    assert_eq!(summary.skipped.len(), 1);
    assert!(
        summary.skipped[0].1.contains("no bestmove within"),
        "{:?}",
        summary.skipped
    );

    // Never says uciok (talks, then leaves): one clear error.
    let mute = fake_engine(&dir, "mute", "echo 'hello there'; exit 0", "true");
    let error = run_fake(&mute).unwrap_err();
    assert!(matches!(error, AnalyseError::Engine(_)), "{error}");
    assert!(error.to_string().contains("uciok"), "{error}");

    // No program there, or not an executable.
    let error = run_fake(&dir.join("missing")).unwrap_err();
    assert!(matches!(error, AnalyseError::Engine(_)), "{error}");
    let plain = dir.join("plain.txt");
    std::fs::write(&plain, "not a program").unwrap();
    assert!(matches!(run_fake(&plain), Err(AnalyseError::Engine(_))));
    std::fs::remove_dir_all(&dir).ok();
}

/// Not a test by itself: the child process the kill test kills. Analyses
/// `$CHESS960_EXPLORER_TEST_ANALYSE_DB` with Stockfish.
#[test]
#[ignore = "run by the kill test as a child process"]
fn child_analyser() {
    let Ok(db) = std::env::var(CHILD_DB) else {
        return;
    };
    analysis::analyse(&db, &real_options(), &|_, _| {}).unwrap();
}

fn real_options() -> AnalyseOptions {
    let mut options = AnalyseOptions::new(STOCKFISH);
    options.settings = Settings {
        nodes: 20_000,
        multipv: 2,
        ..Settings::new(STOCKFISH)
    };
    options.min_games = 4;
    options.engines = 2;
    options
}

fn export(db: &Path) -> String {
    let mut out = Vec::new();
    analysis::export(db, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// Whether Debian's Stockfish is here (test.sh installs it); says why
/// the test is skipped when not.
fn stockfish() -> bool {
    let here = Path::new(STOCKFISH).is_file();
    if !here {
        eprintln!("skipped: {STOCKFISH} is not installed (apt-get install stockfish)");
    }
    here
}

#[test]
fn an_analysis_killed_then_run_again_equals_one_run() {
    if !stockfish() {
        return;
    }
    let all = games(59, 400, 0);
    let base = temp_dir("analyse-kill");
    let (killed, whole) = (base.join("killed"), base.join("whole"));
    index_games(&all, &killed, &index_options());
    index_games(&all, &whole, &index_options());
    let total = analysis::to_analyse(&whole, &real_options()).unwrap().len();
    assert!(total > 20, "{total} positions only");
    let mut middles = 0;
    for delay in [300, 900] {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "analysis::child_analyser",
                "--exact",
                "--ignored",
                "--test-threads",
                "1",
            ])
            .env(CHILD_DB, &killed)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let stored = Explorer::open(&killed).unwrap().eval_count().unwrap();
        let left = analysis::to_analyse(&killed, &real_options())
            .unwrap()
            .len();
        assert_eq!(usize::try_from(stored).unwrap() + left, total);
        if stored > 0 && left > 0 {
            middles += 1;
        }
    }
    eprintln!("{middles} kill(s) fell mid-run");
    let summary = analysis::analyse(&killed, &real_options(), &|_, _| {}).unwrap();
    assert!(summary.skipped.is_empty(), "{:?}", summary.skipped);
    let once = analysis::analyse(&whole, &real_options(), &|_, _| {}).unwrap();
    assert_eq!(once.analysed, u64::try_from(total).unwrap());
    assert_eq!(export(&killed), export(&whole));
    // Run again: nothing left to do.
    let again = analysis::analyse(&whole, &real_options(), &|_, _| {}).unwrap();
    assert_eq!(again.positions, 0);
    // The question gives the position's evaluation and each move's.
    let explorer = Explorer::open(&whole).unwrap();
    let start = all[0].start;
    let answer = explorer
        .query(&Query {
            start,
            ..Query::default()
        })
        .unwrap();
    assert!(answer.eval.is_some());
    assert!(answer.moves.iter().any(|row| row.eval.is_some()));
    assert_eq!(
        explorer
            .eval(&Query {
                start,
                ..Query::default()
            })
            .unwrap(),
        answer.eval
    );
    std::fs::remove_dir_all(&base).ok();
}

/// An evaluation line in lichess's export format, searched with `nodes`.
fn line(fen: &str, cp: i32, nodes: u64) -> String {
    let first = if fen.contains(" w ") { "e2e4" } else { "e7e5" };
    format!(
        r#"{{"fen":"{fen}","evals":[{{"pvs":[{{"cp":{cp},"line":"{first}"}}],"knodes":{k},"depth":10,"engine":"X","nodes":{nodes},"multipv":1,"hash":16}}]}}"#,
        k = nodes / 1000
    )
}

#[test]
fn evaluations_survive_indexing_and_merges_keep_the_deeper() {
    let all = games(60, 120, 0);
    let base = temp_dir("evals-merge");
    let (a, b, into) = (base.join("a"), base.join("b"), base.join("into"));
    index_games(&all[..60], &a, &index_options());
    index_games(&all[60..100], &b, &index_options());
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let other = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -";
    let file = base.join("evals.jsonl");
    std::fs::write(
        &file,
        format!(
            "{}\n{}\nnot json\n",
            line(start, 10, 1000),
            line(other, -5, 9000)
        ),
    )
    .unwrap();
    let (stored, skipped) = analysis::import(&a, &file).unwrap();
    assert_eq!((stored, skipped.len()), (2, 1));
    assert_eq!(skipped[0].0, 3);
    // zstd, read by its magic number: a deeper one for the start.
    let deeper = zstd::encode_all(line(start, 22, 5000).as_bytes(), 3).unwrap();
    let zst = base.join("evals.jsonl.zst");
    std::fs::write(&zst, deeper).unwrap();
    assert_eq!(analysis::import(&b, &zst).unwrap(), (1, Vec::new()));
    // A shallower one is not stored; a line past the bound is named.
    let long = base.join("long.jsonl");
    let huge = format!(
        "{{\"fen\":\"{}\"}}",
        "x".repeat(analysis::MAX_IMPORT_LINE + 10)
    );
    std::fs::write(&long, format!("{huge}\n{}\n", line(start, 10, 1000))).unwrap();
    let (stored, skipped) = analysis::import(&b, &long).unwrap();
    assert_eq!(stored, 0);
    assert_eq!(skipped.len(), 1);
    assert_eq!(skipped[0].0, 1);
    assert!(skipped[0].1.starts_with("longer than"), "{skipped:?}");
    assert_eq!(analysis::import(&b, &file).unwrap().0, 1);
    merge(&[&a, &b], &into).unwrap();
    let cp = |db: &Path, fen: &str| {
        Explorer::open(db)
            .unwrap()
            .eval(&Query {
                fen: Some(fen.to_owned()),
                ..Query::default()
            })
            .unwrap()
            .map(|eval| eval.pvs[0].score)
    };
    assert_eq!(cp(&into, start), Some(Score::Cp(22)));
    assert_eq!(cp(&into, other), Some(Score::Cp(-5)));
    // More games indexed: the evaluations stay.
    index_games(&all[100..], &into, &index_options());
    assert_eq!(cp(&into, start), Some(Score::Cp(22)));
    assert_eq!(Explorer::open(&into).unwrap().eval_count().unwrap(), 2);
    // Exported and imported again: the same.
    let fresh = base.join("fresh");
    index_games(&all[..10], &fresh, &index_options());
    let exported = base.join("out.jsonl");
    std::fs::write(&exported, export(&into)).unwrap();
    analysis::import(&fresh, &exported).unwrap();
    assert_eq!(export(&fresh), export(&into));
    std::fs::remove_dir_all(&base).ok();
}

#[cfg(feature = "serve")]
#[test]
fn cloud_eval_answers_as_lichess() {
    use crate::serve::Running;
    let base = temp_dir("cloud-eval");
    let db = base.join("db");
    index_games(&games(61, 20, 0), &db, &index_options());
    let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf -";
    let file = base.join("evals.jsonl");
    std::fs::write(
        &file,
        format!(
            r#"{{"fen":"{fen}","evals":[{{"pvs":[{{"cp":35,"line":"e2e4 e7e5"}},{{"mate":-4,"line":"g2g3"}}],"knodes":1200,"depth":21}}]}}"#
        ),
    )
    .unwrap();
    analysis::import(&db, &file).unwrap();
    let mut server = Running::start(Explorer::open(&db).unwrap());
    let ask = fen.replace(' ', "_");
    let (status, body) = server.json(&format!(
        "/api/cloud-eval?fen={ask}&multiPv=5&variant=chess960"
    ));
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        serde_json::json!({"fen": fen, "knodes": 1200, "depth": 21, "pvs": [
            {"moves": "e2e4 e7e5", "cp": 35}, {"moves": "g2g3", "mate": -4}]})
    );
    let (_, body) = server.json(&format!("/api/cloud-eval?fen={ask}"));
    assert_eq!(body["pvs"].as_array().unwrap().len(), 1);
    // The question's answer carries it too.
    let (_, body) = server.json("/lichess?variant=chess960&start=0");
    assert_eq!(body["eval"]["pvs"][0]["cp"], 35);
    let (status, body) =
        server.json("/api/cloud-eval?fen=bbqnnrkr/pppppppp/8/8/4P3/8/PPPP1PPP/BBQNNRKR_b_HFhf_-");
    assert_eq!(status, 404);
    assert_eq!(
        body,
        serde_json::json!({"error": "No cloud evaluation available for that position"})
    );
    for (target, parameter) in [
        ("/api/cloud-eval", "fen"),
        ("/api/cloud-eval?fen=xyz", "fen"),
        ("/api/cloud-eval?fen=8/8/8/8/8/8/8/8_w_-_-", "fen"),
        (
            &*format!("/api/cloud-eval?fen={ask}&multiPv=zero"),
            "multiPv",
        ),
        (
            &*format!("/api/cloud-eval?fen={ask}&variant=atomic"),
            "variant",
        ),
        (&*format!("/api/cloud-eval?fen={ask}&fen={ask}"), "fen"),
    ] {
        let (status, body) = server.json(target);
        assert_eq!(status, 400, "{target}: {body}");
        assert_eq!(body["parameter"], parameter, "{target}: {body}");
    }
    server.stop();
    std::fs::remove_dir_all(&base).ok();
}
