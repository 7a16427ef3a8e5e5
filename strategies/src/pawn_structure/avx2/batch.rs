//! Four inputs per `__m256i`: [`crate::pawn_structure::spans`] lane-wise (the registry's
//! `simd_batch`).
//!
//! Source: new; seed `004_11d864785c92de7d.txt` § Attack Spans, computed on four independent
//! inputs at once. Footprint: none. CPU features: AVX2. AVX2 has no 64-bit multiply, so the
//! file fills copy rank 8 of white's north fill (rank 1 of black's south fill) to every rank
//! with one byte shuffle. Inputs and answers move through `simd::batch_pairs`, which
//! every lane width shares.

use crate::attack_spans::avx2::{east_one, north_fill, south_fill, west_one};
use crate::cpu::Avx2;
use crate::pawn_structure::{PawnStructure, Pawns, Structure};
use crate::simd::{self, PairKernel};
use core::arch::x86_64::*;

/// Four inputs per vector. Holds the AVX2 token.
#[derive(Clone, Copy, Debug)]
pub struct Avx2Batch(Avx2);

impl Avx2Batch {
    pub fn new(avx2: Avx2) -> Avx2Batch {
        Avx2Batch(avx2)
    }
}

impl PawnStructure for Avx2Batch {
    /// One input through the four-lane kernel (three lanes idle).
    #[inline]
    fn structure(self, pawns: Pawns) -> Structure {
        let mut out = [Structure::default()];
        simd::batch_pairs(self, &[pawns], &mut out, Pawns::default());
        out[0]
    }

    #[inline]
    fn structure_batch(self, inputs: &[Pawns], out: &mut [Structure]) {
        simd::batch_pairs(self, inputs, out, Pawns::default())
    }
}

/// The words in: white's and black's pawns; out: [`Structure`]'s six fields.
impl PairKernel<4, 6> for Avx2Batch {
    type Vector = __m256i;

    fn token(self) -> Avx2 {
        self.0
    }

    #[inline(always)]
    fn words(self, white: __m256i, black: __m256i) -> [__m256i; 6] {
        // SAFETY: `self.0` is an `Avx2` token, which exists only if AVX2 was detected.
        unsafe { four(white, black) }
    }
}

/// `(isolated, half_isolated)` of `pawns`, given their file fill.
#[target_feature(enable = "avx2")]
#[inline]
fn isolated_and_half_isolated(pawns: __m256i, file_fill: __m256i) -> (__m256i, __m256i) {
    let no_east_neighbour = _mm256_andnot_si256(west_one(file_fill), pawns);
    let no_west_neighbour = _mm256_andnot_si256(east_one(file_fill), pawns);
    (
        _mm256_and_si256(no_east_neighbour, no_west_neighbour),
        _mm256_xor_si256(no_east_neighbour, no_west_neighbour),
    )
}

/// The pawns outside the opponent's front spans and front attack spans.
#[target_feature(enable = "avx2")]
#[inline]
fn passed(pawns: __m256i, opponent_front_spans: __m256i) -> __m256i {
    let sides = _mm256_or_si256(
        east_one(opponent_front_spans),
        west_one(opponent_front_spans),
    );
    _mm256_andnot_si256(_mm256_or_si256(opponent_front_spans, sides), pawns)
}

/// The six sets of four inputs, in the order of [`Structure`]'s fields.
#[target_feature(enable = "avx2")]
#[inline]
fn four(white: __m256i, black: __m256i) -> [__m256i; 6] {
    // Byte 7 (rank 8) or byte 0 (rank 1) of each 64-bit lane, copied to all eight bytes.
    let rank_8 = _mm256_setr_epi64x(
        0x0707_0707_0707_0707,
        0x0f0f_0f0f_0f0f_0f0f,
        0x0707_0707_0707_0707,
        0x0f0f_0f0f_0f0f_0f0f,
    );
    let rank_1 = _mm256_setr_epi64x(0, 0x0808_0808_0808_0808, 0, 0x0808_0808_0808_0808);
    let white_north = north_fill(white);
    let black_south = south_fill(black);
    let white_files = _mm256_shuffle_epi8(white_north, rank_8);
    let black_files = _mm256_shuffle_epi8(black_south, rank_1);
    let (white_isolated, white_half_isolated) = isolated_and_half_isolated(white, white_files);
    let (black_isolated, black_half_isolated) = isolated_and_half_isolated(black, black_files);
    [
        white_isolated,
        white_half_isolated,
        passed(white, _mm256_srli_epi64::<8>(black_south)),
        black_isolated,
        black_half_isolated,
        passed(black, _mm256_slli_epi64::<8>(white_north)),
    ]
}
