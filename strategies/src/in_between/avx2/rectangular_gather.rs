//! The rectangular table, four lookups per `_mm256_i64gather_epi64`.
//!
//! Source: new, after seed `000_25ad13ed25e2ec35.txt` § Rectangular Lookup. Footprint: the
//! 32 KiB of [`crate::in_between::rectangular::TABLE`]. CPU features: AVX2. Whether a gather
//! beats four scalar loads depends on the microarchitecture; that is what this variant is for.

use super::{load_pairs, store_bitboards};
use crate::chunks::in_chunks;
use crate::cpu::Avx2;
use crate::in_between::rectangular::TABLE;
use crate::in_between::InBetween;
use crate::{Bitboard, Square, SquarePair};
use core::arch::x86_64::*;

/// Rectangular lookup by gather. Holds the AVX2 token.
#[derive(Clone, Copy, Debug)]
pub struct RectangularGatherAvx2(Avx2);

impl RectangularGatherAvx2 {
    pub fn new(avx2: Avx2) -> RectangularGatherAvx2 {
        RectangularGatherAvx2(avx2)
    }
}

impl InBetween for RectangularGatherAvx2 {
    /// One pair through the four-lane gather (all lanes load the same entry).
    #[inline]
    fn between(self, a: Square, b: Square) -> Bitboard {
        // SAFETY: `self.0` is an `Avx2` token, which exists only if AVX2 was detected.
        unsafe { one(SquarePair::new(a, b)) }
    }

    #[inline]
    fn between_batch(self, pairs: &[SquarePair], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is an `Avx2` token, which exists only if AVX2 was detected.
        unsafe { batch(pairs, out) }
    }
}

#[target_feature(enable = "avx2")]
fn one(pair: SquarePair) -> Bitboard {
    let lanes = _mm256_set1_epi64x(pair.from as i64 | (pair.to as i64) << 8);
    Bitboard(_mm256_extract_epi64::<0>(four(lanes)) as u64)
}

#[target_feature(enable = "avx2")]
fn batch(pairs: &[SquarePair], out: &mut [Bitboard]) {
    let pad = SquarePair::new(Square::A1, Square::A1);
    in_chunks(
        pairs,
        out,
        pad,
        |pairs: &[SquarePair; 4], out: &mut [Bitboard; 4]| {
            // A closure inherits `batch`'s target features.
            store_bitboards(four(load_pairs(pairs)), out)
        },
    );
}

#[target_feature(enable = "avx2")]
#[inline]
fn four(pairs: __m256i) -> __m256i {
    // `from | to << 8` becomes the flat index `from * 64 + to`.
    let from = _mm256_and_si256(pairs, _mm256_set1_epi64x(0xff));
    let index = _mm256_or_si256(_mm256_slli_epi64::<6>(from), _mm256_srli_epi64::<8>(pairs));
    // SAFETY: every lane is `from * 64 + to` with both below 64, so below 4096: an element of
    // `TABLE`, which is 4096 contiguous `u64`s; the scale 8 is the size of one element.
    unsafe { _mm256_i64gather_epi64::<8>(TABLE.0.as_ptr().cast::<i64>(), index) }
}
