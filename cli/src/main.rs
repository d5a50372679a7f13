//! The `chess960` command: turns a Scharnagl id into its start position and
//! a back rank into its id.

use chess960::Position;
use std::process::ExitCode;

/// Exit code for input that is no start position or no valid command line.
const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [query] = args.as_slice() else {
        eprintln!("usage: chess960 <ID 0..=959 | RANK like RNBQKBNR>");
        return ExitCode::from(BAD_INPUT);
    };
    match lookup(query) {
        Ok(position) => {
            println!("{} {position}", position.id());
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("chess960: {message}");
            ExitCode::from(BAD_INPUT)
        }
    }
}

/// Reads an id (digits) or a back rank (letters).
fn lookup(query: &str) -> Result<Position, String> {
    let query = query.trim();
    if !query.is_empty() && query.bytes().all(|byte| byte.is_ascii_digit()) {
        let id = query
            .parse::<u16>()
            .map_err(|_| format!("start position {query} does not exist: ids run from 0 to 959"))?;
        Position::from_id(id).map_err(|error| error.to_string())
    } else {
        query
            .parse()
            .map_err(|error: chess960::Error| error.to_string())
    }
}
