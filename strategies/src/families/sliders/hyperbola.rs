//! Hyperbola quintessence: along a line through the slider, `o ^ (o - 2r)` gives the attacks
//! towards higher squares; the same on the bit-reversed line gives those towards lower ones.
//!
//! Source: new (not in the seeds); chessprogramming, "Hyperbola Quintessence". Footprint: a
//! line-mask table (16 bytes per square and piece: 1 KiB each) and, for the rook's ranks, the
//! 4 KiB fill-up table of [`first_rank`]: 5 KiB for the rook, 1 KiB for the bishop. A queen
//! reads its three masks from one entry of a third table, [`QUEEN_LINES`] (32 bytes per
//! square: 2 KiB), and the rank table: 6 KiB, the rook's and the bishop's footprints summed,
//! as `queen_attacks` counts it. CPU features: none.
//!
//! `o` is the occupancy on the line (the slider's square left out) and `r` the slider's bit.
//! Subtracting `2r` borrows from the square after the slider up to the first blocker, so
//! `o ^ (o - 2r)` flips exactly the squares from there to the blocker. (The code subtracts
//! `r`: `o` lacks the slider's bit, so `o - r` is `o - 2r` with that bit also set, which the
//! line mask clears; see `line_attacks`.) For the other
//! direction the line is reversed: files and diagonals hold one square per rank, so a byte
//! swap (`swap_bytes`, one instruction) reverses their order. A rank lies inside one byte,
//! where a byte swap does nothing; ranks use the first-rank attacks instead (the "rank table"
//! choice; [`super::gfni::hyperbola`] instead reverses every bit and needs no table), from
//! the fill-up table, whose 64-bit entries a batch vectorized across queries gathers whole.

use super::first_rank;
use super::Slider;
use super::{BatchShapes, LevelShapes};
use crate::board::aligned::CacheAligned;
use crate::board::geometry::Footprint;
use crate::board::geometry::{ray, Direction};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// A rook's two lines through a square, the square itself left out.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(16))]
pub struct RookLines {
    pub file: u64,
    pub rank: u64,
}

/// A bishop's two lines through a square, the square itself left out.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(16))]
pub struct BishopLines {
    pub diagonal: u64,
    pub anti_diagonal: u64,
}

/// A queen's three lines through a square that a byte swap reverses (its rank is the rank
/// table's), the square itself left out: one aligned 32-byte entry, so that a queen reads its
/// masks from half a cache line rather than from an entry of each of the rook's and the
/// bishop's tables, which measured faster per queen on the community workload
/// (docs/notebook.md, "Measurements behind the code").
#[derive(Clone, Copy, Debug)]
#[repr(C, align(32))]
pub struct QueenLines {
    pub file: u64,
    pub diagonal: u64,
    pub anti_diagonal: u64,
    /// Padding to 32 bytes, zero.
    pub unused: u64,
}

/// `ROOK_LINES[square]`.
pub static ROOK_LINES: CacheAligned<[RookLines; 64]> = CacheAligned(rook_lines());
/// `BISHOP_LINES[square]`.
pub static BISHOP_LINES: CacheAligned<[BishopLines; 64]> = CacheAligned(bishop_lines());
/// `QUEEN_LINES[square]`.
pub static QUEEN_LINES: CacheAligned<[QueenLines; 64]> = CacheAligned(queen_lines());

/// The line masks, and the fill-up table for the rook's ranks.
pub const TABLE_BYTES: Footprint = Footprint {
    rook: 64 * 16 + first_rank::FILL_UP_BYTES,
    bishop: 64 * 16,
};

/// [`super::gfni::hyperbola`] reads the line masks alone, ranks included.
pub const GFNI_TABLE_BYTES: Footprint = Footprint::same(64 * 16);

/// The two lines through `square` along `a`-`b`, `square` left out.
const fn line(square: u32, a: Direction, b: Direction) -> u64 {
    ray(square, a) | ray(square, b)
}

const fn rook_lines() -> [RookLines; 64] {
    let mut lines = [RookLines { file: 0, rank: 0 }; 64];
    let mut square = 0;
    while square < 64 {
        lines[square as usize] = RookLines {
            file: line(square, Direction::North, Direction::South),
            rank: line(square, Direction::East, Direction::West),
        };
        square += 1;
    }
    lines
}

const fn bishop_lines() -> [BishopLines; 64] {
    let mut lines = [BishopLines {
        diagonal: 0,
        anti_diagonal: 0,
    }; 64];
    let mut square = 0;
    while square < 64 {
        lines[square as usize] = BishopLines {
            diagonal: line(square, Direction::NorthEast, Direction::SouthWest),
            anti_diagonal: line(square, Direction::NorthWest, Direction::SouthEast),
        };
        square += 1;
    }
    lines
}

const fn queen_lines() -> [QueenLines; 64] {
    let (rook, bishop) = (rook_lines(), bishop_lines());
    let mut lines = [QueenLines {
        file: 0,
        diagonal: 0,
        anti_diagonal: 0,
        unused: 0,
    }; 64];
    let mut square = 0;
    while square < 64 {
        lines[square] = QueenLines {
            file: rook[square].file,
            diagonal: bishop[square].diagonal,
            anti_diagonal: bishop[square].anti_diagonal,
            unused: 0,
        };
        square += 1;
    }
    lines
}

/// The attacks along `line` (one square per rank, the slider's left out) of the slider `r`.
///
/// `o - r` borrows as `o - 2r` does from the square after the slider on, since `o` lacks the
/// slider's bit: it sets that bit too, which `& line` clears. The same holds on the reversed
/// line, so neither subtrahend needs the shift of `2r`.
#[inline(always)]
fn line_attacks(occupied: u64, line: u64, r: u64) -> u64 {
    let o = occupied & line;
    let forward = o.wrapping_sub(r);
    let reverse = o.swap_bytes().wrapping_sub(r.swap_bytes());
    (forward ^ reverse.swap_bytes()) & line
}

/// Hyperbola quintessence with byte swaps and a rank table. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hyperbola;

impl Slider for Hyperbola {
    /// Shapes chosen by measurement (docs/notebook.md, "Measurements behind the code").
    const BATCH: LevelShapes = LevelShapes {
        v3: BatchShapes::IN_LANES,
        ..LevelShapes::at_v4(BatchShapes::QUEEN_IN_LANES)
    };

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        let lines = &ROOK_LINES.0[square as usize];
        let r = Bitboard::from_square(square).0;
        let file = line_attacks(occupied.0, lines.file, r);
        Bitboard(file | first_rank::rank_attacks_filled(square, occupied.0))
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        let lines = &BISHOP_LINES.0[square as usize];
        let r = Bitboard::from_square(square).0;
        let diagonal = line_attacks(occupied.0, lines.diagonal, r);
        Bitboard(diagonal | line_attacks(occupied.0, lines.anti_diagonal, r))
    }

    /// The rook's and the bishop's lines from one [`QUEEN_LINES`] entry.
    #[inline(always)]
    fn queen(self, square: Square, occupied: Bitboard) -> Bitboard {
        let lines = &QUEEN_LINES.0[square as usize];
        let r = Bitboard::from_square(square).0;
        let file = line_attacks(occupied.0, lines.file, r);
        let diagonal = line_attacks(occupied.0, lines.diagonal, r);
        let anti_diagonal = line_attacks(occupied.0, lines.anti_diagonal, r);
        let rank = first_rank::rank_attacks_filled(square, occupied.0);
        Bitboard(file | diagonal | anti_diagonal | rank)
    }
}
