//! The piece drawings: one shape per kind of man on a 100 × 100 square,
//! written once into the picture's `<defs>` for each side and placed with
//! `<use>`. Drawn for this crate from lines, arcs and curves (no font, no
//! glyph), so every renderer draws the same picture.

use crate::{Colour, Piece};
use core::fmt;

/// A man on the board: a piece, or a pawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Man {
    /// A piece of the back rank.
    Piece(Piece),
    /// A pawn.
    Pawn,
}

/// One shape: filled outlines, lines drawn over them, and filled dots.
struct Shape {
    /// Letter used in the shape's id, as in FEN.
    letter: char,
    /// Outlines filled with the side's colour, later ones on top.
    body: &'static [&'static str],
    /// Lines that mark where parts meet (visible on Black's dark pieces).
    details: &'static [&'static str],
    /// Small filled marks, such as the knight's eye.
    dots: &'static [&'static str],
}

/// The plinth every man stands on.
const BASE: &str = "M22 82H78Q80 82 80 85V90H20V85Q20 82 22 82Z";
/// The line along the top of the plinth.
const BASE_LINE: &str = "M24 82H76";

const KING: Shape = Shape {
    letter: 'K',
    body: &[
        "M46 28H54V46H46Z",
        "M46 6H54V13H61V21H54V30H46V21H39V13H46Z",
        "M30 72C14 60 16 38 34 37C42 37 48 42 50 48C52 42 58 37 66 37C84 38 86 60 70 72Z",
        "M30 72H70L72 82H28Z",
    ],
    details: &["M31 72H69"],
    dots: &[],
};

const QUEEN: Shape = Shape {
    letter: 'Q',
    body: &[
        "M30 72L14 36L31 52L32 26L43 48L50 20L57 48L68 26L69 52L86 36L70 72Z",
        "M30 72H70L72 82H28Z",
        "M9 36A5 5 0 1 1 19 36A5 5 0 1 1 9 36Z",
        "M27 26A5 5 0 1 1 37 26A5 5 0 1 1 27 26Z",
        "M45 20A5 5 0 1 1 55 20A5 5 0 1 1 45 20Z",
        "M63 26A5 5 0 1 1 73 26A5 5 0 1 1 63 26Z",
        "M81 36A5 5 0 1 1 91 36A5 5 0 1 1 81 36Z",
    ],
    details: &["M31 72H69"],
    dots: &[],
};

const ROOK: Shape = Shape {
    letter: 'R',
    body: &[
        "M30 82L33 46H67L70 82Z",
        "M26 46V18H36V26H45V18H55V26H64V18H74V46Z",
        "M28 74H72V82H28Z",
    ],
    details: &["M29 46H71", "M31 74H69"],
    dots: &[],
};

const BISHOP: Shape = Shape {
    letter: 'B',
    body: &[
        "M32 82C32 75 39 73 42 70H58C61 73 68 75 68 82Z",
        "M50 22C62 32 70 44 66 56C64 62 60 66 58 68H42C40 66 36 62 34 56C30 44 38 32 50 22Z",
        "M38 66H62A3 3 0 0 1 62 72H38A3 3 0 0 1 38 66Z",
        "M45 16A5 5 0 1 1 55 16A5 5 0 1 1 45 16Z",
    ],
    details: &["M56 35L46 50", "M40 66H60", "M40 72H60"],
    dots: &[],
};

const KNIGHT: Shape = Shape {
    letter: 'N',
    body: &[
        "M30 82C30 68 36 60 44 54C38 56 32 58 27 60C22 61 18 57 20 52C23 46 33 38 40 30L40 18L47 25L52 16L56 26C69 31 78 46 76 82Z",
    ],
    details: &["M60 32C68 42 71 58 69 76"],
    dots: &["M43.5 37A2.5 2.5 0 1 1 48.5 37A2.5 2.5 0 1 1 43.5 37Z"],
};

const PAWN: Shape = Shape {
    letter: 'P',
    body: &[
        "M28 82C28 70 37 62 43 56L41 48H59L57 56C63 62 72 70 72 82Z",
        "M38 43H62A3 3 0 0 1 62 49H38A3 3 0 0 1 38 43Z",
        "M38 32A12 12 0 1 1 62 32A12 12 0 1 1 38 32Z",
    ],
    details: &["M40 43H60", "M40 49H60"],
    dots: &[],
};

/// Every shape, in the order the `<defs>` list them.
const SHAPES: [(Man, &Shape); 6] = [
    (Man::Piece(Piece::King), &KING),
    (Man::Piece(Piece::Queen), &QUEEN),
    (Man::Piece(Piece::Rook), &ROOK),
    (Man::Piece(Piece::Bishop), &BISHOP),
    (Man::Piece(Piece::Knight), &KNIGHT),
    (Man::Pawn, &PAWN),
];

/// The fill of White's men.
pub(crate) const WHITE_FILL: &str = "#ffffff";
/// The fill of Black's men.
pub(crate) const BLACK_FILL: &str = "#1a1a1a";
/// The outline of both sides' men.
const OUTLINE: &str = "#1a1a1a";
/// The lines inside Black's men.
const BLACK_DETAIL: &str = "#f2f2f2";

const fn shape(man: Man) -> &'static Shape {
    match man {
        Man::Piece(Piece::King) => &KING,
        Man::Piece(Piece::Queen) => &QUEEN,
        Man::Piece(Piece::Rook) => &ROOK,
        Man::Piece(Piece::Bishop) => &BISHOP,
        Man::Piece(Piece::Knight) => &KNIGHT,
        Man::Pawn => &PAWN,
    }
}

/// The id of the drawing of `man` of `colour` in the `<defs>`: `c960-wK`.
pub(crate) struct Id(pub(crate) Man, pub(crate) Colour);

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.1 {
            Colour::White => 'w',
            Colour::Black => 'b',
        };
        write!(f, "c960-{side}{}", shape(self.0).letter)
    }
}

/// Writes the `<defs>` element with all twelve drawings.
pub(crate) fn write_defs<W: fmt::Write + ?Sized>(out: &mut W) -> fmt::Result {
    out.write_str("<defs>\n")?;
    for colour in Colour::ALL {
        let (fill, detail) = match colour {
            Colour::White => (WHITE_FILL, OUTLINE),
            Colour::Black => (BLACK_FILL, BLACK_DETAIL),
        };
        for (man, shape) in SHAPES {
            writeln!(
                out,
                r#"<g id="{}" stroke="{OUTLINE}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round">"#,
                Id(man, colour)
            )?;
            for d in core::iter::once(&BASE).chain(shape.body) {
                writeln!(out, r#"<path fill="{fill}" d="{d}"/>"#)?;
            }
            for d in core::iter::once(&BASE_LINE).chain(shape.details) {
                writeln!(out, r#"<path fill="none" stroke="{detail}" d="{d}"/>"#)?;
            }
            for d in shape.dots {
                writeln!(out, r#"<path fill="{detail}" stroke="none" d="{d}"/>"#)?;
            }
            out.write_str("</g>\n")?;
        }
    }
    out.write_str("</defs>\n")
}
