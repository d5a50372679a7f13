//! The board diagram of a start position, White at the bottom.

use chess960::{DoublePosition, File, Piece, Position};
use std::fmt::Write as _;

/// How the diagram draws pieces and squares.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    /// Letters (`K`, `k`, `P`, `.`) instead of chess symbols.
    pub(crate) ascii: bool,
    /// ANSI background colours for light and dark squares.
    pub(crate) colour: bool,
}

/// The chess symbol of a piece; pawns have none in [`Piece`].
fn symbol(piece: Option<Piece>, white: bool) -> char {
    let symbols = if white {
        "♔♕♖♗♘♙"
    } else {
        "♚♛♜♝♞♟"
    };
    let index = piece.map_or(5, |piece| piece as usize);
    symbols.chars().nth(index).unwrap_or('?')
}

/// The letter of a piece, uppercase for White; `P` for a pawn.
fn letter(piece: Option<Piece>, white: bool) -> char {
    let letter = piece.map_or('P', |piece| char::from(piece.letter()));
    if white {
        letter
    } else {
        letter.to_ascii_lowercase()
    }
}

/// Eight lines for the ranks 8 to 1 and a line of file letters.
pub(crate) fn render(position: Position, style: Style) -> String {
    render_double(DoublePosition::from(position), style)
}

/// The diagram of a start whose Black pieces may stand as another
/// position's (double Chess960).
pub(crate) fn render_double(start: DoublePosition, style: Style) -> String {
    let mut out = String::new();
    for rank in (1..=8u8).rev() {
        let _ = write!(out, "{rank} ");
        for file in File::ALL {
            let (piece, white) = match rank {
                1 => (Some(Some(start.white().piece_at(file))), true),
                2 => (Some(None), true),
                7 => (Some(None), false),
                8 => (Some(Some(start.black().piece_at(file))), false),
                _ => (None, true),
            };
            let glyph = match piece {
                Some(piece) if style.ascii => letter(piece, white),
                Some(piece) => symbol(piece, white),
                None => '.',
            };
            let light = (file.index() + rank) % 2 == 0;
            if style.colour {
                let background = if light { "48;5;180" } else { "48;5;137" };
                let _ = write!(out, "\x1b[{background};38;5;16m {glyph} \x1b[0m");
            } else {
                let _ = write!(out, " {glyph}");
            }
        }
        out.push('\n');
    }
    out.push_str("  ");
    for file in File::ALL {
        let _ = if style.colour {
            write!(out, " {file} ")
        } else {
            write!(out, " {file}")
        };
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::{Style, render, render_double};
    use chess960::Position;

    #[test]
    fn ascii_diagram_of_the_classical_position() {
        let style = Style {
            ascii: true,
            colour: false,
        };
        let expected = "\
8  r n b q k b n r
7  p p p p p p p p
6  . . . . . . . .
5  . . . . . . . .
4  . . . . . . . .
3  . . . . . . . .
2  P P P P P P P P
1  R N B Q K B N R
   a b c d e f g h
";
        assert_eq!(render(Position::STANDARD, style), expected);
    }

    #[test]
    fn a_double_start_has_black_pieces_of_another_position() {
        let style = Style {
            ascii: true,
            colour: false,
        };
        let start = chess960::DoublePosition::new(Position::STANDARD, chess960::sp!(0));
        let diagram = render_double(start, style);
        assert!(diagram.starts_with("8  b b q n n r k r\n"), "{diagram}");
        assert!(diagram.contains("1  R N B Q K B N R\n"), "{diagram}");
    }

    #[test]
    fn unicode_diagram_uses_chess_symbols() {
        let style = Style {
            ascii: false,
            colour: false,
        };
        let diagram = render(Position::STANDARD, style);
        assert!(diagram.starts_with("8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n7  ♟"));
        assert!(diagram.contains("1  ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖\n"));
    }
}
