//! Faults lose nothing: a writer killed at any moment leaves a db that
//! opens and answers as after its last batch, and a rerun completes it; a
//! second writer, a db of another format and a compressed file cut short
//! are told apart with clear errors.

use crate::common::{TestGame, games, pgn, temp_dir};
use crate::exact::answers;
use chess960_archive::Archive;
use chess960_explorer::{Error, Explorer, IndexOptions, index};
use std::io::Read;
use std::path::Path;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

const CHILD_DB: &str = "CHESS960_EXPLORER_TEST_DB";
const CHILD_INPUT: &str = "CHESS960_EXPLORER_TEST_INPUT";

fn options() -> IndexOptions {
    IndexOptions {
        plies: 8,
        batch_games: 20,
        ..IndexOptions::default()
    }
}

/// Not a test by itself: the child process the tests kill. Indexes the
/// file `$CHESS960_EXPLORER_TEST_INPUT` into `$CHESS960_EXPLORER_TEST_DB`
/// in batches of 20 games; with no file named, holds the db open for a
/// minute.
#[test]
#[ignore = "run by the fault tests as a child process"]
fn child_indexer() {
    let Ok(db) = std::env::var(CHILD_DB) else {
        return;
    };
    if let Ok(input) = std::env::var(CHILD_INPUT) {
        index(&Archive::new().path(input).threads(1), &db, &options()).unwrap();
    } else {
        {
            /// A reader that waits a minute before it ends.
            struct Slow;
            impl Read for Slow {
                fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                    std::thread::sleep(Duration::from_secs(60));
                    Ok(0)
                }
            }
            index(
                &Archive::new().reader("slow", std::io::BufReader::new(Slow)),
                &db,
                &options(),
            )
            .unwrap();
        }
    }
}

fn spawn_child(db: &Path, input: Option<&Path>) -> Child {
    child_command(db, input)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap()
}

