//! Whether to colour the output: by default only on a terminal, never when
//! `NO_COLOR` is set to a non-empty value, and never on a terminal that
//! says it cannot (`TERM=dumb`).

use clap::ValueEnum;
use std::ffi::OsStr;
use std::io::IsTerminal;

/// The `--color` choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColourChoice {
    /// Colour on a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
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
            std::env::var_os("TERM").as_deref(),
        )
    }

    /// Whether to colour, given whether the output is a terminal and the
    /// values of `NO_COLOR` and `TERM`.
    fn wanted(self, terminal: bool, no_colour: Option<&OsStr>, term: Option<&OsStr>) -> bool {
        match self {
            ColourChoice::Always => true,
            ColourChoice::Never => false,
            ColourChoice::Auto => {
                terminal
                    && no_colour.is_none_or(OsStr::is_empty)
                    && term != Some(OsStr::new("dumb"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ColourChoice::{Always, Auto, Never};
    use std::ffi::OsStr;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        let xterm = Some(OsStr::new("xterm-256color"));
        assert!(Auto.wanted(true, None, xterm));
        assert!(Auto.wanted(true, None, None));
        assert!(Auto.wanted(true, Some(OsStr::new("")), xterm));
        assert!(!Auto.wanted(true, Some(OsStr::new("1")), xterm));
        assert!(!Auto.wanted(false, None, xterm));
        assert!(Always.wanted(false, Some(OsStr::new("1")), xterm));
        assert!(!Never.wanted(true, None, xterm));
    }

    #[test]
    fn a_dumb_terminal_gets_no_colour_unless_asked() {
        let dumb = Some(OsStr::new("dumb"));
        assert!(!Auto.wanted(true, None, dumb));
        assert!(Always.wanted(true, None, dumb));
    }
}
