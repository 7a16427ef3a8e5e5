//! AVX2 in-between kernels (x86-64 only; compiled out elsewhere).
//!
//! Both are new in bitbench. They take four pairs per `__m256i`, each lane holding
//! `from | to << 8`; `crate::simd` loads the pairs and runs the batches. Each kernel type
//! holds an [`Avx2`](crate::cpu::Avx2) token, so the `#[target_feature]` code is reachable only
//! after run-time detection succeeded.

pub mod calculated;
pub mod rectangular_gather;
