//! # bitbench harness
//!
//! The stages of a run, each a module that hands plain data to the next:
//!
//! 1. [`select`]: which families and variants the user asked for, and which run on this CPU.
//! 2. seeded inputs, identical for every variant ([`strategies::inputs`]).
//! 3. [`verify`]: every runnable variant against the family's reference, before any timing.
//! 4. [`measure`]: the [`workload`]s, every variant interleaved, the empty kernel as the floor;
//!    [`clock`] estimates the core clock and checks the timer.
//! 5. [`analysis`]: statistics, intervals, paired ratios and ranks; [`record`]: the plain data
//!    they become, validated when read and written atomically as schema-versioned JSON with
//!    the [`machine`] it ran on.
//! 6. [`report`] and [`chart`]: tables and charts, computed from records alone; [`compare`]
//!    and [`export`] for tracking records over time.
//!
//! [`engine`] sets a UCI engine's perft beside our move generator's (`bitbench engine`).
//!
//! The families, and per family what inputs verification and measurement use, come from the
//! strategy library's one list ([`strategies::Families`]); [`suite`] walks it, each family's
//! generic stages reached through its [`stages::FamilyStages`].
//!
//! Around them: [`output`] writes every output whole or not at all and never replaces what
//! bitbench did not write; [`console`] prints to a standard output that may be closed or
//! full; [`signals`] turns SIGINT, SIGTERM and SIGHUP into a clean stop.

// Printing goes through `console`'s macros, which survive a closed pipe; `println!` would panic.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod advise;
pub mod analysis;
pub mod cachesim;
pub mod chart;
pub mod clock;
pub mod compare;
pub mod console;
pub mod crosscheck;
pub mod engine;
pub mod export;
pub mod invariance;
pub mod machine;
pub mod measure;
pub mod names;
pub mod output;
pub mod record;
pub mod repeatability;
pub mod report;
pub mod select;
pub mod signals;
pub mod site;
pub mod stages;
pub mod stats;
pub mod store;
pub mod suite;
pub mod units;
pub mod verify;
pub mod workload;
