//! Reads `data/evals.tsv` (Stockfish's evaluation of every start, written by
//! `data/evaluate.py`), checks it against `chess960-core`'s derivation and
//! writes `$OUT_DIR/evals.rs`: the table behind `Position::eval` and the
//! provenance constants of `Eval`. A file that breaks a rule stops the
//! build with the line and the rule.

use chess960_core::{POSITION_COUNT, rank_from_id};
use std::fmt::Write as _;
use std::path::Path;

/// The TSV header line the rows follow.
const HEADER: &str = "id\trank\tcp\twin\tdraw\tloss\tdepth\tbest";

/// The file's provenance, from its `# key: value` lines.
#[derive(Default)]
pub(crate) struct Provenance {
    engine: Option<String>,
    nodes: Option<u64>,
    runs: Option<u8>,
    date: Option<String>,
    repeatability: Option<String>,
}

/// One checked row: centipawns, win/draw/loss per mille (all three or
/// none), depth, and the best move's squares as indices (a1 = 0, h8 = 63).
pub(crate) struct Row {
    cp: i16,
    wdl: Option<[u16; 3]>,
    depth: u8,
    from: u8,
    to: u8,
}

/// Reads and checks `path` and writes the generated code to `out`.
pub(crate) fn write(path: &Path, out: &Path) {
    println!("cargo::rerun-if-changed=data/evals.tsv");
    let text = std::fs::read_to_string(path).unwrap_or_else(|error| {
        panic!(
            "data/evals.tsv: cannot read {} ({error}); it is written by data/evaluate.py",
            path.display()
        )
    });
    let (provenance, rows) = parse(&text);
    std::fs::write(out, generate(&provenance, &rows)).expect("write evals.rs");
}

/// Stops the build: `line` (counted from 1) of data/evals.tsv breaks `rule`.
fn broken(line: usize, rule: &str) -> ! {
    panic!("data/evals.tsv line {line}: {rule}")
}

pub(crate) fn parse(text: &str) -> (Provenance, Vec<Row>) {
    let mut provenance = Provenance::default();
    let mut rows = Vec::with_capacity(usize::from(POSITION_COUNT));
    let mut header_seen = false;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if let Some(comment) = line.strip_prefix('#') {
            if header_seen {
                broken(number, "a `#` line after the column header");
            }
            read_comment(comment.trim(), number, &mut provenance);
        } else if !header_seen {
            if line != HEADER {
                broken(
                    number,
                    &format!("the column header must be {HEADER:?}, not {line:?}"),
                );
            }
            header_seen = true;
        } else if !line.is_empty() {
            rows.push(read_row(line, number, rows.len()));
        }
    }
    if !header_seen {
        broken(text.lines().count(), "no column header line");
    }
    assert!(
        rows.len() == usize::from(POSITION_COUNT),
        "data/evals.tsv: {} rows, but there is one for each of the {POSITION_COUNT} starts",
        rows.len()
    );
    (provenance, rows)
}

/// Reads the provenance lines `engine:`, `limit:`, `runs:`, `date:` and
/// `repeatability:`; other comments are prose.
fn read_comment(comment: &str, line: usize, provenance: &mut Provenance) {
    let Some((key, value)) = comment.split_once(": ") else {
        return;
    };
    let first_number = |what: &str| -> u64 {
        value
            .split_ascii_whitespace()
            .next()
            .and_then(|word| word.parse().ok())
            .unwrap_or_else(|| broken(line, &format!("`{key}:` must start with {what}")))
    };
    match key {
        "engine" => {
            let name = value.split(" (").next().unwrap_or(value).trim();
            if name.is_empty() {
                broken(line, "`engine:` names no engine");
            }
            provenance.engine = Some(name.to_owned());
        }
        "limit" => {
            if value.split_ascii_whitespace().nth(1) != Some("nodes") {
                broken(
                    line,
                    "`limit:` must be a number of nodes (`1000000 nodes ...`)",
                );
            }
            provenance.nodes = Some(first_number("the node count"));
        }
        "runs" => {
            let runs = first_number("the number of searches a start");
            provenance.runs = Some(
                u8::try_from(runs)
                    .ok()
                    .filter(|&runs| runs > 0)
                    .unwrap_or_else(|| broken(line, "`runs:` must be 1 to 255")),
            );
        }
        "date" => provenance.date = Some(value.trim().to_owned()),
        "repeatability" => provenance.repeatability = Some(value.trim().to_owned()),
        _ => {}
    }
}

