//! Kogge-Stone with the directions in the eight lanes of one `__m512i`: all eight directions
//! of one query, or the four directions of two queries.
//!
//! Source: new, after seed `002_6293cd1af08cea25.txt` § Multiple Sliders (the Kogge-Stone
//! fill per direction, as [`crate::families::sliders::kogge_stone`]). Footprint: none. CPU features:
//! AVX-512F.
//!
//! Every step is a per-lane rotate (`vprolvq`) by the direction's offset modulo 64, so
//! positive and negative directions need no separate shifts; [`Direction::rotate_landing`]
//! clears what a rotate brings round the board's side, top or bottom. `a | (b & c)` is one
//! `vpternlogq`.
//!
//! - One query ([`Slider::rook`](crate::families::sliders::Slider::rook), [`Slider::bishop`](crate::families::sliders::Slider::bishop), [`Slider::queen`](crate::families::sliders::Slider::queen)): lanes 0..=3 hold
//!   the rook's directions and lanes 4..=7 the bishop's. A rook query starts the fill in lanes
//!   0..=3 only and a bishop query in lanes 4..=7, so a queen costs no more; the lanes are
//!   ORed together at the end (`_mm512_reduce_or_epi64`). A rook and a bishop on one square
//!   ([`Slider::rook_and_bishop`](crate::families::sliders::Slider::rook_and_bishop), what the
//!   super-piece asks) are one fill of all eight lanes, each piece's four ORed apart.
//! - A batch runs two queries of one piece per register, the first in the even lanes and the
//!   second in the odd, a direction per pair of lanes: every lane works, and the reduction is
//!   two folds of the register in half (256 and 128 bits), leaving both answers side by side.
//!   One query per register used half the lanes and a longer reduction, and gained less
//!   over the scalar `kogge_stone` than pairs do (docs/notebook.md, "Measurements behind the
//!   code").
//! - A queen batch runs two queens per step, each with its eight directions in one register as
//!   a single query has them, and reduces both registers at once
//!   (`simd::fills::or_lanes_in_pairs`).

use crate::board::geometry::Direction;
use crate::families::sliders::SliderQuery;
use crate::framework::chunks::in_chunks;
use crate::framework::cpu::Avx512;
use crate::framework::simd::fills::{from_lanes, or_lanes_in_pairs, rotate_fill, store_pair};
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::arch::x86_64::*;

/// Each lane's direction as the fill needs it: the rotation of a step of one, two and four
/// squares, and the squares a rotated step may land on.
struct Lanes {
    rotations: [[i64; 8]; 3],
    landings: [i64; 8],
}

impl Lanes {
    const fn new(directions: [Direction; 8]) -> Lanes {
        let mut lanes = Lanes {
            rotations: [[0; 8]; 3],
            landings: [0; 8],
        };
        let mut lane = 0;
        while lane < 8 {
            let direction = directions[lane];
            let mut step = 0;
            while step < 3 {
                lanes.rotations[step][lane] = ((direction.rotation() << step) % 64) as i64;
                step += 1;
            }
            lanes.landings[lane] = direction.rotate_landing() as i64;
            lane += 1;
        }
        lanes
    }

    /// Four directions, each in two neighbouring lanes: one for each query of a pair.
    const fn pairs(directions: [Direction; 4]) -> Lanes {
        let [a, b, c, d] = directions;
        Lanes::new([a, a, b, b, c, c, d, d])
    }
}

/// One query: the rook's directions in lanes 0..=3, the bishop's in 4..=7.
const QUEEN: Lanes = {
    let [a, b, c, d] = Direction::ROOK;
    let [e, f, g, h] = Direction::BISHOP;
    Lanes::new([a, b, c, d, e, f, g, h])
};
/// Two rook queries, the first in the even lanes and the second in the odd.
const ROOK_PAIR: Lanes = Lanes::pairs(Direction::ROOK);
/// Two bishop queries, as [`ROOK_PAIR`].
const BISHOP_PAIR: Lanes = Lanes::pairs(Direction::BISHOP);

/// Lanes a rook query fills.
const ROOK_LANES: __mmask8 = 0x0f;
/// Lanes a bishop query fills.
const BISHOP_LANES: __mmask8 = 0xf0;
/// The odd lanes: the second query of a pair.
const ODD_LANES: __mmask8 = 0xaa;

/// Each lane's attacks along its direction in `lanes`, from the slider in `generator` through
/// the squares not in `occupied`.
#[target_feature(enable = "avx512f")]
#[inline]
fn fill(generator: __m512i, occupied: __m512i, lanes: &Lanes) -> __m512i {
    let landing = from_lanes(lanes.landings);
    let steps = lanes.rotations.map(|counts| from_lanes(counts));
    rotate_fill(
        generator,
        _mm512_andnot_si512(occupied, landing),
        steps,
        landing,
    )
}

