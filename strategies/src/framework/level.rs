//! The instruction level a measuring loop is compiled for: the highest x86-64 level of the
//! psABI (`x86-64-v3`, `x86-64-v4`) this CPU has, chosen at run time.
//!
//! A technique that needs no feature is built for the target's baseline: on x86-64, SSE2 and
//! nothing newer, with no `popcnt`, `lzcnt`, `tzcnt`, BMI or AVX. Its rivals that need a
//! feature are compiled with it behind their tokens. Measured so, a portable technique loses
//! to a token-gated one on instructions the CPU has but its code was not allowed to use: built
//! with `-C target-cpu=native`, LLVM vectorizes loops such as the queen loops of `qbb`,
//! `kogge_stone` and `dumb7fill` with AVX-512, and they ran much faster (docs/notebook.md,
//! "Measurements behind the code"); an engine built for its CPU (`-march=native`, or
//! Stockfish's `x86-64-avx512`) runs that code.
//!
//! So the harness runs each loop as a [`Job`] of [`Level::run`]: the loop, with the kernel
//! inlined into it, compiled a second and a third time with the instructions of `x86-64-v3`
//! and `x86-64-v4`, and the copy the CPU can run chosen once per pass. Code the loop calls out
//! of line (perft's recursive search, a `#[target_feature]` kernel's own function) keeps the
//! instructions it was compiled with. Like a token, a level above the baseline is made only by
//! run-time detection, so the copy compiled for it is reached only on a CPU that has every
//! instruction it uses.

use crate::framework::cpu::Cpu;
use crate::framework::family::{Family, Kernel};
use core::fmt;

/// A proof that this CPU has every instruction of a level, or the baseline, which every CPU of
/// the target has: see [the module](self). [`Level::run`] runs a [`Job`] in the level's copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// The target's baseline: what a build without `-C target-cpu` assumes of every CPU.
    Baseline,
    /// `x86-64-v3`: AVX2, BMI1, BMI2, FMA, LZCNT, MOVBE, POPCNT, F16C.
    #[cfg(target_arch = "x86_64")]
    V3(V3),
    /// `x86-64-v4`: `x86-64-v3` and AVX-512 F, BW, CD, DQ, VL.
    #[cfg(target_arch = "x86_64")]
    V4(V4),
}

/// Proof that this CPU has `x86-64-v3`'s instructions: made only by [`Level::detect`].
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct V3(());

/// Proof that this CPU has `x86-64-v4`'s instructions: made only by [`Level::detect`].
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct V4(());

/// Code to run at a level: a struct holding what it needs, its `run` `#[inline(always)]`.
///
/// Its body, and every `#[inline(always)]` function under it (a loop, the kernel's batch and
/// query), is inlined into the level's `#[target_feature]` function before the compiler
/// optimizes it, so it is optimized for the level's instructions. A closure is not: the
/// compiler optimizes it alone, for the baseline, and inlines it after, and the loops of
/// `qbb`, `leorik` and `kogge_stone` were then not vectorized: through a closure they ran
/// slower than through a job, which ran as fast as a build with the features enabled
/// throughout (docs/notebook.md, "Measurements behind the code"). Code under the job that is
/// only `#[inline]`, or a closure, is optimized alone too.
pub trait Job {
    type Output;
    fn run(self) -> Self::Output;

    /// `run`, in the copy compiled for level `C`: what [`Level::run`] calls, so that code under
    /// the job may choose by level when it is compiled ([`Kernel::batch_in`]). The default
    /// runs `run`.
    #[inline(always)]
    fn run_in<C: CompiledFor>(self) -> Self::Output
    where
        Self: Sized,
    {
        self.run()
    }
}

/// The level a copy of a loop is compiled for, as a value: see [`CompiledFor`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compiled {
    /// The target's baseline, and every build without the levels' copies ([`Level::COPIES`]).
    Baseline,
    /// `x86-64-v3`.
    V3,
    /// `x86-64-v4`.
    V4,
}

