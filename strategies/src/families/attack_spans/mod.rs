//! Pawn attack spans and attack file fills: the set-wise pawn patterns behind isolated, half-
//! isolated and passed pawns (see [`crate::families::pawn_structure`]).
//!
//! Source: seed `004_11d864785c92de7d.txt` (Attack Spans), with the fills and spans it builds on
//! (`nortFill`, `soutFill`, `wFrontSpans`, `wRearFill`, `fileFill`) as chessprogramming's Pawn
//! Fills and Pawn Spans pages define them.
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! below; `cargo run --release -- list --only attack_spans` prints them.

pub mod file_table;
pub mod lane_batch;
pub mod multiply_fill;
#[cfg(feature = "bench")]
pub mod reference;
pub mod shift_fill;
#[cfg(feature = "bench")]
pub mod workloads;

use crate::framework::family::Source;
use crate::{board::bitboard::Bitboard, framework::answer::bitboard_answer};
use core::fmt;

pub use crate::board::position::Colour;

/// The seed page its techniques come from (`shared/seeds/`).
const SEED: &str = "004_11d864785c92de7d.txt";

/// The input: one side's pawns. `repr(C)` with the colour's byte followed by seven zero bytes,
/// so that a SIMD kernel loads it as two `u64`s, the second 0 (white) or 1 (black).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(C)]
pub struct SidePawns {
    pub pawns: Bitboard,
    pub colour: Colour,
    padding: [u8; 7],
}

impl SidePawns {
    #[inline(always)]
    pub const fn new(pawns: Bitboard, colour: Colour) -> SidePawns {
        SidePawns {
            pawns,
            colour,
            padding: [0; 7],
        }
    }
}

impl fmt::Display for SidePawns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} pawns\n{}", self.colour, self.pawns)
    }
}

/// The answer: six disjoint east/west sets, as the seed keeps them. `repr(C)`: six `u64`s in
/// this order, which the SIMD kernels store directly.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[repr(C)]
pub struct Spans {
    pub front_east: Bitboard,
    pub front_west: Bitboard,
    pub rear_east: Bitboard,
    pub rear_west: Bitboard,
    pub file_fill_east: Bitboard,
    pub file_fill_west: Bitboard,
}

bitboard_answer!(Spans {
    front_east,
    front_west,
    rear_east,
    rear_west,
    file_fill_east,
    file_fill_west,
});

/// What pads the SIMD kernels' last chunk: no pawns; its answers are dropped.
const PAD: SidePawns = SidePawns::new(Bitboard::EMPTY, Colour::White);

// SAFETY: `repr(C)`: a `repr(transparent)` `u64`, then the colour's byte and seven zero bytes,
// 16 bytes with alignment 8 and no padding.
unsafe impl crate::framework::simd::AsWords<2> for SidePawns {}
// SAFETY: `repr(C)` of six `repr(transparent)` `u64`s; any `u64` is a valid `Bitboard`.
unsafe impl crate::framework::simd::AsWords<6> for Spans {}
// SAFETY: as for `AsWords<6>`.
unsafe impl crate::framework::simd::FromWords<6> for Spans {}

/// The attack-span family.
///
/// # Semantics (every variant, every edge case)
/// For `pawns` of colour `colour`, with "ahead" meaning north (towards rank 8) for white and
/// south for black, and the seed's one-step shifts `eastOne` / `westOne` (which drop what
/// leaves the board at the h- / a-file):
///
/// - `front_east` = `eastOne(frontSpans)`, where `frontSpans` = every square strictly ahead of
///   a pawn on its file (white: `nortOne(nortFill(pawns))`). These are the squares the pawns
///   attack and every square ahead of those, on the file east of each pawn.
/// - `front_west` = `westOne(frontSpans)`.
/// - `rear_east` = `eastOne(rearFill)`, where `rearFill` = every square of a pawn's file on its
///   rank or behind it (white: `soutFill(pawns)`), so a pawn's own rank belongs to its rear
///   span, as in the seed's diagrams.
/// - `rear_west` = `westOne(rearFill)`.
/// - `file_fill_east` = `eastOne(fileFill(pawns))`: the whole file east of every pawn, the
///   same for either colour.
/// - `file_fill_west` = `westOne(fileFill(pawns))`.
///
/// Edge cases: a-file pawns have no west sets and h-file pawns no east sets (nothing wraps to
/// the other edge). A pawn on the last rank ahead of it (which no legal position has) has an
/// empty front span; pawns on any rank are accepted. With one pawn per file, front and rear
/// span are disjoint and together make the file fill; with doubled pawns they overlap (the
/// front span starts at the rearmost pawn, the rear span at the foremost). No pawns: six empty
/// sets.
pub trait AttackSpans: Copy {
    /// The six span sets of `input` (see the trait's semantics).
    fn spans(self, input: SidePawns) -> Spans;

    crate::framework::family::scalar_batch!(
        fn spans_batch(self, inputs: &[SidePawns], out: &mut [Spans])
            = |&input| self.spans(input)
    );
}

crate::framework::family::table::family! {
    /// Marker type for the attack-span family, as the harness sees it.
    pub struct AttackSpansFamily {
        name: "attack_spans",
        summary: "pawn front and rear attack spans and attack file fills, east and west",
        query: SidePawns => Spans,
        reference: |input| reference::spans(input),
        echo: |input| Spans {
            front_east: input.pawns,
            ..Spans::default()
        },
    }

    /// The registry: every attack-span variant.
    pub enum AttackSpansVariant: SpansUser(AttackSpans) {
        ShiftFill {
            name: "shift_fill",
            summary: "north and south fills by three shift-or steps, spans by eastOne/westOne",
            kernel: shift_fill::ShiftFill,
            source: Source::seed(SEED, "Attack Spans (one-step routines over pawn fills)"),
            footprint: 0,
        },
        MultiplyFill {
            name: "multiply_fill",
            summary: "file fill as the occupied files (rank 8 of the north fill) times the a-file",
            kernel: multiply_fill::MultiplyFill,
            source: Source::seed(SEED, "Attack Spans (filefills, by multiplication)"),
            footprint: 0,
        },
        FileTable {
            name: "file_table",
            summary: "per occupied file, its pawns as a byte index a 256-entry table of fills",
            kernel: file_table::FileTable,
            source: Source::New,
            footprint: file_table::TABLE_BYTES,
        },
        Avx2Batch {
            name: "avx2_batch",
            summary: "the shift fill on four inputs per __m256i, colour as a lane mask",
            needs: avx2,
            kernel: lane_batch::Avx2Batch::new(avx2),
            source: Source::New,
            footprint: 0,
        },
        Avx512Batch {
            name: "avx512_batch",
            summary: "the shift fill on eight inputs per __m512i, colour as a lane mask",
            needs: avx512,
            kernel: lane_batch::Avx512Batch::new(avx512),
            source: Source::New,
            footprint: 0,
        },
    }

    // Every technique is a kernel: a query calls `spans`, a batch `spans_batch`.
    impl<T: AttackSpans> Kernel for T {
        query(input) => spans(input),
        batch => spans_batch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::bench::testing::family_tests!(AttackSpansFamily);

    #[test]
    fn layout_is_plain_u64s() {
        assert_eq!(core::mem::size_of::<SidePawns>(), 16);
        assert_eq!(core::mem::size_of::<Spans>(), 48);
        assert_eq!(Colour::White.black_mask(), 0);
        assert_eq!(Colour::Black.black_mask(), !0);
    }
}
