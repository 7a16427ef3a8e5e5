//! The classical approach: a table of the eight rays from every square; the first blocker on
//! a ray is found by a bit scan, and the ray from the blocker on is XORed off.
//!
//! Source: new (not in the seeds); chessprogramming, "Classical Approach". Footprint: the ray
//! table `[8][64]` is 4 KiB, half of it for each piece (2 KiB: its four directions). CPU
//! features: none.
//!
//! On a positive ray (north, east, north-east, north-west) the first blocker is the lowest
//! set bit, found with `trailing_zeros`; on a negative ray it is the highest, found with
//! `leading_zeros`. A sentinel bit keeps the scan branch-free: bit 63 on positive rays, bit 0
//! on negative ones, squares whose ray in that direction is empty, so that "no blocker" XORs
//! off nothing.

use super::Slider;
use super::{BatchShapes, LevelShapes};
use crate::board::aligned::PageAligned;
use crate::board::geometry::Footprint;
use crate::board::geometry::{ray, Direction};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// `RAYS[direction][square]`: the squares from `square` to the edge in `direction`, indexed
/// by [`Direction::index`]. Page-aligned, so it spans exactly one page.
pub static RAYS: PageAligned<[[u64; 64]; 8]> = PageAligned(build());

/// Each piece reads four of the eight directions.
pub const TABLE_BYTES: Footprint = Footprint::same(4 * 64 * 8);

const fn build() -> [[u64; 64]; 8] {
    let mut rays = [[0; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut square = 0;
        while square < 64 {
            rays[d][square] = ray(square as u32, Direction::ALL[d]);
            square += 1;
        }
        d += 1;
    }
    rays
}

/// The attacks along one ray: the ray up to and including its first blocker.
#[inline(always)]
fn ray_attacks(square: Square, occupied: u64, direction: Direction) -> u64 {
    let rays = &RAYS.0[direction.index()];
    let ray = rays[square as usize];
    let blockers = ray & occupied;
    let first = if direction.is_positive() {
        (blockers | 1 << 63).trailing_zeros()
    } else {
        63 - (blockers | 1).leading_zeros()
    };
    // `first` is in 0..=63; the mask lets the compiler see it.
    ray ^ rays[first as usize & 63]
}

/// The union of the four rays' attacks.
#[inline(always)]
fn rays(square: Square, o: u64, [a, b, c, d]: [Direction; 4]) -> Bitboard {
    let ray = |direction| ray_attacks(square, o, direction);
    Bitboard(ray(a) | ray(b) | ray(c) | ray(d))
}

/// The classical approach. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Classical;

impl Slider for Classical {
    /// Shapes chosen by measurement (docs/notebook.md, "Measurements behind the code").
    const BATCH: LevelShapes = LevelShapes::at_v4(BatchShapes::QUEEN_IN_LANES);

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        rays(square, occupied.0, Direction::ROOK)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        rays(square, occupied.0, Direction::BISHOP)
    }
}
