//! The pure calculation on two pairs per 128-bit vector.
//!
//! Source: new, after seed `000_25ad13ed25e2ec35.txt` § Pure Calculation. Footprint: none.
//! CPU features: NEON. As in the AVX2 form, the multiply by the isolated lowest bit becomes a
//! left shift by the smaller square (`vshlq_u64`), and the smaller square is picked with an
//! unsigned 64-bit compare and a bit select.

use crate::cpu::Neon;
use crate::in_between::InBetween;
use crate::simd::{self, LaneKernel};
use crate::{Bitboard, Square, SquarePair};
use core::arch::aarch64::*;

const A2A7: u64 = 0x0001_0101_0101_0100;
const B2G7: u64 = 0x0040_2010_0804_0200;
const H1B7: u64 = 0x0002_0408_1020_4080;

/// The pure calculation, two pairs at a time. Holds the NEON token.
#[derive(Clone, Copy, Debug)]
pub struct CalculatedNeon(Neon);

impl CalculatedNeon {
    pub fn new(neon: Neon) -> CalculatedNeon {
        CalculatedNeon(neon)
    }
}

impl InBetween for CalculatedNeon {
    /// One pair through the two-lane kernel (both lanes compute the same pair).
    #[inline]
    fn between(self, a: Square, b: Square) -> Bitboard {
        simd::one(self, SquarePair::new(a, b))
    }

    #[inline]
    fn between_batch(self, pairs: &[SquarePair], out: &mut [Bitboard]) {
        simd::batch(self, pairs, out)
    }
}

impl LaneKernel<2> for CalculatedNeon {
    type Vector = uint64x2_t;

    fn token(self) -> Neon {
        self.0
    }

    #[inline(always)]
    fn lanes(self, pairs: uint64x2_t) -> uint64x2_t {
        // SAFETY: `self.0` is a `Neon` token, which exists only if NEON was detected.
        unsafe { two(pairs) }
    }
}

/// The seed's formula, lane-wise. See [`crate::in_between::calculated`].
#[target_feature(enable = "neon")]
#[inline]
fn two(pairs: uint64x2_t) -> uint64x2_t {
    // The lanes are `from | to << 8` (see `simd::Lane`).
    let sq1 = vandq_u64(pairs, vdupq_n_u64(0xff));
    let sq2 = vshrq_n_u64::<8>(pairs);
    let shift_left = |v: uint64x2_t, by: uint64x2_t| vshlq_u64(v, vreinterpretq_s64_u64(by));
    let ones = vdupq_n_u64(u64::MAX);
    let one = vdupq_n_u64(1);
    let seven = vdupq_n_u64(7);
    let fifteen = vdupq_n_u64(15);

    let btwn = veorq_u64(shift_left(ones, sq1), shift_left(ones, sq2));
    let file = vsubq_u64(vandq_u64(sq2, seven), vandq_u64(sq1, seven));
    let rank = vshrq_n_u64::<3>(vsubq_u64(vorrq_u64(sq2, seven), sq1));

    let same_file = vsubq_u64(vandq_u64(file, seven), one);
    let mut line = vandq_u64(same_file, vdupq_n_u64(A2A7));
    let same_rank = vsubq_u64(vandq_u64(rank, seven), one);
    line = vaddq_u64(line, vshlq_n_u64::<1>(vshrq_n_u64::<58>(same_rank)));
    let diagonal = vsubq_u64(vandq_u64(vsubq_u64(rank, file), fifteen), one);
    line = vaddq_u64(line, vandq_u64(diagonal, vdupq_n_u64(B2G7)));
    let anti = vsubq_u64(vandq_u64(vaddq_u64(rank, file), fifteen), one);
    line = vaddq_u64(line, vandq_u64(anti, vdupq_n_u64(H1B7)));

    // Shift by the smaller square instead of multiplying by its bit.
    let smaller = vbslq_u64(vcgtq_u64(sq1, sq2), sq2, sq1);
    vandq_u64(shift_left(line, smaller), btwn)
}
