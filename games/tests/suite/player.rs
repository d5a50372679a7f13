//! One player's record per start (`PlayerStats`) and the match figures
//! (`MatchScore`) against values computed elsewhere: python-chess and
//! Python's `math` (`tests/fixtures/player_reference.py`, over an engine
//! match Stockfish played and a player's archive), and a table worked by
//! hand below.

use chess960::{Color, DoublePosition, Position};
use chess960_games::{
    read::{Filter, GameKind, Players, Reader},
    stats::{MatchScore, PlayerGame, PlayerStats, PlayerTally},
};

const ENGINE_MATCH: &str = include_str!("../fixtures/engine_match.pgn");
const ARCHIVE: &str = include_str!("../fixtures/player_archive.pgn");
/// Written by `tests/fixtures/player_reference.py` with python-chess.
const REFERENCE: &str = include_str!("../fixtures/player_reference.tsv");

fn pgn(file: &str) -> &'static str {
    match file {
        "engine_match.pgn" => ENGINE_MATCH,
        "player_archive.pgn" => ARCHIVE,
        _ => panic!("no fixture {file}"),
    }
}

fn stats_of(text: &str, names: &[&str]) -> PlayerStats {
    let mut stats = PlayerStats::new(names.iter().collect());
    for record in Reader::new(text.as_bytes()) {
        stats.add(&GameKind::of(&record), record.tags());
    }
    stats
}

/// A reference cell: empty is `None`.
fn optional(cell: &str) -> Option<f64> {
    (!cell.is_empty()).then(|| cell.parse().unwrap())
}

fn close(ours: Option<f64>, theirs: Option<f64>, what: &str) {
    match (ours, theirs) {
        (Some(ours), Some(theirs)) => assert!(
            (ours - theirs).abs() <= 1e-9 * theirs.abs().max(1.0),
            "{what}: {ours} against {theirs}"
        ),
        _ => assert_eq!(ours, theirs, "{what}"),
    }
}

/// The cells of our row in the reference's column order (after `black_id`).
fn figures(tally: &PlayerTally) -> ([u64; 6], [Option<f64>; 7]) {
    let score = tally.score();
    (
        [
            tally.games(),
            tally.white_games(),
            score.wins,
            score.draws,
            score.losses,
            tally.unknown(),
        ],
        [
            score.score(),
            score.elo(),
            score.margin(),
            score.los(),
            score.draw_ratio(),
            tally.white.score(),
            tally.black.score(),
        ],
    )
}

/// The file, the names, our statistics, and our rows not yet compared.
type Case = (
    String,
    String,
    PlayerStats,
    Vec<(DoublePosition, PlayerTally)>,
);

#[test]
fn rows_per_start_are_python_chess_s() {
    let mut cases = 0;
    let mut current: Option<Case> = None;
    for line in REFERENCE.lines().filter(|line| !line.starts_with('#')) {
        let cells: Vec<&str> = line.split('\t').collect();
        match cells[0] {
            "player" => {
                let (file, label) = (cells[1], cells[2]);
                if current
                    .as_ref()
                    .is_none_or(|(f, l, _, _)| f != file || l != label)
                {
                    let names: Vec<&str> = label.split('|').collect();
                    let stats = stats_of(pgn(file), &names);
                    let rows = stats.iter().map(|(start, tally)| (start, *tally)).collect();
                    current = Some((file.into(), label.into(), stats, rows));
                }
                let (_, _, stats, rows) = current.as_mut().unwrap();
                let what = format!("{} {} {}/{}", cells[1], cells[2], cells[3], cells[4]);
                let tally = if cells[3] == "total" {
                    assert!(rows.is_empty(), "{what}: rows left {rows:?}");
                    stats.total()
                } else {
                    assert!(!rows.is_empty(), "{what}: no row of ours");
                    let (start, tally) = rows.remove(0);
                    assert_eq!(start.white().id().to_string(), cells[3], "{what}");
                    let black = if start.is_single() {
                        String::new()
                    } else {
                        start.black().id().to_string()
                    };
                    assert_eq!(black, cells[4], "{what}");
                    tally
                };
                let (counts, decimals) = figures(&tally);
                let theirs: Vec<u64> = cells[5..11].iter().map(|c| c.parse().unwrap()).collect();
                assert_eq!(counts.to_vec(), theirs, "{what}");
                for (index, (ours, theirs)) in decimals.iter().zip(&cells[11..18]).enumerate() {
                    close(*ours, optional(theirs), &format!("{what} column {index}"));
                }
                cases += 1;
            }
            "self_games" => {
                let (_, _, stats, _) = current.as_ref().unwrap();
                assert_eq!(stats.self_games().to_string(), cells[3], "{line}");
            }
            "counts" => {
                let counts: Vec<u64> = cells[1..4].iter().map(|c| c.parse().unwrap()).collect();
                let score = MatchScore::new(counts[0], counts[1], counts[2]);
                let ours = [
                    score.score(),
                    score.elo(),
                    score.margin(),
                    score.los(),
                    score.draw_ratio(),
                ];
                for (ours, theirs) in ours.iter().zip(&cells[4..9]) {
                    close(*ours, optional(theirs), line);
                }
                cases += 1;
            }
            other => panic!("unknown case {other}"),
        }
    }
    assert!(cases > 80, "{cases}");
}

