//! Blockers by targets: the squares between sliders and their targets where one piece stands
//! in the way (a pinned piece, or a piece whose move discovers an attack), or, where nothing
//! stands in the way, the empty squares on which a piece would block.
//!
//! Source: seed `002_6293cd1af08cea25.txt` (X-ray Attacks), § Blockers by Targets: "fill the
//! potential target set, and to intersect it with the opposite ray-direction fill of the
//! sliders and the relevant blockers" (`betweenSliderAndTarget`). Typical use: the opponent's
//! sliders and one's own king as the target give the pieces pinned to the king (one's own
//! among the answer) and the opponent's pieces whose move would give a discovered check
//! (theirs among it); where the king is in check, the squares that block the check.
//!
//! A family of its own: it shares the seed page and the fills with the x-ray families
//! ([`crate::families::xray_attacks`], [`crate::families::xray_attacks_multi`]), but its input has targets where
//! they have blockers and its answer is the squares in between, not the squares behind.
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! below; `cargo run --release -- list --only blockers_by_targets` prints them.

pub mod opposite_fills;
pub mod pair_loop;
#[cfg(feature = "bench")]
pub mod reference;
#[cfg(feature = "bench")]
pub mod workloads;

#[cfg(target_arch = "x86_64")]
pub mod avx512;

use crate::board::bitboard::Bitboard;
use crate::framework::family::Source;
use core::fmt;

/// Blockers by targets.
///
/// # Semantics (every variant, every edge case)
/// `blockers(query)`: take every slider — a rook on each square of `query.orthogonal`, a
/// bishop on each square of `query.diagonal` (a square in both is a queen) — and every target
/// (each square of `query.targets`) on one of that slider's rays. Of the squares strictly
/// between the two, if exactly one is occupied, that square is in the answer; if none is, all
/// of them are (the target is attacked directly, and these are the squares that block the
/// attack); if two or more are, the pair adds nothing. The answer is the union over all such
/// pairs. That is the seed's formula: per direction `d`, the sliders' attacks in `d` ANDed
/// with the targets' attacks in the opposite direction, through the empty squares.
///
/// - A slider and a target on adjacent squares, or not on a common line of the slider's
///   kind, add nothing; no sliders or no targets: the empty set.
/// - Only `occupied` decides what is in the way: the sliders and the targets are occupied
///   only if their squares are in it. A target or a slider between another slider and a
///   target is a piece in the way like any other (a skewered queen in front of the king).
/// - A target need not hold a piece; colours play no part (pass one side's sliders and the
///   other's king).
/// - A slider's own square is in the answer only as the square between another slider and a
///   target (a battery: the front slider blocks the rear one).
pub trait BlockersByTargets: Copy {
    /// The blockers between the query's sliders and targets.
    fn blockers(self, query: SlidersAndTargets) -> Bitboard;

    crate::framework::family::scalar_batch!(
        fn blockers_batch(self, queries: &[SlidersAndTargets], out: &mut [Bitboard])
            = |&query| self.blockers(query)
    );
}

/// One query: the sliders by the way they move, the pieces on the board, the targets.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SlidersAndTargets {
    /// The sliders that move along ranks and files: rooks and queens.
    pub orthogonal: Bitboard,
    /// The sliders that move along diagonals: bishops and queens.
    pub diagonal: Bitboard,
    pub occupied: Bitboard,
    /// The squares the sliders aim at.
    pub targets: Bitboard,
}

/// The four sets as diagrams, each under its name.
impl fmt::Display for SlidersAndTargets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rooks and queens:\n{}\nbishops and queens:\n{}\noccupied:\n{}\ntargets:\n{}",
            self.orthogonal, self.diagonal, self.occupied, self.targets
        )
    }
}

crate::framework::family::table::family! {
    /// The blockers-by-targets family, as the harness sees it.
    pub struct BlockersByTargetsFamily {
        name: "blockers_by_targets",
        summary:
            "the squares between sliders and targets where one piece, or nothing, is in the way",
        query: SlidersAndTargets => Bitboard,
        reference: |query| reference::blockers(query),
        echo: |query| query.orthogonal ^ query.diagonal ^ query.occupied ^ query.targets,
    }

    /// The registry: every variant.
    pub enum BlockersByTargetsVariant {
        OppositeFills {
            name: "opposite_fills",
            summary: "per direction, the sliders' Kogge-Stone fill ANDed with the targets' fill the opposite way",
            kernel: opposite_fills::OppositeFills,
            source: Source::seed("002_6293cd1af08cea25.txt", "Blockers by Targets (betweenSliderAndTarget)"),
            footprint: 0,
        },
        OppositeFillsAvx512 {
            name: "opposite_fills_avx512",
            summary: "the opposite fills of all eight directions at once, one direction per lane of a __m512i",
            needs: avx512,
            kernel: avx512::opposite_fills::OppositeFillsAvx512::new(avx512),
            source: Source::New,
            footprint: 0,
        },
        PairLoop {
            name: "pair_loop",
            summary: "for every target, every slider on its lines: the rectangular in-between set, if at most one piece is in it",
            kernel: pair_loop::PairLoop,
            source: Source::New,
            footprint: pair_loop::TABLE_BYTES,
        },
    }

    // Every technique is a kernel: a query calls `blockers`, a batch `blockers_batch`.
    impl<T: BlockersByTargets> Kernel for T {
        query(query) => blockers(query),
        batch => blockers_batch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::bench::testing::family_tests!(BlockersByTargetsFamily);
}
