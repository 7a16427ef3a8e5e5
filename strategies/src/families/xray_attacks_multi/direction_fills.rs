//! The seed's x-rays of sets of sliders: per direction, one Kogge-Stone fill from every slider
//! moving that way, the blockers among the attacks, and one fill from those blockers.
//!
//! Source: seed `002_6293cd1af08cea25.txt`, § Multiple Sliders (`xrayAttacks(sliders, empty,
//! blockers, dir8)`, over the eight directions). Footprint: none. CPU features: none.
//!
//! The routine per direction is [`crate::board::geometry::fills::xray_in`]; the
//! seed's `if (blockers)` is left out (a fill of nothing is empty), and the blockers are
//! intersected with the occupancy once, so that a blocker on an empty square starts no fill.
//! Sixteen fills whatever the number of sliders: the cost does not grow with the set.

use super::{SliderSets, XrayAttacksMulti};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::fills::xray_in;
use crate::board::geometry::Direction::*;

/// Direction-wise Kogge-Stone fills of whole sets. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct DirectionFills;

impl XrayAttacksMulti for DirectionFills {
    #[inline(always)]
    fn xrays(self, sets: SliderSets) -> Bitboard {
        let empty = !sets.occupied.0;
        let blockers = sets.blockers.0 & sets.occupied.0;
        let (rooks, bishops) = (sets.orthogonal.0, sets.diagonal.0);
        // Spelled out: a loop over the directions may stay a loop with a jump on the direction.
        let orthogonal = xray_in(rooks, empty, blockers, North)
            | xray_in(rooks, empty, blockers, East)
            | xray_in(rooks, empty, blockers, South)
            | xray_in(rooks, empty, blockers, West);
        let diagonal = xray_in(bishops, empty, blockers, NorthEast)
            | xray_in(bishops, empty, blockers, NorthWest)
            | xray_in(bishops, empty, blockers, SouthWest)
            | xray_in(bishops, empty, blockers, SouthEast);
        Bitboard(orthogonal | diagonal)
    }
}
