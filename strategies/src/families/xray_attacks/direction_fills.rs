//! Direction-wise fills: per direction, the slider's attacks by a Kogge-Stone fill; the
//! blockers among them; and the attacks of those blockers, in the same direction, by a second
//! fill: the squares behind them up to the next piece.
//!
//! Source: seed `002_6293cd1af08cea25.txt`, § Multiple Sliders (`xrayAttacks`), here with a
//! single slider; [`crate::families::xray_attacks_multi`] runs it on sets of sliders. The routine per
//! direction, [`xray_in`], is the board geometry's ([`crate::board::geometry::fills`]). Footprint: none.
//! CPU features: none.
//!
//! The seed's `if (blockers)` is left out: a fill of no generator is empty, so the answer is
//! the same and the variant stays free of data-dependent branches. The blockers are
//! intersected with the occupancy once: a "blocker" on an empty square is no piece and must
//! not start a fill. The seed's commented-out `& notOuterSquares[dir8]` would change nothing
//! (a blocker on the edge has nothing behind it).

use super::XrayAttacks;
use crate::board::geometry::Direction;
use crate::{board::bitboard::Bitboard, board::square::Square};

pub use crate::board::geometry::fills::xray_in;

/// Direction-wise Kogge-Stone fills. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct DirectionFills;

impl XrayAttacks for DirectionFills {
    #[inline(always)]
    fn rook_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        use Direction::*;
        let (slider, empty) = (Bitboard::from_square(square).0, !occupied.0);
        let blockers = blockers.0 & occupied.0;
        // Spelled out, not mapped over `Direction::ROOK`: a loop over the directions may stay
        // a loop with a jump on the direction, where this is straight-line code.
        let north = xray_in(slider, empty, blockers, North);
        let east = xray_in(slider, empty, blockers, East);
        let south = xray_in(slider, empty, blockers, South);
        let west = xray_in(slider, empty, blockers, West);
        Bitboard(north | east | south | west)
    }

    #[inline(always)]
    fn bishop_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        use Direction::*;
        let (slider, empty) = (Bitboard::from_square(square).0, !occupied.0);
        let blockers = blockers.0 & occupied.0;
        let north_east = xray_in(slider, empty, blockers, NorthEast);
        let north_west = xray_in(slider, empty, blockers, NorthWest);
        let south_west = xray_in(slider, empty, blockers, SouthWest);
        let south_east = xray_in(slider, empty, blockers, SouthEast);
        Bitboard(north_east | north_west | south_west | south_east)
    }
}
