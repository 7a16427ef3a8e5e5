//! Knight fill: the squares knights reach within a number of moves on an otherwise empty
//! board, and its use in pawn endings: can a knight catch a passed pawn ([`catch_passer`]).
//!
//! Source: seed `001_91a62a26c9dc1468.txt` (Knight Pattern), § Knight Fill and § Multiple
//! Knight Attacks ("whether a knight may catch a passer").
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! below; `cargo run --release -- list --only knight_fill` prints them.

pub mod catch_passer;
pub mod distance_table;
pub mod fill;
pub mod lane_fused;
pub mod reach_table;
#[cfg(feature = "bench")]
pub mod reference;
#[cfg(feature = "bench")]
pub mod workloads;

#[cfg(target_arch = "x86_64")]
pub mod avx512;

use crate::board::bitboard::Bitboard;
use crate::board::geometry::leapers::KNIGHT_BYTES;
use crate::families::knight_attacks::{lookup, parallel_prefix};
use crate::framework::family::Source;
use core::fmt;

/// The seed page its techniques come from (`shared/seeds/`).
const SEED: &str = "001_91a62a26c9dc1468.txt";

/// Every square is within this many knight moves of every other on an empty board (a1 to h8
/// takes six), so more steps add nothing.
pub const MAX_DISTANCE: u8 = 6;

/// The input: knights, and how many moves they may make.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FillQuery {
    pub knights: Bitboard,
    pub steps: u8,
}

impl fmt::Display for FillQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} steps from the knights\n{}", self.steps, self.knights)
    }
}

/// The knight-fill family.
///
/// # Semantics (every variant, every edge case)
/// `fill(query)` is the set of squares some knight of `query.knights` reaches in at most
/// `query.steps` knight moves on an otherwise empty board: the seed's fill cycle
/// `knightFill(k) = knightAttacks(k) | k` applied `steps` times to `knights`. The knights'
/// own squares are always in it (zero moves); zero steps give the knights themselves. Every
/// square is within [`MAX_DISTANCE`] (6) moves of every other, so any `steps` of 6 or more
/// gives the full board when there is a knight. No knights give the empty set whatever
/// `steps`. Occupancy plays no part.
pub trait KnightFill: Copy {
    /// The squares reachable from `query.knights` within `query.steps` moves.
    fn fill(self, query: FillQuery) -> Bitboard;

    crate::framework::family::scalar_batch!(
        fn fill_batch(self, queries: &[FillQuery], out: &mut [Bitboard])
            = |&query| self.fill(query)
    );
}

crate::framework::family::table::family! {
    /// Marker type for the knight-fill family, as the harness sees it.
    pub struct KnightFillFamily {
        name: "knight_fill",
        summary: "the squares knights reach within a number of moves on an empty board",
        query: FillQuery => Bitboard,
        reference: |query| reference::fill(query),
        echo: |query| query.knights,
    }

    /// The registry: every knight-fill variant.
    pub enum KnightFillVariant {
        Lookup {
            name: "lookup",
            summary: "fill cycle attacks(k) | k, attacks by the 64-entry lookup per knight",
            kernel: fill::Fill(lookup::Lookup),
            source: Source::seed(SEED, "Knight Fill, over by Lookup"),
            footprint: KNIGHT_BYTES,
        },
        ParallelPrefix {
            name: "parallel_prefix",
            summary: "fill cycle attacks(k) | k, attacks set-wise by parallel prefix",
            kernel: fill::Fill(parallel_prefix::ParallelPrefix),
            source: Source::seed(SEED, "Knight Fill, over Multiple Knight Attacks"),
            footprint: 0,
        },
        Avx2Fused {
            name: "avx2_fused",
            summary: "eight queries in two __m256i, every round in registers, per-lane step masks",
            needs: avx2,
            kernel: lane_fused::Avx2Fused::new(avx2),
            source: Source::New,
            footprint: 0,
        },
        Avx512Fused {
            name: "avx512_fused",
            summary: "sixteen queries in two __m512i, every round in registers, mask registers",
            needs: avx512,
            kernel: avx512::fused::Avx512Fused::new(avx512),
            source: Source::New,
            footprint: 0,
        },
        DistanceTable {
            name: "distance_table",
            summary: "64x64 knight distances; per knight, its row compared with the steps (SWAR)",
            kernel: distance_table::DistanceTable,
            source: Source::New,
            footprint: distance_table::TABLE_BYTES,
        },
        ReachTable {
            name: "reach_table",
            summary: "per square and distance 0-6, the squares within it; one load per knight",
            kernel: reach_table::ReachTable,
            source: Source::New,
            footprint: reach_table::TABLE_BYTES,
        },
    }

    // Every technique is a kernel: a query calls `fill`, a batch `fill_batch`.
    impl<T: KnightFill> Kernel for T {
        query(query) => fill(query),
        batch => fill_batch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::bench::testing::family_tests!(KnightFillFamily);
}
