//! End-to-end tests of the built `chess960` binary.

use crate::common::{BINARY, failure, json_lines, run, run_with_input, stdout};
use std::process::{Command, Stdio};

#[test]
fn an_id_shows_its_rank_and_a_rank_its_id() {
    assert!(stdout(&["518"]).starts_with("SP 518  RNBQKBNR\n"));
    assert!(stdout(&["RNBQKBNR"]).starts_with("SP 518  RNBQKBNR\n"));
    assert!(stdout(&["rnbqkbnr"]).starts_with("SP 518  RNBQKBNR\n"));
    assert!(stdout(&["show", "SP-959"]).starts_with("SP 959  RKRNNQBB\n"));
    assert_eq!(stdout(&["0"]), stdout(&["show", "BBQNNRKR"]));
}

#[test]
fn show_draws_the_board() {
    let ascii = stdout(&["show", "--ascii", "518"]);
    assert!(
        ascii.contains("8  r n b q k b n r\n7  p p p p p p p p\n"),
        "{ascii}"
    );
    assert!(
        ascii.contains("1  R N B Q K B N R\n   a b c d e f g h\n"),
        "{ascii}"
    );
    let unicode = stdout(&["518"]);
    assert!(unicode.contains("1  ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖\n"), "{unicode}");
    assert!(!unicode.contains('\x1b'), "NO_COLOR must turn colour off");
}

#[test]
fn show_json_is_machine_readable() {
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["show", "--json", "451"])).unwrap();
    assert_eq!(json["id"], 451);
    assert_eq!(json["rank"], "BRNNKQRB");
    assert_eq!(json["light_bishop"], 3);
    assert_eq!(json["dark_bishop"], 0);
    assert_eq!(json["queen_slot"], 4);
    assert_eq!(json["knight_code"], 4);
    assert_eq!(json["files"]["king"], "e");
    assert_eq!(json["files"]["rooks"], serde_json::json!(["b", "g"]));
}

#[test]
fn bad_positions_exit_2_with_one_line() {
    let cases: [(&str, &str); 8] = [
        ("", "no position given"),
        ("960", "start position 960 does not exist"),
        ("-1", "start position ids are not negative"),
        (
            "RNBQKBN",
            "a back rank has 8 squares, but 7 characters were given",
        ),
        ("RNBQKBNQ", "a start rank has 1 queen, but this one has 2"),
        ("RNBQKBNé", "is not a piece letter"),
        ("RNBKQNBR", "same colour"),
        ("KRBQRBNN", "is not between the rooks"),
    ];
    for (input, message) in cases {
        let stderr = failure(&[input]);
        assert!(stderr.starts_with("chess960: "), "{input:?}: {stderr}");
        assert!(stderr.contains(message), "{input:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{input:?}: {stderr}");
    }
}

#[test]
fn a_huge_argument_is_refused_cleanly() {
    // Linux caps one argument at 128 KiB; a megabyte goes through stdin below.
    let huge = "R".repeat(100_000);
    let stderr = failure(&[&huge]);
    assert!(
        stderr.contains("100000 characters"),
        "{}",
        &stderr[..200.min(stderr.len())]
    );
    let digits = "9".repeat(100_000);
    assert!(failure(&[&digits]).contains("a number of 100000 digits was given"));
}

