//! Lines: the squares strictly between two squares ([`between`], Stockfish's `BetweenBB` as a
//! walk), the empty-board lines of a rook and a bishop (`ROOK_LINES[sq]`, `BISHOP_LINES[sq]`,
//! Robert Hyatt's check in seed `000_25ad13ed25e2ec35.txt` § By all Pieces), and the 0x88
//! difference of two squares ([`x88diff`], seed `000_25ad13ed25e2ec35.txt` § 0x88 Difference),
//! the index of the 0x88 tables of the in-between and attacked-by-piece families.
//!
//! [`between`] walks square by square: it is for checks off the hot path (a FEN's validity,
//! the in-between family's reference); the in-between family's variants are the fast ways.
//! [`DIAGONALS`] holds a square's diagonal and anti-diagonal apart (the kindergarten masks).
//! Footprint: the two line tables 512 B each, [`DIAGONALS`] 1 KiB, built by `const fn`. CPU
//! features: none.

use super::rays::{bishop_rays, ray, rook_rays, Direction};
use crate::board::aligned::{CacheAligned, PageAligned};
use crate::board::bitboard::Bitboard;
use crate::board::square::Square;

/// `ROOK_LINES[sq]`: the squares a rook on `sq` attacks on an empty board (its rank and file,
/// `sq` excluded).
pub static ROOK_LINES: CacheAligned<[Bitboard; 64]> = CacheAligned(lines(true));

/// `BISHOP_LINES[sq]`: the squares a bishop on `sq` attacks on an empty board (its two
/// diagonals, `sq` excluded).
pub static BISHOP_LINES: CacheAligned<[Bitboard; 64]> = CacheAligned(lines(false));

/// Bytes of [`ROOK_LINES`] (and of [`BISHOP_LINES`]).
pub const LINES_BYTES: usize = core::mem::size_of::<[Bitboard; 64]>();

/// `DIAGONALS[square]`: the diagonal and the anti-diagonal through `square`, `square` left
/// out.
pub static DIAGONALS: CacheAligned<[[u64; 2]; 64]> = CacheAligned(build_diagonals());

/// `BETWEEN[a][b]` = the squares strictly between `a` and `b`, as [`between`] walks them (the
/// in-between family's `rectangular` technique, Stockfish's `BetweenBB`); page-aligned, so it
/// spans exactly eight pages. 32 KiB.
pub static BETWEEN: PageAligned<[[Bitboard; 64]; 64]> = PageAligned(build_between());

/// Bytes of [`BETWEEN`].
pub const BETWEEN_BYTES: usize = core::mem::size_of::<[[Bitboard; 64]; 64]>();

/// The 0x88 difference of two squares, offset into 1..=239.
#[inline(always)]
pub const fn x88diff(from: Square, to: Square) -> usize {
    let (f, t) = (from as u32, to as u32);
    (t + (t | 7) + 120 - f - (f | 7)) as usize
}

/// The eight ray directions as (file, rank) steps.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// Fills the table by casting the eight rays from every square: each square reached gets the
/// squares passed on the way (a different construction from [`between`]'s per-pair walk).
const fn build_between() -> [[Bitboard; 64]; 64] {
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < DIRECTIONS.len() {
            let (df, dr) = DIRECTIONS[d];
            let mut passed = 0u64;
            let mut square = Square::from_index_masked(from as u8).offset(df, dr);
            while let Some(to) = square {
                table[from][to as usize] = Bitboard(passed);
                passed |= 1 << to as u32;
                square = to.offset(df, dr);
            }
            d += 1;
        }
        from += 1;
    }
    table
}

const fn build_diagonals() -> [[u64; 2]; 64] {
    let mut table = [[0; 2]; 64];
    let mut square = 0;
    while square < 64 {
        table[square as usize] = [
            ray(square, Direction::NorthEast) | ray(square, Direction::SouthWest),
            ray(square, Direction::NorthWest) | ray(square, Direction::SouthEast),
        ];
        square += 1;
    }
    table
}

/// The rook's lines of every square, or the bishop's.
const fn lines(rook: bool) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut square = 0;
    while square < 64 {
        table[square as usize] = Bitboard(if rook {
            rook_rays(square)
        } else {
            bishop_rays(square)
        });
        square += 1;
    }
    table
}

/// The squares strictly between `a` and `b` on a common rank, file, diagonal or anti-diagonal;
/// empty otherwise: when `a == b`, when the two are neighbours, and when they share no line.
/// Symmetric.
pub fn between(a: Square, b: Square) -> Bitboard {
    let files = b.file() as i32 - a.file() as i32;
    let ranks = b.rank() as i32 - a.rank() as i32;
    let on_a_line = files == 0 || ranks == 0 || files.abs() == ranks.abs();
    if a == b || !on_a_line {
        return Bitboard::EMPTY;
    }
    let step = (files.signum(), ranks.signum());
    let mut set = Bitboard::EMPTY;
    let mut square = a
        .offset(step.0, step.1)
        .expect("b lies further along the ray");
    while square != b {
        set |= Bitboard::from_square(square);
        square = square
            .offset(step.0, step.1)
            .expect("b lies further along the ray");
    }
    set
}
