//! SBAMG, "subtracting a rook from a blocking piece": along each line, the nearest blocker
//! below the slider (or the board's first square) is `cbn`, and `o ^ (o - 3·cbn)` sets every
//! square from it up to the nearest blocker above.
//!
//! Source: new (not in the seeds); chessprogramming, "Subtracting a Rook from a Blocking
//! Piece" (Syed Fahad's SBAMG, `o^(o-3cbn)`). Footprint: the
//! [`obstruction_difference`](super::obstruction_difference) line table (lower ray, upper
//! ray, line): 4 KiB per piece; the upper ray is not read. CPU features: none.
//!
//! `o` is the occupancy on the line (the slider's square left out) with `cbn` added, and
//! `cbn` the highest bit of `(o & lower) | 1`. `o - cbn` clears `cbn`; taking `2·cbn` more
//! borrows through the empty squares above it (the slider's included, as it is not in `o`) to
//! the first blocker above, or off the top of the word if there is none. So `o ^ (o - 3·cbn)`
//! is `cbn`, the squares between, and that blocker; the line mask leaves the attacks.

use super::obstruction_difference::LineMasks;
use crate::board::geometry::Footprint;

/// The line table it reads: [`super::obstruction_difference`]'s.
pub const TABLE_BYTES: Footprint = super::obstruction_difference::TABLE_BYTES;

/// The attacks along one line (`masks`, the slider's square left out) given `occupied`.
#[inline(always)]
pub fn line_attacks(occupied: u64, masks: &LineMasks) -> u64 {
    let on_line = occupied & masks.line;
    let cbn = (1 << 63) >> ((on_line & masks.lower) | 1).leading_zeros();
    let o = on_line | cbn;
    (o ^ o.wrapping_sub(cbn.wrapping_mul(3))) & masks.line
}

super::obstruction_difference::line_slider! {
    /// SBAMG. Zero-sized; every CPU.
    pub struct Sbamg;
    batch: super::LevelShapes::at_v4(super::BatchShapes::IN_LANES);
}
