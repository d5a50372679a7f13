//! `chess960 show`: everything about one start position, for people or as JSON.

use crate::diagram::{self, Style};
use chess960::{File, Position};
use serde::Serialize;
use std::fmt::Write as _;

/// Where each piece stands, files as letters.
#[derive(Serialize)]
struct PieceFiles {
    king: char,
    queen: char,
    rooks: [char; 2],
    bishops: [char; 2],
    knights: [char; 2],
}

/// The facts `show` prints, in the shape `--json` writes them.
#[derive(Serialize)]
pub(crate) struct Details {
    id: u16,
    rank: &'static str,
    black_rank: String,
    bishop_code: u8,
    light_bishop: u8,
    dark_bishop: u8,
    queen_slot: u8,
    knight_code: u8,
    files: PieceFiles,
}

fn letters(files: [File; 2]) -> [char; 2] {
    files.map(File::to_char)
}

impl Details {
    /// Gathers the facts about `position`.
    pub(crate) fn of(position: Position) -> Details {
        let parts = position.decomposition();
        Details {
            id: position.id(),
            rank: position.as_str(),
            black_rank: position.as_str().to_ascii_lowercase(),
            bishop_code: parts.bishop_code(),
            light_bishop: parts.light_bishop(),
            dark_bishop: parts.dark_bishop(),
            queen_slot: parts.queen_slot(),
            knight_code: parts.knight_code(),
            files: PieceFiles {
                king: position.king_file().to_char(),
                queen: position.queen_file().to_char(),
                rooks: letters(position.rook_files()),
                bishops: letters(position.bishop_files()),
                knights: letters(position.knight_files()),
            },
        }
    }
}

/// The text `show` prints for people: a heading, the diagram and the facts.
pub(crate) fn text(position: Position, style: Style) -> String {
    let details = Details::of(position);
    let mut out = format!("SP {}  {}\n\n", details.id, details.rank);
    out.push_str(&diagram::render(position, style));
    out.push('\n');
    let mut line = |label: &str, value: String| {
        let _ = writeln!(out, "{label:<14}{value}");
    };
    line(
        "Bishops",
        format!(
            "code {}: light {}1 ({}), dark {}1 ({})",
            details.bishop_code,
            position.light_bishop_file(),
            details.light_bishop,
            position.dark_bishop_file(),
            details.dark_bishop
        ),
    );
    line(
        "Queen",
        format!("slot {} ({}1)", details.queen_slot, details.files.queen),
    );
    let [first, second] = details.files.knights;
    line(
        "Knights",
        format!("code {} ({first}1, {second}1)", details.knight_code),
    );
    out
}
