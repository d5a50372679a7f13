//! Issue 12, the command line: start FENs as real software writes them
//! (double Chess960, rules changed, 4 fields, a byte order mark), mistyped
//! commands, one JSON convention, `convert --keep-going`, characters named
//! as characters, colour on a dumb terminal, completions and manual pages.

mod common;

use common::{failure, failure_with_input, run, run_with_input, stdout};
use serde_json::Value;

/// TCEC's DFRC events: Black's rank is position 534, White's 518.
const DOUBLE: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
/// TCEC's FRC events without castling: position 80.
const NO_CASTLING: &str = "bbnnrkrq/pppppppp/8/8/8/8/PPPPPPPP/BBNNRKRQ w - - 0 1";
/// A chess.com export: 4 fields, Shredder-FEN letters.
const EPD: &str = "bbrkqrnn/pppppppp/8/8/8/8/PPPPPPPP/BBRKQRNN w FCfc -";

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn show_identifies_a_double_start() {
    for args in [&["--ascii", DOUBLE][..], &["show", "--ascii", DOUBLE]] {
        let text = stdout(args);
        assert!(
            text.starts_with(
                "Double Chess960 497814: White SP 518 RNBQKBNR, Black SP 534 RNBKQBNR\n\n8  r n b k q b n r\n"
            ),
            "{text}"
        );
        assert!(text.contains("1  R N B Q K B N R\n"), "{text}");
        for line in [
            "X-FEN         rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
            "Shredder-FEN  rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n",
            "Double id     497814 = 518 * 960 + 534\n",
            "White         SP 518 RNBQKBNR\n",
            "Black         SP 534 RNBKQBNR\n",
            "Castling      White O-O-O Ke1-c1, Ra1-d1  (UCI e1a1 or e1c1)\n",
            "              Black O-O-O Kd8-c8, Ra8-d8  (UCI d8a8)\n",
        ] {
            assert!(text.contains(line), "{line}{text}");
        }
    }
    let json: Value = serde_json::from_str(&stdout(&["show", "--json", DOUBLE])).unwrap();
    assert_eq!(json["double_id"], 497_814);
    assert_eq!(json["white"]["id"], 518);
    assert_eq!(json["black"]["id"], 534);
    assert_eq!(json["black"]["rank"], "RNBKQBNR");
    assert_eq!(json["shredder_fen"], DOUBLE);
    assert!(json.get("departures").is_none());
}

#[test]
fn show_names_how_a_fen_departs_from_its_start() {
    let text = stdout(&[NO_CASTLING]);
    assert!(
        text.starts_with(
            "SP 80  BBNNRKRQ\nThe FEN departs from this start: castling rights removed\n\n"
        ),
        "{text}"
    );
    let json: Value = serde_json::from_str(&stdout(&["--json", NO_CASTLING])).unwrap();
    assert_eq!(json["id"], 80);
    assert_eq!(
        json["departures"],
        serde_json::json!(["castling rights removed"])
    );
    let later = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Kq e3 3 12";
    let text = stdout(&["show", later]);
    assert!(
        text.contains(
            "The FEN departs from this start: castling rights removed: White O-O-O, Black O-O, Black to move, en passant square e3, halfmove clock 3, fullmove number 12\n"
        ),
        "{text}"
    );
    // An exact start, in any dialect, gets no note; neither does an id.
    for exact in [
        EPD,
        "518",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah -",
    ] {
        assert!(!stdout(&[exact]).contains("departs"), "{exact}");
        let json: Value = serde_json::from_str(&stdout(&["--json", exact])).unwrap();
        assert!(json.get("departures").is_none(), "{exact}");
    }
    assert!(stdout(&[EPD]).starts_with("SP 896  BBRKQRNN\n\n"));
}

