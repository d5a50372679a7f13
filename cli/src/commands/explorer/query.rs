//! `chess960 explorer query --db DIR (--start ID | --fen FEN) [--play
//! UCI,...]`: a position's totals, its moves and its games, as a table or
//! as lichess's explorer JSON.

use super::db_failure;
use crate::failure::Failure;
use chess960_explorer::Explorer;
use chess960_explorer::eval::Eval;
use chess960_explorer::query::{Answer, GameRef, Month, Query, RatingGroup, Speed};
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;

/// The output formats of `explorer query`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum QueryFormat {
    /// Tab-separated, with a header.
    Tsv,
    /// Comma-separated (RFC 4180), with a header.
    Csv,
    /// One line of JSON: the answer as lichess's explorer gives it.
    Jsonl,
}

/// The arguments of `chess960 explorer query`.
///
/// Table rows (tsv, csv): `kind` (`total`, `move`, `top`, `recent`),
/// `uci` (castling as the king taking its rook), `san`, `games`, `white`,
/// `draws`, `black`, `average_rating` (of the player to move), then a
/// game's `id`, `white_name`, `white_rating`, `black_name`,
/// `black_rating`, `speed`, `month` and `winner`, and `eval`: the
/// engine's score of the position (on `total`) or of the position the
/// move leads to (on `move`), from White's side (`+0.25`, `#-3`), when
/// the db holds one (`explorer analyse`). The moves come most
/// played first. An illegal --play move or FEN: one line naming it, exit
/// status 2.
#[derive(Args, Debug)]
pub(crate) struct QueryArgs {
    /// The db's folder.
    #[arg(long, value_name = "DIR")]
    db: PathBuf,
    #[command(flatten)]
    position: PositionArgs,
    /// In a player's db, only the games the player had this colour in.
    #[arg(long, value_name = "white|black")]
    color: Option<String>,
    /// Top-rated games to give.
    #[arg(long, value_name = "N", default_value_t = 4)]
    top_games: usize,
    /// Recent games to give.
    #[arg(long, value_name = "N", default_value_t = 4)]
    recent_games: usize,
    /// The output format.
    #[arg(long, value_enum, default_value = "tsv")]
    format: QueryFormat,
}

/// The position and the filters `explorer query` and `explorer games`
/// share.
#[derive(Args, Debug)]
pub(super) struct PositionArgs {
    /// The start (0..=959).
    #[arg(long, value_name = "ID", conflicts_with = "fen")]
    start: Option<u16>,
    /// A position as FEN (X-FEN or Shredder-FEN).
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// Moves played from there, in UCI, comma-separated.
    #[arg(long, value_name = "UCI,UCI...", value_delimiter = ',')]
    play: Vec<String>,
    /// Only games of these speeds (ultraBullet, bullet, blitz, rapid,
    /// classical, correspondence), comma-separated.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    speeds: Option<Vec<String>>,
    /// Only games of these rating groups (0, 1000, 1200, 1400, 1600, 1800,
    /// 2000, 2200, 2500, 2800), comma-separated.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    ratings: Option<Vec<String>>,
    /// Only games from this month on (YYYY-MM).
    #[arg(long, value_name = "YYYY-MM")]
    since: Option<String>,
    /// Only games up to this month (YYYY-MM).
    #[arg(long, value_name = "YYYY-MM")]
    until: Option<String>,
}

impl PositionArgs {
    /// The question they ask, the player's colour `color` (the rest as
    /// [`Query::default`]).
    pub(super) fn query(&self, color: Option<chess960::Color>) -> Result<Query, Failure> {
        Ok(Query {
            start: self.start,
            fen: self.fen.clone(),
            play: self
                .play
                .iter()
                .filter(|word| !word.is_empty())
                .cloned()
                .collect(),
            speeds: list::<Speed>("--speeds", self.speeds.as_ref())?,
            ratings: list::<RatingGroup>("--ratings", self.ratings.as_ref())?,
            since: month("--since", self.since.as_ref())?,
            until: month("--until", self.until.as_ref())?,
            color,
            ..Query::default()
        })
    }
}

/// Parses a list of words, naming the option of a word that is wrong.
fn list<T: std::str::FromStr>(
    option: &str,
    words: Option<&Vec<String>>,
) -> Result<Option<Vec<T>>, Failure>
where
    T::Err: std::fmt::Display,
{
    words
        .map(|words| {
            words
                .iter()
                .map(|word| {
                    word.parse()
                        .map_err(|error| Failure::input(format!("{option}: {error}")))
                })
                .collect()
        })
        .transpose()
}

