//! Line masks: per square and line through it, the ray towards lower squares, the ray towards
//! higher squares and both ([`LineMasks`]), a piece's two lines of a square in one cache line
//! ([`SquareLines`]): the table of the slider techniques that bound a line's attacks by its
//! nearest blockers below and above (obstruction difference, QBBEngine's line attacks, SBAMG).
//!
//! Source: chessprogramming, "Obstruction Difference" (Michael Hoffmann's idea). Footprint:
//! 64 × 64 bytes = 4 KiB per piece (3 KiB of masks), built by `const fn`. CPU features: none.

use super::{ray, Direction, Footprint};
use crate::board::aligned::CacheAligned;

/// One line through a square, split at the square.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct LineMasks {
    /// The ray towards lower squares.
    pub lower: u64,
    /// The ray towards higher squares.
    pub upper: u64,
    /// Both rays.
    pub line: u64,
}

/// A piece's two lines through one square, in one cache line.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub struct SquareLines(pub [LineMasks; 2]);

/// `ROOK_LINES[square]`: the file and the rank.
pub static ROOK_LINES: CacheAligned<[SquareLines; 64]> =
    CacheAligned(build([Direction::North, Direction::East]));
/// `BISHOP_LINES[square]`: the diagonal and the anti-diagonal.
pub static BISHOP_LINES: CacheAligned<[SquareLines; 64]> =
    CacheAligned(build([Direction::NorthEast, Direction::NorthWest]));

/// One [`SquareLines`] table per piece.
pub const TABLE_BYTES: Footprint = Footprint::same(core::mem::size_of::<[SquareLines; 64]>());

/// The lines through every square along the two positive directions `upward` (and their
/// opposites).
const fn build(upward: [Direction; 2]) -> [SquareLines; 64] {
    let empty = LineMasks {
        lower: 0,
        upper: 0,
        line: 0,
    };
    let mut table = [SquareLines([empty; 2]); 64];
    let mut square = 0;
    while square < 64 {
        let mut i = 0;
        while i < 2 {
            // `ALL[d + 4]` is the opposite of `ALL[d]`.
            let up = upward[i];
            let down = Direction::ALL[up.index() + 4];
            let (lower, upper) = (ray(square, down), ray(square, up));
            table[square as usize].0[i] = LineMasks {
                lower,
                upper,
                line: lower | upper,
            };
            i += 1;
        }
        square += 1;
    }
    table
}
