//! The pentanomial figures and the SPRT (`pgn::Pentanomial`, `pgn::Sprt`)
//! against fishtest's values for the cases of its own `stat_util.py`, and
//! against `tests/fixtures/sprt_reference.py`, which finds each
//! hypothesis' most likely distribution by generic numerical optimisation
//! (scipy) instead of the secular equation the crate solves.

use chess960_games::stats::{EloModel, MatchScore, Pentanomial, Sprt, SprtError, Verdict};

fn sprt(elo0: f64, elo1: f64, model: EloModel) -> Sprt {
    Sprt::new(elo0, elo1, 0.05, 0.05, model).unwrap()
}

#[test]
fn fishtest_values() {
    // fishtest's stat_util.py prints these LLRs for its last two cases.
    let pairs = Pentanomial::new([39, 2226, 31451, 2412, 40]);
    let normalized = sprt(0.764, 3.439, EloModel::Normalized)
        .llr(&pairs)
        .unwrap();
    assert!((normalized - 2.1629).abs() < 5e-5, "{normalized}");
    let logistic = sprt(0.2, 0.9, EloModel::Logistic).llr(&pairs).unwrap();
    assert!((logistic - 2.1625).abs() < 5e-5, "{logistic}");
}

/// The LLRs `sprt_reference.py` prints (six decimals).
#[test]
fn llr_against_generic_optimisation() {
    use EloModel::{Logistic, Normalized};
    let pentanomial: [([u64; 5], f64, f64, EloModel, f64); 9] = [
        (
            [39, 2226, 31451, 2412, 40],
            0.764,
            3.439,
            Normalized,
            2.162_941,
        ),
        ([39, 2226, 31451, 2412, 40], 0.2, 0.9, Logistic, 2.162_543),
        (
            [10789, 19328, 33806, 19402, 10543],
            -3.0,
            1.0,
            Logistic,
            2.131_068,
        ),
        (
            [10789, 19328, 33806, 19402, 10543],
            -3.0,
            1.0,
            Normalized,
            0.300_870,
        ),
        ([12, 60, 150, 70, 8], 0.0, 5.0, Normalized, -0.013_445),
        ([12, 60, 150, 70, 8], 0.0, 5.0, Logistic, -0.095_516),
        ([0, 3, 20, 9, 1], 0.0, 10.0, Normalized, 0.446_125),
        ([0, 3, 20, 9, 1], -5.0, 5.0, Logistic, 0.947_063),
        ([2, 0, 7, 0, 0], 0.0, 2.0, Normalized, -0.034_760),
    ];
    for (counts, elo0, elo1, model, expected) in pentanomial {
        let llr = sprt(elo0, elo1, model)
            .llr(&Pentanomial::new(counts))
            .unwrap();
        assert!(
            (llr - expected).abs() < 2e-6,
            "{counts:?} {model:?}: {llr} {expected}"
        );
    }
    // Trinomials: losses, draws, wins.
    let trinomial: [([u64; 3], f64, f64, EloModel, f64); 3] = [
        ([591, 2163, 716], 0.0, 6.0, Logistic, 4.361_801),
        ([591, 2163, 716], 0.0, 6.0, Normalized, 3.000_626),
        ([65804, 56553, 65388], -3.0, 1.0, Normalized, 0.491_712),
    ];
    for ([losses, draws, wins], elo0, elo1, model, expected) in trinomial {
        let games = MatchScore::new(wins, draws, losses);
        let llr = sprt(elo0, elo1, model).llr_trinomial(&games).unwrap();
        assert!(
            (llr - expected).abs() < 2e-6,
            "{games:?} {model:?}: {llr} {expected}"
        );
    }
}

/// Elo, its margin, nElo, its margin and the LOS as
/// `sprt_reference.py` prints them.
#[test]
fn figures_against_reference() {
    let cases: [([u64; 5], [f64; 5]); 4] = [
        (
            [39, 2226, 31451, 2412, 40],
            [0.902_981, 0.662_531, 3.450_800, 2.531_892, 0.996_222],
        ),
        (
            [10789, 19328, 33806, 19402, 10543],
            [-0.773_577, 1.277_580, -0.951_629, 1.571_624, 0.117_659],
        ),
        (
            [12, 60, 150, 70, 8],
            [1.158_123, 16.458_738, 1.957_640, 27.800_126, 0.554_887],
        ),
        (
            [0, 3, 20, 9, 1],
            [42.321_490, 39.441_298, 91.241_055, 83.820_534, 0.983_557],
        ),
    ];
    for (counts, expected) in cases {
        let pairs = Pentanomial::new(counts);
        let ours = [
            pairs.elo(),
            pairs.elo_margin(),
            pairs.nelo(),
            pairs.nelo_margin(),
            pairs.los(),
        ];
        for (ours, theirs) in ours.into_iter().zip(expected) {
            let ours = ours.unwrap();
            assert!((ours - theirs).abs() < 1e-6, "{counts:?}: {ours} {theirs}");
        }
    }
}

