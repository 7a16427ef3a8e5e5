//! The rectangular table, one lookup per 64-bit lane by a gather, written once over
//! `simd::Gather` and instantiated per instruction set:
//! `RectangularGatherAvx2` (four lookups per `_mm256_i64gather_epi64`) and
//! `RectangularGatherAvx512` (eight per `_mm512_i64gather_epi64`).
//!
//! Source: new, after seed `000_25ad13ed25e2ec35.txt` § Rectangular Lookup. Footprint: the
//! 32 KiB of [`crate::families::in_between::rectangular::TABLE`]. CPU features: AVX2 or AVX-512F, by
//! instance; each holds its instruction set's token. Whether a gather beats scalar loads
//! depends on the microarchitecture; that is what these variants are for.

use super::rectangular::TABLE;
use super::InBetween;
use crate::framework::simd::{Gather, LaneBody, Lanes};

/// The body: the rectangular table's entry for the pair in every lane.
#[derive(Clone, Copy, Debug)]
pub struct RectangularLookup;

/// Four lookups per `__m256i`.
pub type RectangularGatherAvx2 = Lanes<RectangularLookup, core::arch::x86_64::__m256i, 4>;
/// Eight lookups per `__m512i`.
pub type RectangularGatherAvx512 = Lanes<RectangularLookup, core::arch::x86_64::__m512i, 8>;

impl<V: Gather<N>, const N: usize> InBetween for Lanes<RectangularLookup, V, N> {
    super::through_lanes!();
}

impl<V: Gather<N>, const N: usize> LaneBody<V, N> for RectangularLookup {
    #[inline(always)]
    unsafe fn lanes(pairs: V) -> V {
        // `from | to << 8` (see `simd::Lane`) becomes the flat index `from * 64 + to`.
        let index = pairs.and(V::splat(0xff)).shl::<6>().or(pairs.shr::<8>());
        // SAFETY: every lane is `from * 64 + to` with both below 64, so below 4096, the
        // table's length; the caller meets the conditions of `Vector`'s methods.
        unsafe { V::gather(TABLE.0.as_flattened(), index) }
    }
}
