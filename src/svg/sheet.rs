//! [`Sheet`]: an event's rounds on A4 pages for the arbiter to print, one
//! round under the other.

use super::pieces::{self, Id, Man};
use super::rgb::Rgb;
use super::squares;
use super::style::{DEFAULT_DARK, DEFAULT_LIGHT, FONT};
use super::xml::Escaped;
use crate::{Color, File, Position};
use core::fmt;

/// An A4 page, in millimetres.
const PAGE_WIDTH: u32 = 210;
const PAGE_HEIGHT: u32 = 297;
/// The left and right margins.
const MARGIN: u32 = 15;
/// Where the first round's row starts on each page.
const FIRST_ROW: u32 = 46;
/// How many lines of the note are printed.
const NOTE_LINES: usize = 3;
/// One round's row: the caption and the strip of the back rank.
const ROW: u32 = 20;
/// One square of the strip.
const SQUARE: u32 = 15;
/// Where the strip starts: it ends at the right margin.
const STRIP_X: u32 = PAGE_WIDTH - MARGIN - 8 * SQUARE;

/// A printable sheet of an event's rounds: A4 pages (210 × 297 mm), a title
/// and a note on each, then one row per round, one under the other:
/// `Round 1` and `SP 518 RNBQKBNR` on the left, White's back rank drawn on
/// its eight squares (a-file on the left) on the right. Black's back rank is
/// the mirror image, and pawns and empty squares tell nothing, so the strip
/// is all a player needs and twelve rounds fit on one page; more rounds
/// continue on further A4 pages stacked in the same picture.
///
/// The view box is in millimetres: on each page the rows start 46 mm from
/// the top, 20 mm apart, and the strip's 15 mm squares start 75 mm from
/// the left edge.
///
/// ```
/// use chess960::Position;
/// use chess960::svg::Sheet;
///
/// let rounds = [Position::STANDARD, Position::from_id(0)?];
/// let svg = Sheet::new(&rounds)
///     .title("Open 2026 — Chess960")
///     .note("chess960 random --count 2 --distinct --seed \"Open 2026\"")
///     .to_string();
/// assert!(svg.contains(r#"width="210mm" height="297mm""#));
/// assert!(svg.contains("Round 2"));
/// assert!(svg.contains("SP 0 BBQNNRKR"));
/// assert!(svg.contains("--seed &quot;Open 2026&quot;"));
/// # Ok::<(), chess960::PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sheet<'a> {
    rounds: &'a [Position],
    title: &'a str,
    note: &'a str,
    light: Rgb,
    dark: Rgb,
}

impl<'a> Sheet<'a> {
    /// How many rounds one A4 page holds.
    ///
    /// ```
    /// assert_eq!(chess960::svg::Sheet::ROUNDS_PER_PAGE, 12);
    /// ```
    pub const ROUNDS_PER_PAGE: usize = 12;

    /// The sheet of `rounds`: round 1 is `rounds[0]`. The title is
    /// "Chess960 draw" unless [`title`](Self::title) says otherwise.
    ///
    /// ```
    /// use chess960::Position;
    /// use chess960::svg::Sheet;
    ///
    /// let svg = Sheet::new(&[Position::STANDARD]).to_string();
    /// assert!(svg.contains("Chess960 draw"));
    /// assert!(svg.contains("Round 1"));
    /// ```
    pub const fn new(rounds: &'a [Position]) -> Sheet<'a> {
        Sheet {
            rounds,
            title: "Chess960 draw",
            note: "",
            light: DEFAULT_LIGHT,
            dark: DEFAULT_DARK,
        }
    }

    /// This sheet with `title` at the top of each page, such as the
    /// event's name.
    ///
    /// ```
    /// use chess960::Position;
    /// use chess960::svg::Sheet;
    ///
    /// let svg = Sheet::new(&[Position::STANDARD]).title("Club <960>").to_string();
    /// assert!(svg.contains("Club &lt;960&gt;"));
    /// ```
    #[must_use]
    pub const fn title(mut self, title: &'a str) -> Sheet<'a> {
        self.title = title;
        self
    }

    /// This sheet with small print under the title, such as how the draw
    /// can be re-checked: up to three lines, separated by `\n` (about 100
    /// characters fit on a line).
    ///
    /// ```
    /// use chess960::Position;
    /// use chess960::svg::Sheet;
    ///
    /// let svg = Sheet::new(&[Position::STANDARD]).note("seed: Open 2026").to_string();
    /// assert!(svg.contains("seed: Open 2026"));
    /// ```
    #[must_use]
    pub const fn note(mut self, note: &'a str) -> Sheet<'a> {
        self.note = note;
        self
    }

    /// This sheet with light squares in `color`.
    ///
    /// ```
    /// use chess960::Position;
    /// use chess960::svg::{Rgb, Sheet};
    ///
    /// let svg = Sheet::new(&[Position::STANDARD]).light(Rgb::new(1, 2, 3)).to_string();
    /// assert!(svg.contains("#010203"));
    /// ```
    #[must_use]
    pub const fn light(mut self, color: Rgb) -> Sheet<'a> {
        self.light = color;
        self
    }

    /// This sheet with dark squares in `color`.
    ///
    /// ```
    /// use chess960::Position;
    /// use chess960::svg::{Rgb, Sheet};
    ///
    /// let svg = Sheet::new(&[Position::STANDARD]).dark(Rgb::new(4, 5, 6)).to_string();
    /// assert!(svg.contains("#040506"));
    /// ```
    #[must_use]
    pub const fn dark(mut self, color: Rgb) -> Sheet<'a> {
        self.dark = color;
        self
    }

    /// How many A4 pages the sheet takes: at least one.
    ///
    /// ```
    /// use chess960::Position;
    /// use chess960::svg::Sheet;
    ///
    /// assert_eq!(Sheet::new(&[]).pages(), 1);
    /// assert_eq!(Sheet::new(&[Position::STANDARD; 13]).pages(), 2);
    /// ```
    pub const fn pages(&self) -> usize {
        if self.rounds.is_empty() {
            1
        } else {
            self.rounds.len().div_ceil(Sheet::ROUNDS_PER_PAGE)
        }
    }

    /// Writes the standalone SVG document (UTF-8, with an XML declaration)
    /// into `out`.
    ///
    /// # Errors
    /// Only those of `out`.
    ///
    /// ```
    /// use chess960::Position;
    /// use chess960::svg::Sheet;
    ///
    /// let mut svg = String::new();
    /// Sheet::new(&[Position::STANDARD]).write_svg(&mut svg)?;
    /// assert!(svg.contains("SP 518 RNBQKBNR"));
    /// # Ok::<(), std::fmt::Error>(())
    /// ```
    pub fn write_svg<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let pages = self.pages();
        let height = PAGE_HEIGHT as usize * pages;
        writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
        writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="{PAGE_WIDTH}mm" height="{height}mm" viewBox="0 0 {PAGE_WIDTH} {height}">"#
        )?;
        writeln!(out, "<title>{}</title>", Escaped(self.title))?;
        pieces::write_defs(out)?;
        writeln!(
            out,
            r##"<rect width="{PAGE_WIDTH}" height="{height}" fill="#ffffff"/>"##
        )?;
        writeln!(out, r##"<g font-family="{FONT}" fill="#1a1a1a">"##)?;
        for page in 0..pages {
            self.write_page(out, page, pages)?;
        }
        out.write_str("</g>\n</svg>\n")
    }