/// Worked by hand: `μ`, `σ`, the Elo difference, the margin, the LOS.
#[test]
fn a_table_worked_by_hand() {
    let phi_1 = 0.841_344_746_068_543; // Φ(1) = ½ + ½·erf(1/√2), from tables
    // No games: nothing is defined.
    let none = MatchScore::new(0, 0, 0);
    assert_eq!(
        [
            none.score(),
            none.elo(),
            none.margin(),
            none.los(),
            none.draw_ratio()
        ],
        [None; 5]
    );
    // One game, won: μ = 1, no Elo; LOS = ½ + ½·erf(1/√2) = Φ(1).
    let one = MatchScore::new(1, 0, 0);
    assert_eq!(
        (one.score(), one.elo(), one.margin()),
        (Some(1.0), None, None)
    );
    assert!((one.los().unwrap() - phi_1).abs() < 1e-12);
    // One game, lost: the mirror.
    let lost = MatchScore::new(0, 0, 1);
    assert_eq!(
        (lost.score(), lost.elo(), lost.margin()),
        (Some(0.0), None, None)
    );
    assert!((lost.los().unwrap() - (1.0 - phi_1)).abs() < 1e-12);
    // All wins: LOS = ½ + ½·erf(10/√20) = Φ(√10) = 0.999 217 3.
    let wins = MatchScore::new(10, 0, 0);
    assert_eq!(
        (wins.elo(), wins.margin(), wins.draw_ratio()),
        (None, None, Some(0.0))
    );
    assert!((wins.los().unwrap() - 0.999_217_3).abs() < 1e-7);
    // All draws: μ = ½, Elo 0, σ = 0 so the margin is 0; no LOS (0/0).
    let draws = MatchScore::new(0, 7, 0);
    assert_eq!(
        (draws.elo(), draws.margin(), draws.los(), draws.draw_ratio()),
        (Some(0.0), Some(0.0), None, Some(1.0))
    );
    // 1 win, 1 loss: μ = ½, Elo 0, σ = ½/√2 = 0.3536; μ ± 1.96σ =
    // −0.193..1.193 leaves 0..1: no margin. LOS = ½ + ½·erf(0) = ½.
    let even = MatchScore::new(1, 0, 1);
    assert_eq!(
        (even.elo(), even.margin(), even.los()),
        (Some(0.0), None, Some(0.5))
    );
    // 3 wins, 1 loss: μ = ¾, Elo = −400·log₁₀(⅓) = 400·log₁₀ 3 = 190.85;
    // per game √(¾·(¼)² + ¼·(¾)²) = √3/4, σ = √3/8 = 0.2165, and
    // μ + 1.96σ = 1.174 > 1: no margin. LOS = ½ + ½·erf(2/√8) = Φ(1).
    let three = MatchScore::new(3, 0, 1);
    assert!((three.elo().unwrap() - 190.848_502).abs() < 1e-6);
    assert_eq!(three.margin(), None);
    assert!((three.los().unwrap() - phi_1).abs() < 1e-12);
    // 100 each: μ = ½, per game √(⅓·¼ + ⅓·¼) = √(1/6), σ = 1/√1800 =
    // 0.023 570; μ ± 1.959964σ = 0.5 ± 0.046 197; the margin is
    // Elo(0.546 197) = 400·log₁₀(0.546 197 / 0.453 803) = 32.19.
    let hundred = MatchScore::new(100, 100, 100);
    assert!((hundred.deviation().unwrap() - 1.0 / 1800f64.sqrt()).abs() < 1e-15);
    assert!((hundred.margin().unwrap() - 32.1926).abs() < 1e-4);
    assert_eq!(hundred.los(), Some(0.5));
    // 3 wins, 2 draws, 1 loss: μ = ⅔, Elo = 400·log₁₀ 2 = 120.41; per game
    // √(½·(⅓)² + ⅓·(⅙)² + ⅙·(⅔)²) = √(5/36) = 0.372 68, σ = 0.152 145,
    // μ ± 1.959964σ = 0.368 468..0.964 865, Elo of those −93.63 and 575.46:
    // margin 334.55. LOS = ½ + ½·erf(2/√8) = Φ(1).
    let mixed = MatchScore::new(3, 2, 1);
    assert!((mixed.elo().unwrap() - 120.412).abs() < 1e-3);
    assert!((mixed.deviation().unwrap() - (5.0f64 / 36.0).sqrt() / 6f64.sqrt()).abs() < 1e-15);
    assert!((mixed.margin().unwrap() - 334.55).abs() < 0.01);
    assert!((mixed.los().unwrap() - phi_1).abs() < 1e-12);
}

