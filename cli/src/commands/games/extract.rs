//! `chess960 games extract` (the legacy `--pgn`): the selected games'
//! records as they stand in the input, byte for byte, in input order,
//! each followed by one blank line.

use super::collect::FLUSH;
use super::filters::PlayerFilter;
use super::options::Shared;
use super::output::Format;
use super::session::{self, Also, Common, Session};
use crate::failure::Failure;
use chess960_archive::{Collect, Error, Game};
use chess960_games::read::GameKind;
use clap::Args;
use std::io::{self, Write};

/// The arguments of `chess960 games extract`.
#[derive(Args, Debug, Default)]
pub(crate) struct ExtractArgs {
    #[command(flatten)]
    pub(crate) shared: Shared,
    #[command(flatten)]
    pub(crate) players: PlayerFilter,
}

/// Reads the inputs and copies the selected records; the summary goes to
/// standard error. `also`: what the legacy form may add.
pub(crate) fn run(args: &ExtractArgs, also: &Also<'_>, out: &mut dyn Write) -> Result<(), Failure> {
    let common = Common {
        shared: &args.shared,
        names: &args.players.player,
        format: Format::Tsv,
        sprt: also.sprt,
    };
    let (mut session, ()) = Session::open(&common, || Ok(()), out)?;
    let summary = session.read(|archive, out| {
        let mut writer = io::BufWriter::with_capacity(1 << 20, out);
        let read = archive.collect(&Records, |batch| writer.write_all(batch.part));
        session::failure(read.and_then(|summary| {
            writer.flush().map_err(Error::Deliver)?;
            Ok(summary)
        }))
    })?;
    session.conclude(&summary, also.plot)
}

/// The selected records as they stand, each followed by one blank
/// line; unreadable records are not copied.
pub(crate) struct Records;

impl Collect for Records {
    type Part = Vec<u8>;

    fn part(&self) -> Vec<u8> {
        Vec::new()
    }

    fn game(&self, part: &mut Vec<u8>, game: &Game<'_>) {
        if let (Some(raw), false) = (game.raw(), matches!(game.kind(), GameKind::Unreadable(_))) {
            copy_record(raw, part);
        }
    }

    fn keeps_raw(&self) -> bool {
        true
    }

    fn is_full(&self, part: &Vec<u8>) -> bool {
        part.len() >= FLUSH
    }

    fn reset(&self, part: &mut Vec<u8>) {
        part.clear();
    }
}

/// Adds a record as it stands, up to the line end of its last line that is
/// not blank, then one blank line in that line end (`\r\n` or `\n`).
fn copy_record(raw: &[u8], out: &mut Vec<u8>) {
    let last = raw
        .iter()
        .rposition(|byte| !byte.is_ascii_whitespace())
        .map_or(0, |last| last + 1);
    let (end, line_end): (usize, &[u8]) = match raw[last..].iter().position(|&byte| byte == b'\n') {
        Some(newline) => {
            let end = last + newline + 1;
            let crlf = raw[..end].ends_with(b"\r\n");
            (end, if crlf { b"\r\n" } else { b"\n" })
        }
        // The input's last line, without a line end: one is added.
        None => (raw.len(), b"\n\n"),
    };
    out.extend_from_slice(&raw[..end]);
    out.extend_from_slice(line_end);
}
