//! # bitbench strategies
//!
//! The chess-bitboard techniques that bitbench measures, one module per technique, each family
//! behind one trait:
//!
//! - [`in_between`]: the squares strictly between two squares ([`InBetween`]);
//! - [`knight_attacks`]: the squares attacked by a set of knights ([`KnightAttacks`]).
//!
//! Every family has a registry (an enum of its variants with a [`Descriptor`] each) and a
//! reference implementation. The harness reaches a variant's code through [`Family::visit`],
//! which picks the concrete, monomorphized kernel once per batch. SIMD kernels live under
//! `avx2/` folders, compiled only on x86-64, and need a capability token from [`cpu`].
//!
//! Squares are numbered a1 = 0 … h8 = 63 as in the seeds; see [`Square`].

pub mod aligned;
pub mod bitboard;
mod chunks;
pub mod cpu;
pub mod family;
pub mod in_between;
pub mod knight_attacks;
pub mod square;

pub use bitboard::Bitboard;
pub use cpu::{Cpu, Feature, Unsupported};
pub use family::{Descriptor, Family, Kernel, Source, Visitor};
pub use in_between::{InBetween, InBetweenFamily, InBetweenVariant};
pub use knight_attacks::{KnightAttacks, KnightFamily, KnightVariant};
pub use square::{Square, SquareError, SquarePair};