#[test]
fn the_engine_match_from_each_side_mirrors() {
    let strong = stats_of(ENGINE_MATCH, &["SF-nodes-3000"]);
    let weak = stats_of(ENGINE_MATCH, &["sf-NODES-2000"]);
    let (strong_total, weak_total) = (strong.total().score(), weak.total().score());
    assert_eq!(strong_total, MatchScore::new(24, 15, 5));
    assert_eq!(weak_total, MatchScore::new(5, 15, 24));
    let (elo, other) = (strong_total.elo().unwrap(), weak_total.elo().unwrap());
    assert!((elo + other).abs() < 1e-9);
    assert!((strong_total.margin().unwrap() - weak_total.margin().unwrap()).abs() < 1e-9);
    assert!((strong_total.los().unwrap() + weak_total.los().unwrap() - 1.0).abs() < 1e-12);
    for ((start, mine), (other_start, theirs)) in strong.iter().zip(weak.iter()) {
        assert_eq!(start, other_start);
        assert_eq!(
            mine.white,
            MatchScore::new(theirs.black.losses, theirs.black.draws, theirs.black.wins)
        );
        assert_eq!(mine.white_games(), theirs.black_games());
    }
    // Both engines' names: every game is a self-game.
    let both = stats_of(ENGINE_MATCH, &["SF-nodes-3000", "SF-nodes-2000"]);
    assert!(both.is_empty());
    assert_eq!(both.self_games(), 44);
}

#[test]
fn an_archive_counts_accounts_and_skips_what_is_no_chess960_game() {
    let ada = stats_of(ARCHIVE, &["Ada"]);
    // The standard game, the Crazyhouse game and the start without castling
    // rights are hers, but from no Chess960 start; "Adam" is not "Ada".
    assert_eq!((ada.other_starts(), ada.self_games()), (3, 0));
    let accounts = stats_of(ARCHIVE, &["ada", " ADA_BLITZ "]);
    assert_eq!((accounts.other_starts(), accounts.self_games()), (3, 1));
    assert!(accounts.total().games() > ada.total().games());
    // The unfinished game from start 700: counted, no result.
    let start = DoublePosition::from(Position::from_id(700).unwrap());
    let (_, tally) = accounts.iter().find(|(s, _)| *s == start).unwrap();
    assert_eq!(
        (tally.games(), tally.unknown(), tally.score().score()),
        (1, 1, None)
    );
    // The double Chess960 start 12/345, once with each account.
    let double = DoublePosition::new(
        Position::from_id(12).unwrap(),
        Position::from_id(345).unwrap(),
    );
    let (_, tally) = accounts.iter().find(|(s, _)| *s == double).unwrap();
    assert_eq!((tally.games(), tally.white_games()), (2, 1));
}

#[test]
fn merged_halves_are_the_whole() {
    for (text, names) in [
        (ENGINE_MATCH, ["SF-nodes-3000", "x"]),
        (ARCHIVE, ["ada", "ada_blitz"]),
    ] {
        let whole = stats_of(text, &names);
        let records: Vec<_> = Reader::new(text.as_bytes()).collect();
        for cut in [0, 1, records.len() / 2, records.len()] {
            let mut parts = [
                PlayerStats::new(names.iter().collect()),
                PlayerStats::new(names.iter().collect()),
            ];
            for (index, record) in records.iter().enumerate() {
                parts[usize::from(index >= cut)].add(&GameKind::of(record), record.tags());
            }
            let [mut first, second] = parts;
            first.merge(&second);
            assert_eq!(first, whole, "cut at {cut}");
        }
    }
}

