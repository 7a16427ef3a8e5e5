//! Shift fill: the north and south fills by three shift-or steps each (a parallel prefix over
//! the ranks), then the seed's one-step shifts east and west.
//!
//! Source: seed `004_11d864785c92de7d.txt` § Attack Spans: `wEastAttackFrontSpans(wpawns) =
//! eastOne(wFrontSpans(wpawns))`, `wEastAttackRearSpans(wpawns) = eastOne(wRearFill(wpawns))`,
//! `eastAttackFileFill(pawns) = eastOne(fileFill(pawns))` and their west and black versions.
//! Footprint: none. CPU features: none.
//!
//! Every pattern is built from two fills: white's front span is the north fill shifted one rank
//! north and its rear fill the south fill; black's the other way round; the file fill is their
//! union. The colour picks between them with a mask rather than a branch, because a batch
//! mixes colours unpredictably. The fills and shifts are the board geometry's
//! ([`crate::board::geometry::fills`]).

use super::{AttackSpans, SidePawns, Spans};
use crate::board::bitboard::Bitboard;
pub use crate::board::geometry::fills::{east_one, north_fill, south_fill, west_one};

/// `if_black` where `black_mask` is all ones, `if_white` where it is zero.
#[inline(always)]
pub const fn select(black_mask: u64, if_white: u64, if_black: u64) -> u64 {
    if_white ^ ((if_white ^ if_black) & black_mask)
}

/// The six patterns from a set's north and south fills, for the colour whose
/// [`black_mask`](super::Colour::black_mask) is given.
///
/// The attack file fills are the unions of front and rear spans: every square of an occupied
/// file is behind its foremost pawn or ahead of its rearmost one, so `eastOne(fileFill)` =
/// `eastOne(front) | eastOne(rear)`, one OR instead of a shift and a mask.
#[inline(always)]
pub const fn from_fills(north: u64, south: u64, black_mask: u64) -> Spans {
    let front = select(black_mask, north << 8, south >> 8);
    let rear = select(black_mask, south, north);
    let (front_east, rear_east) = (east_one(front), east_one(rear));
    let (front_west, rear_west) = (west_one(front), west_one(rear));
    Spans {
        front_east: Bitboard(front_east),
        front_west: Bitboard(front_west),
        rear_east: Bitboard(rear_east),
        rear_west: Bitboard(rear_west),
        file_fill_east: Bitboard(front_east | rear_east),
        file_fill_west: Bitboard(front_west | rear_west),
    }
}

/// The shift fill. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShiftFill;

impl AttackSpans for ShiftFill {
    #[inline(always)]
    fn spans(self, input: SidePawns) -> Spans {
        let pawns = input.pawns.0;
        let north = north_fill(pawns);
        let south = south_fill(pawns);
        from_fills(north, south, input.colour.black_mask())
    }
}
