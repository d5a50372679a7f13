//! [`Diagram`]: one start position (or double start) as a standalone SVG
//! picture with coordinates and a caption.

use super::pieces::{self, Id, Man};
use super::rgb::Rgb;
use super::squares;
use super::style::{DEFAULT_DARK, DEFAULT_LIGHT, FONT};
use crate::{Color, DoublePosition, File, Position};
use core::fmt;

/// The picture's width in its own units: a 60-unit margin for the rank
/// numbers, eight 100-unit squares and a 20-unit margin.
const WIDTH: u32 = 880;
/// The picture's height in its own units: a 120-unit caption, eight squares
/// and a 60-unit margin for the file letters.
const HEIGHT: u32 = 980;
/// Where the board's top-left corner is.
const BOARD_X: u32 = 60;
const BOARD_Y: u32 = 120;
/// One square's side.
const SQUARE: u32 = 100;

/// A start position as a standalone SVG picture: the board with its
/// coordinates, both armies, and a caption with the id and the rank (and
/// the double id for a double start).
///
/// The pieces are drawn shapes, not font glyphs, so every browser shows
/// the same picture; only the caption and the coordinates are text (in the
/// reader's sans-serif font). The picture is 880 × 980 units, scaled to
/// [`size`](Self::size) pixels wide: a caption band 120 units high, then
/// the board's 100-unit squares with its top-left corner at (60, 120), the
/// rank numbers to its left and the file letters below it.
///
/// It writes into any [`core::fmt::Write`] (a `String`, a formatter) with
/// no allocation of its own, and displays as its SVG text.
///
/// ```
/// use chess960::Position;
/// use chess960::svg::{Diagram, Rgb};
///
/// let diagram = Diagram::new(Position::STANDARD)
///     .flipped(true)
///     .size(480)
///     .dark(Rgb::new(0x6d, 0x8f, 0x5f));
/// let mut svg = String::new();
/// diagram.write_svg(&mut svg)?;
/// assert!(svg.starts_with("<?xml"));
/// assert!(svg.contains(r#"width="480" height="535""#));
/// assert!(svg.contains("SP 518"));
/// assert_eq!(diagram.to_string(), svg);
/// # Ok::<(), std::fmt::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Diagram {
    start: DoublePosition,
    double: bool,
    flipped: bool,
    size: u32,
    light: Rgb,
    dark: Rgb,
}

