//! AVX-512 knight-fill kernels (x86-64 only; compiled out elsewhere).
//!
//! The kernel type holds an [`Avx512`](crate::framework::cpu::Avx512) token, so the `#[target_feature]`
//! code is reachable only after run-time detection succeeded.

pub mod fused;
