//! `chess960 explorer games --db DIR (--start ID | --fen FEN) [--play
//! UCI,...]`: every game that reached a position, newest first, then by
//! id, the count first; and `chess960 explorer game --db DIR ID`: one
//! game as PGN.

use super::db_failure;
use super::query::{PositionArgs, QueryFormat, color, escape};
use crate::failure::Failure;
use chess960_explorer::game::Outcome;
use chess960_explorer::{Explorer, GameList, GameRow, GamesQuery};
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;

/// The output formats of `explorer games`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GamesFormat {
    /// Tab-separated, with a header; the first row the count.
    Tsv,
    /// Comma-separated (RFC 4180), with a header; the first row the count.
    Csv,
    /// One JSON object a line: `{"total": N}`, then each game.
    Jsonl,
    /// The games whole, as PGN, after a `%` line with the count.
    Pgn,
}

/// The arguments of `chess960 explorer games`.
///
/// Table rows (tsv, csv): `kind` (`total`, then `game`), `games` (the
/// count, on the total's row), then each game's `id`, `white_name`,
/// `white_rating`, `black_name`, `black_rating`, `result`, `speed`,
/// `month`, `uci` and `san` (the move it played from the position).
#[derive(Args, Debug)]
pub(crate) struct GamesArgs {
    /// The db's folder.
    #[arg(long, value_name = "DIR")]
    db: PathBuf,
    #[command(flatten)]
    position: PositionArgs,
    /// Only the games of this player (without case).
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// Only the games the player had this colour in (with --player, or in
    /// a player's db).
    #[arg(long, value_name = "white|black")]
    color: Option<String>,
    /// Only the games of this result (1-0, 0-1, 1/2-1/2).
    #[arg(long, value_name = "RESULT")]
    result: Option<String>,
    /// Games to give at most (default: all).
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Games passed over first.
    #[arg(long, value_name = "N", default_value_t = 0)]
    offset: usize,
    /// The output format.
    #[arg(long, value_enum, default_value = "tsv")]
    format: GamesFormat,
}

/// The arguments of `chess960 explorer game`.
#[derive(Args, Debug)]
pub(crate) struct GameArgs {
    /// The db's folder.
    #[arg(long, value_name = "DIR")]
    db: PathBuf,
    /// The game's id (as `explorer games` lists it).
    id: String,
    /// Write its start's FEN and its moves (UCI and SAN) as one line of
    /// JSON rather than PGN.
    #[arg(long)]
    json: bool,
}

/// The columns of the table.
const COLUMNS: [&str; 12] = [
    "kind",
    "games",
    "id",
    "white_name",
    "white_rating",
    "black_name",
    "black_rating",
    "result",
    "speed",
    "month",
    "uci",
    "san",
];

/// Appends `number` in decimal, at least `width` digits (zeros first).
fn push_number(line: &mut Vec<u8>, number: u64, width: usize) {
    // Digits from the last, in a buffer on the stack, then one copy into
    // the line (not the line filled with zeros first, then written over).
    let mut digits = [b'0'; 20];
    let mut first = digits.len();
    let mut value = number;
    loop {
        first -= 1;
        // A digit: `value % 10` is below 10.
        digits[first] = b'0' + u8::try_from(value % 10).unwrap_or(0);
        value /= 10;
        if value == 0 {
            break;
        }
    }
    let first = first.min(digits.len().saturating_sub(width));
    line.extend_from_slice(&digits[first..]);
}

/// The four digits of a number below 10,000 (zeros first).
fn four_digits(number: u16) -> [u8; 4] {
    let digit = |place: u16| b'0' + u8::try_from(number / place % 10).unwrap_or(0);
    [digit(1000), digit(100), digit(10), digit(1)]
}

/// Appends a rating: four digits at once in most rows.
fn push_rating(line: &mut Vec<u8>, rating: u16) {
    if (1000..10_000).contains(&rating) {
        line.extend_from_slice(&four_digits(rating));
    } else {
        push_number(line, rating.into(), 1);
    }
}

/// Whether a text holds a byte that a cell of `format` escapes.
fn needs_escape(text: &str, format: QueryFormat) -> bool {
    match format {
        QueryFormat::Csv => text
            .bytes()
            .any(|byte| matches!(byte, b',' | b'"' | b'\n' | b'\r')),
        _ => text
            .bytes()
            .any(|byte| matches!(byte, b'\t' | b'\n' | b'\r')),
    }
}

/// A game's row, appended to `line` (a cell escaped only where it needs
/// it, no cell formatted on its own: a listing writes millions).
fn write_row(line: &mut Vec<u8>, game: &GameRow<'_>, format: QueryFormat, separator: u8) {
    line.reserve(
        64 + game.id.len() + game.white.len() + game.black.len() + game.uci.len() + game.san.len(),
    );
    // The id and the names as they need; the rest (a result, a speed, a
    // move) never holds a separator, a quote or a line's end.
    let cell = |line: &mut Vec<u8>, text: &str| {
        line.push(separator);
        if needs_escape(text, format) {
            line.extend_from_slice(escape(text, format).as_bytes());
        } else {
            line.extend_from_slice(text.as_bytes());
        }
    };
    line.extend_from_slice(&[b'g', b'a', b'm', b'e', separator]);
    cell(line, game.id);
    cell(line, game.white);
    line.push(separator);
    if let Some(rating) = game.white_rating {
        push_rating(line, rating);
    }
    cell(line, game.black);
    line.push(separator);
    if let Some(rating) = game.black_rating {
        push_rating(line, rating);
    }
    line.push(separator);
    line.extend_from_slice(game.result.as_bytes());
    line.push(separator);
    line.extend_from_slice(game.speed.name().as_bytes());
    line.push(separator);
    if let Some(month) = game.month {
        // As `Month` shows itself: `YYYY-MM`.
        if (1000..10_000).contains(&month.year) && month.month < 100 {
            let year = four_digits(month.year);
            let [.., tens, ones] = four_digits(month.month.into());
            line.extend_from_slice(&[year[0], year[1], year[2], year[3], b'-', tens, ones]);
        } else {
            push_number(line, month.year.into(), 4);
            line.push(b'-');
            push_number(line, month.month.into(), 2);
        }
    }
    line.push(separator);
    line.extend_from_slice(game.uci.as_bytes());
    line.push(separator);
    line.extend_from_slice(game.san.as_bytes());
    line.push(b'\n');
}