/// A builder method of [`Diagram`] that sets one field, with its docs.
macro_rules! setter {
    ($(#[$doc:meta])* $field:ident: $type:ty) => {
        $(#[$doc])*
        #[must_use]
        pub const fn $field(mut self, $field: $type) -> Diagram {
            self.$field = $field;
            self
        }
    };
}

impl Diagram {
    /// The width in pixels unless [`size`](Self::size) says otherwise.
    ///
    /// ```
    /// assert_eq!(chess960::svg::Diagram::DEFAULT_SIZE, 480);
    /// ```
    pub const DEFAULT_SIZE: u32 = 480;

    /// The diagram of a Chess960 start, White at the bottom, 480 pixels
    /// wide, in the default colours.
    ///
    /// ```
    /// use chess960::Position;
    /// use chess960::svg::Diagram;
    ///
    /// let svg = Diagram::new(Position::from_id(0)?).to_string();
    /// assert!(svg.contains("SP 0</tspan> · BBQNNRKR"));
    /// # Ok::<(), chess960::PositionError>(())
    /// ```
    pub const fn new(position: Position) -> Diagram {
        Diagram {
            start: DoublePosition::new(position, position),
            double: false,
            flipped: false,
            size: Diagram::DEFAULT_SIZE,
            light: DEFAULT_LIGHT,
            dark: DEFAULT_DARK,
        }
    }

    /// The diagram of a double Chess960 start: Black's pieces from
    /// `start.black()`; the caption gives the double id and both sides'
    /// positions.
    ///
    /// ```
    /// use chess960::DoublePosition;
    /// use chess960::svg::Diagram;
    ///
    /// let svg = Diagram::double(DoublePosition::from_id(497_918)?).to_string();
    /// assert!(svg.contains("Double SP 497918"));
    /// assert!(svg.contains("White SP 518 RNBQKBNR · Black SP 638 RNKQRBBN"));
    /// # Ok::<(), chess960::DoubleIdError>(())
    /// ```
    pub const fn double(start: DoublePosition) -> Diagram {
        Diagram {
            start,
            double: true,
            ..Diagram::new(start.white())
        }
    }

    setter! {
        /// This diagram seen from Black's side when `flipped` is true: the
        /// eighth rank at the bottom, the h-file on the left.
        ///
        /// ```
        /// use chess960::Position;
        /// use chess960::svg::Diagram;
        ///
        /// let diagram = Diagram::new(Position::STANDARD);
        /// assert_ne!(diagram.flipped(true).to_string(), diagram.to_string());
        /// ```
        flipped: bool
    }

    setter! {
        /// This diagram `width` pixels wide; the height follows (980/880 of
        /// the width, rounded), and the picture scales without loss.
        ///
        /// ```
        /// let diagram = chess960::svg::Diagram::new(chess960::Position::STANDARD);
        /// assert!(diagram.size(880).to_string().contains(r#"width="880" height="980""#));
        /// assert!(diagram.size(88).to_string().contains(r#"width="88" height="98""#));
        /// ```
        size: u32
    }

    setter! {
        /// This diagram with light squares in `color` (default `#eedab6`).
        ///
        /// ```
        /// let white = "#fff".parse::<chess960::svg::Rgb>()?;
        /// let diagram = chess960::svg::Diagram::new(chess960::Position::STANDARD);
        /// let svg = diagram.light(white).to_string();
        /// assert!(svg.contains(r##"fill="#ffffff""##) && !svg.contains("#eedab6"));
        /// # Ok::<(), chess960::svg::ParseRgbError>(())
        /// ```
        light: Rgb
    }

    setter! {
        /// This diagram with dark squares in `color` (default `#b3835c`).
        ///
        /// ```
        /// use chess960::svg::{Diagram, Rgb};
        /// // Green and cream, as many online boards show them.
        /// let (green, cream) = (Rgb::new(0x77, 0x99, 0x55), Rgb::new(0xee, 0xee, 0xd2));
        /// let svg = Diagram::new(chess960::Position::STANDARD).dark(green).light(cream).to_string();
        /// assert!(svg.contains(r##"fill="#779955""##) && svg.contains(r##"fill="#eeeed2""##));
        /// ```
        dark: Rgb
    }

    /// Writes the standalone SVG document (UTF-8, with an XML declaration)
    /// into `out`.
    ///
    /// # Errors
    /// Only those of `out`.
    ///
    /// ```
    /// use chess960::Position;
    /// use chess960::svg::Diagram;
    ///
    /// let mut svg = String::new();
    /// Diagram::new(Position::STANDARD).write_svg(&mut svg)?;
    /// assert!(svg.trim_end().ends_with("</svg>"));
    /// # Ok::<(), std::fmt::Error>(())
    /// ```
    pub fn write_svg<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let height =
            (u64::from(self.size) * u64::from(HEIGHT) + u64::from(WIDTH / 2)) / u64::from(WIDTH);
        writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
        writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="{}" height="{height}" viewBox="0 0 {WIDTH} {HEIGHT}">"#,
            self.size
        )?;
        let (id, white_id, white_rank, black_id, black_rank) = self.names();
        if self.double {
            writeln!(
                out,
                "<title>Double Chess960 start SP {id}: White SP {white_id} {white_rank}, Black SP {black_id} {black_rank}</title>"
            )?;
        } else {
            writeln!(
                out,
                "<title>Chess960 start position SP {white_id}: {white_rank}</title>"
            )?;
        }
        pieces::write_defs(out)?;
        writeln!(
            out,
            r##"<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>"##
        )?;
        self.write_caption(out)?;
        self.write_board(out)?;
        out.write_str("</svg>\n")
    }

    /// What the title and the caption name: the double id, White's id
    /// and rank, Black's id and rank.
    fn names(&self) -> (u32, u16, &'static str, u16, &'static str) {
        let (white, black) = (self.start.white(), self.start.black());
        (
            self.start.id(),
            white.id(),
            white.as_str(),
            black.id(),
            black.as_str(),
        )
    }

    /// The caption over the board: one line, or two for a double start.
    fn write_caption<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let centre = BOARD_X + 4 * SQUARE;
        writeln!(
            out,
            r##"<g font-family="{FONT}" fill="#1a1a1a" text-anchor="middle">"##
        )?;
        let (id, white_id, white_rank, black_id, black_rank) = self.names();
        if self.double {
            writeln!(
                out,
                r#"<text x="{centre}" y="54" font-size="42" font-weight="bold">Double SP {id}</text>"#
            )?;
            writeln!(
                out,
                r#"<text x="{centre}" y="100" font-size="30">White SP {white_id} {white_rank} · Black SP {black_id} {black_rank}</text>"#
            )?;
        } else {
            writeln!(
                out,
                r#"<text x="{centre}" y="82" font-size="48"><tspan font-weight="bold">SP {white_id}</tspan> · {white_rank}</text>"#
            )?;
        }
        out.write_str("</g>\n")
    }

    /// The frame, the squares, the coordinates and the men.
    fn write_board<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        writeln!(
            out,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#3a3a3a"/>"##,
            BOARD_X - 3,
            BOARD_Y - 3,
            8 * SQUARE + 6,
            8 * SQUARE + 6
        )?;
        for rank in 1..=8 {
            for file in File::ALL {
                let (x, y) = self.corner(file, rank);
                let color = squares::color(file, rank, self.light, self.dark);
                squares::write(out, (x, y), SQUARE, color)?;
            }
        }
        writeln!(
            out,
            r##"<g font-family="{FONT}" font-size="34" fill="#333333" text-anchor="middle">"##
        )?;
        for rank in 1..=8 {
            let (_, y) = self.corner(File::A, rank);
            writeln!(
                out,
                r#"<text x="{}" y="{}">{rank}</text>"#,
                BOARD_X / 2,
                y + SQUARE / 2 + 12
            )?;
        }
        for file in File::ALL {
            let (x, _) = self.corner(file, 1);
            writeln!(
                out,
                r#"<text x="{}" y="{}">{}</text>"#,
                x + SQUARE / 2,
                BOARD_Y + 8 * SQUARE + 44,
                file.to_char()
            )?;
        }
        out.write_str("</g>\n")?;
        for rank in 1..=8 {
            for file in File::ALL {
                if let Some((man, color)) = man_at(self.start, file, rank) {
                    let (x, y) = self.corner(file, rank);
                    writeln!(
                        out,
                        r##"<use xlink:href="#{}" x="{x}" y="{y}"/>"##,
                        Id(man, color)
                    )?;
                }
            }
        }
        Ok(())
    }

    /// The top-left corner of the square on `file` and `rank` (1..=8).
    fn corner(&self, file: File, rank: u8) -> (u32, u32) {
        let (column, row) = if self.flipped {
            (7 - file.index(), rank - 1)
        } else {
            (file.index(), 8 - rank)
        };
        (
            BOARD_X + u32::from(column) * SQUARE,
            BOARD_Y + u32::from(row) * SQUARE,
        )
    }
}

/// The man on `file` and `rank` (1..=8) at the start, if any.
pub(crate) fn man_at(start: DoublePosition, file: File, rank: u8) -> Option<(Man, Color)> {
    match rank {
        1 => Some((Man::Piece(start.white().piece_at(file)), Color::White)),
        2 => Some((Man::Pawn, Color::White)),
        7 => Some((Man::Pawn, Color::Black)),
        8 => Some((Man::Piece(start.black().piece_at(file)), Color::Black)),
        _ => None,
    }
}

impl From<Position> for Diagram {
    /// [`Diagram::new`].
    fn from(position: Position) -> Diagram {
        Diagram::new(position)
    }
}

impl From<DoublePosition> for Diagram {
    /// [`Diagram::double`].
    fn from(start: DoublePosition) -> Diagram {
        Diagram::double(start)
    }
}

impl fmt::Display for Diagram {
    /// The SVG document, as [`Diagram::write_svg`] writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_svg(f)
    }
}
