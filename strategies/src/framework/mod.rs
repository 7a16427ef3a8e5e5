//! The framework a family is written in, above the board and below the families: a family's
//! variants as one table ([`family`]), what an answer is ([`answer`]), the CPU's features and
//! the capability tokens that prove them ([`cpu`]), the instruction level a loop is compiled
//! for ([`level`]), the lanes a SIMD body is written over (`simd`), and running one variant on
//! a batch ([`batch`]).
//!
//! Nothing here names a family: the families import the framework, never the other way.

pub mod answer;
pub mod batch;
pub(crate) mod chunks;
pub mod cpu;
pub mod family;
pub mod level;
pub(crate) mod simd;
