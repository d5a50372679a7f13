//! The crate's lookups against the arithmetic they replace.
//!
//! - `id_to_rank`: indexing [`chess960::TABLE`] against
//!   `chess960_core::rank_from_id`;
//! - `rank_to_id`: [`Position::from_rank`] (the verified perfect hash)
//!   against [`chess960::RANK_TO_ID`] (`phf`) and
//!   `chess960_core::id_from_rank`;
//! - `sp_macro` (with the default `macros` feature): what `sp!` costs at run
//!   time. `sp!(518)` and `sp!("RNBQKBNR")` against the plain constant
//!   [`Position::STANDARD`], and against finding the same position at run
//!   time from a `black_box`ed id or rank. If the macro costs nothing, its
//!   rows equal the constant's: the loop and `black_box` alone.
//!
//! One iteration visits all 960 positions, in id order and shuffled
//! (`sp_macro`: the same position 960 times).

mod common;

use chess960::{Position, TABLE};
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
        #[cfg(feature = "phf")]
        common::over_all(&mut group, "phf", order, &ranks, |rank| {
            chess960::RANK_TO_ID.get(&rank).copied()
        });
        common::over_all(&mut group, "arithmetic", order, &ranks, |rank| {
            chess960_core::id_from_rank(&rank)
        });
    }
    group.finish();
}

#[cfg(feature = "macros")]
fn sp_macro(criterion: &mut Criterion) {
    use chess960::sp;
    let mut group = common::group(criterion, "sp_macro");
    let order = Order::Sequential;
    let ids = vec![Position::STANDARD.id(); Position::COUNT.into()];
    let ranks = vec![Position::STANDARD.rank(); Position::COUNT.into()];
    common::over_all(&mut group, "constant", order, &ids, |_| Position::STANDARD);
    common::over_all(&mut group, "sp_id", order, &ids, |_| sp!(518));
    common::over_all(&mut group, "sp_rank", order, &ids, |_| sp!("RNBQKBNR"));
    common::over_all(&mut group, "from_id", order, &ids, Position::from_id);
    common::over_all(&mut group, "from_rank", order, &ranks, |rank| {
        Position::from_rank(&rank)
    });
    group.finish();
}

#[cfg(feature = "macros")]
criterion_group! {
    name = benches;
    config = common::criterion();
    targets = id_to_rank, rank_to_id, sp_macro
}

#[cfg(not(feature = "macros"))]
criterion_group! {
    name = benches;
    config = common::criterion();
    targets = id_to_rank, rank_to_id
}
criterion_main!(benches);
