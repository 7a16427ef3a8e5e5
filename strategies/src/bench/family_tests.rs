//! Rough timings for a developer's eyes: [`print_timings`] prints each variant's throughput
//! for the `#[ignore]`d timing tests that [`family_tests!`](crate::bench::testing::family_tests)
//! writes (`cargo test --release -p strategies -- --ignored --nocapture timings`). Nothing here
//! asserts anything about time; agreement is checked in [`crate::bench::testing`].

use crate::bench::Bench;
use crate::framework::answer::Answer;
use crate::framework::family::{Family, Kernel, Visitor};
use crate::{bench::inputs, framework::batch::runnable_variants, framework::cpu::Cpu};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Prints, for every distribution of `F`, each runnable variant's nanoseconds per query in
/// batches of 4096 (the best of several timed rounds) and its speed relative to the fastest
/// variant that needs no CPU feature. The loop is the harness's throughput mode: a pass of
/// the harness's length ([`Shape::pass_queries`](crate::bench::Shape::pass_queries)) in batches of
/// 1024 into one reused output buffer. Rough: for a developer's eyes, not for records.
pub(crate) fn print_timings<F: Bench>() {
    let pool = F::shape().pass_queries(std::mem::size_of::<F::Input>());
    let cpu = Cpu::detect();
    for distribution in F::distributions() {
        let mut rng = inputs::rng(inputs::DEFAULT_SEED, "timings");
        let queries = F::queries(distribution, &mut rng, pool).inputs;
        let mut rows = Vec::new();
        for variant in runnable_variants::<F>(&cpu) {
            let descriptor = F::descriptor(variant);
            let ns = F::visit(variant, &cpu, Time::<F> { queries: &queries }).expect("runnable");
            rows.push((descriptor.name, descriptor.requires.is_empty(), ns));
        }
        let best_portable = rows
            .iter()
            .filter(|row| row.1)
            .map(|row| row.2)
            .fold(f64::INFINITY, f64::min);
        println!("{}/{}:", F::NAME, distribution.name);
        for (name, _, ns) in rows {
            let speedup = best_portable / ns;
            println!("  {name:<24} {ns:7.3} ns/query  {speedup:5.2}x the best portable");
        }
    }
}

struct Time<'a, F: Family> {
    queries: &'a [F::Input],
}

impl<F: Family> Visitor<F> for Time<'_, F> {
    type Output = f64;

    fn visit<K: Kernel<F>>(self, kernel: K) -> f64 {
        const BLOCK: usize = 1024;
        let mut out = [F::Output::default(); BLOCK];
        let mut best = f64::INFINITY;
        let mut fold = 0u64;
        for _round in 0..30 {
            let mut passes = 0usize;
            let start = Instant::now();
            while start.elapsed() < Duration::from_millis(20) {
                for block in self.queries.chunks(BLOCK) {
                    let out = &mut out[..block.len()];
                    kernel.batch(black_box(block), out);
                    fold ^= black_box(&*out)[passes % block.len()].fold();
                }
                passes += 1;
            }
            let ns = start.elapsed().as_nanos() as f64 / (passes * self.queries.len()) as f64;
            best = best.min(ns);
        }
        black_box(fold);
        best
    }
}
