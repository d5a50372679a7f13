//! The layout of `chess960 games player NAME`: one player's rows per start
//! and the total, the summary lines, and the plot from the player's side;
//! and the options of its SPRT. The
//! figures are [`chess960_games::stats::PlayerStats`]'s,
//! [`chess960_games::stats::MatchScore`]'s, [`chess960_games::stats::Pentanomial`]'s and
//! [`chess960_games::stats::Sprt`]'s; this file only lays them out.

use super::output::{Cell, Format, Writer, decimal};
use super::plot::{self, Point};
use crate::failure::Failure;
use chess960::DoublePosition;
use chess960_games::stats::{
    EloModel, MatchScore, PairTally, Pentanomial, PlayerStats, PlayerTally, Sprt, Verdict,
};
use clap::{Args, ValueEnum};
use std::fmt::Write as _;
use std::io::{self, Write};

/// `--elo-model`: the scale of the `--sprt` bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ModelArg {
    /// Normalized Elo (as fishtest and fastchess by default).
    Normalized,
    /// Logistic Elo (the `elo` column's).
    Logistic,
}

/// The options of the SPRT on a player's games.
#[derive(Args, Clone, Debug)]
pub(crate) struct SprtArgs {
    /// A sequential probability ratio test of the player's
    /// Elo, H0 "ELO0" against H1 "ELO1" (such as `0,5`), on the game pairs
    /// (on the games one by one when none is paired): fishtest's
    /// generalized log-likelihood ratio, its bounds ln(beta/(1-alpha)) and
    /// ln((1-beta)/alpha), and the verdict (H1, H0 or continue), on the
    /// total row and the summary.
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    pub(crate) sprt: Option<String>,
    /// The SPRT's alpha: the rate of accepting H1 when H0 holds.
    #[arg(long, value_name = "RATE", default_value_t = 0.05, requires = "sprt")]
    pub(crate) alpha: f64,
    /// The SPRT's beta: the rate of accepting H0 when H1 holds.
    #[arg(long, value_name = "RATE", default_value_t = 0.05, requires = "sprt")]
    pub(crate) beta: f64,
    /// The scale of the --sprt bounds.
    #[arg(long, value_enum, default_value = "normalized", requires = "sprt")]
    pub(crate) elo_model: ModelArg,
}

impl SprtArgs {
    /// The test asked for; `None` without `--sprt`.
    pub(crate) fn test(&self) -> Result<Option<Sprt>, Failure> {
        sprt(self.sprt.as_deref(), self.alpha, self.beta, self.elo_model)
    }
}

/// The test `--sprt ELO0,ELO1` asks for, with `--alpha`, `--beta` and
/// `--elo-model`; `None` without `--sprt`.
fn sprt(
    bounds: Option<&str>,
    alpha: f64,
    beta: f64,
    model: ModelArg,
) -> Result<Option<Sprt>, Failure> {
    let Some(text) = bounds else {
        return Ok(None);
    };
    let bad = || {
        Failure::input(format!(
            "--sprt takes ELO0,ELO1 (such as 0,5), not {text:?}"
        ))
    };
    let (low, high) = text.split_once(',').ok_or_else(bad)?;
    let elo0: f64 = low.trim().parse().map_err(|_| bad())?;
    let elo1: f64 = high.trim().parse().map_err(|_| bad())?;
    let model = match model {
        ModelArg::Normalized => EloModel::Normalized,
        ModelArg::Logistic => EloModel::Logistic,
    };
    Sprt::new(elo0, elo1, alpha, beta, model)
        .map(Some)
        .map_err(|error| {
            Failure::input(format!(
                "--sprt {text} --alpha {alpha} --beta {beta}: {error}"
            ))
        })
}

/// The columns of the pairs in TSV and CSV: the pentanomial a column a
/// bucket.
const PAIR_COLUMNS: [&str; 16] = [
    "pairs",
    "unpaired",
    "ptnml_ll",
    "ptnml_ld",
    "ptnml_wl_dd",
    "ptnml_wd",
    "ptnml_ww",
    "penta_elo",
    "penta_elo_margin",
    "nelo",
    "nelo_margin",
    "penta_los",
    "llr",
    "llr_lower",
    "llr_upper",
    "sprt",
];

/// The columns of `--player` in TSV and CSV.
pub(crate) const COLUMNS: [&str; 32] = concat(GAME_COLUMNS, PAIR_COLUMNS);

/// The columns of `--player` in JSON Lines: the pentanomial one array.
pub(crate) const JSON_COLUMNS: [&str; 28] = {
    let mut columns = [""; 28];
    let mut index = 0;
    while index < 28 {
        columns[index] = match index {
            0..18 => COLUMNS[index],
            18 => "pentanomial",
            _ => COLUMNS[index + 4],
        };
        index += 1;
    }
    columns
};

