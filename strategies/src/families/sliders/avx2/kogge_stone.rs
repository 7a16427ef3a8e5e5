//! Kogge-Stone with a piece's four directions in the four lanes of one `__m256i`.
//!
//! Source: new, after seed `002_6293cd1af08cea25.txt` § Multiple Sliders (the Kogge-Stone
//! fill per direction, as [`crate::families::sliders::kogge_stone`]). Footprint: none. CPU features:
//! AVX2.
//!
//! AVX2 has variable shifts but no rotates. A rook or a bishop alone has two directions
//! towards higher squares and two towards lower ones in its four lanes, so each lane shifts
//! both ways: a positive direction shifts left by its count and right by 64, a negative one
//! the reverse, and a count of 64 clears the lane (`vpsllvq`/`vpsrlvq` give 0 for counts
//! above 63). The three doubling steps and the final step then run on four directions at once,
//! and the four lanes are ORed together at the end. One query at a time: the work is about 30
//! vector instructions.
//!
//! A rook and a bishop on one square together ([`Slider::rook_and_bishop`], what the
//! super-piece of `attacks_to` asks, and [`Slider::queen`]) have eight directions, four of
//! each sign: one `__m256i` holds the four towards higher squares and shifts only left, the
//! other the four towards lower squares and shifts only right, so every step is one shift
//! where it was two and an OR. Both hold the rook's two directions in lanes 0 and 1 and the
//! bishop's in 2 and 3: ORed, the low half is the rook's and the high half the bishop's.
//!
//! [`Slider::rook_and_bishop`]: crate::families::sliders::Slider::rook_and_bishop
//! [`Slider::queen`]: crate::families::sliders::Slider::queen

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

/// Four directions of one sign: the shift counts of steps of 1, 2 and 4 squares, and where a
/// one-square step may land.
struct Signed {
    counts: [[i64; 4]; 3],
    landing: [i64; 4],
}

const fn signed(directions: [Direction; 4]) -> Signed {
    let mut signed = Signed {
        counts: [[0; 4]; 3],
        landing: [0; 4],
    };
    let mut lane = 0;
    while lane < 4 {
        let direction = directions[lane];
        let mut step = 0;
        while step < 3 {
            signed.counts[step][lane] = (direction.offset().abs() << step) as i64;
            step += 1;
        }
        signed.landing[lane] = direction.landing() as i64;
        lane += 1;
    }
    signed
}

/// The directions towards higher squares: the rook's two, then the bishop's.
const UP: Signed = {
    let [north, east, _, _] = Direction::ROOK;
    let [north_east, north_west, _, _] = Direction::BISHOP;
    signed([north, east, north_east, north_west])
};
/// The directions towards lower squares, in the same order.
const DOWN: Signed = {
    let [_, _, south, west] = Direction::ROOK;
    let [_, _, south_west, south_east] = Direction::BISHOP;
    signed([south, west, south_west, south_east])
};

/// Every lane of `set` shifted by `counts`: towards higher squares if `UP`, else lower.
#[target_feature(enable = "avx2")]
#[inline]
fn shift_signed<const UP: bool>(set: __m256i, counts: [i64; 4]) -> __m256i {
    if UP {
        _mm256_sllv_epi64(set, vector(counts))
    } else {
        _mm256_srlv_epi64(set, vector(counts))
    }
}

/// Each lane's attacks along its direction of `signed` (towards higher squares if `UP`), from
/// the slider in `generator` through the squares in `empty`.
#[target_feature(enable = "avx2")]
#[inline]
fn fill_signed<const UP: bool>(generator: __m256i, empty: __m256i, signed: &Signed) -> __m256i {
    let landing = vector(signed.landing);
    let mut generator = generator;
    let mut propagate = _mm256_and_si256(empty, landing);
    for step in 0..3 {
        let shifted = shift_signed::<UP>(generator, signed.counts[step]);
        generator = _mm256_or_si256(generator, _mm256_and_si256(propagate, shifted));
        if step < 2 {
            let shifted = shift_signed::<UP>(propagate, signed.counts[step]);
            propagate = _mm256_and_si256(propagate, shifted);
        }
    }
    _mm256_and_si256(shift_signed::<UP>(generator, signed.counts[0]), landing)
}

/// The eight directions' attacks from `square`: in the low half the rook's (two lanes), in
/// the high half the bishop's.
#[target_feature(enable = "avx2")]
#[inline]
fn eight(square: Square, occupied: Bitboard) -> __m256i {
    let generator = _mm256_set1_epi64x(Bitboard::from_square(square).0 as i64);
    let empty = _mm256_set1_epi64x(!occupied.0 as i64);
    _mm256_or_si256(
        fill_signed::<true>(generator, empty, &UP),
        fill_signed::<false>(generator, empty, &DOWN),
    )
}

/// The two lanes of `pair` ORed.
#[target_feature(enable = "avx2")]
#[inline]
fn fold(pair: __m128i) -> Bitboard {
    Bitboard(_mm_cvtsi128_si64(_mm_or_si128(pair, _mm_unpackhi_epi64(pair, pair))) as u64)
}

/// The rook's attacks from `square` and, through `bishop`, the bishop's. Not a pair returned:
/// LLVM does not inline a function that returns an aggregate into a loop's copy compiled for
/// AVX-512 (its registers are another ABI), and that copy is the one timed there.
#[target_feature(enable = "avx2")]
#[inline]
fn rook_and_bishop(square: Square, occupied: Bitboard, bishop: &mut Bitboard) -> Bitboard {
    let eight = eight(square, occupied);
    // Lanes 0 and 2 ORed with lanes 1 and 3: the rook's in lane 0, the bishop's in lane 2.
    let both = _mm256_or_si256(eight, _mm256_shuffle_epi32::<0b1110_1110>(eight));
    *bishop = Bitboard(_mm_cvtsi128_si64(_mm256_extracti128_si256::<1>(both)) as u64);
    Bitboard(_mm_cvtsi128_si64(_mm256_castsi256_si128(both)) as u64)
}

#[target_feature(enable = "avx2")]
#[inline]
fn queen(square: Square, occupied: Bitboard) -> Bitboard {
    let eight = eight(square, occupied);
    fold(_mm_or_si128(
        _mm256_castsi256_si128(eight),
        _mm256_extracti128_si256::<1>(eight),
    ))
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
        queen(square, occupied) => queen(square, occupied),
        rook_and_bishop(square, occupied) => {
            let mut bishop = Bitboard::EMPTY;
            (rook_and_bishop(square, occupied, &mut bishop), bishop)
        },
        rook_batch(queries, out) => batch(queries, out, &ROOK),
        bishop_batch(queries, out) => batch(queries, out, &BISHOP),
    }
}