#[test]
fn a_board_that_is_no_start_is_still_refused() {
    let stderr = failure(&["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]);
    assert!(stderr.contains("pawn on e2"), "{stderr}");
    let stderr = failure(&["rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]);
    assert!(stderr.contains("two digits in a row"), "{stderr}");
}

#[test]
fn convert_writes_double_starts_and_notes_departures() {
    let output = run(&["convert", DOUBLE, NO_CASTLING, EPD, "518"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "518 534\n80\n896\n518\n"
    );
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "chess960: note: 'bbnnrkrq/pppppppp/8/...' (53 characters) is start position 80, castling rights removed: converted as that start\n"
    );
    let cases: [(&str, &str); 6] = [
        ("double-id", "497814\n"),
        ("rank", "RNBQKBNR RNBKQBNR\n"),
        ("black-rank", "rnbqkbnr rnbkqbnr\n"),
        ("mirror", "534 518\n"),
        (
            "shredder-fen",
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n",
        ),
        (
            "fen",
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
        ),
    ];
    for (notation, expected) in cases {
        assert_eq!(
            stdout(&["convert", "--to", notation, DOUBLE]),
            expected,
            "{notation}"
        );
    }
    assert_eq!(stdout(&["convert", "--to", "double-id", "0"]), "0\n");
    // Standard input: the note names the line.
    let input = format!("{NO_CASTLING}\n{DOUBLE}\n");
    let output = run_with_input(&["convert"], input.as_bytes());
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "80\n518 534\n");
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "chess960: note: line 1 is start position 80, castling rights removed: converted as that start\n"
    );
}

#[test]
fn a_byte_order_mark_before_standard_input_is_ignored() {
    let output = run_with_input(&["convert"], "\u{feff}RNBQKBNR\r\n959\r\n".as_bytes());
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "518\n959\n");
    // Only before the first line: later, it is a character like any other.
    let output = run_with_input(&["convert"], "518\n\u{feff}959\n".as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .starts_with("chess960: line 2: ")
    );
}

#[test]
fn a_mistyped_command_is_named() {
    for (typed, meant) in [
        ("ranodm", "random"),
        ("convertt", "convert"),
        ("shwo", "show"),
        ("tabel", "table"),
        ("Random", "random"),
    ] {
        assert_eq!(
            failure(&[typed]),
            format!("chess960: unknown command '{typed}': did you mean `{meant}`?\n")
        );
    }
    // Also when clap refuses the options the command would have taken.
    assert_eq!(
        failure(&["ranodm", "--count", "3"]),
        "chess960: unknown command 'ranodm': did you mean `random`?\n"
    );
    // A word far from every command is still read as a rank.
    assert!(failure(&["pizza"]).contains("a back rank has 8 squares, but 5 characters"));
}

#[test]
fn two_positions_are_refused_plainly() {
    let stderr = failure(&["518", "519"]);
    assert!(
        stderr.starts_with(
            "chess960: `chess960 POSITION` shows one position at a time, but 2 were given"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("chess960 convert"), "{stderr}");
    assert!(failure(&["518", "519", "show"]).contains("but 3 were given"));
}

#[test]
fn dice_writes_json() {
    let before: Value =
        serde_json::from_str(&stdout(&["dice", "--json", "die", "2-3-3-2-3"])).unwrap();
    let after: Value =
        serde_json::from_str(&stdout(&["dice", "die", "2-3-3-2-3", "--json"])).unwrap();
    assert_eq!(before, after);
    assert_eq!(before["id"], 518);
    let shown: Value = serde_json::from_str(&stdout(&["show", "--json", "518"])).unwrap();
    assert_eq!(before, shown);
}

/// One convention: a command with one result writes one JSON document, a
/// stream writes JSON Lines; every object is what `show --json` writes.
#[test]
fn json_is_a_document_for_one_result_and_lines_for_a_stream() {
    let shown: Value = serde_json::from_str(&stdout(&["show", "--json", "959"])).unwrap();
    let drawn = json_lines(&stdout(&["random", "--json", "-n", "50", "--seed", "1"]));
    assert_eq!(drawn.len(), 50);
    let converted = json_lines(&stdout(&["convert", "--to", "json", "959", "0", DOUBLE]));
    assert_eq!(converted[0], shown);
    assert_eq!(converted[1]["id"], 0);
    assert_eq!(converted[2]["double_id"], 497_814);
    let array: Vec<Value> = serde_json::from_str(&stdout(&["table", "--format", "json"])).unwrap();
    let lines = json_lines(&stdout(&["table", "--format", "jsonl"]));
    assert_eq!(array, lines);
    assert_eq!(lines[959], shown);
    for object in drawn {
        let id = object["id"].as_u64().unwrap();
        assert_eq!(object, lines[usize::try_from(id).unwrap()]);
    }
    let help = stdout(&["--help"]);
    assert!(help.contains("JSON Lines"), "{help}");
    assert!(stdout(&["random", "--help"]).contains("JSON Lines"));
}

#[test]
fn convert_keep_going_reports_every_bad_line() {
    let input = b"518\nRNBQKBNQ\n\n959\n960\n\xff\xfe\n0\n";
    let output = run_with_input(&["convert", "--keep-going", "--to", "rank"], input);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "RNBQKBNR\nRKRNNQBB\nBBQNNRKR\n"
    );
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "chess960: line 2: a start rank has 1 queen, but this one has 2\n\
         chess960: line 5: start position 960 does not exist: ids run from 0 to 959\n\
         chess960: line 6 is not UTF-8 text: byte 0xFF at index 0 begins no character\n"
    );
    // Arguments too; all good is exit 0.
    let output = run(&["convert", "--keep-going", "518", "960", "x", "0"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "518\n0\n");
    assert_eq!(String::from_utf8(output.stderr).unwrap().lines().count(), 2);
    assert_eq!(stdout(&["convert", "--keep-going", "518"]), "518\n");
    // Without it, the first bad line ends the command.
    let output = run_with_input(&["convert"], input);
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "518\n");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_character_outside_ascii_is_named_as_a_character() {
    assert_eq!(
        failure(&["RNBQKBN♔"]),
        "chess960: U+2654 '♔' on the h-file is not a piece letter: write White's rank with K, Q, R, B and N, or Black's with k, q, r, b and n\n"
    );
    let stderr = failure(&["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNé w KQkq - 0 1"]);
    assert!(
        stderr.starts_with("chess960: U+00E9 'é' in rank 1"),
        "{stderr}"
    );
    let stderr = failure(&["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqé - 0 1"]);
    assert!(
        stderr.starts_with("chess960: U+00E9 'é' is no castling right"),
        "{stderr}"
    );
    let stderr = failure_with_input(&["convert"], "RNBQKBNÉ\n".as_bytes());
    assert!(
        stderr.starts_with("chess960: line 1: U+00C9 'É' on the h-file"),
        "{stderr}"
    );
    assert!(failure(&["dice", "cards", "RcNfQaRNbRdeg♞"]).contains("U+265E '♞' is not a card"));
    assert!(failure(&["dice", "two-coins", "HŤ"]).contains("U+0164 'Ť' is not a coin"));
    for stderr in [failure(&["RNBQKBNé"]), failure(&["dice", "die", "2-é"])] {
        assert!(!stderr.contains("0xC3"), "{stderr}");
    }
}

/// Colour in a terminal (a pseudo-terminal made by `script`), unless
/// `TERM=dumb` or `NO_COLOR` says otherwise.
#[test]
fn a_dumb_terminal_gets_no_colour() {
    let in_terminal = |term: &str, no_colour: Option<&str>| {
        let mut command = std::process::Command::new("script");
        command
            .args([
                "-q",
                "-e",
                "-c",
                &format!("{} 518", common::BINARY),
                "/dev/null",
            ])
            .env("TERM", term)
            .env_remove("NO_COLOR");
        if let Some(value) = no_colour {
            command.env("NO_COLOR", value);
        }
        let output = command
            .output()
            .expect("`script` (util-linux) runs a pseudo-terminal");
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    assert!(in_terminal("xterm-256color", None).contains("\x1b[48;5;"));
    assert!(!in_terminal("dumb", None).contains('\x1b'));
    assert!(!in_terminal("xterm-256color", Some("1")).contains('\x1b'));
}

#[test]
fn completions_and_manual_pages_come_from_the_definition() {
    let bash = stdout(&["completions", "bash"]);
    assert!(bash.contains("complete -F _chess960"), "{bash}");
    assert!(bash.contains("--keep-going") && bash.contains("althofer-die"));
    assert!(stdout(&["completions", "zsh"]).starts_with("#compdef chess960"));
    assert!(stdout(&["completions", "fish"]).contains("complete -c chess960 "));
    assert!(stdout(&["completions", "elvish"]).contains("chess960"));
    assert!(stdout(&["completions", "powershell"]).contains("chess960"));
    assert!(failure(&["completions", "tcsh"]).contains("possible values: bash"));
    let page = stdout(&["manpage"]);
    assert!(page.contains(".TH chess960 1"), "{page}");
    assert!(page.contains("chess960\\-convert(1)"));
    let dir = std::env::temp_dir().join(format!("chess960-man-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    assert_eq!(stdout(&["manpage", "--dir", dir.to_str().unwrap()]), "");
    for name in [
        "chess960.1",
        "chess960-convert.1",
        "chess960-dice.1",
        "chess960-completions.1",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(text.contains(".TH chess960"), "{name}");
    }
    let convert = std::fs::read_to_string(dir.join("chess960-convert.1")).unwrap();
    assert!(convert.contains("keep\\-going"), "{convert}");
    std::fs::remove_dir_all(&dir).unwrap();
    let output = run(&["manpage", "--dir", "/nonexistent/chess960"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .starts_with("chess960: cannot write the manual pages into /nonexistent/chess960: ")
    );
}
