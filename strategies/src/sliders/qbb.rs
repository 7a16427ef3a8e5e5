//! QBBEngine's line attacks: along each line through the slider, one bit scan finds the
//! nearest blocker below, one the nearest above, and two shifted all-ones masks cut the span
//! between them out of the line.
//!
//! Source: new (not in the seeds); Fabio Gobbato's QBBEngine, as described on the
//! chessprogramming wiki ("QBBEngine", and "Obstruction Difference" § Line attacks) and in the
//! talkchess thread of Gigantua's slider benchmark ("QBBEngine - Shifted Mask",
//! <http://www.talkchess.com/forum3/viewtopic.php?f=7&t=79005>). Footprint: the
//! [`obstruction_difference`](super::obstruction_difference) line table (the lower ray, the
//! upper ray and the line, per square and line): 4 KiB per piece. CPU features: none
//! (`lzcnt` and `tzcnt` where the build enables them, `bsr` and `bsf` otherwise).
//!
//! With `low` the index of the nearest occupied square below the slider (0 if none: the
//! line's end is below it anyway) and `high` that of the nearest above (63 if none), the
//! attacks are the squares `low..=high` of the line: `(!0 << low) & (!0 >> (63 - high))`, the
//! slider's own square left out by the line mask.

use super::obstruction_difference::LineMasks;
use crate::geometry::Footprint;

/// The line table it reads: [`super::obstruction_difference`]'s.
pub const TABLE_BYTES: Footprint = super::obstruction_difference::TABLE_BYTES;

/// The attacks along one line (`masks`, the slider's square left out) given `occupied`.
#[inline(always)]
pub fn line_attacks(occupied: u64, masks: &LineMasks) -> u64 {
    let low = 63 - ((occupied & masks.lower) | 1).leading_zeros();
    let high = ((occupied & masks.upper) | 1 << 63).trailing_zeros();
    (u64::MAX << low) & (u64::MAX >> (63 - high)) & masks.line
}

super::obstruction_difference::line_slider! {
    /// QBBEngine's line attacks. Zero-sized; every CPU.
    pub struct Qbb;
}
