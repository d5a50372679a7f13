//! End-to-end tests of `chess960 show --svg` and of `chess960 random` with
//! a text seed (the documented SHA-256 procedure), `--distinct` and the
//! `--svg` sheet. Expected draws were computed with Python's `hashlib`
//! (`tests/fixtures/seeded_draws.py` at the repository's root).

use std::process::{Command, Output, Stdio};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn stdout(args: &[&str]) -> String {
    let output = run(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty());
    String::from_utf8(output.stdout).unwrap()
}

/// Runs a command that must fail with exit code 2, and returns stderr.
fn failure(args: &[&str]) -> String {
    let output = run(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// The ids of `id rank` lines.
fn ids(text: &str) -> Vec<u16> {
    text.lines()
        .map(|line| line.split_once(' ').unwrap().0.parse().unwrap())
        .collect()
}

/// The `<text>` contents of an SVG document, after checking it parses.
fn texts(svg: &str) -> Vec<String> {
    let document = roxmltree::Document::parse(svg).expect("well-formed XML");
    assert_eq!(document.root_element().tag_name().name(), "svg");
    document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .map(|node| {
            node.descendants()
                .filter(roxmltree::Node::is_text)
                .filter_map(|n| n.text())
                .collect()
        })
        .collect()
}

#[test]
fn show_svg_writes_a_standalone_picture() {
    let svg = stdout(&["show", "518", "--svg"]);
    assert!(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
    assert!(svg.contains(r#"width="480" height="535""#));
    assert!(texts(&svg).contains(&"SP 518 · RNBQKBNR".to_owned()));
    assert_eq!(stdout(&["518", "--svg"]), svg);
    assert_eq!(stdout(&["RNBQKBNR", "--svg"]), svg);

    let options = stdout(&[
        "show", "0", "--svg", "--flip", "--size", "300", "--light", "fff", "--dark", "#8CA2AD",
    ]);
    assert!(options.contains(r#"width="300" height="334""#));
    assert!(options.contains(r##"fill="#ffffff""##));
    assert!(options.contains(r##"fill="#8ca2ad""##));
    assert!(texts(&options).contains(&"SP 0 · BBQNNRKR".to_owned()));
    // Flipped: the file letters run h to a, left to right.
    for (svg, order) in [
        (stdout(&["show", "0", "--svg", "--flip"]), "hgfedcba"),
        (stdout(&["show", "0", "--svg"]), "abcdefgh"),
    ] {
        let document = roxmltree::Document::parse(&svg).unwrap();
        let mut letters: Vec<(f64, String)> = document
            .descendants()
            .filter(|node| node.has_tag_name("text"))
            .filter_map(|node| {
                let text = node.text()?;
                let x = node.attribute("x")?.parse().ok()?;
                (text.len() == 1 && text.as_bytes()[0].is_ascii_lowercase())
                    .then(|| (x, text.to_owned()))
            })
            .collect();
        letters.sort_by(|a, b| a.0.total_cmp(&b.0));
        let letters: String = letters.into_iter().map(|(_, letter)| letter).collect();
        assert_eq!(letters, order);
    }
}

#[test]
fn svg_options_are_checked() {
    assert!(failure(&["show", "518", "--flip"]).contains("--svg"));
    assert!(failure(&["show", "518", "--size", "300"]).contains("--svg"));
    assert!(failure(&["show", "518", "--svg", "--light", "tomato"]).contains("not a colour"));
    assert!(failure(&["show", "518", "--svg", "--size", "0"]).contains("--size"));
    assert!(failure(&["show", "518", "--svg", "--json"]).contains("--json"));
    assert!(failure(&["random", "--title", "x"]).contains("--svg"));
}

#[test]
fn a_text_seed_gives_the_documented_draw() {
    let args = [
        "random",
        "--count",
        "9",
        "--distinct",
        "--seed",
        "Open 2026-11-22",
    ];
    let text = stdout(&args);
    assert_eq!(ids(&text), [355, 557, 521, 882, 21, 197, 797, 942, 790]);
    assert!(text.starts_with("355 BNRKRQNB\n"));
    assert_eq!(stdout(&args), text);
    // Three more rounds leave the first nine as they were.
    assert_eq!(
        ids(&stdout(&[
            "random",
            "-n",
            "12",
            "--distinct",
            "--seed",
            "Open 2026-11-22"
        ])),
        [355, 557, 521, 882, 21, 197, 797, 942, 790, 95, 858, 838]
    );
    // Excluding the first two rounds' positions moves the draw on to the
    // next attempts; later rounds are unchanged.
    assert_eq!(
        ids(&stdout(&[
            "random",
            "-n",
            "9",
            "--distinct",
            "--seed",
            "Open 2026-11-22",
            "--exclude",
            "355,RNKBNQBR",
        ])),
        [624, 593, 521, 882, 21, 197, 797, 942, 790]
    );
    // A number is text too.
    assert_eq!(
        stdout(&["random", "--count", "3", "--seed", "42", "--exclude", "518"]),
        "82 BNNRKBRQ\n825 RKNBBQRN\n210 BNQRKBNR\n"
    );
    // JSON Lines: one object a line.
    let json: Vec<serde_json::Value> =
        stdout(&["random", "--json", "-n", "2", "--seed", "Open 2026-11-22"])
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
    assert_eq!(json[0]["id"], 355);
    assert_eq!(json[1]["rank"], "RNKBNQBR");
}

#[test]
fn distinct_draws_never_repeat_and_say_when_there_are_too_few() {
    for seed in [None, Some("Club night")] {
        let mut args = vec!["random", "-n", "960", "--distinct"];
        if let Some(seed) = seed {
            args.extend(["--seed", seed]);
        }
        let mut drawn = ids(&stdout(&args));
        drawn.sort_unstable();
        assert_eq!(drawn, (0..960).collect::<Vec<u16>>());

        args[2] = "960";
        args.extend(["--exclude", "518"]);
        assert_eq!(
            failure(&args),
            "chess960: --count 960 --distinct: only 959 positions are left to draw\n"
        );
    }
    let all: Vec<String> = (0..960).map(|id| id.to_string()).collect();
    assert!(
        failure(&["random", "--seed", "x", "--exclude", &all.join(",")])
            .contains("every start position is excluded")
    );
}

#[test]
fn random_svg_is_the_printable_sheet_of_all_rounds() {
    let svg = stdout(&[
        "random",
        "--count",
        "9",
        "--distinct",
        "--seed",
        "Open 2026-11-22",
        "--svg",
    ]);
    assert!(svg.contains(r#"width="210mm" height="297mm""#));
    let texts = texts(&svg);
    assert_eq!(texts[0], "Open 2026-11-22");
    assert!(
        texts[1].contains(r#"--seed "Open 2026-11-22""#),
        "{}",
        texts[1]
    );
    for (round, caption) in [
        (1, "SP 355 BNRKRQNB"),
        (2, "SP 557 RNKBNQBR"),
        (9, "SP 790 RQBKNBRN"),
    ] {
        let at = texts
            .iter()
            .position(|text| *text == format!("Round {round}"))
            .unwrap();
        assert_eq!(texts[at + 1], caption);
    }
    assert!(!texts.contains(&"Round 10".to_owned()));

    let titled = stdout(&[
        "random",
        "-n",
        "13",
        "--seed",
        "x",
        "--svg",
        "--title",
        "Club <Open>",
    ]);
    assert!(titled.contains(r#"height="594mm""#));
    assert!(texts_contain(&titled, "Club <Open>"));
    assert!(failure(&["random", "-n", "961", "--svg"]).contains("at most 960 rounds"));
}

fn texts_contain(svg: &str, wanted: &str) -> bool {
    texts(svg).iter().any(|text| text == wanted)
}
