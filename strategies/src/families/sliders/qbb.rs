//! QBBEngine's line attacks: along each line through the slider, one bit scan finds the
//! nearest blocker below, one the nearest above, and two shifted all-ones masks cut the span
//! between them out of the line.
//!
//! Source: new (not in the seeds); Fabio Gobbato's QBBEngine, as described on the
//! chessprogramming wiki ("QBBEngine", and "Obstruction Difference" § Line attacks) and in the
//! talkchess thread of Gigantua's slider benchmark ("QBBEngine - Shifted Mask",
//! <http://www.talkchess.com/forum3/viewtopic.php?f=7&t=79005>). Footprint: the
//! [`hyperbola`](super::hyperbola) line masks (16 bytes per square): 1 KiB per piece. CPU
//! features: none (`lzcnt` and `tzcnt` where the build enables them, `bsr` and `bsf`
//! otherwise).
//!
//! The masks are shifted, not looked up: with `r` the slider's bit, `r - 1` is every square
//! below it and `!(r - 1)` every square above it on a line that leaves the slider out, so a
//! square's one line mask is the only load per line. With `low` the index of the nearest
//! occupied square of the line below the slider (0 if none: the line's end is below it
//! anyway) and `high` that of the nearest above (63 if none), the attacks are the squares
//! `low..=high` of the line: `(!0 << low) & (!0 >> (63 - high))`, the slider's own square left
//! out by the line mask.

use super::hyperbola::{BISHOP_LINES, ROOK_LINES};
use super::Slider;
use crate::board::geometry::Footprint;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// The line masks it reads: [`super::hyperbola`]'s, without the first-rank table.
pub const TABLE_BYTES: Footprint = super::hyperbola::GFNI_TABLE_BYTES;

/// The attacks along `line` (the slider's square left out) given `occupied`, with `below` the
/// squares below the slider (`r - 1`).
#[inline(always)]
pub fn line_attacks(occupied: u64, line: u64, below: u64) -> u64 {
    let o = occupied & line;
    let low = 63 - ((o & below) | 1).leading_zeros();
    let high = ((o & !below) | 1 << 63).trailing_zeros();
    (u64::MAX << low) & (u64::MAX >> (63 - high)) & line
}

/// QBBEngine's line attacks. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Qbb;

impl Slider for Qbb {
    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        let lines = &ROOK_LINES.0[square as usize];
        let below = Bitboard::from_square(square).0 - 1;
        Bitboard(
            line_attacks(occupied.0, lines.file, below)
                | line_attacks(occupied.0, lines.rank, below),
        )
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        let lines = &BISHOP_LINES.0[square as usize];
        let below = Bitboard::from_square(square).0 - 1;
        let diagonal = line_attacks(occupied.0, lines.diagonal, below);
        Bitboard(diagonal | line_attacks(occupied.0, lines.anti_diagonal, below))
    }
}
