//! Kindergarten bitboards: one multiply gathers a line's six inner squares into the top six
//! bits, which index a small table of that line's attacks.
//!
//! Source: new (not in the seeds); chessprogramming, "Kindergarten Bitboards" (Gerd
//! Isenberg). Footprint: rook 8 KiB (a 4 KiB fill-up table for ranks, a 4 KiB a-file table
//! for files); bishop 5 KiB (the fill-up table and 1 KiB of diagonal masks). CPU features:
//! none.
//!
//! - Ranks: a shift brings the rank's inner squares to bits 0..=5, which index [`FILL_UP`]
//!   (below); the rank's mask keeps the slider's rank. One table of `u64` serves ranks and
//!   diagonals, so a batch vectorized across queries gathers 64-bit entries only.
//! - Files: the file is shifted onto the a-file, and a multiply by the c2-h7 diagonal puts
//!   a2..a7 into bits 58..=63 (a7 lowest); [`A_FILE`] holds, per rank, the a-file attacks for
//!   each of the 64 indices, shifted back to the slider's file.
//! - Diagonals: masked to the line (slider's square left out), a multiply by the b-file
//!   stacks the line's one square per file into the top byte, files b..g in bits 58..=63;
//!   [`FILL_UP`] holds the first-rank attacks copied onto every rank, and the line mask keeps
//!   the squares of the slider's diagonal.
//!
//! The products add bits that never meet, so no carry disturbs the index; the tables are
//! built by computing each index the same way, and a collision would stop the build.

use super::first_rank;
use super::{BatchShapes, LevelShapes};
use super::{LineAttacks, Slider};
use crate::board::aligned::PageAligned;
use crate::board::geometry::Footprint;
use crate::board::geometry::{ray_attacks, Direction, FILE_A};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// `DIAGONALS[square]`: the diagonal and the anti-diagonal through `square`, `square` left
/// out (the board geometry's).
pub use crate::board::geometry::lines::DIAGONALS;

/// The c2-h7 diagonal: multiplied with an a-file occupancy, it moves a2..a7 to bits 58..=63.
pub const DIAGONAL_C2_H7: u64 = 0x0080_4020_1008_0400;
/// The b-file: multiplied with a diagonal's occupancy, it stacks the files into the top byte.
pub const FILE_B: u64 = FILE_A << 1;

/// `A_FILE[rank][index]`: the a-file attacks of a rook on the a-file's square of `rank`,
/// for the occupancy whose [`file_index`] is `index`.
pub static A_FILE: PageAligned<[[u64; 64]; 8]> = PageAligned(build_a_file());

/// `FILL_UP[file][inner]`: the first-rank attacks of `file` for `inner`, on every rank.
pub use super::first_rank::FILL_UP;

/// Rook: fill-up and a-file tables; bishop: fill-up table and diagonal masks.
pub const TABLE_BYTES: Footprint = Footprint {
    rook: first_rank::FILL_UP_BYTES + 8 * 64 * 8,
    bishop: first_rank::FILL_UP_BYTES + 64 * 16,
};

/// The index of an a-file occupancy: a2..a7 gathered into six bits.
#[inline(always)]
pub const fn file_index(a_file: u64) -> usize {
    ((a_file & FILE_A).wrapping_mul(DIAGONAL_C2_H7) >> 58) as usize
}

/// The index of a diagonal's occupancy (one square per file): files b..g as six bits.
#[inline(always)]
pub const fn diagonal_index(line_occupancy: u64) -> usize {
    (line_occupancy.wrapping_mul(FILE_B) >> 58) as usize
}

const fn build_a_file() -> [[u64; 64]; 8] {
    const UNSET: u64 = 0;
    let inner_squares = FILE_A & !1 & !(1 << 56);
    let mut table = [[UNSET; 64]; 8];
    let mut rank = 0;
    while rank < 8 {
        let square = rank * 8;
        let mut subset = 0u64;
        loop {
            let attacks = ray_attacks(square, Direction::North, subset)
                | ray_attacks(square, Direction::South, subset);
            let index = file_index(subset);
            let slot = &mut table[rank as usize][index];
            assert!(*slot == UNSET || *slot == attacks, "a-file index collision");
            *slot = attacks;
            subset = subset.wrapping_sub(inner_squares) & inner_squares;
            if subset == 0 {
                break;
            }
        }
        rank += 1;
    }
    table
}

/// The squares a rook on `square` attacks along its file.
#[inline(always)]
pub fn file_attacks(square: Square, occupied: u64) -> u64 {
    let file = square.file();
    let index = file_index(occupied >> file);
    A_FILE.0[square.rank() as usize][index] << file
}

/// The squares a bishop on `square` attacks along `line`, one of its two [`DIAGONALS`].
#[inline(always)]
pub fn diagonal_attacks(square: Square, occupied: u64, line: u64) -> u64 {
    let index = diagonal_index(occupied & line);
    FILL_UP.0[square.file() as usize][index] & line
}

/// Kindergarten bitboards. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kindergarten;

impl Slider for Kindergarten {
    /// Shapes chosen by measurement (docs/notebook.md, "Measurements behind the code").
    const BATCH: LevelShapes = LevelShapes {
        v3: BatchShapes::ROOK_IN_LANES,
        ..LevelShapes::at_v4(BatchShapes::QUEEN_IN_LANES)
    };

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        let rank = first_rank::rank_attacks_filled(square, occupied.0);
        Bitboard(rank | file_attacks(square, occupied.0))
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        let [diagonal, anti_diagonal] = DIAGONALS.0[square as usize];
        let diagonal = diagonal_attacks(square, occupied.0, diagonal);
        Bitboard(diagonal | diagonal_attacks(square, occupied.0, anti_diagonal))
    }
}

impl LineAttacks for Kindergarten {
    #[inline(always)]
    fn file(self, square: Square, occupied: u64) -> u64 {
        file_attacks(square, occupied)
    }

    #[inline(always)]
    fn rank(self, square: Square, occupied: u64) -> u64 {
        first_rank::rank_attacks_filled(square, occupied)
    }

    #[inline(always)]
    fn diagonal(self, square: Square, occupied: u64) -> u64 {
        let [diagonal, _] = DIAGONALS.0[square as usize];
        diagonal_attacks(square, occupied, diagonal)
    }

    #[inline(always)]
    fn anti_diagonal(self, square: Square, occupied: u64) -> u64 {
        let [_, anti_diagonal] = DIAGONALS.0[square as usize];
        diagonal_attacks(square, occupied, anti_diagonal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_multiplies_gather_six_distinct_bits() {
        // Every subset of a2..a7 gets its own index, and so does every subset of b..g on
        // every diagonal (checked on the long diagonal and anti-diagonal).
        let inner = FILE_A & !1 & !(1 << 56);
        let mut seen = [false; 64];
        let mut subset = 0u64;
        loop {
            assert!(!std::mem::replace(&mut seen[file_index(subset)], true));
            subset = subset.wrapping_sub(inner) & inner;
            if subset == 0 {
                break;
            }
        }
        for line in [0x8040_2010_0804_0201u64, 0x0102_0408_1020_4080] {
            let inner = line & !FILE_A & !(FILE_A << 7);
            let mut seen = [false; 64];
            let mut subset = 0u64;
            loop {
                assert!(!std::mem::replace(&mut seen[diagonal_index(subset)], true));
                subset = subset.wrapping_sub(inner) & inner;
                if subset == 0 {
                    break;
                }
            }
        }
    }
}
