//! Multiply fill: the file fill as one multiplication, the occupied files (a byte) times the
//! a-file.
//!
//! Source: seed `004_11d864785c92de7d.txt` § Attack Spans (`eastAttackFileFill`,
//! `westAttackFileFill`), with the file fill computed by multiplication instead of as
//! `nortFill | soutFill`. Footprint: none. CPU features: none (a 64-bit multiply).
//!
//! The occupied files are rank 8 of the north fill. The spans still need both the north and
//! the south fill (with doubled pawns the front span starts at the rearmost pawn of a file and
//! the rear span at the foremost, which neither the file fill nor one fill tells apart), so the
//! file fill's multiply and its own `eastOne` / `westOne` come on top of them, where
//! [`super::shift_fill`] gets the attack file fills as unions of the spans.

use super::shift_fill::{east_one, north_fill, select, south_fill, west_one};
use super::{AttackSpans, SidePawns, Spans};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::FILE_A;

/// `fileFill` by multiplication: the byte of occupied files copied to every rank. Each
/// product bit comes from one (file, rank) pair, so there is no carry.
#[inline(always)]
pub const fn file_fill(north_fill: u64) -> u64 {
    (north_fill >> 56).wrapping_mul(FILE_A)
}

/// The multiply fill. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct MultiplyFill;

impl AttackSpans for MultiplyFill {
    #[inline(always)]
    fn spans(self, input: SidePawns) -> Spans {
        let pawns = input.pawns.0;
        let black_mask = input.colour.black_mask();
        let north = north_fill(pawns);
        let south = south_fill(pawns);
        let front = select(black_mask, north << 8, south >> 8);
        let rear = select(black_mask, south, north);
        let file = file_fill(north);
        Spans {
            front_east: Bitboard(east_one(front)),
            front_west: Bitboard(west_one(front)),
            rear_east: Bitboard(east_one(rear)),
            rear_west: Bitboard(west_one(rear)),
            file_fill_east: Bitboard(east_one(file)),
            file_fill_west: Bitboard(west_one(file)),
        }
    }
}
