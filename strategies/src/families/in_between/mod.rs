//! In-between squares: the set of squares strictly between two squares on a common line.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § In Between, and its four
//! space/time tradeoffs. Typical use is the legality test of a sliding move: the move from `a`
//! to `b` is unobstructed when `between(a, b) & occupancy` is empty.
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! below; `cargo run --release -- list --only in_between` prints them.

pub mod calculated;
pub mod lane_calculated;
#[cfg(feature = "peers")]
pub mod peers;
pub mod rectangular;
#[cfg(feature = "bench")]
pub mod reference;
pub mod triangular;
#[cfg(feature = "bench")]
pub mod workloads;
pub mod x88_rotate;

#[cfg(target_arch = "x86_64")]
pub mod avx512;
#[cfg(target_arch = "x86_64")]
pub mod lane_gather;

use crate::framework::family::Source;
use crate::{board::bitboard::Bitboard, board::square::Square, board::square::SquarePair};

/// The seed page its techniques come from (`shared/seeds/`).
const SEED: &str = "000_25ad13ed25e2ec35.txt";

/// The in-between family.
///
/// # Semantics (every variant, every edge case)
/// `between(a, b)` is the set of squares strictly between `a` and `b` when the two share a
/// rank, a file, a diagonal or an anti-diagonal; neither `a` nor `b` is in it. It is empty
/// otherwise, which includes `a == b`, adjacent squares (nothing lies between them) and squares
/// a knight's move apart. It is symmetric: `between(a, b) == between(b, a)`.
pub trait InBetween: Copy {
    /// The squares strictly between `a` and `b`, or the empty set (see the trait's semantics).
    fn between(self, a: Square, b: Square) -> Bitboard;

    crate::framework::family::scalar_batch!(
        fn between_batch(self, pairs: &[SquarePair], out: &mut [Bitboard])
            = |pair| self.between(pair.from, pair.to)
    );
}

crate::framework::family::table::family! {
    /// Marker type for the in-between family, as the harness sees it.
    pub struct InBetweenFamily {
        name: "in_between",
        summary: "the squares strictly between two squares on a common line; empty otherwise",
        query: SquarePair => Bitboard,
        reference: |pair| reference::between(pair.from, pair.to),
        echo: |pair| Bitboard(pair.from as u64 | (pair.to as u64) << 8),
    }

    /// The registry: every in-between variant, ours first, peers last.
    pub enum InBetweenVariant: BetweenUser(InBetween) {
        Rectangular {
            name: "rectangular",
            summary: "64x64 table of in-between sets, one load",
            kernel: rectangular::Rectangular,
            source: Source::seed(SEED, "Rectangular Lookup"),
            footprint: rectangular::TABLE_BYTES,
        },
        Triangular {
            name: "triangular",
            summary: "64*65/2-entry table, min/max by sign mask into a triangular index",
            kernel: triangular::Triangular,
            source: Source::seed(SEED, "Triangular Lookup"),
            footprint: triangular::TABLE_BYTES,
        },
        X88Rotate {
            name: "x88_rotate",
            summary: "240-entry table by 0x88 difference, rotated left by the from-square",
            kernel: x88_rotate::X88Rotate,
            source: Source::seed(SEED, "0x88 Difference"),
            footprint: x88_rotate::TABLE_BYTES,
        },
        Calculated {
            name: "calculated",
            summary: "branchless pure calculation, no table",
            kernel: calculated::Calculated,
            source: Source::seed(SEED, "Pure Calculation"),
            footprint: 0,
        },
        CalculatedAvx2 {
            name: "calculated_avx2",
            summary: "the pure calculation on four pairs per __m256i; multiply becomes sllv",
            needs: avx2,
            kernel: lane_calculated::CalculatedAvx2::new(avx2),
            source: Source::New,
            footprint: 0,
        },
        RectangularGatherAvx2 {
            name: "rectangular_gather_avx2",
            summary: "the rectangular table, four lookups per _mm256_i64gather_epi64",
            needs: avx2,
            kernel: lane_gather::RectangularGatherAvx2::new(avx2),
            source: Source::New,
            footprint: rectangular::TABLE_BYTES,
        },
        CalculatedAvx512 {
            name: "calculated_avx512",
            summary: "the pure calculation on eight pairs per __m512i; line selection by mask registers",
            needs: avx512,
            kernel: avx512::calculated::CalculatedAvx512::new(avx512),
            source: Source::New,
            footprint: 0,
        },
        RectangularGatherAvx512 {
            name: "rectangular_gather_avx512",
            summary: "the rectangular table, eight lookups per _mm512_i64gather_epi64",
            needs: avx512,
            kernel: lane_gather::RectangularGatherAvx512::new(avx512),
            source: Source::New,
            footprint: rectangular::TABLE_BYTES,
        },
        CalculatedNeon {
            name: "calculated_neon",
            summary: "the pure calculation on two pairs per 128-bit vector; multiply becomes vshl",
            needs: neon,
            kernel: lane_calculated::CalculatedNeon::new(neon),
            source: Source::New,
            footprint: 0,
        },
        #[cfg(feature = "peers")]
        Chess {
            name: "chess",
            summary: "chess::between, a 64x64 table",
            kernel: peers::Chess,
            source: Source::external("chess 3.2", "chess::between", "computed by a build script"),
            footprint: peers::CHESS_BETWEEN_BYTES,
        },
        #[cfg(feature = "peers")]
        CozyChess {
            name: "cozy_chess",
            summary: "cozy_chess::get_between_rays, a 64x64 table",
            kernel: peers::CozyChess,
            source: Source::external("cozy-chess 0.3", "cozy_chess::get_between_rays", "computed in const items"),
            footprint: peers::COZY_CHESS_BETWEEN_BYTES,
        },
    }

    // Every technique is a kernel: a query calls `between`, a batch `between_batch`.
    impl<T: InBetween> Kernel for T {
        query(pair) => between(pair.from, pair.to),
        batch => between_batch,
    }
}

/// The [`InBetween`] methods of a lane kernel ([`crate::framework::simd::LaneKernel`]), written inside its
/// `impl InBetween`: a batch runs lane by lane, one pair through the whole vector (the other
/// lanes compute the same pair).
macro_rules! through_lanes {
    () => {
        #[inline]
        fn between(
            self,
            a: $crate::board::square::Square,
            b: $crate::board::square::Square,
        ) -> $crate::board::bitboard::Bitboard {
            $crate::framework::simd::one(self, $crate::board::square::SquarePair::new(a, b))
        }

        #[inline]
        fn between_batch(
            self,
            pairs: &[$crate::board::square::SquarePair],
            out: &mut [$crate::board::bitboard::Bitboard],
        ) {
            $crate::framework::simd::batch(self, pairs, out)
        }
    };
}
pub(crate) use through_lanes;

#[cfg(test)]
mod tests {
    use super::*;

    crate::bench::testing::family_tests!(InBetweenFamily);
}