/// Reads and checks the row of id `id` on `line`.
fn read_row(text: &str, line: usize, id: usize) -> Row {
    let fields: Vec<&str> = text.split('\t').collect();
    if fields.len() != 8 {
        broken(
            line,
            &format!("{} fields, but a row has 8: {HEADER}", fields.len()),
        );
    }
    if fields[0].parse::<usize>().ok() != Some(id) {
        broken(
            line,
            &format!(
                "the id is {:?}, but the rows run in order and this is id {id}",
                fields[0]
            ),
        );
    }
    let id16 = u16::try_from(id).expect("ids fit in u16");
    let rank = rank_from_id(id16).expect("ids below 960 have a rank");
    if fields[1].as_bytes() != rank {
        broken(
            line,
            &format!(
                "id {id} is {}, not {:?}: the file does not follow chess960-core's numbering",
                String::from_utf8_lossy(&rank),
                fields[1]
            ),
        );
    }
    let cp = fields[2].parse::<i16>().unwrap_or_else(|_| {
        broken(
            line,
            &format!(
                "cp {:?} is not a whole number of centipawns from -32768 to 32767",
                fields[2]
            ),
        )
    });
    let wdl = match (fields[3], fields[4], fields[5]) {
        ("", "", "") => None,
        (win, draw, loss) => {
            let mut wdl = [0u16; 3];
            for (slot, text) in wdl.iter_mut().zip([win, draw, loss]) {
                *slot = text.parse().unwrap_or_else(|_| {
                    broken(line, &format!("win/draw/loss {text:?} is not a number per mille (or leave all three empty)"))
                });
            }
            if wdl.iter().sum::<u16>() != 1000 {
                broken(
                    line,
                    &format!("win, draw and loss {wdl:?} do not add up to 1000 per mille"),
                );
            }
            Some(wdl)
        }
    };
    let depth = fields[6]
        .parse::<u8>()
        .ok()
        .filter(|&depth| depth > 0)
        .unwrap_or_else(|| {
            broken(
                line,
                &format!(
                    "depth {:?} is not a number of plies from 1 to 255",
                    fields[6]
                ),
            )
        });
    let (from, to) = uci_move(fields[7]).unwrap_or_else(|| {
        broken(
            line,
            &format!(
                "best move {:?} is not a UCI move of two squares (e2e4)",
                fields[7]
            ),
        )
    });
    if from / 8 > 1 {
        broken(
            line,
            &format!(
                "best move {:?} leaves rank {}, but at the start White's pieces stand on ranks 1 and 2",
                fields[7],
                from / 8 + 1
            ),
        );
    }
    Row {
        cp,
        wdl,
        depth,
        from,
        to,
    }
}

/// A square's index, a1 = 0 .. h8 = 63, from its name.
fn square(name: &[u8]) -> Option<u8> {
    match name {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Some((rank - b'1') * 8 + (file - b'a')),
        _ => None,
    }
}

/// The two squares of a UCI move without promotion (`e2e4`).
fn uci_move(text: &str) -> Option<(u8, u8)> {
    let bytes = text.as_bytes();
    if bytes.len() != 4 {
        return None;
    }
    Some((square(&bytes[..2])?, square(&bytes[2..])?))
}

/// `value` in decimal with `_` between groups of three digits.
fn grouped(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push('_');
        }
        out.push(digit);
    }
    out
}

pub(crate) fn generate(provenance: &Provenance, rows: &[Row]) -> String {
    let missing = |key: &str| -> ! {
        panic!("data/evals.tsv: no `# {key}: ...` line in the header; data/evaluate.py writes it")
    };
    let engine = provenance
        .engine
        .as_deref()
        .unwrap_or_else(|| missing("engine"));
    let nodes = provenance.nodes.unwrap_or_else(|| missing("limit"));
    let runs = provenance.runs.unwrap_or_else(|| missing("runs"));
    let date = provenance
        .date
        .as_deref()
        .unwrap_or_else(|| missing("date"));
    let repeatability = provenance
        .repeatability
        .as_deref()
        .unwrap_or_else(|| missing("repeatability"));
    let mut out = String::from("// @generated by build.rs from data/evals.tsv. Do not edit.\n\n");
    let _ = writeln!(out, "const ENGINE: &str = {engine:?};");
    let _ = writeln!(out, "const NODES: u64 = {};", grouped(nodes));
    let _ = writeln!(out, "const RUNS: u8 = {runs};");
    let _ = writeln!(out, "const DATE: &str = {date:?};");
    let _ = writeln!(out, "const REPEATABILITY: &str = {repeatability:?};");
    let _ = writeln!(
        out,
        "\n/// Every start's evaluation, by id.\nstatic EVALS: [Eval; {}] = [",
        rows.len()
    );
    for (id, row) in rows.iter().enumerate() {
        let wdl = match row.wdl {
            Some([win, draw, loss]) => format!("Some(Wdl::new({win}, {draw}, {loss}))"),
            None => "None".to_owned(),
        };
        let _ = writeln!(
            out,
            "    Eval::row({}, {wdl}, {}, {}, {}), // {id}",
            row.cp, row.depth, row.from, row.to
        );
    }
    out.push_str("];\n");
    out
}
