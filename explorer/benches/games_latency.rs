//! Position search and game texts on a warm db: the first page (50) of
//! the games of the most played position (the start with the most
//! games: every game from it), many times; the first page of positions
//! reached by one game (found along games' own lines, deep); one game's
//! PGN by id; each time measured, the percentiles printed. Not a
//! criterion bench: it reads a db made by `benches/explorer_games.py`.
//!
//! ```sh
//! cargo bench -p chess960-explorer --bench games_latency -- DB [ROUNDS]
//! ```

use chess960_explorer::query::Query;
use chess960_explorer::{Explorer, GamesQuery};
use std::time::Instant;

/// The percentiles of `times` (microseconds), as a line.
#[allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]
fn percentiles(what: &str, times: &mut [f64]) {
    times.sort_by(f64::total_cmp);
    let at = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    println!(
        "{what}: {} timed: p50 {:.0} us, p90 {:.0} us, p99 {:.0} us, max {:.0} us",
        times.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        times[times.len() - 1]
    );
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let db = args.first().expect("the db's folder");
    let rounds: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(2000);
    let explorer = Explorer::open(db).expect("a db");
    // The start with the most games.
    let (mut best, mut most) = (518u16, 0u64);
    for start in 0..960u16 {
        let answer = explorer
            .query(&Query {
                start: Some(start),
                moves: Some(0),
                top_games: 0,
                recent_games: 0,
                ..Query::default()
            })
            .expect("an answer");
        let games = answer.white + answer.draws + answer.black;
        if games > most {
            (best, most) = (start, games);
        }
    }
    let first_page = GamesQuery {
        query: Query {
            start: Some(best),
            ..Query::default()
        },
        ..GamesQuery::default()
    };
    let page = explorer.games_at(&first_page).expect("a page");
    println!("start {best}: {} games", page.total);
    let mut times = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let started = Instant::now();
        let page = explorer.games_at(&first_page).expect("a page");
        times.push(started.elapsed().as_secs_f64() * 1e6);
        assert_eq!(page.games.len(), 50.min(usize::try_from(most).unwrap()));
    }
    percentiles("first page of the start's position", &mut times);
    // Every game of it, in order, through the library.
    let mut rates = Vec::new();
    for _ in 0..3 {
        let started = Instant::now();
        let mut list = explorer.game_list(&first_page).expect("a list");
        let mut count = 0u64;
        while list.next_game().expect("a game").is_some() {
            count += 1;
        }
        #[allow(clippy::cast_precision_loss)]
        rates.push(count as f64 / started.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    println!(
        "every game of the start's position through the library: median {:.2} million games/s",
        rates[1] / 1e6
    );
    // Games spread over the list: their ids, then their lines walked to
    // a position of one game (its total 1).
    let ids: Vec<String> = explorer
        .games_at(&GamesQuery {
            limit: 20_000,
            ..first_page.clone()
        })
        .expect("a page")
        .games
        .into_iter()
        .step_by(20)
        .map(|game| game.id)
        .collect();
    singles(&explorer, &ids, &first_page);
    let mut times = Vec::new();
    for _ in 0..3 {
        for id in &ids {
            let started = Instant::now();
            let game = explorer.game(id).expect("a game").expect("its text");
            times.push(started.elapsed().as_secs_f64() * 1e6);
            assert!(game.pgn.len() > 100);
        }
    }
    percentiles(&format!("PGN of {} games", ids.len()), &mut times);
}

/// The first page of positions of one game, found along the lines of
/// the games `ids` (from the position of `first_page`).
fn singles(explorer: &Explorer, ids: &[String], first_page: &GamesQuery) {
    let plies = usize::try_from(explorer.plies()).unwrap_or(50);
    let mut singles = Vec::new();
    for id in ids {
        let game = explorer.game(id).expect("a game").expect("its text");
        let play: Vec<String> = game
            .moves
            .iter()
            .take(plies.min(game.moves.len()).saturating_sub(1))
            .map(|m| m.uci.clone())
            .collect();
        let search = GamesQuery {
            query: Query {
                play,
                ..first_page.query.clone()
            },
            ..GamesQuery::default()
        };
        if explorer.games_at(&search).expect("a page").total == 1 {
            singles.push(search);
        }
    }
    let mut times = Vec::new();
    for _ in 0..3 {
        for search in &singles {
            let started = Instant::now();
            let page = explorer.games_at(search).expect("a page");
            times.push(started.elapsed().as_secs_f64() * 1e6);
            assert_eq!(page.games.len(), 1);
        }
    }
    if !times.is_empty() {
        percentiles(
            &format!("first page of {} positions of one game", singles.len()),
            &mut times,
        );
    }
}
