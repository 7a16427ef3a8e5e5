//! Independent inputs, one per 64-bit lane: [`crate::families::pawn_structure::spans`] lane-wise,
//! written once over `simd::PairVector` and instantiated per instruction
//! set: `Avx2Batch` (the registry's `simd_batch`, four inputs per `__m256i`) and
//! `Avx512Batch` (`simd_batch_avx512`, eight per `__m512i`). Inputs and answers move through
//! `simd::batch_pairs`.
//!
//! The one step each instruction set does its own way is the file fill of a rank's pawns
//! ([`FileFill`]): AVX2 has no 64-bit multiply and copies the rank's byte to every rank with
//! one byte shuffle; AVX-512F has no byte shuffle (that is AVX-512BW) and multiplies.
//!
//! Source: new; seed `004_11d864785c92de7d.txt` § Attack Spans, computed on several inputs at
//! once. Footprint: none. CPU features: AVX2 or AVX-512F, by instance; each holds its
//! instruction set's token.

use super::{PawnStructure, Pawns, Structure};
use crate::framework::simd::board::{east_one, north_fill, south_fill, west_one};
use crate::framework::simd::{self, Lanes, PairBody, PairVector, Vector};

/// The body: the set-wise pawn structure on every lane.
#[derive(Clone, Copy, Debug)]
pub struct SetWise;

/// Four inputs per `__m256i`.
#[cfg(target_arch = "x86_64")]
pub type Avx2Batch = Lanes<SetWise, core::arch::x86_64::__m256i, 4>;
/// Eight inputs per `__m512i`.
#[cfg(target_arch = "x86_64")]
pub type Avx512Batch = Lanes<SetWise, core::arch::x86_64::__m512i, 8>;

impl<V: FileFill<N>, const N: usize> PawnStructure for Lanes<SetWise, V, N> {
    /// One input through the whole vector (the other lanes idle).
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

/// The file fill of a rank's pawns, each instruction set's own way (see the module).
pub trait FileFill<const N: usize>: PairVector<N> {
    /// Every file that has a square of rank 8 in `set`, filled.
    ///
    /// # Safety
    /// As for `simd::Vector`'s methods.
    unsafe fn files_of_rank_8(set: Self) -> Self;

    /// Every file that has a square of rank 1 in `set`, filled.
    ///
    /// # Safety
    /// As for `simd::Vector`'s methods.
    unsafe fn files_of_rank_1(set: Self) -> Self;
}

/// Byte 7 (rank 8) or byte 0 (rank 1) of each lane copied to all eight bytes, one `vpshufb`.
#[cfg(target_arch = "x86_64")]
impl FileFill<4> for core::arch::x86_64::__m256i {
    #[inline(always)]
    unsafe fn files_of_rank_8(set: Self) -> Self {
        use core::arch::x86_64::*;
        let rank_8 = _mm256_setr_epi64x(
            0x0707_0707_0707_0707,
            0x0f0f_0f0f_0f0f_0f0f,
            0x0707_0707_0707_0707,
            0x0f0f_0f0f_0f0f_0f0f,
        );
        _mm256_shuffle_epi8(set, rank_8)
    }

    #[inline(always)]
    unsafe fn files_of_rank_1(set: Self) -> Self {
        use core::arch::x86_64::*;
        let rank_1 = _mm256_setr_epi64x(0, 0x0808_0808_0808_0808, 0, 0x0808_0808_0808_0808);
        _mm256_shuffle_epi8(set, rank_1)
    }
}

/// The rank's byte moved to the low byte, times `0x0101_0101` (a 32-bit multiply), the low
/// half copied to the high.
#[cfg(target_arch = "x86_64")]
impl FileFill<8> for core::arch::x86_64::__m512i {
    #[inline(always)]
    unsafe fn files_of_rank_8(set: Self) -> Self {
        file_fill_512(set.shr::<56>())
    }

    #[inline(always)]
    unsafe fn files_of_rank_1(set: Self) -> Self {
        file_fill_512(set.and(Self::splat(0xff)))
    }
}

/// The file fill of a set whose occupied files are the low byte of each lane.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn file_fill_512(files: core::arch::x86_64::__m512i) -> core::arch::x86_64::__m512i {
    use core::arch::x86_64::*;
    let low_half = _mm512_mul_epu32(files, _mm512_set1_epi64(0x0101_0101));
    _mm512_or_si512(low_half, _mm512_slli_epi64::<32>(low_half))
}

/// `(isolated, half_isolated)` of `pawns`, given their file fill.
///
/// # Safety
/// As for [`Vector`]'s methods.
#[inline(always)]
unsafe fn isolated_and_half_isolated<V: Vector<N>, const N: usize>(
    pawns: V,
    file_fill: V,
) -> (V, V) {
    let no_east_neighbour = pawns.andnot(west_one(file_fill));
    let no_west_neighbour = pawns.andnot(east_one(file_fill));
    (
        no_east_neighbour.and(no_west_neighbour),
        no_east_neighbour.xor(no_west_neighbour),
    )
}

/// The pawns outside the opponent's front spans and front attack spans.
///
/// # Safety
/// As for [`Vector`]'s methods.
#[inline(always)]
unsafe fn passed<V: Vector<N>, const N: usize>(pawns: V, opponent_front_spans: V) -> V {
    let sides = east_one(opponent_front_spans).or(west_one(opponent_front_spans));
    pawns.andnot(opponent_front_spans.or(sides))
}

/// The words in: white's and black's pawns; out: [`Structure`]'s six fields.
impl<V: FileFill<N>, const N: usize> PairBody<V, N, 6> for SetWise {
    #[inline(always)]
    unsafe fn words(white: V, black: V) -> [V; 6] {
        structure(white, black)
    }
}

/// The six sets, in the order of [`Structure`]'s fields.
///
/// # Safety
/// As for [`Vector`]'s methods.
#[inline(always)]
unsafe fn structure<V: FileFill<N>, const N: usize>(white: V, black: V) -> [V; 6] {
    let white_north = north_fill(white);
    let black_south = south_fill(black);
    let white_files = V::files_of_rank_8(white_north);
    let black_files = V::files_of_rank_1(black_south);
    let (white_isolated, white_half_isolated) = isolated_and_half_isolated(white, white_files);
    let (black_isolated, black_half_isolated) = isolated_and_half_isolated(black, black_files);
    [
        white_isolated,
        white_half_isolated,
        passed(white, black_south.shr::<8>()),
        black_isolated,
        black_half_isolated,
        passed(black, white_north.shl::<8>()),
    ]
}
