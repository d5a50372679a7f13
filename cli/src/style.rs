//! Whether to colour the output: only on a terminal, and never when
//! `NO_COLOR` is set to a non-empty value.

use std::io::IsTerminal;

/// True when standard output is a terminal and `NO_COLOR` is unset or empty.
pub(crate) fn colour_on_stdout() -> bool {
    let no_colour = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
    !no_colour && std::io::stdout().is_terminal()
}
