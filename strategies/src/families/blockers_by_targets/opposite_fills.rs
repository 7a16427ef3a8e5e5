//! The seed's blockers by targets: per direction, the sliders' attacks that way ANDed with
//! the targets' attacks the opposite way, both by Kogge-Stone fills through the empty
//! squares.
//!
//! Source: seed `002_6293cd1af08cea25.txt`, § Blockers by Targets (`betweenSliderAndTarget`,
//! over the eight directions). Footprint: none. CPU features: none.
//!
//! A square both fills reach lies between a slider and a target with every other square
//! between them empty: it is the one piece in the way, or one of the empty squares between
//! a slider and a target it attacks. Sixteen fills, whatever the number of sliders and
//! targets.

use super::{BlockersByTargets, SlidersAndTargets};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::fills::attacks;
use crate::board::geometry::Direction::{self, *};

/// The squares between `sliders` moving in `direction` and the `targets`.
#[inline(always)]
const fn between(sliders: u64, targets: u64, empty: u64, direction: Direction) -> u64 {
    let opposite = Direction::ALL[(direction.index() + 4) % 8];
    attacks(sliders, empty, direction) & attacks(targets, empty, opposite)
}

/// Opposite-direction Kogge-Stone fills. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct OppositeFills;

impl BlockersByTargets for OppositeFills {
    #[inline(always)]
    fn blockers(self, query: SlidersAndTargets) -> Bitboard {
        let empty = !query.occupied.0;
        let (rooks, bishops, targets) = (query.orthogonal.0, query.diagonal.0, query.targets.0);
        // Spelled out: a loop over the directions may stay a loop with a jump on the direction.
        let orthogonal = between(rooks, targets, empty, North)
            | between(rooks, targets, empty, East)
            | between(rooks, targets, empty, South)
            | between(rooks, targets, empty, West);
        let diagonal = between(bishops, targets, empty, NorthEast)
            | between(bishops, targets, empty, NorthWest)
            | between(bishops, targets, empty, SouthWest)
            | between(bishops, targets, empty, SouthEast);
        Bitboard(orthogonal | diagonal)
    }
}
