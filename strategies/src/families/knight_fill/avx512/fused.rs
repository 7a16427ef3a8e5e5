//! The fill cycle fused into one AVX-512 kernel: sixteen queries in two `__m512i`, every round
//! in registers, each lane stopping at its own step count by a mask register.
//!
//! Source: new; seed `001_91a62a26c9dc1468.txt` § Knight Fill, the knight attacks in the
//! l1/l2/r1/r2 form of § Multiple Knight Attacks, lane-wise. Footprint: none.
//! CPU features: AVX-512F.
//!
//! A chunk of sixteen queries is loaded once, runs as many rounds as its largest step count
//! and is stored once; a lane with fewer steps is masked out of the OR from the round its
//! steps run out, and idles until the chunk's largest step count is done.
//!
//! The same algorithm as [`super::super::lane_fused`], kept as AVX-512's own body for its mask
//! registers: a round's step per vector is a compare into a mask and one masked OR, two
//! instructions where the shared body's compare, widening to lanes, AND and OR take four.

use crate::board::bitboard::Bitboard;
use crate::families::knight_fill::{FillQuery, KnightFill, MAX_DISTANCE};
use crate::framework::chunks::in_chunks;
use crate::framework::cpu::Avx512;
use crate::framework::simd::board::knight_attacks;
use core::arch::x86_64::*;

/// Sixteen queries per chunk, rounds in registers. Holds the AVX-512 token.
#[derive(Clone, Copy, Debug)]
pub struct Avx512Fused(Avx512);

impl Avx512Fused {
    pub fn new(avx512: Avx512) -> Avx512Fused {
        Avx512Fused(avx512)
    }
}

impl KnightFill for Avx512Fused {
    /// One query in every lane of one vector, for its own step count, the answer from lane 0:
    /// the same rounds in registers, without a chunk's trip through memory (as
    /// `simd::one` answers one query).
    #[inline]
    fn fill(self, query: FillQuery) -> Bitboard {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { one(query) }
    }

    #[inline]
    fn fill_batch(self, queries: &[FillQuery], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { batch(queries, out) }
    }
}

const PAD: FillQuery = FillQuery {
    knights: Bitboard::EMPTY,
    steps: 0,
};

#[target_feature(enable = "avx512f")]
fn one(query: FillQuery) -> Bitboard {
    let mut set = _mm512_set1_epi64(query.knights.0 as i64);
    for _ in 0..query.steps.min(MAX_DISTANCE) {
        // SAFETY: AVX-512F is enabled here (the caller holds the token).
        set = _mm512_or_si512(set, unsafe { knight_attacks(set) });
    }
    Bitboard(_mm_cvtsi128_si64(_mm512_castsi512_si128(set)) as u64)
}

#[target_feature(enable = "avx512f")]
fn batch(queries: &[FillQuery], out: &mut [Bitboard]) {
    in_chunks(
        queries,
        out,
        PAD,
        |queries: &[FillQuery; 16], out: &mut [Bitboard; 16]| {
            let knights: [u64; 16] = core::array::from_fn(|i| queries[i].knights.0);
            let steps: [u64; 16] =
                core::array::from_fn(|i| queries[i].steps.min(MAX_DISTANCE) as u64);
            let rounds = steps.iter().copied().max().unwrap_or(0);
            let (knights, steps) = (knights.as_ptr().cast::<__m512i>(), steps.as_ptr());
            // SAFETY: both arrays are 128 readable bytes, two vectors; unaligned loads need no
            // alignment.
            let (mut low, mut high, low_steps, high_steps) = unsafe {
                (
                    _mm512_loadu_si512(knights),
                    _mm512_loadu_si512(knights.add(1)),
                    _mm512_loadu_si512(steps.cast::<__m512i>()),
                    _mm512_loadu_si512(steps.add(8).cast::<__m512i>()),
                )
            };
            for round in 0..rounds {
                let round = _mm512_set1_epi64(round as i64);
                let low_live = _mm512_cmpgt_epu64_mask(low_steps, round);
                let high_live = _mm512_cmpgt_epu64_mask(high_steps, round);
                // SAFETY: AVX-512F is enabled here (the caller holds the token).
                let (low_attacks, high_attacks) =
                    unsafe { (knight_attacks(low), knight_attacks(high)) };
                low = _mm512_mask_or_epi64(low, low_live, low, low_attacks);
                high = _mm512_mask_or_epi64(high, high_live, high, high_attacks);
            }
            let target = out.as_mut_ptr().cast::<__m512i>();
            // SAFETY: `Bitboard` is a `repr(transparent)` `u64`, so `out` is 128 writable
            // bytes, two vectors; unaligned stores need no alignment.
            unsafe {
                _mm512_storeu_si512(target, low);
                _mm512_storeu_si512(target.add(1), high);
            }
        },
    );
}