/// The level a copy of a loop is compiled for, as a type. [`Level::run`] runs a job's
/// [`Job::run_in`] with the level of the copy it chose, so that code under the job can pick
/// between forms of one computation by level as it is compiled, with no test when it runs:
/// the form that is faster with one level's instructions can be slower with another's (a
/// slider technique's batch shapes, for one).
pub trait CompiledFor {
    const LEVEL: Compiled;
}

/// [`Compiled::Baseline`] as a type.
pub struct ForBaseline;
/// [`Compiled::V3`] as a type.
pub struct ForV3;
/// [`Compiled::V4`] as a type.
pub struct ForV4;

impl CompiledFor for ForBaseline {
    const LEVEL: Compiled = Compiled::Baseline;
}
impl CompiledFor for ForV3 {
    const LEVEL: Compiled = Compiled::V3;
}
impl CompiledFor for ForV4 {
    const LEVEL: Compiled = Compiled::V4;
}

/// A closure is a job too, optimized alone as said above: for code where how it is optimized
/// does not matter (`examples/slider_run_time.rs` passes one to `Slider::with_features`).
impl<R, C: FnOnce() -> R> Job for C {
    type Output = R;
    #[inline(always)]
    fn run(self) -> R {
        self()
    }
}

/// A batch of family `F` through kernel `K`, as a [`Job`]: `outputs[i]` = the answer to
/// `inputs[i]`.
pub struct Batch<'a, F: Family, K> {
    pub kernel: K,
    pub inputs: &'a [F::Input],
    pub outputs: &'a mut [F::Output],
}

impl<F: Family, K: Kernel<F>> Job for Batch<'_, F, K> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        self.run_in::<ForBaseline>()
    }
    #[inline(always)]
    fn run_in<C: CompiledFor>(self) {
        self.kernel.batch_in::<C>(self.inputs, self.outputs)
    }
}

/// Declares the functions of the two levels and the lists of their features, from one pair
/// of literals (what `#[target_feature]` and run-time detection name): `$v3`, what `x86-64-v3`
/// adds to the baseline (with `x86-64-v2`'s `popcnt`; its SSE3 and SSE4 come with `avx2`), and
/// `$v4`, what `x86-64-v4` adds to that.
macro_rules! levels {
    ($v3:literal, $v4:literal) => {
        /// What `x86-64-v3` adds to the baseline.
        #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
        const V3_FEATURES: &str = $v3;
        /// What `x86-64-v4` adds to `x86-64-v3`.
        #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
        const V4_FEATURES: &str = $v4;

        /// `job.run_in::<ForV3>()` compiled with `x86-64-v3`'s instructions.
        #[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
        #[target_feature(enable = $v3)]
        fn v3_job<J: Job>(job: J) -> J::Output {
            job.run_in::<ForV3>()
        }

        /// `job.run_in::<ForV4>()` compiled with `x86-64-v4`'s instructions.
        #[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
        #[target_feature(enable = $v3)]
        #[target_feature(enable = $v4)]
        fn v4_job<J: Job>(job: J) -> J::Output {
            job.run_in::<ForV4>()
        }
    };
}

levels!(
    "avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt,f16c",
    "avx512f,avx512bw,avx512cd,avx512dq,avx512vl"
);

impl Level {
    /// `job.run()`, in the copy compiled for this level: the job's [`Job::run_in`] for it.
    #[inline(always)]
    pub fn run<J: Job>(self, job: J) -> J::Output {
        match self {
            // SAFETY: a `V3` is made only by `Level::detect`, after run-time detection of every
            // feature `v3_job` is compiled with.
            #[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
            Level::V3(_) => unsafe { v3_job(job) },
            // SAFETY: a `V4` is made only by `Level::detect`, after run-time detection of every
            // feature `v4_job` is compiled with.
            #[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
            Level::V4(_) => unsafe { v4_job(job) },
            // The baseline; in a build without the levels' copies, the only level `detect`
            // makes.
            _ => job.run_in::<ForBaseline>(),
        }
    }

    /// Whether this build holds the levels' copies of the loops. A build with debug
    /// assertions (the `dev` and `test` profiles: `cargo test`, a plain `cargo build`) does
    /// not: it measures nothing worth keeping, and its tests time nothing, so it compiles
    /// each loop once, for the baseline, and [`Level::detect`] gives the baseline. The
    /// release build's `verify` (run by CI) checks the levels' copies.
    pub const COPIES: bool = !cfg!(debug_assertions);

