//! `chess960 explorer serve --db DIR [--bind ADDR]`: the db over HTTP,
//! lichess's explorer API at `/lichess` (and `/player`) and a page at `/`,
//! until Ctrl-C or SIGTERM. A thin layer over
//! `chess960_explorer::serve::run_until_signal`.

use super::db_failure;
use crate::failure::Failure;
use chess960_explorer::Explorer;
use clap::Args;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;

/// The arguments of `chess960 explorer serve`.
///
/// Prints one line, `serving DIR on http://ADDR/`, once it listens (the
/// port chosen by the system when `--bind`'s is 0), then answers until
/// Ctrl-C or SIGTERM, finishing the requests in flight (within a second).
#[derive(Args, Debug)]
pub(crate) struct ServeArgs {
    /// The db's folder (opened read-only).
    #[arg(long, value_name = "DIR")]
    db: PathBuf,
    /// The address and port to listen on: this machine only unless told
    /// otherwise (`0.0.0.0:9002` listens on every network).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:9002")]
    bind: SocketAddr,
}

/// Serves the db until a signal.
pub(crate) fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let explorer = Explorer::open(&args.db).map_err(|error| db_failure(&error))?;
    let mut said = Ok(());
    chess960_explorer::serve::run_until_signal(explorer, args.bind, |addr| {
        said = writeln!(out, "serving {} on http://{addr}/", args.db.display())
            .and_then(|()| out.flush());
    })
    .map_err(|error| Failure::input(format!("explorer serve: {}: {error}", args.bind)))?;
    said.map_err(Failure::from)
}
