//! The look both pictures share unless the caller chooses: the squares'
//! colours and the fonts of the caption and the coordinates.

use super::rgb::Rgb;

/// The light squares unless the caller chooses: a pale wood.
pub(super) const DEFAULT_LIGHT: Rgb = Rgb::new(0xee, 0xda, 0xb6);
/// The dark squares unless the caller chooses: a darker wood.
pub(super) const DEFAULT_DARK: Rgb = Rgb::new(0xb3, 0x83, 0x5c);
/// The fonts of the caption and the coordinates: any sans-serif.
pub(super) const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";