    /// The highest level this CPU has whose features `cpu` leaves usable: `--disable avx512f`
    /// caps it at `x86-64-v3`, `--disable avx2` or `--disable bmi2` at the baseline. Always
    /// the baseline in a build without the levels' copies ([`Level::COPIES`]).
    pub fn detect(cpu: &Cpu) -> Level {
        if !Level::COPIES {
            return Level::Baseline;
        }
        #[cfg(target_arch = "x86_64")]
        {
            let has = |names: &str| names.split(',').all(|name| detected(name) == Some(true));
            use crate::framework::cpu::Feature;
            let allowed = |f: Feature| cpu.check(f).is_ok();
            let v3 = allowed(Feature::Avx2) && allowed(Feature::Bmi2) && has(V3_FEATURES);
            if v3 && allowed(Feature::Avx512f) && has(V4_FEATURES) {
                return Level::V4(V4(()));
            }
            if v3 {
                return Level::V3(V3(()));
            }
        }
        let _ = cpu;
        Level::Baseline
    }

    /// Its name: `x86-64-v4`, `x86-64-v3`, or the baseline's, `x86-64` (`aarch64` on Arm).
    pub fn name(self) -> &'static str {
        match self {
            Level::Baseline if cfg!(target_arch = "x86_64") => "x86-64",
            Level::Baseline => std::env::consts::ARCH,
            #[cfg(target_arch = "x86_64")]
            Level::V3(_) => "x86-64-v3",
            #[cfg(target_arch = "x86_64")]
            Level::V4(_) => "x86-64-v4",
        }
    }

    /// The instructions its copy of a loop is compiled with, in words.
    pub fn instructions(self) -> String {
        match self {
            Level::Baseline => "the target's baseline".to_string(),
            #[cfg(target_arch = "x86_64")]
            Level::V3(_) => format!("baseline + {V3_FEATURES}"),
            #[cfg(target_arch = "x86_64")]
            Level::V4(_) => format!("baseline + {V3_FEATURES},{V4_FEATURES}"),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether this CPU has the feature `name`, a name of [`V3_FEATURES`] or [`V4_FEATURES`];
/// `None` for any other name.
#[cfg(target_arch = "x86_64")]
fn detected(name: &str) -> Option<bool> {
    use std::arch::is_x86_feature_detected as has;
    Some(match name {
        "avx2" => has!("avx2"),
        "bmi1" => has!("bmi1"),
        "bmi2" => has!("bmi2"),
        "fma" => has!("fma"),
        "lzcnt" => has!("lzcnt"),
        "movbe" => has!("movbe"),
        "popcnt" => has!("popcnt"),
        "f16c" => has!("f16c"),
        "avx512f" => has!("avx512f"),
        "avx512bw" => has!("avx512bw"),
        "avx512cd" => has!("avx512cd"),
        "avx512dq" => has!("avx512dq"),
        "avx512vl" => has!("avx512vl"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::framework::cpu::Feature;

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn every_feature_of_a_level_is_one_detection_asks_about() {
        for name in V3_FEATURES.split(',').chain(V4_FEATURES.split(',')) {
            assert!(detected(name).is_some(), "{name} is never detected");
        }
    }

    #[test]
    fn masking_a_feature_caps_the_level() {
        let capped = Level::detect(&Cpu::with_disabled(&[Feature::Avx2]));
        assert_eq!(capped, Level::Baseline, "no AVX2, no x86-64-v3");
        let v3 = Level::detect(&Cpu::with_disabled(&[Feature::Avx512f]));
        assert_ne!(v3.name(), "x86-64-v4");
    }

    #[test]
    fn a_body_runs_once_at_every_level_this_cpu_has() {
        let level = Level::detect(&Cpu::detect());
        struct Count<'a>(&'a mut u32);
        impl Job for Count<'_> {
            type Output = u32;
            #[inline(always)]
            fn run(self) -> u32 {
                *self.0 += 1;
                7
            }
        }
        let mut runs = 0;
        assert_eq!(level.run(Count(&mut runs)), 7);
        assert_eq!(runs, 1);
    }
}
