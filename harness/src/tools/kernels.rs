//! `bitbench advise --kernels`: whether each kernel that needs a CPU feature earns its place
//! on the record's CPU, by issue 53's test. A kernel earns it when it is at least
//! [`EARNS`] times as fast as its family's best portable variant (compiled for the CPU's
//! level, so vectorized where the compiler can), the geometric mean over the family's
//! workloads; failing that, when it runs within [`NEAR_BOUND`] of its throughput bound (its
//! loop is at the machine's limit, by the estimate of [`crate::tools::bound`]). A kernel that
//! is neither is one to improve or to retire. The test is hand-written SIMD's (kernels that
//! need a vector instruction set); the kernels that need only BMI2 are judged the same way but
//! counted apart ([`Standing::simd`]).

use crate::record::{Mode, Record};
use crate::tools::advise::CONTEXT_SEPARATOR;
use serde::Serialize;

/// How many times the best portable variant's speed a kernel earns its place at.
pub const EARNS: f64 = 1.25;
/// How near its bound (measured cycles over the bound) a kernel is at the machine's limit.
pub const NEAR_BOUND: f64 = 1.2;

/// One kernel's standing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    pub family: String,
    pub variant: String,
    /// The best portable variant of the family in the headline workload.
    pub best_portable: String,
    /// How many times faster than the best portable variant: the geometric mean over the
    /// workloads where both were measured.
    pub speedup: f64,
    pub workloads: usize,
    /// Measured cycles over the bound in the headline workload, where there is one.
    pub x_of_bound: Option<f64>,
    pub verdict: Verdict,
    /// Whether the kernel is hand-written SIMD ([`crate::record::Measurement::hand_simd`]);
    /// not for `pext` and the other kernels that need only BMI2.
    pub simd: bool,
}

/// Issue 53's test, passed one way or the other, or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// At least [`EARNS`] times the best portable variant.
    Faster,
    /// Short of that, but within [`NEAR_BOUND`] of its bound.
    AtItsLimit,
    /// Neither, with a bound.
    Neither,
    /// Short of [`EARNS`], and without a bound to say more.
    NoBound,
}

impl Verdict {
    /// The words a table shows.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Faster => "faster",
            Verdict::AtItsLimit => "at its limit",
            Verdict::Neither => "neither",
            Verdict::NoBound => "no bound",
        }
    }
}

/// The verdict on a kernel `speedup` times as fast as the best portable variant, running
/// at `x_of_bound` times its bound: speed first, then the bound.
pub fn verdict(speedup: f64, x_of_bound: Option<f64>) -> Verdict {
    if speedup >= EARNS {
        return Verdict::Faster;
    }
    match x_of_bound {
        Some(x) if x <= NEAR_BOUND => Verdict::AtItsLimit,
        Some(_) => Verdict::Neither,
        None => Verdict::NoBound,
    }
}

/// The standings of one record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standings {
    pub record: String,
    pub cpu: String,
    /// The bound's tool and model, as the record names them.
    pub bound: Option<String>,
    pub rows: Vec<Standing>,
}

/// Every kernel of the record's SIMD speedups, in the record's order, but for the
/// configurations of the families that measure techniques in context (perft, the search),
/// whose names hold the family they configure (`in_between.calculated_avx2`).
pub fn standings(name: &str, record: &Record) -> Standings {
    let mut rows: Vec<Standing> = Vec::new();
    for s in &record.simd_speedups {
        if s.variant.contains(CONTEXT_SEPARATOR) || s.speedup <= 0.0 {
            continue;
        }
        match rows
            .iter_mut()
            .find(|r| r.family == s.family && r.variant == s.variant)
        {
            Some(row) => {
                // The running sum of logs, turned into the mean below.
                row.speedup += s.speedup.ln();
                row.workloads += 1;
            }
            None => rows.push(Standing {
                family: s.family.clone(),
                variant: s.variant.clone(),
                best_portable: s.best_portable.clone(),
                speedup: s.speedup.ln(),
                workloads: 1,
                x_of_bound: None,
                verdict: Verdict::NoBound,
                simd: false,
            }),
        }
    }
    for row in &mut rows {
        row.speedup = (row.speedup / row.workloads as f64).exp();
        let measured = || {
            record
                .measurements
                .iter()
                .filter(|m| m.family == row.family && m.variant == row.variant)
        };
        row.simd = measured().any(|m| m.hand_simd());
        row.x_of_bound = measured()
            .filter(|m| m.mode == Mode::Throughput && m.eviction_bytes == 0)
            .find_map(|m| m.x_of_bound());
        row.verdict = verdict(row.speedup, row.x_of_bound);
    }
    Standings {
        record: name.to_string(),
        cpu: record.machine.cpu.describe(),
        bound: record
            .bound
            .as_ref()
            .map(|b| format!("{}, model {}", b.tool, b.model)),
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verdict_is_speed_first_then_the_bound() {
        assert_eq!(verdict(1.3, Some(3.0)), Verdict::Faster);
        assert_eq!(verdict(1.25, None), Verdict::Faster);
        assert_eq!(verdict(0.5, Some(1.1)), Verdict::AtItsLimit);
        assert_eq!(verdict(1.0, Some(1.5)), Verdict::Neither);
        assert_eq!(verdict(1.0, None), Verdict::NoBound);
    }
}
