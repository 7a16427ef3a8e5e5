//! Knight fork squares: every square from which a knight attacks two or more targets.
//!
//! Source: seed `001_91a62a26c9dc1468.txt` (Knight Pattern), § Knight Forks. Typical use: the
//! targets are the opponent's king, queen and rooks (or hanging pieces); the fork squares,
//! intersected with the squares own knights reach and the opponent does not guard, are the
//! moves with a forced property.
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! below; `cargo run --release -- list --only knight_forks` prints them.

pub mod attacked_twice_loop;
pub mod fork_target_square;
pub mod lane_batch;
pub mod pair_loop;
#[cfg(feature = "bench")]
pub mod reference;
#[cfg(feature = "bench")]
pub mod workloads;

use crate::board::bitboard::Bitboard;
use crate::board::geometry::leapers::KNIGHT_BYTES;
use crate::framework::family::Source;

/// The seed page its techniques come from (`shared/seeds/`).
const SEED: &str = "001_91a62a26c9dc1468.txt";

/// The knight-fork family.
///
/// # Semantics (every variant, every edge case)
/// `forks(targets)` is the set of squares `s` such that a knight on `s` attacks at least two
/// squares of `targets`. Knight attacks are symmetric, so these are also the squares attacked
/// by at least two targets as if they were knights. A square qualifies whatever stands on it:
/// a target square is in the set if it attacks two other targets, and nothing is said about
/// whether a knight can get there. Fewer than two targets, or targets no square attacks two
/// of, give the empty set. Occupancy plays no part.
pub trait KnightForks: Copy {
    /// The squares from which a knight attacks two or more of `targets`.
    fn forks(self, targets: Bitboard) -> Bitboard;

    crate::framework::family::scalar_batch!(
        fn forks_batch(self, targets: &[Bitboard], out: &mut [Bitboard])
            = |&targets| self.forks(targets)
    );
}

crate::framework::family::table::family! {
    /// Marker type for the knight-fork family, as the harness sees it.
    pub struct KnightForksFamily {
        name: "knight_forks",
        summary: "the squares from which a knight attacks two or more targets",
        query: Bitboard => Bitboard,
        reference: |targets| reference::forks(targets),
        echo: |targets| targets,
    }

    /// The registry: every knight-fork variant.
    pub enum KnightForksVariant {
        ForkTargetSquare {
            name: "fork_target_square",
            summary: "union of the pairwise intersections of the eight direction attack sets",
            kernel: fork_target_square::ForkTargetSquare,
            source: Source::seed(SEED, "Knight Forks (forkTargetSquare)"),
            footprint: 0,
        },
        PairLoop {
            name: "pair_loop",
            summary: "every pair of targets, the intersection of their knight-attack lookups",
            kernel: pair_loop::PairLoop,
            source: Source::seed(SEED, "Knight Forks (loop over pieces, intersect all combinations)"),
            footprint: KNIGHT_BYTES,
        },
        AttackedTwiceLoop {
            name: "attacked_twice_loop",
            summary: "one lookup per target, accumulated into attacked-once and attacked-twice sets",
            kernel: attacked_twice_loop::AttackedTwiceLoop,
            source: Source::New,
            footprint: KNIGHT_BYTES,
        },
        Avx512Batch {
            name: "avx512_batch",
            summary: "the seed's forkTargetSquare on eight target sets per __m512i, ternary logic",
            needs: avx512,
            kernel: lane_batch::Avx512Batch::new(avx512),
            source: Source::New,
            footprint: 0,
        },
    }

    // Every technique is a kernel: a query calls `forks`, a batch `forks_batch`.
    impl<T: KnightForks> Kernel for T {
        query(targets) => forks(targets),
        batch => forks_batch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::bench::testing::family_tests!(KnightForksFamily);
}