#[test]
fn usage_errors_exit_2() {
    let output = run(&["--no-such-option"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(run(&["--help"]).status.success());
    assert!(run(&["--version"]).status.success());
}

#[test]
fn convert_reads_arguments_or_lines() {
    assert_eq!(stdout(&["convert", "RNBQKBNR", "sp0"]), "518\n0\n");
    assert_eq!(
        stdout(&["convert", "--to", "rank", "518", "959"]),
        "RNBQKBNR\nRKRNNQBB\n"
    );
    assert_eq!(
        stdout(&["convert", "--to", "black-rank", "518"]),
        "rnbqkbnr\n"
    );
    let output = run_with_input(&["convert", "--to", "rank"], b"518\n\n 0 \nrkrnnqbb\n");
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "RNBQKBNR\nBBQNNRKR\nRKRNNQBB\n"
    );
}

#[test]
fn convert_names_the_bad_line() {
    let output = run_with_input(&["convert"], b"518\nRNBQKBNQ\n0\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "518\n");
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "chess960: line 2: a start rank has 1 queen, but this one has 2\n"
    );
    // Issue 15: clap's usage errors are one line too.
    let stderr = failure(&["convert", "--to", "fen2", "518"]);
    assert!(
        stderr.starts_with("chess960: invalid value 'fen2' for '--to <TO>' [possible values: id, "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1);
}

#[test]
fn a_megabyte_on_standard_input_is_refused_cleanly() {
    let output = run_with_input(&["convert"], "R".repeat(1 << 20).as_bytes());
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    // Issue 15: a line is read at most 4096 bytes far; the rest is skipped.
    assert_eq!(
        stderr,
        "chess960: line 1 is longer than 4096 bytes (1048576): a start FEN has at most 90\n"
    );
    let garbage: Vec<u8> = (0..1 << 20)
        .map(|i: u32| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let output = run_with_input(&["convert"], &garbage);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .starts_with("chess960: line ")
    );
}

#[test]
fn dice_turns_a_record_into_its_position() {
    assert_eq!(stdout(&["dice", "die", "2-3-3-2-3"]), "518 RNBQKBNR\n");
    assert_eq!(
        stdout(&["dice", "althofer", "2", "3", "3", "4", "2"]),
        "518 RNBQKBNR\n"
    );
    assert_eq!(
        stdout(&["dice", "one-coin", "T,H,T,T,H,H,H,H,T,T"]),
        "707 BRKQNNRB\n"
    );
    assert_eq!(
        stdout(&["dice", "cards", "RcNfQaRNbRdegh"]),
        "518 RNBQKBNR\n"
    );
    assert_eq!(
        stdout(&["dice", "d4-d4-d6-d10", "3", "2", "3", "6"])
            .split(' ')
            .next(),
        Some("518")
    );
}

#[test]
fn dice_names_the_throw_to_repeat() {
    let stderr = failure(&["dice", "die", "2-3-3-2-6"]);
    assert_eq!(
        stderr,
        "chess960: the throw or toss from the 5th outcome on gave 6, which must be repeated, but the record ends there\n"
    );
    assert!(
        failure(&["dice", "die", "2-3-9"])
            .contains("the 3rd outcome shows 9, but the d6 has faces 1 to 6")
    );
    assert!(failure(&["dice", "one-coin", "THX"]).contains("'X' is not a coin"));
    assert!(failure(&["dice", "die", "two"]).contains("'two' is not a die face"));
    assert!(failure(&["dice", "nonsense", "1"]).starts_with("chess960: invalid value 'nonsense'"));
}

/// Each method is named as its function in `chess960::draw`, and the names
/// of earlier versions still work: both give the position the library gives.
#[test]
fn dice_methods_take_the_draw_function_names() {
    use chess960::draw::{self, Coin};
    let coins: Vec<Coin> = "THTTHHHHTT"
        .chars()
        .map(|letter| {
            if letter == 'H' {
                Coin::Heads
            } else {
                Coin::Tails
            }
        })
        .collect();
    let cases = [
        (
            "althofer-die",
            "die",
            "2-3-3-2-3",
            draw::althofer_die(&[2, 3, 3, 2, 3]),
        ),
        (
            "one-coin-binary",
            "one-coin",
            "THTTHHHHTT",
            draw::one_coin_binary(&coins),
        ),
        (
            "ten-bit-layout",
            "ten-bit",
            "THTTHHHHTT",
            draw::ten_bit_layout(&coins),
        ),
        (
            "fourteen-cards",
            "cards",
            "RcNfQaRNbRdegh",
            Ok(chess960::Position::STANDARD),
        ),
    ];
    for (name, alias, outcomes, expected) in cases {
        let position = expected.unwrap();
        let line = format!("{} {position}\n", position.id());
        assert_eq!(stdout(&["dice", name, outcomes]), line, "{name}");
        assert_eq!(stdout(&["dice", alias, outcomes]), line, "{alias}");
    }
    let help = stdout(&["dice", "--help"]);
    for name in [
        "althofer-die",
        "optimised-die",
        "d8-d4-d6-d20",
        "d8-d4-d6-d20-d12",
        "d4-d4-d6-d10",
        "two-coins",
        "three-coins",
        "one-coin-binary",
        "ten-bit-layout",
        "fourteen-cards",
    ] {
        assert!(help.contains(&format!("- {name}:")), "{name}: {help}");
    }
}

#[test]
fn random_is_reproducible_with_a_seed() {
    let first = stdout(&["random", "--count", "5", "--seed", "42"]);
    assert_eq!(first, stdout(&["random", "-n", "5", "--seed", "42"]));
    assert_eq!(first.lines().count(), 5);
    for line in first.lines() {
        let (id, rank) = line.split_once(' ').unwrap();
        assert_eq!(
            stdout(&["convert", "--to", "rank", id]),
            format!("{rank}\n")
        );
    }
    let excluded = stdout(&["random", "-n", "2000", "--seed", "1", "--exclude", "518,0"]);
    assert!(
        !excluded
            .lines()
            .any(|line| line.starts_with("518 ") || line.starts_with("0 "))
    );
    // Issue 12: a stream is JSON Lines, one object a line.
    let json = json_lines(&stdout(&["random", "--json", "-n", "2", "--seed", "3"]));
    assert_eq!(json.len(), 2);
    assert_eq!(
        format!("{} {}\n", json[0]["id"], json[0]["rank"].as_str().unwrap()),
        stdout(&["random", "-n", "1", "--seed", "3"])
    );
    let all: Vec<String> = (0..960).map(|id| id.to_string()).collect();
    let stderr = failure(&["random", "--exclude", &all.join(",")]);
    assert!(
        stderr.contains("every start position is excluded"),
        "{stderr}"
    );
    assert!(failure(&["random", "--exclude", "960"]).contains("--exclude 960: start position 960"));
}

#[test]
fn tables_are_laid_out_as_in_the_reference_text() {
    let kings = stdout(&["tables", "kings"]);
    assert!(
        kings.contains("\n  0 QNNRKR    336 NRKQRN    672 QRKNNR\n"),
        "{kings}"
    );
    assert!(kings.contains("\n320 NRQKRN    656 RNKRNQ\n"), "{kings}");
    let bishops = stdout(&["tables", "bishops"]);
    assert!(
        bishops.contains("    abcdefgh\n  0 BB------\n"),
        "{bishops}"
    );
    assert!(bishops.ends_with(" 15 ------BB\n"), "{bishops}");
    let skeleton = stdout(&["tables", "nq-skeleton"]);
    assert!(
        skeleton.contains("\n  0 QNN---    192 QN--N-    384 Q-NN--    576 Q-N--N    768 Q--N-N\n")
    );
    let all = stdout(&["tables"]);
    for heading in [
        "King's table",
        "Bishop's table",
        "NQ-skeleton table",
        "KRN table",
        "Fritz 9",
    ] {
        assert!(all.contains(heading), "{heading}");
    }
}

#[test]
fn show_lists_fens_numbers_and_castling() {
    let text = stdout(&["518"]);
    for line in [
        "X-FEN         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
        "Shredder-FEN  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n",
        "Mirror        534 RNBKQBNR\n",
        "Fritz 9       359\n",
        "1-based       518\n",
        "Bishops       code 6: light f1 (2), dark c1 (1)\n",
        "Queen         slot 2 (d1)\n",
        "Knights       code 5 (b1, g1)\n",
        "Castling      O-O-O Ke1-c1, Ra1-d1  (UCI e1a1 or e1c1)\n",
        "              O-O   Ke1-g1, Rh1-f1  (UCI e1h1 or e1g1)\n",
    ] {
        assert!(text.contains(line), "{line}{text}");
    }
    let zero = stdout(&["0"]);
    assert!(
        zero.contains("O-O   Kg1 stays, Rh1-f1  (UCI g1h1)\n"),
        "{zero}"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&["--json", "518"])).unwrap();
    assert_eq!(
        json["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        (
            json["mirror"].clone(),
            json["fritz9"].clone(),
            json["one_based"].clone()
        ),
        (534.into(), 359.into(), 518.into())
    );
    assert_eq!(json["castling"][1]["uci"], "e1h1");
    assert_eq!(json["castling"][1]["uci_king_move"], "e1g1");
}

#[test]
fn a_start_fen_is_read_as_its_position() {
    let fen = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1";
    assert!(stdout(&[fen]).starts_with("SP 959  RKRNNQBB\n"));
    // Issue 12: a FEN that departs from its start is that start, with a note
    // saying how (it was refused with "White moves first").
    let text = stdout(&["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"]);
    assert!(
        text.starts_with("SP 518  RNBQKBNR\nThe FEN departs from this start: Black to move\n\n"),
        "{text}"
    );
}

#[test]
fn convert_writes_every_notation() {
    let cases: [(&[&str], &str); 8] = [
        (
            &["--to", "fen", "518"],
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
        ),
        (
            &["--to", "shredder-fen", "0"],
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n",
        ),
        (&["--to", "mirror", "518"], "534\n"),
        (&["--to", "fritz9", "518"], "359\n"),
        (&["--to", "one-based", "0"], "960\n"),
        (&["--from", "fritz9", "--to", "rank", "359"], "RNBQKBNR\n"),
        (&["--from", "one-based", "960"], "0\n"),
        (&["--from", "one-based", "1"], "1\n"),
    ];
    for (args, expected) in cases {
        let mut all = vec!["convert"];
        all.extend_from_slice(args);
        assert_eq!(stdout(&all), expected, "{args:?}");
    }
    assert!(failure(&["convert", "--from", "fritz9", "0"]).contains("run from 1 to 960"));
    assert!(
        failure(&["convert", "--from", "one-based", "RNBQKBNR"])
            .contains("is not a 1-based number")
    );
}

/// Every row of the table, in each format, agrees with the library.
#[test]
fn table_rows_parse_back_and_agree_with_the_library() {
    use chess960::{FenStyle, Position};
    let tsv = stdout(&["table"]);
    let mut lines = tsv.lines();
    assert_eq!(
        lines.next(),
        Some(
            "id\trank\tfen\tshredder_fen\tmirror\tfritz9\tone_based\tbishop_code\tqueen_slot\tknight_code\teval_cp\teval_best"
        )
    );
    let rows: Vec<Vec<&str>> = lines.map(|line| line.split('\t').collect()).collect();
    assert_eq!(rows.len(), 960);
    for (position, row) in Position::all().zip(&rows) {
        assert_eq!(row[0].parse::<u16>().unwrap(), position.id());
        assert_eq!(row[1].parse::<Position>().unwrap(), position);
        assert!(row[2].ends_with(" w KQkq - 0 1"));
        assert_eq!(Position::from_fen(row[2]).unwrap(), position);
        assert_eq!(row[3], position.fen(FenStyle::Shredder).as_str());
        assert_eq!(Position::from_fen(row[3]).unwrap(), position);
        assert_eq!(row[4].parse::<u16>().unwrap(), position.mirrored().id());
        assert_eq!(
            Position::from_fritz9(row[5].parse().unwrap()).unwrap(),
            position
        );
        assert_eq!(
            Position::from_one_based(row[6].parse().unwrap()).unwrap(),
            position
        );
    }
    let csv = stdout(&["table", "--format", "csv"]);
    assert_eq!(csv.replace(',', "\t"), tsv);
    let json: Vec<serde_json::Value> =
        serde_json::from_str(&stdout(&["table", "--format", "json"])).unwrap();
    assert_eq!(json.len(), 960);
    for (position, row) in Position::all().zip(&json) {
        assert_eq!(row["id"], position.id());
        assert_eq!(row["rank"], position.as_str());
        assert_eq!(row["fen"], position.fen(FenStyle::XFen).as_str());
    }
}

#[test]
fn color_is_off_in_a_pipe_and_on_when_asked() {
    assert!(!stdout(&["518"]).contains('\x1b'));
    let output = Command::new(BINARY)
        .args(["--color", "auto", "518"])
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    assert!(!String::from_utf8(output.stdout).unwrap().contains('\x1b'));
    assert!(stdout(&["--color", "always", "518"]).contains("\x1b[48;5;"));
    assert!(!stdout(&["show", "--color", "never", "518"]).contains('\x1b'));
}

/// The CLI README's session stays true: every `$ chess960 ...` line prints what
/// the README shows after it. `printf '...' |` feeds standard input, `| head
/// -N` keeps the first lines, and `; echo "exit $?"` adds standard error and
/// the exit code.
#[test]
fn readme_session_is_what_the_command_prints() {
    let readme = include_str!("../../README.md");
    let start = readme.find("```console\n").unwrap();
    let session = &readme[start + "```console\n".len()..];
    let session = &session[..session.find("```").unwrap()];
    let mut checked = 0;
    let mut lines = session.lines().peekable();
    while let Some(line) = lines.next() {
        let mut command = line.strip_prefix("$ ").unwrap();
        let mut expected = String::new();
        while let Some(output) = lines.next_if(|next| !next.starts_with("$ ")) {
            expected.push_str(output);
            expected.push('\n');
        }
        let mut input = None;
        if let Some(rest) = command.strip_prefix("printf '") {
            let (text, rest) = rest.split_once("' | ").unwrap();
            input = Some(text.replace("\\n", "\n"));
            command = rest;
        }
        let (command, show_exit) = match command.strip_suffix("; echo \"exit $?\"") {
            Some(command) => (command, true),
            None => (command, false),
        };
        let (command, head) = match command.split_once(" | head -") {
            Some((command, count)) if !count.contains('|') => {
                (command, Some(count.parse().unwrap()))
            }
            Some(_) => continue,
            None => (command, None),
        };
        let args: Vec<&str> = command
            .strip_prefix("chess960 ")
            .unwrap()
            .split_whitespace()
            .collect();
        let output = run_with_input(&args, input.unwrap_or_default().as_bytes());
        let mut actual = String::from_utf8(output.stdout).unwrap();
        if let Some(count) = head {
            let kept: Vec<&str> = actual.lines().take(count).collect();
            actual = kept.join("\n") + "\n";
        }
        if show_exit {
            actual.push_str(&String::from_utf8(output.stderr).unwrap());
            actual += &["exit ", &output.status.code().unwrap().to_string(), "\n"].concat();
        } else {
            assert!(output.status.success(), "$ {line}");
        }
        assert_eq!(actual, expected, "$ {line}");
        checked += 1;
    }
    assert_eq!(checked, 10);
}

#[test]
fn convert_reads_other_numberings_from_standard_input() {
    let output = run_with_input(
        &["convert", "--from", "fritz9", "--to", "rank"],
        b"359\n81\n",
    );
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "RNBQKBNR\nBBQNNRKR\n"
    );
    let output = run_with_input(&["convert", "--from", "one-based"], b"960\n1\n");
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "0\n1\n");
}

