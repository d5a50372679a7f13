//! The crate's lookups against the arithmetic they replace.
//!
//! - `id_to_rank`: indexing [`chess960::TABLE`] against
//!   `chess960_core::rank_from_id`;
//! - `rank_to_id`: [`Position::from_rank`] (the verified perfect hash)
//!   against [`chess960::RANK_TO_ID`] (`phf`) and
//!   `chess960_core::id_from_rank`.
//!
//! One iteration visits all 960 positions, in id order and shuffled.

mod common;

use chess960::{Position, RANK_TO_ID, TABLE};
use common::Order;
use criterion::{Criterion, criterion_group, criterion_main};

fn id_to_rank(criterion: &mut Criterion) {
    let mut group = common::group(criterion, "id_to_rank");
    for order in Order::ALL {
        let ids = order.ids();
        common::over_all(&mut group, "table", order, &ids, |id| {
            TABLE[usize::from(id)]
        });
        common::over_all(&mut group, "arithmetic", order, &ids, |id| {
            chess960_core::rank_from_id(id)
        });
    }
    group.finish();
}

fn rank_to_id(criterion: &mut Criterion) {
    let mut group = common::group(criterion, "rank_to_id");
    for order in Order::ALL {
        let ranks: Vec<[u8; 8]> = order
            .ids()
            .into_iter()
            .map(|id| TABLE[usize::from(id)])
            .collect();
        common::over_all(&mut group, "perfect_hash", order, &ranks, |rank| {
            Position::from_rank(&rank).map(Position::id)
        });
        common::over_all(&mut group, "phf", order, &ranks, |rank| {
            RANK_TO_ID.get(&rank).copied()
        });
        common::over_all(&mut group, "arithmetic", order, &ranks, |rank| {
            chess960_core::id_from_rank(&rank)
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = id_to_rank, rank_to_id
}
criterion_main!(benches);