/// The command that runs [`child_indexer`] on `db` (and `input`).
fn child_command(db: &Path, input: Option<&Path>) -> Command {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command
        .args([
            "faults::child_indexer",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env(CHILD_DB, db)
        .env_remove(CHILD_INPUT);
    if let Some(input) = input {
        command.env(CHILD_INPUT, input);
    }
    command
}

/// Games in the db, or 0 when it was never set up.
fn games_in(db: &Path) -> usize {
    match Explorer::open(db) {
        Ok(explorer) => usize::try_from(explorer.games().unwrap()).unwrap(),
        Err(Error::Missing(_)) => 0,
        Err(error) => panic!("the db does not open after a kill: {error}"),
    }
}

/// Asserts that the db in `db` holds `all` once each and answers as a
/// fresh db of them (made in `base`).
fn assert_whole(db: &Path, all: &[TestGame], base: &Path) {
    assert_eq!(games_in(db), all.len());
    let whole = base.join("whole");
    crate::counts::index_games(all, &whole, &options());
    assert_eq!(answers(db, all), answers(&whole, all));
}

#[test]
fn a_writer_killed_at_any_moment_loses_nothing() {
    let all = games(37, 1200, 0);
    let base = temp_dir("kill");
    let input = base.join("games.pgn");
    std::fs::write(&input, pgn(&all)).unwrap();
    let db = base.join("db");
    let mut middles = 0;
    let mut last = 0;
    // (The child replays every game whole before its first batch; the
    // longer delays only when a slow machine has let no kill fall
    // between two batches yet.)
    for delay in [
        30, 120, 250, 400, 700, 1000, 1600, 2500, 4000, 6400, 10_000, 16_000, 25_000,
    ] {
        if delay > 4000 && (middles > 0 || last == all.len()) {
            break;
        }
        let mut child = spawn_child(&db, Some(&input));
        std::thread::sleep(Duration::from_millis(delay));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let count = games_in(&db);
        assert!(count >= last, "{count} games after a kill, {last} before");
        last = count;
        if count > 0 && count < all.len() {
            middles += 1;
            // As after its last batch: the first `count` games, each once.
            let fresh = base.join(format!("fresh-{count}"));
            crate::counts::index_games(&all[..count], &fresh, &options());
            assert_eq!(answers(&db, &all[..count]), answers(&fresh, &all[..count]));
        }
    }
    assert!(
        middles > 0,
        "no kill fell between two batches: the child was too fast or too slow"
    );
    // A rerun completes it, counting nothing twice.
    let mut child = spawn_child(&db, Some(&input));
    assert!(child.wait().unwrap().success());
    assert_whole(&db, &all, &base);
    std::fs::remove_dir_all(&base).ok();
}

/// Indexes `all` into a new folder that holds `leftover` as the file a
/// new db is made in (what a writer killed while making the db leaves):
/// the folder reads as holding no db, and the index makes it whole, the
/// leftover gone.
fn made_past_a_leftover(name: &str, leftover: &[u8], all: &[TestGame]) {
    let base = temp_dir(name);
    let db = base.join("db");
    std::fs::create_dir_all(&db).unwrap();
    let new = db.join("explorer.redb.new");
    std::fs::write(&new, leftover).unwrap();
    assert!(matches!(
        Explorer::open(&db).unwrap_err(),
        Error::Missing(_)
    ));
    assert_eq!(games_in(&db), 0);
    let archive = Archive::new().reader("g.pgn", std::io::Cursor::new(pgn(all)));
    index(&archive, &db, &options()).unwrap();
    assert!(!new.exists());
    assert_whole(&db, all, &base);
    std::fs::remove_dir_all(&base).ok();
}

/// A writer killed before the first commit of a new db leaves a file not
/// yet a db, under the name the db is made in: the next index makes the
/// db.
#[test]
fn a_writer_killed_while_making_the_db_leaves_none() {
    made_past_a_leftover("making", &[0u8; 4096], &games(53, 30, 0));
}

/// A db file left whole but not yet named (a writer killed between
/// setting it up and naming it), made with other plies: the next index
/// makes the db afresh, with its own settings.
#[test]
fn a_db_left_unnamed_is_made_afresh() {
    let all = games(67, 9, 0);
    let other = temp_dir("unnamed-other");
    let archive = Archive::new().reader("g.pgn", std::io::Cursor::new(pgn(&all)));
    let nine = IndexOptions {
        plies: 9,
        ..options()
    };
    index(&archive, &other, &nine).unwrap();
    let leftover = std::fs::read(other.join(chess960_explorer::store::FILE)).unwrap();
    made_past_a_leftover("unnamed", &leftover, &all);
    std::fs::remove_dir_all(&other).ok();
}

/// Two writers making one new db at once: each either makes it or is
/// refused as busy, and the db holds every game once.
#[test]
fn two_writers_making_one_db_at_once() {
    let all = games(71, 600, 0);
    let base = temp_dir("two-makers");
    let input = base.join("games.pgn");
    std::fs::write(&input, pgn(&all)).unwrap();
    let db = base.join("db");
    // Both children started before either is waited for, their errors
    // kept.
    let spawn = || {
        child_command(&db, Some(&input))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (first, second) = (spawn(), spawn());
    let mut made = 0;
    for child in [first, second] {
        let output = child.wait_with_output().unwrap();
        if output.status.success() {
            made += 1;
        } else {
            // The child's panic, as its test harness reports it.
            let said =
                String::from_utf8_lossy(&output.stdout) + String::from_utf8_lossy(&output.stderr);
            assert!(said.contains("Busy("), "{said}");
        }
    }
    assert!(made >= 1);
    assert_whole(&db, &all, &base);
    std::fs::remove_dir_all(&base).ok();
}

#[test]
fn a_second_writer_is_refused() {
    let base = temp_dir("busy");
    let db = base.join("db");
    let mut child = spawn_child(&db, None);
    // Wait for the child to make the db.
    let started = Instant::now();
    while games_in_safe(&db) && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let games: Vec<TestGame> = games(41, 5, 0);
    let archive = Archive::new().reader("g.pgn", std::io::Cursor::new(pgn(&games)));
    let error = index(&archive, &db, &options()).unwrap_err();
    assert!(matches!(error, Error::Busy(_)), "{error}");
    assert!(
        error.to_string().contains("the db is open elsewhere"),
        "{error}"
    );
    assert!(matches!(Explorer::open(&db).unwrap_err(), Error::Busy(_)));
    child.kill().unwrap();
    child.wait().unwrap();
    std::fs::remove_dir_all(&base).ok();
}

/// Whether the db has not been made yet (or is not yet locked).
fn games_in_safe(db: &Path) -> bool {
    !db.join(chess960_explorer::store::FILE).exists() || Explorer::open(db).is_ok()
}

#[test]
fn a_db_of_another_format_version_is_refused() {
    let base = temp_dir("version");
    let db = base.join("db");
    let archive = Archive::new().reader("g.pgn", std::io::Cursor::new(pgn(&games(43, 5, 0))));
    index(&archive, &db, &options()).unwrap();
    {
        let file = redb::Database::open(db.join(chess960_explorer::store::FILE)).unwrap();
        let txn = file.begin_write().unwrap();
        {
            let meta: redb::TableDefinition<&str, &[u8]> = redb::TableDefinition::new("meta");
            let mut meta = txn.open_table(meta).unwrap();
            meta.insert("format", 99u32.to_le_bytes().as_slice())
                .unwrap();
        }
        txn.commit().unwrap();
    }
    let error = Explorer::open(&db).unwrap_err();
    assert!(matches!(error, Error::Version { found: 99, .. }), "{error}");
    assert!(error.to_string().contains("format version 99"), "{error}");
    let archive = Archive::new().reader("g.pgn", std::io::Cursor::new(pgn(&games(43, 5, 0))));
    assert!(matches!(
        index(&archive, &db, &options()).unwrap_err(),
        Error::Version { .. }
    ));
    std::fs::remove_dir_all(&base).ok();
}

#[test]
fn a_db_of_other_plies_is_refused() {
    let base = temp_dir("plies");
    let db = base.join("db");
    let archive = || Archive::new().reader("g.pgn", std::io::Cursor::new(pgn(&games(47, 5, 0))));
    index(&archive(), &db, &options()).unwrap();
    let other = IndexOptions {
        plies: 9,
        ..options()
    };
    let error = index(&archive(), &db, &other).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("the db indexes 8 plies a game, not 9"),
        "{error}"
    );
    std::fs::remove_dir_all(&base).ok();
}

#[test]
fn a_compressed_file_cut_short_keeps_the_games_before_the_cut() {
    let all = games(53, 600, 0);
    let base = temp_dir("cut");
    let compressed = zstd::encode_all(pgn(&all).as_bytes(), 3).unwrap();
    let path = base.join("games.pgn.zst");
    std::fs::write(&path, &compressed[..compressed.len() / 2]).unwrap();
    let db = base.join("db");
    let summary = index(&Archive::new().path(&path), &db, &options()).unwrap();
    assert!(
        summary.added > 100 && summary.added < 600,
        "{}",
        summary.added
    );
    let skips = &summary.reading.input_skips;
    assert_eq!(skips.len(), 1);
    let shown = skips[0].to_string();
    assert!(
        shown.starts_with(&format!(
            "{}: input: reading stopped at byte",
            path.display()
        )),
        "{shown}"
    );
    // The games before the cut, as a db of them alone.
    let fresh = base.join("fresh");
    let count = usize::try_from(summary.added).unwrap();
    crate::counts::index_games(&all[..count], &fresh, &options());
    assert_eq!(answers(&db, &all[..count]), answers(&fresh, &all[..count]));
    std::fs::remove_dir_all(&base).ok();
}
