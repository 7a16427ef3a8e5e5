//! # bitbench harness
//!
//! The stages of a run, each a module that hands plain data to the next:
//!
//! 1. [`select`]: which families and variants the user asked for, and which run on this CPU.
//! 2. [`inputs`]: seeded inputs, identical for every variant.
//! 3. [`verify`]: every runnable variant against the family's reference, before any timing.
//!
//! [`families`] says, per family, what inputs verification and measurement use.

pub mod families;
pub mod inputs;
pub mod select;
pub mod verify;
