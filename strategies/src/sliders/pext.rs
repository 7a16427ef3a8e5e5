//! PEXT bitboards: BMI2's `pext` packs the relevant occupancy into the low bits, which index
//! the square's slice of a table laid out like the fancy magic one (`2^bits` entries per
//! square and a 64-byte gap, in the same order of squares).
//!
//! Source: new (not in the seeds); chessprogramming, "BMI2" § PEXT Bitboards. Footprint: rook
//! 102,400 entries (800 KiB, with 4 KiB of gaps) and 64 entries of 16 bytes (1 KiB); bishop
//! 5,248 entries (41 KiB, with 4 KiB of gaps) and 1 KiB. CPU features: BMI2 (x86-64 only; `pext` is fast on Intel and on AMD
//! from Zen 3, microcoded and slow on Zen 1 and 2).
//!
//! No magic number and no search: `pext` is a perfect hash by construction, and the index of
//! a subset is its rank in the order the carry-rippler enumerates subsets.
//!
//! The `#[target_feature]` code is reachable only through [`Pext`], which holds the
//! [`Bmi2`] token. A single query is a call (a `bmi2` function is not inlined into code
//! compiled without it); the batch methods run the whole loop inside one `bmi2` function.

use super::tables::{self, Hash, BISHOP_LINES, BISHOP_TABLE_LEN, ROOK_LINES, ROOK_TABLE_LEN};

use crate::aligned::{CacheAligned, PageAligned};
use crate::cpu::Bmi2;
use crate::geometry::{relevant, Direction};
use crate::{Bitboard, Square};
use core::arch::x86_64::_pext_u64;

/// One square's slice: `offset + pext(occupied, mask)`.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(16))]
pub struct PextEntry {
    pub mask: u64,
    pub offset: u64,
}

/// The attack table and the entries of each piece.
pub const TABLE_BYTES: crate::geometry::Footprint = tables::PEXT_TABLE_BYTES;

const ROOK_TABLE: [PextEntry; 64] = entries(Direction::ROOK);
const BISHOP_TABLE: [PextEntry; 64] = entries(Direction::BISHOP);

/// `ROOK_ENTRIES[square]`.
pub static ROOK_ENTRIES: CacheAligned<[PextEntry; 64]> = CacheAligned(ROOK_TABLE);
/// `BISHOP_ENTRIES[square]`.
pub static BISHOP_ENTRIES: CacheAligned<[PextEntry; 64]> = CacheAligned(BISHOP_TABLE);

/// The rook's attack table.
pub static ROOK_ATTACKS: PageAligned<[Bitboard; ROOK_TABLE_LEN]> =
    PageAligned(attacks(&ROOK_TABLE, ROOK_LINES));
/// The bishop's attack table.
pub static BISHOP_ATTACKS: PageAligned<[Bitboard; BISHOP_TABLE_LEN]> =
    PageAligned(attacks(&BISHOP_TABLE, BISHOP_LINES));

const fn entries(directions: [Direction; 4]) -> [PextEntry; 64] {
    let mut entries = [PextEntry { mask: 0, offset: 0 }; 64];
    let offsets = tables::slice_offsets(directions);
    let mut square = 0;
    while square < 64 {
        let mask = relevant(square as u32, directions);
        let offset = offsets[square] as u64;
        entries[square] = PextEntry { mask, offset };
        square += 1;
    }
    entries
}

const fn attacks<const N: usize>(
    entries: &[PextEntry; 64],
    lines: [Direction; 2],
) -> [Bitboard; N] {
    let mut table = [Bitboard::EMPTY; N];
    let mut square = 0;
    while square < 64 {
        let PextEntry { mask, offset } = entries[square];
        tables::fill(
            &mut table,
            square as u32,
            lines,
            mask,
            offset as usize,
            Hash::Pext,
        );
        square += 1;
    }
    table
}

#[target_feature(enable = "bmi2")]
#[inline]
fn lookup<const N: usize>(
    entries: &[PextEntry; 64],
    table: &[Bitboard; N],
    square: Square,
    occupied: Bitboard,
) -> Bitboard {
    let entry = &entries[square as usize];
    let index = entry.offset as usize + _pext_u64(occupied.0, entry.mask) as usize;
    // SAFETY: `pext` by `mask` is below `2^bits`, and the slice `offset..offset + 2^bits`
    // was written in full by `tables::fill` in const evaluation, which rejects an index
    // past the end; so `index < N`.
    unsafe { *table.get_unchecked(index) }
}

#[target_feature(enable = "bmi2")]
#[inline]
fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    lookup(&ROOK_ENTRIES.0, &ROOK_ATTACKS.0, square, occupied)
}

#[target_feature(enable = "bmi2")]
#[inline]
fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    lookup(&BISHOP_ENTRIES.0, &BISHOP_ATTACKS.0, square, occupied)
}

super::held::feature_slider! {
    /// PEXT bitboards. Holds the BMI2 token.
    pub struct Pext(Bmi2): "bmi2";
}
