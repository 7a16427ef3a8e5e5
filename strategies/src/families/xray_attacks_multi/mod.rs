//! X-ray attacks of whole sets of sliders: every square that some rook, bishop or queen of a
//! set attacks through the blockers it is given.
//!
//! Source: seed `002_6293cd1af08cea25.txt` (X-ray Attacks), § Multiple Sliders: "If keeping
//! eight disjoint ray-direction attacks from fill-routines like Kogge-Stone Algorithm one may
//! intersect them with desired blockers - and to perform another fill with that
//! intersection". Typical use: the x-ray attacks of a side (with its own pieces as blockers,
//! the squares its batteries and discovered attacks reach) for an attack map or a static
//! exchange evaluation.
//!
//! A family of its own, beside `rook_xray_attacks` and `bishop_xray_attacks`
//! ([`crate::families::xray_attacks`]): its input is a set of sliders, not one square, and a fill over
//! the set costs the same for one slider as for ten. For a single slider the answer is that
//! slider's x-rays, so the single-slider techniques answer it too, one slider at a time
//! ([`slider_loop`]), and the ranking says from how many sliders the fills pay.
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! below; `cargo run --release -- list --only xray_attacks_multi` prints them.

pub mod direction_fills;
#[cfg(feature = "bench")]
pub mod reference;
pub mod slider_loop;
#[cfg(feature = "bench")]
pub mod workloads;

#[cfg(target_arch = "x86_64")]
pub mod avx512;

use crate::board::bitboard::Bitboard;
use crate::families::sliders::magic;
use crate::families::xray_attacks::modify_occupancy::ModifyOccupancy;
use crate::families::xray_attacks::one_lookup::{self, OneLookup};
use crate::framework::family::Source;
use core::fmt;
use slider_loop::SliderLoop;

/// The seed page its techniques come from (`shared/seeds/`).
const SEED: &str = "002_6293cd1af08cea25.txt";

/// The x-ray attacks of sets of sliders.
///
/// # Semantics (every variant, every edge case)
/// `xrays(sets)` is the union of the x-ray attacks ([`crate::families::xray_attacks::XrayAttacks`]) of
/// a rook on every square of `sets.orthogonal` and of a bishop on every square of
/// `sets.diagonal`, each through `sets.blockers` with the pieces on `sets.occupied`: behind
/// each slider's first blocker on a ray, if that blocker is one of the blockers, the squares
/// up to and including the next piece. Every edge case of the single slider holds per
/// slider, and:
/// - A square in both sets is a queen; either set may be empty (then only the other counts).
/// - A slider may be another's blocker: a rook behind a rook (a battery) x-rays through it if
///   that square is in `blockers`, and a slider is the first blocker of the slider behind it
///   only if its square is in `occupied` (the sliders are not added to the occupancy).
/// - Blockers on empty squares, squares no slider attacks first, and the sliders' own squares
///   as seen by themselves are ignored.
pub trait XrayAttacksMulti: Copy {
    /// The x-ray attacks of every slider of `sets`.
    fn xrays(self, sets: SliderSets) -> Bitboard;

    crate::framework::family::scalar_batch!(
        fn xrays_batch(self, queries: &[SliderSets], out: &mut [Bitboard])
            = |&query| self.xrays(query)
    );
}

/// One query: the sliders by the way they move, the pieces on the board, the blockers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SliderSets {
    /// The sliders that move along ranks and files: rooks and queens.
    pub orthogonal: Bitboard,
    /// The sliders that move along diagonals: bishops and queens.
    pub diagonal: Bitboard,
    pub occupied: Bitboard,
    /// The pieces the sliders may look through.
    pub blockers: Bitboard,
}

/// The four sets as diagrams, each under its name.
impl fmt::Display for SliderSets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rooks and queens:\n{}\nbishops and queens:\n{}\noccupied:\n{}\nblockers:\n{}",
            self.orthogonal, self.diagonal, self.occupied, self.blockers
        )
    }
}

crate::framework::family::table::family! {
    /// The family of x-rays of sets of sliders, as the harness sees it.
    pub struct XrayAttacksMultiFamily {
        name: "xray_attacks_multi",
        summary:
            "the squares a set of rooks, bishops and queens attacks through the blockers it is given",
        query: SliderSets => Bitboard,
        reference: |sets| reference::xrays(sets),
        echo: |sets| sets.orthogonal ^ sets.diagonal ^ sets.occupied ^ sets.blockers,
    }

    /// The registry: every variant.
    pub enum XrayMultiVariant {
        DirectionFills {
            name: "direction_fills",
            summary: "per direction, a Kogge-Stone fill from the sliders, then one from the blockers they hit",
            kernel: direction_fills::DirectionFills,
            source: Source::seed(SEED, "Multiple Sliders (xrayAttacks)"),
            footprint: 0,
        },
        DirectionFillsAvx512 {
            name: "direction_fills_avx512",
            summary: "the direction-wise fills with the eight directions in one __m512i",
            needs: avx512,
            kernel: avx512::direction_fills::DirectionFillsAvx512::new(avx512),
            source: Source::New,
            footprint: 0,
        },
        SliderLoopMagic {
            name: "slider_loop_magic",
            summary: "each slider's x-rays by modifying occupancy on fancy magic lookups",
            kernel: SliderLoop(ModifyOccupancy(magic::Magic)),
            source: Source::New,
            footprint: magic::TABLE_BYTES.rook + magic::TABLE_BYTES.bishop,
        },
        SliderLoopOneLookup {
            name: "slider_loop_one_lookup",
            summary: "each slider's x-rays by the x-ray line table, one lookup per line",
            kernel: SliderLoop(OneLookup),
            source: Source::New,
            footprint: one_lookup::TABLE_BYTES.bishop,
        },
    }

    // Every technique is a kernel: a query calls `xrays`, a batch `xrays_batch`.
    impl<T: XrayAttacksMulti> Kernel for T {
        query(sets) => xrays(sets),
        batch => xrays_batch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::bench::testing::family_tests!(XrayAttacksMultiFamily);
}
