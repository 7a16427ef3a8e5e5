//! AVX-512 kernels of the set-wise x-ray families (x86-64 only; compiled out elsewhere).
//!
//! Each kernel type holds an [`Avx512`](crate::framework::cpu::Avx512) token, so the `#[target_feature]`
//! code is reachable only after run-time detection succeeded. Only AVX-512 Foundation is
//! assumed.

pub mod direction_fills;