#[test]
fn random_streams_a_huge_count() {
    let mut child = Command::new(BINARY)
        .args(["random", "--count", "1000000000000", "--seed", "5"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut first,
    )
    .unwrap();
    // The reader is gone: the command ends quietly instead of drawing on.
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    assert_eq!(first, stdout(&["random", "--seed", "5"]));
}

/// Every start's castling in `convert --to json` (the shape `show --json`
/// writes): the king's own UCI move is there wherever the king travels two
/// files or more, also where it is the same string as king-takes-rook
/// (issue 32: `null` would say there is no such move), worked out here from
/// the rank's letters; and `show` prints each UCI move once (`RNBQKBRN`:
/// O-O is `e1g1` either way).
#[test]
fn castling_offers_each_uci_move_once() {
    let ids: Vec<String> = (0..960).map(|id| id.to_string()).collect();
    let mut args = vec!["convert", "--to", "json"];
    args.extend(ids.iter().map(String::as_str));
    let rows = json_lines(&stdout(&args));
    assert_eq!(rows.len(), 960);
    for row in rows {
        let rank = row["rank"].as_str().unwrap().as_bytes().to_vec();
        let king = rank.iter().position(|&b| b == b'K').unwrap();
        let rooks: Vec<usize> = (0..8).filter(|&f| rank[f] == b'R').collect();
        for (side, rook, king_to) in [(0, rooks[0], 2), (1, rooks[1], 6)] {
            let castling = &row["castling"][side];
            let file = |f: usize| char::from(b'a' + u8::try_from(f).unwrap());
            assert_eq!(castling["uci"], format!("{}1{}1", file(king), file(rook)));
            let offered = king.abs_diff(king_to) >= 2;
            let expected = if offered {
                serde_json::Value::from(format!("{}1{}1", file(king), file(king_to)))
            } else {
                serde_json::Value::Null
            };
            assert_eq!(castling["uci_king_move"], expected, "{}", row["rank"]);
        }
    }
    let text = stdout(&["show", "RNBQKBRN"]);
    assert!(text.contains("Ke1-g1, Rg1-f1  (UCI e1g1)\n"), "{text}");
    let text = stdout(&["show", "BNRQKBRN"]);
    assert!(text.contains("Ke1-c1, Rc1-d1  (UCI e1c1)\n"), "{text}");
    assert!(text.contains("Ke1-g1, Rg1-f1  (UCI e1g1)\n"), "{text}");
    assert!(!text.contains(" or e1"), "{text}");
}

/// Issue 32: SP 67 (`BNNRKQRB`) has both cases. O-O puts the king on its
/// own rook's square, so `uci` and `uci_king_move` are one string, which
/// the text prints once and the JSON keeps in both fields; O-O-O's two
/// strings differ (`e1d1`, `e1c1`) and both are printed.
#[test]
fn show_67_keeps_the_king_move_in_json() {
    let text = stdout(&["show", "67"]);
    assert!(text.starts_with("SP 67  BNNRKQRB\n"), "{text}");
    assert!(
        text.contains("O-O-O Ke1-c1, Rd1 stays  (UCI e1d1 or e1c1)\n"),
        "{text}"
    );
    assert!(
        text.contains("O-O   Ke1-g1, Rg1-f1  (UCI e1g1)\n"),
        "{text}"
    );
    assert!(!text.contains("e1g1 or e1g1"), "{text}");
    let json: serde_json::Value = serde_json::from_str(&stdout(&["show", "--json", "67"])).unwrap();
    let [a_side, h_side] = [&json["castling"][0], &json["castling"][1]];
    assert_eq!(
        (&a_side["uci"], &a_side["uci_king_move"]),
        (&"e1d1".into(), &"e1c1".into())
    );
    assert_eq!(
        (&h_side["uci"], &h_side["uci_king_move"]),
        (&"e1g1".into(), &"e1g1".into())
    );
    // Where the king travels one file or none there is no king's move.
    let json: serde_json::Value = serde_json::from_str(&stdout(&["show", "--json", "0"])).unwrap();
    assert_eq!(json["castling"][1]["uci"], "g1h1");
    assert!(json["castling"][1]["uci_king_move"].is_null());
}
