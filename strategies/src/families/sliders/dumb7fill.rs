//! Dumb7Fill: per direction, an occluded fill by six shift-and-mask steps, then one more
//! step, which adds the first blocker.
//!
//! Source: new (not in the seeds); chessprogramming, "Dumb7Fill". Footprint: none. CPU
//! features: none. The simplest of the fills: 4 × 7 dependent steps per piece, each a shift
//! and one or two ANDs.

use super::Slider;
use crate::board::geometry::Direction;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// The attacks in `direction` of a slider on `slider` (one bit) given the empty squares.
#[inline(always)]
pub const fn fill(slider: u64, empty: u64, direction: Direction) -> u64 {
    let mut flood = slider;
    let mut front = slider;
    let mut step = 0;
    while step < 6 {
        // `shift` drops the squares that would wrap around the board's side.
        front = direction.shift(front) & empty;
        flood |= front;
        step += 1;
    }
    direction.shift(flood)
}

/// Dumb7Fill. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dumb7Fill;

impl Slider for Dumb7Fill {
    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        let (slider, empty) = (Bitboard::from_square(square).0, !occupied.0);
        // Four calls on constant directions, not `Direction::ROOK.map(closure)`: the
        // closure was optimized alone, for any direction, and how a loop over it was then
        // compiled for a `crate::framework::level::Level` depended on the loop around it (dumb7fill's queen
        // 3.6 ns in the harness, 21.7 in `crosscheck`'s plain loop, on a Zen 4).
        let [w, x, y, z] = Direction::ROOK;
        let (a, b) = (fill(slider, empty, w), fill(slider, empty, x));
        let (c, d) = (fill(slider, empty, y), fill(slider, empty, z));
        Bitboard(a | b | c | d)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        let (slider, empty) = (Bitboard::from_square(square).0, !occupied.0);
        let [w, x, y, z] = Direction::BISHOP;
        let (a, b) = (fill(slider, empty, w), fill(slider, empty, x));
        let (c, d) = (fill(slider, empty, y), fill(slider, empty, z));
        Bitboard(a | b | c | d)
    }
}
