//! Per-pawn loop: one pass over each side's pawns, testing each against per-square masks, the
//! way most engines evaluate pawn structure (Stockfish's `adjacent_files_bb` and
//! `passed_pawn_span`, for instance).
//!
//! Source: new (the square-wise counterpart of seed `004_11d864785c92de7d.txt` § Attack Spans).
//! Footprint: 64 × 32 bytes = 2 KiB. CPU features: none.

use super::{PawnStructure, Pawns, Structure};
use crate::board::aligned::CacheAligned;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::fills::{east_one, north_fill, south_fill, west_one};
use crate::board::geometry::FILE_A;

/// What one square needs: its neighbouring files, and the squares an opponent pawn on which
/// stops a pawn there from being passed, for each side.
#[derive(Clone, Copy, Debug)]
pub struct SquareMasks {
    pub east_file: u64,
    pub west_file: u64,
    pub white_passed_span: u64,
    pub black_passed_span: u64,
}

/// `TABLE[square]`: the masks of `square`.
pub static TABLE: CacheAligned<[SquareMasks; 64]> = CacheAligned(build());

/// Bytes of [`TABLE`].
pub const TABLE_BYTES: usize = core::mem::size_of::<[SquareMasks; 64]>();

const fn build() -> [SquareMasks; 64] {
    let empty = SquareMasks {
        east_file: 0,
        west_file: 0,
        white_passed_span: 0,
        black_passed_span: 0,
    };
    let mut table = [empty; 64];
    let mut square = 0;
    while square < 64 {
        let pawn = 1u64 << square;
        let file = FILE_A << (square % 8);
        let ahead_white = north_fill(pawn) << 8;
        let ahead_black = south_fill(pawn) >> 8;
        table[square] = SquareMasks {
            east_file: east_one(file),
            west_file: west_one(file),
            white_passed_span: ahead_white | east_one(ahead_white) | west_one(ahead_white),
            black_passed_span: ahead_black | east_one(ahead_black) | west_one(ahead_black),
        };
        square += 1;
    }
    table
}

/// `(isolated, half_isolated, passed)` of one side: `own` judged against `opponent`.
#[inline(always)]
fn side(own: u64, opponent: u64, white: bool) -> (u64, u64, u64) {
    let (mut isolated, mut half_isolated, mut passed) = (0, 0, 0);
    for square in Bitboard(own) {
        let masks = &TABLE.0[square as usize];
        let pawn = 1u64 << square as u32;
        let east = own & masks.east_file != 0;
        let west = own & masks.west_file != 0;
        if !east && !west {
            isolated |= pawn;
        }
        if east != west {
            half_isolated |= pawn;
        }
        let span = if white {
            masks.white_passed_span
        } else {
            masks.black_passed_span
        };
        if opponent & span == 0 {
            passed |= pawn;
        }
    }
    (isolated, half_isolated, passed)
}

/// The per-pawn loop. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct PerPawnLoop;

impl PawnStructure for PerPawnLoop {
    #[inline(always)]
    fn structure(self, pawns: Pawns) -> Structure {
        let (white, black) = (pawns.white.0, pawns.black.0);
        let (white_isolated, white_half_isolated, white_passed) = side(white, black, true);
        let (black_isolated, black_half_isolated, black_passed) = side(black, white, false);
        Structure {
            white_isolated: Bitboard(white_isolated),
            white_half_isolated: Bitboard(white_half_isolated),
            white_passed: Bitboard(white_passed),
            black_isolated: Bitboard(black_isolated),
            black_half_isolated: Bitboard(black_half_isolated),
            black_passed: Bitboard(black_passed),
        }
    }
}
