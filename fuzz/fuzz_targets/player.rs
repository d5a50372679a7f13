//! One player's statistics (`chess960_games::stats::PlayerStats`, `Players`,
//! `Filter::player`) and the match figures (`MatchScore`) on any bytes.
//!
//! Input: 12 bytes of counts (three little-endian `u32`: wins, draws,
//! losses), a line of names separated by `|`, then the PGN. Checks: every
//! figure of any counts is in its range or `None` exactly where undefined,
//! and a player's figures mirror their opponent's; on the PGN, every
//! record the names match is counted, a self-game or from no Chess960
//! start, and nothing else; `Filter::player` keeps those records; each
//! row's colours add up; two halves merged are the whole.
#![no_main]

use chess960_games::{
    read::{Filter, GameKind, Players, Reader, Record},
    stats::{MatchScore, PlayerStats},
};
use libfuzzer_sys::fuzz_target;

/// The figures of a score in their ranges, `None` where undefined.
fn check_figures(score: &MatchScore) {
    let games = score.games();
    let mu = score.score();
    assert_eq!(mu.is_some(), games > 0);
    let Some(mu) = mu else {
        assert_eq!(
            (score.elo(), score.margin(), score.los(), score.draw_ratio()),
            (None, None, None, None)
        );
        return;
    };
    assert!((0.0..=1.0).contains(&mu));
    let extreme = score.wins == games || score.losses == games;
    assert_eq!(score.elo().is_none(), extreme, "{score:?}");
    if let Some(elo) = score.elo() {
        assert!(elo.is_finite());
        assert_eq!(elo > 0.0, score.wins > score.losses, "{score:?}");
    }
    if let Some(margin) = score.margin() {
        assert!(margin.is_finite() && margin >= 0.0, "{score:?}");
        assert!(score.elo().is_some());
    }
    assert_eq!(score.los().is_some(), score.wins + score.losses > 0);
    if let Some(los) = score.los() {
        assert!((0.0..=1.0).contains(&los), "{score:?}");
    }
    let ratio = score.draw_ratio().expect("games were played");
    assert!((0.0..=1.0).contains(&ratio));
    // The opponent's side of the same games.
    let other = MatchScore::new(score.losses, score.draws, score.wins);
    let close = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() <= 1e-9 * a.abs().max(1.0),
        (a, b) => a.is_none() && b.is_none(),
    };
    assert!(close(score.elo(), other.elo().map(|elo| -elo)), "{score:?}");
    assert!(close(score.margin(), other.margin()), "{score:?}");
    assert!(
        close(score.los(), other.los().map(|los| 1.0 - los)),
        "{score:?}"
    );
}

fuzz_target!(|data: &[u8]| {
    let Some((counts, rest)) = data.split_first_chunk::<12>() else {
        return;
    };
    let count = |index: usize| {
        u64::from(u32::from_le_bytes([
            counts[index],
            counts[index + 1],
            counts[index + 2],
            counts[index + 3],
        ]))
    };
    check_figures(&MatchScore::new(count(0), count(4), count(8)));

    let (names, pgn) = match rest.iter().position(|&byte| byte == b'\n') {
        Some(end) => (&rest[..end], &rest[end + 1..]),
        None => (rest, &[][..]),
    };
    let names: Vec<String> = String::from_utf8_lossy(names)
        .split('|')
        .map(str::to_owned)
        .collect();
    let players: Players = names.iter().collect();
    let filter = names
        .iter()
        .fold(Filter::new(), |filter, name| filter.player(name));
    let records: Vec<Record> = Reader::new(pgn).collect();
    let mut whole = PlayerStats::new(players.clone());
    let mut halves = [
        PlayerStats::new(players.clone()),
        PlayerStats::new(players.clone()),
    ];
    let mut theirs = 0u64;
    for (index, record) in records.iter().enumerate() {
        let kind = GameKind::of(record);
        let seat = players.seat(record.tags());
        assert_eq!(
            filter.matches(record.tags()),
            seat.is_some() || players.is_empty()
        );
        theirs += u64::from(seat.is_some());
        whole.add(&kind, record.tags());
        halves[usize::from(index >= records.len() / 2)].add(&kind, record.tags());
    }
    let total = whole.total();
    assert_eq!(
        total.games() + whole.self_games() + whole.other_starts(),
        theirs
    );
    for (_, tally) in whole.iter() {
        assert!(tally.games() > 0);
        assert_eq!(tally.white_games() + tally.black_games(), tally.games());
        check_figures(&tally.score());
    }
    check_figures(&total.score());
    let [mut first, second] = halves;
    first.merge(&second);
    assert_eq!(first, whole);
});
