//! QBBEngine's shifted masks: in each of a slider's four directions, one bit scan finds the
//! first blocker (or the board's edge), and a constant line mask shifted onto it covers the
//! squares from there back past the slider; the masks of two opposite directions ANDed leave
//! the span between their blockers.
//!
//! Source: new (not in the seeds); Fabio Gobbato's QBBEngine, as described on the
//! chessprogramming wiki ("QBBEngine") and in the talkchess thread of Gigantua's slider
//! benchmark ("QBBEngine - Shifted Mask",
//! <http://www.talkchess.com/forum3/viewtopic.php?f=7&t=79005>). Footprint: none: every mask
//! is a constant shifted by the square. CPU features: none (`lzcnt` and `tzcnt` where the
//! build enables them, `bsr` and `bsf` otherwise).
//!
//! The file, upward: `(FILE_A << s) & (occupied | RANK_8)` is the slider's square and the
//! occupied squares above it on its file, with the top rank, so that it is never empty. Its
//! lowest bit `b` is the first blocker above, or the file's top square (the slider's own on
//! the top rank). `FILE_H >> (63 - b)` is `b`'s file from `b` down. Downward, the same with
//! the directions swapped: the highest bit `a` of `(FILE_H >> (63 - s)) & (occupied |
//! RANK_1)`, and `FILE_A << a`, `a`'s file from `a` up. The two ANDed are the file from `a` to
//! `b`, the slider among them; the closing XOR takes the slider out. A rank ends at the edge
//! files, a diagonal at both an edge rank and an edge file, and stepping along either stops
//! there before it could wrap. With no table read, a loop over many queries needs no gather
//! when the compiler vectorizes it across them.

use super::Slider;
use crate::board::geometry::masks::DIAGONAL_A1H8;
use crate::board::geometry::{Footprint, FILE_A, FILE_H, RANK_1, RANK_8};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// No table.
pub const TABLE_BYTES: Footprint = Footprint::NONE;

/// Every seventh square from a1 to h8 (bits 0, 7, ..., 63): the anti-diagonals' step, which
/// the edges cut where it would wrap.
const STEP_7: u64 = 0x8102_0408_1020_4081;

/// The squares of one line from the first blocker below the slider `s` to the first above,
/// both included, and `s`. The line is a step repeated: `from_0` the line's squares from bit 0
/// on, `to_63` the same step's squares ending at bit 63. `edge_up` and `edge_down` are the
/// board's edges that end the line above and below `s` (a rank for a file, a file for a rank,
/// both for a diagonal).
#[inline(always)]
fn span(occupied: u64, s: u32, from_0: u64, to_63: u64, edge_up: u64, edge_down: u64) -> u64 {
    let up = (from_0 << s) & (occupied | edge_up);
    let down = (to_63 >> (63 - s)) & (occupied | edge_down);
    let first_above = up.trailing_zeros();
    let first_below = 63 - down.leading_zeros();
    (to_63 >> (63 - first_above)) & (from_0 << first_below)
}

/// QBBEngine's shifted masks. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Qbb;

impl Slider for Qbb {
    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        let (s, piece) = (square as u32, Bitboard::from_square(square).0);
        let occupied = occupied.0 & !piece;
        let file = span(occupied, s, FILE_A, FILE_H, RANK_8, RANK_1);
        let rank = span(occupied, s, RANK_1, RANK_8, FILE_H, FILE_A);
        Bitboard((file | rank) ^ piece)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        let (s, piece) = (square as u32, Bitboard::from_square(square).0);
        let occupied = occupied.0 & !piece;
        let (north_east, south_west) = (RANK_8 | FILE_H, RANK_1 | FILE_A);
        let (north_west, south_east) = (RANK_8 | FILE_A, RANK_1 | FILE_H);
        let diagonal = span(
            occupied,
            s,
            DIAGONAL_A1H8,
            DIAGONAL_A1H8,
            north_east,
            south_west,
        );
        let anti_diagonal = span(occupied, s, STEP_7, STEP_7, north_west, south_east);
        Bitboard((diagonal | anti_diagonal) ^ piece)
    }
}
