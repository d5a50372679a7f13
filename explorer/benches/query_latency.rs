//! Query latency on a warm db: the busiest positions (a few starts and
//! their most played first moves), each asked many times; then 10,000
//! positions reached, found breadth first from those starts through the
//! moves the db answers (most of them deep, of one game), each asked three
//! times; every time measured, the percentiles printed. Not a criterion
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
    let most = queries.iter().map(|(games, _)| *games).max().unwrap_or(0);
    let least = queries.iter().map(|(games, _)| *games).min().unwrap_or(0);
    let shown = percentiles(&mut times);
    println!(
        "{} queries of {} positions ({least} to {most} games each): {shown}",
        times.len(),
        queries.len(),
    );
    // 10,000 positions reached, breadth first.
    let mut reached = Vec::new();
    let mut queue: std::collections::VecDeque<Query> = queries
        .iter()
        .filter(|(_, q)| q.play.is_empty())
        .map(|(_, q)| q.clone())
        .collect();
    while let Some(query) = queue.pop_front() {
        if reached.len() >= 10_000 {
            break;
        }
        let answer = explorer.query(&query).expect("an answer");
        for row in &answer.moves {
            let mut play = query.play.clone();
            play.push(row.uci.clone());
            queue.push_back(Query {
                play,
                ..query.clone()
            });
        }
        reached.push((answer.white + answer.draws + answer.black, query));
    }
    let mut times = Vec::with_capacity(3 * reached.len());
    for _ in 0..3 {
        for (_, query) in &reached {
            let start = Instant::now();
            let answer = explorer.query(query).expect("an answer");
            times.push(start.elapsed().as_secs_f64() * 1e6);
            std::hint::black_box(answer);
        }
    }
    let one = reached.iter().filter(|(games, _)| *games == 1).count();
    let shown = percentiles(&mut times);
    println!(
        "{} queries of {} positions reached ({one} of them of one game): {shown}",
        times.len(),
        reached.len(),
    );
}

/// p50, p90, p99 and the maximum of times in µs.
#[allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]
fn percentiles(times: &mut [f64]) -> String {
    times.sort_by(f64::total_cmp);
    let at = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
    format!(
        "p50 {:.0} us, p90 {:.0} us, p99 {:.0} us, max {:.0} us",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    )
}
