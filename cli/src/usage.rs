//! What clap says when it does not hand over parsed arguments: `--help`
//! and `--version` on standard output (exit 1 when that cannot be
//! written), and usage errors as one line on standard error, every echoed
//! argument escaped and shortened, exit 2.

use crate::echo;
use crate::failure::Failure;
use crate::suggest;
use clap::error::ErrorKind;
use std::cmp::Reverse;
use std::ffi::OsString;
use std::io::Write as _;

/// The longest usage error line, in characters: clap's message and its
/// tips, with echoed arguments already cut to 20 characters each.
const LONGEST: usize = 400;

/// What the command does with clap's `error` about `args` (the whole
/// command line, program name first): `Ok` after help or version was
/// written, otherwise the failure to report.
pub(crate) fn handle(
    error: &clap::Error,
    args: &[OsString],
    commands: &[&str],
) -> Result<(), Failure> {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            error.print()?;
            Ok(std::io::stdout().flush()?)
        }
        _ => Err(Failure::input(message(error, args, commands))),
    }
}

/// Clap's usage error as one line: a mistyped command named as such,
/// otherwise the error and its tips without the usage block, every long
/// or multi-line argument it quotes shortened and escaped.
fn message(error: &clap::Error, args: &[OsString], commands: &[&str]) -> String {
    let words: Vec<String> = args
        .iter()
        .skip(1)
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    if let Some(first) = words.first() {
        if let Some(name) = suggest::command(first, commands) {
            return unknown_command(first, name);
        }
    }
    let mut text = error.render().to_string();
    let mut echoed: Vec<&str> = words
        .iter()
        .flat_map(|word| {
            [
                Some(word.as_str()),
                word.split_once('=').map(|(_, value)| value),
            ]
        })
        .flatten()
        .filter(|word| word.chars().count() > 20 || word.chars().any(char::is_control))
        .collect();
    echoed.sort_by_key(|word| Reverse(word.len()));
    for word in echoed {
        text = text.replace(&format!("'{word}'"), &echo::quoted(word));
        // Clap also quotes a word inside its tips (`'-- --word'`).
        if word.chars().count() > 20 {
            text = text.replace(word, &echo::shortened(word));
        }
    }
    let end = ["\nUsage:", "\nFor more information"]
        .iter()
        .filter_map(|marker| text.find(marker))
        .min()
        .unwrap_or(text.len());
    let mut line = String::new();
    for part in text[..end].lines().map(str::trim) {
        if !part.is_empty() {
            if !line.is_empty() {
                let joined = part.starts_with('[') || line.ends_with(':');
                line.push_str(if joined { " " } else { "; " });
            }
            line.push_str(part);
        }
    }
    let line = line.strip_prefix("error: ").unwrap_or(&line);
    echo::one_line(&format!("{line} (see --help)"), LONGEST)
}

/// "unknown command 'ranodm': did you mean `random`?"
pub(crate) fn unknown_command(word: &str, name: &str) -> String {
    format!(
        "unknown command {}: did you mean `{name}`?",
        echo::quoted(word.trim())
    )
}
