//! The statistics' tables as Arrow record batches: one row per start of
//! [`StartStats`] (`chess960 games --stats`), of [`PlayerStats`]
//! (`--player`, with a total row) and of the explorer's lines
//! (`--openings`, feature `moves`). The command's Parquet and the Python
//! package's tables both come from here.

use arrow_array::{ArrayRef, Float64Array, RecordBatch, StringArray, UInt16Array, UInt64Array};
use arrow_schema::{ArrowError, DataType, Field, Schema};
use chess960::DoublePosition;
use chess960_games::stats::{
    PairTally, Pentanomial, PlayerStats, PlayerTally, Sprt, StartStats, Tally, Verdict,
};
use std::sync::Arc;

/// The table of `chess960 games --stats`: per start, `white_id`,
/// `black_id` (a double Chess960 start's only), `rank`, `games`,
/// `white_wins`, `draws`, `black_wins`, `unknown`, White's `score` with its
/// 95% interval `ci_low` and `ci_high`, and `mean_elo`.
///
/// # Errors
///
/// Arrow's, were the columns built not to fit the schema (a bug).
///
/// ```
/// use chess960::{DoublePosition, Position};
/// use chess960_games::stats::{Outcome, StartStats};
/// use chess960_archive::table::stats_batch;
///
/// let mut stats = StartStats::new();
/// let start = DoublePosition::new(Position::STANDARD, Position::STANDARD);
/// stats.tally_mut(start).add(Outcome::WhiteWins, [Some(2000), Some(1900)]);
/// let batch = stats_batch(&stats)?;
/// assert_eq!(batch.num_rows(), 1);
/// assert_eq!(batch.schema().field(3).name(), "games");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn stats_batch(stats: &StartStats) -> Result<RecordBatch, ArrowError> {
    let (positions, tallies): (Vec<_>, Vec<_>) = stats.iter().unzip();
    let (mut fields, mut columns) = start_columns(&positions);
    let (more_fields, more_columns) = tally_columns(&tallies, true);
    fields.extend(more_fields);
    columns.extend(more_columns);
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns)
}

/// The table of `chess960 games --player`: per start, the player's
/// results from their side (`games`, `white_games`, `wins`, `draws`,
/// `losses`, `unknown`, `score`, `elo`, `elo_margin`, `los`, `draw_ratio`,
/// `white_score`, `black_score`), then the games paired (`pairs`,
/// `unpaired`, the pentanomial counts `ptnml_ll` ... `ptnml_ww`, its Elo,
/// normalized Elo, margins and LOS); then a row whose `rank` is `total`
/// and whose ids are null. With `sprt`, the total row also holds the
/// log-likelihood ratio `llr`, its bounds and the verdict `sprt`.
///
/// # Errors
///
/// Arrow's, were the columns built not to fit the schema (a bug).
///
/// ```
/// use chess960_archive::table::player_batch;
/// use chess960_games::{read::Players, stats::PlayerStats};
///
/// let players: Players = ["Ada"].into_iter().collect();
/// let batch = player_batch(&PlayerStats::new(players), None)?;
/// assert_eq!(batch.num_rows(), 1); // the total row
/// assert_eq!(batch.schema().field(2).name(), "rank");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn player_batch(stats: &PlayerStats, sprt: Option<&Sprt>) -> Result<RecordBatch, ArrowError> {
    let total = stats.total();
    let mut rows: Vec<(Option<DoublePosition>, &PlayerTally)> = stats
        .iter()
        .map(|(start, tally)| (Some(start), tally))
        .collect();
    rows.push((None, &total));
    let mut pairs: Vec<PairTally> = stats
        .iter()
        .map(|(start, _)| stats.pair_tally(start))
        .collect();
    pairs.push(stats.pair_total());
    // The test, on the total row only: over the pairs' pentanomial when
    // there are pairs, else over the games (as `chess960 games --sprt`).
    let test = sprt.map(|sprt| (sprt, stats.llr(sprt)));
    let last = rows.len() - 1;
    let tests: Vec<Option<(&Sprt, Option<f64>)>> = (0..rows.len())
        .map(|row| if row == last { test } else { None })
        .collect();
    let counts = |value: &dyn Fn(&PlayerTally) -> u64| -> ArrayRef {
        Arc::new(UInt64Array::from_iter_values(
            rows.iter().map(|(_, tally)| value(tally)),
        ))
    };
    let reals = |value: &dyn Fn(&PlayerTally) -> Option<f64>| -> ArrayRef {
        Arc::new(
            rows.iter()
                .map(|(_, tally)| value(tally))
                .collect::<Float64Array>(),
        )
    };
    let mut columns: Vec<ArrayRef> = vec![
        Arc::new(
            rows.iter()
                .map(|(start, _)| start.map(|start| start.white().id()))
                .collect::<UInt16Array>(),
        ),
        Arc::new(
            rows.iter()
                .map(|(start, _)| start.and_then(black_id))
                .collect::<UInt16Array>(),
        ),
        Arc::new(StringArray::from_iter_values(rows.iter().map(
            |(start, _)| {
                start.map_or_else(|| "total".to_owned(), |start| start.ranks().to_string())
            },
        ))),
        counts(&PlayerTally::games),
        counts(&PlayerTally::white_games),
        counts(&|tally| tally.score().wins),
        counts(&|tally| tally.score().draws),
        counts(&|tally| tally.score().losses),
        counts(&PlayerTally::unknown),
        reals(&|tally| tally.score().score()),
        reals(&|tally| tally.score().elo()),
        reals(&|tally| tally.score().margin()),
        reals(&|tally| tally.score().los()),
        reals(&|tally| tally.score().draw_ratio()),
        reals(&|tally| tally.white.score()),
        reals(&|tally| tally.black.score()),
    ];
    columns.extend(pair_columns(&pairs, &tests));
    RecordBatch::try_new(player_schema(), columns)
}

