//! The commands of `bitbench`, one module per group.

pub mod advise;
pub mod checks;
pub mod engine;
pub mod list;
pub mod perft;
pub mod records;
pub mod run;
