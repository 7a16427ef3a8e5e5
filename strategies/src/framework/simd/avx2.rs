//! `__m256i` as a [`Vector`] of four lanes (x86-64 only; compiled out elsewhere). Needs AVX2,
//! proved by the [`Avx2`] token.
//!
//! As a [`PairVector`]: four two-word structs load as two vectors and split into one vector
//! per word with one unpack each, which leaves the lanes in the order (0, 2, 1, 3). Answer
//! words go back in pairs: one unpack pairs neighbouring words, four 128-bit stores place them.

use super::{Chunk, Gather, LaneBody, PairVector, Vector};
use crate::board::bitboard::Bitboard;
use crate::framework::cpu::Avx2;
use core::arch::x86_64::*;

// SAFETY: an `Avx2` token exists only if AVX2 was detected; `enabled` enables `avx2`,
// and every intrinsic below needs no more than that.
unsafe impl Vector<4> for __m256i {
    type Token = Avx2;

    enabled!("avx2", 4);

    #[inline(always)]
    unsafe fn splat(lane: u64) -> __m256i {
        _mm256_set1_epi64x(lane as i64)
    }

    #[inline(always)]
    unsafe fn load(lanes: &[u64; 4]) -> __m256i {
        // SAFETY: `lanes` is 32 readable bytes; `_mm256_loadu_si256` needs no alignment.
        unsafe { _mm256_loadu_si256(lanes.as_ptr().cast::<__m256i>()) }
    }

    #[inline(always)]
    unsafe fn widen(lanes: &[u16; 4]) -> __m256i {
        // SAFETY: `lanes` is 8 readable bytes; `_mm_loadl_epi64` reads 8 and needs no alignment.
        let lanes = unsafe { _mm_loadl_epi64(lanes.as_ptr().cast::<__m128i>()) };
        _mm256_cvtepu16_epi64(lanes)
    }

    #[inline(always)]
    unsafe fn store(self, lanes: &mut [u64; 4]) {
        // SAFETY: `lanes` is 32 writable bytes; `_mm256_storeu_si256` needs no alignment.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), self) }
    }

    #[inline(always)]
    unsafe fn first(self) -> u64 {
        _mm_cvtsi128_si64(_mm256_castsi256_si128(self)) as u64
    }

    binary! {
        and: _mm256_and_si256,
        or: _mm256_or_si256,
        xor: _mm256_xor_si256,
        shl_by: _mm256_sllv_epi64,
        shr_by: _mm256_srlv_epi64,
        add: _mm256_add_epi64,
        sub: _mm256_sub_epi64,
        eq: _mm256_cmpeq_epi64,
        gt: _mm256_cmpgt_epi64,
    }

    #[inline(always)]
    unsafe fn zero() -> __m256i {
        _mm256_setzero_si256()
    }

    #[inline(always)]
    unsafe fn andnot(self, other: __m256i) -> __m256i {
        _mm256_andnot_si256(other, self)
    }

    #[inline(always)]
    unsafe fn shl<const K: i32>(self) -> __m256i {
        _mm256_slli_epi64::<K>(self)
    }

    #[inline(always)]
    unsafe fn shr<const K: i32>(self) -> __m256i {
        _mm256_srli_epi64::<K>(self)
    }

    /// One `vpblendvb`: the mask's lanes are all ones or all zeros, so its bytes' top bits are
    /// the lanes'.
    #[inline(always)]
    unsafe fn select(self, if_set: __m256i, if_clear: __m256i) -> __m256i {
        _mm256_blendv_epi8(if_clear, if_set, self)
    }
}

// SAFETY: as for `Vector<4>`: every intrinsic below needs no more than AVX2.
unsafe impl PairVector<4> for __m256i {
    /// Pair order (0, 2, 1, 3).
    #[inline(always)]
    unsafe fn load_pairs(pairs: &[[u64; 2]; 4]) -> (__m256i, __m256i) {
        let pointer = pairs.as_ptr().cast::<__m256i>();
        // SAFETY: `pairs` is 64 readable bytes, two vectors; unaligned loads need no alignment.
        let (low, high) = unsafe {
            (
                _mm256_loadu_si256(pointer),
                _mm256_loadu_si256(pointer.add(1)),
            )
        };
        (
            _mm256_unpacklo_epi64(low, high),
            _mm256_unpackhi_epi64(low, high),
        )
    }

    /// A 128-bit unit at a time: unpacked, word pair `k` of structs 0 and 1 share one vector
    /// (a half each), as do those of structs 2 and 3; the low half is stored as it is and the
    /// high half by `vextracti128` to memory, which needs no shuffle port. Each unpacked
    /// vector passes through [`opaque`] first: left visible, the compiler rewrites the
    /// unpacks and the extracts into other shuffles, and with AVX-512 into more of them.
    #[inline(always)]
    unsafe fn store_words<const F: usize>(answers: &[__m256i; F], out: &mut [[u64; F]; 4]) {
        let units = out.as_mut_ptr().cast::<__m128i>();
        for pair in 0..F / 2 {
            let (first, second) = (answers[2 * pair], answers[2 * pair + 1]);
            let halves = [
                (0, _mm256_unpacklo_epi64(first, second)),
                (2, _mm256_unpackhi_epi64(first, second)),
            ];
            for (structure, both) in halves {
                // SAFETY: AVX2, hence AVX, is enabled where this runs (see `Vector`).
                let both = unsafe { opaque(both) };
                let (low, high) = (structure * F / 2 + pair, (structure + 1) * F / 2 + pair);
                // SAFETY: `out` is `4 * F` words, `2 * F` units of 16 bytes, and `low` and
                // `high` are below `2 * F`; unaligned stores need no alignment.
                unsafe {
                    _mm_storeu_si128(units.add(low), _mm256_castsi256_si128(both));
                    _mm_storeu_si128(units.add(high), _mm256_extracti128_si256::<1>(both));
                }
            }
        }
    }
}

/// `vector` unchanged, through an empty `asm!` block: the compiler sees a value it cannot
/// look into, so the shuffles that made it are not merged with those that use it.
#[target_feature(enable = "avx")]
#[inline]
fn opaque(mut vector: __m256i) -> __m256i {
    // SAFETY: the template is empty: it names the register and leaves it, memory, the stack
    // and the flags as they are.
    unsafe {
        core::arch::asm!(
            "/* {0} */",
            inout(ymm_reg) vector,
            options(pure, nomem, nostack, preserves_flags)
        );
    }
    vector
}

// SAFETY: as for `Vector<4>`: the gather needs no more than AVX2.
unsafe impl Gather<4> for __m256i {
    #[inline(always)]
    unsafe fn gather(table: &[Bitboard], indices: __m256i) -> __m256i {
        // SAFETY: the caller promises every index is below `table.len()`; the scale 8 is the
        // size of one element.
        unsafe { _mm256_i64gather_epi64::<8>(table.as_ptr().cast::<i64>(), indices) }
    }
}
