//! Obstruction difference: along a line through the slider, the nearest blocker below (the
//! most significant bit of the lower occupancy) and the nearest above (the least significant
//! bit of the upper one) bound the attacks, and one subtraction fills the range between them.
//!
//! Source: new (not in the seeds); chessprogramming, "Obstruction Difference" (Michael
//! Hoffmann's idea). Footprint: per square and line the lower ray, the upper ray and the line
//! (24 bytes), both lines of a square in one 64-byte cache line: 4 KiB per piece (3 KiB of
//! masks). CPU features: none.
//!
//! `ms1b` is the highest bit of `lower | 1` (bit 0 if nothing below blocks); `upper - ms1b`
//! borrows from `ms1b` up to the lowest bit of `upper`, so `upper ^ (upper - ms1b)` sets
//! every square from the lower blocker to the upper one, both included. Masking with the line
//! (the slider's square left out) leaves the attacks.

use crate::aligned::CacheAligned;
use crate::geometry::Footprint;
use crate::geometry::{ray, Direction};

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

/// The attacks along one line (`masks`, the slider's square left out) given `occupied`.
#[inline(always)]
pub fn line_attacks(occupied: u64, masks: &LineMasks) -> u64 {
    let lower = occupied & masks.lower;
    let upper = occupied & masks.upper;
    let ms1b = (1 << 63) >> (lower | 1).leading_zeros();
    (upper ^ upper.wrapping_sub(ms1b)) & masks.line
}

line_slider! {
    /// Obstruction difference. Zero-sized; every CPU.
    pub struct ObstructionDifference;
}

/// Declares `$name` a slider whose `line_attacks(occupied, &LineMasks)` (in the calling file)
/// answers one line of [`ROOK_LINES`] or [`BISHOP_LINES`]: its attacks from a square are the
/// union of its answers on the square's two lines. Obstruction difference, QBBEngine's line
/// attacks and SBAMG differ only in that function.
macro_rules! line_slider {
    ($(#[$meta:meta])* $vis:vis struct $name:ident;) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default)]
        $vis struct $name;

        impl $crate::sliders::Slider for $name {
            #[inline(always)]
            fn rook(self, square: $crate::Square, occupied: $crate::Bitboard) -> $crate::Bitboard {
                use $crate::sliders::obstruction_difference::ROOK_LINES;
                let [a, b] = &ROOK_LINES.0[square as usize].0;
                $crate::Bitboard(line_attacks(occupied.0, a) | line_attacks(occupied.0, b))
            }

            #[inline(always)]
            fn bishop(
                self,
                square: $crate::Square,
                occupied: $crate::Bitboard,
            ) -> $crate::Bitboard {
                use $crate::sliders::obstruction_difference::BISHOP_LINES;
                let [a, b] = &BISHOP_LINES.0[square as usize].0;
                $crate::Bitboard(line_attacks(occupied.0, a) | line_attacks(occupied.0, b))
            }
        }
    };
}
pub(crate) use line_slider;
