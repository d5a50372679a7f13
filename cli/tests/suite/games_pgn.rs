//! `chess960 games --start SET` and `--pgn`: only the games of a set of
//! starts, and their records copied as they stand in the input, from plain,
//! compressed and standard input alike.

use crate::common::{run, run_with_input};
use std::io::Write as _;

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A game from White's and Black's back ranks, with LF or CRLF line ends.
fn game(number: usize, white: &str, black: &str, result: &str, crlf: bool) -> String {
    let text = format!(
        "[Event \"Game {number}\"]\n[White \"w{number}\"]\n[Black \"b\"]\n[Result \"{result}\"]\n\
         [Variant \"Chess960\"]\n[FEN \"{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1\"]\n\n\
         1. e4 {{ [%clk 0:03:00] a comment\n over two lines }} ( 1. d4 ) ; rest of line\n1... e5 {result}\n\n",
        black.to_lowercase()
    );
    if crlf {
        text.replace('\n', "\r\n")
    } else {
        text
    }
}

/// Ids 0, 451, 518, 959.
const RANKS: [&str; 4] = ["BBQNNRKR", "BRNNKQRB", "RNBQKBNR", "RKRNNQBB"];

/// 40 games: game `n` starts from `RANKS[n % 4]` (every fifth a double
/// Chess960 game with Black on `RANKS[(n + 1) % 4]`).
fn archive(crlf: bool) -> Vec<String> {
    (0..40)
        .map(|n| {
            let white = RANKS[n % 4];
            let black = if n % 5 == 0 {
                RANKS[(n + 1) % 4]
            } else {
                white
            };
            game(n, white, black, ["1-0", "0-1", "1/2-1/2"][n % 3], crlf)
        })
        .collect()
}

fn ids(n: usize) -> (usize, usize) {
    let id = [0, 451, 518, 959];
    (
        id[n % 4],
        if n % 5 == 0 {
            id[(n + 1) % 4]
        } else {
            id[n % 4]
        },
    )
}

#[test]
fn pgn_of_every_game_is_the_input_byte_for_byte() {
    for crlf in [false, true] {
        let input = archive(crlf).concat();
        let output = run_with_input(&["games", "--pgn"], input.as_bytes());
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert_eq!(text(&output.stdout), input, "crlf {crlf}");
    }
}

#[test]
fn start_sets_pick_the_games_of_their_starts() {
    let games = archive(false);
    let input = games.concat();
    for (set, wanted) in [
        ("451", &[451][..]),
        ("SP451", &[451]),
        ("brnnkqrb", &[451]),
        ("0,959", &[0, 959]),
        ("0-518", &[0, 451, 518]),
        ("BBQNNRKR,RKRNNQBB", &[0, 959]),
        ("0-959", &[0, 451, 518, 959]),
    ] {
        let expected: String = (0..games.len())
            .filter(|&n| {
                let (white, black) = ids(n);
                wanted.contains(&white) && wanted.contains(&black)
            })
            .map(|n| games[n].as_str())
            .collect();
        let output = run_with_input(&["games", "--start", set, "--pgn"], input.as_bytes());
        assert!(output.status.success(), "{set}: {}", text(&output.stderr));
        assert_eq!(text(&output.stdout), expected, "{set}");
        // The rows per game name the same games.
        let rows = run_with_input(&["games", "--start", set, "--games"], input.as_bytes());
        let numbers: Vec<String> = text(&rows.stdout)
            .lines()
            .skip(1)
            .map(|line| line.split('\t').nth(1).unwrap().to_owned())
            .collect();
        let expected_numbers: Vec<String> = (0..games.len())
            .filter(|&n| {
                let (white, black) = ids(n);
                wanted.contains(&white) && wanted.contains(&black)
            })
            .map(|n| (n + 1).to_string())
            .collect();
        assert_eq!(numbers, expected_numbers, "{set}");
        // And the statistics of the copied records are those of the set.
        let stats = run_with_input(&["games", "--start", set], input.as_bytes());
        let again = run_with_input(&["games"], &output.stdout);
        assert_eq!(text(&again.stdout), text(&stats.stdout), "{set}");
    }
}

#[test]
fn a_bad_start_set_is_one_line_and_exit_status_2() {
    for set in ["960", "5-2", "", "RNBQKBNX", "0,,1"] {
        let output = run_with_input(&["games", "--start", set], b"");
        assert_eq!(output.status.code(), Some(2), "{set:?}");
        let stderr = text(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{set:?}: {stderr}");
        assert!(stderr.contains("--start"), "{stderr}");
        assert!(output.stdout.is_empty());
    }
    let output = run_with_input(&["games", "--pgn", "--games"], b"");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn pgn_reads_compressed_and_standard_input_alike() {
    let input = archive(false).concat();
    let plain = run_with_input(&["games", "--start", "518", "--pgn"], input.as_bytes());
    assert!(plain.status.success());
    let dir = std::env::temp_dir().join(format!("chess960-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let zst = dir.join("games.pgn.zst");
    std::fs::write(&zst, zstd::encode_all(input.as_bytes(), 3).unwrap()).unwrap();
    let gz = dir.join("games.pgn.gz");
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(input.as_bytes()).unwrap();
    std::fs::write(&gz, encoder.finish().unwrap()).unwrap();
    for path in [&zst, &gz] {
        let output = run(&["games", path.to_str().unwrap(), "--start", "518", "--pgn"]);
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert_eq!(output.stdout, plain.stdout, "{}", path.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unreadable_records_are_counted_not_copied() {
    let good = game(1, "RNBQKBNR", "RNBQKBNR", "1-0", false);
    let bad = "[Event \"no closing quote]\n\n1. e4 *\n\n";
    let input = format!("{good}{bad}{good}");
    let output = run_with_input(&["games", "--pgn"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(text(&output.stdout), format!("{good}{good}"));
    assert!(text(&output.stderr).contains("game 2 at byte"));
}

#[test]
fn the_last_record_without_a_line_end_gets_one() {
    let input = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 *   ";
    let output = run_with_input(&["games", "--pgn"], input.as_bytes());
    assert!(output.status.success());
    assert_eq!(text(&output.stdout), format!("{input}\n\n"));
    // A game with no movetext before the next game's tags, and blank lines
    // after a record: one blank line after each record.
    let input = "[Event \"a\"]\n[Event \"b\"]\n\n*\n\n\n\n";
    let output = run_with_input(&["games", "--pgn"], input.as_bytes());
    assert_eq!(
        text(&output.stdout),
        "[Event \"a\"]\n\n[Event \"b\"]\n\n*\n\n"
    );
}
