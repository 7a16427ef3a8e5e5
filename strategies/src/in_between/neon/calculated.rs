//! The pure calculation on two pairs per 128-bit vector.
//!
//! Source: new, after seed `000_25ad13ed25e2ec35.txt` § Pure Calculation. Footprint: none.
//! CPU features: NEON. As in the AVX2 form, the multiply by the isolated lowest bit becomes a
//! left shift by the smaller square (`vshlq_u64`), and the smaller square is picked with an
//! unsigned 64-bit compare and a bit select.

use crate::chunks::in_chunks;
use crate::cpu::Neon;
use crate::in_between::InBetween;
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
        // SAFETY: `self.0` is a `Neon` token, which exists only if NEON was detected.
        unsafe { one(SquarePair::new(a, b)) }
    }

    #[inline]
    fn between_batch(self, pairs: &[SquarePair], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is a `Neon` token, which exists only if NEON was detected.
        unsafe { batch(pairs, out) }
    }
}

#[target_feature(enable = "neon")]
fn one(pair: SquarePair) -> Bitboard {
    let lanes = two(vdupq_n_u64(pair.from as u64), vdupq_n_u64(pair.to as u64));
    Bitboard(vgetq_lane_u64::<0>(lanes))
}

#[target_feature(enable = "neon")]
fn batch(pairs: &[SquarePair], out: &mut [Bitboard]) {
    let pad = SquarePair::new(Square::A1, Square::A1);
    in_chunks(
        pairs,
        out,
        pad,
        |pairs: &[SquarePair; 2], out: &mut [Bitboard; 2]| {
            let from = [pairs[0].from as u64, pairs[1].from as u64];
            let to = [pairs[0].to as u64, pairs[1].to as u64];
            // SAFETY: each array is two readable `u64`s; `Bitboard` is a `repr(transparent)`
            // `u64`, so `out` is two writable `u64`s; NEON is present inside `batch`.
            unsafe {
                let lanes = two(vld1q_u64(from.as_ptr()), vld1q_u64(to.as_ptr()));
                vst1q_u64(out.as_mut_ptr().cast::<u64>(), lanes);
            }
        },
    );
}

/// The seed's formula, lane-wise. See [`crate::in_between::calculated`].
#[target_feature(enable = "neon")]
#[inline]
fn two(sq1: uint64x2_t, sq2: uint64x2_t) -> uint64x2_t {
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
