//! Eight inputs per `__m512i`: [`crate::pawn_structure::spans`] lane-wise (the registry's
//! `simd_batch_avx512`).
//!
//! Source: new; seed `004_11d864785c92de7d.txt` § Attack Spans, computed on eight independent
//! inputs at once. Footprint: none. CPU features: AVX-512F. Without AVX-512BW there is no byte
//! shuffle, so the file fills multiply the occupied files (a byte) by `0x0101_0101` with the
//! 32-bit multiply and copy the low half to the high half. Inputs and answers move through
//! `simd::batch_pairs`, which every lane width shares.

use crate::attack_spans::avx512::{east_one, north_fill, south_fill, west_one};
use crate::cpu::Avx512;
use crate::pawn_structure::{PawnStructure, Pawns, Structure};
use crate::simd::{self, PairKernel};
use core::arch::x86_64::*;

/// Eight inputs per vector. Holds the AVX-512 token.
#[derive(Clone, Copy, Debug)]
pub struct Avx512Batch(Avx512);

impl Avx512Batch {
    pub fn new(avx512: Avx512) -> Avx512Batch {
        Avx512Batch(avx512)
    }
}

impl PawnStructure for Avx512Batch {
    /// One input through the eight-lane kernel (seven lanes idle).
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
impl PairKernel<8, 6> for Avx512Batch {
    type Vector = __m512i;

    fn token(self) -> Avx512 {
        self.0
    }

    #[inline(always)]
    fn words(self, white: __m512i, black: __m512i) -> [__m512i; 6] {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { eight(white, black) }
    }
}

/// The file fill of a set whose occupied files are the low byte of each lane.
#[target_feature(enable = "avx512f")]
#[inline]
fn file_fill(files: __m512i) -> __m512i {
    let low_half = _mm512_mul_epu32(files, _mm512_set1_epi64(0x0101_0101));
    _mm512_or_si512(low_half, _mm512_slli_epi64::<32>(low_half))
}

/// `(isolated, half_isolated)` of `pawns`, given their file fill.
#[target_feature(enable = "avx512f")]
#[inline]
fn isolated_and_half_isolated(pawns: __m512i, file_fill: __m512i) -> (__m512i, __m512i) {
    let no_east_neighbour = _mm512_andnot_si512(west_one(file_fill), pawns);
    let no_west_neighbour = _mm512_andnot_si512(east_one(file_fill), pawns);
    (
        _mm512_and_si512(no_east_neighbour, no_west_neighbour),
        _mm512_xor_si512(no_east_neighbour, no_west_neighbour),
    )
}

/// The pawns outside the opponent's front spans and front attack spans.
#[target_feature(enable = "avx512f")]
#[inline]
fn passed(pawns: __m512i, opponent_front_spans: __m512i) -> __m512i {
    let sides = _mm512_or_si512(
        east_one(opponent_front_spans),
        west_one(opponent_front_spans),
    );
    _mm512_andnot_si512(_mm512_or_si512(opponent_front_spans, sides), pawns)
}

/// The six sets of eight inputs, in the order of [`Structure`]'s fields.
#[target_feature(enable = "avx512f")]
#[inline]
fn eight(white: __m512i, black: __m512i) -> [__m512i; 6] {
    let white_north = north_fill(white);
    let black_south = south_fill(black);
    let white_files = file_fill(_mm512_srli_epi64::<56>(white_north));
    let black_files = file_fill(_mm512_and_si512(black_south, _mm512_set1_epi64(0xff)));
    let (white_isolated, white_half_isolated) = isolated_and_half_isolated(white, white_files);
    let (black_isolated, black_half_isolated) = isolated_and_half_isolated(black, black_files);
    [
        white_isolated,
        white_half_isolated,
        passed(white, _mm512_srli_epi64::<8>(black_south)),
        black_isolated,
        black_half_isolated,
        passed(black, _mm512_slli_epi64::<8>(white_north)),
    ]
}