#[test]
fn bounds_and_verdicts() {
    let sprt = sprt(0.0, 5.0, EloModel::Normalized);
    assert!((sprt.lower_bound() + 2.944_438_979).abs() < 1e-9);
    assert!((sprt.upper_bound() - 2.944_438_979).abs() < 1e-9);
    let wider = Sprt::new(0.0, 5.0, 0.01, 0.1, EloModel::Logistic).unwrap();
    assert!((wider.lower_bound() - (0.1f64 / 0.99).ln()).abs() < 1e-15);
    assert!((wider.upper_bound() - 90f64.ln()).abs() < 1e-12);
    // A lopsided match accepts H1, an even one of many pairs H0.
    let strong = Pentanomial::new([5, 40, 300, 120, 30]);
    assert_eq!(sprt.verdict(sprt.llr(&strong).unwrap()), Verdict::H1);
    let even = Pentanomial::new([2000, 8000, 20000, 8000, 2000]);
    assert_eq!(sprt.verdict(sprt.llr(&even).unwrap()), Verdict::H0);
    assert_eq!(sprt.verdict(f64::NAN), Verdict::Continue);
}

#[test]
fn degenerate_counts_give_none_never_nan() {
    let sprt = sprt(0.0, 5.0, EloModel::Normalized);
    let logistic = Sprt::new(0.0, 5.0, 0.05, 0.05, EloModel::Logistic).unwrap();
    for counts in [
        [0, 0, 0, 0, 0],
        [0, 0, 9, 0, 0],
        [9, 0, 0, 0, 0],
        [0, 0, 0, 0, 9],
        [1, 0, 0, 0, 1],
    ] {
        let pairs = Pentanomial::new(counts);
        for value in [
            pairs.score(),
            pairs.elo(),
            pairs.elo_margin(),
            pairs.nelo(),
            pairs.nelo_margin(),
            pairs.los(),
            sprt.llr(&pairs),
            logistic.llr(&pairs),
        ]
        .into_iter()
        .flatten()
        {
            assert!(value.is_finite(), "{counts:?}");
        }
    }
    let one_bucket = Pentanomial::new([0, 0, 9, 0, 0]);
    assert_eq!((one_bucket.nelo(), one_bucket.los()), (None, None));
    assert_eq!(Pentanomial::new([0, 0, 0, 0, 9]).elo(), None);
    assert_eq!(sprt.llr(&Pentanomial::default()), None);
    // One bucket still has a ratio: fishtest's prior fills the others.
    assert!(sprt.llr(&one_bucket).unwrap() < 0.0);
    // A logistic bound past reach: no ratio, no panic.
    let far = Sprt::new(0.0, 1e6, 0.05, 0.05, EloModel::Logistic).unwrap();
    assert_eq!(far.llr(&one_bucket), None);
}

#[test]
fn bad_settings_are_refused() {
    let new = |elo0, elo1, alpha, beta| Sprt::new(elo0, elo1, alpha, beta, EloModel::Normalized);
    assert_eq!(
        new(5.0, 0.0, 0.05, 0.05),
        Err(SprtError::BoundsOrder {
            elo0: 5.0,
            elo1: 0.0
        })
    );
    assert!(matches!(
        new(1.0, 1.0, 0.05, 0.05),
        Err(SprtError::BoundsOrder { .. })
    ));
    assert!(matches!(
        new(f64::NAN, 1.0, 0.05, 0.05),
        Err(SprtError::NotFinite { .. })
    ));
    assert!(matches!(
        new(0.0, f64::INFINITY, 0.05, 0.05),
        Err(SprtError::NotFinite { .. })
    ));
    for bad in [0.0, 1.0, -0.1, 1.5, f64::NAN] {
        assert!(matches!(
            new(0.0, 1.0, bad, 0.05),
            Err(SprtError::ErrorRate { name: "alpha", .. })
        ));
        assert!(matches!(
            new(0.0, 1.0, 0.05, bad),
            Err(SprtError::ErrorRate { name: "beta", .. })
        ));
    }
    assert!(matches!(
        new(0.0, 1.0, 0.6, 0.5),
        Err(SprtError::ErrorSum { .. })
    ));
    assert_eq!(
        new(0.0, 1.0, 0.0, 0.05).unwrap_err().to_string(),
        "the SPRT's alpha is strictly between 0 and 1, but this one is 0"
    );
}
