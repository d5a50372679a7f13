//! The starts' engine evaluations (`Position::eval`): the compiled table
//! against `data/evals.tsv`, read here on its own; every best move against
//! shakmaty's legal moves in Chess960 mode (castling as king takes rook);
//! the set grammar's `eval:MIN..MAX` against a filter over the file; and
//! one error per rule the range breaks.

use chess960::{
    Eval, EvalBound, EvalRangeError, FenStyle, ParsePositionSetError, Position, PositionSet,
};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::fmt::Write as _;

/// One row of the data file: centipawns, win/draw/loss, depth, best move.
struct Row {
    rank: String,
    cp: i16,
    wdl: Option<[u16; 3]>,
    depth: u8,
    best: String,
}

/// The header's `# key: value` lines and the rows of `data/evals.tsv`,
/// with nothing but `split`.
fn data_file() -> (Vec<(String, String)>, Vec<Row>) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/evals.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let mut header = Vec::new();
    let mut rows = Vec::new();
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix("# ") {
            if let Some((key, value)) = comment.split_once(": ") {
                header.push((key.to_owned(), value.to_owned()));
            }
        } else if !line.starts_with("id\t") && !line.is_empty() {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 8, "{line}");
            assert_eq!(fields[0].parse::<usize>().unwrap(), rows.len(), "{line}");
            let wdl = (!fields[3].is_empty())
                .then(|| [fields[3], fields[4], fields[5]].map(|field| field.parse().unwrap()));
            rows.push(Row {
                rank: fields[1].to_owned(),
                cp: fields[2].parse().unwrap(),
                wdl,
                depth: fields[6].parse().unwrap(),
                best: fields[7].to_owned(),
            });
        }
    }
    (header, rows)
}

/// `value` of the header line `key`.
fn header_value<'a>(header: &'a [(String, String)], key: &str) -> &'a str {
    &header.iter().find(|(name, _)| name == key).unwrap().1
}

#[test]
fn the_compiled_table_is_the_data_file_row_by_row() {
    let (_, rows) = data_file();
    assert_eq!(rows.len(), 960);
    for (position, row) in Position::all().zip(&rows) {
        let eval = position.eval();
        assert_eq!(position.as_str(), row.rank, "id {}", position.id());
        assert_eq!(eval.cp(), row.cp, "id {}", position.id());
        assert_eq!(
            eval.wdl().map(|wdl| [wdl.win(), wdl.draw(), wdl.loss()]),
            row.wdl,
            "id {}",
            position.id()
        );
        assert_eq!(eval.depth(), row.depth, "id {}", position.id());
        assert_eq!(eval.best().to_string(), row.best, "id {}", position.id());
    }
}

#[test]
fn the_provenance_constants_are_the_data_files_header() {
    let (header, _) = data_file();
    let engine = header_value(&header, "engine");
    assert!(engine.starts_with(Eval::ENGINE), "{engine}");
    assert!(!Eval::ENGINE.is_empty());
    assert!(header_value(&header, "limit").starts_with(&format!("{} nodes ", Eval::NODES)));
    assert!(header_value(&header, "runs").starts_with(&format!("{} ", Eval::RUNS)));
    assert_eq!(header_value(&header, "date"), Eval::DATE);
    assert_eq!(header_value(&header, "repeatability"), Eval::REPEATABILITY);
}

/// True of any engine's run: each start's best move is one of White's
/// legal first moves, as shakmaty generates them in Chess960 mode.
#[test]
fn every_best_move_is_legal_in_its_start() {
    for position in Position::all() {
        let fen = position.fen(FenStyle::Shredder);
        let board: Chess = Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Chess960)
            .unwrap();
        let legal: Vec<String> = board
            .legal_moves()
            .iter()
            .map(|m| m.to_uci(CastlingMode::Chess960).to_string())
            .collect();
        let best = position.eval().best().to_string();
        assert!(
            legal.contains(&best),
            "SP {position}: {best} is not among {legal:?}"
        );
    }
}

#[test]
fn eval_and_its_parts_are_const() {
    const CLASSICAL: i16 = Position::STANDARD.eval().cp();
    const DEPTH: u8 = Position::STANDARD.eval().depth();
    const BEST: chess960::UciMove = Position::STANDARD.eval().best();
    const BALANCED: PositionSet = PositionSet::eval_between(-10, 10);
    let (_, rows) = data_file();
    assert_eq!(CLASSICAL, rows[518].cp);
    assert_eq!(DEPTH, rows[518].depth);
    assert_eq!(BEST.to_string(), rows[518].best);
    assert_eq!(BALANCED, "eval:-10..10".parse().unwrap());
}

/// Every range with ends on a grid around the table's values, and open
/// ends, selects what a filter over the data file selects.
#[test]
fn eval_ranges_select_what_a_filter_over_the_file_selects() {
    let (_, rows) = data_file();
    let selected = |low: i16, high: i16| -> PositionSet {
        Position::all()
            .filter(|p| (low..=high).contains(&rows[usize::from(p.id())].cp))
            .collect()
    };
    let ends: Vec<i16> = (-60..=160).step_by(7).collect();
    let mut checked = 0;
    for &low in &ends {
        for &high in ends.iter().filter(|&&high| high >= low) {
            let set: PositionSet = format!("eval:{low}..{high}").parse().unwrap();
            assert_eq!(set, selected(low, high), "eval:{low}..{high}");
            assert_eq!(PositionSet::eval_between(low, high), set);
            checked += 1;
        }
        let up: PositionSet = format!("eval:{low}..").parse().unwrap();
        assert_eq!(up, selected(low, i16::MAX), "eval:{low}..");
        let down: PositionSet = format!("eval:..{low}").parse().unwrap();
        assert_eq!(down, selected(i16::MIN, low), "eval:..{low}");
        assert_eq!(up | down, PositionSet::ALL);
    }
    assert!(checked > 500);
    for text in ["eval:..", "EVAL: .. ", "eval:-32768..32767"] {
        assert_eq!(
            text.parse::<PositionSet>().unwrap(),
            PositionSet::ALL,
            "{text}"
        );
    }
    // With other items, and white space around the ends.
    let with: PositionSet = "518, eval: -5 .. 5 ,0-9".parse().unwrap();
    let expected = selected(-5, 5) | "518,0-9".parse::<PositionSet>().unwrap();
    assert_eq!(with, expected);
}

