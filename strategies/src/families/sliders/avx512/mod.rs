//! AVX-512 slider kernels (x86-64 only; compiled out elsewhere).
//!
//! Each kernel type holds an [`Avx512`](crate::framework::cpu::Avx512) token, so the `#[target_feature]`
//! code is reachable only after run-time detection succeeded. Only AVX-512 Foundation is
//! assumed: no 64-bit multiply (`vpmullq` is AVX-512DQ) and no 256-bit forms (AVX-512VL).

pub mod kogge_stone;
pub mod kogge_stone_batch;
pub mod magic_gather;

use crate::board::bitboard::Bitboard;
use crate::families::sliders::SliderQuery;
use core::arch::x86_64::*;
use core::mem::{offset_of, size_of};

/// The squares and the occupancies of eight queries, one per lane. Never a load across a
/// whole [`SliderQuery`]: its padding bytes may not be read. The squares are inserted one by
/// one; the occupancies come with one gather of the `occupied` fields (faster for
/// `kogge_stone_avx512_batch` than inserting them too: docs/notebook.md, "Measurements behind
/// the code").
#[target_feature(enable = "avx512f")]
#[inline]
fn load_queries(queries: &[SliderQuery; 8]) -> (__m512i, __m512i) {
    let square = |i: usize| queries[i].square as i64;
    let squares = _mm512_setr_epi64(
        square(0),
        square(1),
        square(2),
        square(3),
        square(4),
        square(5),
        square(6),
        square(7),
    );
    let stride = size_of::<SliderQuery>() as i64;
    let offsets = _mm512_setr_epi64(
        0,
        stride,
        2 * stride,
        3 * stride,
        4 * stride,
        5 * stride,
        6 * stride,
        7 * stride,
    );
    let occupied = queries
        .as_ptr()
        .cast::<u8>()
        .wrapping_add(offset_of!(SliderQuery, occupied));
    // SAFETY: lane `i` reads the 8 bytes at `occupied + i * stride`: the `occupied` field of
    // `queries[i]`, a `Bitboard` (a `u64`), initialised and inside the array.
    let occupancies = unsafe { _mm512_i64gather_epi64::<1>(offsets, occupied.cast::<i64>()) };
    (squares, occupancies)
}

/// Stores eight lanes to eight bitboards.
#[target_feature(enable = "avx512f")]
#[inline]
fn store_bitboards(lanes: __m512i, out: &mut [Bitboard; 8]) {
    // SAFETY: `Bitboard` is a `repr(transparent)` `u64`, so `out` is 64 writable bytes;
    // `_mm512_storeu_si512` needs no alignment.
    unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast::<__m512i>(), lanes) }
}
