//! AVX-512 in-between kernels (x86-64 only; compiled out elsewhere).
//!
//! New in bitbench: the pure calculation on eight pairs per `__m512i`, each lane holding
//! `from | to << 8`; `crate::framework::simd` loads the pairs and runs the batches. The kernel type
//! holds an [`Avx512`](crate::framework::cpu::Avx512) token, so the `#[target_feature]` code is reachable
//! only after run-time detection succeeded.

pub mod calculated;
