//! Slide arithmetic: along each line, `bzhi` splits the occupancy at the slider's square;
//! `blsmsk` of the part above is every square up to the nearest blocker above, a shift by the
//! leading zeros of the part below is every square below the nearest blocker there, and
//! their XOR, on the line, is the attacks.
//!
//! Source: new (not in the seeds); chessprogramming, "Slide Arithmetic" (Jakob Kilian's
//! `bzhi`/`blsmsk` formulation, posted in the talkchess thread of Gigantua's slider benchmark,
//! <http://www.talkchess.com/forum3/viewtopic.php?f=7&t=79005>). Footprint: the
//! [`hyperbola`](super::hyperbola) line masks (16 bytes per square): 1 KiB per piece. CPU
//! features: BMI2 (`bzhi`; x86-64 only). `x ^ (x - 1)` is written out and becomes `blsmsk`
//! where the build enables BMI1.
//!
//! The `#[target_feature]` code is reachable only through [`SlideArithmetic`], which holds
//! the [`Bmi2`] token; as with `pext`, a single query is a call, and the batch methods and
//! [`Slider::with_features`](crate::families::sliders::Slider::with_features) run the loop inside one `bmi2` function.

use super::hyperbola::{BISHOP_LINES, ROOK_LINES};

use crate::board::geometry::Footprint;
use crate::framework::cpu::Bmi2;
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::arch::x86_64::_bzhi_u64;

/// The line masks it reads: [`super::hyperbola`]'s, without the first-rank table.
pub const TABLE_BYTES: Footprint = super::hyperbola::GFNI_TABLE_BYTES;

/// The attacks along `line` (the slider's square left out) of a slider on `square`.
#[target_feature(enable = "bmi2")]
#[inline]
fn line_attacks(square: u32, occupied: u64, line: u64) -> u64 {
    let o = occupied & line;
    let below = _bzhi_u64(o, square);
    let above = o ^ below;
    // Every square up to the nearest blocker above, that one included (all if none).
    let up = above ^ above.wrapping_sub(1);
    // Every square below the nearest blocker below (none if nothing blocks: bit 0 stands in).
    let down = (u64::MAX >> 1) >> (below | 1).leading_zeros();
    (up ^ down) & line
}

#[target_feature(enable = "bmi2")]
#[inline]
fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    let lines = &ROOK_LINES.0[square as usize];
    let file = line_attacks(square as u32, occupied.0, lines.file);
    Bitboard(file | line_attacks(square as u32, occupied.0, lines.rank))
}

#[target_feature(enable = "bmi2")]
#[inline]
fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    let lines = &BISHOP_LINES.0[square as usize];
    let diagonal = line_attacks(square as u32, occupied.0, lines.diagonal);
    Bitboard(diagonal | line_attacks(square as u32, occupied.0, lines.anti_diagonal))
}

#[target_feature(enable = "bmi2")]
fn rook_batch(queries: &[super::SliderQuery], out: &mut [Bitboard]) {
    crate::framework::family::each!(queries, out, |query| rook(query.square, query.occupied));
}

#[target_feature(enable = "bmi2")]
fn bishop_batch(queries: &[super::SliderQuery], out: &mut [Bitboard]) {
    crate::framework::family::each!(queries, out, |query| bishop(query.square, query.occupied));
}

// The queen's batch too runs inside one `bmi2` function, as the rook's and the bishop's do:
// left to the trait's default (a call of `rook` and of `bishop` per query), whether the two
// were inlined depended on the loop around the batch, so the harness's loop and a plain loop
// over the same queries ran different code (docs/notebook.md, "Measurements behind the code").
#[target_feature(enable = "bmi2")]
fn queen_batch(queries: &[super::SliderQuery], out: &mut [Bitboard]) {
    crate::framework::family::each!(queries, out, |query| {
        Bitboard(rook(query.square, query.occupied).0 | bishop(query.square, query.occupied).0)
    });
}

super::support::held::feature_slider! {
    /// Slide arithmetic. Holds the BMI2 token.
    pub struct SlideArithmetic(Bmi2): "bmi2" {
        rook(square, occupied) => rook(square, occupied),
        bishop(square, occupied) => bishop(square, occupied),
        rook_batch(queries, out) => rook_batch(queries, out),
        bishop_batch(queries, out) => bishop_batch(queries, out),
        queen_batch(queries, out) => queen_batch(queries, out),
    }
}
