//! The harness's integration tests, as one test binary: each file of this folder is a module
//! (`cargo test --test it MODULE::` runs one). One binary links the harness once; a binary per
//! file linked it fifteen times.
//!
//! `tests/engine.rs` is the other test binary: it is its own fake UCI engine, so it has its
//! own `main`.

mod advise;
mod agreement;
mod charts;
mod cli;
mod common;
mod compare;
mod exports;
mod families_as_data;
#[cfg(unix)]
mod hostile;
mod layers;
mod links;
mod perft;
mod readme;
mod record_mutations;
mod records;
mod site;
mod width;
mod workloads;
