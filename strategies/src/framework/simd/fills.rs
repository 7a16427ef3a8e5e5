//! Kogge-Stone attacks in eight directions at once, one direction per lane of a `__m512i`:
//! the fill that both set-wise families (`xray_attacks_multi`,
//! `blockers_by_targets`) and the sliders' AVX-512 Kogge-Stone techniques run.
//!
//! Source: new, after seed `002_6293cd1af08cea25.txt` § Multiple Sliders (the Kogge-Stone
//! fill per direction, as `sliders::kogge_stone`). Footprint: none. CPU features: AVX-512F.
//!
//! Each lane steps by a per-lane rotate (`vprolvq`) by its direction's offset modulo 64, so
//! positive and negative directions need no separate shifts, and
//! [`Direction::rotate_landing`] clears what a rotate brings round the board's side, top or
//! bottom. [`rotate_fill`] is the fill itself; [`attacks`] runs it with a [`Lanes`]'
//! constants; [`or_lanes_in_pairs`] runs a batch of one-register queries two at a time.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::Direction;
use crate::framework::chunks::in_chunks;
use core::arch::x86_64::*;

/// The directions of eight lanes, as the constants a fill needs.
#[derive(Clone, Copy, Debug)]
pub struct Lanes {
    /// Per lane, the rotation of a step of one, two and four squares.
    rotations: [[i64; 8]; 3],
    /// Per lane, where a one-step rotation may land.
    landing: [i64; 8],
}

impl Lanes {
    /// The constants of `directions`, lane 0 first.
    pub const fn new(directions: [Direction; 8]) -> Lanes {
        let mut rotations = [[0; 8]; 3];
        let mut landing = [0; 8];
        let mut lane = 0;
        while lane < 8 {
            let rotation = directions[lane].rotation();
            let mut step = 0;
            while step < 3 {
                rotations[step][lane] = ((rotation << step) % 64) as i64;
                step += 1;
            }
            landing[lane] = directions[lane].rotate_landing() as i64;
            lane += 1;
        }
        Lanes { rotations, landing }
    }
}

/// Per lane, the attacks in the lane's direction of the lane's `generators` through the
/// `empty` squares: every square reached through empty squares, and the first blocker; the
/// generators themselves only if another generator reaches them.
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn attacks(generators: __m512i, empty: __m512i, lanes: &Lanes) -> __m512i {
    let landing = from_lanes(lanes.landing);
    let steps = lanes.rotations.map(|counts| from_lanes(counts));
    rotate_fill(generators, _mm512_and_si512(empty, landing), steps, landing)
}

/// The rook's directions in lanes 0..=3, the bishop's in lanes 4..=7.
pub const SLIDER_DIRECTIONS: [Direction; 8] = {
    let [a, b, c, d] = Direction::ROOK;
    let [e, f, g, h] = Direction::BISHOP;
    [a, b, c, d, e, f, g, h]
};

/// The opposite of each of `directions`, lane by lane.
pub const fn opposites(directions: [Direction; 8]) -> [Direction; 8] {
    let mut opposite = directions;
    let mut lane = 0;
    while lane < 8 {
        // `ALL[d + 4]` is the opposite of `ALL[d]`.
        opposite[lane] = Direction::ALL[(directions[lane].index() + 4) % 8];
        lane += 1;
    }
    opposite
}

/// A vector with `orthogonal` in the rook's lanes (0..=3) and `diagonal` in the bishop's.
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn by_piece(orthogonal: u64, diagonal: u64) -> __m512i {
    _mm512_mask_set1_epi64(_mm512_set1_epi64(orthogonal as i64), 0xf0, diagonal as i64)
}

/// `__m512i` from eight lanes, lane 0 first.
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn from_lanes(lanes: [i64; 8]) -> __m512i {
    let [a, b, c, d, e, f, g, h] = lanes;
    _mm512_setr_epi64(a, b, c, d, e, f, g, h)
}

/// The Kogge-Stone fill with per-lane rotates, the body every AVX-512 slider fill shares
/// (`kogge_stone`, `kogge_stone_batch`, `xray_attacks_multi`'s direction fills). Per lane:
/// `generators` spread along the lane's direction through `propagate` (the empty squares a
/// rotated step may land on), by rotations of one, two and four squares (`steps`, each lane's
/// count modulo 64); then one more step, kept where it may `land`. That is every square
/// reached through empty squares plus the first blocker. `a | (b & c)` is one `vpternlogq`.
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn rotate_fill(
    mut generators: __m512i,
    mut propagate: __m512i,
    steps: [__m512i; 3],
    land: __m512i,
) -> __m512i {
    const OR_AND: i32 = 0xf8;
    let [one, two, four] = steps;
    let rotated = _mm512_rolv_epi64(generators, one);
    generators = _mm512_ternarylogic_epi64::<OR_AND>(generators, propagate, rotated);
    propagate = _mm512_and_si512(propagate, _mm512_rolv_epi64(propagate, one));
    let rotated = _mm512_rolv_epi64(generators, two);
    generators = _mm512_ternarylogic_epi64::<OR_AND>(generators, propagate, rotated);
    propagate = _mm512_and_si512(propagate, _mm512_rolv_epi64(propagate, two));
    let rotated = _mm512_rolv_epi64(generators, four);
    generators = _mm512_ternarylogic_epi64::<OR_AND>(generators, propagate, rotated);
    _mm512_and_si512(_mm512_rolv_epi64(generators, one), land)
}

/// `out[i]` = the OR of the eight lanes of `lanes(inputs[i])`, two inputs per step: the two
/// registers' lanes interleaved and ORed, then the halves and the quarters, leave both answers
/// side by side for one 16-byte store, where one input alone takes three folds of its own and
/// a move to a general register. For the kernels that fill one query's eight directions in one
/// register; `pad` fills the last step of an odd batch.
///
/// # Panics
/// If `inputs` and `out` differ in length.
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn or_lanes_in_pairs<I: Copy>(
    inputs: &[I],
    out: &mut [Bitboard],
    pad: I,
    lanes: impl Fn(I) -> __m512i,
) {
    in_chunks(
        inputs,
        out,
        pad,
        |inputs: &[I; 2], out: &mut [Bitboard; 2]| {
            // A closure inherits `or_lanes_in_pairs`'s target features.
            let (first, second) = (lanes(inputs[0]), lanes(inputs[1]));
            // Even lanes the first input's, odd lanes the second's.
            let both = _mm512_or_si512(
                _mm512_unpacklo_epi64(first, second),
                _mm512_unpackhi_epi64(first, second),
            );
            store_pair(both, out);
        },
    );
}

/// Two answers from a register whose even lanes hold parts of the first and odd lanes parts
/// of the second: the halves ORed, then the quarters, and the low 128 bits stored, the first
/// answer to `out[0]`.
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn store_pair(parts: __m512i, out: &mut [Bitboard; 2]) {
    let halves = _mm256_or_si256(
        _mm512_castsi512_si256(parts),
        _mm512_extracti64x4_epi64::<1>(parts),
    );
    let answers = _mm_or_si128(
        _mm256_castsi256_si128(halves),
        _mm256_extracti128_si256::<1>(halves),
    );
    // SAFETY: `Bitboard` is a `repr(transparent)` `u64`, so `out` is 16 writable bytes;
    // `_mm_storeu_si128` needs no alignment.
    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), answers) }
}