/// Two lists of columns one after the other.
const fn concat(first: [&'static str; 16], second: [&'static str; 16]) -> [&'static str; 32] {
    let mut columns = [""; 32];
    let mut index = 0;
    while index < 16 {
        columns[index] = first[index];
        columns[16 + index] = second[index];
        index += 1;
    }
    columns
}

/// The columns of the games, per start and in total.
const GAME_COLUMNS: [&str; 16] = [
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

/// Writes a row per start and the total row (`rank` = `total`, no id);
/// the SPRT's cells are the total row's only.
pub(crate) fn write_rows(
    out: &mut dyn Write,
    format: Format,
    stats: &PlayerStats,
    sprt: Option<&Sprt>,
) -> io::Result<()> {
    let columns: &'static [&'static str] = if format == Format::Jsonl {
        &JSON_COLUMNS
    } else {
        &COLUMNS
    };
    let mut writer = Writer::new(out, format, columns)?;
    for (start, tally) in stats.iter() {
        let mut cells = row(Some(start), tally);
        pair_cells(&mut cells, format, &stats.pair_tally(start), None);
        writer.row(&cells)?;
    }
    let total = stats.total();
    let mut cells = row(None, &total);
    let test = sprt.map(|sprt| (sprt, stats.llr(sprt)));
    pair_cells(&mut cells, format, &stats.pair_total(), test);
    writer.row(&cells)
}

/// Adds the cells of the pairs (and of the SPRT, for the total row).
fn pair_cells(
    cells: &mut Vec<Cell<'static>>,
    format: Format,
    pairs: &PairTally,
    test: Option<(&Sprt, Option<f64>)>,
) {
    let number = Cell::Count;
    let counts = pairs.pentanomial.counts;
    cells.push(number(pairs.pairs()));
    cells.push(number(pairs.unpaired));
    if format == Format::Jsonl {
        let list: Vec<String> = counts.iter().map(u64::to_string).collect();
        cells.push(Cell::Number(format!("[{}]", list.join(","))));
    } else {
        cells.extend(counts.map(number));
    }
    let penta: &Pentanomial = &pairs.pentanomial;
    cells.extend([
        decimal(penta.elo(), 4),
        decimal(penta.elo_margin(), 4),
        decimal(penta.nelo(), 4),
        decimal(penta.nelo_margin(), 4),
        decimal(penta.los(), 6),
    ]);
    match test {
        Some((sprt, llr)) => cells.extend([
            decimal(llr, 4),
            decimal(Some(sprt.lower_bound()), 4),
            decimal(Some(sprt.upper_bound()), 4),
            Cell::Text(
                llr.map_or(Verdict::Continue, |llr| sprt.verdict(llr))
                    .as_str(),
            ),
        ]),
        None => cells.extend([Cell::Missing, Cell::Missing, Cell::Missing, Cell::Missing]),
    }
}

/// The cells of one row; `start` is `None` for the total.
fn row(start: Option<DoublePosition>, tally: &PlayerTally) -> Vec<Cell<'static>> {
    let number = Cell::Count;
    let score = tally.score();
    let (id, black_id, rank) = match start {
        None => (Cell::Missing, Cell::Missing, Cell::Text("total")),
        Some(start) => (
            number(start.white().id().into()),
            if start.is_single() {
                Cell::Missing
            } else {
                number(start.black().id().into())
            },
            Cell::Owned(start.ranks().to_string()),
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
pub(crate) fn summary(stats: &PlayerStats, who: &str, sprt: Option<&Sprt>) -> String {
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
    let pairs = stats.pair_total();
    let penta = &pairs.pentanomial;
    let [ll, ld, even, wd, ww] = penta.counts;
    let _ = write!(
        text,
        "chess960 games: player {who}: {} pairs, {} unpaired; Ptnml(0-2): [{ll}, {ld}, {even}, {wd}, {ww}]; \
         Elo: {} +/- {}, nElo: {} +/- {}, LOS: {} %",
        pairs.pairs(),
        pairs.unpaired,
        figure(penta.elo(), 1.0, 2),
        figure(penta.elo_margin(), 1.0, 2),
        figure(penta.nelo(), 1.0, 2),
        figure(penta.nelo_margin(), 1.0, 2),
        figure(penta.los(), 100.0, 2),
    );
    if let Some(sprt) = sprt {
        let llr = stats.llr(sprt);
        let verdict = llr.map_or(Verdict::Continue, |llr| sprt.verdict(llr));
        let _ = write!(
            text,
            "; LLR: {} ({:.2}, {:.2}) [{:.2}, {:.2}]{}: {}",
            figure(llr, 1.0, 2),
            sprt.lower_bound(),
            sprt.upper_bound(),
            sprt.elo0(),
            sprt.elo1(),
            if pairs.pairs() > 0 {
                ""
            } else {
                " (games, no pairs)"
            },
            match verdict {
                Verdict::H1 => "H1 accepted",
                Verdict::H0 => "H0 accepted",
                Verdict::Continue => "continue",
            }
        );
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
