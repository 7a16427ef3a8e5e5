//! The fancy magic lookup of eight queries at once: the per-square entries and then the
//! attacks are read with AVX-512 gathers.
//!
//! Source: new, after [`crate::families::sliders::magic`]. Footprint: the magic tables (rook 805.5 KiB,
//! bishop 46.5 KiB). CPU features: AVX-512F.
//!
//! Three gathers read the eight squares' mask, magic and tagged slice address (shift in the
//! low six bits) from the arrays of [`MagicEntries`], a fourth the eight answers. AVX-512F has no 64-bit multiply
//! (`vpmullq` needs AVX-512DQ), so the product's low 64 bits are built from three 32-bit
//! multiplies (`vpmuludq`): `lo·lo + ((lo·hi + hi·lo) << 32)`. Whether four gathers and the
//! multiply beat eight scalar lookups, whose loads the core overlaps anyway, is what this
//! variant measures.

use super::{load_queries, store_bitboards};
use crate::families::sliders::magic::{
    self, MagicEntries, BISHOP_ATTACKS, BISHOP_ENTRIES, ROOK_ATTACKS, ROOK_ENTRIES,
};
use crate::families::sliders::{Slider, SliderQuery};
use crate::framework::chunks::in_chunks;
use crate::framework::cpu::Avx512;
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::arch::x86_64::*;

/// The low 64 bits of `a * b`, lane-wise, from 32-bit multiplies.
#[target_feature(enable = "avx512f")]
#[inline]
fn multiply(a: __m512i, b: __m512i) -> __m512i {
    let low = _mm512_mul_epu32(a, b);
    let cross = _mm512_add_epi64(
        _mm512_mul_epu32(a, _mm512_srli_epi64::<32>(b)),
        _mm512_mul_epu32(_mm512_srli_epi64::<32>(a), b),
    );
    _mm512_add_epi64(low, _mm512_slli_epi64::<32>(cross))
}

/// The attacks of eight queries, one per lane, from `entries` and `table` (whose slices the
/// entries point into).
#[target_feature(enable = "avx512f")]
#[inline]
fn eight<const N: usize>(
    squares: __m512i,
    occupied: __m512i,
    entries: &MagicEntries,
    table: &[Bitboard; N],
) -> __m512i {
    // SAFETY: every lane holds a square in 0..=63, so each gather reads one element of
    // each array of `entries`: the mask, the magic and the tagged slice address (read as an
    // integer: only its value is used, never as a pointer).
    let (mask, magic, tagged) = unsafe {
        (
            _mm512_i64gather_epi64::<8>(squares, entries.masks.as_ptr().cast()),
            _mm512_i64gather_epi64::<8>(squares, entries.magics.as_ptr().cast()),
            _mm512_i64gather_epi64::<8>(squares, entries.slices.as_ptr().cast()),
        )
    };
    let product = multiply(_mm512_and_si512(occupied, mask), magic);
    let shift = _mm512_and_si512(tagged, _mm512_set1_epi64(63));
    let slice = _mm512_andnot_si512(_mm512_set1_epi64(63), tagged);
    let table_address = _mm512_set1_epi64(table.as_ptr().addr() as i64);
    let slice_bytes = _mm512_sub_epi64(slice, table_address);
    let index = _mm512_srlv_epi64(product, shift);
    let bytes = _mm512_add_epi64(slice_bytes, _mm512_slli_epi64::<3>(index));
    // SAFETY: each lane's byte offset is that of the entry `magic`'s scalar lookup reads for
    // its query (the slice's offset in `table` plus the index), which `magic` proves inside
    // `table` (see its `lookup`): the gather reads eight entries of `table`.
    unsafe { _mm512_i64gather_epi64::<1>(bytes, table.as_ptr().cast::<i64>()) }
}

#[target_feature(enable = "avx512f")]
fn batch<const N: usize>(
    queries: &[SliderQuery],
    out: &mut [Bitboard],
    entries: &MagicEntries,
    table: &[Bitboard; N],
) {
    let pad = SliderQuery::new(Square::A1, Bitboard::EMPTY);
    in_chunks(
        queries,
        out,
        pad,
        |queries: &[SliderQuery; 8], out: &mut [Bitboard; 8]| {
            // A closure inherits `batch`'s target features.
            let (squares, occupied) = load_queries(queries);
            store_bitboards(eight(squares, occupied, entries, table), out);
        },
    );
}

/// Queens: each group of eight queries loaded once, its rook and bishop lookups ORed in
/// registers, one store.
#[target_feature(enable = "avx512f")]
fn queen_batch(queries: &[SliderQuery], out: &mut [Bitboard]) {
    let pad = SliderQuery::new(Square::A1, Bitboard::EMPTY);
    in_chunks(
        queries,
        out,
        pad,
        |queries: &[SliderQuery; 8], out: &mut [Bitboard; 8]| {
            // A closure inherits `queen_batch`'s target features.
            let (squares, occupied) = load_queries(queries);
            let rook = eight(squares, occupied, &ROOK_ENTRIES.0, &ROOK_ATTACKS.0);
            let bishop = eight(squares, occupied, &BISHOP_ENTRIES.0, &BISHOP_ATTACKS.0);
            store_bitboards(_mm512_or_si512(rook, bishop), out);
        },
    );
}

/// Magic lookups by gathers, eight per batch step. Holds the AVX-512 token.
#[derive(Clone, Copy, Debug)]
pub struct MagicGatherAvx512(Avx512);

impl MagicGatherAvx512 {
    pub fn new(avx512: Avx512) -> MagicGatherAvx512 {
        MagicGatherAvx512(avx512)
    }
}

impl Slider for MagicGatherAvx512 {
    /// A single query is the scalar magic lookup: a gather pays only for eight.
    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        magic::Magic.rook(square, occupied)
    }

    /// A single query is the scalar magic lookup: a gather pays only for eight.
    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        magic::Magic.bishop(square, occupied)
    }

    #[inline]
    fn rook_batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { batch(queries, out, &ROOK_ENTRIES.0, &ROOK_ATTACKS.0) }
    }

    #[inline]
    fn bishop_batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { batch(queries, out, &BISHOP_ENTRIES.0, &BISHOP_ATTACKS.0) }
    }

    #[inline]
    fn queen_batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { queen_batch(queries, out) }
    }
}
