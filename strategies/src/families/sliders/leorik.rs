//! Leorik's line subtraction: along each line, `o ^ (o - r)` sets the slider and the squares
//! above it up to the first blocker; one leading-zero count of the occupancy below the slider
//! finds the nearest blocker there, and a shifted mask covers the squares from it up to the
//! slider.
//!
//! Source: new (not in the seeds); Thomas Jahn's (lithander) Leorik and MinimalChessEngine,
//! as described in his devlog and in the talkchess thread of Gigantua's slider benchmark
//! (<http://www.talkchess.com/forum3/viewtopic.php?f=7&t=79005>). Footprint: the
//! [`hyperbola`](super::hyperbola) line masks (16 bytes per square): 1 KiB per piece. CPU
//! features: none.
//!
//! `o` is the occupancy on the line, the slider's square `r` left out. Subtracting `r` leaves
//! the bits below `r` alone and borrows from `r` up to the first occupied square above it (or
//! off the top), so `o ^ (o - r)` is `r` through that blocker. Below, the highest bit of
//! `(o & (r - 1)) | 1` is the nearest blocker (or bit 0), and `(!0 << that) & (r - 1)` is the
//! squares from it up to the slider. The line mask removes `r` and the squares off the line.

use super::hyperbola::{BISHOP_LINES, ROOK_LINES};
use super::Slider;
use crate::board::geometry::Footprint;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// The line masks it reads: [`super::hyperbola`]'s, without the first-rank table.
pub const TABLE_BYTES: Footprint = super::hyperbola::GFNI_TABLE_BYTES;

/// The attacks along `line` (the slider's square left out) of the slider `r`.
#[inline(always)]
pub fn line_attacks(occupied: u64, line: u64, r: u64) -> u64 {
    let o = occupied & line;
    let below = r - 1;
    let up = o ^ o.wrapping_sub(r);
    let nearest_below = 63 - ((o & below) | 1).leading_zeros();
    (up | ((u64::MAX << nearest_below) & below)) & line
}

/// Leorik's line subtraction. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Leorik;

impl Slider for Leorik {
    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        let lines = &ROOK_LINES.0[square as usize];
        let r = Bitboard::from_square(square).0;
        Bitboard(line_attacks(occupied.0, lines.file, r) | line_attacks(occupied.0, lines.rank, r))
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        let lines = &BISHOP_LINES.0[square as usize];
        let r = Bitboard::from_square(square).0;
        let diagonal = line_attacks(occupied.0, lines.diagonal, r);
        Bitboard(diagonal | line_attacks(occupied.0, lines.anti_diagonal, r))
    }
}
