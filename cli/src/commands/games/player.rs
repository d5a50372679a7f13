//! `chess960 games --player NAME`: one player's rows per start and the
//! total, the summary line, and the plot from the player's side. The
//! figures are [`chess960::pgn::PlayerStats`]'s and
//! [`chess960::pgn::MatchScore`]'s; this file only lays them out.

use super::output::{Cell, Format, Writer};
use super::plot::{self, Point};
use chess960::DoublePosition;
use chess960::pgn::{MatchScore, PlayerStats, PlayerTally};
use std::fmt::Write as _;
use std::io::{self, Write};

/// The columns of `--player`.
pub(crate) const COLUMNS: [&str; 16] = [
    "white_id",
    "black_id",
    "rank",
    "games",
    "white_games",
    "wins",
    "draws",
    "losses",
    "unknown",
    "score",
    "elo",
    "elo_margin",
    "los",
    "draw_ratio",
    "white_score",
    "black_score",
];

/// Writes a row per start and the total row (`rank` = `total`, no id).
pub(crate) fn write_rows(
    out: &mut dyn Write,
    format: Format,
    stats: &PlayerStats,
) -> io::Result<()> {
    let mut writer = Writer::new(out, format, &COLUMNS)?;
    for (start, tally) in stats.iter() {
        writer.row(&row(Some(start), tally))?;
    }
    writer.row(&row(None, &stats.total()))
}

fn decimal(value: Option<f64>, places: usize) -> Cell<'static> {
    value.map_or(Cell::Missing, |value| {
        Cell::Number(format!("{value:.places$}"))
    })
}

/// The cells of one row; `start` is `None` for the total.
fn row(start: Option<DoublePosition>, tally: &PlayerTally) -> Vec<Cell<'static>> {
    let number = |value: u64| Cell::Number(value.to_string());
    let score = tally.score();
    let (id, black_id, rank) = match start {
        None => (Cell::Missing, Cell::Missing, Cell::Text("total")),
        Some(start) if start.is_single() => (
            number(start.white().id().into()),
            Cell::Missing,
            Cell::Owned(start.white().to_string()),
        ),
        Some(start) => (
            number(start.white().id().into()),
            number(start.black().id().into()),
            Cell::Owned(format!("{}/{}", start.white(), start.black())),
        ),
    };
    vec![
        id,
        black_id,
        rank,
        number(tally.games()),
        number(tally.white_games()),
        number(score.wins),
        number(score.draws),
        number(score.losses),
        number(tally.unknown()),
        decimal(score.score(), 4),
        decimal(score.elo(), 2),
        decimal(score.margin(), 2),
        decimal(score.los(), 4),
        decimal(score.draw_ratio(), 4),
        decimal(tally.white.score(), 4),
        decimal(tally.black.score(), 4),
    ]
}

/// The summary line on standard error (`who`: the names as given), as engine testers read a match:
/// `player NAMES: 44 games at Chess960 starts (22 as White): +24 =15 -5,
/// score 0.7159, Elo 160.56 +/- 89.79, LOS 99.98 %, draw ratio 34.09 %`.
pub(crate) fn summary(stats: &PlayerStats, who: &str) -> String {
    let total = stats.total();
    let score = total.score();
    let mut text = format!(
        "chess960 games: player {}: {} games at Chess960 starts ({} as White): +{} ={} -{}",
        who,
        total.games(),
        total.white_games(),
        score.wins,
        score.draws,
        score.losses
    );
    if total.unknown() > 0 {
        let _ = write!(text, ", {} without result", total.unknown());
    }
    let figure = |value: Option<f64>, scale: f64, places: usize| {
        value.map_or_else(
            || "-".to_owned(),
            |value| format!("{:.places$}", value * scale),
        )
    };
    let _ = write!(
        text,
        "; score {}, Elo {} +/- {}, LOS {} %, draw ratio {} %",
        figure(score.score(), 1.0, 4),
        figure(score.elo(), 1.0, 2),
        figure(score.margin(), 1.0, 2),
        figure(score.los(), 100.0, 2),
        figure(score.draw_ratio(), 100.0, 2),
    );
    let mut left_out = Vec::new();
    if stats.self_games() > 0 {
        left_out.push(format!("{} self-game(s)", stats.self_games()));
    }
    if stats.other_starts() > 0 {
        left_out.push(format!(
            "{} game(s) from no Chess960 start",
            stats.other_starts()
        ));
    }
    if !left_out.is_empty() {
        let _ = write!(text, "; not counted: {}", left_out.join(", "));
    }
    text.push('\n');
    text
}

/// The plot from the player's side: the player's score per Chess960 start
/// with its 95% Wilson interval, around the player's mean score.
pub(crate) fn svg(stats: &PlayerStats, who: &str) -> String {
    let mut all = MatchScore::default();
    let points: Vec<Point> = stats
        .iter()
        .filter(|(start, _)| start.is_single())
        .filter_map(|(start, tally)| {
            let score = tally.score();
            all.merge(&score);
            Some(Point {
                id: start.white().id(),
                rank: start.white().to_string(),
                score: score.score()?,
                interval: score.interval()?,
                games: tally.games(),
            })
        })
        .collect();
    plot::draw(
        &points,
        all.score().unwrap_or(0.5),
        &format!("{who}: score by Chess960 start position (95% intervals)"),
        &format!("{who}'s score"),
    )
}