/// Lists the games.
pub(crate) fn run(args: &GamesArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let result = match args.result.as_deref() {
        None => None,
        Some(text) => Some(Outcome::of(text).ok_or_else(|| {
            Failure::input(format!("--result: {text:?} is not 1-0, 0-1 or 1/2-1/2"))
        })?),
    };
    let search = GamesQuery {
        query: args.position.query(color(args.color.as_deref())?)?,
        player: args.player.clone(),
        result,
        limit: args.limit.unwrap_or(usize::MAX),
        offset: args.offset,
    };
    let explorer = Explorer::open(&args.db).map_err(|error| db_failure(&error))?;
    let mut games = explorer
        .game_list(&search)
        .map_err(|error| Failure::input(error.to_string()))?;
    let total = games.total();
    match args.format {
        GamesFormat::Jsonl => writeln!(out, "{{\"total\":{total}}}")?,
        GamesFormat::Pgn => writeln!(out, "% {total} games\n")?,
        GamesFormat::Tsv | GamesFormat::Csv => {
            let separator = if args.format == GamesFormat::Csv {
                ","
            } else {
                "\t"
            };
            writeln!(out, "{}", COLUMNS.join(separator))?;
            let mut row = vec![String::new(); COLUMNS.len() - 2];
            row.insert(0, total.to_string());
            row.insert(0, "total".to_owned());
            writeln!(out, "{}", row.join(separator))?;
        }
    }
    if search.limit > 0 {
        games
            .skip_games(search.offset)
            .map_err(|error| db_failure(&error))?;
    }
    games.expect_games(search.limit);
    let mut line = Vec::with_capacity(1 << 16);
    let written = write_rows(&mut games, &explorer, args, search.limit, &mut line, out);
    // The rows before a failure too.
    out.write_all(&line)?;
    written
}

/// Writes `limit` games of `games` at most in `args.format` to `out`,
/// many rows at a time through `line` (the last ones left in it).
fn write_rows(
    games: &mut GameList<'_>,
    explorer: &Explorer,
    args: &GamesArgs,
    limit: usize,
    line: &mut Vec<u8>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let table = match args.format {
        GamesFormat::Csv => (QueryFormat::Csv, b','),
        _ => (QueryFormat::Tsv, b'\t'),
    };
    let mut given = 0;
    while given < limit {
        let Some(game) = games.next_row().map_err(|error| db_failure(&error))? else {
            break;
        };
        given += 1;
        if line.len() >= 1 << 15 {
            out.write_all(line)?;
            line.clear();
        }
        match args.format {
            GamesFormat::Jsonl => {
                serde_json::to_writer(&mut *line, &game.to_listed())
                    .map_err(|error| Failure::internal(error.to_string()))?;
                line.push(b'\n');
            }
            GamesFormat::Pgn => {
                let text = explorer
                    .game(game.id)
                    .map_err(|error| db_failure(&error))?
                    .ok_or_else(|| Failure::internal(format!("game {} is gone", game.id)))?;
                line.extend_from_slice(text.pgn.as_bytes());
                line.push(b'\n');
            }
            GamesFormat::Tsv | GamesFormat::Csv => write_row(line, &game, table.0, table.1),
        }
    }
    Ok(())
}

/// Writes one game.
pub(crate) fn run_game(args: &GameArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let explorer = Explorer::open(&args.db).map_err(|error| db_failure(&error))?;
    let game = explorer
        .game(&args.id)
        .map_err(|error| db_failure(&error))?
        .ok_or_else(|| {
            Failure::input(format!(
                "{}: no game of id {:?}",
                args.db.display(),
                args.id
            ))
        })?;
    if args.json {
        let mut text =
            serde_json::to_string(&game).map_err(|error| Failure::internal(error.to_string()))?;
        text.push('\n');
        out.write_all(text.as_bytes())?;
    } else {
        out.write_all(game.pgn.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::push_number;

    #[test]
    fn numbers_are_written_as_format_writes_them() {
        for (number, width) in [
            (0, 1),
            (7, 1),
            (1500, 1),
            (5, 4),
            (2024, 4),
            (12_345, 4),
            (3, 2),
            (12, 2),
        ] {
            let mut line = b"x".to_vec();
            push_number(&mut line, number, width);
            assert_eq!(line, format!("x{number:0width$}").as_bytes());
        }
        let mut line = Vec::new();
        push_number(&mut line, u64::MAX, 1);
        assert_eq!(line, u64::MAX.to_string().as_bytes());
    }
}
