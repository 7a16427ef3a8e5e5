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
//!
//! The line table ([`LineMasks`] per square and line, [`ROOK_LINES`] and [`BISHOP_LINES`]) is
//! the board geometry's ([`crate::board::geometry::line_masks`]), which QBBEngine's line attacks and
//! SBAMG read too.

use super::LineAttacks;
use crate::board::square::Square;

pub use crate::board::geometry::line_masks::{
    LineMasks, SquareLines, BISHOP_LINES, ROOK_LINES, TABLE_BYTES,
};

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
    batch: super::LevelShapes::ONE_BY_ONE;
}

impl LineAttacks for ObstructionDifference {
    #[inline(always)]
    fn file(self, square: Square, occupied: u64) -> u64 {
        let lines = &ROOK_LINES.0[square as usize];
        line_attacks(occupied, &lines.0[0])
    }

    #[inline(always)]
    fn rank(self, square: Square, occupied: u64) -> u64 {
        let lines = &ROOK_LINES.0[square as usize];
        line_attacks(occupied, &lines.0[1])
    }

    #[inline(always)]
    fn diagonal(self, square: Square, occupied: u64) -> u64 {
        let lines = &BISHOP_LINES.0[square as usize];
        line_attacks(occupied, &lines.0[0])
    }

    #[inline(always)]
    fn anti_diagonal(self, square: Square, occupied: u64) -> u64 {
        let lines = &BISHOP_LINES.0[square as usize];
        line_attacks(occupied, &lines.0[1])
    }
}

/// Declares `$name` a slider whose `line_attacks(occupied, &LineMasks)` (in the calling file)
/// answers one line of [`ROOK_LINES`] or [`BISHOP_LINES`]: its attacks from a square are the
/// union of its answers on the square's two lines. Obstruction difference and SBAMG differ
/// only in that function, and in their batches' shape, [`Slider::BATCH`](super::Slider::BATCH).
macro_rules! line_slider {
    ($(#[$meta:meta])* $vis:vis struct $name:ident; batch: $shapes:expr;) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default)]
        $vis struct $name;

        impl $crate::families::sliders::Slider for $name {
            const BATCH: $crate::families::sliders::LevelShapes = $shapes;

            #[inline(always)]
            fn rook(self, square: $crate::board::square::Square, occupied: $crate::board::bitboard::Bitboard) -> $crate::board::bitboard::Bitboard {
                use $crate::families::sliders::obstruction_difference::ROOK_LINES;
                let [a, b] = &ROOK_LINES.0[square as usize].0;
                $crate::board::bitboard::Bitboard(line_attacks(occupied.0, a) | line_attacks(occupied.0, b))
            }

            #[inline(always)]
            fn bishop(
                self,
                square: $crate::board::square::Square,
                occupied: $crate::board::bitboard::Bitboard,
            ) -> $crate::board::bitboard::Bitboard {
                use $crate::families::sliders::obstruction_difference::BISHOP_LINES;
                let [a, b] = &BISHOP_LINES.0[square as usize].0;
                $crate::board::bitboard::Bitboard(line_attacks(occupied.0, a) | line_attacks(occupied.0, b))
            }
        }
    };
}
pub(crate) use line_slider;
