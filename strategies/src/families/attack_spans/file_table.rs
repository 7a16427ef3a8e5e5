//! File table: one file at a time. For every file with a pawn, the file's pawns as a byte
//! (bit `r` = rank `r`) index a 256-entry table holding that file's north and south fills.
//!
//! Source: new (the per-file tables engines keep, applied to the fills of seed
//! `004_11d864785c92de7d.txt` § Attack Spans). Footprint: 256 × 16 bytes = 4 KiB.
//! CPU features: none (a 64-bit multiply).
//!
//! A file's pawns become a byte by the kindergarten multiplication: the file shifted to the
//! a-file, times the anti-diagonal `0x0102_0408_1020_4080`, lands rank `r` on bit `56 + r`
//! with no two products on the same bit. The table's fills, shifted back to the file, are
//! ORed together; the six patterns then follow from the two fills as in [`super::shift_fill`].

use super::shift_fill::{from_fills, north_fill, south_fill};
use super::{AttackSpans, SidePawns, Spans};
use crate::board::aligned::CacheAligned;
use crate::board::geometry::FILE_A;

/// The fills of one file's pawns, on the a-file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileFills {
    pub north: u64,
    pub south: u64,
}

/// `TABLE[byte]` = the fills of a-file pawns on the ranks of `byte`'s set bits.
pub static TABLE: CacheAligned<[FileFills; 256]> = CacheAligned(build());

/// Bytes of [`TABLE`].
pub const TABLE_BYTES: usize = core::mem::size_of::<[FileFills; 256]>();

/// Maps the a-file's rank `r` to bit `56 + r` of the product.
const ANTI_DIAGONAL: u64 = 0x0102_0408_1020_4080;

const fn build() -> [FileFills; 256] {
    let mut table = [FileFills { north: 0, south: 0 }; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut pawns = 0u64;
        let mut rank = 0;
        while rank < 8 {
            if byte >> rank & 1 != 0 {
                pawns |= 1 << (8 * rank);
            }
            rank += 1;
        }
        table[byte] = FileFills {
            north: north_fill(pawns),
            south: south_fill(pawns),
        };
        byte += 1;
    }
    table
}

/// The pawns of `file` as a byte, bit `r` for rank `r`.
#[inline(always)]
pub const fn file_byte(pawns: u64, file: u32) -> usize {
    (((pawns >> file) & FILE_A).wrapping_mul(ANTI_DIAGONAL) >> 56) as usize
}

/// The file table. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct FileTable;

impl AttackSpans for FileTable {
    #[inline(always)]
    fn spans(self, input: SidePawns) -> Spans {
        let pawns = input.pawns.0;
        // The occupied files: every rank folded onto the first.
        let folded = pawns | pawns >> 32;
        let folded = folded | folded >> 16;
        let mut files = (folded | folded >> 8) & 0xff;
        let (mut north, mut south) = (0, 0);
        while files != 0 {
            let file = files.trailing_zeros();
            files &= files - 1;
            let fills = TABLE.0[file_byte(pawns, file)];
            north |= fills.north << file;
            south |= fills.south << file;
        }
        from_fills(north, south, input.colour.black_mask())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_pattern_becomes_its_byte() {
        for file in 0..8 {
            for byte in 0..256u64 {
                let pawns = (0..8)
                    .filter(|rank| byte >> rank & 1 != 0)
                    .fold(0u64, |set, rank| set | 1 << (8 * rank + file));
                // Pawns on the other files must not leak into this file's byte.
                let others = !(FILE_A << file) & 0x5a3c_9966_c3a5_0ff0;
                assert_eq!(file_byte(pawns | others, file), byte as usize);
            }
        }
    }
}
