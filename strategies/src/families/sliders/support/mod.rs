//! What the slider techniques share that is not a technique: the attack tables of the hashing
//! techniques, built at compile time (`tables`); the token-holding wrapper of the techniques
//! that need a CPU feature (`held`, x86-64 and AArch64); the shapes of a batch (`lanes`); and the
//! seeded search that found the magic
//! numbers the magic techniques hold as data (`magic_search`, feature `bench`).

#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod held;
pub mod lanes;
#[cfg(feature = "bench")]
pub mod magic_search;
pub(crate) mod tables;
