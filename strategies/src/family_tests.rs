//! Test support for families: [`check_family`] runs every runnable variant of a family against
//! the family's reference, on the family's own verification inputs
//! ([`Bench::verification_inputs`]); [`print_timings`] prints a rough throughput of each variant
//! for the `#[ignore]`d timing tests (`cargo test --release -p strategies -- --ignored
//! --nocapture timings`). Nothing here asserts anything about time.
//!
//! [`check_family`] checks each variant as the harness runs it: every input as a single query,
//! every input in one batch, and short batches of every length 0 to 9 at odd offsets into the
//! input and output slices (the padded tail of the SIMD batch drivers), with the outputs around
//! a short batch checked to be untouched.

use crate::answer::Answer;
use crate::bench::Bench;
use crate::family::{Family, Kernel, Visitor};
use crate::{inputs, runnable_variants, Cpu};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Checks every variant of `F` that runs on this CPU; returns the names of those checked.
///
/// # Panics
/// On the first disagreement, naming the variant, the check and the input.
pub(crate) fn check_family<F: Bench>(seed: u64) -> Vec<&'static str> {
    let cpu = Cpu::detect();
    let inputs: Vec<F::Input> = F::verification_inputs(seed)
        .into_iter()
        .flat_map(|(_, inputs)| inputs)
        .collect();
    let expected: Vec<F::Output> = inputs.iter().map(|&input| F::reference(input)).collect();
    let mut checked = Vec::new();
    for variant in runnable_variants::<F>(&cpu) {
        let name = F::descriptor(variant).name;
        let check = Check::<F> {
            name,
            inputs: &inputs,
            expected: &expected,
        };
        F::visit(variant, &cpu, check).expect("runnable variants run");
        checked.push(name);
    }
    checked
}

struct Check<'a, F: Family> {
    name: &'static str,
    inputs: &'a [F::Input],
    expected: &'a [F::Output],
}

impl<F: Family> Check<'_, F> {
    fn assert_agrees(&self, check: &str, i: usize, got: F::Output) {
        assert!(
            got == self.expected[i],
            "{}/{} disagrees ({check}) on input #{i}:\n{}\nexpected {:?}\n     got {:?}",
            F::NAME,
            self.name,
            self.inputs[i],
            self.expected[i],
            got
        );
    }
}

impl<F: Family> Visitor<F> for Check<'_, F> {
    type Output = ();

    fn visit<K: Kernel<F>>(self, kernel: K) {
        for (i, &input) in self.inputs.iter().enumerate() {
            self.assert_agrees("single query", i, kernel.query(input));
        }

        let mut out = vec![F::Output::default(); self.inputs.len()];
        kernel.batch(self.inputs, &mut out);
        for (i, &got) in out.iter().enumerate() {
            self.assert_agrees("one batch", i, got);
        }

        // Short batches at odd offsets, from a window that moves through the inputs.
        let sentinel = F::echo(self.inputs[0]);
        let mut start = 0;
        for length in 0..=9 {
            for (in_offset, out_offset) in [(0, 0), (1, 3), (3, 1)] {
                let first = (start + in_offset) % (self.inputs.len() - 10);
                start += 7919;
                let mut out = vec![sentinel; length + out_offset + 2];
                kernel.batch(
                    &self.inputs[first..first + length],
                    &mut out[out_offset..out_offset + length],
                );
                for (j, &got) in out[out_offset..out_offset + length].iter().enumerate() {
                    let check = format!("batch of {length} at output offset {out_offset}");
                    self.assert_agrees(&check, first + j, got);
                }
                let untouched = out[..out_offset]
                    .iter()
                    .chain(&out[out_offset + length..])
                    .all(|&o| o == sentinel);
                assert!(
                    untouched,
                    "{}/{} wrote outside its batch",
                    F::NAME,
                    self.name
                );
            }
        }
    }
}

/// Prints, for every distribution of `F`, each runnable variant's nanoseconds per query in
/// batches of 4096 (the best of several timed rounds) and its speed relative to the fastest
/// variant that needs no CPU feature. The loop is the harness's throughput mode: a pool of
/// 16384 queries in batches of 1024 into one reused output buffer. Rough: for a developer's
/// eyes, not for records.
pub(crate) fn print_timings<F: Bench>() {
    const POOL: usize = 16_384;
    let cpu = Cpu::detect();
    for distribution in F::distributions() {
        let mut rng = inputs::rng(inputs::DEFAULT_SEED, "timings");
        let queries = F::queries(distribution, &mut rng, POOL).inputs;
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
