//! Kogge-Stone on eight queries at once, one query per lane of a `__m512i`, a direction at a
//! time.
//!
//! Source: new, after seed `002_6293cd1af08cea25.txt` § Multiple Sliders (the Kogge-Stone
//! fill per direction, as [`crate::families::sliders::kogge_stone`]). Footprint: none. CPU features:
//! AVX-512F.
//!
//! The scalar fill, lane-wise: every lane of a step rotates by the same count (the
//! direction's), so the four directions of a piece run one after the other, each about
//! fifteen instructions for eight queries, with `a | (b & c)` as one `vpternlogq`. The
//! sliders' bits come from `vpsllvq` of 1 by the squares. A queen runs the rook's four
//! directions and the bishop's on the same lanes (before it had its own batch, a queen batch
//! was a rook and a bishop query per queen, each on one lane; docs/notebook.md, "Measurements
//! behind the code", has what that cost). Pays only in batches: a single query runs the
//! eight-lane kernel with seven lanes idle.

use super::{load_queries, store_bitboards};
use crate::board::geometry::Direction;
use crate::families::sliders::SliderQuery;
use crate::framework::chunks::in_chunks;
use crate::framework::cpu::Avx512;
use crate::framework::simd::fills::rotate_fill;
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::arch::x86_64::*;

/// The attacks in `direction` of the slider bits `sliders` given `occupied`, lane-wise.
#[target_feature(enable = "avx512f")]
#[inline]
fn direction_attacks(sliders: __m512i, occupied: __m512i, direction: Direction) -> __m512i {
    let count = |step: u32| _mm512_set1_epi64(((direction.rotation() << step) % 64) as i64);
    let landing = _mm512_set1_epi64(direction.rotate_landing() as i64);
    let propagate = _mm512_andnot_si512(occupied, landing);
    rotate_fill(sliders, propagate, [count(0), count(1), count(2)], landing)
}

/// The attacks of eight sliders, one per lane, in the four `directions`.
#[target_feature(enable = "avx512f")]
#[inline]
fn eight(squares: __m512i, occupied: __m512i, directions: [Direction; 4]) -> __m512i {
    let sliders = _mm512_sllv_epi64(_mm512_set1_epi64(1), squares);
    let [a, b, c, d] = directions.map(|d| direction_attacks(sliders, occupied, d));
    _mm512_or_si512(_mm512_or_si512(a, b), _mm512_or_si512(c, d))
}

/// The attacks of eight sliders, one per lane, each moving as every piece of `pieces` (the
/// rook's directions, the bishop's, or both for a queen).
#[target_feature(enable = "avx512f")]
#[inline]
fn pieces(squares: __m512i, occupied: __m512i, pieces: &[[Direction; 4]]) -> __m512i {
    let mut lanes = _mm512_setzero_si512();
    for &directions in pieces {
        lanes = _mm512_or_si512(lanes, eight(squares, occupied, directions));
    }
    lanes
}

#[target_feature(enable = "avx512f")]
fn one(square: Square, occupied: Bitboard, moves: &[[Direction; 4]]) -> Bitboard {
    let squares = _mm512_set1_epi64(square as i64);
    let occupied = _mm512_set1_epi64(occupied.0 as i64);
    let lanes = pieces(squares, occupied, moves);
    Bitboard(_mm_cvtsi128_si64(_mm512_castsi512_si128(lanes)) as u64)
}

#[target_feature(enable = "avx512f")]
fn batch(queries: &[SliderQuery], out: &mut [Bitboard], moves: &[[Direction; 4]]) {
    let pad = SliderQuery::new(Square::A1, Bitboard::EMPTY);
    in_chunks(
        queries,
        out,
        pad,
        |queries: &[SliderQuery; 8], out: &mut [Bitboard; 8]| {
            // A closure inherits `batch`'s target features.
            let (squares, occupied) = load_queries(queries);
            store_bitboards(pieces(squares, occupied, moves), out);
        },
    );
}

crate::families::sliders::support::held::feature_slider! {
    /// Kogge-Stone, eight queries per `__m512i`. Holds the AVX-512 token.
    pub struct KoggeStoneAvx512Batch(Avx512): "avx512f" {
        rook(square, occupied) => one(square, occupied, &[Direction::ROOK]),
        bishop(square, occupied) => one(square, occupied, &[Direction::BISHOP]),
        queen(square, occupied) => one(square, occupied, &[Direction::ROOK, Direction::BISHOP]),
        rook_batch(queries, out) => batch(queries, out, &[Direction::ROOK]),
        bishop_batch(queries, out) => batch(queries, out, &[Direction::BISHOP]),
        queen_batch(queries, out) => {
            batch(queries, out, &[Direction::ROOK, Direction::BISHOP])
        },
    }
}
