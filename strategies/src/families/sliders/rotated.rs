//! Rotated bitboards, the historical baseline (Crafty, Dark Thought): besides the occupancy,
//! an engine keeps three copies of it with the squares renumbered so that every file, every
//! diagonal and every anti-diagonal lies on consecutive bits; a line's occupancy is then a
//! shift and a mask away, and indexes that line's table of attacks.
//!
//! Source: new (not in the seeds); chessprogramming, "Rotated Bitboards" (Robert Hyatt's
//! paper; Ernst A. Heinz's "How DarkThought plays chess"). Footprint: 4 × 64 × 64 entries of
//! attacks (128 KiB, the ranks included), 64 × 4 line indexes (2 KiB) and three 64-byte
//! renumberings. CPU features: none.
//!
//! An engine updates the rotated occupancies incrementally as it makes and unmakes moves,
//! never per lookup; a query here carries the plain occupancy only, so the rotations are
//! kept per thread for the last occupancy asked about and rebuilt only when it changes (one
//! bit loop per occupied square): a stream of queries on one position, like the community
//! benchmark's 12 queries per occupancy or the moves of one node, pays them once, as an
//! engine's make/unmake would. A stream whose every query has a new occupancy pays them
//! every time.

use super::Slider;
use crate::board::aligned::{CacheAligned, PageAligned};
use crate::board::geometry::{ray, ray_attacks, Direction, Footprint};
use crate::{board::bitboard::Bitboard, board::square::Square};
use std::cell::Cell;

/// The line kinds, each with the positive direction along it: rank, file, diagonal,
/// anti-diagonal. Ranks are consecutive in the plain occupancy already.
const KINDS: [Direction; 4] = [
    Direction::East,
    Direction::North,
    Direction::NorthEast,
    Direction::NorthWest,
];

/// Where a square's line lies in its kind's board: `(board >> shift) & mask` is the occupancy
/// of the line's inner squares (its two ends left out), the index into the line's table.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct LineIndex {
    pub shift: u32,
    pub mask: u32,
}

/// The renumbering of each kind: `POSITIONS[kind][square]`, the square's bit in that kind's
/// board.
pub static POSITIONS: CacheAligned<[[u8; 64]; 4]> = CacheAligned(positions());
/// `INDEXES[square][kind]`.
pub static INDEXES: CacheAligned<[[LineIndex; 4]; 64]> = CacheAligned(indexes());
/// `ATTACKS[kind][square][inner]`: the attacks along the line.
pub static ATTACKS: PageAligned<[[[Bitboard; 64]; 64]; 4]> = PageAligned(attacks());

/// Every table, counted for both pieces (each reads the ranks' or the diagonals' half).
pub const TABLE_BYTES: Footprint = Footprint::same(
    core::mem::size_of::<[[[Bitboard; 64]; 64]; 4]>() / 2
        + core::mem::size_of::<[[LineIndex; 4]; 64]>()
        + core::mem::size_of::<[[u8; 64]; 4]>(),
);

/// The opposite direction.
const fn down(up: Direction) -> Direction {
    Direction::ALL[up.index() + 4]
}

/// The squares of `square`'s line of `kind`, lowest first, and `square`'s index among them.
const fn line_of(square: u32, up: Direction) -> ([u32; 8], usize, usize) {
    // Every `down` here is a negative direction: the ray's lowest square is its farthest.
    let below = ray(square, down(up));
    let first = if below == 0 {
        square
    } else {
        below.trailing_zeros()
    };
    let mut squares = [0; 8];
    let mut len = 0;
    let mut at = 0;
    let mut rest = (1u64 << first) | ray(first, up);
    while rest != 0 {
        let s = rest.trailing_zeros();
        if s == square {
            at = len;
        }
        squares[len] = s;
        len += 1;
        rest &= rest - 1;
    }
    (squares, len, at)
}

/// The bit of each square in each kind's board: lines one after another, in the order of their
/// lowest squares, each line's squares lowest first.
const fn positions() -> [[u8; 64]; 4] {
    let mut positions = [[0; 64]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut next = 0;
        let mut square = 0;
        while square < 64 {
            let (squares, len, at) = line_of(square, KINDS[kind]);
            if at == 0 {
                let mut i = 0;
                while i < len {
                    positions[kind][squares[i] as usize] = (next + i) as u8;
                    i += 1;
                }
                next += len;
            }
            square += 1;
        }
        kind += 1;
    }
    positions
}

