//! One pair at a time: for every target, the sliders on its lines (a rook or queen on its
//! rank or file, a bishop or queen on its diagonals); for each, the in-between set of the
//! pair by the rectangular lookup, kept whole if no piece is in it and as its one piece if
//! one is.
//!
//! Source: new; the way engines collect the pieces pinned to a king (for example Stockfish's
//! `blockers_for_king`, which keeps only the one-piece case). Footprint: the 32 KiB
//! rectangular in-between table ([`crate::board::geometry::lines::BETWEEN`]) and 1 KiB of rays
//! ([`RAYS`]). CPU features: none. Its cost grows with the number of targets and of sliders
//! aligned with them, each a branch.

use super::{BlockersByTargets, SlidersAndTargets};
use crate::board::aligned::CacheAligned;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::lines::{BETWEEN, BETWEEN_BYTES};
use crate::board::geometry::{bishop_rays, rook_rays};

/// `RAYS[square]`: the rook's and the bishop's rays from `square` on an empty board.
pub static RAYS: CacheAligned<[[u64; 2]; 64]> = CacheAligned(build());

/// The in-between table and [`RAYS`].
pub const TABLE_BYTES: usize = BETWEEN_BYTES + core::mem::size_of::<[[u64; 2]; 64]>();

const fn build() -> [[u64; 2]; 64] {
    let mut rays = [[0; 2]; 64];
    let mut square = 0;
    while square < 64 {
        rays[square as usize] = [rook_rays(square), bishop_rays(square)];
        square += 1;
    }
    rays
}

/// The pair loop. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct PairLoop;

impl BlockersByTargets for PairLoop {
    #[inline(always)]
    fn blockers(self, query: SlidersAndTargets) -> Bitboard {
        let mut blockers = 0;
        for target in query.targets {
            let [rook, bishop] = RAYS.0[target as usize];
            let aligned = (rook & query.orthogonal.0) | (bishop & query.diagonal.0);
            for slider in Bitboard(aligned) {
                let between = BETWEEN.0[slider as usize][target as usize].0;
                let in_the_way = between & query.occupied.0;
                if in_the_way & in_the_way.wrapping_sub(1) == 0 {
                    blockers |= if in_the_way == 0 { between } else { in_the_way };
                }
            }
        }
        Bitboard(blockers)
    }
}
