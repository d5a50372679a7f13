//! Start positions as standalone SVG pictures (the `svg` feature): a
//! [`Diagram`] of one start (or double start) for a screen or a web page,
//! and a [`Sheet`] of an event's rounds for the arbiter to print.
//!
//! The pieces are shapes drawn for this crate, not glyphs of a font, so
//! every browser shows the same picture. Both write into any
//! [`core::fmt::Write`] without allocating, and display as their SVG text.
//!
//! ```
//! use chess960::Position;
//! use chess960::svg::Diagram;
//!
//! let svg = Diagram::new(Position::STANDARD).flipped(true).size(480).to_string();
//! assert!(svg.contains("<svg"));
//! ```

mod diagram;
mod pieces;
mod rgb;
mod sheet;
mod squares;
mod style;
mod xml;

pub use diagram::Diagram;
pub use rgb::{ParseRgbError, Rgb};
pub use sheet::Sheet;
