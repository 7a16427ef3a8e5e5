//! The fill cycle fused into one AVX2 kernel: eight queries in two `__m256i`, every round in
//! registers, each lane stopping at its own step count by a compare mask.
//!
//! Source: new; seed `001_91a62a26c9dc1468.txt` § Knight Fill, with the lane-wise knight attacks
//! of [`crate::knight_attacks::avx2::batch`]. Footprint: none. CPU features: AVX2.
//!
//! Where `Fill<Avx2Batch>` (the `avx2_batch` variant) goes through memory once per round, this
//! kernel loads a chunk of eight queries once, runs as many rounds as the chunk's largest step
//! count, and stores once; a lane with fewer steps keeps its set from the round its steps run
//! out (`set |= attacks & (steps > round)`). The price is those idle lanes: with step counts
//! spread over 0 to 6, a chunk runs about five rounds for an average of three needed, where
//! `Fill<K>` sorts its block by step count and runs none in vain.

use crate::chunks::in_chunks;
use crate::cpu::Avx2;
use crate::knight_attacks::avx2::batch::four;
use crate::knight_fill::{FillQuery, KnightFill, MAX_DISTANCE};
use crate::Bitboard;
use core::arch::x86_64::*;

/// Eight queries per chunk, rounds in registers. Holds the AVX2 token.
#[derive(Clone, Copy, Debug)]
pub struct Avx2Fused(Avx2);

impl Avx2Fused {
    pub fn new(avx2: Avx2) -> Avx2Fused {
        Avx2Fused(avx2)
    }
}

impl KnightFill for Avx2Fused {
    /// One query through the eight-lane kernel (seven lanes idle).
    #[inline]
    fn fill(self, query: FillQuery) -> Bitboard {
        let mut out = [Bitboard::EMPTY];
        // SAFETY: `self.0` is an `Avx2` token, which exists only if AVX2 was detected.
        unsafe { batch(&[query], &mut out) };
        out[0]
    }

    #[inline]
    fn fill_batch(self, queries: &[FillQuery], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is an `Avx2` token, which exists only if AVX2 was detected.
        unsafe { batch(queries, out) }
    }
}

const PAD: FillQuery = FillQuery {
    knights: Bitboard::EMPTY,
    steps: 0,
};

#[target_feature(enable = "avx2")]
fn batch(queries: &[FillQuery], out: &mut [Bitboard]) {
    in_chunks(
        queries,
        out,
        PAD,
        |queries: &[FillQuery; 8], out: &mut [Bitboard; 8]| {
            let lanes = |first: usize, field: &dyn Fn(&FillQuery) -> i64| {
                let lane = |i: usize| field(&queries[first + i]);
                _mm256_setr_epi64x(lane(0), lane(1), lane(2), lane(3))
            };
            let knights = |q: &FillQuery| q.knights.0 as i64;
            let steps = |q: &FillQuery| q.steps.min(MAX_DISTANCE) as i64;
            let (mut low, mut high) = (lanes(0, &knights), lanes(4, &knights));
            let (low_steps, high_steps) = (lanes(0, &steps), lanes(4, &steps));
            let rounds = queries.iter().map(|q| q.steps.min(MAX_DISTANCE)).max();
            for round in 0..rounds.unwrap_or(0) {
                let round = _mm256_set1_epi64x(round as i64);
                let low_live = _mm256_cmpgt_epi64(low_steps, round);
                let high_live = _mm256_cmpgt_epi64(high_steps, round);
                low = _mm256_or_si256(low, _mm256_and_si256(four(low), low_live));
                high = _mm256_or_si256(high, _mm256_and_si256(four(high), high_live));
            }
            let target = out.as_mut_ptr().cast::<__m256i>();
            // SAFETY: `Bitboard` is a `repr(transparent)` `u64`, so `out` is 64 writable bytes,
            // two vectors; unaligned stores need no alignment.
            unsafe {
                _mm256_storeu_si256(target, low);
                _mm256_storeu_si256(target.add(1), high);
            }
        },
    );
}