#[test]
fn every_outcome_from_each_colour() {
    use chess960_games::{
        read::{TagName, Tags},
        stats::Outcome,
    };
    let start = GameKind::Chess960(Position::from_id(451).unwrap());
    let mut stats = PlayerStats::new(["Élodie"].into_iter().collect());
    let mut tags = Tags::new();
    for (white, black, result, seat) in [
        ("ÉLODIE", "x", "1-0", Some(Color::White)),
        ("élodie", "x", "0-1", Some(Color::White)),
        ("Élodie ", "x", "1/2-1/2", Some(Color::White)),
        ("x", "élodie", "1-0", Some(Color::Black)),
        ("x", "ÉLODIE", "0-1", Some(Color::Black)),
        ("x", "Élodie", "*", Some(Color::Black)),
        ("x", "Elodie", "0-1", None),
        ("Élodie2", "x", "0-1", None),
    ] {
        tags.clear();
        tags.insert(TagName::White, white);
        tags.insert(TagName::Black, black);
        tags.insert(TagName::Result, result);
        let expected = seat.map_or(PlayerGame::NotTheirs, PlayerGame::Counted);
        assert_eq!(stats.add(&start, &tags), expected, "{white} {black}");
        assert_eq!(Outcome::from_tag(Some(result)).as_str(), result);
    }
    let total = stats.total();
    assert_eq!(total.white, MatchScore::new(1, 1, 1));
    assert_eq!(total.black, MatchScore::new(1, 0, 1));
    assert_eq!(
        (total.games(), total.unknown(), total.white_games()),
        (6, 1, 3)
    );
}

#[test]
fn the_filter_keeps_the_player_s_games() {
    let filter = Filter::new().player("ada").player("Ada_Blitz");
    let players: Players = ["ada", "ada_blitz"].into_iter().collect();
    let mut kept = 0;
    for record in Reader::new(ARCHIVE.as_bytes()) {
        let theirs = players.seat(record.tags()).is_some();
        assert_eq!(filter.matches(record.tags()), theirs);
        kept += u32::from(theirs);
    }
    assert_eq!(
        kept,
        27 + 1 + 3,
        "counted, the self-game, three from no Chess960 start"
    );
}

/// A player who had White in every game scores what `StartStats` gives
/// White, start by start (two accumulators, one answer).
#[test]
fn always_white_is_white_s_tally() {
    use chess960_games::stats::StartStats;
    let pgn = ENGINE_MATCH
        .replace("[Black \"SF-nodes-3000\"]", "[Black \"other\"]")
        .replace("[White \"SF-nodes-2000\"]", "[White \"SF-nodes-3000\"]");
    let mut starts = StartStats::new();
    let mut player = PlayerStats::new(["sf-nodes-3000"].into_iter().collect());
    for record in Reader::new(pgn.as_bytes()) {
        let kind = GameKind::of(&record);
        player.add(&kind, record.tags());
        starts.add(kind, record.tags());
    }
    assert_eq!(player.len(), starts.len());
    for ((start, mine), (other, white)) in player.iter().zip(starts.iter()) {
        assert_eq!(start, other);
        assert_eq!(mine.black_games(), 0);
        assert_eq!(
            mine.white,
            MatchScore::new(white.white_wins, white.draws, white.black_wins)
        );
        assert_eq!(mine.score().score(), white.score());
        let (ours, theirs) = (mine.score().interval().unwrap(), white.interval().unwrap());
        assert_eq!((ours.low, ours.high), (theirs.low, theirs.high));
    }
}

/// Names in ISO 8859-1 (the PGN standard's character set) are read as the
/// same letters as in UTF-8, and match in any case.
#[test]
fn latin_1_names_match() {
    let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
    let mut pgn = Vec::new();
    for (white, result) in [
        (&b"Zo\xEB"[..], "1-0"),
        (&b"ZO\xCB"[..], "0-1"),
        ("Zoë".as_bytes(), "1/2-1/2"),
    ] {
        pgn.extend_from_slice(b"[White \"");
        pgn.extend_from_slice(white);
        pgn.extend_from_slice(
            format!("\"]\n[Black \"x\"]\n[Result \"{result}\"]\n[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n\n*\n\n")
                .as_bytes(),
        );
    }
    let mut stats = PlayerStats::new(["zoë"].into_iter().collect());
    for record in Reader::new(&pgn[..]) {
        assert_eq!(
            stats.add(&GameKind::of(&record), record.tags()),
            PlayerGame::Counted(Color::White)
        );
    }
    assert_eq!(stats.total().white, MatchScore::new(1, 1, 1));
}

