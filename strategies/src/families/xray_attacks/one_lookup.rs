//! X-rays with one lookup: a table of the x-rays behind the first blockers, indexed by a
//! line's occupancy like a line-attack table; one lookup per line answers for any blockers.
//!
//! Source: seed `002_6293cd1af08cea25.txt`, § X-rays with one Lookup: "Instead of the
//! pre-calculated line-attacks we can also pre-calculate attacks behind the first blocker,
//! including a possible second blocker. The outer squares are redundant as well. [...] e.g.
//! 8 KByte for kindergarten x-rays." Footprint: [`XRAY_LINES`], 8 × 64 entries of 4 bytes
//! (2 KiB), shared by the four kinds of line; for the bishop also the 1 KiB of diagonal
//! masks of kindergarten bitboards, the board geometry's [`DIAGONALS`] ([`TABLE_BYTES`]: 2 KiB
//! for the rook, 3 KiB for the bishop). CPU features: none.
//!
//! A line (rank, file, diagonal or anti-diagonal) through the slider is read as a byte, one
//! bit per file (per rank for a file); the slider sits at bit `p`. The six inner bits index
//! [`XRAY_LINES`]`[p]`, whose entry holds, for each side of the slider, the first blocker and
//! the x-ray behind it (up to and including the second blocker, or to the edge). The seed's
//! table looks through *every* first blocker; the entry keeps the first blockers beside the
//! x-rays, so a side's x-ray is kept only if its first blocker is one of the blockers: no
//! second lookup, whatever the blockers.
//!
//! Reading a line as a byte, and back, with the kindergarten multiplies (no carry can occur:
//! the partial products never share a bit, a test checks every byte):
//! - a rank: a shift;
//! - a file: shifted onto the a-file, times `0x0102_0408_1020_4080` puts rank `r` on bit
//!   `56 + r`; back, times the same number puts bit `r` (`r < 7`) on the h-file of rank `r`;
//! - a diagonal (masked to the line): times the a-file stacks file `f` on bit `56 + f`;
//!   back, times the a-file copies the byte to every rank and the line mask keeps one bit a
//!   file (the "fill-up" of kindergarten bitboards).

use super::XrayAttacks;
use crate::board::aligned::CacheAligned;
use crate::board::geometry::lines::DIAGONALS;
use crate::board::geometry::Footprint;
use crate::board::geometry::{FILE_A, FILE_H};
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::mem::size_of;

/// One side of the slider on a line and the other, as bytes of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(4))]
pub struct LineXray {
    /// The first blocker below the slider (one bit), or 0 if none stands on an inner square.
    pub first_below: u8,
    /// The squares behind it: from the next square down to the next occupied one or the edge.
    pub xray_below: u8,
    /// The first blocker above the slider, or 0.
    pub first_above: u8,
    /// The squares behind it.
    pub xray_above: u8,
}

impl LineXray {
    /// The four bytes as one little-endian word: `first_below` lowest, `xray_above` highest.
    #[inline(always)]
    pub fn to_bits(self) -> u32 {
        u32::from_le_bytes([
            self.first_below,
            self.xray_below,
            self.first_above,
            self.xray_above,
        ])
    }
}

/// `XRAY_LINES[p][inner]`: the x-rays of a slider on bit `p` of a line whose inner squares
/// (bits 1..=6) are occupied as the six bits of `inner`.
pub static XRAY_LINES: CacheAligned<[[LineXray; 64]; 8]> = CacheAligned(build());

/// [`XRAY_LINES`] for the rook; and the diagonal masks for the bishop.
pub const TABLE_BYTES: Footprint = Footprint {
    rook: size_of::<[[LineXray; 64]; 8]>(),
    bishop: size_of::<[[LineXray; 64]; 8]>() + size_of::<[[u64; 2]; 64]>(),
};

/// The multiply that gathers the a-file into the top byte (rank `r` on bit `56 + r`) and,
/// back, spreads a byte's bits 0..=6 onto the h-file.
pub const FILE_GATHER: u64 = 0x0102_0408_1020_4080;

/// The first blocker and the x-ray behind it, walking from `p` by `step` (+1 or -1) along a
/// line occupied as `line` (bit `p` ignored); the end squares (0 and 7) never block first.
const fn side(p: i32, step: i32, line: u32) -> (u8, u8) {
    let mut square = p + step;
    while square >= 1 && square <= 6 && line & (1 << square) == 0 {
        square += step;
    }
    if square < 1 || square > 6 {
        return (0, 0);
    }
    let first = 1u8 << square;
    let mut xray = 0u8;
    square += step;
    while square >= 0 && square <= 7 {
        xray |= 1 << square;
        if line & (1 << square) != 0 {
            break;
        }
        square += step;
    }
    (first, xray)
}

const fn build() -> [[LineXray; 64]; 8] {
    let empty = LineXray {
        first_below: 0,
        xray_below: 0,
        first_above: 0,
        xray_above: 0,
    };
    let mut table = [[empty; 64]; 8];
    let mut p = 0;
    while p < 8 {
        let mut inner = 0;
        while inner < 64 {
            let line = ((inner as u32) << 1) & !(1 << p);
            let (first_below, xray_below) = side(p as i32, -1, line);
            let (first_above, xray_above) = side(p as i32, 1, line);
            table[p][inner] = LineXray {
                first_below,
                xray_below,
                first_above,
                xray_above,
            };
            inner += 1;
        }
        p += 1;
    }
    table
}

