//! The seed's blockers by targets with all eight directions in one `__m512i`: one fill of the
//! sliders, lane by lane in its direction, one fill of the targets, lane by lane in the
//! opposite direction, ANDed and the lanes ORed.
//!
//! Source: new, after seed `002_6293cd1af08cea25.txt` § Blockers by Targets. Footprint:
//! none. CPU features: AVX-512F.
//!
//! The fill is the shared one (`simd::fills`): lanes
//! 0..=3 fill the rooks and queens in the rook's directions, lanes 4..=7 the bishops and
//! queens in the bishop's; the targets fill every lane, each the opposite way of the slider
//! lane it meets. One query per vector; a batch reduces two at once.

use crate::board::bitboard::Bitboard;
use crate::families::blockers_by_targets::{BlockersByTargets, SlidersAndTargets};
use crate::framework::cpu::Avx512;
use crate::framework::simd::fills::{self, Lanes};
use core::arch::x86_64::*;

const SLIDER_LANES: Lanes = Lanes::new(fills::SLIDER_DIRECTIONS);
const TARGET_LANES: Lanes = Lanes::new(fills::opposites(fills::SLIDER_DIRECTIONS));

/// Per lane, the squares between its sliders and the targets in its direction.
#[target_feature(enable = "avx512f")]
#[inline]
fn lanes(query: SlidersAndTargets) -> __m512i {
    let empty = _mm512_set1_epi64(!query.occupied.0 as i64);
    let sliders = fills::by_piece(query.orthogonal.0, query.diagonal.0);
    let targets = _mm512_set1_epi64(query.targets.0 as i64);
    let from_sliders = fills::attacks(sliders, empty, &SLIDER_LANES);
    let from_targets = fills::attacks(targets, empty, &TARGET_LANES);
    _mm512_and_si512(from_sliders, from_targets)
}

#[target_feature(enable = "avx512f")]
#[inline]
fn blockers(query: SlidersAndTargets) -> Bitboard {
    Bitboard(_mm512_reduce_or_epi64(lanes(query)) as u64)
}

/// Two queries per step, sharing the reduction ([`fills::or_lanes_in_pairs`]).
#[target_feature(enable = "avx512f")]
fn batch(queries: &[SlidersAndTargets], out: &mut [Bitboard]) {
    let pad = SlidersAndTargets {
        orthogonal: Bitboard::EMPTY,
        diagonal: Bitboard::EMPTY,
        occupied: Bitboard::EMPTY,
        targets: Bitboard::EMPTY,
    };
    // A closure inherits `batch`'s target features.
    fills::or_lanes_in_pairs(queries, out, pad, |query| lanes(query));
}

/// Opposite fills, eight directions per `__m512i`. Holds the AVX-512 token.
#[derive(Clone, Copy, Debug)]
pub struct OppositeFillsAvx512(Avx512);

impl OppositeFillsAvx512 {
    pub fn new(avx512: Avx512) -> OppositeFillsAvx512 {
        OppositeFillsAvx512(avx512)
    }
}

impl BlockersByTargets for OppositeFillsAvx512 {
    #[inline]
    fn blockers(self, query: SlidersAndTargets) -> Bitboard {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { blockers(query) }
    }

    #[inline]
    fn blockers_batch(self, queries: &[SlidersAndTargets], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { batch(queries, out) }
    }
}
