//! The fill cycle fused into one SIMD kernel, written once over
//! `simd::Vector`: `2 N` queries per chunk in two vectors, every round in
//! registers, each lane stopping at its own step count by a compare mask. Instantiated for AVX2
//! as `Avx2Fused` (eight queries in two `__m256i`).
//!
//! Source: new; seed `001_91a62a26c9dc1468.txt` § Knight Fill, with the lane-wise knight attacks
//! of `simd::board::knight_attacks`. Footprint: none. CPU features: AVX2 (the
//! instance holds its token).
//!
//! Where the fill cycle `Fill<K>` (the `parallel_prefix` variant, which the compiler
//! vectorizes at `x86-64-v3`) goes through memory once per round, this kernel loads a chunk of
//! queries once, runs as many rounds as the chunk's largest step count, and stores once; a lane
//! with fewer steps keeps its set from the round its steps run out
//! (`set |= attacks & (steps > round)`). The price is those idle lanes: with step counts spread
//! over 0 to 6, a chunk runs about five rounds for an average of three needed, where `Fill<K>`
//! sorts its block by step count and runs none in vain.
//!
//! AVX-512 keeps a body of its own ([`super::avx512::fused`]): with mask registers a round's
//! step per vector is a compare into a mask and one masked OR, two instructions where this
//! body's compare, widening, AND and OR take four.

use super::{FillQuery, KnightFill, MAX_DISTANCE};
use crate::board::bitboard::Bitboard;
use crate::framework::simd::board::knight_attacks;
use crate::framework::simd::{Chunk, Vector};
use core::marker::PhantomData;

/// `M = 2 N` queries per chunk in two vectors `V`. Holds `V`'s token.
#[derive(Clone, Copy, Debug)]
pub struct Fused<V: Vector<N>, const N: usize, const M: usize>(V::Token);

/// Eight queries in two `__m256i`.
#[cfg(target_arch = "x86_64")]
pub type Avx2Fused = Fused<core::arch::x86_64::__m256i, 4, 8>;

impl<V: Vector<N>, const N: usize, const M: usize> Fused<V, N, M> {
    pub fn new(token: V::Token) -> Fused<V, N, M> {
        Fused(token)
    }
}

const PAD: FillQuery = FillQuery {
    knights: Bitboard::EMPTY,
    steps: 0,
};

impl<V: Vector<N>, const N: usize, const M: usize> KnightFill for Fused<V, N, M> {
    /// One query in every lane of one vector, for its own step count, the answer from lane 0:
    /// the same rounds in registers, without a chunk's trip through memory (as
    /// `simd::one` answers one query).
    #[inline]
    fn fill(self, query: FillQuery) -> Bitboard {
        let _proof = self.0;
        // SAFETY: `_proof` is the token of `V`'s instruction set, which exists only if the CPU
        // has it; the vector's methods run inside `enabled`, as they must.
        unsafe {
            V::enabled(move || {
                let mut set = V::splat(query.knights.0);
                for _ in 0..query.steps.min(MAX_DISTANCE) {
                    set = set.or(knight_attacks(set));
                }
                Bitboard(set.first())
            })
        }
    }

    #[inline]
    fn fill_batch(self, queries: &[FillQuery], out: &mut [Bitboard]) {
        let _proof = self.0;
        // SAFETY: `_proof` is the token of `V`'s instruction set, which exists only if the CPU
        // has it; `Rounds` runs inside `Vector::chunks`, as `Vector`'s methods must.
        unsafe { V::chunks::<_, _, _, M>(queries, out, PAD, Rounds::<V, N>(PhantomData)) }
    }
}

/// One chunk of `M = 2 N` queries.
#[derive(Clone, Copy)]
struct Rounds<V, const N: usize>(PhantomData<V>);

impl<V: Vector<N>, const N: usize, const M: usize> Chunk<FillQuery, Bitboard, M> for Rounds<V, N> {
    #[inline(always)]
    unsafe fn run(self, queries: &[FillQuery; M], out: &mut [Bitboard; M]) {
        const { assert!(M == 2 * N, "a chunk is two vectors") };
        let steps = |q: &FillQuery| q.steps.min(MAX_DISTANCE) as u64;
        let half = |first: usize, field: &dyn Fn(&FillQuery) -> u64| -> [u64; N] {
            core::array::from_fn(|i| field(&queries[first + i]))
        };
        let knights = |q: &FillQuery| q.knights.0;
        let (mut low, mut high) = (V::load(&half(0, &knights)), V::load(&half(N, &knights)));
        let (low_steps, high_steps) = (V::load(&half(0, &steps)), V::load(&half(N, &steps)));
        let rounds = queries.iter().map(steps).max().unwrap_or(0);
        for round in 0..rounds {
            let round = V::splat(round);
            let (low_live, high_live) = (low_steps.gt(round), high_steps.gt(round));
            low = low.or(knight_attacks(low).and(low_live));
            high = high.or(knight_attacks(high).and(high_live));
        }
        let (mut low_sets, mut high_sets) = ([0; N], [0; N]);
        low.store(&mut low_sets);
        high.store(&mut high_sets);
        for (i, set) in low_sets.into_iter().chain(high_sets).enumerate() {
            out[i] = Bitboard(set);
        }
    }
}
