//! Split PEXT: two small PEXT tables per square instead of one, a line each. `pext` of the
//! occupancy by one line's relevant squares (at most six) indexes that line's 64-entry slice,
//! and the two lines' attacks are ORed.
//!
//! Source: new (not in the seeds); chessprogramming, "BMI2" § PEXT Bitboards, split per line
//! as in the "Split Pext" entry of the talkchess thread of Gigantua's slider benchmark
//! (<http://www.talkchess.com/forum3/viewtopic.php?f=7&t=79005>). Footprint: per piece two
//! tables of 64 × 64 entries (32 KiB each) and 64 pairs of masks (1 KiB): 65 KiB, against
//! `pext`'s 805 KiB for the rook; only the first `2^bits` entries of a slice are read, so the
//! bishop touches far less. CPU features: BMI2 (x86-64 only; `pext` is fast on Intel and on
//! AMD from Zen 3, microcoded and slow on Zen 1 and 2, twice per query here).
//!
//! The `#[target_feature]` code is reachable only through [`SplitPext`], which holds the
//! [`Bmi2`] token.

use super::tables::{BISHOP_LINES, ROOK_LINES};

use crate::aligned::{CacheAligned, PageAligned};
use crate::cpu::Bmi2;
use crate::geometry::{extract_bits, ray_attacks, relevant_ray, Direction, Footprint};
use crate::{Bitboard, Square};
use core::arch::x86_64::_pext_u64;

/// A line's slices: `[square][pext(occupied, mask)]`.
pub type LineTable = [[Bitboard; 64]; 64];

/// The two lines' relevant masks of each square.
pub static ROOK_MASKS: CacheAligned<[[u64; 2]; 64]> = CacheAligned(masks(ROOK_LINES));
/// See [`ROOK_MASKS`].
pub static BISHOP_MASKS: CacheAligned<[[u64; 2]; 64]> = CacheAligned(masks(BISHOP_LINES));

/// The rook's file and rank tables.
pub static ROOK_TABLES: PageAligned<[LineTable; 2]> =
    PageAligned([table(ROOK_LINES[0]), table(ROOK_LINES[1])]);
/// The bishop's diagonal and anti-diagonal tables.
pub static BISHOP_TABLES: PageAligned<[LineTable; 2]> =
    PageAligned([table(BISHOP_LINES[0]), table(BISHOP_LINES[1])]);

/// Two line tables and the masks, per piece.
pub const TABLE_BYTES: Footprint = super::tables::SPLIT_PEXT_TABLE_BYTES;

const _: () = assert!(
    TABLE_BYTES.rook
        == core::mem::size_of::<[LineTable; 2]>() + core::mem::size_of::<[[u64; 2]; 64]>()
);

/// The relevant squares of the line along `up` (and its opposite) through `square`.
const fn line_mask(square: u32, up: Direction) -> u64 {
    relevant_ray(square, up) | relevant_ray(square, Direction::ALL[up.index() + 4])
}

const fn masks(lines: [Direction; 2]) -> [[u64; 2]; 64] {
    let mut masks = [[0; 2]; 64];
    let mut square = 0;
    while square < 64 {
        masks[square] = [
            line_mask(square as u32, lines[0]),
            line_mask(square as u32, lines[1]),
        ];
        square += 1;
    }
    masks
}

/// Every subset of each square's relevant line squares, at its `pext` index.
const fn table(up: Direction) -> LineTable {
    let down = Direction::ALL[up.index() + 4];
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let mut square = 0;
    while square < 64 {
        let mask = line_mask(square, up);
        let mut subset = 0u64;
        loop {
            let attacks = ray_attacks(square, up, subset) | ray_attacks(square, down, subset);
            table[square as usize][extract_bits(subset, mask) as usize] = Bitboard(attacks);
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        square += 1;
    }
    table
}

#[target_feature(enable = "bmi2")]
#[inline]
fn lookup(
    masks: &[[u64; 2]; 64],
    tables: &[LineTable; 2],
    square: Square,
    occupied: Bitboard,
) -> Bitboard {
    let [a, b] = masks[square as usize];
    // `pext` by a mask of at most six bits is below 64, so both indexes are in bounds (and
    // the compiler sees it through the `& 63`, which costs nothing after `pext`).
    let first = tables[0][square as usize][(_pext_u64(occupied.0, a) & 63) as usize];
    let second = tables[1][square as usize][(_pext_u64(occupied.0, b) & 63) as usize];
    first | second
}

#[target_feature(enable = "bmi2")]
#[inline]
fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    lookup(&ROOK_MASKS.0, &ROOK_TABLES.0, square, occupied)
}

#[target_feature(enable = "bmi2")]
#[inline]
fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    lookup(&BISHOP_MASKS.0, &BISHOP_TABLES.0, square, occupied)
}

super::held::feature_slider! {
    /// Split PEXT bitboards. Holds the BMI2 token.
    pub struct SplitPext(Bmi2): "bmi2";
}
