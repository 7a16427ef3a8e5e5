//! Kogge-Stone with a piece's four directions in the four lanes of one `__m256i`.
//!
//! Source: new, after seed `002_6293cd1af08cea25.txt` § Multiple Sliders (the Kogge-Stone
//! fill per direction, as [`crate::families::sliders::kogge_stone`]). Footprint: none. CPU features:
//! AVX2.
//!
//! AVX2 has variable shifts but no rotates, so each lane shifts both ways: a positive
//! direction shifts left by its count and right by 64, a negative one the reverse, and a count
//! of 64 clears the lane (`vpsllvq`/`vpsrlvq` give 0 for counts above 63). The three doubling
//! steps and the final step then run on four directions at once, and the four lanes are ORed
//! together at the end. One query at a time: the work is about 30 vector instructions.

use crate::board::geometry::Direction;
use crate::families::sliders::SliderQuery;
use crate::framework::chunks::in_chunks;
use crate::framework::cpu::Avx2;
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::arch::x86_64::*;

/// The per-lane constants of four directions.
struct Lanes {
    /// Left-shift counts for steps of 1, 2 and 4 squares (64 where the lane shifts right).
    left: [[i64; 4]; 3],
    /// Right-shift counts, likewise.
    right: [[i64; 4]; 3],
    /// Where a one-square step may land.
    landing: [i64; 4],
}

const fn lanes(directions: [Direction; 4]) -> Lanes {
    let mut lanes = Lanes {
        left: [[64; 4]; 3],
        right: [[64; 4]; 3],
        landing: [0; 4],
    };
    let mut lane = 0;
    while lane < 4 {
        let direction = directions[lane];
        let offset = direction.offset();
        let mut step = 0;
        while step < 3 {
            let count = (offset.abs() << step) as i64;
            if offset > 0 {
                lanes.left[step][lane] = count;
            } else {
                lanes.right[step][lane] = count;
            }
            step += 1;
        }
        lanes.landing[lane] = direction.landing() as i64;
        lane += 1;
    }
    lanes
}

const ROOK: Lanes = lanes(Direction::ROOK);
const BISHOP: Lanes = lanes(Direction::BISHOP);

#[target_feature(enable = "avx2")]
#[inline]
fn vector(lanes: [i64; 4]) -> __m256i {
    _mm256_setr_epi64x(lanes[0], lanes[1], lanes[2], lanes[3])
}

/// Every lane shifted by `k` of its direction's steps (`k` = 1, 2, 4 for `step` 0, 1, 2).
#[target_feature(enable = "avx2")]
#[inline]
fn shift(set: __m256i, lanes: &Lanes, step: usize) -> __m256i {
    let left = _mm256_sllv_epi64(set, vector(lanes.left[step]));
    let right = _mm256_srlv_epi64(set, vector(lanes.right[step]));
    _mm256_or_si256(left, right)
}

/// The attacks of the slider `slider` (one bit) in the four directions of `lanes`, ORed.
#[target_feature(enable = "avx2")]
#[inline]
fn attacks(slider: u64, occupied: u64, lanes: &Lanes) -> u64 {
    let landing = vector(lanes.landing);
    let mut generator = _mm256_set1_epi64x(slider as i64);
    let mut propagate = _mm256_andnot_si256(_mm256_set1_epi64x(occupied as i64), landing);
    for step in 0..3 {
        let shifted = _mm256_and_si256(propagate, shift(generator, lanes, step));
        generator = _mm256_or_si256(generator, shifted);
        if step < 2 {
            propagate = _mm256_and_si256(propagate, shift(propagate, lanes, step));
        }
    }
    let attacks = _mm256_and_si256(shift(generator, lanes, 0), landing);
    let halves = _mm_or_si128(
        _mm256_castsi256_si128(attacks),
        _mm256_extracti128_si256::<1>(attacks),
    );
    let both = _mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves));
    _mm_cvtsi128_si64(both) as u64
}

#[target_feature(enable = "avx2")]
#[inline]
fn one(square: Square, occupied: Bitboard, lanes: &Lanes) -> Bitboard {
    Bitboard(attacks(Bitboard::from_square(square).0, occupied.0, lanes))
}

#[target_feature(enable = "avx2")]
fn batch(queries: &[SliderQuery], out: &mut [Bitboard], lanes: &Lanes) {
    let pad = SliderQuery::new(Square::A1, Bitboard::EMPTY);
    in_chunks(
        queries,
        out,
        pad,
        |query: &[SliderQuery; 1], out: &mut [Bitboard; 1]| {
            // A closure inherits `batch`'s target features.
            out[0] = one(query[0].square, query[0].occupied, lanes);
        },
    );
}

crate::families::sliders::support::held::feature_slider! {
    /// Kogge-Stone, four directions per `__m256i`. Holds the AVX2 token.
    pub struct KoggeStoneAvx2(Avx2): "avx2" {
        rook(square, occupied) => one(square, occupied, &ROOK),
        bishop(square, occupied) => one(square, occupied, &BISHOP),
        rook_batch(queries, out) => batch(queries, out, &ROOK),
        bishop_batch(queries, out) => batch(queries, out, &BISHOP),
    }
}
