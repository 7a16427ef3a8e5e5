//! What is built on records and runs, each from plain data, each rendered by the stage above
//! (`render`):
//!
//! - [`advise`]: which technique to use, per family, from a record or one per CPU;
//! - [`compare`]: two records, measurement by measurement, with a verdict;
//! - [`repeatability`]: how far two runs of one suite on one machine agree;
//! - [`crosscheck`]: the harness against the simplest loop that could measure the same;
//! - [`invariance`]: whether a variant's time depends on which others share the run;
//! - [`cachesim`]: valgrind's cache simulation of the cache-pressure sweep;
//! - [`bound`]: each kernel's distance to a throughput bound of its loop (llvm-mca);
//! - [`kernels`]: whether each kernel that needs a CPU feature earns its place there;
//! - [`engine`]: a UCI engine's perft beside our move generator's;
//! - [`export`]: a record for the trackers people already use;
//! - [`gate`]: the regression gate's instruction counts, under Callgrind;
//! - [`simulate`]: the record's estimator against the one before it, on synthetic runs.

pub mod advise;
pub mod bound;
pub mod cachesim;
pub mod compare;
pub mod crosscheck;
pub mod engine;
pub mod export;
pub mod gate;
pub mod invariance;
pub mod kernels;
pub mod repeatability;
pub mod shares;
pub mod simulate;
