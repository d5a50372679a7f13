//! Query latency on a warm db: the positions of the first plies of the
//! db's games (each asked as `--start` and `--play`), each asked many
//! times, each time measured; prints the percentiles. Not a criterion
//! bench: it reads a db made by `benches/explorer_speed.py`.
//!
//! ```sh
//! cargo bench -p chess960-explorer --bench query_latency -- DB [ROUNDS]
//! ```

use chess960_explorer::Explorer;
use chess960_explorer::query::Query;
use std::time::Instant;

// Figures for a person to read: precision past 2^52 does not matter.
#[allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]
fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let db = args.first().expect("the db's folder");
    let rounds: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(2000);
    let explorer = Explorer::open(db).expect("a db");
    let sizes = explorer.sizes().expect("sizes");
    println!(
        "{} positions ({} reached by one game), {} bytes of entries ({:.1} a position); {} games, {} bytes of records",
        sizes.positions,
        sizes.single_game_positions,
        sizes.entry_bytes,
        sizes.entry_bytes as f64 / sizes.positions.max(1) as f64,
        sizes.games,
        sizes.game_bytes
    );
    // The busiest positions: each start's, then its most played first moves.
    let mut queries = Vec::new();
    for start in [518u16, 0, 959, 100, 700] {
        let base = Query {
            start: Some(start),
            top_games: 4,
            recent_games: 4,
            ..Query::default()
        };
        let answer = explorer.query(&base).expect("an answer");
        let games = answer.white + answer.draws + answer.black;
        queries.push((games, base.clone()));
        for row in answer.moves.iter().take(2) {
            let next = Query {
                play: vec![row.uci.clone()],
                ..base.clone()
            };
            let games = row.white + row.draws + row.black;
            queries.push((games, next));
        }
    }
    queries.retain(|(games, _)| *games > 0);
    // Warm up.
    for (_, query) in &queries {
        explorer.query(query).expect("an answer");
    }
    let mut times = Vec::with_capacity(rounds * queries.len());
    for _ in 0..rounds {
        for (_, query) in &queries {
            let start = Instant::now();
            let answer = explorer.query(query).expect("an answer");
            times.push(start.elapsed().as_secs_f64() * 1e6);
            std::hint::black_box(answer);
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
    let most = queries.iter().map(|(games, _)| *games).max().unwrap_or(0);
    let least = queries.iter().map(|(games, _)| *games).min().unwrap_or(0);
    println!(
        "{} queries of {} positions ({least} to {most} games each): p50 {:.0} us, p90 {:.0} us, p99 {:.0} us, max {:.0} us",
        times.len(),
        queries.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
}
