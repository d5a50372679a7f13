//! The proof that a draw procedure is uniform, by exact probabilities.
//!
//! The tree of records is explored by asking the procedure itself: a record
//! that is too short names the next throw, and each of its outcomes is
//! tried; a record that ends on a throw to repeat loops back to where that
//! throw began, which is summed as a geometric series.

use super::ratio::Ratio;
use chess960::Position;
use chess960::draw::{DrawError, Throw};
use std::collections::BTreeMap;

/// A draw procedure: the position a record of outcomes gives, or why it
/// gives none.
pub(super) type Procedure<T> = fn(&[T]) -> Result<Position, DrawError>;

/// What can happen from one point of a draw on: the probability of ending
/// at each position, the probability-weighted number of throws to get
/// there, and the paths that loop back to an earlier point (keyed by the
/// record length there) with their probability and weighted throws.
#[derive(Default)]
struct Subtree {
    ends: BTreeMap<u16, Ratio>,
    end_mass: Option<Ratio>,
    end_throws: Option<Ratio>,
    loops: BTreeMap<usize, (Ratio, Ratio)>,
}

fn add_to(slot: &mut Option<Ratio>, value: Ratio) {
    *slot = Some(slot.unwrap_or(Ratio::ZERO) + value);
}

/// Explores every record that extends `record`, asking `procedure`.
fn explore<T: Clone>(
    procedure: Procedure<T>,
    outcomes: &dyn Fn(Throw) -> Vec<Vec<T>>,
    record: &mut Vec<T>,
) -> Subtree {
    let next = match procedure(record) {
        Ok(position) => {
            return Subtree {
                ends: BTreeMap::from([(position.id(), Ratio::ONE)]),
                end_mass: Some(Ratio::ONE),
                end_throws: Some(Ratio::ZERO),
                loops: BTreeMap::new(),
            };
        }
        Err(DrawError::MustRepeat { index, .. }) => {
            assert!(index < record.len());
            return Subtree {
                loops: BTreeMap::from([(index, (Ratio::ONE, Ratio::ZERO))]),
                ..Subtree::default()
            };
        }
        Err(DrawError::TooFewOutcomes { given, next }) => {
            assert_eq!(given, record.len());
            next
        }
        Err(error) => panic!("unexpected error {error:?} for a record the tree built"),
    };
    let choices = outcomes(next);
    let each = Ratio::new(1, choices.len() as u128);
    let mut tree = Subtree::default();
    for choice in choices {
        let depth = record.len();
        record.extend(choice);
        let child = explore(procedure, outcomes, record);
        record.truncate(depth);
        for (id, p) in child.ends {
            let slot = tree.ends.entry(id).or_insert(Ratio::ZERO);
            *slot = *slot + each * p;
        }
        if let Some(mass) = child.end_mass {
            add_to(&mut tree.end_mass, each * mass);
            // One more throw on every path below.
            add_to(
                &mut tree.end_throws,
                each * (child.end_throws.unwrap() + mass),
            );
        }
        for (index, (mass, throws)) in child.loops {
            let slot = tree
                .loops
                .entry(index)
                .or_insert((Ratio::ZERO, Ratio::ZERO));
            *slot = (slot.0 + each * mass, slot.1 + each * (throws + mass));
        }
    }
    // Paths that come back here repeat a geometric number of times k, with
    // P(k) = r^k (1 - r): an ending of mass m and weighted throws t becomes
    // m / (1 - r) and t / (1 - r) + m * s / (1 - r)^2.
    if let Some((r, s)) = tree.loops.remove(&record.len()) {
        let stay = Ratio::ONE / (Ratio::ONE - r);
        for p in tree.ends.values_mut() {
            *p = *p * stay;
        }
        let mass = tree.end_mass.unwrap();
        tree.end_throws = Some(tree.end_throws.unwrap() * stay + mass * s * stay * stay);
        tree.end_mass = Some(mass * stay);
        for (mass, throws) in tree.loops.values_mut() {
            *throws = *throws * stay + *mass * s * stay * stay;
            *mass = *mass * stay;
        }
    }
    tree
}

/// Proves that `procedure` gives every position probability 1/960 and
/// returns the expected number of throws.
pub(super) fn prove_uniform<T: Clone>(
    procedure: Procedure<T>,
    outcomes: &dyn Fn(Throw) -> Vec<Vec<T>>,
) -> Ratio {
    let tree = explore(procedure, outcomes, &mut Vec::new());
    assert!(tree.loops.is_empty(), "a loop back past the start");
    assert_eq!(tree.end_mass, Some(Ratio::ONE));
    assert_eq!(tree.ends.len(), 960);
    for (id, p) in &tree.ends {
        assert_eq!(*p, Ratio::new(1, 960), "position {id}");
    }
    tree.end_throws.unwrap()
}

/// The prover can fail: the d4-d4-d6-d10 throw, except that where it gives
/// position 0 a coin (a two-sided die) gives position 0 or 1, so position 0
/// has probability 1/1920 and position 1 has 3/1920.
#[test]
#[should_panic(expected = "position 0")]
fn a_biased_procedure_is_not_proven_uniform() {
    fn biased(faces: &[u8]) -> Result<Position, DrawError> {
        let (throw, extra) = faces.split_at(faces.len().min(4));
        let position = chess960::draw::d4_d4_d6_d10(throw)?;
        match (position.id(), extra) {
            (0, []) => Err(DrawError::TooFewOutcomes {
                given: 4,
                next: Throw::Die { sides: 2 },
            }),
            (0, [2]) => Ok(Position::from_id(1).unwrap()),
            _ => Ok(position),
        }
    }
    prove_uniform(biased, &super::die_faces);
}