proptest::proptest! {
    /// The opponent's side of any result: the Elo difference negated, the
    /// same margin, the LOS mirrored; the figures in their ranges.
    #[test]
    fn the_opponent_s_figures_mirror(wins in 0u64..5000, draws in 0u64..5000, losses in 0u64..5000) {
        let mine = MatchScore::new(wins, draws, losses);
        let theirs = MatchScore::new(losses, draws, wins);
        let near = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => (a - b).abs() < 1e-9,
            (a, b) => a.is_none() && b.is_none(),
        };
        proptest::prop_assert!(near(mine.elo(), theirs.elo().map(|elo| -elo)));
        proptest::prop_assert!(near(mine.margin(), theirs.margin()));
        proptest::prop_assert!(near(mine.los(), theirs.los().map(|los| 1.0 - los)));
        if let Some(los) = mine.los() {
            proptest::prop_assert!((0.0..=1.0).contains(&los));
        }
        if let Some(margin) = mine.margin() {
            proptest::prop_assert!(margin >= 0.0 && margin.is_finite());
        }
        // More wins in place of losses never lowers the Elo difference.
        if losses > 0 {
            let better = MatchScore::new(wins + 1, draws, losses - 1);
            if let (Some(a), Some(b)) = (mine.elo(), better.elo()) {
                proptest::prop_assert!(b > a);
            }
        }
    }
}

/// A generated match: `(start id, opponent, player is White, result)`,
/// games of two opponents from four starts, mostly in reversed-colour
/// pairs, with repeated colours, unknown results and pairs far apart.
fn generated_match() -> Vec<(u16, &'static str, bool, &'static str)> {
    let results = [
        "1-0", "0-1", "1/2-1/2", "1/2-1/2", "1-0", "*", "0-1", "1/2-1/2",
    ];
    let mut games = Vec::new();
    let mut state = 12_345u32;
    for round in 0..40u32 {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let start = [0, 518, 959, 100][(state >> 8) as usize % 4];
        let opponent = if (state >> 12) % 3 == 0 {
            "Bob"
        } else {
            "CAROL"
        };
        let white = (state >> 14) % 2 == 0;
        let pick = |shift: u32| results[(state >> shift) as usize % results.len()];
        games.push((start, opponent, white, pick(16)));
        // The partner: mostly next, sometimes the same colour again,
        // sometimes missing.
        match (state >> 20) % 6 {
            0 => {}
            1 => games.push((start, opponent, white, pick(23))),
            _ => games.push((start, opponent, !white, pick(23))),
        }
        if round % 7 == 3 {
            games.push((start, "bob", !white, "1-0"));
        }
    }
    games
}

fn record((start, opponent, white, result): (u16, &str, bool, &str)) -> String {
    let fen = Position::from_id(start)
        .unwrap()
        .fen(chess960::FenStyle::Shredder);
    let (w, b) = if white {
        ("Me", opponent)
    } else {
        (opponent, "me")
    };
    format!(
        "[White \"{w}\"]\n[Black \"{b}\"]\n[Result \"{result}\"]\n[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n\n{result}\n\n"
    )
}

fn player_stats(games: &[(u16, &str, bool, &str)]) -> PlayerStats {
    stats_of(
        &games.iter().map(|&game| record(game)).collect::<String>(),
        &["me"],
    )
}

