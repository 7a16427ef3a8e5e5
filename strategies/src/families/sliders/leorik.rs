//! Leorik's line subtraction: along each line, `a ^ (a - 1)` of the blockers above the
//! slider sets every square up to the first of them; one leading-zero count of the blockers
//! below finds the nearest there, and a shifted mask sets every square below it. The two
//! differ on the span between the two blockers.
//!
//! Source: new (not in the seeds); Thomas Jahn's (lithander) Leorik and MinimalChessEngine,
//! as described in his devlog and in the talkchess thread of Gigantua's slider benchmark
//! (<http://www.talkchess.com/forum3/viewtopic.php?f=7&t=79005>). Footprint: as Leorik, the
//! rook's file and rank masks are computed by shifts ([`masks`](crate::board::geometry::masks)),
//! the bishop's diagonals read from the [`hyperbola`](super::hyperbola) line masks (16 bytes
//! per square): none for the rook, 1 KiB for the bishop. CPU features: none.
//!
//! `o` is the occupancy on the line, the slider's square `r` left out, `a` its squares above
//! `r` and `b` those below. `a - 1` borrows up to the lowest bit of `a`, so `a ^ (a - 1)` is
//! every square up to and including the first blocker above (every square if `a` is empty).
//! `!0 >> 1 >> lzcnt(b | 1)` is every square below the nearest blocker below (none if `b` is
//! empty: then the blocker is bit 0, itself left in). Their XOR is the squares from the
//! blocker below to the blocker above, both included; the line mask keeps the line's, and
//! leaves out `r`. Leorik's `GenLine`.

use super::hyperbola::BISHOP_LINES;
use super::{BatchShapes, LevelShapes, Slider};
use crate::board::geometry::masks::{file_of, rank_of};
use crate::board::geometry::Footprint;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// The bishop's diagonal masks; the rook reads none.
pub const TABLE_BYTES: Footprint = Footprint {
    rook: 0,
    bishop: 64 * 16,
};

/// The attacks along `line` (the slider's square left out) of a slider whose squares below
/// are `below` (`r - 1`).
#[inline(always)]
pub fn line_attacks(occupied: u64, line: u64, below: u64) -> u64 {
    let o = occupied & line;
    let above = o & !below;
    let up_to_first_above = above ^ above.wrapping_sub(1);
    let below_nearest_below = (u64::MAX >> 1) >> ((o & below) | 1).leading_zeros();
    (up_to_first_above ^ below_nearest_below) & line
}

/// Leorik's line subtraction. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Leorik;

impl Slider for Leorik {
    /// Shapes chosen by measurement (docs/notebook.md, "Measurements behind the code").
    const BATCH: LevelShapes = LevelShapes {
        baseline: BatchShapes::BISHOP_IN_LANES,
        ..LevelShapes::at_v4(BatchShapes::QUEEN_IN_LANES)
    };

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        let (s, r) = (square as u32, Bitboard::from_square(square).0);
        let file = line_attacks(occupied.0, file_of(s) ^ r, r - 1);
        Bitboard(file | line_attacks(occupied.0, rank_of(s) ^ r, r - 1))
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        let lines = &BISHOP_LINES.0[square as usize];
        let below = Bitboard::from_square(square).0 - 1;
        let diagonal = line_attacks(occupied.0, lines.diagonal, below);
        Bitboard(diagonal | line_attacks(occupied.0, lines.anti_diagonal, below))
    }
}
