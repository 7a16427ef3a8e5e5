//! # bitbench harness
//!
//! The stages, each a folder, bottom first. A stage imports only itself and the stages below
//! it (`bitbench/tests/it/layers.rs` holds this order):
//!
//! 1. [`base`]: what every stage uses and that knows no stage: printing to a standard output
//!    that may be closed ([`base::console`]), clean stops on SIGINT, SIGTERM and SIGHUP
//!    ([`base::signals`]), outputs written whole or not at all ([`base::output`]), names safe
//!    as paths, units, statistics, and the [`base::machine`] a run happens on.
//! 2. [`record`]: the plain data a run becomes and every stage above hands on (types,
//!    validation, storage), and the analysis that turns samples into intervals, paired
//!    ratios, ties and ranks.
//! 3. [`choose`]: which families and variants the user asked for and which run on this CPU
//!    ([`choose::select`]), and every runnable variant against its family's reference before
//!    any timing ([`choose::verify`]).
//! 4. [`measure`]: the workloads, every variant interleaved, the empty kernel as the floor,
//!    the core clock estimated in the same run.
//! 5. [`tools`]: what is built on records and runs, as plain data: advice, comparison,
//!    repeatability, the controls (crosscheck, invariance), the cache simulation, a UCI
//!    engine's perft beside ours, exports.
//! 6. [`render`]: tables, charts and the site, computed from records and the tools' data.
//! 7. [`suite`]: the stages over a whole list of families, each family's generic stages
//!    reached through its [`suite::stages::FamilyStages`].
//!
//! The families, and per family what inputs verification and measurement use, come from the
//! strategy library ([`strategies::Families`]); seeded inputs are identical for every variant
//! ([`strategies::inputs`]).

// Printing goes through `console`'s macros, which survive a closed pipe; `println!` would panic.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod base;
pub mod choose;
pub mod measure;
pub mod record;
pub mod render;
pub mod suite;
pub mod tools;