/// Pairs by the rule, written plainly over the whole list.
fn plain_pairs(games: &[(u16, &str, bool, &str)]) -> ([u64; 5], u64) {
    let points = |white: bool, result: &str| match (result, white) {
        ("1/2-1/2", _) => Some(1),
        ("1-0", true) | ("0-1", false) => Some(2),
        ("1-0", false) | ("0-1", true) => Some(0),
        _ => None,
    };
    let (mut counts, mut unpaired) = ([0u64; 5], 0);
    let mut waiting: std::collections::HashMap<(u16, String), (bool, Option<usize>)> =
        std::collections::HashMap::new();
    for &(start, opponent, white, result) in games {
        let key = (start, opponent.to_lowercase());
        let game = (white, points(white, result));
        match waiting.remove(&key) {
            Some(first) if first.0 != white => match (first.1, game.1) {
                (Some(one), Some(two)) => counts[one + two] += 1,
                _ => unpaired += u64::from(first.1.is_some()) + u64::from(game.1.is_some()),
            },
            Some(first) => {
                unpaired += u64::from(first.1.is_some());
                waiting.insert(key, game);
            }
            None => {
                waiting.insert(key, game);
            }
        }
    }
    unpaired += waiting.values().filter(|game| game.1.is_some()).count() as u64;
    (counts, unpaired)
}

#[test]
fn pairs_follow_the_rule() {
    let games = generated_match();
    let stats = player_stats(&games);
    let total = stats.pair_total();
    let (counts, unpaired) = plain_pairs(&games);
    assert_eq!(
        (total.pentanomial.counts, total.unpaired),
        (counts, unpaired)
    );
    assert!(total.pairs() > 20 && total.unpaired > 5, "{total:?}");
    // Every game with a known result is in a pair or unpaired.
    let known = stats.total().games() - stats.total().unknown();
    assert_eq!(total.games(), known);
    // The rows' pairs add up to the total.
    let mut sum = chess960_games::stats::PairTally::default();
    for (start, _) in stats.iter() {
        let row = stats.pair_tally(start);
        let only: Vec<_> = games
            .iter()
            .copied()
            .filter(|game| game.0 == start.white().id())
            .collect();
        assert_eq!(
            (row.pentanomial.counts, row.unpaired),
            plain_pairs(&only),
            "{start}"
        );
        sum.merge(&row);
    }
    assert_eq!(sum, total);
}

#[test]
fn pairs_do_not_depend_on_the_parts() {
    let games = generated_match();
    let whole = player_stats(&games).pair_total();
    for cut in 0..=games.len() {
        let mut all = player_stats(&games[..cut]);
        all.merge(&player_stats(&games[cut..]));
        assert_eq!(all.pair_total(), whole, "cut at {cut}");
    }
    for one in (0..=games.len()).step_by(3) {
        for two in one..=games.len() {
            let mut all = PlayerStats::new(["me"].into_iter().collect());
            for part in [&games[..one], &games[one..two], &games[two..]] {
                all.merge(&player_stats(part));
            }
            assert_eq!(all.pair_total(), whole, "cuts at {one} and {two}");
        }
    }
}

#[test]
fn pairs_never_span_inputs() {
    let games = generated_match();
    for cut in 0..=games.len() {
        // Two files, each ended: as pairing each file apart.
        let mut all = player_stats(&games[..cut]);
        all.end_input();
        let mut second = player_stats(&games[cut..]);
        second.end_input();
        all.merge(&second);
        let (one, two) = (plain_pairs(&games[..cut]), plain_pairs(&games[cut..]));
        let counts: Vec<u64> = (0..5).map(|i| one.0[i] + two.0[i]).collect();
        let total = all.pair_total();
        assert_eq!(total.pentanomial.counts.to_vec(), counts, "cut at {cut}");
        assert_eq!(total.unpaired, one.1 + two.1, "cut at {cut}");
        // A file cut in parts, the end after its last part: the same.
        for inner in (0..=cut).step_by(5) {
            let mut parts = player_stats(&games[..inner]);
            parts.merge(&player_stats(&games[inner..cut]));
            parts.end_input();
            parts.merge(&second);
            assert_eq!(parts.pair_total(), total, "cuts at {inner} and {cut}");
        }
    }
}

#[test]
fn a_cutechess_repeat_match_pairs() {
    // cutechess-cli -repeat (and fastchess): game 1 A White, game 2 the
    // same opening B White, then the next opening.
    let games = [
        (7, "Engine B", true, "1-0"),
        (7, "Engine B", false, "1/2-1/2"),
        (300, "Engine B", true, "0-1"),
        (300, "Engine B", false, "0-1"),
        (12, "Engine B", true, "1/2-1/2"),
        (12, "Engine B", false, "1/2-1/2"),
        (12, "Engine B", false, "0-1"),
    ];
    let total = player_stats(&games).pair_total();
    assert_eq!(
        (total.pentanomial.counts, total.unpaired),
        ([0, 0, 2, 1, 0], 1)
    );
}
