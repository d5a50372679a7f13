//! The board's squares as both pictures draw them: which of the two
//! colours a square has, and one square as an SVG rectangle.

use super::rgb::Rgb;
use crate::File;
use core::fmt;

/// The colour of the square on `file` and `rank` (1..=8) of a board with
/// `light` and `dark` squares: a1 is dark, h1 light.
pub(super) const fn color(file: File, rank: u8, light: Rgb, dark: Rgb) -> Rgb {
    if (file.index() + rank) % 2 == 1 {
        dark
    } else {
        light
    }
}

/// Writes one square `side` units wide, its top-left corner at (`x`, `y`),
/// filled with `color`.
pub(super) fn write<W: fmt::Write + ?Sized>(
    out: &mut W,
    (x, y): (impl fmt::Display, impl fmt::Display),
    side: u32,
    color: Rgb,
) -> fmt::Result {
    writeln!(
        out,
        r#"<rect x="{x}" y="{y}" width="{side}" height="{side}" fill="{color}"/>"#
    )
}
