//! Pawn structure: the isolated, half-isolated and passed pawns of both sides.
//!
//! Source: seed `004_11d864785c92de7d.txt` (Attack Spans), the three rules at its end, built on
//! the spans and fills of [`crate::families::attack_spans`].
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! below; `cargo run --release -- list --only pawn_structure` prints them.

pub mod lane_batch;
pub mod per_pawn_loop;
#[cfg(feature = "bench")]
pub mod reference;
pub mod spans;
#[cfg(feature = "bench")]
pub mod workloads;

use crate::framework::family::Source;
use crate::{board::bitboard::Bitboard, framework::answer::bitboard_answer};
use core::fmt;

/// The seed page its techniques come from (`shared/seeds/`).
const SEED: &str = "004_11d864785c92de7d.txt";

/// The input: the pawns of both sides. `repr(C)`: two `u64`s, which SIMD kernels load whole.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[repr(C)]
pub struct Pawns {
    pub white: Bitboard,
    pub black: Bitboard,
}

/// Draws the board with rank 8 on top: `P` a white pawn, `p` a black one, `X` a square in
/// both sets, `.` an empty square.
impl fmt::Display for Pawns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let bit = 1u64 << (rank * 8 + file);
                let cell = match (self.white.0 & bit != 0, self.black.0 & bit != 0) {
                    (true, true) => 'X',
                    (true, false) => 'P',
                    (false, true) => 'p',
                    (false, false) => '.',
                };
                if file > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{cell}")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// The answer: three sets per side. `repr(C)`: six `u64`s in this order, which the SIMD
/// kernels store directly.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[repr(C)]
pub struct Structure {
    pub white_isolated: Bitboard,
    pub white_half_isolated: Bitboard,
    pub white_passed: Bitboard,
    pub black_isolated: Bitboard,
    pub black_half_isolated: Bitboard,
    pub black_passed: Bitboard,
}

bitboard_answer!(Structure {
    white_isolated,
    white_half_isolated,
    white_passed,
    black_isolated,
    black_half_isolated,
    black_passed,
});

// SAFETY: `repr(C)` of two `repr(transparent)` `u64`s: 16 bytes, alignment 8, no padding.
unsafe impl crate::framework::simd::AsWords<2> for Pawns {}
// SAFETY: `repr(C)` of six `repr(transparent)` `u64`s; any `u64` is a valid `Bitboard`.
unsafe impl crate::framework::simd::AsWords<6> for Structure {}
// SAFETY: as for `AsWords<6>`.
unsafe impl crate::framework::simd::FromWords<6> for Structure {}

/// The pawn-structure family.
///
/// # Semantics (every variant, every edge case)
/// Each side's pawns are judged by the seed's three rules, with its attack file fills and
/// front spans as [`crate::families::attack_spans::AttackSpans`] defines them:
///
/// - **isolated**: a pawn that is not a member of the union of its own side's east and west
///   attack file fills, that is, with no own pawn on either neighbouring file;
/// - **half-isolated**: a pawn that is a member of exactly one of its own side's east and west
///   attack file fills: an own pawn on one neighbouring file and none on the other. The seed's
///   sentence ("not member of own west or east attack filefills") is read with the isolated
///   pawns of the next rule left out, as its author's Isolated Pawns page computes it
///   (`noNeighborOnEastFile ^ noNeighborOnWestFile`): isolated and half-isolated are disjoint.
///   A pawn on the a- or h-file has one neighbouring file only, so it is half-isolated when a
///   pawn of its side stands on that file and isolated otherwise;
/// - **passed**: a pawn that is not a member of the union of the opponent's front spans and
///   front attack spans, that is, with no opponent pawn ahead of it (towards its promotion
///   rank) on its own file or a neighbouring one. Own pawns in front do not matter.
///
/// Pawns on the first and last ranks are judged by the same rules (a white pawn on rank 8 is
/// passed). The sides are expected to be disjoint, as on a board; if a square is in both sets,
/// it counts as a white pawn and as a black pawn. Every answer set is a subset of its side's
/// pawns; no pawns give six empty sets.
pub trait PawnStructure: Copy {
    /// The isolated, half-isolated and passed pawns of both sides of `pawns`.
    fn structure(self, pawns: Pawns) -> Structure;

    crate::framework::family::scalar_batch!(
        fn structure_batch(self, inputs: &[Pawns], out: &mut [Structure])
            = |&pawns| self.structure(pawns)
    );
}

crate::framework::family::table::family! {
    /// Marker type for the pawn-structure family, as the harness sees it.
    pub struct PawnStructureFamily {
        name: "pawn_structure",
        summary: "the isolated, half-isolated and passed pawns of both sides",
        query: Pawns => Structure,
        reference: |pawns| reference::structure(pawns),
        echo: |pawns| Structure {
            white_isolated: pawns.white,
            black_isolated: pawns.black,
            ..Structure::default()
        },
    }

    /// The registry: every pawn-structure variant.
    pub enum PawnStructureVariant: PawnsUser(PawnStructure) {
        Spans {
            name: "spans",
            summary: "set-wise from attack file fills and front attack spans, both sides at once",
            kernel: spans::Spans,
            source: Source::seed(SEED, "Attack Spans (half-isolated, isolated and passed pawns)"),
            footprint: 0,
        },
        PerPawnLoop {
            name: "per_pawn_loop",
            summary: "a loop over the pawns with per-square neighbour-file and passed-pawn masks",
            kernel: per_pawn_loop::PerPawnLoop,
            source: Source::New,
            footprint: per_pawn_loop::TABLE_BYTES,
        },
        SimdBatch {
            name: "simd_batch",
            summary: "the set-wise form on four inputs per __m256i, file fills by byte shuffle",
            needs: avx2,
            kernel: lane_batch::Avx2Batch::new(avx2),
            source: Source::New,
            footprint: 0,
        },
        SimdBatchAvx512 {
            name: "simd_batch_avx512",
            summary: "the set-wise form on eight inputs per __m512i, ternary logic",
            needs: avx512,
            kernel: lane_batch::Avx512Batch::new(avx512),
            source: Source::New,
            footprint: 0,
        },
    }

    // Every technique is a kernel: a query calls `structure`, a batch `structure_batch`.
    impl<T: PawnStructure> Kernel for T {
        query(pawns) => structure(pawns),
        batch => structure_batch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::bench::testing::family_tests!(PawnStructureFamily);

    #[test]
    fn layout_is_plain_u64s() {
        assert_eq!(core::mem::size_of::<Pawns>(), 16);
        assert_eq!(core::mem::size_of::<Structure>(), 48);
    }
}
