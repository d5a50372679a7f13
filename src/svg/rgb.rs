//! [`Rgb`]: a colour for the squares, read from and written as `#rrggbb`.

use core::fmt;
use core::str::FromStr;

/// A colour as red, green and blue from 0 to 255, written `#rrggbb` in the
/// picture (so no text of the caller's reaches the SVG unchecked).
///
/// Parses from `#rrggbb` or `#rgb`, with or without the `#` (a shell takes
/// an unquoted word starting with `#` for a comment).
///
/// ```
/// use chess960::svg::Rgb;
///
/// let colour: Rgb = "#EEDAB6".parse()?;
/// assert_eq!(colour, Rgb::new(0xee, 0xda, 0xb6));
/// assert_eq!(colour.to_string(), "#eedab6");
/// assert_eq!("0c8".parse::<Rgb>()?, Rgb::new(0x00, 0xcc, 0x88));
/// assert!("tomato".parse::<Rgb>().is_err());
/// # Ok::<(), chess960::svg::RgbError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb {
    /// Red, 0..=255.
    pub red: u8,
    /// Green, 0..=255.
    pub green: u8,
    /// Blue, 0..=255.
    pub blue: u8,
}

impl Rgb {
    /// The colour with these components.
    ///
    /// ```
    /// use chess960::svg::Rgb;
    ///
    /// assert_eq!(Rgb::new(255, 255, 255).to_string(), "#ffffff");
    /// ```
    pub const fn new(red: u8, green: u8, blue: u8) -> Rgb {
        Rgb { red, green, blue }
    }
}

impl fmt::Display for Rgb {
    /// `#rrggbb` in lower case.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.red, self.green, self.blue)
    }
}

/// Text that is not a colour in the form `#rrggbb` or `#rgb`.
///
/// ```
/// use chess960::svg::{Rgb, RgbError};
///
/// assert_eq!("#12345".parse::<Rgb>(), Err(RgbError));
/// assert_eq!(
///     RgbError.to_string(),
///     "not a colour: write it as #rrggbb or #rgb in hexadecimal digits"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RgbError;

impl fmt::Display for RgbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a colour: write it as #rrggbb or #rgb in hexadecimal digits")
    }
}

impl core::error::Error for RgbError {}

/// The value of one hexadecimal digit.
const fn hex_digit(byte: u8) -> Result<u8, RgbError> {
    match byte {
        b'0'..=b'9' => Ok(byte - b'0'),
        b'a'..=b'f' => Ok(byte - b'a' + 10),
        b'A'..=b'F' => Ok(byte - b'A' + 10),
        _ => Err(RgbError),
    }
}

impl FromStr for Rgb {
    type Err = RgbError;

    fn from_str(text: &str) -> Result<Rgb, RgbError> {
        let digits = text.strip_prefix('#').unwrap_or(text).as_bytes();
        match *digits {
            [r, g, b] => {
                let (r, g, b) = (hex_digit(r)?, hex_digit(g)?, hex_digit(b)?);
                Ok(Rgb::new(r * 17, g * 17, b * 17))
            }
            [r1, r2, g1, g2, b1, b2] => Ok(Rgb::new(
                hex_digit(r1)? * 16 + hex_digit(r2)?,
                hex_digit(g1)? * 16 + hex_digit(g2)?,
                hex_digit(b1)? * 16 + hex_digit(b2)?,
            )),
            _ => Err(RgbError),
        }
    }
}
