//! NEON knight-attack kernels (AArch64 only; compiled out elsewhere).
//!
//! Each kernel type holds a [`Neon`](crate::cpu::Neon) token, so the `#[target_feature]` code is
//! reachable only after run-time detection succeeded.

pub mod batch;
