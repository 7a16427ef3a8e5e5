//! GFNI slider kernels (x86-64 only; compiled out elsewhere).
//!
//! The kernel type holds a [`Gfni`](crate::framework::cpu::Gfni) token, so the `#[target_feature]` code
//! is reachable only after run-time detection succeeded. Only GFNI and the SSE2 of every
//! x86-64 CPU are assumed (no SSSE3 `pshufb`).

pub mod hyperbola;
