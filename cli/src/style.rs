//! Whether to colour the output: by default only on a terminal, and never
//! when `NO_COLOR` is set to a non-empty value.

use clap::ValueEnum;
use std::ffi::OsStr;
use std::io::IsTerminal;

/// The `--color` choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColourChoice {
    /// Colour on a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

impl ColourChoice {
    /// Whether standard output gets colour.
    pub(crate) fn on_stdout(self) -> bool {
        self.wanted(
            std::io::stdout().is_terminal(),
            std::env::var_os("NO_COLOR").as_deref(),
        )
    }

    fn wanted(self, terminal: bool, no_colour: Option<&OsStr>) -> bool {
        match self {
            ColourChoice::Always => true,
            ColourChoice::Never => false,
            ColourChoice::Auto => terminal && no_colour.is_none_or(OsStr::is_empty),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ColourChoice::{Always, Auto, Never};
    use std::ffi::OsStr;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert!(Auto.wanted(true, None));
        assert!(Auto.wanted(true, Some(OsStr::new(""))));
        assert!(!Auto.wanted(true, Some(OsStr::new("1"))));
        assert!(!Auto.wanted(false, None));
        assert!(Always.wanted(false, Some(OsStr::new("1"))));
        assert!(!Never.wanted(true, None));
    }
}
