//! The core clock, estimated in the same run, and the timer's self-check.
//!
//! A chain of `k` dependent register adds takes `k` cycles on every x86-64 and AArch64 core
//! this suite targets (one add per cycle, each waiting for the last). Timing such chains for
//! k = 1, 2, 4, 8, 16, 32 and fitting a line gives the nanoseconds per cycle as the slope, so
//! the clock estimate is `1 / slope`. The same fit is the self-check: if the timer can be
//! believed, time grows linearly in k (R² > 0.99). The adds are inline assembly, so the
//! compiler cannot fold them.
//!
//! The clock of a shared host can move while a process runs, and every kernel's time moves with
//! it (docs/method.md, "Clock and self-check"). So the ladder at a process's start is the
//! self-check, and what converts times to cycles is [`reference()`]: two rungs timed at both
//! ends of every round, beside the kernels they convert.

use crate::base::stats::{LineFit, Summary};
use std::hint::black_box;
use std::time::Instant;

/// The ladder's rungs: chain lengths.
pub const LADDER: [u32; 6] = [1, 2, 4, 8, 16, 32];
/// Iterations of the chain per sample.
const ITERATIONS: u64 = 100_000;

pub use crate::record::{ClockEstimate, Rung};

/// Whether this architecture has the add ladder (x86-64 and AArch64).
pub const SUPPORTED: bool = cfg!(any(target_arch = "x86_64", target_arch = "aarch64"));

/// Runs the ladder, `rounds` samples per rung interleaved, and fits the line.
/// `None` on architectures without the ladder or if the fit is degenerate.
pub fn estimate(rounds: usize) -> Option<ClockEstimate> {
    if !SUPPORTED {
        return None;
    }
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); LADDER.len()];
    for round in 0..=rounds {
        for (i, &k) in LADDER.iter().enumerate() {
            let start = Instant::now();
            black_box(chain(k, black_box(ITERATIONS)));
            let ns = start.elapsed().as_nanos() as f64 / ITERATIONS as f64;
            if round > 0 {
                samples[i].push(ns); // round 0 is the warm-up
            }
        }
    }
    let ladder: Vec<Rung> = LADDER
        .iter()
        .zip(&samples)
        .map(|(&adds, s)| {
            let summary = Summary::of(s).expect("non-empty samples");
            Rung {
                adds,
                ns_per_iteration: summary.median,
                mad: summary.mad,
            }
        })
        .collect();
    let points: Vec<(f64, f64)> = ladder
        .iter()
        .map(|r| (r.adds as f64, r.ns_per_iteration))
        .collect();
    let fit = LineFit::of(&points)?;
    (fit.slope > 0.0).then(|| ClockEstimate {
        ghz: 1.0 / fit.slope,
        fit,
        ladder,
        os_reported_mhz: crate::base::machine::os_reported_mhz(),
    })
}

/// Iterations of each rung of [`reference()`]: short enough to time at the ends of every round,
/// long enough that the timer's own steps stay small beside the difference of the two rungs.
const REFERENCE_ITERATIONS: u64 = 4096;

/// The clock now, in GHz, from the difference between 32 and 16 dependent adds (which cancels
/// the loop and the timer's fixed costs), each rung timed three times and the fastest kept (an
/// interrupt only lengthens a time). `None` on architectures without the ladder.
pub fn reference() -> Option<f64> {
    if !SUPPORTED {
        return None;
    }
    let fastest = |k: u32| {
        (0..3)
            .map(|_| {
                let start = Instant::now();
                black_box(chain(k, black_box(REFERENCE_ITERATIONS)));
                start.elapsed().as_nanos() as f64
            })
            .fold(f64::INFINITY, f64::min)
    };
    let (short, long) = (fastest(16), fastest(32));
    let ns_per_add = (long - short) / (16 * REFERENCE_ITERATIONS) as f64;
    (ns_per_add > 0.0).then(|| 1.0 / ns_per_add)
}

/// `k` dependent adds, `iterations` times.
fn chain(k: u32, iterations: u64) -> u64 {
    match k {
        1 => adds::<1>(iterations),
        2 => adds::<2>(iterations),
        4 => adds::<4>(iterations),
        8 => adds::<8>(iterations),
        16 => adds::<16>(iterations),
        32 => adds::<32>(iterations),
        _ => unreachable!("the ladder's rungs are fixed"),
    }
}

#[inline(never)]
fn adds<const K: usize>(iterations: u64) -> u64 {
    let mut x = 0u64;
    let y = black_box(1u64);
    for _ in 0..iterations {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: register-only arithmetic: no memory, no stack, no flags anyone reads.
        unsafe {
            std::arch::asm!(".rept {k}", "add {x}, {y}", ".endr", k = const K, x = inout(reg) x,
                y = in(reg) y, options(nomem, nostack));
        }
        #[cfg(target_arch = "aarch64")]
        // SAFETY: register-only arithmetic: no memory, no stack, no flags.
        unsafe {
            std::arch::asm!(".rept {k}", "add {x}, {x}, {y}", ".endr", k = const K,
                x = inout(reg) x, y = in(reg) y, options(nomem, nostack, preserves_flags));
        }
        #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
        {
            x = x.wrapping_add(y);
        }
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chains compute what they say (the assembly really adds K times per iteration).
    #[test]
    fn chains_add_k_times_per_iteration() {
        if SUPPORTED {
            for k in LADDER {
                assert_eq!(chain(k, 10), 10 * k as u64);
            }
        }
    }

    /// The reference agrees with the ladder, within what a moving clock allows between them.
    #[test]
    fn reference_agrees_with_the_ladder() {
        if !SUPPORTED {
            return;
        }
        let ladder = estimate(5).expect("the ladder runs here");
        let mut references: Vec<f64> = (0..9).filter_map(|_| reference()).collect();
        references.sort_by(f64::total_cmp);
        let reference = references[references.len() / 2];
        let ratio = reference / ladder.ghz;
        assert!(
            (0.5..2.0).contains(&ratio),
            "{reference} GHz against {}",
            ladder.ghz
        );
    }
}
