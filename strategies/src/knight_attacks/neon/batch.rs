//! Two independent knight sets per 128-bit vector.
//!
//! Source: new; the l1/l2/r1/r2 form of seed `001_91a62a26c9dc1468.txt` § Multiple Knight
//! Attacks, computed lane-wise on two sets at once. Footprint: none. CPU features: NEON.

use crate::cpu::Neon;
use crate::geometry::{NOT_A, NOT_AB, NOT_GH, NOT_H};
use crate::knight_attacks::KnightAttacks;
use crate::simd::{self, LaneKernel};
use crate::Bitboard;
use core::arch::aarch64::*;

/// Two sets per vector. Holds the NEON token.
#[derive(Clone, Copy, Debug)]
pub struct NeonBatch(Neon);

impl NeonBatch {
    pub fn new(neon: Neon) -> NeonBatch {
        NeonBatch(neon)
    }
}

impl KnightAttacks for NeonBatch {
    /// One set through the two-lane kernel (both lanes compute the same set).
    #[inline]
    fn attacks(self, knights: Bitboard) -> Bitboard {
        simd::one(self, knights)
    }

    #[inline]
    fn attacks_batch(self, sets: &[Bitboard], out: &mut [Bitboard]) {
        simd::batch(self, sets, out)
    }
}

impl LaneKernel<2> for NeonBatch {
    type Vector = uint64x2_t;

    fn token(self) -> Neon {
        self.0
    }

    #[inline(always)]
    fn lanes(self, knights: uint64x2_t) -> uint64x2_t {
        // SAFETY: `self.0` is a `Neon` token, which exists only if NEON was detected.
        unsafe { two(knights) }
    }
}

#[target_feature(enable = "neon")]
#[inline]
fn two(knights: uint64x2_t) -> uint64x2_t {
    let l1 = vandq_u64(vshrq_n_u64::<1>(knights), vdupq_n_u64(NOT_H));
    let l2 = vandq_u64(vshrq_n_u64::<2>(knights), vdupq_n_u64(NOT_GH));
    let r1 = vandq_u64(vshlq_n_u64::<1>(knights), vdupq_n_u64(NOT_A));
    let r2 = vandq_u64(vshlq_n_u64::<2>(knights), vdupq_n_u64(NOT_AB));
    let h1 = vorrq_u64(l1, r1);
    let h2 = vorrq_u64(l2, r2);
    let ranks2 = vorrq_u64(vshlq_n_u64::<16>(h1), vshrq_n_u64::<16>(h1));
    let ranks1 = vorrq_u64(vshlq_n_u64::<8>(h2), vshrq_n_u64::<8>(h2));
    vorrq_u64(ranks2, ranks1)
}