    /// One page: the header, then its rounds.
    fn write_page<W: fmt::Write + ?Sized>(
        &self,
        out: &mut W,
        page: usize,
        pages: usize,
    ) -> fmt::Result {
        let top = PAGE_HEIGHT as usize * page;
        writeln!(
            out,
            r#"<text x="{MARGIN}" y="{}" font-size="7" font-weight="bold">{}</text>"#,
            top + 24,
            Escaped(self.title)
        )?;
        for (index, line) in self.note.lines().take(NOTE_LINES).enumerate() {
            writeln!(
                out,
                r##"<text x="{MARGIN}" y="{}" font-size="3" fill="#444444">{}</text>"##,
                // 30 mm, 34 mm, 38 mm from the page's top.
                top + 30 + 4 * index,
                Escaped(line)
            )?;
        }
        if pages > 1 {
            writeln!(
                out,
                r##"<text x="{}" y="{}" font-size="3.5" fill="#444444" text-anchor="end">Page {} of {pages}</text>"##,
                PAGE_WIDTH - MARGIN,
                top + 24,
                page + 1
            )?;
        }
        writeln!(
            out,
            r##"<path d="M{MARGIN} {}H{}" stroke="#1a1a1a" stroke-width="0.4"/>"##,
            top + 41,
            PAGE_WIDTH - MARGIN
        )?;
        let first = page * Sheet::ROUNDS_PER_PAGE;
        let rounds = self.rounds.iter().enumerate().skip(first);
        for (row, (index, &position)) in rounds.take(Sheet::ROUNDS_PER_PAGE).enumerate() {
            let y = top + FIRST_ROW as usize + ROW as usize * row;
            self.write_round(out, index + 1, position, y)?;
        }
        Ok(())
    }

    /// One round's row, its top at `y`.
    fn write_round<W: fmt::Write + ?Sized>(
        &self,
        out: &mut W,
        round: usize,
        position: Position,
        y: usize,
    ) -> fmt::Result {
        writeln!(
            out,
            r#"<text x="{MARGIN}" y="{}" font-size="6" font-weight="bold">Round {round}</text>"#,
            y + 6
        )?;
        writeln!(
            out,
            r#"<text x="{MARGIN}" y="{}" font-size="4.5">SP {} {}</text>"#,
            y + 13,
            position.id(),
            position.as_str()
        )?;
        for file in File::ALL {
            let x = STRIP_X + u32::from(file.index()) * SQUARE;
            // The first rank's square; its letter in the other colour, that
            // of the square above.
            let color = squares::color(file, 1, self.light, self.dark);
            let other = squares::color(file, 2, self.light, self.dark);
            squares::write(out, (x, y), SQUARE, color)?;
            writeln!(
                out,
                r#"<text x="{}" y="{}" font-size="2.6" fill="{other}" text-anchor="end">{}</text>"#,
                x + SQUARE - 1,
                y + SQUARE as usize - 1,
                file.to_char()
            )?;
            writeln!(
                out,
                r##"<use xlink:href="#{}" transform="translate({x} {y}) scale(0.15)"/>"##,
                Id(Man::Piece(position.piece_at(file)), Color::White)
            )?;
        }
        if round % Sheet::ROUNDS_PER_PAGE != 0 && round < self.rounds.len() {
            writeln!(
                out,
                r##"<path d="M{MARGIN} {}H{}" stroke="#bbbbbb" stroke-width="0.25"/>"##,
                y + SQUARE as usize + 2,
                PAGE_WIDTH - MARGIN
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for Sheet<'_> {
    /// The SVG document, as [`Sheet::write_svg`] writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_svg(f)
    }
}
