//! The ground floor: squares, bitboards, the board's geometry and chess positions. It imports
//! nothing from the rest of the crate, as cozy-chess keeps these in its `types` crate.
//!
//! - [`square`]: [`Square`](square::Square), numbered a1 = 0 … h8 = 63 as in the seeds;
//! - [`bitboard`]: [`Bitboard`](bitboard::Bitboard), a set of squares;
//! - [`geometry`]: files, ranks, fills, rays, lines and leaper tables, the parts techniques
//!   are built from;
//! - [`position`]: a chess position, its moves, and FEN;
//! - [`aligned`]: the alignment wrappers of the static tables.

pub mod aligned;
pub mod bitboard;
pub mod geometry;
pub mod position;
pub mod square;
