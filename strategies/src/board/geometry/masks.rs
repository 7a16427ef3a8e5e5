//! Masks of files and ranks, and of the squares a one-file step may land on without wrapping
//! across the board's edge (Stockfish's `FileABB`, `Rank1BB` and the shifts' masks); and a
//! square's file and rank computed from them by a shift, for techniques that read no table. Footprint: none (constants). CPU features: none.

/// The a-file.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: u64 = FILE_A << 7;
/// The first rank.
pub const RANK_1: u64 = 0xff;
/// The eighth rank.
pub const RANK_8: u64 = RANK_1 << 56;
/// Every square but the a-file: where an eastward step may land.
pub const NOT_A: u64 = !FILE_A;
/// Every square but the h-file: where a westward step may land.
pub const NOT_H: u64 = !FILE_H;
/// Every square but the a- and b-files: where a two-file eastward step may land.
pub const NOT_AB: u64 = NOT_A & (NOT_A << 1);
/// Every square but the g- and h-files: where a two-file westward step may land.
pub const NOT_GH: u64 = NOT_H & (NOT_H >> 1);
/// The a1-h8 diagonal.
pub const DIAGONAL_A1H8: u64 = 0x8040_2010_0804_0201;

/// The file through `square` (0..64), `square` included: the a-file shifted east.
#[inline(always)]
pub const fn file_of(square: u32) -> u64 {
    FILE_A << (square & 7)
}

/// The rank through `square` (0..64), `square` included: the first rank shifted north.
#[inline(always)]
pub const fn rank_of(square: u32) -> u64 {
    RANK_1 << (square & 56)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computed_file_and_rank_are_the_rays_through_the_square() {
        use crate::board::geometry::rays::{ray, Direction};
        for square in 0..64 {
            let bit = 1u64 << square;
            let line = |a, b| ray(square, a) | ray(square, b) | bit;
            assert_eq!(file_of(square), line(Direction::North, Direction::South));
            assert_eq!(rank_of(square), line(Direction::East, Direction::West));
        }
    }

    #[test]
    fn the_masks_as_the_seeds_write_them() {
        assert_eq!(NOT_A, 0xfefe_fefe_fefe_fefe);
        assert_eq!(NOT_AB, 0xfcfc_fcfc_fcfc_fcfc);
        assert_eq!(NOT_H, 0x7f7f_7f7f_7f7f_7f7f);
        assert_eq!(NOT_GH, 0x3f3f_3f3f_3f3f_3f3f);
    }
}
