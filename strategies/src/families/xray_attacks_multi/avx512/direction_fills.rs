//! The seed's direction-wise x-rays of sets of sliders with all eight directions in one
//! `__m512i`: one fill from the sliders, the blockers hit, one fill from those.
//!
//! Source: new, after seed `002_6293cd1af08cea25.txt` § Multiple Sliders. Footprint: none.
//! CPU features: AVX-512F.
//!
//! Lanes 0..=3 fill the rooks and queens in the rook's directions, lanes 4..=7 the bishops
//! and queens in the bishop's (`simd::fills::SLIDER_DIRECTIONS`); the eight lanes' x-rays are
//! ORed together at the end (`_mm512_reduce_or_epi64`; in a batch, two queries' at once). One
//! query per vector.

use crate::board::bitboard::Bitboard;
use crate::families::xray_attacks_multi::{SliderSets, XrayAttacksMulti};
use crate::framework::cpu::Avx512;
use crate::framework::simd::fills::{self, Lanes};
use core::arch::x86_64::*;

const LANES: Lanes = Lanes::new(fills::SLIDER_DIRECTIONS);

/// Per lane, the x-rays in its direction.
#[target_feature(enable = "avx512f")]
#[inline]
fn lanes(sets: SliderSets) -> __m512i {
    let sliders = fills::by_piece(sets.orthogonal.0, sets.diagonal.0);
    let empty = _mm512_set1_epi64(!sets.occupied.0 as i64);
    let blockers = _mm512_set1_epi64((sets.blockers.0 & sets.occupied.0) as i64);
    let attacks = fills::attacks(sliders, empty, &LANES);
    let hit = _mm512_and_si512(attacks, blockers);
    fills::attacks(hit, empty, &LANES)
}

#[target_feature(enable = "avx512f")]
#[inline]
fn xrays(sets: SliderSets) -> Bitboard {
    Bitboard(_mm512_reduce_or_epi64(lanes(sets)) as u64)
}

/// Two queries per step, sharing the reduction ([`fills::or_lanes_in_pairs`]).
#[target_feature(enable = "avx512f")]
fn batch(queries: &[SliderSets], out: &mut [Bitboard]) {
    let pad = SliderSets {
        orthogonal: Bitboard::EMPTY,
        diagonal: Bitboard::EMPTY,
        occupied: Bitboard::EMPTY,
        blockers: Bitboard::EMPTY,
    };
    // A closure inherits `batch`'s target features.
    fills::or_lanes_in_pairs(queries, out, pad, |query| lanes(query));
}

/// Direction-wise fills, eight directions per `__m512i`. Holds the AVX-512 token.
#[derive(Clone, Copy, Debug)]
pub struct DirectionFillsAvx512(Avx512);

impl DirectionFillsAvx512 {
    pub fn new(avx512: Avx512) -> DirectionFillsAvx512 {
        DirectionFillsAvx512(avx512)
    }
}

impl XrayAttacksMulti for DirectionFillsAvx512 {
    #[inline]
    fn xrays(self, sets: SliderSets) -> Bitboard {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { xrays(sets) }
    }

    #[inline]
    fn xrays_batch(self, queries: &[SliderSets], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { batch(queries, out) }
    }
}