#[test]
fn each_broken_rule_of_an_eval_range_is_its_own_error() {
    let error = |text: &str| match text.parse::<PositionSet>() {
        Err(ParsePositionSetError::EvalRange { item, error }) => (item, error),
        other => panic!("{text}: {other:?}"),
    };
    let cases = [
        (
            "eval:20..-20",
            EvalRangeError::Reversed { min: 20, max: -20 },
        ),
        ("eval:1..0", EvalRangeError::Reversed { min: 1, max: 0 }),
        ("eval:20", EvalRangeError::MissingDots),
        ("eval:-15-15", EvalRangeError::MissingDots),
        ("eval:", EvalRangeError::MissingDots),
        (
            "eval:x..",
            EvalRangeError::NotANumber {
                bound: EvalBound::Min,
            },
        ),
        (
            "eval:1.5..",
            EvalRangeError::NotANumber {
                bound: EvalBound::Min,
            },
        ),
        (
            "eval:..20cp",
            EvalRangeError::NotANumber {
                bound: EvalBound::Max,
            },
        ),
        (
            "eval:...5",
            EvalRangeError::NotANumber {
                bound: EvalBound::Max,
            },
        ),
        (
            "eval:- 5..",
            EvalRangeError::NotANumber {
                bound: EvalBound::Min,
            },
        ),
        (
            "eval:32768..",
            EvalRangeError::OutOfRange {
                bound: EvalBound::Min,
            },
        ),
        (
            "eval:-32769..",
            EvalRangeError::OutOfRange {
                bound: EvalBound::Min,
            },
        ),
        (
            "eval:..99999999999999999999",
            EvalRangeError::OutOfRange {
                bound: EvalBound::Max,
            },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(error(text), (1, expected), "{text}");
        assert_eq!(error(&format!("0,{text}")), (2, expected), "0,{text}");
    }
    assert_eq!(
        "518,eval:20..-20"
            .parse::<PositionSet>()
            .unwrap_err()
            .to_string(),
        "item 2: eval:20..-20 runs backwards: write the smaller number first"
    );
    assert_eq!(
        "eval:x..".parse::<PositionSet>().unwrap_err().to_string(),
        "item 1: eval:MIN..MAX: MIN is not a whole number of centipawns (or leave it empty)"
    );
    assert_eq!(
        "eval:..32768"
            .parse::<PositionSet>()
            .unwrap_err()
            .to_string(),
        "item 1: eval:MIN..MAX: MAX is out of range: centipawns run from -32768 to 32767"
    );
    assert!(
        "eval:20"
            .parse::<PositionSet>()
            .unwrap_err()
            .to_string()
            .contains("eval:-15..15")
    );
}

/// A word that merely begins like `eval` is still read as a position.
#[test]
fn only_the_eval_prefix_makes_an_eval_range() {
    assert!(matches!(
        "evaluate".parse::<PositionSet>(),
        Err(ParsePositionSetError::Position { item: 1, .. })
    ));
}

/// The guide's provenance lines and table of how many starts fall in each
/// 10 cp band are the data file's (`python3 data/bands.py --write` writes
/// them): computed here from the file again.
#[test]
fn the_guides_bands_are_the_data_files() {
    let (header, rows) = data_file();
    let cps: Vec<i16> = rows.iter().map(|row| row.cp).collect();
    let low = cps.iter().min().unwrap().div_euclid(10) * 10;
    let high = cps.iter().max().unwrap().div_euclid(10) * 10;
    let mut expected = String::new();
    for key in [
        "engine",
        "limit",
        "runs",
        "date",
        "searched",
        "repeatability",
    ] {
        writeln!(expected, "- {key}: `{}`", header_value(&header, key)).unwrap();
    }
    expected.push_str("\n| starts in | starts | share |\n| --- | ---: | ---: |\n");
    for band in (low..=high).step_by(10) {
        let count = cps
            .iter()
            .filter(|&&cp| (band..=band + 9).contains(&cp))
            .count();
        let tenths = (count * 2000 + cps.len()) / (2 * cps.len());
        writeln!(
            expected,
            "| `eval:{band}..{}` | {count} | {}.{} % |",
            band + 9,
            tenths / 10,
            tenths % 10
        )
        .unwrap();
    }
    let guide = include_str!("../../docs/guide/engine-testing.md");
    let begin = "<!-- bands: python3 data/bands.py --write -->\n";
    let start = guide.find(begin).unwrap() + begin.len();
    let end = guide.find("<!-- end of bands -->").unwrap();
    assert_eq!(
        &guide[start..end],
        expected,
        "the guide's bands are not data/evals.tsv's: run python3 data/bands.py --write"
    );
}