/// The attacks of a slider on `square` in the directions of the `lanes` mask, ORed.
#[target_feature(enable = "avx512f")]
#[inline]
fn attacks(square: Square, occupied: Bitboard, lanes: __mmask8) -> Bitboard {
    let slider = Bitboard::from_square(square).0 as i64;
    let generator = _mm512_maskz_set1_epi64(lanes, slider);
    let occupied = _mm512_set1_epi64(occupied.0 as i64);
    Bitboard(_mm512_reduce_or_epi64(fill(generator, occupied, &QUEEN)) as u64)
}

/// The rook's attacks from `square` and, through `bishop`, the bishop's: one fill of all eight
/// lanes, the rook's four and the bishop's four each ORed. Not a pair returned, for the reason
/// the AVX2 kernel's `rook_and_bishop` gives.
#[target_feature(enable = "avx512f")]
#[inline]
fn rook_and_bishop(square: Square, occupied: Bitboard, bishop: &mut Bitboard) -> Bitboard {
    let slider = Bitboard::from_square(square).0 as i64;
    let eight = fill(
        _mm512_set1_epi64(slider),
        _mm512_set1_epi64(occupied.0 as i64),
        &QUEEN,
    );
    let (rook, bishops) = (
        _mm512_castsi512_si256(eight),
        _mm512_extracti64x4_epi64::<1>(eight),
    );
    // Per 128-bit half: [rook 0 | rook 1, bishop 0 | bishop 1], then [.. 2 | .. 3].
    let pairs = _mm256_or_si256(
        _mm256_unpacklo_epi64(rook, bishops),
        _mm256_unpackhi_epi64(rook, bishops),
    );
    let both = _mm_or_si128(
        _mm256_castsi256_si128(pairs),
        _mm256_extracti128_si256::<1>(pairs),
    );
    *bishop = Bitboard(_mm_extract_epi64::<1>(both) as u64);
    Bitboard(_mm_cvtsi128_si64(both) as u64)
}

/// The attacks of two queries of one piece (`lanes`: [`ROOK_PAIR`] or [`BISHOP_PAIR`]), the
/// first in the even lanes and the second in the odd.
#[target_feature(enable = "avx512f")]
#[inline]
fn pair(queries: &[SliderQuery; 2], out: &mut [Bitboard; 2], lanes: &Lanes) {
    let interleave = |value: fn(&SliderQuery) -> u64| {
        let first = _mm512_set1_epi64(value(&queries[0]) as i64);
        _mm512_mask_set1_epi64(first, ODD_LANES, value(&queries[1]) as i64)
    };
    // The slider's square as a rotation of a1: no variable shift on a scalar port.
    let squares = interleave(|query| query.square as u64);
    let generator = _mm512_rolv_epi64(_mm512_set1_epi64(1), squares);
    let occupied = interleave(|query| query.occupied.0);
    // The four 128-bit blocks each hold one direction of both queries.
    store_pair(fill(generator, occupied, lanes), out);
}

#[target_feature(enable = "avx512f")]
fn batch(queries: &[SliderQuery], out: &mut [Bitboard], lanes: &Lanes) {
    let pad = SliderQuery::new(Square::A1, Bitboard::EMPTY);
    in_chunks(
        queries,
        out,
        pad,
        |queries: &[SliderQuery; 2], out: &mut [Bitboard; 2]| {
            // A closure inherits `batch`'s target features.
            pair(queries, out, lanes);
        },
    );
}

/// Queens, each with its eight directions in one register as a single query has them, two
/// per step sharing the reduction ([`or_lanes_in_pairs`]).
#[target_feature(enable = "avx512f")]
fn queen_batch(queries: &[SliderQuery], out: &mut [Bitboard]) {
    let pad = SliderQuery::new(Square::A1, Bitboard::EMPTY);
    or_lanes_in_pairs(queries, out, pad, |query| {
        let square = _mm512_set1_epi64(query.square as i64);
        let generator = _mm512_rolv_epi64(_mm512_set1_epi64(1), square);
        fill(
            generator,
            _mm512_set1_epi64(query.occupied.0 as i64),
            &QUEEN,
        )
    });
}

crate::families::sliders::support::held::feature_slider! {
    /// Kogge-Stone, eight directions per `__m512i`. Holds the AVX-512 token.
    pub struct KoggeStoneAvx512(Avx512): "avx512f" {
        rook(square, occupied) => attacks(square, occupied, ROOK_LANES),
        bishop(square, occupied) => attacks(square, occupied, BISHOP_LANES),
        queen(square, occupied) => attacks(square, occupied, ROOK_LANES | BISHOP_LANES),
        rook_and_bishop(square, occupied) => {
            let mut bishop = Bitboard::EMPTY;
            (rook_and_bishop(square, occupied, &mut bishop), bishop)
        },
        rook_batch(queries, out) => batch(queries, out, &ROOK_PAIR),
        bishop_batch(queries, out) => batch(queries, out, &BISHOP_PAIR),
        queen_batch(queries, out) => queen_batch(queries, out),
    }
}