const fn indexes() -> [[LineIndex; 4]; 64] {
    let positions = positions();
    let mut indexes = [[LineIndex { shift: 0, mask: 0 }; 4]; 64];
    let mut square = 0;
    while square < 64 {
        let mut kind = 0;
        while kind < 4 {
            let (squares, len, _) = line_of(square as u32, KINDS[kind]);
            if len > 2 {
                indexes[square][kind] = LineIndex {
                    shift: positions[kind][squares[0] as usize] as u32 + 1,
                    mask: (1 << (len - 2)) - 1,
                };
            }
            kind += 1;
        }
        square += 1;
    }
    indexes
}

const fn attacks() -> [[[Bitboard; 64]; 64]; 4] {
    let mut table = [[[Bitboard::EMPTY; 64]; 64]; 4];
    let mut kind = 0;
    while kind < 4 {
        let up = KINDS[kind];
        let mut square = 0;
        while square < 64 {
            let (squares, len, _) = line_of(square, up);
            let inner = if len > 2 { 1 << (len - 2) } else { 1 };
            let mut subset = 0;
            while subset < inner {
                let mut occupied = 0u64;
                let mut i = 0;
                while i + 2 < len {
                    if subset >> i & 1 != 0 {
                        occupied |= 1 << squares[i + 1];
                    }
                    i += 1;
                }
                let attacks =
                    ray_attacks(square, up, occupied) | ray_attacks(square, down(up), occupied);
                table[kind][square as usize][subset] = Bitboard(attacks);
                subset += 1;
            }
            square += 1;
        }
        kind += 1;
    }
    table
}

/// The file, diagonal and anti-diagonal boards of `occupied`.
fn rotate(occupied: u64) -> [u64; 3] {
    let positions = &POSITIONS.0;
    let mut boards = [0; 3];
    let mut rest = occupied;
    while rest != 0 {
        let square = rest.trailing_zeros() as usize;
        for (board, kind) in boards.iter_mut().zip(&positions[1..]) {
            *board |= 1 << kind[square];
        }
        rest &= rest - 1;
    }
    boards
}

thread_local! {
    /// The last occupancy asked about on this thread and its rotated boards.
    static LAST: Cell<(u64, [u64; 3])> = const { Cell::new((0, [0; 3])) };
}

/// The rotated boards of `occupied`: kept from the last query if it had the same occupancy.
#[inline(always)]
fn rotated(occupied: u64) -> [u64; 3] {
    LAST.with(|last| {
        let (kept, boards) = last.get();
        if kept == occupied {
            return boards;
        }
        let boards = rotate(occupied);
        last.set((occupied, boards));
        boards
    })
}

/// The attacks along `square`'s line of `kind`, given that kind's board.
#[inline(always)]
fn line(kind: usize, square: Square, board: u64) -> u64 {
    let index = INDEXES.0[square as usize][kind];
    let inner = (board >> index.shift) as usize & index.mask as usize;
    ATTACKS.0[kind][square as usize][inner & 63].0
}

/// Rotated bitboards. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rotated;

impl Slider for Rotated {
    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        let [files, _, _] = rotated(occupied.0);
        Bitboard(line(0, square, occupied.0) | line(1, square, files))
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        let [_, diagonals, anti_diagonals] = rotated(occupied.0);
        Bitboard(line(2, square, diagonals) | line(3, square, anti_diagonals))
    }

    /// The kept boards read once for both pieces' lines.
    #[inline(always)]
    fn queen(self, square: Square, occupied: Bitboard) -> Bitboard {
        let [files, diagonals, anti_diagonals] = rotated(occupied.0);
        let rook = line(0, square, occupied.0) | line(1, square, files);
        Bitboard(rook | line(2, square, diagonals) | line(3, square, anti_diagonals))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_renumbers_the_board_one_to_one() {
        for kind in POSITIONS.0 {
            let seen = kind.iter().fold(0u64, |seen, &p| seen | 1 << p);
            assert_eq!(seen, u64::MAX);
        }
        assert_eq!(rotate(u64::MAX), [u64::MAX; 3]);
    }
}
