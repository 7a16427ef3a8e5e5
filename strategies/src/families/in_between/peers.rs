//! Peers: the in-between lookups of two published Rust chess crates, registered as external
//! variants so that they are verified and measured in the same run as ours.
//!
//! - `chess` 3.2 (MIT): `chess::between`, a `[[BitBoard; 64]; 64]` table that the crate's
//!   build script generates as Rust source; read with `get_unchecked`.
//! - `cozy-chess` 0.3 (MIT): `cozy_chess::get_between_rays`, a `[[BitBoard; 64]; 64]` table
//!   computed in a `const` item.
//!
//! The square conversions (`square::peers`) compile to nothing: both crates' squares
//! are bytes 0..=63 in the same a1 = 0 numbering as ours.

use super::InBetween;
use crate::board::square::peers::{to_chess, to_cozy_chess};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Bytes of `chess`'s `BETWEEN` table (64 × 64 bitboards).
pub const CHESS_BETWEEN_BYTES: usize = 64 * 64 * core::mem::size_of::<chess::BitBoard>();
/// Bytes of `cozy-chess`'s between table (64 × 64 bitboards).
pub const COZY_CHESS_BETWEEN_BYTES: usize = 64 * 64 * core::mem::size_of::<cozy_chess::BitBoard>();

/// `chess::between`. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chess;

impl InBetween for Chess {
    #[inline(always)]
    fn between(self, a: Square, b: Square) -> Bitboard {
        Bitboard(chess::between(to_chess(a), to_chess(b)).0)
    }
}

/// `cozy_chess::get_between_rays`. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct CozyChess;

impl InBetween for CozyChess {
    #[inline(always)]
    fn between(self, a: Square, b: Square) -> Bitboard {
        Bitboard(cozy_chess::get_between_rays(to_cozy_chess(a), to_cozy_chess(b)).0)
    }
}
