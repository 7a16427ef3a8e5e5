//! One knight set at a time, its eight directions in two `__m256i`.
//!
//! Source: chessprogramming's "AVX2" page, referenced from seed `001_91a62a26c9dc1468.txt`
//! § by Calculation; the formula is restored in `../shared/README.md`. Footprint: none.
//! CPU features: AVX2. The set is broadcast to four lanes, shifted left by (10, 17, 15, 6)
//! with `_mm256_sllv_epi64` and masked with (notAB, notA, notH, notGH), shifted right by the
//! same counts with `_mm256_srlv_epi64` and masked with (notGH, notH, notA, notAB); the two
//! vectors and then the four lanes are ORed together.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::{NOT_A, NOT_AB, NOT_GH, NOT_H};
use crate::families::knight_attacks::KnightAttacks;
use crate::framework::chunks::in_chunks;
use crate::framework::cpu::Avx2;
use core::arch::x86_64::*;

/// Eight directions by variable shifts. Holds the AVX2 token.
#[derive(Clone, Copy, Debug)]
pub struct Avx2Directions(Avx2);

impl Avx2Directions {
    pub fn new(avx2: Avx2) -> Avx2Directions {
        Avx2Directions(avx2)
    }
}

impl KnightAttacks for Avx2Directions {
    #[inline]
    fn attacks(self, knights: Bitboard) -> Bitboard {
        // SAFETY: `self.0` is an `Avx2` token, which exists only if AVX2 was detected.
        Bitboard(unsafe { one(knights.0) })
    }

    #[inline]
    fn attacks_batch(self, sets: &[Bitboard], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is an `Avx2` token, which exists only if AVX2 was detected.
        unsafe { batch(sets, out) }
    }
}

#[target_feature(enable = "avx2")]
fn batch(sets: &[Bitboard], out: &mut [Bitboard]) {
    in_chunks(
        sets,
        out,
        Bitboard::EMPTY,
        |sets: &[Bitboard; 1], out: &mut [Bitboard; 1]| {
            // A closure inherits `batch`'s target features.
            out[0] = Bitboard(one(sets[0].0));
        },
    );
}

#[target_feature(enable = "avx2")]
#[inline]
fn one(knights: u64) -> u64 {
    let set = _mm256_set1_epi64x(knights as i64);
    let counts = _mm256_setr_epi64x(10, 17, 15, 6);
    let left_masks = _mm256_setr_epi64x(NOT_AB as i64, NOT_A as i64, NOT_H as i64, NOT_GH as i64);
    let right_masks = _mm256_setr_epi64x(NOT_GH as i64, NOT_H as i64, NOT_A as i64, NOT_AB as i64);
    let left = _mm256_and_si256(_mm256_sllv_epi64(set, counts), left_masks);
    let right = _mm256_and_si256(_mm256_srlv_epi64(set, counts), right_masks);
    let lanes = _mm256_or_si256(left, right);
    let halves = _mm_or_si128(
        _mm256_castsi256_si128(lanes),
        _mm256_extracti128_si256::<1>(lanes),
    );
    let both = _mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves));
    _mm_cvtsi128_si64(both) as u64
}