/// A month option's value.
fn month(option: &str, text: Option<&String>) -> Result<Option<Month>, Failure> {
    text.map(|text| {
        text.parse()
            .map_err(|error| Failure::input(format!("{option}: {error}")))
    })
    .transpose()
}

/// The `--color` option's value.
pub(super) fn color(text: Option<&str>) -> Result<Option<chess960::Color>, Failure> {
    match text {
        None => Ok(None),
        Some("white") => Ok(Some(chess960::Color::White)),
        Some("black") => Ok(Some(chess960::Color::Black)),
        Some(other) => Err(Failure::input(format!(
            "--color: {other:?} is not white or black"
        ))),
    }
}

/// Answers the question.
pub(crate) fn run(args: &QueryArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let query = Query {
        top_games: args.top_games,
        recent_games: args.recent_games,
        ..args.position.query(color(args.color.as_deref())?)?
    };
    let explorer = Explorer::open(&args.db).map_err(|error| db_failure(&error))?;
    let answer = explorer
        .query(&query)
        .map_err(|error| Failure::input(error.to_string()))?;
    let mut text = String::new();
    match args.format {
        QueryFormat::Jsonl => {
            text = serde_json::to_string(&answer)
                .map_err(|error| Failure::internal(error.to_string()))?;
            text.push('\n');
        }
        QueryFormat::Tsv | QueryFormat::Csv => write_table(&mut text, &answer, args.format),
    }
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// The columns of the table.
const COLUMNS: [&str; 17] = [
    "kind",
    "uci",
    "san",
    "games",
    "white",
    "draws",
    "black",
    "average_rating",
    "id",
    "white_name",
    "white_rating",
    "black_name",
    "black_rating",
    "speed",
    "month",
    "winner",
    "eval",
];

/// The answer as rows.
fn write_table(text: &mut String, answer: &Answer, format: QueryFormat) {
    let mut row = |cells: &[String]| {
        let separator = if format == QueryFormat::Csv {
            ","
        } else {
            "\t"
        };
        let cells: Vec<String> = cells.iter().map(|cell| escape(cell, format)).collect();
        text.push_str(&cells.join(separator));
        text.push('\n');
    };
    row(&COLUMNS.map(str::to_owned));
    let number = |n: u64| n.to_string();
    let (white, draws, black) = (answer.white, answer.draws, answer.black);
    let mut total = vec![
        "total".to_owned(),
        String::new(),
        String::new(),
        number(white + draws + black),
        number(white),
        number(draws),
        number(black),
        String::new(),
    ];
    total.resize(COLUMNS.len() - 1, String::new());
    total.push(score(answer.eval.as_ref()));
    row(&total);
    for mv in &answer.moves {
        let mut cells = vec![
            "move".to_owned(),
            mv.uci.clone(),
            mv.san.clone(),
            number(mv.white + mv.draws + mv.black),
            number(mv.white),
            number(mv.draws),
            number(mv.black),
            mv.average_rating.map(|r| r.to_string()).unwrap_or_default(),
        ];
        cells.resize(COLUMNS.len() - 1, String::new());
        cells.push(score(mv.eval.as_ref()));
        row(&cells);
    }
    let game_cells = |kind: &str, game: &GameRef| -> Vec<String> {
        let mut cells = vec![kind.to_owned(), game.uci.clone()];
        cells.resize(8, String::new());
        cells.extend([
            game.id.clone(),
            game.white.name.clone(),
            game.white.rating.map(|r| r.to_string()).unwrap_or_default(),
            game.black.name.clone(),
            game.black.rating.map(|r| r.to_string()).unwrap_or_default(),
            game.speed.to_string(),
            game.month.clone(),
            game.winner.unwrap_or("draw").to_owned(),
            String::new(),
        ]);
        cells
    };
    for game in &answer.top_games {
        row(&game_cells("top", game));
    }
    for game in &answer.recent_games {
        row(&game_cells("recent", game));
    }
}

/// The `eval` cell: the best line's score, or empty.
fn score(eval: Option<&Eval>) -> String {
    eval.and_then(|eval| eval.pvs.first())
        .map(|pv| pv.score.to_string())
        .unwrap_or_default()
}

/// A cell as the format writes it: CSV quotes a cell with a comma, quote
/// or line end; TSV turns tabs and line ends into spaces.
pub(super) fn escape(cell: &str, format: QueryFormat) -> String {
    match format {
        QueryFormat::Csv if cell.contains([',', '"', '\n', '\r']) => {
            format!("\"{}\"", cell.replace('"', "\"\""))
        }
        QueryFormat::Tsv => cell.replace(['\t', '\n', '\r'], " "),
        _ => cell.to_owned(),
    }
}