/// The x-rays on a line, as a byte: a slider on bit `p`, the line's occupancy and blockers.
#[inline(always)]
fn line_xray(p: u32, occupied: u8, blockers: u8) -> u8 {
    let entry = XRAY_LINES.0[p as usize & 7][(occupied >> 1) as usize & 63].to_bits();
    // Whether a first blocker is one of the blockers is as unpredictable as the board, so
    // both sides at once without a branch (the compiler made `if`s into branches, measured
    // 2-4 times slower on the corpus): in each 16-bit half, the first blocker in the low
    // byte, the x-ray in the high byte.
    let hits = entry & 0x00ff_00ff & (blockers as u32 * 0x0001_0001);
    // A half's bit 8 is set if its first blocker is a blocker (at most 0xff + 0xff: no carry
    // into the next half); spread to the x-ray's byte.
    let kept = ((hits + 0x00ff_00ff) & 0x0100_0100) * 0xff;
    let xrays = entry & kept;
    (xrays >> 8 | xrays >> 24) as u8
}

/// The rank of `square` as a byte, one bit per file.
#[inline(always)]
pub fn rank_byte(set: u64, square: Square) -> u8 {
    (set >> (square as u32 & 56)) as u8
}

/// The file of `square` as a byte, one bit per rank.
#[inline(always)]
pub fn file_byte(set: u64, square: Square) -> u8 {
    (((set >> square.file()) & FILE_A).wrapping_mul(FILE_GATHER) >> 56) as u8
}

/// A diagonal (`line`, one square per file) as a byte, one bit per file.
#[inline(always)]
pub fn diagonal_byte(set: u64, line: u64) -> u8 {
    ((set & line).wrapping_mul(FILE_A) >> 56) as u8
}

/// A byte of the file of `square` back on the board.
#[inline(always)]
pub fn file_from_byte(byte: u8, square: Square) -> u64 {
    let low_ranks = (byte as u64 & 0x7f).wrapping_mul(FILE_GATHER) & FILE_H;
    let h_file = low_ranks | (byte as u64 & 0x80) << 56;
    h_file >> (7 - square.file())
}

/// A byte of a diagonal (`line`) back on the board.
#[inline(always)]
pub fn diagonal_from_byte(byte: u8, line: u64) -> u64 {
    (byte as u64).wrapping_mul(FILE_A) & line
}

/// X-rays with one lookup per line. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct OneLookup;

impl XrayAttacks for OneLookup {
    #[inline(always)]
    fn rook_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        let (occupied, blockers) = (occupied.0, blockers.0);
        let rank = line_xray(
            square.file(),
            rank_byte(occupied, square),
            rank_byte(blockers, square),
        );
        let file = line_xray(
            square.rank(),
            file_byte(occupied, square),
            file_byte(blockers, square),
        );
        Bitboard((rank as u64) << (square as u32 & 56) | file_from_byte(file, square))
    }

    #[inline(always)]
    fn bishop_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        let (occupied, blockers) = (occupied.0, blockers.0);
        let p = square.file();
        let [diagonal, anti_diagonal] = DIAGONALS.0[square as usize];
        let on = |line| {
            let byte = line_xray(
                p,
                diagonal_byte(occupied, line),
                diagonal_byte(blockers, line),
            );
            diagonal_from_byte(byte, line)
        };
        Bitboard(on(diagonal) | on(anti_diagonal))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_of_lines_go_there_and_back() {
        for byte in 0..=255u8 {
            for square in [Square::A1, Square::D4, Square::H8, Square::E2] {
                let rank = (byte as u64) << (square as u32 & 56);
                assert_eq!(rank_byte(rank, square), byte);
                let file: u64 = (0..8)
                    .filter(|r| byte & (1 << r) != 0)
                    .map(|r| 1u64 << (8 * r + square.file()))
                    .sum();
                assert_eq!(file_byte(file | !(FILE_A << square.file()), square), byte);
                assert_eq!(file_from_byte(byte, square), file, "{byte:#x} {square}");
            }
            for square in Square::ALL {
                for line in DIAGONALS.0[square as usize] {
                    let on_line = diagonal_from_byte(byte, line);
                    assert_eq!(on_line & !line, 0);
                    let files = (0..8).filter(|&f| line & (FILE_A << f) != 0);
                    let expected: u8 = files.map(|f| byte & (1 << f)).sum();
                    assert_eq!(diagonal_byte(on_line | !line, line), expected);
                    assert_eq!(diagonal_byte(on_line, line), expected);
                }
            }
        }
    }

    #[test]
    fn the_seeds_sample_rank() {
        // Rook on d (bit 3), occupied 01011010: x-ray 01100001 through both first blockers.
        let occupied = 0b0101_1010;
        assert_eq!(line_xray(3, occupied, occupied), 0b0110_0001);
        assert_eq!(line_xray(3, occupied, 0b0001_0000), 0b0110_0000);
        assert_eq!(line_xray(3, occupied, 0b0000_0010), 0b0000_0001);
        assert_eq!(line_xray(3, occupied, 0b0100_0000), 0);
    }
}
