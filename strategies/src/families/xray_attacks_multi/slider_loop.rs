//! One slider at a time: the x-rays of each rook or queen and each bishop or queen of the sets
//! by a single-slider technique ([`XrayAttacks`]), ORed; a queen is looked up twice.
//!
//! Source: new, the obvious way against which the seed's § Multiple Sliders fills are
//! measured. Footprint and CPU features: the single-slider technique's. Its cost grows with
//! the number of sliders, and the loop's length is a branch per slider.

use super::{SliderSets, XrayAttacksMulti};
use crate::board::bitboard::Bitboard;
use crate::families::xray_attacks::XrayAttacks;

/// The single-slider technique `X` over every slider. As large as `X`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SliderLoop<X>(pub X);

impl<X: XrayAttacks> XrayAttacksMulti for SliderLoop<X> {
    #[inline(always)]
    fn xrays(self, sets: SliderSets) -> Bitboard {
        let SliderSets {
            orthogonal,
            diagonal,
            occupied,
            blockers,
        } = sets;
        let mut xrays = Bitboard::EMPTY;
        for square in orthogonal {
            xrays |= self.0.rook_xray(square, occupied, blockers);
        }
        for square in diagonal {
            xrays |= self.0.bishop_xray(square, occupied, blockers);
        }
        xrays
    }
}
