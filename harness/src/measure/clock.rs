//! The core clock, estimated in the same run, and the timer's self-check.
//!
//! A chain of `k` dependent register adds takes `k` cycles on every x86-64 and AArch64 core
//! this suite targets (one add per cycle, each waiting for the last). Timing such chains for
//! k = 1, 2, 4, 8, 16, 32 and fitting a line gives the nanoseconds per cycle as the slope, so
//! the clock estimate is `1 / slope`. The same fit is the self-check: if the timer can be
//! believed, time grows linearly in k (R² > 0.99). The adds are inline assembly, so the
//! compiler cannot fold them.

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
}
