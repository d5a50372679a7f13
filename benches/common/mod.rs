//! What every benchmark shares: the criterion settings, the two input orders
//! and the loop that runs one implementation over all 960 inputs.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

/// How many inputs one iteration runs: every start position once, so that
/// ns/op is criterion's median time divided by this.
pub(crate) const INPUTS_PER_ITERATION: u64 = 960;

/// Short warm-up and measurement, enough for stable medians of loops this
/// small, so that all of `cargo bench` stays well under 5 minutes on 2 cores.
pub(crate) fn criterion() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(50)
        .without_plots()
        .configure_from_args()
}

/// The order in which one iteration visits the inputs.
#[derive(Clone, Copy)]
pub(crate) enum Order {
    /// Id 0 to 959: the branch predictor and the prefetcher see a pattern.
    Sequential,
    /// A fixed pseudo-random permutation: what a server answering arbitrary
    /// requests sees.
    Shuffled,
}

impl Order {
    /// Both orders, each benchmark runs once per order.
    pub(crate) const ALL: [Order; 2] = [Order::Sequential, Order::Shuffled];

    /// The ids 0..960 in this order.
    pub(crate) fn ids(self) -> Vec<u16> {
        let mut ids: Vec<u16> = (0..960).collect();
        if let Order::Shuffled = self {
            // Fisher-Yates driven by xorshift64 from a fixed seed, so that every
            // run and every implementation sees the same permutation.
            let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
            for last in (1..ids.len()).rev() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let pick = usize::try_from(state % (last as u64 + 1)).expect("below 960");
                ids.swap(last, pick);
            }
        }
        ids
    }

    fn name(self) -> &'static str {
        match self {
            Order::Sequential => "sequential",
            Order::Shuffled => "shuffled",
        }
    }
}

/// A benchmark group whose throughput is counted per input, so that
/// criterion's report shows positions per second beside the time.
pub(crate) fn group<'a>(criterion: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = criterion.benchmark_group(name);
    group.throughput(Throughput::Elements(INPUTS_PER_ITERATION));
    group
}

/// Benchmarks `implementation` applied to every input of `inputs`, each
/// input and each output passed through `black_box`, under the id
/// `name/order`.
pub(crate) fn over_all<I: Copy, O>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    order: Order,
    inputs: &[I],
    mut implementation: impl FnMut(I) -> O,
) {
    group.bench_with_input(
        BenchmarkId::new(name, order.name()),
        inputs,
        |bencher, inputs| {
            bencher.iter(|| {
                for &input in inputs {
                    black_box(implementation(black_box(input)));
                }
            });
        },
    );
}
