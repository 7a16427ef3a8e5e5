//! AVX-512 slider kernels (x86-64 only; compiled out elsewhere).
//!
//! Each kernel type holds an [`Avx512`](crate::framework::cpu::Avx512) token, so the `#[target_feature]`
//! code is reachable only after run-time detection succeeded. Only AVX-512 Foundation is
//! assumed: no 64-bit multiply (`vpmullq` is AVX-512DQ) and no 256-bit forms (AVX-512VL).

pub mod kogge_stone;
pub mod kogge_stone_batch;

use crate::board::bitboard::Bitboard;
use crate::families::sliders::SliderQuery;
use core::arch::x86_64::*;
use core::mem::{offset_of, size_of};

/// The squares and the occupancies of eight queries, one per lane. Never a load across a
/// whole [`SliderQuery`]: its padding bytes may not be read. The squares are inserted one by
/// one. The occupancies come from two masked loads, each of the `occupied` fields of four
/// queries alone (the lanes a masked load leaves out are not read), packed by one permute:
/// faster for `kogge_stone_avx512_batch` than one gather of the eight fields, which was faster
/// than inserting them too (docs/notebook.md, "Measurements behind the code").
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
    let words = queries.as_ptr().cast::<i64>();
    // SAFETY: `queries` is eight 16-byte queries, 128 readable bytes from `words`; each load
    // reads, of the 64 bytes at its address, only the lanes of `OCCUPIED_LANES`: the
    // `occupied` fields of four queries, initialised `u64`s (`Bitboard` is `repr(transparent)`).
    let (first, second) = unsafe {
        (
            _mm512_maskz_loadu_epi64(OCCUPIED_LANES, words),
            _mm512_maskz_loadu_epi64(OCCUPIED_LANES, words.add(8)),
        )
    };
    let lane = OCCUPIED_LANE;
    let picks = _mm512_setr_epi64(
        lane,
        lane + 2,
        lane + 4,
        lane + 6,
        8 + lane,
        10 + lane,
        12 + lane,
        14 + lane,
    );
    let occupancies = _mm512_permutex2var_epi64(first, picks, second);
    (squares, occupancies)
}

/// The 64-bit lane of a query that holds its `occupied` field, a query being two lanes.
const OCCUPIED_LANE: i64 = (offset_of!(SliderQuery, occupied) / 8) as i64;
/// `OCCUPIED_LANE` of each of the four queries in 64 bytes.
const OCCUPIED_LANES: __mmask8 = 0x55 << OCCUPIED_LANE;
const _: () = assert!(size_of::<SliderQuery>() == 16 && offset_of!(SliderQuery, occupied) % 8 == 0);

/// Stores eight lanes to eight bitboards.
#[target_feature(enable = "avx512f")]
#[inline]
fn store_bitboards(lanes: __m512i, out: &mut [Bitboard; 8]) {
    // SAFETY: `Bitboard` is a `repr(transparent)` `u64`, so `out` is 64 writable bytes;
    // `_mm512_storeu_si512` needs no alignment.
    unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast::<__m512i>(), lanes) }
}
