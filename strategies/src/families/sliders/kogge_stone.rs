//! Kogge-Stone: per direction, an occluded fill by parallel prefix — three doubling steps
//! (by one, two and four squares) instead of six single ones — then one more step, which adds
//! the first blocker.
//!
//! Source: seed `002_6293cd1af08cea25.txt`, § Multiple Sliders, which keeps "eight disjoint
//! ray-direction attacks from fill-routines like Kogge-Stone Algorithm"; the routine itself is
//! on chessprogramming's "Kogge-Stone Algorithm" page. Footprint: none. CPU features: none.
//!
//! `propagate` holds the squares a fill may pass through: after the step by `k` it holds the
//! squares whose `2k` predecessors in the direction are all empty. The wrap mask is folded
//! into it once, at the start. The fill is the board geometry's
//! ([`crate::board::geometry::fills::occluded_fill`]): other families' techniques run it too.

use super::Slider;
use crate::board::geometry::fills::attacks;
use crate::board::geometry::Direction;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Kogge-Stone. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct KoggeStone;

impl Slider for KoggeStone {
    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        let (slider, empty) = (Bitboard::from_square(square).0, !occupied.0);
        // Four calls on constant directions, not `Direction::ROOK.map(closure)`: the
        // closure was optimized alone, for any direction, and how a loop over it was then
        // compiled for a `crate::framework::level::Level` depended on the loop around it (dumb7fill's queen
        // 3.6 ns in the harness, 21.7 in `crosscheck`'s plain loop, on a Zen 4).
        let [w, x, y, z] = Direction::ROOK;
        let (a, b) = (attacks(slider, empty, w), attacks(slider, empty, x));
        let (c, d) = (attacks(slider, empty, y), attacks(slider, empty, z));
        Bitboard(a | b | c | d)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        let (slider, empty) = (Bitboard::from_square(square).0, !occupied.0);
        let [w, x, y, z] = Direction::BISHOP;
        let (a, b) = (attacks(slider, empty, w), attacks(slider, empty, x));
        let (c, d) = (attacks(slider, empty, y), attacks(slider, empty, z));
        Bitboard(a | b | c | d)
    }
}