/// The explorer's table (`chess960 games --openings`, feature `moves`):
/// per start and sequence of first plies, `white_id`, `black_id`, `rank`,
/// `moves` (the plies in UCI, a list of strings), `san` (the same plies in
/// SAN), `games`, `white_wins`, `draws`, `black_wins`, `unknown`, `score`
/// and `mean_elo`; by start, then by games, most first.
///
/// # Errors
///
/// Arrow's, were the columns built not to fit the schema (a bug).
///
/// ```
/// use chess960_archive::Archive;
/// use chess960_archive::table::openings_batch;
///
/// let pgn = "[Variant \"Chess960\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 e5 1-0\n";
/// let found = Archive::new().reader("one.pgn", std::io::Cursor::new(pgn)).openings(2)?;
/// let batch = openings_batch(&found.stats)?;
/// assert_eq!(batch.num_rows(), 1);
/// assert_eq!(batch.schema().field(3).name(), "moves");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "moves")]
#[cfg_attr(docsrs, doc(cfg(feature = "moves")))]
pub fn openings_batch(
    stats: &chess960_games::stats::OpeningStats,
) -> Result<RecordBatch, ArrowError> {
    use arrow_array::builder::{ListBuilder, StringBuilder};
    use chess960_games::stats::OpeningRow;
    let rows = stats.rows();
    let positions: Vec<_> = rows.iter().map(OpeningRow::start).collect();
    let (mut fields, mut columns) = start_columns(&positions);
    let list = |name: &str| {
        Field::new(
            name,
            DataType::List(Arc::new(Field::new("item", DataType::Utf8, true))),
            false,
        )
    };
    let (mut moves, mut san) = (
        ListBuilder::new(StringBuilder::new()),
        ListBuilder::new(StringBuilder::new()),
    );
    for row in &rows {
        for ply in row.uci().split(' ').filter(|ply| !ply.is_empty()) {
            moves.values().append_value(ply);
        }
        moves.append(true);
        for text in row.san().split(' ').filter(|text| !text.is_empty()) {
            san.values().append_value(text);
        }
        san.append(true);
    }
    fields.extend([list("moves"), list("san")]);
    columns.extend([Arc::new(moves.finish()) as ArrayRef, Arc::new(san.finish())]);
    let tallies: Vec<_> = rows.iter().map(OpeningRow::tally).collect();
    let (more_fields, more_columns) = tally_columns(&tallies, false);
    fields.extend(more_fields);
    columns.extend(more_columns);
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns)
}

/// Black's id of a double Chess960 start; none for a single start.
fn black_id(start: DoublePosition) -> Option<u16> {
    (!start.is_single()).then(|| start.black().id())
}

/// The columns `white_id`, `black_id` (a double Chess960 start's only)
/// and `rank` of `starts`.
fn start_columns(starts: &[DoublePosition]) -> (Vec<Field>, Vec<ArrayRef>) {
    let fields = vec![
        Field::new("white_id", DataType::UInt16, false),
        Field::new("black_id", DataType::UInt16, true),
        Field::new("rank", DataType::Utf8, false),
    ];
    let columns: Vec<ArrayRef> = vec![
        Arc::new(UInt16Array::from_iter_values(
            starts.iter().map(|start| start.white().id()),
        )),
        Arc::new(
            starts
                .iter()
                .map(|&start| black_id(start))
                .collect::<UInt16Array>(),
        ),
        Arc::new(StringArray::from_iter_values(
            starts.iter().map(|start| start.ranks().to_string()),
        )),
    ];
    (fields, columns)
}

