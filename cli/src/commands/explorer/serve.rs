//! `chess960 explorer serve --db [NAME=]DIR... [--bind ADDR]`: the dbs
//! over HTTP, lichess's explorer API at `/lichess` (`/masters`, `/player`)
//! and a page at `/`, until Ctrl-C or SIGTERM. A thin layer over
//! `chess960_explorer::serve::run_until_signal`.

use super::db_failure;
use crate::failure::Failure;
use chess960_explorer::Explorer;
use chess960_explorer::analysis::live::Live;
use chess960_explorer::analysis::uci::Settings;
use chess960_explorer::serve::Databases;
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
    /// A db's folder (opened read-only), as `NAME=DIR` to name it (the
    /// page's tab and the `db` parameter); repeat it to serve several. A
    /// db named `masters` also answers `/masters`, a player's db
    /// `/player`. One db given as `DIR` alone is named `lichess` (or
    /// `player`); several need names.
    #[arg(long, value_name = "[NAME=]DIR", required = true)]
    db: Vec<String>,
    /// The address and port to listen on: this machine only unless told
    /// otherwise (`0.0.0.0:9002` listens on every network).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:9002")]
    bind: SocketAddr,
    /// A UCI engine (Stockfish) for live analysis of positions without a
    /// stored evaluation: the page streams its lines as they deepen. The
    /// server starts it as a process of its own (one thread, `--hash`
    /// MB, 3 lines); without it, the page says no evaluation is stored.
    #[arg(long, value_name = "PATH")]
    engine: Option<PathBuf>,
    /// How many live analyses may run at once (each one engine process).
    #[arg(long, value_name = "E", default_value_t = 1, requires = "engine")]
    engines: usize,
    /// The nodes a live analysis searches at most.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 5_000_000,
        requires = "engine"
    )]
    nodes: u64,
    /// The hash table of each live engine, in MB.
    #[arg(long, value_name = "MB", default_value_t = 16, requires = "engine")]
    hash: u32,
}

/// Serves the dbs until a signal.
pub(crate) fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let dbs = databases(&args.db)?;
    let live = match &args.engine {
        None => None,
        Some(engine) => {
            let settings = Settings {
                nodes: args.nodes,
                hash: args.hash,
                ..Settings::new(engine.clone())
            };
            Some(Live::new(settings, args.engines).map_err(|fault| {
                Failure::input(format!(
                    "explorer serve: --engine {}: {fault}",
                    engine.display()
                ))
            })?)
        }
    };
    let mut said = Ok(());
    chess960_explorer::serve::run_until_signal(dbs, live, args.bind, |addr| {
        said = writeln!(out, "serving {} on http://{addr}/", args.db.join(" "))
            .and_then(|()| out.flush());
    })
    .map_err(|error| Failure::input(format!("explorer serve: {}: {error}", args.bind)))?;
    said.map_err(Failure::from)
}

/// The dbs of `--db`: one `DIR`, or `NAME=DIR` each.
fn databases(given: &[String]) -> Result<Databases, Failure> {
    if let [dir] = given
        && !dir.contains('=')
    {
        let explorer = Explorer::open(PathBuf::from(dir)).map_err(|error| db_failure(&error))?;
        return Ok(Databases::one(explorer));
    }
    let mut dbs = Databases::new();
    for db in given {
        let Some((name, dir)) = db.split_once('=') else {
            return Err(Failure::input(format!(
                "explorer serve: --db {db}: name each of several dbs (--db NAME=DIR)"
            )));
        };
        let explorer = Explorer::open(PathBuf::from(dir)).map_err(|error| db_failure(&error))?;
        dbs.add(name, explorer)
            .map_err(|error| Failure::input(format!("explorer serve: --db {db}: {error}")))?;
    }
    Ok(dbs)
}
