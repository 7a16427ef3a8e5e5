//! Modifying occupancy on BMI2 `pext` lookups, the batch loop inside one `bmi2` function.
//!
//! Source: seed `002_6293cd1af08cea25.txt`, § Modifying Occupancy, on the slider technique
//! `sliders::pext` (new). Footprint: the pext tables of both pieces (see `sliders::pext`).
//! CPU features: BMI2 (x86-64 only).
//!
//! [`ModifyOccupancy`]`<Pext>` answers right as it is, but each of its lookups would be a call:
//! a `#[target_feature(enable = "bmi2")]` function is not inlined into code compiled without
//! the feature. So the batch runs [`ModifyOccupancy`]'s code inside one `bmi2` function, where
//! the lookups inline; single queries go through the calls.

use super::modify_occupancy::ModifyOccupancy;
use super::{XrayAttacks, XrayQuery};
use crate::families::sliders::pext::Pext;
use crate::framework::cpu::Bmi2;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Modifying occupancy on pext lookups. Holds the BMI2 token.
#[derive(Clone, Copy, Debug)]
pub struct ModifyOccupancyPext(ModifyOccupancy<Pext>);

impl ModifyOccupancyPext {
    pub fn new(bmi2: Bmi2) -> ModifyOccupancyPext {
        ModifyOccupancyPext(ModifyOccupancy(Pext::new(bmi2)))
    }
}

#[target_feature(enable = "bmi2")]
fn rook_batch(kernel: ModifyOccupancy<Pext>, queries: &[XrayQuery], out: &mut [Bitboard]) {
    kernel.rook_xray_batch(queries, out)
}

#[target_feature(enable = "bmi2")]
fn bishop_batch(kernel: ModifyOccupancy<Pext>, queries: &[XrayQuery], out: &mut [Bitboard]) {
    kernel.bishop_xray_batch(queries, out)
}

impl XrayAttacks for ModifyOccupancyPext {
    #[inline]
    fn rook_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        self.0.rook_xray(square, occupied, blockers)
    }

    #[inline]
    fn bishop_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        self.0.bishop_xray(square, occupied, blockers)
    }

    #[inline]
    fn queen_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        self.0.queen_xray(square, occupied, blockers)
    }

    #[inline]
    fn rook_xray_batch(self, queries: &[XrayQuery], out: &mut [Bitboard]) {
        // SAFETY: `self.0` holds a `Pext`, which holds a `Bmi2` token, which exists only if
        // BMI2 was detected.
        unsafe { rook_batch(self.0, queries, out) }
    }

    #[inline]
    fn bishop_xray_batch(self, queries: &[XrayQuery], out: &mut [Bitboard]) {
        // SAFETY: `self.0` holds a `Pext`, which holds a `Bmi2` token, which exists only if
        // BMI2 was detected.
        unsafe { bishop_batch(self.0, queries, out) }
    }
}
