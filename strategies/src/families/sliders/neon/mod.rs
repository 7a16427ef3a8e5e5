//! NEON slider kernels (AArch64 only; compiled out elsewhere).
//!
//! The kernel type holds a [`Neon`](crate::framework::cpu::Neon) token, so the
//! `#[target_feature]` code is reachable only after run-time detection succeeded.

pub mod hyperbola;
