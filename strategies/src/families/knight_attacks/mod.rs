//! Knight attacks, set-wise: every square attacked by any knight of a set.
//!
//! Source: seed `001_91a62a26c9dc1468.txt` (Knight Pattern), §§ Knight Attacks, by Lookup,
//! by Calculation, Multiple Knight Attacks; the AVX2 form after chessprogramming's "AVX2"
//! page (formula in `../shared/README.md`).
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! below; `cargo run --release -- list --only knight_attacks` prints them.

pub mod lane_batch;
pub mod lookup;
pub mod parallel_prefix;
#[cfg(feature = "peers")]
pub mod peers;
#[cfg(feature = "bench")]
pub mod reference;
pub mod shifts;
#[cfg(feature = "bench")]
pub mod workloads;

#[cfg(target_arch = "x86_64")]
pub mod avx2;

use crate::board::bitboard::Bitboard;
use crate::framework::family::Source;

/// The seed page its techniques come from (`shared/seeds/`).
const SEED: &str = "001_91a62a26c9dc1468.txt";

/// The knight-attack family.
///
/// # Semantics (every variant, every edge case)
/// `attacks(knights)` is the union over every square in `knights` of the squares a knight
/// there attacks: the up to eight squares a knight's move away that are on the board. Squares
/// attacked by two knights appear once; a knight's own square is in the result only if another
/// knight attacks it. The empty set has no attacks. Occupancy plays no part.
pub trait KnightAttacks: Copy {
    /// The squares attacked by any knight in `knights`.
    fn attacks(self, knights: Bitboard) -> Bitboard;

    crate::framework::family::scalar_batch!(
        fn attacks_batch(self, sets: &[Bitboard], out: &mut [Bitboard])
            = |&set| self.attacks(set)
    );
}

crate::framework::family::table::family! {
    /// Marker type for the knight-attack family, as the harness sees it.
    pub struct KnightFamily {
        name: "knight_attacks",
        summary: "the squares attacked by any knight of a set",
        query: Bitboard => Bitboard,
        reference: |knights| reference::attacks(knights),
        echo: |knights| knights,
    }

    /// The registry: every knight-attack variant, ours first, peers last.
    pub enum KnightVariant: KnightsUser(KnightAttacks) {
        Lookup {
            name: "lookup",
            summary: "64-entry table, one load per knight in the set",
            kernel: lookup::Lookup,
            source: Source::seed(SEED, "by Lookup"),
            footprint: lookup::TABLE_BYTES,
        },
        ShiftsPremask {
            name: "shifts_premask",
            summary: "eight direction shifts, wrap masks applied before shifting",
            kernel: shifts::ShiftsPremask,
            source: Source::seed(SEED, "by Calculation (pre-shift masks)"),
            footprint: 0,
        },
        ShiftsPostmask {
            name: "shifts_postmask",
            summary: "eight direction shifts, wrap masks applied after shifting",
            kernel: shifts::ShiftsPostmask,
            source: Source::seed(SEED, "by Calculation (post-shift masks)"),
            footprint: 0,
        },
        ParallelPrefix {
            name: "parallel_prefix",
            summary: "east/west one- and two-steps, then vertical shifts by 8 and 16",
            kernel: parallel_prefix::ParallelPrefix,
            source: Source::seed(SEED, "Multiple Knight Attacks (east/west form)"),
            footprint: 0,
        },
        ParallelPrefixWide {
            name: "parallel_prefix_wide",
            summary: "l1/l2/r1/r2 horizontal steps in parallel, then vertical shifts",
            kernel: parallel_prefix::ParallelPrefixWide,
            source: Source::seed(SEED, "Multiple Knight Attacks (l1/l2/r1/r2 form)"),
            footprint: 0,
        },
        Avx2Directions {
            name: "avx2_directions",
            summary: "one set broadcast to four lanes, eight directions by sllv/srlv",
            needs: avx2,
            kernel: avx2::directions::Avx2Directions::new(avx2),
            source: Source::seed(SEED, "by Calculation, see AVX2 Knight Attacks"),
            footprint: 0,
        },
        Avx512Batch {
            name: "avx512_batch",
            summary: "eight independent sets per __m512i, the wide form lane-wise",
            needs: avx512,
            kernel: lane_batch::Avx512Batch::new(avx512),
            source: Source::New,
            footprint: 0,
        },
        NeonBatch {
            name: "neon_batch",
            summary: "two independent sets per 128-bit vector, the wide form lane-wise",
            needs: neon,
            kernel: lane_batch::NeonBatch::new(neon),
            source: Source::New,
            footprint: 0,
        },
        #[cfg(feature = "peers")]
        Chess {
            name: "chess",
            summary: "chess::get_knight_moves per knight, a 64-entry table",
            kernel: peers::Chess,
            source: Source::external("chess 3.2", "chess::get_knight_moves", "computed by a build script"),
            footprint: peers::CHESS_KNIGHT_BYTES,
        },
        #[cfg(feature = "peers")]
        CozyChess {
            name: "cozy_chess",
            summary: "cozy_chess::get_knight_moves per knight, a 64-entry table",
            kernel: peers::CozyChess,
            source: Source::external("cozy-chess 0.3", "cozy_chess::get_knight_moves", "computed in const items"),
            footprint: peers::COZY_CHESS_KNIGHT_BYTES,
        },
    }

    // Every technique is a kernel: a query calls `attacks`, a batch `attacks_batch`.
    impl<T: KnightAttacks> Kernel for T {
        query(knights) => attacks(knights),
        batch => attacks_batch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::bench::testing::family_tests!(KnightFamily);
}