/// The columns `games`, `white_wins`, `draws`, `black_wins`, `unknown`,
/// `score`, with `interval` its bounds `ci_low` and `ci_high`, and
/// `mean_elo` of `tallies`.
fn tally_columns(tallies: &[&Tally], interval: bool) -> (Vec<Field>, Vec<ArrayRef>) {
    let count = |name: &str, value: fn(&Tally) -> u64| -> (Field, ArrayRef) {
        let array = UInt64Array::from_iter_values(tallies.iter().map(|tally| value(tally)));
        (Field::new(name, DataType::UInt64, false), Arc::new(array))
    };
    let real = |name: &str, value: &dyn Fn(&Tally) -> Option<f64>| -> (Field, ArrayRef) {
        let array: Float64Array = tallies.iter().map(|tally| value(tally)).collect();
        (Field::new(name, DataType::Float64, true), Arc::new(array))
    };
    let mut pairs = vec![
        count("games", Tally::games),
        count("white_wins", |tally| tally.white_wins),
        count("draws", |tally| tally.draws),
        count("black_wins", |tally| tally.black_wins),
        count("unknown", |tally| tally.unknown),
        real("score", &Tally::score),
    ];
    if interval {
        pairs.push(real("ci_low", &|tally| tally.interval().map(|i| i.low)));
        pairs.push(real("ci_high", &|tally| tally.interval().map(|i| i.high)));
    }
    pairs.push(real("mean_elo", &Tally::mean_rating));
    pairs.into_iter().unzip()
}

/// The schema of [`player_batch`].
fn player_schema() -> Arc<Schema> {
    let count = |name: &str| Field::new(name, DataType::UInt64, false);
    let real = |name: &str| Field::new(name, DataType::Float64, true);
    Arc::new(Schema::new(vec![
        Field::new("white_id", DataType::UInt16, true),
        Field::new("black_id", DataType::UInt16, true),
        Field::new("rank", DataType::Utf8, false),
        count("games"),
        count("white_games"),
        count("wins"),
        count("draws"),
        count("losses"),
        count("unknown"),
        real("score"),
        real("elo"),
        real("elo_margin"),
        real("los"),
        real("draw_ratio"),
        real("white_score"),
        real("black_score"),
        count("pairs"),
        count("unpaired"),
        count("ptnml_ll"),
        count("ptnml_ld"),
        count("ptnml_wl_dd"),
        count("ptnml_wd"),
        count("ptnml_ww"),
        real("penta_elo"),
        real("penta_elo_margin"),
        real("nelo"),
        real("nelo_margin"),
        real("penta_los"),
        real("llr"),
        real("llr_lower"),
        real("llr_upper"),
        Field::new("sprt", DataType::Utf8, true),
    ]))
}

/// The pair columns of [`player_batch`] (`pairs` to `sprt`), one value a
/// row: each row's pairs, and the test where there is one.
fn pair_columns(pairs: &[PairTally], tests: &[Option<(&Sprt, Option<f64>)>]) -> Vec<ArrayRef> {
    let pair_counts = |value: &dyn Fn(&PairTally) -> u64| -> ArrayRef {
        Arc::new(UInt64Array::from_iter_values(pairs.iter().map(value)))
    };
    let pair_reals = |value: &dyn Fn(&Pentanomial) -> Option<f64>| -> ArrayRef {
        Arc::new(
            pairs
                .iter()
                .map(|pair| value(&pair.pentanomial))
                .collect::<Float64Array>(),
        )
    };
    let test_reals = |value: &dyn Fn(&Sprt, Option<f64>) -> Option<f64>| -> ArrayRef {
        Arc::new(
            tests
                .iter()
                .map(|test| test.and_then(|(sprt, llr)| value(sprt, llr)))
                .collect::<Float64Array>(),
        )
    };
    vec![
        pair_counts(&PairTally::pairs),
        pair_counts(&|pair| pair.unpaired),
        pair_counts(&|pair| pair.pentanomial.counts[0]),
        pair_counts(&|pair| pair.pentanomial.counts[1]),
        pair_counts(&|pair| pair.pentanomial.counts[2]),
        pair_counts(&|pair| pair.pentanomial.counts[3]),
        pair_counts(&|pair| pair.pentanomial.counts[4]),
        pair_reals(&Pentanomial::elo),
        pair_reals(&Pentanomial::elo_margin),
        pair_reals(&Pentanomial::nelo),
        pair_reals(&Pentanomial::nelo_margin),
        pair_reals(&Pentanomial::los),
        test_reals(&|_, llr| llr),
        test_reals(&|sprt, _| Some(sprt.lower_bound())),
        test_reals(&|sprt, _| Some(sprt.upper_bound())),
        Arc::new(
            tests
                .iter()
                .map(|test| {
                    test.map(|(sprt, llr)| {
                        llr.map_or(Verdict::Continue, |llr| sprt.verdict(llr))
                            .as_str()
                    })
                })
                .collect::<StringArray>(),
        ),
    ]
}
