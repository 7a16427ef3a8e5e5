//! AVX2 slider kernels (x86-64 only; compiled out elsewhere).
//!
//! The kernel type holds an [`Avx2`](crate::framework::cpu::Avx2) token, so the `#[target_feature]` code
//! is reachable only after run-time detection succeeded.

pub mod dual_hyperbola;
pub mod kogge_stone;
